"""The words inside the guide's figures, and their translations.

A figure is an SVG that a snippet writes with matplotlib's ``svg.fonttype = "none"``: every
title, axis label, legend entry, annotation and tick label is a ``<text>`` element holding its
text, not glyph outlines. So the figure the snippet writes stays the same on every machine (no
font is drawn into it), and the build shows it in each page's language by replacing those texts
from a table, ``docs/<language>/figure-labels.yml``:

    rope-pair-rotation.svg:
      "The same feature pair at positions m = 0..5 (d = 8)": 同一特征对在位置 m = 0..5 上（d = 8）

A text needs a translation when it holds a word (two letters in a row); a text without one
(``0.5``, ``m=3``, ``1/s = 1/4``) is the same in every language, except that a language that
writes decimal commas gets ``0,5``. A notebook's SVG outputs are figures too, named
``<notebook path>#<number>`` (``rope/long-context-notebook.ipynb#1``). Texts that are data, not
English (a model's tokens), are listed once, for every language, in the source language's table under the figure's name:
``minilm-pca.svg: [king, queen]``.

``problems`` finds what a table lacks or holds in vain (a missing, stale or empty translation, a
translation whose numbers differ from the figure's, a text drawn as math glyph by glyph);
``in_language`` gives the figure in one language, which the build writes as a file of its own with
its fonts embedded (``Translated.with_fonts``).
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as etree
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .languages import decimal_comma
from .project import Project

TABLE_NAME = "figure-labels.yml"  # in each language's folder
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
TEXT = f"{{{SVG_NS}}}text"
TSPAN = f"{{{SVG_NS}}}tspan"
WORD = re.compile(r"[^\W\d_]{2}")  # two letters in a row
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")
FONT_FAMILY = re.compile(r"\s*font-family:[^;]*;?")
TITLE_ID = "title"  # a notebook figure's title: plt.suptitle(..., gid="title"), its accessible name
SVG_OUTPUT = "image/svg+xml"

etree.register_namespace("", SVG_NS)
etree.register_namespace("xlink", XLINK_NS)


@dataclass(frozen=True)
class Entry:
    translation: str
    line: int  # 1-based, in the table


@dataclass
class Table:
    """One language's translations, by figure file name and English text."""

    path: Path
    figures: dict[str, dict[str, Entry]] = field(default_factory=dict)
    figure_lines: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class LabelProblem:
    language: str
    path: Path  # the table, or the figure
    line: int
    message: str

    def __str__(self) -> str:
        return f"[{self.language}] {self.path}:{self.line}: {self.message}"


def needs_translation(text: str) -> bool:
    return bool(WORD.search(text))


def numbers(text: str) -> list[str]:
    """The numbers a text writes, decimal commas read as points."""
    return sorted(n.replace(",", ".") for n in NUMBER.findall(text))


def with_decimal_commas(text: str) -> str:
    return DECIMAL_POINT.sub(",", text)


def read_table(path: Path) -> Table:
    """A table as written, with the line of every entry; a malformed table is a ValueError that
    names the file and line."""
    table = Table(path)
    if not path.exists():
        return table
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ValueError(f"{path}: not valid YAML: {error}") from None
    if root is None:
        return table
    if not isinstance(root, yaml.MappingNode):
        raise ValueError(f"{path}:{root.start_mark.line + 1}: expected figure names, each with its texts")
    for figure_node, texts_node in root.value:
        figure = str(figure_node.value)
        table.figure_lines[figure] = figure_node.start_mark.line + 1
        entries: dict[str, Entry] = {}
        if isinstance(texts_node, yaml.SequenceNode):  # the source language: texts every language keeps
            for item in texts_node.value:
                entries[str(item.value)] = Entry(str(item.value), item.start_mark.line + 1)
        elif isinstance(texts_node, yaml.MappingNode):
            for english, translated in texts_node.value:
                if not isinstance(translated, yaml.ScalarNode):
                    raise ValueError(f"{path}:{translated.start_mark.line + 1}: a translation is one line of text")
                entries[str(english.value)] = Entry(str(translated.value), english.start_mark.line + 1)
        elif texts_node.tag != "tag:yaml.org,2002:null":  # a figure with no texts yet is empty, not malformed
            raise ValueError(f"{path}:{texts_node.start_mark.line + 1}: {figure} needs its texts under it")
        table.figures[figure] = entries
    return table


