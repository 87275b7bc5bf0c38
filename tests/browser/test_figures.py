"""The figures as a reader sees them, in Chromium, in every language, full size and phone size.

A figure's layout was computed by matplotlib for its English texts; the build writes each
language's version with its texts in the same places (hooks/figures_in_language.py). So a
translation longer than its English can leave the figure, run out of its legend's frame or into
another text. Every figure file the build wrote (assets/figures/<language>/) is opened as the
document it is, at its own size and at a phone's column width (350 px): no text leaves the
figure, no legend text leaves its legend's frame, no two texts overlap, and every text is drawn in
a font the file carries (loaded, not a fallback).

The check is also run on a figure broken on purpose (a title three times as long), where it must
fail: a check that cannot fail proves nothing.
"""

from __future__ import annotations

import pytest

from doccheck.plugin import fail_with
from doccheck.tour import LAPTOP, SETTLED, open_window
from hooks.core.project import FIGURES_FOLDER

pytestmark = pytest.mark.browser

PHONE_COLUMN = 350  # px: a figure's width in the text column of a 390 px phone

# What is wrong with the figure the document is, and how many texts it looked at. Boxes are the
# texts' drawn boxes (their rotation included), compared in the figure's own units (points), so
# that its phone-sized drawing allows the same: touching by up to 1 pt (about 1.4 px at full size)
# is allowed.
FIGURE_TEXTS = """() => {
  const svg = document.documentElement;
  const problems = [];
  const frame = svg.getBoundingClientRect();
  const scale = frame.width / svg.viewBox.baseVal.width;
  const boxes = [...svg.querySelectorAll("text")].map(text => [text.textContent, text.getBoundingClientRect()])
    .filter(([content, box]) => content.trim() && box.width > 0);
  for (const [content, b] of boxes) {
    const out = Math.max(frame.left - b.left, b.right - frame.right, frame.top - b.top, b.bottom - frame.bottom);
    if (out / scale > 1) problems.push(`"${content}" leaves the figure by ${(out / scale).toFixed(1)} pt`);
  }
  // a legend's texts stay inside its frame, the first path matplotlib draws in the legend's group
  for (const legend of svg.querySelectorAll('g[id^="legend_"]')) {
    const box = legend.querySelector("path").getBoundingClientRect();
    for (const text of legend.querySelectorAll("text")) {
      const t = text.getBoundingClientRect();
      const out = Math.max(box.left - t.left, t.right - box.right, box.top - t.top, t.bottom - box.bottom) / scale;
      if (out > 1) problems.push(`"${text.textContent}" leaves its legend's frame by ${out.toFixed(1)} pt`);
    }
  }
  boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    const across = (Math.min(p.right, q.right) - Math.max(p.left, q.left)) / scale;
    const down = (Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top)) / scale;
    const size = `${across.toFixed(1)} × ${down.toFixed(1)} pt`;
    if (across > 1 && down > 1) problems.push(`"${a}" and "${b}" overlap (${size})`);
  }));
  const loaded = [...document.fonts].filter(f => f.status === "loaded").map(f => f.family.replace(/"/g, ""));
  const carried = [...document.fonts].map(f => f.family.replace(/"/g, ""));
  if (boxes.length && !carried.length) problems.push("the figure carries no font: its texts are drawn in a fallback");
  for (const family of carried) if (!loaded.includes(family)) problems.push(`its font "${family}" was not loaded`);
  return {looked: boxes.length, problems};
}"""

AT_PHONE_WIDTH = f"""() => {{
  const svg = document.documentElement;
  svg.setAttribute("width", "{PHONE_COLUMN}px");
  svg.removeAttribute("height");
}}"""

# The longest text of the figure, three times as long: it must leave the figure or meet another text
LONGER_TITLE = """() => {
  const texts = [...document.querySelectorAll("text")];
  const title = texts.reduce((a, b) => (b.textContent.length > a.textContent.length ? b : a));
  title.textContent = title.textContent.repeat(3);
}"""


def _figure_files(site_dir, project) -> list[tuple[str, str]]:
    """(language, address inside the site) of every figure file the build wrote."""
    folder = site_dir / FIGURES_FOLDER
    return [
        (language, path.relative_to(site_dir).as_posix())
        for language in project.languages
        for path in sorted((folder / language).glob("*.svg"))
    ]


def _look(tab, address: str, *changes: str) -> dict:
    tab.goto(address, wait_until="load")
    for change in changes:
        tab.evaluate(change)
    tab.evaluate(SETTLED)
    return tab.evaluate(FIGURE_TEXTS)


def test_figure_texts_stay_inside_and_apart_in_every_language(chromium, server, project, site_dir):
    files = _figure_files(site_dir, project)
    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    problems, looked = [], {language: 0 for language in project.languages}
    for language, address in files:
        for size, changes in (("full size", ()), (f"{PHONE_COLUMN} px", (AT_PHONE_WIDTH,))):
            result = _look(tab, server + address, *changes)
            problems += [f"[{language}] {address} ({size}): {p}" for p in result["problems"]]
            looked[language] += result["looked"]
    context.close()
    problems += [f"[{language}] no figure text was looked at" for language, count in looked.items() if not count]
    fail_with(problems)


def test_the_check_fails_on_a_figure_whose_title_is_too_long(chromium, server, project, site_dir):
    files = _figure_files(site_dir, project)
    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    failing = {
        language: _look(tab, server + address, LONGER_TITLE)["problems"]
        for language, address in files
        if address.endswith("/rope-pair-rotation.svg")
    }
    context.close()
    assert set(failing) == set(project.languages), f"no pair-rotation figure in some language: {sorted(failing)}"
    assert all(failing.values()), f"a title three times as long passes the check in some language: {failing}"
