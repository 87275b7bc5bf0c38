"""Math in Chromium, on a phone (390 px, touch) and on a laptop (1280 px): every page with math,
in every language, of the site that ``built_site`` built once, measured by the tour
(doccheck.tour) once the page has settled.

* The math font has loaded: the page declares STIX Two Math (hooks/assets/math.css), the browser
  has loaded it (``FontFace.status``, and ``document.fonts.check``, which alone would also be true
  for a font that no stylesheet declares), and ``math`` is set in it.
* No display equation is clipped: a box narrower than its formula (scrollWidth > clientWidth) is
  only allowed when it scrolls sideways (overflow-x auto or scroll) and a keyboard can reach it
  (tabindex >= 0) and a screen reader names it (aria-label).
* The page itself does not scroll sideways (documentElement.scrollWidth <= the window's width).
* An inline formula keeps the brackets and punctuation written beside it on its line.

Display equations that scroll are listed in test-artifacts/math-overflow.json, for a human to
judge whether they should be split with ``aligned``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from doccheck.plugin import fail_with
from doccheck.site import BuiltPage
from doccheck.tour import LAPTOP, PHONE, Probe, Window

pytestmark = pytest.mark.browser

FAMILY = "STIX Two Math"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

# An inline formula whose "(" ends the line before it, or whose ")" or "," starts the next line.
STRANDED = r"""
  const strandedPunctuation = () => {
  const found = [];
  const line = (node, start, end) => {
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    return range.getBoundingClientRect();
  };
  for (const box of document.querySelectorAll("article .arithmatex:not([tabindex])")) {
    const formula = box.getBoundingClientRect();
    const tex = (box.querySelector("annotation") || box).textContent.trim().slice(0, 40);
    const before = box.previousSibling, after = box.nextSibling;
    if (before && before.nodeType === 3 && /[(\[“‘（「]$/.test(before.data)
        && line(before, before.data.length - 1, before.data.length).bottom <= formula.top + 2)
      found.push(`"${before.data.slice(-1)}" ends the line before ${tex}`);
    if (after && after.nodeType === 3 && /^[)\]”’,.;:!?）」，。；：、！？]/.test(after.data)
        && line(after, 0, 1).top >= formula.bottom - 2)
      found.push(`"${after.data[0]}" starts the line after ${tex}`);
  }
  return found;
  };
