"""The scaling explorer on the long-context page (assets/javascripts/scaling-explorer.js), in
Chromium, in every language: set to each factor and trained length that
snippets/rope/scaling_explorer.py prints, its table shows the snippet's scale factors for the five
methods at seven pairs, to the same 4 decimals (a Polish page writes them with a decimal comma);
its sliders move by keyboard; its drawing follows the light and the dark colour scheme, readable
in both, and axe finds nothing serious in it; without JavaScript the page says what the explorer needs. An
explorer for another base must fail the comparison: a check that cannot fail proves nothing."""

from __future__ import annotations

import math
import re

import pytest

from doccheck.interactive import (
    in_both_schemes,
    in_every_language,
    open_page,
    rebuild_with,
    set_sliders,
    snippet_output,
    without_javascript,
)
from doccheck.plugin import fail_with
from doccheck.tour import LAPTOP, PHONE, open_window
from hooks.core.languages import written

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
    printed = snippet_output(project, SNIPPET)
    found: list[tuple[int, int, list[list[str]]]] = []
    for line in printed.splitlines():
        if match := SETTING.match(line):
            found.append((int(match["s"]), int(match["trained"]), []))
        elif match := ROW.match(line):
            found[-1][2].append(match["numbers"].split())
    assert len(found) >= 3 and all(len(rows) == 5 for *_, rows in found), f"unexpected output:\n{printed}"
    return found


def _set(tab, s: int, trained: int) -> list[list[str]]:
    exponents = [str(int(math.log2(s))), str(int(math.log2(trained)))]  # the sliders move by powers of 2
    return tab.evaluate(TABLE, set_sliders(tab, ".scaling-explorer", exponents))


def _differences(tab, settings, language: str) -> list[str]:
    problems = []
    for s, trained, rows in settings:
        shown = _set(tab, s, trained)
        want = [[written(n, language) for n in row] for row in rows]
        if shown != want:
            problems.append(f"s = {s}, L = {trained}: the explorer shows {shown}, the snippet prints {want}")
    return problems


@pytest.mark.parametrize("window", [LAPTOP, PHONE], ids=str)
def test_the_explorer_shows_what_its_snippet_prints(chromium, server, project, settings, window):
    def compare(tab, language: str) -> list[str]:
        return _differences(tab, settings, language)

    fail_with(in_every_language(chromium, server, project, window, PAGE, ".scaling-explorer", compare))


def test_the_explorer_moves_by_keyboard(chromium, server, project):
    """Tab to the factor slider and press the right arrow: s doubles, and position interpolation's
    factor halves."""
    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    problems = []
    for language in project.languages:
        open_page(tab, server, project, language, PAGE)
        before = _set(tab, 4, 2048)
        tab.locator(".scaling-explorer input[type=range]").nth(0).focus()
        tab.keyboard.press("ArrowRight")
        after = tab.evaluate(TABLE, tab.locator(".scaling-explorer").element_handle())
        if (before[0][0], after[0][0]) not in (("0.2500", "0.1250"), ("0,2500", "0,1250")):
            problems.append(f"[{language}] the arrow key did not take s from 4 to 8: {before[0]} -> {after[0]}")
    context.close()
    fail_with(problems)


def test_without_javascript_the_page_says_what_the_explorer_needs(chromium, server, project):
    fail_with(without_javascript(chromium, server, project, PAGE, ".scaling-explorer"))


def test_the_comparison_fails_on_an_explorer_with_another_base(chromium, server, project, settings):
    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    open_page(tab, server, project, project.source_language, PAGE)
    rebuild_with(tab, ".scaling-explorer", "scaling-explorer.js", base="500000")  # Llama 3's base, not 10000
    problems = _differences(tab, settings, project.source_language)
    context.close()
    assert problems, "an explorer for base 500000 shows what the snippet prints for base 10000"


def test_the_explorer_reads_in_both_colour_schemes(chromium, server, project):
    fail_with(in_both_schemes(chromium, server, project, PAGE, ".scaling-explorer"))
