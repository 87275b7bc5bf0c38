"""The build highlights each code block once for every language (hooks/highlight_once.py): what it
remembers must be exactly what pymdownx.highlight would have answered, for every setting that
changes the answer."""

from __future__ import annotations

import markdown
import pytest
from pymdownx.highlight import Highlight

from hooks.highlight_once import highlight_each_block_once

BLOCKS = [
    '```python title="snippets/a.py"\nx = 1\nprint(x)\n```\n',
    '```python title="Output"\nx = 1\nprint(x)\n```\n',  # the same code under another title
    '```python hl_lines="2"\nx = 1\nprint(x)\n```\n',
    "```text\ntensor([1., 2.])\n```\n",
    "Some `#!python len(x)` inline.\n",
]
SETTINGS = [  # pymdownx.highlight's, each changing what the same block becomes
    {},
    {"linenums": True},
    {"anchor_linenums": True, "line_spans": "__span"},
    {"pygments_lang_class": True},
]


def convert(text: str, settings: dict) -> str:
    md = markdown.Markdown(
        extensions=["pymdownx.highlight", "pymdownx.superfences", "pymdownx.inlinehilite"],
        extension_configs={"pymdownx.highlight": settings},
    )
    return md.convert(text)


@pytest.fixture
def remembering():
    undo = highlight_each_block_once()
    try:
        yield Highlight.highlight.remembered
    finally:
        undo()


def test_every_block_becomes_what_pymdownx_makes_of_it():
    expected = {(b, i): convert(b, s) for b in BLOCKS for i, s in enumerate(SETTINGS)}
    undo = highlight_each_block_once()
    try:
        # twice: the second round is answered from memory, in another order
        for _ in range(2):
            for (block, index), html in reversed(expected.items()):
                assert convert(block, SETTINGS[index]) == html, f"{block!r} with {SETTINGS[index]}"
    finally:
        undo()


def test_inline_code_is_highlighted_every_time(remembering):
    convert(BLOCKS[-1], {})
    assert len(remembering) == 0, "inline code is an element of one page's tree; it cannot be shared"


def test_a_block_seen_before_is_not_highlighted_again(remembering):
    convert(BLOCKS[0], {})
    assert len(remembering) == 1
    convert(BLOCKS[0], {})
    assert len(remembering) == 1, "the same block with the same settings was highlighted again"
    convert(BLOCKS[1], {})
    assert len(remembering) == 2, "a block under another title was taken for the first"


def test_a_title_that_goes_to_the_stash_is_highlighted_every_time(remembering):
    block = '```python title="<b>a.py</b>" title_mode="html"\nx = 1\n```\n'
    first, second = (convert(block, {}) for _ in range(2))
    assert "<b>a.py</b>" in first and first == second
    assert len(remembering) == 0


def test_the_memory_is_gone_after_the_build():
    original = Highlight.highlight
    undo = highlight_each_block_once()
    assert Highlight.highlight is not original
    undo()
    assert Highlight.highlight is original
