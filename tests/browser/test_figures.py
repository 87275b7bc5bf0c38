"""The figures as a reader sees them, in Chromium, in every language and on a phone.

A figure's layout was computed by matplotlib for its English texts; the build puts each
language's texts in the same places (hooks/figures_in_language.py). So a translation longer than
its English can leave the figure or run into another text. For every figure of every page, in a
laptop window and on a phone: no text leaves the figure, no two texts overlap, and the figure's
texts are drawn in the fonts the site serves for them (loaded from the site, not a fallback), and a
legend's texts stay inside the legend's frame.

The check is also run on a figure broken on purpose (a title three times as long), where it must
fail: a check that cannot fail proves nothing.
"""

from __future__ import annotations

import pytest

from doccheck.plugin import fail_with
from doccheck.site import BuiltPage
from doccheck.tour import LAPTOP, PHONE, SETTLED, Probe, open_window
from hooks.core.urls import language_root, page_url

pytestmark = pytest.mark.browser

# Returns what is wrong with the page's figures, and how many texts it looked at. Boxes are the
# texts' rendered boxes on the screen (their rotation included); touching by up to 1 pt of the
# figure (about 1.4 px at full size, what text drawn small can add) is allowed.
FIGURE_TEXTS = """() => {
  const problems = [];
  let looked = 0;
  const fonts = [...document.fonts].filter(f => f.family.replace(/"/g, "").startsWith("Guide Figure"));
  for (const svg of document.querySelectorAll("svg.guide-figure")) {
    const name = svg.dataset.figure;
    const frame = svg.getBoundingClientRect();
    const boxes = [...svg.querySelectorAll("text")].map(text => [text.textContent, text.getBoundingClientRect()])
      .filter(([content, box]) => content.trim() && box.width > 0);
    looked += boxes.length;
    for (const [content, b] of boxes) {
      if (b.left < frame.left - 0.5 || b.right > frame.right + 0.5 || b.top < frame.top - 0.5
          || b.bottom > frame.bottom + 0.5) {
        problems.push(`${name}: "${content}" leaves the figure`);
      }
    }
    // in the figure's own units (points), so that a phone's smaller drawing allows the same
    const scale = frame.width / svg.viewBox.baseVal.width;
    // a legend's texts stay inside its frame, the first path matplotlib draws in the legend's group
    for (const legend of svg.querySelectorAll('g[id*="-legend_"]')) {
      const box = legend.querySelector("path").getBoundingClientRect();
      for (const text of legend.querySelectorAll("text")) {
        const t = text.getBoundingClientRect();
        const out = Math.max(box.left - t.left, t.right - box.right, box.top - t.top, t.bottom - box.bottom) / scale;
        if (out > 1) problems.push(`${name}: "${text.textContent}" leaves its legend's frame by ${out.toFixed(1)} pt`);
      }
    }
    boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
      const across = (Math.min(p.right, q.right) - Math.max(p.left, q.left)) / scale;
      const down = (Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top)) / scale;
      if (across > 1 && down > 1) {
        problems.push(`${name}: "${a}" and "${b}" overlap (${across.toFixed(1)} × ${down.toFixed(1)} pt)`);
      }
    }));
  }
  // every figure font a text asks for is loaded from the site (the browser loads a face it needs)
  const used = fonts.filter(f => f.status === "loaded").map(f => f.family.replace(/"/g, ""));
  const asked = new Set([...document.querySelectorAll("svg.guide-figure text")].flatMap(
    text => getComputedStyle(text).fontFamily.split(",").map(n => n.trim().replace(/"/g, ""))
      .filter(n => n.startsWith("Guide Figure"))));
  if (looked && !asked.size) problems.push("the figures' texts name no figure font");
  for (const family of asked) if (!used.includes(family)) problems.push(`the font "${family}" was not loaded`);
  return {looked, problems};
}"""

# The title of the first figure, three times as long: it must leave the figure or meet another text
LONGER_TITLE = """() => {
  const texts = [...document.querySelector("svg.guide-figure").querySelectorAll("text")];
  const title = texts.reduce((a, b) => (b.textContent.length > a.textContent.length ? b : a));
  title.textContent = title.textContent.repeat(3);
}"""


def _has_figures(page: BuiltPage, project) -> bool:
    return 'class="guide-figure"' in page.path.read_text(encoding="utf-8")


FIGURE_PROBE = Probe(
    "figure texts", lambda tab, page, window, project: tab.evaluate(FIGURE_TEXTS), (LAPTOP, PHONE), wants=_has_figures
)
PROBES = [FIGURE_PROBE]


def test_figure_texts_stay_inside_and_apart_in_every_language(tour, project):
    looks = tour.looks(FIGURE_PROBE)
    problems = [f"/{look.page.url} ({look.window}): {p}" for look in looks for p in look.result["problems"]]
    languages = {look.page.language for look in looks if look.result["looked"]}
    problems += [
        f"[{language}] no figure text was looked at" for language in project.languages if language not in languages
    ]
    fail_with(problems)


def test_the_check_fails_on_a_figure_whose_title_is_too_long(chromium, server, project):
    context = open_window(chromium, LAPTOP)
    tab = context.new_page()
    failing = []
    for language in project.languages:
        tab.goto(server + language_root(project, language) + page_url("rope/idea.md"), wait_until="load")
        tab.evaluate(SETTLED)
        tab.evaluate(LONGER_TITLE)
        failing.append(tab.evaluate(FIGURE_TEXTS)["problems"])
    context.close()
    assert all(failing), f"a title three times as long passes the check in some language: {failing}"
