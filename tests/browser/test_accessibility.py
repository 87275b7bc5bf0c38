"""Accessibility of the built site, as axe-core (axe-playwright-python) and a keyboard find it.

One page of each type (the home page, a chapter with code and math, a notebook, the glossary) in
every language is checked with axe-core on a desktop (1280 px, light and dark scheme) and on a
phone (390 px, touch, light scheme). Any violation of impact serious or critical fails, naming
the page and the rule. The fixes live in hooks/theme_overrides/partials/search.html (the search
dialog's name), docs/en/assets/stylesheets/accessible-pages.css (contrast, underlined links) and
docs/en/assets/javascripts/accessible-pages.js (boxes that scroll take the keyboard focus).

Beyond the four pages: every code colour of both schemes is measured against its background
(test-artifacts/contrast.json lists the ratios), a keyboard scrolls every box that scrolls, and
a broken page shows that the axe check does fail.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from doccheck.plugin import fail_with
from doccheck.site import BuiltPage
from doccheck.tour import LAPTOP, LAPTOP_DARK, PHONE, SETTLED, Probe, Window, open_window
from hooks.core.urls import language_root, page_url

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
FAILING_IMPACTS = ("serious", "critical")
AA_NORMAL_TEXT = 4.5

# a phone has touch and no hover, as Material sees it
SETUPS = (LAPTOP, LAPTOP_DARK, PHONE)


def page_types(project) -> dict[str, str]:
    """One page of each type, by its address inside a language: the home page, a chapter page
    with code and math, the first notebook page, the glossary."""
    files = project.page_files(project.source_language)
    notebooks = [relative for relative in files if relative.endswith(".ipynb")]
    wanted = {"home": "index.md", "chapter": "rope/idea.md", "glossary": "glossary.md"}
    missing = [relative for relative in wanted.values() if relative not in files] + ([] if notebooks else ["*.ipynb"])
    if missing:
        pytest.fail(f"the accessibility check visits docs/{project.source_language}/{missing}, missing", pytrace=False)
    return {
        "home": page_url(wanted["home"]),
        "chapter": page_url(wanted["chapter"]),
        "notebook": page_url(notebooks[0]),
        "glossary": page_url(wanted["glossary"]),
    }


def visit(tab, address: str) -> None:
    tab.goto(address, wait_until="load")
    tab.evaluate(SETTLED)


def _kind(page: BuiltPage, project) -> str | None:
    """The page's type, if it is one of the four pages of its language that these checks visit."""
    inside = page.url.removeprefix(language_root(project, page.language))
    return next((kind for kind, address in page_types(project).items() if address == inside), None)


# -- axe-core over each page type, language and setup -----------------------------------------


@dataclass
class Scan:
    setup: str
    language: str
    kind: str
    address: str
    violations: list[dict] = field(default_factory=list)
    skip_link: str | None = None  # the skip link's target when it is missing from the page

    def __str__(self) -> str:
        return f"[{self.language}] {self.kind} {self.address} ({self.setup})"


SKIP_LINK = """() => {
  const link = document.querySelector("a.md-skip");
  if (!link) return null;
  const id = decodeURIComponent(new URL(link.href).hash.slice(1));
  return document.getElementById(id) ? null : link.getAttribute("href");
}"""


def _axe(tab, page: BuiltPage, window: Window, project) -> dict:
    from axe_playwright_python.sync_playwright import Axe

    return {"violations": Axe().run(tab).response["violations"], "skip_link": tab.evaluate(SKIP_LINK)}


AXE_PROBE = Probe("axe-core", _axe, SETUPS, wants=lambda page, project: _kind(page, project) is not None)


@pytest.fixture(scope="module")
def scans(tour, project) -> dict[str, list[Scan]]:
    """axe-core's findings on each page type, language and setup, from the tour's visits."""
    scans: dict[str, list[Scan]] = {window.name: [] for window in SETUPS}
    for look in tour.looks(AXE_PROBE):
        kind = _kind(look.page, project) or "?"
        scan = Scan(look.window.name, look.page.language, kind, f"/{look.page.url}", **look.result)
        scans[look.window.name].append(scan)
    return scans


def describe(violation: dict) -> str:
    nodes = violation["nodes"]
    examples = []
    for node in nodes[:3]:
        summary = " ".join(node.get("failureSummary", "").split("\n")[1:2]).strip()
        examples.append(f"      {' '.join(map(str, node['target']))}: {summary}")
    more = f"\n      ... and {len(nodes) - 3} more" if len(nodes) > 3 else ""
    return (
        f"  {violation['id']} ({violation['impact']}): {violation['help']}, {len(nodes)} element(s)\n"
        + "\n".join(examples)
        + more
    )


@pytest.mark.parametrize("setup", [window.name for window in SETUPS])
def test_axe_finds_no_serious_or_critical_violation(scans, setup):
    problems = []
    for scan in scans[setup]:
        failing = [v for v in scan.violations if v["impact"] in FAILING_IMPACTS]
        if failing:
            problems.append(f"{scan}:\n" + "\n".join(describe(v) for v in failing))
    fail_with(problems)


