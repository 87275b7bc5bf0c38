"""Render math as MathML at build time, so no page loads MathJax or KaTeX from anywhere.

* Markdown pages: pymdownx.arithmatex (generic mode) leaves ``<span class="arithmatex">\\(...\\)</span>``
  and ``<div class="arithmatex">\\[...\\]</div>``, HTML-escaped; the LaTeX inside becomes MathML.
* Notebook pages: nbconvert keeps ``$...$`` and ``$$...$$`` of Markdown cells as text (for
  MathJax, which this site does not load); the same conversion runs on the Markdown cells only,
  never on code or outputs. A ``$`` opens inline math only when a non-space follows it and closes
  it only when a non-space precedes it and no digit follows (Pandoc's rule), so "costs $5 and
  $6" stays text.

Anything latex2mathml cannot convert (an unknown command comes back as text such as
``<mi>\\foo</mi>``) is a build WARNING naming the page and the formula, so ``mkdocs build
--strict`` fails instead of showing readers raw LaTeX.
"""

from __future__ import annotations

import html
import logging
import re

from latex2mathml.converter import convert
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

log = logging.getLogger("mkdocs.hooks.math_to_mathml")

ARITHMATEX = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*(?P<open>\\\(|\\\[)(?P<tex>.*?)(?:\\\)|\\\])\s*</(?P=tag)>',
    re.S,
)
# What latex2mathml leaves behind when it does not know a command or an environment
UNCONVERTED = re.compile(r">[^<]*(\\[A-Za-z]+|&(?![#A-Za-z0-9]+;))[^<]*<")
# \cos m\theta: latex2mathml writes <mi>cos</mi><mi>m</mi>, which browsers set with no space
# between; TeX puts a thin space between a function name and its argument (not before "(").
FUNCTION_THEN_ARGUMENT = re.compile(
    r"(<mi>(?:sin|cos|tan|cot|sec|csc|sinh|cosh|tanh|arcsin|arccos|arctan|log|ln|lg|exp|arg|det|dim|ker|deg|gcd|Pr)</mi>)"
    r"(?=<(?:mi|mn|msub|msup|msubsup|mfrac|mover|msqrt)[ >])"
)
THIN_SPACE = '<mo>&#x02061;</mo><mspace width="0.1667em"></mspace>'
# latex2mathml knows align* but not aligned; both lay out the same rows inside display math
ENVIRONMENT_ALIASES = {r"\begin{aligned}": r"\begin{align*}", r"\end{aligned}": r"\end{align*}"}

NOTEBOOK_MARKDOWN = re.compile(r'<div class="[^"]*\bjp-RenderedMarkdown\b[^"]*"[^>]*>')
DISPLAY_DOLLARS = re.compile(r"\$\$(?P<tex>.+?)\$\$", re.S)
INLINE_DOLLAR = re.compile(r"(?<![\\$])\$(?=[^\s$])(?P<tex>(?:[^$\\]|\\.)+?)(?<=[^\s\\])\$(?!\d)", re.S)
TAG = re.compile(r"<[^>]+>")
CODE_TAGS = ("code", "pre", "script", "style")


def to_mathml(tex: str, display: bool, where: str) -> str | None:
    """MathML for one formula, or None (after a WARNING) if it cannot be converted faithfully."""
    source = tex.strip()
    for alias, known in ENVIRONMENT_ALIASES.items():
        source = source.replace(alias, known)
    try:
        mathml = convert(source, display="block" if display else "inline")
    except Exception as error:  # latex2mathml raises many exception types for bad input
        log.warning(f"{where}: cannot convert math to MathML ({error}): {tex.strip()}")
        return None
    bad = UNCONVERTED.search(mathml)
    if bad:
        log.warning(f"{where}: math uses {bad.group(1)!r}, which latex2mathml does not support: {tex.strip()}")
        return None
    mathml = FUNCTION_THEN_ARGUMENT.sub(lambda m: m[1] + THIN_SPACE, mathml)
    # the LaTeX source, for copy and paste and for screen readers that prefer it; Material's search
    # indexes the rendered formula, not this (it drops the attribute after indexing)
    annotation = (
        f'<annotation encoding="application/x-tex" data-search-exclude="1">{html.escape(tex.strip())}</annotation>'
    )
    return re.sub(
        r"(<math[^>]*>)(.*)(</math>)",
        lambda m: f"{m[1]}<semantics>{m[2]}{annotation}</semantics>{m[3]}",
        mathml,
        flags=re.S,
    )


def _convert_arithmatex(content: str, where: str) -> str:
    def replace(match: re.Match) -> str:
        display = match["open"] == "\\["
        mathml = to_mathml(html.unescape(match["tex"]), display, where)
        if mathml is None:
            return match.group(0)
        return f'<{match["tag"]} class="arithmatex">{mathml}</{match["tag"]}>'

    return ARITHMATEX.sub(replace, content)


def _matching_div_end(content: str, start: int) -> int:
    """Index just past the </div> that closes the <div> opened at ``start``."""
    depth = 0
    for tag in re.finditer(r"<(/?)div\b[^>]*>", content[start:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return start + tag.end()
    return len(content)


def _convert_dollars(text: str, where: str) -> str:
    """Math in the text of one Markdown cell, skipping anything inside code."""
    pieces = re.split(r"(<[^>]+>)", text)
    # join runs of text outside code, so a formula spanning a line break stays whole
    out: list[str] = []
    buffer: list[str] = []
    inside_code = 0
    for piece in pieces:
        if piece.startswith("<"):
            tag = re.match(r"</?\s*([a-zA-Z0-9]+)", piece)
            name = tag.group(1).lower() if tag else ""
            if name in CODE_TAGS:
                if not inside_code:
                    out.append(_replace_dollars("".join(buffer), where))
                    buffer = []
                inside_code += -1 if piece.startswith("</") else 1
                out.append(piece)
                continue
            (out if inside_code else buffer).append(piece)
        else:
            (out if inside_code else buffer).append(piece)
    out.append(_replace_dollars("".join(buffer), where))
    return "".join(out)


def _replace_dollars(text: str, where: str) -> str:
    def display(match: re.Match) -> str:
        tex = html.unescape(TAG.sub("", match["tex"]))
        mathml = to_mathml(tex, True, where)
        # a span: nbconvert leaves $$...$$ inside a <p>, and <math display="block"> is a block anyway
        return match.group(0) if mathml is None else f'<span class="arithmatex">{mathml}</span>'

    def inline(match: re.Match) -> str:
        if "<" in match["tex"]:  # crosses markup: not a formula nbconvert kept whole
            return match.group(0)
        mathml = to_mathml(html.unescape(match["tex"]), False, where)
        return match.group(0) if mathml is None else f'<span class="arithmatex">{mathml}</span>'

    text = DISPLAY_DOLLARS.sub(display, text)
    return INLINE_DOLLAR.sub(inline, text)


def _convert_notebook_markdown(content: str, where: str) -> str:
    out, position = [], 0
    for match in NOTEBOOK_MARKDOWN.finditer(content):
        if match.start() < position:
            continue
        end = _matching_div_end(content, match.start())
        out.append(content[position : match.end()])
        out.append(_convert_dollars(content[match.end() : end], where))
        position = end
    out.append(content[position:])
    return "".join(out)


def on_page_content(html_content: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    where = page.file.src_uri
    if page.file.src_uri.endswith(".ipynb"):
        html_content = _convert_notebook_markdown(html_content, where)
    return _convert_arithmatex(html_content, where)
