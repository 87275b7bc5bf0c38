"""The phone layout, measured in Chromium at 390 px (a phone: touch, no hover), in every language.

* The edit button does not cover the page title: its box meets none of the title's lines.
* A notebook's printed output keeps its lines: no line wraps, and a wide one scrolls inside the
  output's box, which stays on the screen.
* A table wider than the screen scrolls inside its box, which stays on the screen.
* Korean breaks lines between words, never inside a word (a run of Hangul syllables).

(That no page scrolls sideways at all is tests/browser/test_browser_math.py's check: a formula is what
makes a page wider than a phone.)

Pages: one of each type (home, a chapter, the glossary), every notebook page and every page with a
table, found in the built site. Each check is also run once on a page broken on purpose
(``BREAKS``), and must fail there: a check that cannot fail proves nothing. The styles that make
these hold are Material's and docs/en/assets/stylesheets/accessible-pages.css.
"""

from __future__ import annotations

import pytest

from doccheck.plugin import fail_with
from doccheck.site import BuiltPage
from doccheck.tour import PHONE, SETTLED, Probe, open_window
from hooks.core.urls import language_root, page_url

pytestmark = pytest.mark.browser


# Each check returns what is wrong on the page, and how many elements it looked at. It is given
# the phone's width: a page wider than that makes Chromium's layout viewport (innerWidth) wider.
CHECKS = {
    "edit button": """(screen) => {
      const title = document.querySelector(".md-content article h1");
      const buttons = [...document.querySelectorAll(".md-content .md-content__button")];
      if (!title || !buttons.length) return {looked: 0, problems: []};
      const range = document.createRange();
      range.selectNodeContents(title);
      const lines = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
      const problems = [];
      const round = Math.round;
      const at = r => `x ${round(r.left)}..${round(r.right)}, y ${round(r.top)}..${round(r.bottom)}`;
      for (const button of buttons) {
        const b = button.getBoundingClientRect();
        if (b.left < 0 || b.right > screen) problems.push(`the edit button is off the screen (${at(b)})`);
        const hit = lines.find(r => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom);
        const words = title.textContent.trim().slice(0, 40);
        if (hit) problems.push(`the edit button (${at(b)}) covers a line of the title "${words}" (${at(hit)})`);
      }
      return {looked: buttons.length, problems};
    }""",
    "notebook outputs": """(screen) => {
      const problems = [];
      const outputs = [...document.querySelectorAll(".md-content .jupyter-wrapper .jp-OutputArea-output pre")];
      let scrolling = 0;
      outputs.forEach((pre, index) => {
        // the same text laid out without wrapping: a wrapped output is taller
        const flat = pre.cloneNode(true);
        Object.assign(flat.style, {whiteSpace: "pre", position: "absolute", visibility: "hidden", width: "auto"});
        pre.parentElement.append(flat);
        const wrapped = pre.scrollHeight > flat.scrollHeight + 1;  // heights without a scrollbar
        flat.remove();
        const name = `output ${index + 1} ("${pre.textContent.split("\\n")[0].slice(0, 40)}")`;
        if (wrapped) problems.push(`${name} wraps its lines instead of scrolling`);
        const box = pre.getBoundingClientRect();
        const span = `x ${Math.round(box.left)}..${Math.round(box.right)}`;
        if (box.left < 0 || box.right > screen + 0.5) problems.push(`${name} runs off the screen (${span})`);
        if (pre.scrollWidth > pre.clientWidth + 1) {
          if (/auto|scroll/.test(getComputedStyle(pre).overflowX)) scrolling += 1;
          else problems.push(`${name} is wider than its box, which does not scroll`);
        }
      });
      return {looked: outputs.length, scrolling, problems};
    }""",
    "tables": """(screen) => {
      const problems = [];
      const article = document.querySelector(".md-content article");
      const tables = [...article.querySelectorAll("table")];
      const onScreen = r => r.left >= -0.5 && r.right <= screen + 0.5;
      let scrolling = 0;
      tables.forEach((table, index) => {
        const name = `table ${index + 1} ("${(table.querySelector("th, td")?.textContent || "").trim().slice(0, 30)}")`;
        // from the table outwards, the first box on the screen that scrolls sideways holds it
        let box = null;
        for (let e = table; e && e !== article && !box; e = e.parentElement)
          if (/auto|scroll/.test(getComputedStyle(e).overflowX) && onScreen(e.getBoundingClientRect())) box = e;
        const t = table.getBoundingClientRect();
        if (box && box.scrollWidth > box.clientWidth + 1) scrolling += 1;
        const span = `x ${Math.round(t.left)}..${Math.round(t.right)}`;
        if (!box && !onScreen(t)) problems.push(`${name} runs off the screen (${span}) in no box that scrolls`);
      });
      return {looked: tables.length, scrolling, problems};
    }""",
    "Korean words": """(screen) => {
      // every run of Hangul syllables in the article's prose stays on one line
      const article = document.querySelector(".md-content article");
      if (!article || document.documentElement.lang !== "ko") return {looked: 0, problems: []};
      const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      const problems = [];
      let looked = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest("pre, code, kbd, samp, math, script, style, svg")) continue;
        for (const word of node.data.matchAll(/[\uac00-\ud7a3]+/g)) {
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
          if (!lines.size) continue;  // not shown (a closed box)
          looked += 1;
          if (lines.size > 1) problems.push(`"${word[0]}" is split across ${lines.size} lines`);
        }
      }
      return {looked, problems};
    }""",
}

