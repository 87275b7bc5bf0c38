"""Find, in one Markdown page, what the verifier checks: snippet includes, quoted outputs,
figures and the decimal numbers of the prose.

The conventions (documented in README.md, "How a page quotes a snippet"):

* a snippet is included by a fenced block whose only line is ``--8<-- "topic/file.py"``;
* the block right after ``<!-- output: topic/file.py -->`` is what that snippet prints;
* ``<!-- not-quoted: topic/file.py -->`` says a printing snippet's output is deliberately not shown;
* inside a quoted output, a line ``...`` stands for any number of lines.

Markdown is parsed with markdown-it-py; raw lines are only scanned afterwards, to report any
include or marker the parser did not see as a top-level block (for example one indented inside
an admonition), so nothing is silently left unchecked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .languages import decimal_comma
from .markdown import parser
from .markdown import tokens as parsed

INCLUDE_LINE = re.compile(r'^--8<--\s+"(?P<path>[^"]+)"\s*$')
MARKER = re.compile(r"^<!--\s*(?P<kind>output|not-quoted):\s*(?P<path>\S+)\s*-->\s*$")
DETAILS_OPEN = re.compile(r"^<details\b[^>]*>\s*$")
DETAILS_CLOSE = re.compile(r"^</details>\s*$")
RAW_INCLUDE = re.compile(r"--8<--")
RAW_MARKER = re.compile(r"<!--\s*(output|not-quoted):")
ELISION = "..."


@dataclass(frozen=True)
class Location:
    """Where something is: the language, the page file and a 1-based line."""

    language: str
    path: Path
    line: int
    unit: str = "line"  # notebooks count cells: ``line`` is then the cell's number
    line_in_cell: int | None = None

    def __str__(self) -> str:
        if self.unit == "line":
            return f"[{self.language}] {self.path}:{self.line}"
        inside = f" line {self.line_in_cell}" if self.line_in_cell is not None else ""
        return f"[{self.language}] {self.path} cell {self.line}{inside}"

    def sort_key(self) -> tuple[bool, int, int]:
        """Cells first (a notebook has no lines), then lines, in order."""
        return (self.unit == "line", self.line, self.line_in_cell or 0)


class PageError(Exception):
    def __init__(self, location: Location, message: str):
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message


@dataclass(frozen=True)
class SnippetInclude:
    snippet: str
    location: Location


@dataclass(frozen=True)
class QuotedOutput:
    snippet: str
    location: Location  # line of the marker
    first_line: int  # 0-based index of the first content line in the file
    end_line: int  # 0-based index one past the last content line
    text: str


@dataclass(frozen=True)
class NotQuoted:
    snippet: str
    location: Location


@dataclass(frozen=True)
class Figure:
    src: str
    location: Location

    @property
    def name(self) -> str:
        return self.src.rsplit("/", 1)[-1]


@dataclass(frozen=True)
class Link:
    href: str
    location: Location


@dataclass(frozen=True)
class ProseNumber:
    text: str
    location: Location

    def normalized(self) -> str:
        return self.text.replace(",", ".")


@dataclass
class Page:
    language: str
    path: Path  # relative to the repository root
    relative: str  # relative to the language folder, the same in every language
    includes: list[SnippetInclude] = field(default_factory=list)
    outputs: list[QuotedOutput] = field(default_factory=list)
    not_quoted: list[NotQuoted] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    numbers: list[ProseNumber] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    errors: list[PageError] = field(default_factory=list)

    def sequence(self) -> list[tuple[str, str]]:
        """What every translation must contain in the same order."""
        items = [(i.location.line, "snippet", i.snippet) for i in self.includes]
        items += [(o.location.line, "output of", o.snippet) for o in self.outputs]
        items += [(n.location.line, "not-quoted", n.snippet) for n in self.not_quoted]
        items += [(f.location.line, "figure", f.name) for f in self.figures]
        return [(kind, name) for _, kind, name in sorted(items)]

    def line_of(self, kind: str, name: str) -> int:
        groups: dict[str, list[SnippetInclude] | list[QuotedOutput] | list[NotQuoted]] = {
            "snippet": self.includes,
            "output of": self.outputs,
            "not-quoted": self.not_quoted,
        }
        if kind == "figure":
            return next(f.location.line for f in self.figures if f.name == name)
        return next(i.location.line for i in groups[kind] if i.snippet == name)


def folded_blocks(lines: list[str]) -> list[tuple[int, int | None]]:
    """Each top-level ``<details>`` block, an answer a reader opens after trying: the 0-based
    index of its opening line and of its ``</details>`` line (None: never closed)."""
    blocks: list[tuple[int, int | None]] = []
    start = None
    for index, line in enumerate(lines):
        if start is None and DETAILS_OPEN.match(line):
            start = index
        elif start is not None and DETAILS_CLOSE.match(line):
            blocks.append((start, index))
            start = None
    if start is not None:
        blocks.append((start, None))
    return blocks


def decimal_number_pattern(language: str) -> re.Pattern[str]:
    """Decimals with three or more digits after the point (Polish prose writes a comma)."""
    point = "[.,]" if decimal_comma(language) else r"\."
    # ASCII classes on purpose: Chinese and Korean letters count as \w, and "约0.3374" must be found.
    return re.compile(rf"(?<![A-Za-z0-9_.,])\d+{point}\d{{3,}}(?![0-9])")


def parse_page(path: Path, language: str, relative: str, repo_root: Path, source: str | None = None) -> Page:
    """Parse the page at ``path`` (or ``source``, its text as it was once, for drift)."""
    shown = path.relative_to(repo_root) if path.is_absolute() else path
    page = Page(language=language, path=shown, relative=relative)
    if source is None:
        source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tokens = list(parsed(source))
    seen_lines: set[int] = set()
    numbers = decimal_number_pattern(language)

    def at(line_index: int) -> Location:
        return Location(language, shown, line_index + 1)

    pending_marker: tuple[str, str, int] | None = None
    for token in tokens:
        if token.map is None:
            continue
        start, end = token.map
        if token.type == "html_block":
            match = MARKER.match(token.content.strip())
            if match:
                if pending_marker:
                    page.errors.append(PageError(at(pending_marker[2]), "marker is not followed by a fenced block"))
                pending_marker = (match["kind"], match["path"], start)
                seen_lines.add(start)
                if match["kind"] == "not-quoted":
                    page.not_quoted.append(NotQuoted(match["path"], at(start)))
                    pending_marker = None
            continue
        if token.type == "fence":
            include = INCLUDE_LINE.match(token.content.strip())
            if include and "\n" not in token.content.strip():
                if pending_marker:
                    page.errors.append(
                        PageError(
                            at(pending_marker[2]),
                            "output marker is followed by a snippet include, not by the quoted output",
                        )
                    )
                    pending_marker = None
                page.includes.append(SnippetInclude(_whole_file(include["path"], at(start + 1), page), at(start)))
                seen_lines.add(start + 1)
                continue
            if pending_marker:
                kind, snippet, marker_line = pending_marker
                pending_marker = None
                closing = lines[end - 1].strip() if end - 1 < len(lines) else ""
                fence = token.markup
                if end - 1 == start or not closing.startswith(fence) or closing.strip(fence[0]) != "":
                    page.errors.append(PageError(at(start), f"the fenced block quoting {snippet} is never closed"))
                    continue
                page.outputs.append(QuotedOutput(snippet, at(marker_line), start + 1, end - 1, token.content))
            continue
        if pending_marker and token.type not in ("inline",):
            kind, snippet, marker_line = pending_marker
            page.errors.append(
                PageError(at(marker_line), f"<!-- output: {snippet} --> must be followed directly by a fenced block")
            )
            pending_marker = None
        if token.type == "inline":
            _collect_inline(token, start, at, page, numbers)
    if pending_marker:
        page.errors.append(PageError(at(pending_marker[2]), "marker at the end of the page quotes nothing"))

    for index, line in enumerate(lines):
        if index in seen_lines:
            continue
        if RAW_INCLUDE.search(line) or RAW_MARKER.search(line):
            page.errors.append(
                PageError(
                    at(index),
                    "snippet include or output marker is not a top-level block "
                    "(put it outside admonitions, tabs and lists), so it could not be checked",
                )
            )
    return page


def _whole_file(snippet: str, location: Location, page: Page) -> str:
    if ":" in snippet or not snippet.endswith(".py"):
        page.errors.append(PageError(location, f'include "{snippet}" must name a whole .py file'))
    return snippet


def _collect_inline(token, first_line: int, at, page: Page, numbers: re.Pattern[str]) -> None:
    """Figures and prose decimals of one paragraph, heading or table cell.

    Only what the reader sees as text counts (text and inline code), not link targets, so an
    arXiv number in a URL is not taken for a quoted result.
    """
    line = first_line
    for child in token.children or []:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "image":
            page.figures.append(Figure(str(child.attrGet("src")), at(line)))
        elif child.type == "link_open":
            page.links.append(Link(str(child.attrGet("href")), at(line)))
        elif child.type in ("text", "code_inline"):
            for match in numbers.finditer(child.content):
                page.numbers.append(ProseNumber(match.group(0), at(line + child.content.count("\n", 0, match.start()))))


def parse_markdown_cells(cells: list[str], language: str, path: Path) -> list[ProseNumber]:
    """Prose numbers of a notebook's Markdown cells; the line is the cell's number."""
    numbers = decimal_number_pattern(language)
    found = []
    for index, text in enumerate(cells, start=1):
        page = Page(language, path, "")
        for token in parser().parse(text):
            if token.type == "inline":
                _collect_inline(token, 0, lambda _l, i=index: Location(language, path, i, "cell"), page, numbers)
        found += page.numbers
    return found