def test_the_skip_link_lands_on_the_page(scans):
    """The skip link ("Skip to content") points at an id on the page (the Korean notebook's pointed
    at #_1, which did not exist)."""
    scanned = scans[LAPTOP.name]
    fail_with(
        [f"{scan}: the skip link points to {scan.skip_link}, not on the page" for scan in scanned if scan.skip_link]
    )


def test_axe_check_fails_on_a_broken_page(chromium, server, project):
    """The check is not blind: with the search dialog's name removed and a code comment at Material's
    old colour (#717171 on #f5f5f5, 4.47:1), axe reports both, as serious."""
    from axe_playwright_python.sync_playwright import Axe

    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    visit(tab, server + page_types(project)["chapter"])
    tab.evaluate("""() => {
      document.querySelector(".md-search").removeAttribute("aria-label");
      const comment = document.createElement("span");
      comment.className = "c1";
      comment.textContent = "# a comment at Material's colour";
      comment.style.color = "#717171";
      document.querySelector(".md-content .highlight pre > code").append(comment);
    }""")
    found = {v["id"] for v in Axe().run(tab).response["violations"] if v["impact"] in FAILING_IMPACTS}
    context.close()
    assert {"aria-dialog-name", "color-contrast"} <= found, f"axe found only {sorted(found)} on a broken page"


# -- colours ------------------------------------------------------------------------------------

CODE_COLOURS = ["--md-code-fg-color"] + [
    f"--md-code-hl-{token}-color"
    for token in (
        "number special function constant keyword string name operator punctuation comment generic variable".split()
    )
]
NOTEBOOK_COLOURS = [
    f"--jp-mirror-editor-{token}-color"
    for token in "keyword number variable punctuation operator string comment builtin def".split()
]

# In an element of the page (host): each custom property that is set, resolved to a colour; the
# background the host shows (its own or an ancestor's); and each of the other backgrounds named,
# which lie over that one (a highlighted line over the code, inline code over the text).
COLOURS = """([selector, names, layers]) => {
  const host = document.querySelector(selector);
  if (!host) return null;
  const probe = document.createElement("span");
  host.append(probe);
  const set = name => getComputedStyle(host).getPropertyValue(name).trim();
  const colours = {};
  for (const name of names.filter(set)) {
    probe.style.color = `var(${name})`;
    colours[name] = getComputedStyle(probe).color;
  }
  const backgrounds = {};
  for (const [where, name] of Object.entries(layers).filter(([, name]) => set(name))) {
    probe.style.backgroundColor = `var(${name})`;
    backgrounds[where] = getComputedStyle(probe).backgroundColor;
  }
  probe.remove();
  let under = host;
  while (under.parentElement && getComputedStyle(under).backgroundColor.replace(/\\s/g, "") === "rgba(0,0,0,0)")
    under = under.parentElement;
  return {colours, background: getComputedStyle(under).backgroundColor, backgrounds};
}"""
# (what, page type, host, colours, backgrounds over the host's)
COLOUR_PLACES = [
    (
        "code",
        "chapter",
        ".md-content .highlight pre > code",
        CODE_COLOURS,
        {"highlighted line": "--md-code-hl-color--light"},
    ),
    (
        "text",
        "chapter",
        ".md-content article",
        ["--md-typeset-color", "--md-typeset-a-color"],
        {"inline code": "--md-code-bg-color"},
    ),
    ("notebook", "notebook", ".md-content .jupyter-wrapper .highlight-ipynb", NOTEBOOK_COLOURS, {}),
]


Colour = tuple[float, float, float, float]  # red, green, blue (0 to 255), alpha (0 to 1)


def parse_colour(text: str) -> Colour:
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)]
    if not text.startswith("rgb") or len(numbers) not in (3, 4):
        raise ValueError(f"not an rgb() colour: {text!r}")
    return (numbers[0], numbers[1], numbers[2], numbers[3] if len(numbers) == 4 else 1.0)


def over(top: Colour, bottom: Colour) -> Colour:
    """``top`` painted over an opaque ``bottom``."""
    red, green, blue = (top[3] * t + (1 - top[3]) * b for t, b in zip(top[:3], bottom[:3]))
    return (red, green, blue, 1.0)


