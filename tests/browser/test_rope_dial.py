"""The RoPE dial on the properties page (assets/javascripts/rope-dial.js), in Chromium, in every
language: set to each setting that snippets/rope/rope_dial.py prints, it shows the snippet's angle
and score to the same 4 decimals (written as the page's language writes numbers: a Polish page
with a decimal comma and a minus sign); its sliders
move by keyboard; its drawing follows the light and the dark colour scheme, readable in both, and
axe finds nothing serious in it; without JavaScript the page shows the static figure and says what the dial
needs. A dial whose pair turns by another angle per position must fail the comparison: a check
that cannot fail proves nothing."""

from __future__ import annotations

import re

import pytest

from doccheck.interactive import (
    colour_problems,
    in_both_schemes,
    in_every_language,
    open_page,
    rebuild_with,
    set_sliders,
    snippet_output,
    without_javascript,
)
from doccheck.plugin import fail_with
from doccheck.tour import LAPTOP, LAPTOP_DARK, PHONE, open_window
from hooks.core.languages import written

pytestmark = pytest.mark.browser

PAGE = "rope/properties.md"
SNIPPET = "rope/rope_dial.py"
PRINTED = re.compile(
    r"query at (?P<query>\d+), key at (?P<key>\d+), both moved by (?P<shift>\d+): "
    r"angle (?P<angle>-?\d+\.\d+) rad, score (?P<score>-?\d+\.\d+)"
)
SHOWN = """(dial) => ({
  angle: dial.querySelector(".rope-dial__angle").textContent,
  score: dial.querySelector(".rope-dial__score").textContent,
  sliders: [...dial.querySelectorAll("input[type=range]")].map(input => input.value),
})"""


@pytest.fixture(scope="module")
def settings(project) -> list[dict[str, str]]:
    """What the snippet prints: one setting of the three sliders, and its angle and score, a line."""
    printed = snippet_output(project, SNIPPET)
    found = [match.groupdict() for match in PRINTED.finditer(printed)]
    assert len(found) == len(printed.strip().splitlines()) >= 3, f"unexpected output:\n{printed}"
    return found


def _set(tab, setting: dict[str, str]) -> dict:
    return tab.evaluate(SHOWN, set_sliders(tab, ".rope-dial", [setting[n] for n in ("query", "key", "shift")]))


def _differences(tab, settings: list[dict[str, str]], language: str) -> list[str]:
    problems = []
    for setting in settings:
        shown = _set(tab, setting)
        for name in ("angle", "score"):
            want = written(setting[name], language)
            if shown[name] != want:
                problems.append(
                    f"query {setting['query']}, key {setting['key']}, shift {setting['shift']}: the dial shows"
                    f" {name} {shown[name]}, the snippet prints {setting[name]}"
                )
    return problems


@pytest.mark.parametrize("window", [LAPTOP, PHONE], ids=str)
def test_the_dial_shows_what_its_snippet_prints(chromium, server, project, settings, window):
    def compare(tab, language: str) -> list[str]:
        return _differences(tab, settings, language)

    fail_with(in_every_language(chromium, server, project, window, PAGE, ".rope-dial", compare))


def test_the_dial_moves_by_keyboard(chromium, server, project, settings):
    """Tab to the shift slider and press the right arrow: both positions move, the numbers stay."""
    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    problems = []
    for language in project.languages:
        open_page(tab, server, project, language, PAGE)
        before = _set(tab, settings[0])
        shift = tab.locator(".rope-dial input[type=range]").nth(2)
        shift.focus()
        for _ in range(3):
            tab.keyboard.press("ArrowRight")
        after = tab.evaluate(SHOWN, tab.locator(".rope-dial").element_handle())
        if int(after["sliders"][2]) != int(before["sliders"][2]) + 3:
            moved = f"{before['sliders']} -> {after['sliders']}"
            problems.append(f"[{language}] the arrow key did not move the shift: {moved}")
        if (after["angle"], after["score"]) != (before["angle"], before["score"]):
            problems.append(f"[{language}] moving both positions changed the numbers: {before} -> {after}")
    context.close()
    fail_with(problems)


def test_without_javascript_the_page_keeps_the_figure(chromium, server, project, site_dir):
    problems = without_javascript(chromium, server, project, PAGE, ".rope-dial")
    for language in project.languages:  # the static figure is on the page, JavaScript or not
        if not (site_dir / "assets/figures" / language / "rope-shift.svg").is_file():
            problems.append(f"[{language}] no static figure of the shift")
    fail_with(problems)


def test_the_comparison_fails_on_a_dial_that_turns_by_another_angle(chromium, server, project, settings):
    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    open_page(tab, server, project, project.source_language, PAGE)
    rebuild_with(tab, ".rope-dial", "rope-dial.js", theta="0.5")  # 0.5 rad per position, not 0.4
    problems = _differences(tab, settings, project.source_language)
    context.close()
    assert problems, "a dial turning by 0.5 rad per position shows what the snippet prints for 0.4"


def test_the_dial_reads_in_both_colour_schemes(chromium, server, project):
    fail_with(in_both_schemes(chromium, server, project, PAGE, ".rope-dial"))


def test_the_colour_check_fails_on_a_white_drawing_on_a_dark_page(chromium, server, project):
    """The drawing as it was before it had dark colours, and a pale key: both must be named."""
    context = open_window(chromium, LAPTOP_DARK)
    tab = context.new_page()
    open_page(tab, server, project, project.source_language, PAGE)
    tab.add_style_tag(content=".rope-dial { --figure-paper: #fff !important; --figure-key: #ffd0b0 !important; }")
    problems = colour_problems(tab, ".rope-dial")
    context.close()
    assert any("stands out from the page" in p for p in problems), problems
    assert any(p.startswith("text 'k (") for p in problems), problems
