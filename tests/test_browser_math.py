"""Math in Chromium, on a phone (390 px) and on a laptop (1280 px): every page with math, in
every language, of the site that ``built_site`` built once and ``server`` serves.

* The math font has loaded: the page declares STIX Two Math (hooks/assets/math.css), the browser
  has loaded it (``FontFace.status``, and ``document.fonts.check``, which alone would also be true
  for a font that no stylesheet declares), and ``math`` is set in it.
* No display equation is clipped: a box narrower than its formula (scrollWidth > clientWidth) is
  only allowed when it scrolls sideways (overflow-x auto or scroll) and a keyboard can reach it
  (tabindex >= 0) and a screen reader names it (aria-label).
* The page itself does not scroll sideways (documentElement.scrollWidth <= innerWidth).

Display equations that scroll are listed in test-artifacts/math-overflow.json, for a human to
judge whether they should be split with ``aligned``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from doccheck.browser import in_browsers, new_context
from doccheck.site import BuiltPage, built_pages

pytestmark = pytest.mark.browser

WIDTHS = {"phone": 390, "laptop": 1280}
FAMILY = "STIX Two Math"
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"

MEASURE = """(family) => {
  const faces = [...document.fonts].filter(face => face.family.replace(/["']/g, "") === family);
  const math = document.querySelector("math");
  const boxes = [...document.querySelectorAll(".arithmatex")].filter(box => box.querySelector("math[display=block]"));
  const tex = box => (box.querySelector("annotation") || box).textContent.trim().replace(/\\s+/g, " ");
  // what makes the page wider than the window: the blocks of the article without which it is not
  const pageWidth = document.documentElement.scrollWidth;
  const wide = [];
  const article = document.querySelector("article") || document.body;
  if (pageWidth > innerWidth)
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
    innerWidth: innerWidth,
    wide: wide,
  };
}"""


def _math_pages(project, site: Path) -> list[BuiltPage]:
    return [page for page in built_pages(project, site) if "<math" in page.path.read_text(encoding="utf-8")]


@pytest.fixture(scope="module")
def measurements(chromium, server, built_site, project) -> dict[str, list[tuple[BuiltPage, dict]]]:
    """Every page with math, measured at each width once the fonts are ready; two browsers at once."""
    pages = _math_pages(project, built_site.path)
    assert pages, "no built page has math"

    def measure(tab, item: tuple[str, BuiltPage]) -> dict:
        _, page = item
        tab.goto(server + page.url, wait_until="load")
        tab.evaluate("document.fonts.ready.then(() => true)")
        return tab.evaluate(MEASURE, FAMILY)

    items = [(name, page) for name in WIDTHS for page in pages]
    results = in_browsers(
        items,
        measure,
        lambda browser, name: new_context(browser, server, WIDTHS[name]),
        context_key=lambda item: item[0],
    )
    by_width: dict[str, list[tuple[BuiltPage, dict]]] = {name: [] for name in WIDTHS}
    for (name, page), result in zip(items, results):
        by_width[name].append((page, result))
    for name, measured in by_width.items():
        _record_scrolling_equations(WIDTHS[name], measured)
    return by_width


@pytest.fixture(scope="module", params=list(WIDTHS), ids=list(WIDTHS))
def measured(request, measurements) -> tuple[int, list[tuple[BuiltPage, dict]]]:
    return WIDTHS[request.param], measurements[request.param]


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


def _fail(problems: list[str]) -> None:
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


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
    _fail(problems)


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
    _fail(problems)


def test_the_page_does_not_scroll_sideways(measured):
    width, results = measured
    _fail(
        [
            f"{page} at {width} px: the page is {facts['pageWidth']} px wide in a {facts['innerWidth']} px window "
            f"(because of: {'; '.join(facts['wide']) or 'no single block of the article'})"
            for page, facts in results
            if facts["pageWidth"] > facts["innerWidth"]
        ]
    )
