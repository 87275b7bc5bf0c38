"""Each language's typography, as its readers see it: the text of every built page (admonitions,
tables, links, notebooks' Markdown cells included; code blocks left out), under the rules its row
of hooks/core/languages.yml turns on.

* ``space_between_han_and_latin`` (Chinese): a Han character never touches a Latin letter, a digit,
  a code span or a formula; the space is in the source, also where a link's or a bold text's
  first or last word is Latin ("见 [RoPE](idea.md) 一节").
* ``parenthesis_keeps_to_its_word`` (Korean): no line break of the source sits between a word and
  the "(" after it. The browser shows a line break as a space, and a Korean gloss follows its word
  directly: "임베딩(embedding)", not "임베딩 (embedding)".

A problem names the language, the source file and line, and the text around it.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from doccheck.built_html import CODE_SPAN as CODE
from doccheck.built_html import FORMULA, read_page
from doccheck.plugin import fail_with
from doccheck.site import BuiltPage, built_pages
from hooks.core.languages import language as language_row
from hooks.core.project import Project
from hooks.core.urls import language_root, page_url

HAN, LATIN = r"\u4e00-\u9fff", rf"A-Za-z0-9{CODE}{FORMULA}"
HAN_TOUCHES_LATIN = re.compile(rf"(?=[{HAN}][{LATIN}]|[{LATIN}][{HAN}])")  # a lookahead: "用`…`的" is two
PARENTHESIS_ON_THE_NEXT_LINE = re.compile(r"[\uac00-\ud7a3]\n[ \t]*\(")


def sources(project: Project) -> dict[str, Path]:
    """The source file of every page and notebook, by its address in the built site."""
    return {
        language_root(project, language) + page_url(relative): path
        for language in project.languages
        for relative, path in project.page_files(language).items()
    }


def where(source: Path | None, root: Path, left: str, right: str) -> str:
    """The source file, and the line (a notebook: the cell) that holds the text around the problem
    if exactly one does."""
    if source is None:
        return "(no source file found)"
    left = left.split("\n")[-1].replace(CODE, "").replace(FORMULA, "")[-6:]
    right = right.split("\n")[0].replace(CODE, "").replace(FORMULA, "")[:6]
    shown = source.relative_to(root)
    if source.suffix == ".ipynb":
        units = [cell.source for cell in nbformat.read(source, as_version=4).cells]
        unit = "cell "
    else:
        units = source.read_text(encoding="utf-8").splitlines()
        unit = ""
    for clue in (left + right, left, right):
        found = [number for number, text in enumerate(units, start=1) if len(clue.strip()) > 1 and clue in text]
        if len(found) == 1:
            return f"{shown} {unit}{found[0]}" if unit else f"{shown}:{found[0]}"
    return str(shown)


def problems_of(page: BuiltPage, root: Path, source: Path | None) -> list[str]:
    row = language_row(page.language)
    if not (row.space_between_han_and_latin or row.parenthesis_keeps_to_its_word):
        return []
    text = read_page(page.path).reading_text()
    found = []
    rules = []
    if row.space_between_han_and_latin:
        rules.append((HAN_TOUCHES_LATIN, "a Han character touches Latin text, a code span or a formula: put a space"))
    if row.parenthesis_keeps_to_its_word:
        rules.append(
            (
                PARENTHESIS_ON_THE_NEXT_LINE,
                'a source line starts with "(" right after a word: readers see "word (": join the lines',
            )
        )
    for pattern, message in rules:
        for match in pattern.finditer(text):
            left, right = (
                text[max(0, match.start() - 20) : match.start() + 1],
                text[match.start() + 1 : match.start() + 21],
            )
            shown = text[max(0, match.start() - 20) : match.start() + 22].replace(CODE, "`…`").replace(FORMULA, "$…$")
            found.append(f"[{page.language}] {where(source, root, left, right)} ({page}): {message}: {shown!r}")
    return found


def test_every_page_follows_its_languages_typography(project, site_dir):
    source = sources(project)
    pages = built_pages(project, site_dir)
    fail_with([p for page in pages for p in problems_of(page, project.root, source.get(page.url))])


@pytest.mark.parametrize(
    "html, language, expected",
    [
        ("<article><p>使用<code>torch</code>的</p></article>", "zh", 2),
        ('<article><p>见<a href="x">RoPE</a>一节</p></article>', "zh", 2),
        ('<article><p>见 <a href="x">RoPE</a> 一节，共 8 对</p><pre>代码a</pre></article>', "zh", 0),
        ("<article><h1>标题</h1><p>RoPE 很好</p></article>", "zh", 0),
        ("<article><p>임베딩\n(embedding)은</p></article>", "ko", 1),
        ("<article><p>임베딩(embedding)은 두 점 (1, 2)와\n(2, 1)</p></article>", "ko", 1),
        ("<article><p>두 점 (1, 2)</p></article>", "ko", 0),
    ],
)
def test_the_rules_catch_what_they_guard(tmp_path, html, language, expected):
    page_file = tmp_path / "index.html"
    page_file.write_text(html, encoding="utf-8")
    found = problems_of(BuiltPage(page_file, f"{language}/", language), tmp_path, None)
    assert len(found) == expected, found