# How to break each check's subject: (page, a stylesheet added to it)
BREAKS = {
    "edit button": ("chapter", ".md-typeset .md-content__button { float: none; position: absolute; left: 1rem; }"),
    "notebook outputs": (
        "notebook",
        ".jupyter-wrapper .jp-OutputArea-output pre"
        " { white-space: pre-wrap !important; word-break: break-all !important }",
    ),
    "tables": ("glossary", ".md-typeset__scrollwrap { overflow-x: visible !important }"),
    "Korean words": ("chapter", ":lang(ko) .md-typeset { word-break: normal !important }"),
}


def _visit(tab, address: str) -> None:
    tab.goto(address, wait_until="load")
    tab.evaluate(SETTLED)


def _kinds(project) -> dict[str, str]:
    files = project.page_files(project.source_language)
    notebooks = [relative for relative in files if relative.endswith(".ipynb")]
    return {
        "home": "",
        "chapter": page_url("rope/idea.md"),
        "notebook": page_url(notebooks[0]) if notebooks else "",
        "glossary": page_url("glossary.md"),
    }


def _wanted(page: BuiltPage, project) -> bool:
    """One page of each type (home, a chapter, the glossary), every notebook page, every page
    with a table, and every Korean page (its words must not break)."""
    chosen = {"", page_url("rope/idea.md"), page_url("glossary.md")}
    inside = page.url.removeprefix(language_root(project, page.language))
    html = page.path.read_text(encoding="utf-8")
    korean = page.language == "ko"
    return korean or inside in chosen or "<table" in html or 'class="jupyter-wrapper"' in html


PHONE_PROBE = Probe(
    "phone layout",
    lambda tab, page, window, project: {name: tab.evaluate(script, window.width) for name, script in CHECKS.items()},
    (PHONE,),
    wants=_wanted,
)
PROBES = [PHONE_PROBE]


@pytest.fixture(scope="module")
def measured(tour) -> list[tuple[str, dict]]:
    """(page address, {check: result}) for each page the phone checks visit."""
    return [(f"/{look.page.url}", look.result) for look in tour.looks(PHONE_PROBE)]


def _judge(measured, check: str, need: str | None = None) -> None:
    problems = [f"{address} (390 px): {p}" for address, results in measured for p in results[check]["problems"]]
    if not any(results[check]["looked"] for _, results in measured):
        problems.append(f"{check}: nothing to look at on {len(measured)} pages; the check checked nothing")
    if need and not any(results[check].get("scrolling") for _, results in measured):
        problems.append(f"{check}: {need}")
    fail_with(problems)


def test_the_edit_button_does_not_cover_the_title(measured):
    _judge(measured, "edit button")


def test_notebook_outputs_scroll_rather_than_wrap(measured):
    _judge(measured, "notebook outputs", need="no output is wider than a phone: nothing shows that one scrolls")


def test_tables_scroll_inside_their_box(measured):
    _judge(measured, "tables", need="no table is wider than a phone: nothing shows that one scrolls")


def test_korean_breaks_lines_between_words_only(measured):
    _judge(measured, "Korean words")


@pytest.mark.parametrize("check", list(BREAKS))
def test_each_check_fails_on_a_broken_layout(chromium, server, project, check):
    """The check passes on the page as built, in every language, and reports a problem in at
    least one language once the page is broken."""
    kind, stylesheet = BREAKS[check]
    context = open_window(chromium, PHONE)
    tab = context.new_page()
    passing, failing = [], []
    for language in project.languages:
        _visit(tab, server + language_root(project, language) + _kinds(project)[kind])
        passing += [f"[{language}] {p}" for p in tab.evaluate(CHECKS[check], PHONE.width)["problems"]]
        tab.add_style_tag(content=stylesheet)
        tab.evaluate(SETTLED)
        failing += tab.evaluate(CHECKS[check], PHONE.width)["problems"]
    context.close()
    assert not passing, f"{check} on the {kind} page as built: {passing}"
    assert failing, f"{check}: the {kind} page broken with {stylesheet!r} passes the check in every language"
