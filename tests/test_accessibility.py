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

from doccheck.browser import in_browsers
from doccheck.site import language_root, page_url

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
FAILING_IMPACTS = ("serious", "critical")
AA_NORMAL_TEXT = 4.5

# (name, viewport, scheme, a phone?) -- a phone has touch and no hover, as Material sees it
SETUPS = [
    ("desktop-light", {"width": 1280, "height": 900}, "light", False),
    ("desktop-dark", {"width": 1280, "height": 900}, "dark", False),
    ("phone-light", {"width": 390, "height": 844}, "light", True),
]

# Material has drawn its components, our script has run, the fonts are in
SETTLED = """() => document.fonts.ready.then(
  () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))))"""


def _fail(problems: list[str]):
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


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


def open_context(chromium, server: str, viewport: dict, scheme: str, phone: bool):
    """A tab's context as a reader's; requests to another host are aborted."""
    context = chromium.new_context(
        viewport=viewport, color_scheme=scheme, is_mobile=phone, has_touch=phone, locale="en-US"
    )
    context.route(lambda url: not url.startswith(server), lambda route: route.abort())
    return context


def visit(tab, address: str) -> None:
    tab.goto(address, wait_until="load")
    tab.evaluate(SETTLED)


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


@pytest.fixture(scope="module")
def scans(chromium, server, built_site, project) -> dict[str, list[Scan]]:
    from axe_playwright_python.sync_playwright import Axe

    kinds = page_types(project)
    setups = {name: (viewport, scheme, phone) for name, viewport, scheme, phone in SETUPS}
    scans = [
        Scan(name, language, kind, "/" + language_root(project, language) + inside)
        for name in setups
        for language in project.languages
        for kind, inside in kinds.items()
    ]

    def scan_page(tab, scan: Scan) -> Scan:
        visit(tab, server.rstrip("/") + scan.address)
        scan.violations = Axe().run(tab).response["violations"]
        scan.skip_link = tab.evaluate(SKIP_LINK)
        return scan

    done = in_browsers(
        scans,
        scan_page,
        lambda browser, name: open_context(browser, server, *setups[name]),
        context_key=lambda scan: scan.setup,
    )
    return {name: [scan for scan in done if scan.setup == name] for name in setups}


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


@pytest.mark.parametrize("setup", [name for name, *_ in SETUPS])
def test_axe_finds_no_serious_or_critical_violation(scans, setup):
    problems = []
    for scan in scans[setup]:
        failing = [v for v in scan.violations if v["impact"] in FAILING_IMPACTS]
        if failing:
            problems.append(f"{scan}:\n" + "\n".join(describe(v) for v in failing))
    _fail(problems)


def test_the_skip_link_lands_on_the_page(scans):
    """The skip link ("Skip to content") points at an id on the page (the Korean notebook's pointed
    at #_1, which did not exist)."""
    scanned = scans["desktop-light"]
    _fail([f"{scan}: the skip link points to {scan.skip_link}, not on the page" for scan in scanned if scan.skip_link])


def test_axe_check_fails_on_a_broken_page(chromium, server, project):
    """The check is not blind: with the search dialog's name removed and a code comment at Material's
    old colour (#717171 on #f5f5f5, 4.47:1), axe reports both, as serious."""
    from axe_playwright_python.sync_playwright import Axe

    context = open_context(chromium, server, *SETUPS[0][1:])
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


def test_every_code_and_text_colour_reaches_aa_contrast_in_both_schemes(chromium, server, project):
    """Every colour of the code highlighting, not only the tokens the four pages happen to show, at
    least 4.5:1 on the code background and on a highlighted line; the text and link colours on the
    page and on inline code (a link to `nn.Embedding`); the notebook cells' colours. In the light
    and the dark scheme; the ratios go to test-artifacts/contrast.json."""
    kinds = page_types(project)
    report: dict[str, dict] = {}
    problems = []
    for scheme in ("light", "dark"):
        context = open_context(chromium, server, {"width": 1280, "height": 900}, scheme, False)
        tab = context.new_page()
        for place, kind, selector, names, layers in COLOUR_PLACES:
            visit(tab, server + kinds[kind])
            found = tab.evaluate(COLOURS, [selector, names, layers])
            if not found or not found["colours"]:
                problems.append(f"{scheme}: no colours found in {selector} on /{kinds[kind]}")
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
        context.close()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "contrast.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    _fail(problems)


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


def test_a_keyboard_reaches_and_scrolls_every_box_that_scrolls(chromium, server, project):
    """On a phone (no hover: Material leaves scrollable code unfocusable there), in every language:
    each code block, table, notebook cell or output that scrolls takes the focus, has a name, and
    moves with the arrow key."""
    kinds = page_types(project)
    context = open_context(chromium, server, *SETUPS[2][1:])
    tab = context.new_page()
    problems = []
    seen = 0
    for language in project.languages:
        for kind in ("chapter", "notebook", "glossary"):
            address = server + language_root(project, language) + kinds[kind]
            visit(tab, address)
            for box in tab.evaluate(SCROLLING_BOXES):
                seen += 1
                where = f"[{language}] {address.removeprefix(server)}: {box['what']}"
                if box["tabIndex"] < 0:
                    problems.append(f"{where} scrolls but cannot take the focus")
                    continue
                if not box["name"]:
                    problems.append(f"{where} takes the focus but has no name")
                if box["sideways"]:
                    element = tab.locator(f"[data-scrolling-box='{box['index']}']")
                    element.focus()
                    tab.keyboard.press("ArrowRight")
                    if not _becomes_true(element, "box => document.activeElement === box && box.scrollLeft > 0"):
                        problems.append(f"{where} has the focus, yet the right arrow does not scroll it")
    context.close()
    if not seen:
        problems.append("no box scrolls on these pages at 390 px: the check checked nothing")
    _fail(problems)


def _becomes_true(element, script: str, seconds: float = 1.0) -> bool:
    """Keyboard scrolling is animated: wait for it."""
    for _ in range(int(seconds / 0.05)):
        if element.evaluate(script) is True:
            return True
        element.page.wait_for_timeout(50)
    return False
