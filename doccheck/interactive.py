"""The interactive figures in Chromium (tests/browser/test_rope_dial.py, test_scaling_explorer.py):
what the two tests do alike, so that each test holds only what its figure is."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

from hooks.core.project import Project
from hooks.core.urls import language_root, page_url

from .tour import SETTLED, open_window


def snippet_output(project: Project, snippet: str) -> str:
    """What the figure's snippet prints (run as a reader runs it)."""
    command = [sys.executable, str(project.snippets_dir / snippet)]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def open_page(tab: Any, server: str, project: Project, language: str, page: str) -> None:
    tab.goto(server + language_root(project, language) + page_url(page), wait_until="load")
    tab.evaluate(SETTLED)


def set_sliders(tab: Any, selector: str, values: list[str]) -> Any:
    """Set the figure's sliders, in order, as a reader's drag would (an input event each)."""
    figure = tab.locator(selector)
    for index, value in enumerate(values):
        figure.locator("input[type=range]").nth(index).fill(value)
    return figure.element_handle()


def in_every_language(
    chromium: Any, server: str, project: Project, window: Any, page: str, selector: str, compare: Callable
) -> list[str]:
    """``compare(tab, language)``'s problems on the page of every language, in one window; a page
    whose figure did not come to life (its script added no ``--live`` class) is a problem itself."""
    context = open_window(chromium, window)
    tab = context.new_page()
    problems = []
    for language in project.languages:
        open_page(tab, server, project, language, page)
        if not tab.locator(f"{selector}{selector}--live").count():
            problems.append(f"[{language}] /{page_url(page)}: {selector} did not come to life")
            continue
        problems += [f"[{language}] {p}" for p in compare(tab, language)]
    context.close()
    return problems


def without_javascript(chromium: Any, server: str, project: Project, page: str, selector: str) -> list[str]:
    """Every language's page with JavaScript off: no slider, and the figure's place says what it needs."""
    context = chromium.new_context(java_script_enabled=False)
    tab = context.new_page()
    problems = []
    for language in project.languages:
        tab.goto(server + language_root(project, language) + page_url(page), wait_until="load")
        if tab.locator(f"{selector} input").count():
            problems.append(f"[{language}] sliders without JavaScript")
        if not tab.locator(f"{selector} p").inner_text().strip():
            problems.append(f"[{language}] the place of {selector} says nothing without JavaScript")
    context.close()
    return problems


def rebuild_with(tab: Any, selector: str, script: str, **data: str) -> None:
    """Replace the page's figure by one whose data-* attributes differ, and run its script again:
    the copy a comparison must fail on."""
    tab.evaluate(
        """([selector, script, data]) => {
          const figure = document.querySelector(selector);
          const copy = figure.cloneNode(false);
          Object.assign(copy.dataset, data);
          copy.className = selector.slice(1);
          figure.replaceWith(copy);
          const again = document.createElement("script");
          again.src = [...document.scripts].find(s => s.src.includes(script)).src + "?again";
          document.body.append(again);
          return new Promise(done => again.addEventListener("load", done));
        }""",
        [selector, script, data],
    )


# what the drawing paints, as the browser computes it: its background, the page's, each text's
# fill and each line's stroke (SVG colours come from the stylesheet's custom properties)
PAINTED = """(selector) => {
  const figure = document.querySelector(selector);
  const drawing = figure.querySelector("svg[role=img]");
  const named = node => node.getAttribute("class") || node.tagName.toLowerCase();
  return {
    paper: getComputedStyle(drawing).backgroundColor,
    page: getComputedStyle(document.body).backgroundColor,
    texts: [...drawing.querySelectorAll("text")].map(t => [t.textContent, getComputedStyle(t).fill]),
    lines: [...drawing.querySelectorAll("line[marker-end], polyline")].map(l => [named(l), getComputedStyle(l).stroke]),
  };
}"""
TEXT_CONTRAST = 4.5  # WCAG AA, normal text
LINE_CONTRAST = 3.0  # WCAG 1.4.11, graphical objects


def _luminance(colour: str) -> float:
    """The relative luminance (WCAG) of a computed ``rgb(…)`` or ``rgba(…)`` colour."""
    channels = [float(c) for c in colour[colour.index("(") + 1 : colour.index(")")].replace(",", " ").split()[:3]]
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def colour_problems(tab: Any, selector: str) -> list[str]:
    """The drawing in the page's colour scheme: its background no further from the page's than a
    tint (a white drawing on a dark page fails), its texts readable and its lines visible on it."""
    painted = tab.evaluate(PAINTED, selector)
    paper, page = painted["paper"], painted["page"]
    problems = []
    if contrast(paper, page) > 1.5:
        problems.append(f"the drawing's background {paper} stands out from the page's {page}")
    for text, fill in painted["texts"]:
        if contrast(fill, paper) < TEXT_CONTRAST:
            problems.append(f"text {text!r} in {fill} on {paper}: {contrast(fill, paper):.2f}:1 < {TEXT_CONTRAST}:1")
    for line, stroke in painted["lines"]:
        if contrast(stroke, paper) < LINE_CONTRAST:
            problems.append(f"{line} in {stroke} on {paper}: {contrast(stroke, paper):.2f}:1 < {LINE_CONTRAST}:1")
    if not painted["texts"] or not painted["lines"]:
        problems.append("no text or no line measured in the drawing: the check checked nothing")
    return problems


def in_both_schemes(chromium: Any, server: str, project: Project, page: str, selector: str) -> list[str]:
    """The drawing's colours (``colour_problems``) and axe-core's serious or critical findings on the
    figure, on a laptop in the light and the dark scheme and on a phone, in the source language."""
    from axe_playwright_python.sync_playwright import Axe

    from .tour import LAPTOP, LAPTOP_DARK, PHONE

    problems = []
    for window in (LAPTOP, LAPTOP_DARK, PHONE):
        context = open_window(chromium, window)
        tab = context.new_page()
        open_page(tab, server, project, project.source_language, page)
        problems += [f"({window.name}) {p}" for p in colour_problems(tab, selector)]
        found = Axe().run(tab, context=selector).response["violations"]
        problems += [
            f"({window.name}) axe: {v['id']} ({v['impact']}): {v['help']}"
            for v in found
            if v["impact"] in ("serious", "critical")
        ]
        context.close()
    return problems
