"""The one Markdown parser of the verifier (markdown-it-py), shared by quote finding, parity,
translation fidelity and drift, so that every check sees a page's blocks the same way.

CommonMark plus tables and front matter: what MkDocs pages here use. Admonitions, attribute
lists and math are not CommonMark; the checks that care recognise them in the parsed blocks.
"""

from __future__ import annotations

from functools import cache

from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin


@cache
def parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("table").use(front_matter_plugin)
