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
