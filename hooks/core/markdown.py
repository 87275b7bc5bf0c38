"""The one Markdown parser of the verifier (markdown-it-py), shared by quote finding, parity,
translation fidelity and drift, so that every check sees a page's blocks the same way.

CommonMark plus tables, front matter and ``$...$`` / ``$$...$$`` math (as pymdownx.arithmatex
reads them: without the math plugin, a ``=`` line inside display math would make the line above
it a heading). Admonitions and attribute lists are not CommonMark; the checks that care recognise
them in the parsed blocks.
"""

from __future__ import annotations

from functools import cache, lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.front_matter import front_matter_plugin


@cache
def parser() -> MarkdownIt:
    return (
        MarkdownIt("commonmark")
        .enable("table")
        .use(front_matter_plugin)
        .use(dollarmath_plugin, allow_labels=False, allow_space=False, allow_digits=False, double_inline=True)
    )


@lru_cache(maxsize=512)
def tokens(text: str) -> tuple[Token, ...]:
    """The parse of a text, kept: the build and the verifier read each page several times (its
    includes, its title, the files it names). The tokens are shared, so nobody may change them."""
    return tuple(parser().parse(text))
