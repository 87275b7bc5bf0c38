"""The scaling explorer on the long-context page (assets/javascripts/scaling-explorer.js), in
Chromium, in every language: set to each factor and trained length that
snippets/rope/scaling_explorer.py prints, its table shows the snippet's scale factors for the five
methods at seven pairs, to the same 4 decimals (a Polish page writes them with a decimal comma);
its sliders move by keyboard; without JavaScript the page says what the explorer needs. An
explorer for another base must fail the comparison: a check that cannot fail proves nothing."""

from __future__ import annotations

import math
import re
import subprocess
import sys

import pytest

from doccheck.plugin import fail_with
from doccheck.tour import LAPTOP, PHONE, SETTLED, open_window
from hooks.core.languages import written
from hooks.core.urls import language_root, page_url

pytestmark = pytest.mark.browser

PAGE = "rope/long-context.md"
SNIPPET = "rope/scaling_explorer.py"
SETTING = re.compile(r"^s = (?P<s>\d+), L = (?P<trained>\d+):")
ROW = re.compile(r"^  (?P<method>.+?)\s+(?P<numbers>(?:\s+\d+\.\d{4})+)$")
TABLE = """(explorer) => [...explorer.querySelectorAll("tbody tr")].map(
  row => [...row.querySelectorAll("td")].map(cell => cell.textContent))"""


@pytest.fixture(scope="module")
def settings(project) -> list[tuple[int, int, list[list[str]]]]:
    """(s, L, the five methods' factors at the seven pairs) of each setting the snippet prints."""
    run = subprocess.run(
        [sys.executable, str(project.snippets_dir / SNIPPET)], capture_output=True, text=True, check=True
    )
    found: list[tuple[int, int, list[list[str]]]] = []
    for line in run.stdout.splitlines():
        if match := SETTING.match(line):
            found.append((int(match["s"]), int(match["trained"]), []))
        elif match := ROW.match(line):
            found[-1][2].append(match["numbers"].split())
    assert len(found) >= 3 and all(len(rows) == 5 for *_, rows in found), f"unexpected output:\n{run.stdout}"
    return found


def _set(tab, s: int, trained: int) -> list[list[str]]:
    explorer = tab.locator(".scaling-explorer")
    explorer.locator("input[type=range]").nth(0).fill(str(int(math.log2(s))))
    explorer.locator("input[type=range]").nth(1).fill(str(int(math.log2(trained))))
    return tab.evaluate(TABLE, explorer.element_handle())


def _differences(tab, settings, language: str) -> list[str]:
    problems = []
    for s, trained, rows in settings:
        shown = _set(tab, s, trained)
        want = [[written(n, language) for n in row] for row in rows]
        if shown != want:
            problems.append(f"s = {s}, L = {trained}: the explorer shows {shown}, the snippet prints {want}")
    return problems


def _open(tab, server, project, language: str) -> None:
    tab.goto(server + language_root(project, language) + page_url(PAGE), wait_until="load")
    tab.evaluate(SETTLED)


@pytest.mark.parametrize("window", [LAPTOP, PHONE], ids=str)
def test_the_explorer_shows_what_its_snippet_prints(chromium, server, project, settings, window):
    context = open_window(chromium, window)
    tab = context.new_page()
    problems = []
    for language in project.languages:
        _open(tab, server, project, language)
        if not tab.locator(".scaling-explorer.scaling-explorer--live").count():
            problems.append(f"[{language}] /{page_url(PAGE)}: no working explorer")
            continue
        problems += [f"[{language}] {p}" for p in _differences(tab, settings, language)]
    context.close()
    fail_with(problems)


def test_the_explorer_moves_by_keyboard(chromium, server, project):
    """Tab to the factor slider and press the right arrow: s doubles, and position interpolation's
    factor halves."""
    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    problems = []
    for language in project.languages:
        _open(tab, server, project, language)
        before = _set(tab, 4, 2048)
        tab.locator(".scaling-explorer input[type=range]").nth(0).focus()
        tab.keyboard.press("ArrowRight")
        after = tab.evaluate(TABLE, tab.locator(".scaling-explorer").element_handle())
        if (before[0][0], after[0][0]) not in (("0.2500", "0.1250"), ("0,2500", "0,1250")):
            problems.append(f"[{language}] the arrow key did not take s from 4 to 8: {before[0]} -> {after[0]}")
    context.close()
    fail_with(problems)


def test_without_javascript_the_page_says_what_the_explorer_needs(chromium, server, project):
    context = chromium.new_context(java_script_enabled=False)
    tab = context.new_page()
    problems = []
    for language in project.languages:
        tab.goto(server + language_root(project, language) + page_url(PAGE), wait_until="load")
        if tab.locator(".scaling-explorer input").count():
            problems.append(f"[{language}] sliders without JavaScript")
        if not tab.locator(".scaling-explorer p").inner_text().strip():
            problems.append(f"[{language}] the explorer's place says nothing without JavaScript")
    context.close()
    fail_with(problems)


def test_the_comparison_fails_on_an_explorer_with_another_base(chromium, server, project, settings):
    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    _open(tab, server, project, project.source_language)
    # the same page with an explorer for base 500000 (Llama 3's) instead of the snippet's 10000
    tab.evaluate("""() => {
      const explorer = document.querySelector(".scaling-explorer");
      const copy = explorer.cloneNode(false);
      copy.dataset.base = "500000";
      copy.className = "scaling-explorer";
      explorer.replaceWith(copy);
      const script = document.createElement("script");
      script.src = [...document.scripts].find(s => s.src.includes("scaling-explorer.js")).src + "?again";
      document.body.append(script);
      return new Promise(done => script.addEventListener("load", done));
    }""")
    problems = _differences(tab, settings, project.source_language)
    context.close()
    assert problems, "an explorer for base 500000 shows what the snippet prints for base 10000"
