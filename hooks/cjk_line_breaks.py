"""A line break in the source between two Chinese (or Japanese) characters is no space.

A paragraph written over several lines keeps its line breaks in the HTML, and a browser shows a
line break as a space, which is right between English words and wrong inside a Chinese
sentence ("嵌入 层"). This Python-Markdown extension removes such a break when the characters on
both sides are Han, kana, CJK punctuation or full-width forms, in every text of the page except
code, preformatted text and math. Hangul is not included: Korean separates words with spaces,
so a break between two Korean words stands for one.

The build plugin (hooks/plugin.py) registers the extension once; under another builder it can
be listed as an extension as is (``hooks.cjk_line_breaks``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Extension, Markdown
from markdown.treeprocessors import Treeprocessor

WIDE = (  # Han, kana, CJK symbols and punctuation, full-width forms
    "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
)
BREAK_INSIDE = re.compile(rf"(?<=[{WIDE}])[ \t]*\n[ \t]*(?=[{WIDE}])")
ENDS_WIDE = re.compile(rf"[{WIDE}][ \t]*\n[ \t]*$")
STARTS_WIDE = re.compile(rf"^[{WIDE}]")
SKIP = {"pre", "code", "script", "style", "math", "kbd", "samp"}


def _first_text(element: etree.Element) -> str:
    """The text a reader sees first in an element (descending into its first children)."""
    if element.tag in SKIP:
        return ""
    if element.text:
        return element.text
    return _first_text(element[0]) if len(element) else ""


class _JoinWideLines(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        self._walk(root)

    def _walk(self, element: etree.Element) -> None:
        if element.tag in SKIP:
            return
        if element.text:
            element.text = BREAK_INSIDE.sub("", element.text)
            if len(element) and ENDS_WIDE.search(element.text) and STARTS_WIDE.match(_first_text(element[0])):
                element.text = element.text.rstrip(" \t\n")
        for index, child in enumerate(element):
            self._walk(child)
            if child.tail:
                child.tail = BREAK_INSIDE.sub("", child.tail)
                following = element[index + 1] if index + 1 < len(element) else None
                if following is not None and ENDS_WIDE.search(child.tail) and STARTS_WIDE.match(_first_text(following)):
                    child.tail = child.tail.rstrip(" \t\n")
            if child.tail and child.tail.lstrip(" \t").startswith("\n") and self._ends_wide(child):
                rest = child.tail.lstrip(" \t\n")
                if STARTS_WIDE.match(rest):
                    child.tail = rest

    @staticmethod
    def _ends_wide(element: etree.Element) -> bool:
        if element.tag in SKIP:
            return False
        text = "".join(element.itertext())
        return bool(text) and bool(re.search(rf"[{WIDE}]$", text))


class CjkLineBreaks(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        # after the inline patterns (priority 20) have made the elements, before prettify (10)
        md.treeprocessors.register(_JoinWideLines(md), "cjk_line_breaks", 15)


def makeExtension(**kwargs: object) -> CjkLineBreaks:  # noqa: N802
    return CjkLineBreaks(**kwargs)
