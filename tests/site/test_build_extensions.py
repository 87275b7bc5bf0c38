"""The build's Markdown extensions for Chinese line breaks (hooks/cjk_line_breaks.py) and Polish
one-letter words (hooks/polish_no_break_spaces.py), on their own. test_site.py checks the built
zh and pl pages; these show the extensions are what makes them pass."""

from __future__ import annotations

import markdown

from hooks.cjk_line_breaks import CjkLineBreaks
from hooks.polish_no_break_spaces import PolishNoBreakSpaces

WRAPPED = (
    "嵌入\n层把每个 ID\n转换成一个向量，\n**再**送入\n注意力。\n\n```\n代码\n里\n```\n\n한국어\n단어와 English\nwords\n"
)


def test_a_wrapped_chinese_sentence_has_no_break_but_code_korean_and_english_keep_theirs():
    html = markdown.markdown(WRAPPED, extensions=[CjkLineBreaks(), "fenced_code"])
    assert "<p>嵌入层把每个 ID\n转换成一个向量，<strong>再</strong>送入注意力。</p>" in html
    assert "代码\n里" in html  # code is shown as written
    assert "한국어\n단어와 English\nwords" in html  # Korean and English words are separated by the break


def test_without_the_extension_the_break_stays():
    assert "嵌入\n层" in markdown.markdown(WRAPPED)


POLISH = (
    "W tabeli\nz kluczami *i* od treści, a `w kodzie` oraz z $a b$ i [łącze](x) w\n**tekście**.\n\n"
    "Słownik ma 32 000 tokenów, model 8 030 261 248 parametrów, pary 41 i 63, `1 000`.\n\n"
    "```\nw kodzie i tak\n```\n\n| a | i b |\n|---|---|\n| w tabeli | o x |\n"
)


def _polish(active: bool) -> str:
    extensions = [PolishNoBreakSpaces(active=lambda: active), "fenced_code", "tables", "pymdownx.arithmatex"]
    configs = {"pymdownx.arithmatex": {"generic": True}}
    return markdown.markdown(POLISH, extensions=extensions, extension_configs=configs)


def test_a_polish_one_letter_word_is_tied_to_the_next_word_but_not_in_code_or_math():
    html = _polish(active=True).replace("\u00a0", "~")
    assert "<p>W~tabeli\nz~kluczami <em>i</em>~od treści, a~<code>w kodzie</code> oraz z~<span" in html
    assert r"\(a b\)" in html and "i~<a href" in html and "w~<strong>" in html
    assert "w kodzie i tak" in html  # preformatted code is shown as written
    assert "<td>w~tabeli</td>" in html and "<th>i~b</th>" in html
    assert "32~000 tokenów" in html and "8~030~261~248 parametrów" in html  # a number keeps its groups
    assert "pary 41 i~63" in html and "<code>1 000</code>" in html  # two numbers, and code, are left alone


def test_on_other_pages_one_letter_words_keep_their_spaces():
    assert "\u00a0" not in _polish(active=False)
