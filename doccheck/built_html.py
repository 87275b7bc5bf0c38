"""One reader of the built site's HTML for every test that looks into a page: BeautifulSoup over
Python's own HTML parser, with attributes as written (``class`` stays one string), and the views
the tests need: every start tag, the head's ``<meta>`` and ``<link>``, the article's links, code
and copy texts, and the text a reader sees in each block.

``read_page`` parses each built file once per session, for every test that reads it: a full parse
of the 120 built pages takes about ten seconds, and four test modules read them all."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from bs4 import BeautifulSoup, NavigableString, Tag

Attributes = dict[str, str]
# the blocks whose text a reader reads as one piece, and what is no prose inside them
BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "dt", "dd", "figcaption"}
NOT_TEXT = {"pre", "code", "script", "style", "math", "kbd", "samp", "svg"}
# in ``reading_text``: private-use characters standing where a code span or a formula sits
CODE_SPAN, FORMULA = "\ue000", "\ue001"


def _attributes(element: Tag) -> Attributes:
    return {name: value if isinstance(value, str) else "" for name, value in element.attrs.items()}


@dataclass
class PageHtml:
    text: str

    @cached_property
    def soup(self) -> BeautifulSoup:
        return BeautifulSoup(self.text, "html.parser", multi_valued_attributes=None)

    @cached_property
    def tags(self) -> list[tuple[str, Attributes]]:
        """Every element, in document order, with its attributes."""
        return [(element.name, _attributes(element)) for element in self.soup.find_all(True)]

    def texts_of(self, name: str) -> list[str]:
        """The text of every element of this name (``script``, ``style``, ``code``)."""
        return [element.get_text() for element in self.soup.find_all(name)]

    def head(self, name: str) -> list[Attributes]:
        """The attributes of each ``<meta>`` or ``<link>`` of the head."""
        head = self.soup.head
        return [] if head is None else [_attributes(element) for element in head.find_all(name)]

    @property
    def article(self) -> Tag | None:
        return self.soup.find("article")

    def links(self) -> list[tuple[Attributes, str]]:
        """(attributes, text) of every link of the page's article."""
        article = self.article
        return [] if article is None else [(_attributes(a), a.get_text().strip()) for a in article.find_all("a")]

    def reading_text(self) -> str:
        """The article as a reader reads it, in one string: each block on lines of its own, code
        blocks, scripts and permalinks left out, and one stand-in character (``CODE_SPAN``,
        ``FORMULA``) for each inline code span and formula, so that what touches them shows."""
        parts: list[str] = []

        def walk(node: Tag) -> None:
            for child in node.children:
                if type(child) is NavigableString:
                    parts.append(str(child))
                elif isinstance(child, Tag):
                    if child.name in {"pre", "script", "style", "svg", "template"} or "headerlink" in str(
                        child.get("class") or ""
                    ):
                        parts.append("\n")
                    elif child.name == "code":
                        parts.append(CODE_SPAN)
                    elif child.name == "math":
                        parts.append(FORMULA)
                    else:
                        block = child.name in BLOCKS or child.name in {"div", "br", "summary"}
                        parts.append("\n\n" if block else "")
                        walk(child)
                        parts.append("\n\n" if block else "")

        if self.article is not None:
            walk(self.article)
        return "".join(parts)

    def block_texts(self) -> list[str]:
        """The reader-visible text of each block of the article, code, formulas and scripts left out;
        a block inside another (a paragraph in a list item) is a text of its own."""
        article = self.article
        if article is None:
            return []
        texts = []
        for block in article.find_all(BLOCKS):
            pieces = []
            for string in block.find_all(string=True):
                if not isinstance(string, NavigableString) or type(string) is not NavigableString:
                    continue  # comments, CDATA and the like
                owner = string.find_parent(lambda tag: tag.name in BLOCKS or tag.name in NOT_TEXT)
                if owner is block:
                    pieces.append(str(string))
            texts.append("".join(pieces))
        return texts


def read_page(path: Path) -> PageHtml:
    """The built file at ``path``, parsed once while it stays as it is (a test that writes a
    changed copy of a page writes it elsewhere, and a rebuilt page is read afresh)."""
    status = path.stat()
    return _read_page(path.resolve(), status.st_mtime_ns, status.st_size)


@functools.cache
def _read_page(path: Path, modified_ns: int, size: int) -> PageHtml:
    return PageHtml(path.read_text(encoding="utf-8"))