def svg_texts(svg: bytes) -> list[tuple[str, bool]]:
    """(text, drawn glyph by glyph) of every ``<text>`` of an SVG, in document order. matplotlib
    writes math text (``$\\theta_i$``) as one ``<tspan>`` per glyph, which no table can translate."""
    root = etree.fromstring(svg)
    return [("".join(t.itertext()), t.find(TSPAN) is not None) for t in root.iter(TEXT)]


@dataclass
class FigureLabels:
    """Every language's table, and the texts kept in every language, for one project."""

    docs_dir: Path
    source: str
    languages: list[str]
    tables: dict[str, Table] = field(default_factory=dict)

    @classmethod
    def read(cls, docs_dir: Path, languages: list[str]) -> FigureLabels:
        labels = cls(docs_dir, languages[0], languages)
        for language in languages:
            labels.tables[language] = read_table(docs_dir / language / TABLE_NAME)
        return labels

    def kept(self, figure: str) -> set[str]:
        return set(self.tables[self.source].figures.get(figure, {}))

    def translate(self, figure: str, text: str, language: str) -> str | None:
        """The text as a page in ``language`` shows it; None when the table lacks it."""
        if not needs_translation(text) or text in self.kept(figure):
            return with_decimal_commas(text) if decimal_comma(language) and not needs_translation(text) else text
        if language == self.source:
            return text
        entry = self.tables[language].figures.get(figure, {}).get(text)
        return entry.translation if entry is not None and entry.translation.strip() else None

    def problems(self, drawn_figures: dict[str, tuple[Path, bytes]]) -> list[LabelProblem]:
        """What the tables lack or hold in vain, for these figures (name: (file, SVG); see ``figures``)."""
        figures = {name: svg_texts(svg) for name, (_, svg) in drawn_figures.items()}
        found = [
            LabelProblem(
                self.source,
                drawn_figures[name][0],
                1,
                f"{text!r} is math text, drawn glyph by glyph: write it in plain Unicode (θᵢ, not $\\theta_i$)"
                " so that it can be translated",
            )
            for name, texts in figures.items()
            for text, glyph_by_glyph in texts
            if glyph_by_glyph
        ]
        for language in self.languages:
            table = self.tables[language]
            for name, entries in table.figures.items():
                if name not in figures:
                    found.append(LabelProblem(language, table.path, table.figure_lines[name], f"no figure {name}"))
                    continue
                drawn = {text for text, _ in figures[name]}
                for text, entry in entries.items():
                    message = self._entry_problem(language, name, text, entry, drawn)
                    if message:
                        found.append(LabelProblem(language, table.path, entry.line, message))
            if language == self.source:
                continue
            for name, texts in figures.items():
                for text in dict.fromkeys(t for t, _ in texts):
                    if self.translate(name, text, language) is None:
                        line = table.figure_lines.get(name, _last_line(table.path))
                        found.append(LabelProblem(language, table.path, line, f"{name}: no translation of {text!r}"))
        return found

    def _entry_problem(self, language: str, figure: str, text: str, entry: Entry, drawn: set[str]) -> str | None:
        if text not in drawn:
            return f"{figure} no longer shows {text!r}"
        if language == self.source:
            return None
        if text in self.kept(figure):
            source_table = self.tables[self.source].path
            return f"{text!r} is kept in every language ({self.source}/{source_table.name}): no translation needed"
        if not entry.translation.strip():
            return f"{text!r} has an empty translation"
        if numbers(entry.translation) != numbers(text):
            return (
                f"the translation of {text!r} writes the numbers {numbers(entry.translation)}, the figure"
                f" {numbers(text)}"
            )
        return None

    def in_language(self, svg: bytes, figure: str, language: str) -> Translated:
        """The figure with its texts in ``language``, without fonts of its own yet (``Translated``
        gives it the fonts), and the texts the table lacks (shown in English)."""
        root = etree.fromstring(svg)
        missing = []
        for element in root.iter(TEXT):
            english = "".join(element.itertext())
            shown = self.translate(figure, english, language)
            if shown is None:
                missing.append(english)
                shown = english
            if element.find(TSPAN) is None:
                element.text = shown
        for element in (*root.iter(TEXT), *root.iter(TSPAN)):
            element.set("style", FONT_FAMILY.sub("", element.get("style", "")).strip().rstrip(";"))
        for metadata in root.findall(f"{{{SVG_NS}}}metadata"):
            root.remove(metadata)
        title = root.find(f".//*[@id='{TITLE_ID}']")
        return Translated(root, "".join(title.itertext()).strip() if title is not None else None, missing)


