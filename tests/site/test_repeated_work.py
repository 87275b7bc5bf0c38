"""The build answers repeated third-party work from memory (hooks/repeated_work.py): what it
remembers must be exactly what pymdownx.highlight and Material's search would have answered, for
every setting that changes the answer."""

from __future__ import annotations

import markdown
import pytest
from material.plugins.search.plugin import SearchIndex
from pymdownx.highlight import Highlight

from hooks.repeated_work import remember_repeated_work

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
    undo = remember_repeated_work()
    try:
        yield Highlight.highlight.remembered
    finally:
        undo()


def test_every_block_becomes_what_pymdownx_makes_of_it():
    expected = {(b, i): convert(b, s) for b in BLOCKS for i, s in enumerate(SETTINGS)}
    undo = remember_repeated_work()
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


def test_chinese_is_segmented_once_as_jieba_segments_it(monkeypatch):
    text = "旋转位置编码把每一对维度按位置转过一个角度 RoPE 2024"
    english, chinese = SearchIndex(lang=["en"]), SearchIndex(lang=["zh"])
    expected = english._segment_chinese(text)
    assert "\u200b" in expected  # segmented: the test compares something
    undo = remember_repeated_work()
    try:
        assert english._segment_chinese(text) == expected
        monkeypatch.setattr("jieba.cut", lambda *a, **k: pytest.fail("jieba ran again for a text it segmented"))
        assert english._segment_chinese(text) == expected
        with pytest.raises(pytest.fail.Exception):
            chinese._segment_chinese(text)  # other settings: segmented anew
    finally:
        undo()


def test_the_memory_is_gone_after_the_build():
    originals = Highlight.highlight, SearchIndex._segment_chinese
    undo = remember_repeated_work()
    assert Highlight.highlight is not originals[0] and SearchIndex._segment_chinese is not originals[1]
    undo()
    assert (Highlight.highlight, SearchIndex._segment_chinese) == originals
