"""The build's Markdown extension for Chinese line breaks (hooks/cjk_line_breaks.py), on its own.
test_site.py checks the built zh pages; this shows the extension is what makes them pass."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import markdown

HOOK = Path(__file__).resolve().parent.parent / "hooks" / "cjk_line_breaks.py"
WRAPPED = (
    "嵌入\n层把每个 ID\n转换成一个向量，\n**再**送入\n注意力。\n\n```\n代码\n里\n```\n\n한국어\n단어와 English\nwords\n"
)


def _extension():
    spec = importlib.util.spec_from_file_location("cjk_line_breaks", HOOK)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.CjkLineBreaks()


def test_a_wrapped_chinese_sentence_has_no_break_but_code_korean_and_english_keep_theirs():
    html = markdown.markdown(WRAPPED, extensions=[_extension(), "fenced_code"])
    assert "<p>嵌入层把每个 ID\n转换成一个向量，<strong>再</strong>送入注意力。</p>" in html
    assert "代码\n里" in html  # code is shown as written
    assert "한국어\n단어와 English\nwords" in html  # Korean and English words are separated by the break


def test_without_the_extension_the_break_stays():
    assert "嵌入\n层" in markdown.markdown(WRAPPED)
