"""The cheat sheet prints on two sides of A4, in every language, and nothing of it is left out.

Chromium prints each language's cheat sheet to an A4 PDF, as a reader's "Print" does, with the
site's print stylesheet (docs/en/assets/stylesheets/print.css). The PDF must have at most two
pages, begin with the page title (no menu, header or notice before it), and hold the first and
the last cell of every table: a print stylesheet that hid part of the page to make it fit would
fail. The same check must fail on the cheat sheet printed with larger type, with a row hidden,
or with a line before the title.
"""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from pypdf import PdfReader

from doccheck.plugin import fail_with
from doccheck.tour import LAPTOP, SETTLED, open_window
from hooks.core.urls import language_root, page_url

pytestmark = pytest.mark.browser

CHEAT_SHEET = "cheat-sheet.md"
MOST_PAGES = 2
# Printouts that must fail: each breaks one of the three rules
BROKEN_PRINTS = {
    "larger type": ".md-typeset .cheat-sheet { font-size: 0.8rem !important }",
    "a hidden row": "@media print { .md-typeset .cheat-sheet tr:last-child { display: none } }",
    "a line before the title": '@media print { .md-content article::before { content: "Menu" } }',
}

# The texts the printout must hold, read from the page as the browser shows it
WANTED_TEXTS = """() => {
  const article = document.querySelector(".md-content article");
  const title = article.querySelector("h1");
  const cells = [];
  for (const table of article.querySelectorAll("table")) {
    const all = [...table.querySelectorAll("td")];
    if (all.length) cells.push(all[0].textContent, all[all.length - 1].textContent);
  }
  return {title: title ? title.textContent.replace(/¶$/, "") : "", cells};
}"""


def _squeezed(text: str) -> str:
    """Text without white space or soft hyphens, since a PDF breaks lines where the page did not,
    and with ligatures spelled out (NFKC: the PDF's "ﬁ" is the page's "fi")."""
    return re.sub(r"[\s\u00ad]+", "", unicodedata.normalize("NFKC", text))


def printed_problems(tab, address: str) -> tuple[list[str], int]:
    """What is wrong with the printout of the page at ``address``, and its number of pages."""
    wanted = tab.evaluate(WANTED_TEXTS)
    reader = PdfReader(io.BytesIO(tab.pdf(format="A4")))
    pages = [page.extract_text() or "" for page in reader.pages]
    printed = _squeezed("".join(pages))
    problems = []
    if len(pages) > MOST_PAGES:
        problems.append(f"{address}: prints on {len(pages)} A4 pages, not {MOST_PAGES} at most")
    if not wanted["title"] or not _squeezed(pages[0]).startswith(_squeezed(wanted["title"])):
        start = " ".join(pages[0].split())[:60]
        problems.append(f"{address}: the printout starts with {start!r}, not the title {wanted['title']!r}")
    if not wanted["cells"]:
        problems.append(f"{address}: no table on the page; the check of what is printed checked nothing")
    for cell in wanted["cells"]:
        if _squeezed(cell) not in printed:
            problems.append(f"{address}: the printout leaves out the table cell {' '.join(cell.split())[:60]!r}")
    return problems, len(pages)


def _open_cheat_sheet(tab, server: str, project, language: str) -> str:
    address = server + language_root(project, language) + page_url(CHEAT_SHEET)
    tab.goto(address, wait_until="load")
    tab.evaluate(SETTLED)
    return address


@pytest.fixture(scope="module")
def tab(chromium):
    context = open_window(chromium, LAPTOP)
    yield context.new_page()
    context.close()


def test_the_cheat_sheet_prints_on_two_sides_of_a4(tab, server, project):
    problems = []
    for language in project.languages:
        address = _open_cheat_sheet(tab, server, project, language)
        problems += [f"[{language}] {p}" for p in printed_problems(tab, address)[0]]
    fail_with(problems)


@pytest.mark.parametrize("break_", list(BROKEN_PRINTS))
def test_the_print_check_fails_on_a_broken_printout(tab, server, project, break_):
    address = _open_cheat_sheet(tab, server, project, project.source_language)
    tab.add_style_tag(content=BROKEN_PRINTS[break_])
    tab.evaluate(SETTLED)
    problems, pages = printed_problems(tab, address)
    assert problems, f"the cheat sheet printed with {BROKEN_PRINTS[break_]!r} passes the check ({pages} pages)"
