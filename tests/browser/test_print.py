"""The cheat sheet prints on two sides of A4, in every language, and nothing of it is left out.

Chromium prints each language's cheat sheet to an A4 PDF, as a reader's "Print" does, with the
site's print stylesheet (docs/en/assets/stylesheets/print.css): the PDF must have at most two
pages (pypdf counts them). What is on those pages is read from the page laid out for print, not
from the PDF's text, whose CJK characters come back as look-alike radicals: the site's interface
(header, menus, footer) prints nothing before the title, every heading, paragraph and table cell
of the article is laid out, and no table is wider than the paper. A print stylesheet that hid a
row, or cut a table, to make the sheet fit would fail. Each rule must also fail on a printout
broken on purpose (``BROKEN_PRINTS``).
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from doccheck.plugin import fail_with
from doccheck.tour import SETTLED, Window, open_window
from hooks.core.urls import language_root, page_url

pytestmark = pytest.mark.browser

CHEAT_SHEET = "cheat-sheet.md"
MOST_PAGES = 2
# The printable width of A4 with print.css's side margins: 210 mm - 2 x 9 mm, at 96 px per inch
PAPER = Window("A4", round((210 - 2 * 9) / 25.4 * 96), 1123)

# Printouts that must fail: each breaks one of the rules
BROKEN_PRINTS = {
    "larger type": ".md-typeset .cheat-sheet { font-size: 0.8rem !important }",
    "a hidden row": "@media print { .md-typeset .cheat-sheet tr:last-child { display: none } }",
    "the header printed": "@media print { .md-header { display: block !important; position: static !important } }",
    "a table cut": "@media print { .md-typeset .cheat-sheet table:not([class]) { min-width: 120vw } }",
}

# What is wrong with the page as laid out for print
LAYOUT_PROBLEMS = """() => {
  const problems = [];
  const article = document.querySelector(".md-content article");
  const title = article && article.querySelector("h1");
  if (!title) return ["no title"];
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const transparent = e => { for (; e; e = e.parentElement) if (getComputedStyle(e).opacity === "0") return true; };
  // text the printout shows before the title: the site's interface, a notice
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim() || !(title.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING)) continue;
    const parent = node.parentElement;
    if (parent.closest("script, style, template, noscript, svg") || !shown(parent) || transparent(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some(r => r.width > 0 && r.height > 0)) {
      problems.push(`"${node.data.trim().slice(0, 40)}" is printed before the title`);
      break;
    }
  }
  const blocks = [...article.querySelectorAll("h1, h2, p, li, th, td")];
  for (const block of blocks) {
    const words = block.textContent.trim().slice(0, 40);
    if (!shown(block)) problems.push(`${block.tagName.toLowerCase()} "${words}" is not printed`);
  }
  const edge = article.getBoundingClientRect().right;
  for (const table of article.querySelectorAll("table")) {
    const right = table.getBoundingClientRect().right;
    const over = Math.round(right - edge);
    if (over > 1) problems.push(`a table is ${over} px wider than the paper: its right side is cut`);
  }
  if (!article.querySelector("table")) problems.push("no table on the page: the check checked nothing");
  return problems;
}"""


def printed_problems(tab, address: str) -> tuple[list[str], int]:
    """What is wrong with the printout of the page open in ``tab``, and its number of pages."""
    pages = len(PdfReader(io.BytesIO(tab.pdf(format="A4"))).pages)
    tab.emulate_media(media="print")
    tab.evaluate(SETTLED)
    problems = [f"{address}: {problem}" for problem in tab.evaluate(LAYOUT_PROBLEMS)]
    tab.emulate_media(media="null")  # back to no emulation: a later pdf() prints with print CSS again
    if pages > MOST_PAGES:
        problems.insert(0, f"{address}: prints on {pages} A4 pages, not {MOST_PAGES} at most")
    return problems, pages


def _open_cheat_sheet(tab, server: str, project, language: str) -> str:
    address = server + language_root(project, language) + page_url(CHEAT_SHEET)
    tab.goto(address, wait_until="load")
    tab.evaluate(SETTLED)
    return address


@pytest.fixture(scope="module")
def tab(chromium):
    context = open_window(chromium, PAPER)
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
