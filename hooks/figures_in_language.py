"""Figures in the page's language, as text the reader's browser sets in fonts the site serves.

* ``FiguresInLanguage``, a Python-Markdown extension, replaces a paragraph that holds only
  ``![alt](../assets/figures/x.svg)`` by the figure itself, inline: its texts translated for the
  page's language from ``docs/<language>/figure-labels.yml`` (hooks/core/figure_text.py), named by
  the alt text for screen readers. A text the table lacks is a WARNING naming the table, the page
  and the language (``mkdocs build --strict`` fails), and the figure shows it in English.
* ``inline_notebook_figures`` does the same for a notebook page's SVG outputs, named
  ``<notebook path>#<number>`` in the tables and, for screen readers, by their title.
* After the whole site is built, the fonts: DejaVu Sans, the font matplotlib laid the figures out
  with (so a label keeps its width), from the matplotlib package, and for the characters it lacks
  (Chinese, Korean) Noto Sans CJK SC from the mplfonts package, one file per language, each cut
  down to what that language's figures draw. ``assets/stylesheets/figures.css`` names them; each
  page with a figure links it. A character neither font has is a WARNING naming the language.
"""

from __future__ import annotations

import base64
import itertools
import logging
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from pathlib import Path

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from hooks import font_files
from hooks.core.figure_text import TABLE_NAME, FigureLabels, notebook_figure_name
from hooks.core.project import FIGURES_FOLDER

log = logging.getLogger("mkdocs.hooks.figures_in_language")

STYLESHEET = "assets/stylesheets/figures.css"
LATIN = ("matplotlib", "matplotlib/mpl-data/fonts/ttf/DejaVuSans.ttf", "DejaVu Sans", "figure-text.woff2")
CJK = ("mplfonts", "mplfonts/fonts/NotoSansCJKsc-Regular.otf", "Noto Sans CJK SC", "figure-text-{language}.woff2")
FONTS = "assets/fonts"
FIGURE_SRC = re.compile(r"(?:^|/)assets/figures/(?P<name>[^/]+\.svg)$")
NOTEBOOK_SVG = re.compile(r'<img\b[^>]*?\bsrc="data:image/svg\+xml;base64,(?P<data>[A-Za-z0-9+/=\s]+)"[^>]*>')


@dataclass
class FigureTexts:
    """The build's figures: the label tables, the page being converted, and what each language's
    figures draw (for the fonts)."""

    figures_dir: Path
    labels: FigureLabels
    language: str = ""
    page: str = ""
    characters: dict[str, set[str]] = field(default_factory=dict)

    def for_page(self, page: Page, language: str) -> None:
        self.page, self.language = page.file.src_uri, language

    def inline(self, name: str, alt: str) -> str | None:
        """The figure's markup in the current page's language; None when no such figure exists."""
        figure = self.figures_dir / name
        if not figure.is_file():
            return None  # MkDocs warns about the broken link itself
        return self.translated(figure.read_bytes(), name, alt)

    def translated(self, svg: bytes, name: str, alt: str | None) -> str:
        markup, missing = self.labels.in_language(svg, name, self.language, alt)
        table = self.labels.tables[self.language].path
        for text in missing:
            log.warning(
                f"{table.parent.parent.name}/{self.language}/{table.name} has no translation of {text!r}"
                f" in {name}, shown on {self.page}: it is shown in English"
            )
        drawn = self.characters.setdefault(self.language, set())
        drawn.update(char for text in etree.fromstring(markup).itertext() for char in text if not char.isspace())
        return markup


class _InlineFigures(Treeprocessor):
    def __init__(self, md: Markdown, texts: FigureTexts) -> None:
        super().__init__(md)
        self.texts = texts

    def run(self, root: etree.Element) -> None:
        for paragraph in root.iter("p"):
            if len(paragraph) != 1 or (paragraph.text or "").strip() or (paragraph[0].tail or "").strip():
                continue
            image = paragraph[0]
            match = FIGURE_SRC.search(image.get("src", "")) if image.tag == "img" else None
            markup = match and self.texts.inline(match["name"], image.get("alt", ""))
            if not markup:
                continue
            paragraph.remove(image)
            # stashed: Python-Markdown would serialize the SVG's namespaced tags as HTML
            paragraph.text = self.md.htmlStash.store(f'<figure class="guide-figure-box">{markup}</figure>')


class FiguresInLanguage(Extension):
    def __init__(self, texts: FigureTexts, **kwargs: object) -> None:
        self.texts = texts
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.treeprocessors.register(_InlineFigures(md, self.texts), "figures_in_language", -1)


