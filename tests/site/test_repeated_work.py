"""The build answers repeated third-party work from memory (hooks/repeated_work.py): what it
remembers must be exactly what pymdownx.highlight and Material's search would have answered, for
every setting that changes the answer."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import markdown
import pytest
from material.plugins.search.plugin import SearchIndex
from mkdocs.commands.build import build
from mkdocs.config import load_config
from pymdownx.highlight import Highlight

from hooks.repeated_work import remember_repeated_work

ROOT = Path(__file__).resolve().parents[2]

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


SECTIONS = '<h1 id="rope">RoPE</h1><p>旋转位置编码把每一对维度转过一个角度</p><h2 id="rotation">Rotation</h2><p>x</p>'


def page(url: str = "rope/idea/", content: str = SECTIONS, heading: str = "Rotation") -> SimpleNamespace:
    toc = [SimpleNamespace(id="rotation", url="#rotation", title=heading, children=[])]
    return SimpleNamespace(url=url, title="RoPE", meta={}, toc=toc, content=content)


def test_a_page_is_indexed_once_as_material_indexes_it(monkeypatch):
    index = SearchIndex(lang=["en"])
    index.add_entry_from_context(page())
    expected = index.entries
    assert len(expected) == 2 and "\u200b" in expected[0]["text"]  # sections, Chinese segmented
    undo = remember_repeated_work()
    try:
        first, again = SearchIndex(lang=["en"]), SearchIndex(lang=["en"])
        first.add_entry_from_context(page())
        first.entries[0]["text"] = "changed by whoever received it"
        monkeypatch.setattr("material.plugins.search.plugin.Parser", lambda: pytest.fail("parsed again"))
        again.add_entry_from_context(page())
        assert again.entries == expected
        for other in (page(url="rope/other/"), page(heading="Turning"), page(content=SECTIONS + "<p>y</p>")):
            with pytest.raises(pytest.fail.Exception):  # another page: parsed anew
                SearchIndex(lang=["en"]).add_entry_from_context(other)
        with pytest.raises(pytest.fail.Exception):  # other settings: parsed anew
            SearchIndex(lang=["zh"]).add_entry_from_context(page())
    finally:
        undo()


def test_a_rebuild_from_memory_is_the_first_build_byte_for_byte(tmp_path):
    """What `mkdocs serve` does: the build plugin starts once, then builds again and again. The
    second build, answered from every memory the build keeps, writes the same site."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    configs = [load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path / name)) for name in ("first", "second")]
    configs[0].plugins.on_startup(command="serve", dirty=False)
    try:
        for config in configs:
            build(config)
    finally:
        configs[0].plugins.on_shutdown()
    first, second = (
        sorted(p.relative_to(tmp_path / n) for p in (tmp_path / n).rglob("*") if p.is_file())
        for n in ("first", "second")
    )
    assert first == second
    differing = [p for p in first if (tmp_path / "first" / p).read_bytes() != (tmp_path / "second" / p).read_bytes()]
    assert not differing, f"the rebuild wrote these otherwise: {differing[:10]}"


def test_the_memory_is_gone_after_the_build():
    originals = Highlight.highlight, SearchIndex.add_entry_from_context
    undo = remember_repeated_work()
    assert Highlight.highlight is not originals[0] and SearchIndex.add_entry_from_context is not originals[1]
    undo()
    assert (Highlight.highlight, SearchIndex.add_entry_from_context) == originals