def luminance(colour: Colour) -> float:
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(v) for v in colour[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(foreground: Colour, background: Colour) -> float:
    darker, lighter = sorted([luminance(over(foreground, background)), luminance(background)])
    return (lighter + 0.05) / (darker + 0.05)


def _colours(tab, page: BuiltPage, window: Window, project) -> dict[str, dict]:
    """Each place of COLOUR_PLACES that this page has, with its colours."""
    found = {
        place: tab.evaluate(COLOURS, [selector, names, layers]) for place, _, selector, names, layers in COLOUR_PLACES
    }
    return {place: colours for place, colours in found.items() if colours is not None}


COLOURS_PROBE = Probe(
    "colours",
    _colours,
    (LAPTOP, LAPTOP_DARK),
    wants=lambda page, project: (
        page.language == project.source_language and _kind(page, project) in {kind for _, kind, *_ in COLOUR_PLACES}
    ),
)


def test_every_code_and_text_colour_reaches_aa_contrast_in_both_schemes(tour):
    """Every colour of the code highlighting, not only the tokens the four pages happen to show, at
    least 4.5:1 on the code background and on a highlighted line; the text and link colours on the
    page and on inline code (a link to `nn.Embedding`); the notebook cells' colours. In the light
    and the dark scheme; the ratios go to test-artifacts/contrast.json."""
    report: dict[str, dict] = {}
    problems = []
    for look in tour.looks(COLOURS_PROBE):
        scheme = look.window.scheme
        for place, _, selector, _, _ in COLOUR_PLACES:
            if place not in look.result:
                continue
            found = look.result[place]
            if not found["colours"]:
                problems.append(f"{scheme}: no colours found in {selector} on /{look.page.url}")
                continue
            background = parse_colour(found["background"])
            backgrounds = {"background": background}
            backgrounds.update({where: over(parse_colour(c), background) for where, c in found["backgrounds"].items()})
            for name, value in found["colours"].items():
                for where, under in backgrounds.items():
                    ratio = contrast(parse_colour(value), under)
                    report.setdefault(f"{scheme} {place} on {where}", {})[name] = round(ratio, 2)
                    if ratio < AA_NORMAL_TEXT:
                        problems.append(f"{scheme} {place}: {name} ({value}) on the {where}: {ratio:.2f}:1 < 4.5:1")
    places = {f"{scheme} {place}" for scheme in ("light", "dark") for place, *_ in COLOUR_PLACES}
    missing = sorted(p for p in places if not any(key.startswith(p + " on ") for key in report))
    problems += [f"{p}: not measured" for p in missing]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "contrast.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    fail_with(problems)


# -- the keyboard ------------------------------------------------------------------------------

# Every box of the content that scrolls, whatever put it there: is it focusable, has it a name,
# and does it scroll once it has the focus?
SCROLLING_BOXES = """() => [...document.querySelectorAll(".md-content *")].filter(box => {
  const style = getComputedStyle(box);
  return (box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(style.overflowX))
      || (box.scrollHeight > box.clientHeight + 1 && /auto|scroll/.test(style.overflowY));
}).map((box, index) => {
  box.dataset.scrollingBox = index;
  const labelledby = (box.getAttribute("aria-labelledby") || "").split(/\\s+/).filter(Boolean)
    .map(id => document.getElementById(id)?.textContent || "").join(" ");
  return {
    index,
    what: box.tagName.toLowerCase() + (box.className && typeof box.className === "string"
      ? "." + box.className.trim().split(/\\s+/).join(".") : ""),
    tabIndex: box.tabIndex,
    name: (box.getAttribute("aria-label") || labelledby).trim(),
    sideways: box.scrollWidth > box.clientWidth + 1,
  };
})"""


def _keyboard(tab, page: BuiltPage, window: Window, project) -> list[dict]:
    """Each box that scrolls, and whether the right arrow scrolled it once it had the focus."""
    boxes = tab.evaluate(SCROLLING_BOXES)
    for box in boxes:
        box["scrolled"] = None
        if box["tabIndex"] >= 0 and box["sideways"]:
            element = tab.locator(f"[data-scrolling-box='{box['index']}']")
            element.focus()
            tab.keyboard.press("ArrowRight")
            box["scrolled"] = _becomes_true(element, "box => document.activeElement === box && box.scrollLeft > 0")
    return boxes


KEYBOARD_PROBE = Probe(
    "keyboard",
    _keyboard,
    (PHONE,),
    wants=lambda page, project: _kind(page, project) in ("chapter", "notebook", "glossary"),
    changes_page=True,
)
PROBES = [AXE_PROBE, COLOURS_PROBE, KEYBOARD_PROBE]


def test_a_keyboard_reaches_and_scrolls_every_box_that_scrolls(tour):
    """On a phone (no hover: Material leaves scrollable code unfocusable there), in every language:
    each code block, table, notebook cell or output that scrolls takes the focus, has a name, and
    moves with the arrow key."""
    problems = []
    seen = 0
    for look in tour.looks(KEYBOARD_PROBE):
        for box in look.result:
            seen += 1
            where = f"[{look.page.language}] /{look.page.url}: {box['what']}"
            if box["tabIndex"] < 0:
                problems.append(f"{where} scrolls but cannot take the focus")
                continue
            if not box["name"]:
                problems.append(f"{where} takes the focus but has no name")
            if box["scrolled"] is False:
                problems.append(f"{where} has the focus, yet the right arrow does not scroll it")
    if not seen:
        problems.append("no box scrolls on these pages at 390 px: the check checked nothing")
    fail_with(problems)


def _becomes_true(element, script: str, seconds: float = 3.0) -> bool:
    """Keyboard scrolling is animated: wait for it (up to 3 s: on 2 busy cores the animation can take over 1 s)."""
    for _ in range(int(seconds / 0.05)):
        if element.evaluate(script) is True:
            return True
        element.page.wait_for_timeout(50)
    return False