def for_project(docs_dir: Path, languages: list[str]) -> FigureTexts:
    """The figures of ``docs_dir`` (in the first language's folder) and every language's table."""
    return FigureTexts(docs_dir / languages[0] / FIGURES_FOLDER, FigureLabels.read(docs_dir, languages))


def inline_notebook_figures(html: str, page: Page, texts: FigureTexts) -> str:
    """A notebook page's SVG outputs (nbconvert writes each as a ``data:`` image) inline, in the
    page's language; each is named by its title (``gid="title"``), a notebook having no alt text."""
    folder, _, inside = page.file.src_uri.partition("/")
    relative = inside if folder in texts.labels.languages else page.file.src_uri  # the path inside its language
    numbers = itertools.count(1)

    def inline(match: re.Match) -> str:
        name = notebook_figure_name(relative, next(numbers))
        return texts.translated(base64.b64decode(match["data"]), name, None)

    return NOTEBOOK_SVG.sub(inline, html)


# -- the fonts and their stylesheet -----------------------------------------------------------


def link_stylesheet(output: str, page: Page) -> str:
    """A page with a figure links the figures' stylesheet."""
    if 'class="guide-figure"' not in output:
        return output
    link = f'<link rel="stylesheet" href="{get_relative_url(STYLESHEET, page.url)}">\n'
    return output.replace("</head>", link + "</head>", 1)


def write_fonts(characters: dict[str, set[str]], site: Path) -> None:
    """The figure fonts, each cut down to what the figures draw, and their stylesheet."""
    if not any(characters.values()):
        return
    latin = font_files.font_in_package(*LATIN[:2])
    cjk = font_files.font_in_package(*CJK[:2])
    in_latin, in_cjk = font_files.covered(latin), font_files.covered(cjk)
    files = {LATIN[3]: font_files.subset_woff2(latin, set().union(*characters.values()) & in_latin)}
    faces = [_face("Guide Figure", LATIN[3])]
    rules = ['.guide-figure text { font-family: "Guide Figure", sans-serif; }']
    for language, drawn in sorted(characters.items()):
        missing = sorted(drawn - in_latin - in_cjk)
        if missing:
            log.warning(f"the figures of {language} draw {missing}, which neither {LATIN[2]} nor {CJK[2]} has")
        beyond_latin = drawn - in_latin
        if beyond_latin & in_cjk:
            name = CJK[3].format(language=language)
            files[name] = font_files.subset_woff2(cjk, beyond_latin & in_cjk)
            faces.append(_face(f"Guide Figure {language}", name))
            rules.append(
                f':lang({language}) .guide-figure text {{ font-family: "Guide Figure", "Guide Figure {language}",'
                " sans-serif; }"
            )
    for name, data in files.items():
        target = site / FONTS / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        log.info(f"figure font: {FONTS}/{name}, {len(data) // 1024} KB")
    stylesheet = site / STYLESHEET
    stylesheet.parent.mkdir(parents=True, exist_ok=True)
    stylesheet.write_text(_STYLESHEET_HEAD + "\n".join(faces + rules) + "\n" + _LAYOUT, encoding="utf-8")


def _face(family: str, file: str) -> str:
    return f'@font-face {{ font-family: "{family}"; src: url("../fonts/{file}") format("woff2"); font-display: swap; }}'


_STYLESHEET_HEAD = f"""/* The figures' texts (hooks/figures_in_language.py writes this file): {LATIN[2]} (matplotlib's
   font, so a label keeps the width the figure was laid out for), then {CJK[2]} for Chinese and
   Korean; both under the SIL Open Font License 1.1 and cut down to what the figures draw.
   The translations: docs/<language>/{TABLE_NAME}. */
"""

_LAYOUT = """
/* A figure takes the column's width, up to the size it was drawn at, on a white ground (its
   colours were chosen against white, in the dark scheme too). */
.md-typeset .guide-figure-box {
  display: block; /* Material's figure fits its content, which an SVG sized by its column has not */
  width: 100%;
  margin: 1em 0;
}

/* Text drawn small (a figure on a phone) keeps the proportions it was laid out with: without
   this, Chromium rounds each glyph's advance to whole pixels and a label grows by up to a tenth. */
.guide-figure text {
  text-rendering: geometricPrecision;
}

.guide-figure {
  display: block;
  width: 100%;
  height: auto;
  margin: 0 auto;
  background: #fff;
}
"""
