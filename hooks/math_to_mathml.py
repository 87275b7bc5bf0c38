"""Math as MathML at build time, set in a real math font; no page loads a script for math.

* Markdown pages: the Python-Markdown extension in hooks/latex_to_mathml.py converts what
  pymdownx.arithmatex (generic mode) finds. This hook registers it (``on_config``) and tells it,
  for each page, the page's name for warnings and the accessible name of a display equation's box
  in the page's language.
* Notebook pages do not go through Python-Markdown (mkdocs-jupyter renders them): nbconvert keeps
  ``$...$`` and ``$$...$$`` of Markdown cells as text, and this hook converts them with the same
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
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from hooks import math_font
from hooks.i18n_state import languages, whole_site_built
from hooks.latex_to_mathml import LatexToMathML, MathError, glue_punctuation, math_box, to_mathml

log = logging.getLogger("mkdocs.hooks.math_to_mathml")

STYLESHEET_SOURCE = Path(__file__).parent / "assets" / "math.css"
STYLESHEET = "assets/stylesheets/math.css"
FONT = "assets/fonts/stix-two-math.woff2"  # math.css names it relative to itself
# the accessible name of a display equation's box (it scrolls when the formula is too wide)
EQUATION_LABELS = {"en": "Equation", "zh": "公式", "ko": "수식", "pl": "Równanie"}

NOTEBOOK_MARKDOWN = re.compile(r'<div class="[^"]*\bjp-RenderedMarkdown\b[^"]*"[^>]*>')
DISPLAY_DOLLARS = re.compile(r"\$\$(?P<tex>.+?)\$\$", re.S)
INLINE_DOLLAR = re.compile(r"(?<![\\$])\$(?=[^\s$])(?P<tex>(?:[^$\\]|\\.)+?)(?<=[^\s\\])\$(?!\d)", re.S)
TAG = re.compile(r"<[^>]+>")
CODE_TAGS = ("code", "pre", "script", "style")

_extension = LatexToMathML()
_characters: dict[str, set[str]] = {}  # what each page's formulas draw, by source file


def on_config(config: MkDocsConfig, /) -> MkDocsConfig:
    if _extension not in config.markdown_extensions:
        config.markdown_extensions.append(_extension)
    return config


def _label(config: MkDocsConfig) -> str:
    current, default = languages(config)
    return EQUATION_LABELS.get(current or default or "en", EQUATION_LABELS["en"])


def on_page_markdown(markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    _extension.setConfig("where", page.file.src_uri)
    _extension.setConfig("label", _label(config))
    return markdown


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


def on_page_content(html_content: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    if page.file.src_uri.endswith(".ipynb"):
        html_content = glue_punctuation(_convert_notebook_markdown(html_content, page.file.src_uri, _label(config)))
    _characters[page.file.src_uri] = math_font.characters(html_content)
    return html_content


# -- the font and its stylesheet --------------------------------------------------------------


def on_post_page(output: str, /, *, page: Page, config: MkDocsConfig) -> str:
    if "<math" not in output:
        return output
    links = (
        f'<link rel="preload" href="{get_relative_url(FONT, page.url)}" as="font" type="font/woff2" crossorigin>\n'
        f'<link rel="stylesheet" href="{get_relative_url(STYLESHEET, page.url)}">\n'
    )
    return output.replace("</head>", links + "</head>", 1)


@event_priority(-200)  # after mkdocs-static-i18n (-100) has built every other language
def on_post_build(*, config: MkDocsConfig) -> None:
    if not whole_site_built(config) or not any(_characters.values()):
        return
    font = math_font.font_path()
    available = math_font.covered(font)
    for problem in math_font.missing_glyphs(_characters, available):
        log.warning(problem)
    wanted = set().union(*_characters.values()) & available
    data = math_font.subset_woff2(font, wanted)  # a fraction of a second
    site = Path(config.site_dir)
    for relative, content in ((FONT, data), (STYLESHEET, STYLESHEET_SOURCE.read_bytes())):
        target = site / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
    log.info(f"math font: {math_font.FAMILY}, {len(wanted)} characters, {len(data) // 1024} KB ({FONT})")
