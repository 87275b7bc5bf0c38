"""In Polish a one-letter word does not end a line, and a number is not split between its digit
groups: a no-break space ties them.

Polish typography keeps the one-letter conjunctions and prepositions (a, i, o, u, w, z) with the
word after them ("w tabeli", "i klucz"), and a browser that reflows a paragraph would otherwise
leave them dangling at the end of a line. Translators write ordinary spaces; this Python-Markdown
extension turns the space (or the source line break) after such a word into U+00A0 in every text
of a Polish page except code, preformatted text and math, also when the next word is inline code,
a link or a formula. The same goes for the space between the groups of three digits of a Polish
number ("32 000", "8 030 261 248"), which must not end a line either. Other languages are left as
they are: English "a" and "I" are not tied.

The build plugin (hooks/plugin.py) registers the extension once; it acts only while
mkdocs-static-i18n builds the Polish pages. Under a builder with one Markdown configuration per language it can be
listed as an extension of the Polish one as is (``active`` defaults to always).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from collections.abc import Callable
from typing import Any

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

NO_BREAK_SPACE = "\u00a0"
ONE_LETTER_WORD = r"(?<![\w.'’-])[AaIiOoUuWwZz]"
BEFORE_A_WORD = re.compile(rf"({ONE_LETTER_WORD})[ \t]*\n?[ \t]*(?=\S)(?<=[ \t\n])")
AT_THE_END = re.compile(rf"({ONE_LETTER_WORD})[ \t]*\n?[ \t]*(?<=[ \t\n])$")
ENDS_WITH_ONE_LETTER_WORD = re.compile(rf"{ONE_LETTER_WORD}$")
LEADING_SPACE = re.compile(r"^[ \t]*\n?[ \t]*(?=\S)(?<=[ \t\n])")
ALL_SPACE = re.compile(r"^[ \t]*\n?[ \t]*$")
DIGIT_GROUP_SPACE = re.compile(r"(?<=\d)[ \t]+(?=\d{3}(?!\d))")
SKIP = {"pre", "code", "script", "style", "math", "kbd", "samp"}
MATH_CLASS = "arithmatex"  # inline math, still LaTeX here: hooks/latex_to_mathml.py converts it later


def tie(text: str, followed_by_an_element: bool) -> str:
    """``text`` with the space after each one-letter word made a no-break space; when an element
    (code, a link, a formula) follows the text, also the space at its end."""
    text = BEFORE_A_WORD.sub(rf"\1{NO_BREAK_SPACE}", text)
    text = DIGIT_GROUP_SPACE.sub(NO_BREAK_SPACE, text)
    if followed_by_an_element:
        text = AT_THE_END.sub(rf"\1{NO_BREAK_SPACE}", text)
    return text


class _TieWithNoBreakSpaces(Treeprocessor):
    def __init__(self, md: Markdown, active: Callable[[], bool]) -> None:
        super().__init__(md)
        self.active = active

    def run(self, root: etree.Element) -> None:
        if self.active():
            self._walk(root)

    def _walk(self, element: etree.Element) -> None:
        if not _is_text(element):
            return
        if element.text and not isinstance(element.text, AtomicString):
            element.text = tie(element.text, followed_by_an_element=len(element) > 0)
        for index, child in enumerate(element):
            self._walk(child)
            if not child.tail or isinstance(child.tail, AtomicString):
                continue
            followed_by_an_element = index + 1 < len(element)
            if _is_text(child) and ENDS_WITH_ONE_LETTER_WORD.search("".join(child.itertext())):
                # "*i* od": the word is the child's, the space after it the tail's
                space = LEADING_SPACE if child.tail.strip() or not followed_by_an_element else ALL_SPACE
                child.tail = space.sub(NO_BREAK_SPACE, child.tail)
            child.tail = tie(child.tail, followed_by_an_element)


def _is_text(element: etree.Element) -> bool:
    """Whether the element holds prose (not code, preformatted text or math)."""
    return element.tag not in SKIP and MATH_CLASS not in (element.get("class") or "").split()


class PolishNoBreakSpaces(Extension):
    def __init__(self, active: Callable[[], bool] = lambda: True, **kwargs: object) -> None:
        self.active = active
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        # after the inline patterns (priority 20) have made the elements, before the table of contents (5)
        md.treeprocessors.register(_TieWithNoBreakSpaces(md, self.active), "polish_no_break_spaces", 14)


def makeExtension(**kwargs: Any) -> PolishNoBreakSpaces:  # noqa: N802
    return PolishNoBreakSpaces(**kwargs)
