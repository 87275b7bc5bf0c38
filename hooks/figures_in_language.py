"""Figures in the page's language, each a small SVG file that carries its own fonts.

* ``FiguresInLanguage``, a Python-Markdown extension, turns ``![alt](../assets/figures/x.svg)``
  into an image of ``assets/figures/<language>/x.svg``, which it writes: the snippet's figure with
  its texts translated from ``docs/<language>/figure-labels.yml`` (hooks/core/figure_text.py). The
  image gets its size (no layout shift), ``loading="lazy"`` and the alt text; it stays a separate
  file, so a page's HTML does not grow with its figures and a reader's browser caches them.
* ``notebook_figures`` does the same for a notebook page's SVG outputs (named
  ``<notebook path>#<number>`` in the tables), whose alt text is their translated title.
* A text the table lacks is a WARNING naming the table, the figure, the page and the language
  (``mkdocs build --strict`` fails), and the figure shows it in English.
* The fonts: DejaVu Sans, the font matplotlib laid the figures out with (so a label keeps its
  width), from the matplotlib package, and for what it lacks (Chinese, Korean) Noto Sans CJK SC from
  the mplfonts package (both SIL Open Font License 1.1), each cut down to the characters of the one
  figure and embedded in it: an SVG shown as an image loads nothing else. The cut-down fonts are
  kept in .cache/figure-fonts/. A cut takes up to a second, and a build in a clean checkout makes
  about seventy: they are made in worker processes while the build goes on, and each figure file is
  written once every language has been built (``write_figures``); the page needs only the
  figure's address and size, which do not depend on its fonts. A character neither font has is a
  WARNING naming the figure and the language.
"""

from __future__ import annotations

import base64
import itertools
import logging
import multiprocessing
import os
import re
import xml.etree.ElementTree as etree
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from hooks import font_files
from hooks.core.figure_text import FigureLabels, Translated, file_name, notebook_figure_name
from hooks.core.project import FIGURES_FOLDER

log = logging.getLogger("mkdocs.hooks.figures_in_language")

LATIN = ("matplotlib", "matplotlib/mpl-data/fonts/ttf/DejaVuSans.ttf")
CJK = ("mplfonts", "mplfonts/fonts/NotoSansCJKsc-Regular.otf")
FAMILIES = ("Guide Figure", "Guide Figure CJK")
FIGURE_SRC = re.compile(r"(?:^|/)assets/figures/(?P<name>[^/]+\.svg)$")
NOTEBOOK_SVG = re.compile(r'<img\b[^>]*?\bsrc="data:image/svg\+xml;base64,(?P<data>[A-Za-z0-9+/=\s]+)"[^>]*>')


@dataclass
class FigureFonts:
    """The two fonts, cut down per figure, with a cache on disk; what the cache lacks is cut in
    worker processes (fontTools is pure Python, so threads would take turns)."""

    cache: Path
    _cutting: dict[Path, Future[bytes]] = field(default_factory=dict, init=False, repr=False)
    _workers: ProcessPoolExecutor | None = field(default=None, init=False, repr=False)

    @cached_property
    def fonts(self) -> list[tuple[Path, set[str]]]:
        found = []
        for package, inside in (LATIN, CJK):
            path = font_files.font_in_package(package, inside)
            found.append((path, font_files.covered(path)))
        return found

    def faces(self, characters: set[str]) -> tuple[list[tuple[str, Future[bytes]]], set[str]]:
        """(family, woff2 to come) for each font a figure needs, and the characters neither font has."""
        faces, left = [], set(characters)
        for family, (path, covered) in zip(FAMILIES, self.fonts):
            wanted = left & covered
            if wanted:
                faces.append((family, self._cut(path, wanted)))
                left -= wanted
        return faces, left

    def _cut(self, path: Path, wanted: set[str]) -> Future[bytes]:
        name = font_files.kept_name(path, wanted, self.cache)
        if name not in self._cutting:  # a figure shown on two pages, or in two languages, is cut once
            if name.is_file():
                self._cutting[name] = Future()
                self._cutting[name].set_result(name.read_bytes())
            else:
                if self._workers is None:  # a process of their own: "spawn" copies no lock of this one's threads
                    spawn = multiprocessing.get_context("spawn")
                    self._workers = ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=spawn)
                self._cutting[name] = self._workers.submit(font_files.cut, path, wanted, self.cache)
        return self._cutting[name]

    def done(self) -> None:
        """After a build (or its failure): no worker is left running, and the next build looks at
        the cache afresh."""
        if self._workers is not None:
            self._workers.shutdown(wait=True, cancel_futures=True)
            self._workers = None
        self._cutting.clear()


