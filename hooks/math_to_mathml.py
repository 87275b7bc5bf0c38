"""Math as MathML at build time, set in a real math font; no page loads a script for math.

* Markdown pages: the Python-Markdown extension in hooks/latex_to_mathml.py converts what
  pymdownx.arithmatex (generic mode) finds. The build plugin registers it once and tells it,
  for each page, the page's name for warnings and the accessible name of a display equation's box
  in the page's language.
* Notebook pages do not go through Python-Markdown (mkdocs-jupyter renders them): nbconvert keeps
  ``$...$`` and ``$$...$$`` of Markdown cells as text, and this module converts them with the same
  ``to_mathml``, in the Markdown cells only, never in code or outputs. A ``$`` opens inline math
  only when a non-space follows it and closes it only when a non-space precedes it and no digit
  follows (Pandoc's rule), so "costs $5 and $6" stays text.
* The font: after the whole site is built (every language), STIX Two Math is cut down to the
  characters the formulas of all pages draw (hooks/math_font.py) and written as
  ``assets/fonts/stix-two-math.woff2``, with ``assets/stylesheets/math.css`` (hooks/assets/math.css)
  naming it for ``math``. Each page with math links the stylesheet and preloads the font. A
  formula that uses a character the font does not have is a WARNING naming the page, so
  ``mkdocs build --strict`` fails instead of drawing it in whatever font the reader has.

Anything latex2mathml cannot convert is a build WARNING naming the page and the formula.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Mapping
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from hooks import font_files, math_font
from hooks.core.languages import SOURCE, language
from hooks.i18n_state import languages
from hooks.latex_to_mathml import LatexToMathML, MathError, glue_punctuation, math_box, to_mathml

log = logging.getLogger("mkdocs.hooks.math_to_mathml")

STYLESHEET_SOURCE = Path(__file__).parent / "assets" / "math.css"
STYLESHEET = "assets/stylesheets/math.css"
FONT = "assets/fonts/stix-two-math.woff2"  # math.css names it relative to itself

NOTEBOOK_MARKDOWN = re.compile(r'<div class="[^"]*\bjp-RenderedMarkdown\b[^"]*"[^>]*>')
DISPLAY_DOLLARS = re.compile(r"\$\$(?P<tex>.+?)\$\$", re.S)
INLINE_DOLLAR = re.compile(r"(?<![\\$])\$(?=[^\s$])(?P<tex>(?:[^$\\]|\\.)+?)(?<=[^\s\\])\$(?!\d)", re.S)
TAG = re.compile(r"<[^>]+>")
CODE_TAGS = ("code", "pre", "script", "style")


def equation_label(config: MkDocsConfig) -> str:
    """The accessible name of a display equation's box, in the language being built."""
    current, default = languages(config)  # its box scrolls when the formula is too wide
    return language(current or default or SOURCE).words["equation"]


def for_page(extension: LatexToMathML, page: Page, config: MkDocsConfig) -> None:
    """Tell the Markdown extension which page it converts next (for warnings) and its language."""
    extension.setConfig("where", page.file.src_uri)
    extension.setConfig("label", equation_label(config))


# -- notebook pages ---------------------------------------------------------------------------


def _matching_div_end(content: str, start: int) -> int:
    """Index just past the </div> that closes the <div> opened at ``start``."""
    depth = 0
    for tag in re.finditer(r"<(/?)div\b[^>]*>", content[start:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return start + tag.end()
    return len(content)


def _convert_dollars(text: str, where: str, label: str) -> str:
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
                    out.append(_replace_dollars("".join(buffer), where, label))
                    buffer = []
                inside_code += -1 if piece.startswith("</") else 1
                out.append(piece)
                continue
            (out if inside_code else buffer).append(piece)
        else:
            (out if inside_code else buffer).append(piece)
    out.append(_replace_dollars("".join(buffer), where, label))
    return "".join(out)


def _replace_dollars(text: str, where: str, label: str) -> str:
    def convert(match: re.Match, tex: str, display: bool) -> str:
        try:
            mathml = to_mathml(tex, display)
        except MathError as error:
            log.warning(f"{where}: {error}")
            return match.group(0)
        # a span: nbconvert leaves $$...$$ inside a <p>; math.css makes a display equation's box a block
        return math_box("span", mathml, display, label)

    def display(match: re.Match) -> str:
        return convert(match, html.unescape(TAG.sub("", match["tex"])), True)

    def inline(match: re.Match) -> str:
        if "<" in match["tex"]:  # crosses markup: not a formula nbconvert kept whole
            return match.group(0)
        return convert(match, html.unescape(match["tex"]), False)

    text = DISPLAY_DOLLARS.sub(display, text)
    return INLINE_DOLLAR.sub(inline, text)


def _convert_notebook_markdown(content: str, where: str, label: str) -> str:
    out, position = [], 0
    for match in NOTEBOOK_MARKDOWN.finditer(content):
        if match.start() < position:
            continue
        end = _matching_div_end(content, match.start())
        out.append(content[position : match.end()])
        out.append(_convert_dollars(content[match.end() : end], where, label))
        position = end
    out.append(content[position:])
    return "".join(out)


def convert_notebook_math(html_content: str, page: Page, config: MkDocsConfig) -> str:
    """A notebook page's formulas (in its Markdown cells) as MathML."""
    label = equation_label(config)
    return glue_punctuation(_convert_notebook_markdown(html_content, page.file.src_uri, label))


# -- the font and its stylesheet --------------------------------------------------------------


def link_font(output: str, page: Page) -> str:
    """A page with math links the math stylesheet and preloads the font."""
    if "<math" not in output:
        return output
    links = (
        f'<link rel="preload" href="{get_relative_url(FONT, page.url)}" as="font" type="font/woff2" crossorigin>\n'
        f'<link rel="stylesheet" href="{get_relative_url(STYLESHEET, page.url)}">\n'
    )
    return output.replace("</head>", links + "</head>", 1)


def write_font(characters: Mapping[str, frozenset[str]], site: Path, cache: Path) -> None:
    """The font cut down to what the formulas of every page (``characters``, by page) draw, and
    its stylesheet; a character the font lacks is a warning naming the page. The cut is kept in
    the folder ``cache`` (``font_files.cut``)."""
    if not any(characters.values()):
        return
    font = math_font.font_path()
    available = font_files.covered(font)
    for problem in math_font.missing_glyphs(characters, available):
        log.warning(problem)
    wanted = set().union(*characters.values()) & available
    data = font_files.cut(font, wanted, cache)
    for relative, content in ((FONT, data), (STYLESHEET, STYLESHEET_SOURCE.read_bytes())):
        target = site / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    log.info(f"math font: {math_font.FAMILY}, {len(wanted)} characters, {len(data) // 1024} KB ({FONT})")
