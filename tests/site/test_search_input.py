"""Material's search indexes the same words from the lighter HTML the build hands it
(hooks/search_input.py): on every built page, its parser yields the same sections, titles and
texts from ``indexed_html(article)`` as from the article with the LaTeX source marked excluded,
which is how the build handed formulas to the search before."""

from __future__ import annotations

import re

import pytest
from material.plugins.search.plugin import Parser

from doccheck.plugin import fail_with
from doccheck.site import built_pages
from hooks.search_input import indexed_html

TEX_SOURCE = '<annotation encoding="application/x-tex">'
TEX_SOURCE_EXCLUDED = '<annotation encoding="application/x-tex" data-search-exclude="1">'
ARTICLE = re.compile(r"<article\b[^>]*>(.*)</article>", re.DOTALL)  # the raw HTML, as Material reads it


def sections(content: str) -> list[tuple[str, str, str]]:
    """(heading id, title, text) of each section Material's search would index."""
    parser = Parser()
    parser.feed(content)
    parser.close()
    return [(section.id or "", "".join(section.title), "".join(section.text)) for section in parser.data]


def first_difference(expected: list, found: list) -> str:
    for index, (before, after) in enumerate(zip(expected, found, strict=False)):
        if before != after:
            at = next((i for i, (a, b) in enumerate(zip(before[2], after[2], strict=False)) if a != b), 0)
            was, now = before[2][at - 40 : at + 40], after[2][at - 40 : at + 40]
            return f"section {index} ({before[0] or 'top'}): {was!r} became {now!r}"
    return f"{len(expected)} sections became {len(found)}"


def test_the_search_indexes_the_same_words_from_the_lighter_html(project, site_dir):
    problems = []
    for page in built_pages(project, site_dir):
        found = ARTICLE.search(page.path.read_text(encoding="utf-8"))
        if found is None:
            continue
        article = found.group(1)
        expected = sections(article.replace(TEX_SOURCE, TEX_SOURCE_EXCLUDED))
        light = indexed_html(article)
        got = sections(light)
        if got != expected:
            problems.append(f"{page}: {first_difference(expected, got)}")
        elif "<pre" in article and len(light) >= len(article):
            problems.append(f"{page}: the search gets the whole page; the code's markup should be gone")
    fail_with(problems)


@pytest.mark.parametrize(
    "content",
    [
        "<p>a <math><mi>x</mi>\n<mo>=</mo>&#160;<mn>1</mn>"
        '<semantics><annotation encoding="application/x-tex">x=1</annotation></semantics></math></p>',
        '<pre><span></span><code><span class="k">def</span> <span class="nf">f</span>():\n'
        '    <span class="k">pass</span>\n</code></pre>',
        "<h2 id='a'>A <code>x</code></h2><pre><code>  <span>indented</span>\n\n</code></pre><p>after</p>",
    ],
    ids=["formula", "code", "heading-then-code"],
)
def test_the_lighter_html_keeps_each_word_and_space(content):
    expected = sections(content.replace(TEX_SOURCE, TEX_SOURCE_EXCLUDED))
    assert sections(indexed_html(content)) == expected
    assert "x=1" not in "".join(text for _, _, text in sections(indexed_html(content)))


def test_a_page_that_uses_materials_search_attributes_is_handed_over_as_it_is():
    content = '<div data-search-exclude><pre><span class="k">x</span></pre></div>'
    assert indexed_html(content) == content