@dataclass
class FigureTexts:
    """The build's figures: the label tables, the fonts, and the page being converted."""

    figures_dir: Path
    labels: FigureLabels
    fonts: FigureFonts
    language: str = ""
    page: Page | None = None
    site_dir: Path = Path()
    # figure files to write once their fonts are cut: (where, the translated figure, its fonts)
    pending: list[tuple[Path, Translated, list[tuple[str, Future[bytes]]]]] = field(default_factory=list)

    def for_page(self, page: Page, language: str, site_dir: Path) -> None:
        self.page, self.language, self.site_dir = page, language, site_dir

    def write(self, svg: bytes, name: str) -> tuple[str, Translated]:
        """The figure in the current page's language, to be written by ``write_figures``; its
        address from that page."""
        assert self.page is not None, "for_page first"
        translated = self.labels.in_language(svg, name, self.language)
        where = f"{self.page.file.src_uri} ({self.language})"
        table = self.labels.tables[self.language].path
        for text in translated.missing:
            log.warning(
                f"{table.parent.parent.name}/{self.language}/{table.name} has no translation of {text!r} in {name},"
                f" shown on {where}: it is shown in English"
            )
        faces, lacking = self.fonts.faces(translated.characters)
        if lacking:
            log.warning(f"{name} on {where} draws {sorted(lacking)}, which no figure font has")
        relative = f"{FIGURES_FOLDER}/{self.language}/{file_name(name)}"
        target = self.site_dir / relative
        self.pending.append((target, translated, faces))
        return get_relative_url(relative, self.page.url), translated

    def write_figures(self) -> None:
        """Write every figure the build's pages showed, with its fonts (waiting for their cuts)."""
        try:
            for target, translated, faces in self.pending:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(translated.with_fonts([(family, cut.result()) for family, cut in faces]))
        finally:
            self.abandon()

    def abandon(self) -> None:
        """Forget the figures not written yet (a build that failed) and stop the font cuts."""
        self.pending.clear()
        self.fonts.done()


class _FiguresInLanguage(Treeprocessor):
    def __init__(self, md: Markdown, texts: FigureTexts) -> None:
        super().__init__(md)
        self.texts = texts

    def run(self, root: etree.Element) -> None:
        for image in root.iter("img"):
            match = FIGURE_SRC.search(image.get("src", ""))
            figure = self.texts.figures_dir / match["name"] if match else None
            if figure is None or not figure.is_file():
                continue  # MkDocs warns about a link to a missing file itself
            src, translated = self.texts.write(figure.read_bytes(), figure.name)
            width, height = translated.pixels
            image.set("src", src)
            image.set("width", str(width))
            image.set("height", str(height))
            image.set("loading", "lazy")
            image.set("decoding", "async")


class FiguresInLanguage(Extension):
    def __init__(self, texts: FigureTexts, **kwargs: object) -> None:
        self.texts = texts
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        # after MkDocs has made links relative to the page (0)
        md.treeprocessors.register(_FiguresInLanguage(md, self.texts), "figures_in_language", -1)


def for_project(docs_dir: Path, languages: list[str], cache: Path) -> FigureTexts:
    """The figures of ``docs_dir`` (in the first language's folder) and every language's table."""
    return FigureTexts(
        docs_dir / languages[0] / FIGURES_FOLDER, FigureLabels.read(docs_dir, languages), FigureFonts(cache)
    )


def notebook_figures(html: str, texts: FigureTexts) -> str:
    """A notebook page's SVG outputs (nbconvert writes each as a ``data:`` image) as figure files
    in the page's language, each with its translated title as alt text."""
    assert texts.page is not None, "for_page first"
    folder, _, inside = texts.page.file.src_uri.partition("/")
    relative = inside if folder in texts.labels.languages else texts.page.file.src_uri  # inside its language
    numbers = itertools.count(1)

    def replace(match: re.Match) -> str:
        name = notebook_figure_name(relative, next(numbers))
        src, translated = texts.write(base64.b64decode(match["data"]), name)
        width, height = translated.pixels
        alt = _attribute(translated.title or "")
        return f'<img src="{src}" alt="{alt}" width="{width}" height="{height}" loading="lazy" decoding="async">'

    return NOTEBOOK_SVG.sub(replace, html)


def _attribute(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