"""

MEASURE = (
    """([family, screen]) => {"""
    + STRANDED
    + """
  const faces = [...document.fonts].filter(face => face.family.replace(/["']/g, "") === family);
  const math = document.querySelector("math");
  const boxes = [...document.querySelectorAll(".arithmatex")].filter(box => box.querySelector("math[display=block]"));
  const tex = box => (box.querySelector("annotation") || box).textContent.trim().replace(/\\s+/g, " ");
  // what makes the page wider than the window: the blocks of the article without which it is not
  const pageWidth = document.documentElement.scrollWidth;
  const wide = [];
  const article = document.querySelector("article") || document.body;
  if (pageWidth > screen)
    for (const block of article.children) {
      const display = block.style.display;
      block.style.display = "none";
      if (document.documentElement.scrollWidth < pageWidth)
        wide.push(`<${block.tagName.toLowerCase()}> "${block.textContent.trim().replace(/\\s+/g, " ").slice(0, 60)}"`);
      block.style.display = display;
    }
  return {
    declared: faces.length,
    statuses: faces.map(face => face.status),
    check: document.fonts.check(`16px "${family}"`),
    mathFamily: math ? getComputedStyle(math).fontFamily : null,
    equations: boxes.map(box => {
      const style = getComputedStyle(box);
      return {
        tex: tex(box),
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        overflowX: style.overflowX,
        tabIndex: box.tabIndex,
        label: (box.getAttribute("aria-label") || "").trim(),
      };
    }),
    pageWidth: pageWidth,
    screen: screen,
    wide: wide,
    stranded: strandedPunctuation(),
  };
}"""
)


def _has_math(page: BuiltPage, project) -> bool:
    return "<math" in page.path.read_text(encoding="utf-8")


def _measure(tab, page: BuiltPage, window: Window, project) -> dict:
    # a phone's window: Chromium widens its layout viewport (innerWidth) for a page wider than
    # the screen, so the page is measured against the window's own width
    return tab.evaluate(MEASURE, [FAMILY, window.width])


MATH_PROBE = Probe("math", _measure, (PHONE, LAPTOP), wants=_has_math)
PROBES = [MATH_PROBE]


@pytest.fixture(scope="module")
def measurements(tour) -> dict[Window, list[tuple[BuiltPage, dict]]]:
    """Every page with math, measured by the tour on a phone and on a laptop, once settled."""
    by_window: dict[Window, list[tuple[BuiltPage, dict]]] = {window: [] for window in MATH_PROBE.windows}
    for look in tour.looks(MATH_PROBE):
        by_window[look.window].append((look.page, look.result))
    assert all(by_window.values()), "no built page has math"
    for window, measured in by_window.items():
        _record_scrolling_equations(window.width, measured)
    return by_window


@pytest.fixture(scope="module", params=MATH_PROBE.windows, ids=[window.name for window in MATH_PROBE.windows])
def measured(request, measurements) -> tuple[int, list[tuple[BuiltPage, dict]]]:
    return request.param.width, measurements[request.param]


def _record_scrolling_equations(width: int, results: list[tuple[BuiltPage, dict]]) -> None:
    report_path = ARTIFACTS / "math-overflow.json"
    try:
        report = json.loads(report_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        report = {}
    report[f"{width}px"] = [
        {"page": f"/{page.url}", "tex": e["tex"], "scrollWidth": e["scrollWidth"], "clientWidth": e["clientWidth"]}
        for page, facts in results
        for e in facts["equations"]
        if e["scrollWidth"] > e["clientWidth"]
    ]
    ARTIFACTS.mkdir(exist_ok=True)
    report_path.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")


def test_the_math_font_has_loaded(measured):
    width, results = measured
    problems = []
    for page, facts in results:
        where = f"{page} at {width} px"
        if not facts["declared"]:
            problems.append(f"{where}: no @font-face declares {FAMILY!r}")
        elif "loaded" not in facts["statuses"] or not facts["check"]:
            problems.append(f"{where}: {FAMILY} is not loaded (font faces: {facts['statuses']})")
        if not (facts["mathFamily"] or "").strip("\"' ").startswith(FAMILY):
            problems.append(f"{where}: math is set in {facts['mathFamily']!r}, not {FAMILY}")
    fail_with(problems)


def test_no_display_equation_is_clipped(measured):
    width, results = measured
    problems = []
    for page, facts in results:
        for e in facts["equations"]:
            if e["scrollWidth"] <= e["clientWidth"]:
                continue
            missing = [
                what
                for what, ok in (
                    ("it does not scroll (overflow-x: " + e["overflowX"] + ")", e["overflowX"] in ("auto", "scroll")),
                    ("a keyboard cannot reach it (no tabindex)", e["tabIndex"] >= 0),
                    ("it has no accessible name (aria-label)", bool(e["label"])),
                )
                if not ok
            ]
            if missing:
                problems.append(
                    f"{page} at {width} px: a display equation {e['scrollWidth']} px wide in a box of "
                    f"{e['clientWidth']} px is cut off: {'; '.join(missing)}: {e['tex'][:100]}"
                )
    fail_with(problems)


def test_the_page_does_not_scroll_sideways(measured):
    width, results = measured
    fail_with(
        [
            f"{page} at {width} px: the page is {facts['pageWidth']} px wide in a {facts['screen']} px window "
            f"(because of: {'; '.join(facts['wide']) or 'no single block of the article'})"
            for page, facts in results
            if facts["pageWidth"] > facts["screen"]
        ]
    )


def test_a_formula_and_the_punctuation_beside_it_share_a_line(measured):
    """No line ends with the "(" of "($x$)" and none starts with the "," of "$x$," (hooks/
    latex_to_mathml.py glues them; before that, 12 places did at 1280 px and 40 at 390 px)."""
    width, results = measured
    fail_with([f"{page} at {width} px: {where}" for page, facts in results for where in facts["stranded"]])
