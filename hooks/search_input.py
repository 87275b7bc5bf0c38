"""What Material's search reads of a page: the same text, without the markup it would throw away.

Material's search (``material/plugins/search``) feeds every page's HTML to an ``HTMLParser`` and
keeps the text, a few tags (``p``, ``code``, ``pre``, lists, ``sub``, ``sup``) and the headings.
On this guide about seven tags in ten are Pygments' ``<span>``s inside code blocks and one in five
is a MathML element: the parser's time goes into tags whose text it keeps and whose tags it drops.
``indexed_html`` hands it that text without those tags, so that the parser yields the same
sections, word for word, in a quarter of the time:

* inside ``<pre>``: every ``<span>`` tag is dropped, its text kept;
* inside ``<math>``: the LaTeX ``<annotation>`` is dropped whole (readers search the formula as it
  reads, not its source), every other tag is dropped and its text kept; a text that is only white
  space becomes one space, which is what the parser makes of it.

A page that uses Material's own ``data-search-*`` attributes, or a code block with line-number
markup, is handed over unchanged. ``tests/site/test_search_input.py`` runs Material's parser on
every built page both ways.
"""

from __future__ import annotations

import html
import re

_CODE_BLOCK = re.compile(r"(<pre\b[^>]*>)(.*?)(</pre>)", re.DOTALL)
_SPAN_TAG = re.compile(r"</?span\b[^>]*>")
_FORMULA = re.compile(r"(<math\b[^>]*>)(.*?)(</math>)", re.DOTALL)
_TEX_SOURCE = re.compile(r"<annotation\b[^>]*>.*?</annotation>", re.DOTALL)
_TAG = re.compile(r"(<[^>]*>)")
_AS_IS = re.compile(r"data-search-|linenodiv")


def _code_text(match: re.Match[str]) -> str:
    opening, code, closing = match.groups()
    return opening + _SPAN_TAG.sub("", code) + closing


def _formula_text(match: re.Match[str]) -> str:
    opening, formula, closing = match.groups()
    texts = [part for part in _TAG.split(_TEX_SOURCE.sub("", formula)) if not part.startswith("<")]
    return opening + "".join(" " if text and html.unescape(text).isspace() else text for text in texts) + closing


def indexed_html(content: str) -> str:
    """The page's HTML as Material's search needs it (see the module's docstring)."""
    if _AS_IS.search(content):
        return content
    return _FORMULA.sub(_formula_text, _CODE_BLOCK.sub(_code_text, content))