@dataclass
class Translated:
    """A figure in one language: ``root`` its SVG, ``title`` the text drawn with ``gid="title"``
    (a notebook figure's accessible name; None without one), ``missing`` the texts it shows in
    English because the table lacks them."""

    root: etree.Element
    title: str | None
    missing: list[str]

    @property
    def characters(self) -> set[str]:
        return {char for text in self.root.itertext() for char in text if not char.isspace()}

    @property
    def pixels(self) -> tuple[int, int]:
        """Its size on a page: matplotlib counts 72 points per inch, and the figures were drawn at
        100 pixels per inch."""
        width, height = (float(self.root.get(side, "0").removesuffix("pt")) for side in ("width", "height"))
        return round(width / 72 * 100), round(height / 72 * 100)

    def with_fonts(self, faces: list[tuple[str, bytes]]) -> bytes:
        """The SVG file, its texts set in ``faces`` ((family, woff2), in order of preference),
        embedded: an SVG shown as an image loads nothing else."""
        style = etree.Element(f"{{{SVG_NS}}}style", {"type": "text/css"})
        fonts = "".join(
            f'@font-face {{ font-family: "{family}"; src: url("data:font/woff2;base64,'
            f'{base64.b64encode(data).decode()}") format("woff2"); }}\n'
            for family, data in faces
        )
        families = ", ".join(f'"{family}"' for family, _ in faces)
        # geometricPrecision: a figure drawn small (on a phone) keeps the proportions it was laid out
        # with; otherwise Chromium rounds each glyph's advance to whole pixels, and labels grow
        style.text = f"{fonts}text {{ font-family: {families}, sans-serif; text-rendering: geometricPrecision; }}\n"
        self.root.insert(0, style)
        try:
            return etree.tostring(self.root, encoding="utf-8", xml_declaration=True)
        finally:
            self.root.remove(style)


def notebook_figure_name(relative: str, number: int) -> str:
    """How the tables name the ``number``-th (1-based) SVG output of the notebook at ``relative``."""
    return f"{relative}#{number}"


def file_name(figure: str) -> str:
    """The file a figure is written to in each language's folder: a notebook's, its path flattened."""
    notebook, _, number = figure.partition("#")
    return f"{re.sub(r'[^A-Za-z0-9]+', '-', notebook.removesuffix('.ipynb'))}-{number}.svg" if number else figure


def notebook_svgs(cells: list) -> list[bytes]:
    """The SVG outputs of a notebook's cells, in order."""
    found = []
    for cell in cells:
        for output in cell.get("outputs", []):
            svg = output.get("data", {}).get(SVG_OUTPUT)
            if svg:
                found.append(("".join(svg) if isinstance(svg, list) else svg).encode("utf-8"))
    return found


def figures(project: Project) -> dict[str, tuple[Path, bytes]]:
    """Every figure of a project, by the name the tables use, with its file and SVG: the figures
    folder's (by file name) and the SVG outputs of the source language's notebooks."""
    found = {path.name: (path, path.read_bytes()) for path in sorted(project.figures_dir.glob("*.svg"))}
    for notebook in project.notebooks:
        if notebook.language == project.source_language:
            for number, svg in enumerate(notebook_svgs(notebook.node.cells), 1):
                found[notebook_figure_name(notebook.relative, number)] = (notebook.absolute, svg)
    return found


def _last_line(path: Path) -> int:
    return max(1, len(path.read_text(encoding="utf-8").splitlines())) if path.exists() else 1
