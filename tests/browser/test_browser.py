"""The built site in Chromium: every page of every language, as a reader gets it.

The tour (doccheck.tour: Debian's Chromium headless shell driven by Playwright; ``playwright
install`` is not needed) visits every page of the site that ``built_site`` built once, served on
127.0.0.1, with a laptop's window. Each page is visited once; the tests below judge what that
visit recorded (``FACTS_PROBE``):
the language menu, math, figures, code copy buttons, notebooks, console errors, failed
requests and requests to any other host (which are blocked, so a test never waits for the
network). Search is tried in every language. Screenshots go to test-artifacts/ (gitignored).

Without Chromium (doccheck.chromium.CHROMIUM_BUILDS) these tests skip, saying how to enable them; with
DOCCHECK_REQUIRE_BROWSER=1 (set by .ci/run) they fail instead.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from doccheck.plugin import fail_with
from doccheck.site import BuiltPage
from doccheck.tour import LAPTOP, LAPTOP_DARK, Probe, Recorder, Traffic, open_window
from hooks.core.urls import language_root, page_url

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Words this guide cannot do without ("embedding", "layer"), and "RoPE", which every language
# writes the same way, so results from another language would show up if search mixed them.
# Polish: inflected forms and a form typed without diacritics must find the same pages.
QUERIES = {
    "en": ["embedding", "RoPE"],
    "zh": ["嵌入", "RoPE"],
    "ko": ["임베딩", "RoPE"],
    "pl": ["warstwa", "warstwę", "warstwami", "warstwe", "osadzeń", "RoPE"],
}
SEARCH_READY_SECONDS = 8


# -- one visit per page -----------------------------------------------------------------------

FACTS = """() => {
  const content = document.querySelector("article.md-content__inner") || document.body;
  const skip = new Set(["PRE", "CODE", "SCRIPT", "STYLE", "ANNOTATION", "MATH", "TEXTAREA"]);
  const texts = [];
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT, {
    acceptNode: node => {
      for (let el = node.parentElement; el && el !== content; el = el.parentElement)
        if (skip.has(el.tagName.toUpperCase()) || el.classList.contains("clipboard-copy-txt"))
          return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    }
  });
  while (walker.nextNode()) texts.push(walker.currentNode.textContent);
  const clipboardText = document.querySelector(".clipboard-copy-txt");
  return {
    lang: document.documentElement.lang,
    switcher: [...document.querySelectorAll("a.md-select__link[hreflang]")].map(a => [a.hreflang, a.href]),
    text: texts.join(" "),
    arithmatex: document.querySelectorAll(".arithmatex").length,
    arithmatexWithMath: document.querySelectorAll(".arithmatex math").length,
    math: document.querySelectorAll("math").length,
    invisibleMath: [...document.querySelectorAll("math")].filter(m => m.getBoundingClientRect().width === 0).length,
    images: [...content.querySelectorAll("img")].map(
      i => ({src: i.currentSrc || i.src, complete: i.complete, width: i.naturalWidth})),
    codeBlocks: content.querySelectorAll("pre > code").length,
    copyButtons: [...content.querySelectorAll("pre > code")]
      .filter(c => c.parentElement.querySelector("button[data-clipboard-target]")).length,
    notebook: !!content.querySelector(".jupyter-wrapper"),
    cells: content.querySelectorAll(".jupyter-wrapper .jp-Notebook > .jp-Cell").length,
    codeCells: content.querySelectorAll(".jupyter-wrapper .jp-Notebook > .jp-CodeCell").length,
    cellCopyButtons: content.querySelectorAll(".jupyter-wrapper clipboard-copy").length,
    notebookCssApplied: clipboardText ? getComputedStyle(clipboardText).display === "none" : null,
    outdatedNotice: !!content.querySelector(".translation-outdated"),
    materialAlternates: document.querySelectorAll("link[rel=alternate]").length,
    hreflangAlternates: [...document.querySelectorAll("link[hreflang]")]
      .filter(l => l.relList.contains("alternate")).map(l => l.hreflang),
  };
}"""

# Figures load lazily (hooks/responsive_figures.py): have each one loaded before judging it
LOAD_LAZY_IMAGES = """async () => {
  const images = [...document.querySelectorAll("img[loading=lazy]")];
  images.forEach(image => { image.loading = "eager"; });
  await Promise.all(images.map(image => image.decode().catch(() => null)));
}"""

RAW_MATH = re.compile(r"\\\(|\\\)|\\\[|\\\]|\$\$|(?<![\\$\w])\$(?=[^\s$])[^$\n]*?[^\s\\$]\$(?!\d)")


@dataclass
class Visit:
    page: BuiltPage
    status: int
    content_type: str
    facts: dict
    traffic: Traffic
    bytes: int


def _screenshot_path(page: BuiltPage, suffix: str = "") -> Path:
    name = page.url.strip("/").replace("/", "__") or "home"
    if page.url.startswith(f"{page.language}/"):
        name = name.removeprefix(page.language).lstrip("_") or "home"
    return ARTIFACTS / "screenshots" / page.language / f"{name}{suffix}.png"


def _look(tab, page: BuiltPage, window, project) -> dict:
    tab.evaluate(LOAD_LAZY_IMAGES)
    facts = tab.evaluate(FACTS)
    shot = _screenshot_path(page)
    shot.parent.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=shot)
    return facts


FACTS_PROBE = Probe("page facts and screenshot", _look, (LAPTOP,))
PROBES = [FACTS_PROBE]


@pytest.fixture(scope="session")
def visits(tour, server, built_site) -> list[Visit]:
    """Every page of every language, visited once by the tour (doccheck.tour), with what the
    visit showed and requested, in page order."""
    site_dir = built_site.path
    results = [
        Visit(
            look.page,
            look.status,
            look.content_type,
            look.result,
            look.traffic,
            _weight(site_dir, server, look.traffic.local_paths),
        )
        for look in tour.looks(FACTS_PROBE)
    ]
    _write_weights(results)
    _remove_old_screenshots(tour.started_at)
    return results


def _remove_old_screenshots(since: float) -> None:
    """No screenshots of pages gone since an earlier run: only those this session took stay."""
    for shot in (ARTIFACTS / "screenshots").rglob("*.png"):
        if shot.stat().st_mtime < since:
            shot.unlink()


def _weight(site_dir: Path, server: str, paths: set[str]) -> int:
    """The bytes of the site's files behind these request paths (which start with the site's path, /guide/)."""
    prefix = urlsplit(server).path
    files = [site_dir / p.removeprefix(prefix).lstrip("/") for p in paths]
    files = [f / "index.html" if f.is_dir() else f for f in files]
    return sum(f.stat().st_size for f in files if f.is_file())


def _write_weights(results: list[Visit]) -> None:
    """test-artifacts/page-weights.json: each page's HTML, and everything a first visit with an
    empty cache downloads (HTML, CSS, JavaScript, images, the language's search index)."""

    def summary(visits):
        if not visits:
            return None
        return {
            "pages": len(visits),
            "median_html_kb": round(statistics.median(v.page.path.stat().st_size for v in visits) / 1024),
            "median_first_visit_kb": round(statistics.median(v.bytes for v in visits) / 1024),
        }

    report = {
        "typical": summary([v for v in results if not v.facts["notebook"]]),
        "notebook": summary([v for v in results if v.facts["notebook"]]),
        "pages": {
            f"/{v.page.url}": {
                "html_kb": round(v.page.path.stat().st_size / 1024),
                "first_visit_kb": round(v.bytes / 1024),
            }
            for v in results
        },
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "page-weights.json").write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")


# -- what every visit must show ---------------------------------------------------------------


def test_pages_are_html_in_their_language(visits):
    fail_with(
        [
            f"{v.page}: status {v.status}, {v.content_type!r}, lang={v.facts['lang']!r}"
            for v in visits
            if v.status != 200 or not v.content_type.startswith("text/html") or v.facts["lang"] != v.page.language
        ]
    )


def test_page_weights_count_what_each_visit_loaded(visits):
    """test-artifacts/page-weights.json sums the files each visit requested: at least the page
    itself and the theme's stylesheet and script (it once counted nothing: the request paths carry
    the site's /guide/ prefix, the files do not)."""
    light = [f"{v.page.url}: {v.bytes} bytes" for v in visits if v.bytes <= v.page.path.stat().st_size]
    fail_with(light)


def test_no_console_errors_and_no_failed_requests(visits):
    problems = []
    for v in visits:
        problems += [f"{v.page}: console error: {e}" for e in v.traffic.console_errors]
        problems += [f"{v.page}: request failed: {f}" for f in v.traffic.failed]
    fail_with(problems)


def test_nothing_is_requested_from_another_host(visits):
    fail_with([f"{v.page}: requested {url}" for v in visits for url in v.traffic.foreign])


def test_hreflang_alternates_cause_no_sitemap_requests(visits, project):
    """Every page names its translations and x-default for search engines (tests/site/test_page_head.py
    checks the addresses), yet Material's script, which fetches sitemap.xml below every element
    matching link[rel=alternate], finds none, and no sitemap.xml is requested."""
    expected = sorted([*project.languages, "x-default"])
    problems = []
    for v in visits:
        if v.facts["materialAlternates"]:
            problems.append(f"{v.page}: {v.facts['materialAlternates']} link(s) match Material's link[rel=alternate]")
        if sorted(v.facts["hreflangAlternates"]) != expected:
            problems.append(f"{v.page}: hreflang alternates {sorted(v.facts['hreflangAlternates'])}, not {expected}")
        problems += [f"{v.page}: requested {p}" for p in sorted(v.traffic.local_paths) if p.endswith("sitemap.xml")]
    fail_with(problems)


def test_language_menu_leads_to_the_same_page_in_each_language(visits, server, project):
    """Each entry of the language menu opens this page in that language (or that language's home
    when the page has no translation yet: the parity test reports those)."""
    by_language_url = {(v.page.language, v.page.url) for v in visits}
    problems = []
    for v in visits:
        menu = dict(v.facts["switcher"])
        if set(menu) != set(project.languages):
            problems.append(f"{v.page}: the language menu offers {sorted(menu)}, not {project.languages}")
            continue
        inside = v.page.url.removeprefix(language_root(project, v.page.language))
        for language, href in menu.items():
            same = language_root(project, language) + inside
            home = language_root(project, language)
            target = href.removeprefix(server)
            if (language, same) in by_language_url:
                if target != same:
                    problems.append(f"{v.page}: the {language} menu entry opens /{target}, not /{same}")
            elif target != home:
                problems.append(f"{v.page}: no {language} translation, yet the menu entry opens /{target}, not /{home}")
    fail_with(problems)


def test_math_is_rendered_as_mathml(visits):
    problems = []
    for v in visits:
        f = v.facts
        if f["arithmatex"] != f["arithmatexWithMath"]:
            problems.append(f"{v.page}: {f['arithmatex'] - f['arithmatexWithMath']} formula(s) not converted to MathML")
        if f["invisibleMath"]:
            problems.append(f"{v.page}: {f['invisibleMath']} MathML element(s) take no space (not rendered)")
        raw = RAW_MATH.search(f["text"])
        if raw:
            start = max(raw.start() - 40, 0)
            problems.append(f"{v.page}: raw LaTeX delimiters in the text: …{f['text'][start : raw.end() + 40]}…")
    fail_with(problems)


def test_figures_load(visits):
    fail_with(
        [
            f"{v.page}: image {i['src']} did not load"
            for v in visits
            for i in v.facts["images"]
            if not i["complete"] or i["width"] == 0
        ]
    )


def test_code_blocks_have_a_copy_button(visits):
    problems = []
    for v in visits:
        f = v.facts
        if f["codeBlocks"] and f["copyButtons"] < f["codeBlocks"]:
            problems.append(f"{v.page}: {f['codeBlocks']} code blocks, {f['copyButtons']} copy buttons")
        if f["notebook"] and f["cellCopyButtons"] < f["codeCells"]:
            problems.append(f"{v.page}: {f['codeCells']} code cells, {f['cellCopyButtons']} copy buttons")
    fail_with(problems)


def test_notebook_pages_render(visits, project):
    notebooks = [v for v in visits if v.facts["notebook"]]
    expected = sum(1 for lang in project.languages for rel in project.page_files(lang) if rel.endswith(".ipynb"))
    problems = (
        [f"{len(notebooks)} notebook pages rendered, docs/ has {expected} notebooks"]
        if len(notebooks) != expected
        else []
    )
    for v in notebooks:
        if not v.facts["cells"] or not v.facts["codeCells"]:
            problems.append(f"{v.page}: no notebook cells")
        if v.facts["notebookCssApplied"] is False:
            problems.append(f"{v.page}: the notebook stylesheet is not applied (cell copy text is visible)")
    fail_with(problems)


def test_a_click_in_the_language_menu_opens_the_translation(context, server, visits, project):
    """The menu's links are real: clicking through one page and back, in every language."""
    start = next(
        (
            v
            for v in visits
            if v.page.language == project.source_language
            and v.page.url
            and all(
                language_root(project, lang) + v.page.url in {w.page.url for w in visits} for lang in project.languages
            )
        ),
        None,
    )
    if start is None:
        pytest.skip("no page is translated into every language yet")
    tab = context.new_page()
    problems = []
    tab.goto(server + start.page.url)
    for language in [*project.languages[1:], project.source_language]:
        tab.hover(".md-header__option .md-select")
        tab.click(f"a.md-select__link[hreflang={language}]")
        tab.wait_for_load_state("load")
        expected = server + language_root(project, language) + start.page.url
        if tab.url != expected:
            problems.append(f"menu entry {language}: landed on {tab.url}, expected {expected}")
    tab.close()
    fail_with(problems)


def test_search_finds_words_in_the_page_language_only(context, server, project, built_site):
    """A query on a page of language L returns pages of L only, and finds the language's words."""
    site_dir = built_site.path
    tabs = {}
    for language in project.languages:  # open all at once: the indexes load in parallel
        tab = context.new_page()
        tab.recorder = Recorder(tab, server)
        tab.goto(server + language_root(project, language))
        tabs[language] = tab
    problems = []
    for language, tab in tabs.items():
        tab.bring_to_front()  # background tabs are throttled
        root = server + language_root(project, language)
        other_roots = [
            server + language_root(project, other) for other in project.languages if language_root(project, other)
        ]
        for query in QUERIES.get(language, ["RoPE"]):
            links = _search(tab, query)
            if not links:
                problems.append(f"[{language}] search for {query!r} found nothing")
            for link in links:
                if not link.startswith(root) or (
                    language == project.source_language and link.startswith(tuple(other_roots))
                ):
                    problems.append(f"[{language}] search for {query!r} returned {link}, a page of another language")
                elif not (site_dir / link[len(server) :].split("#")[0] / "index.html").is_file():
                    problems.append(f"[{language}] search for {query!r} returned {link}, which does not exist")
        shot = ARTIFACTS / "screenshots" / language / "search.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=shot)
        problems += [f"[{language}] search page: console error: {e}" for e in tab.recorder.traffic.console_errors]
        problems += [f"[{language}] search page: request failed: {f}" for f in tab.recorder.traffic.failed]
        tab.close()
    fail_with(problems)


def _search(tab, query: str) -> list[str]:
    """Result links for a query; retried until the search worker has loaded its index."""
    field = tab.locator("input[data-md-component=search-query]")
    results = ".md-search-result__item > a.md-search-result__link"
    deadline = time.monotonic() + SEARCH_READY_SECONDS
    while True:
        field.fill("")  # Material empties the result list for an empty query
        field.press("End")
        tab.wait_for_function(f"document.querySelectorAll('{results}').length === 0", timeout=2000)
        field.fill(query)
        field.press("End")  # fill() alone does not reach Material's keyboard handling
        try:
            tab.wait_for_function(f"document.querySelectorAll('{results}').length > 0", timeout=1000)
        except Exception:
            pass
        links = tab.eval_on_selector_all(results, "els => els.map(e => e.href)")
        if links or time.monotonic() > deadline:
            return [link.split("?", 1)[0] for link in links]


def test_404_page(context, server, project):
    """A missing address deep inside a language gets the 404 page, with its styles and scripts."""
    tab = context.new_page()
    missing = server + language_root(project, project.languages[-1]) + "no/such/page/"
    recorder = Recorder(tab, server, expected_statuses=(missing,))
    response = tab.goto(missing)
    tab.wait_for_timeout(100)
    styled = tab.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in ("sticky", "fixed")
    shot = ARTIFACTS / "screenshots" / "404.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=shot)
    tab.close()
    problems = [] if response.status == 404 else [f"{missing}: status {response.status}, not 404"]
    problems += [] if styled else [f"{missing}: the 404 page has no styles"]
    problems += [f"404 page: console error: {e}" for e in recorder.traffic.console_errors if "404" not in e]
    problems += [f"404 page: request failed: {f}" for f in recorder.traffic.failed]
    fail_with(problems)


def test_dark_mode_notebook_screenshot(chromium, server, visits):
    """A reader whose system prefers dark gets the dark scheme; a screenshot of a notebook in it,
    for a human to look at (test-artifacts/screenshots/<lang>/<page>-dark.png)."""
    notebook = next((v for v in visits if v.facts["notebook"]), None)
    if notebook is None:
        pytest.skip("no notebook page")
    dark = open_window(chromium, LAPTOP_DARK)
    tab = dark.new_page()
    tab.goto(server + notebook.page.url)
    tab.wait_for_timeout(100)
    tab.screenshot(path=_screenshot_path(notebook.page, "-dark"))
    scheme = tab.evaluate("document.body.getAttribute('data-md-color-scheme')")
    dark.close()
    assert scheme == "slate", f"{notebook.page}: a reader preferring dark got the {scheme!r} scheme"


def test_a_deep_link_keeps_its_section_across_a_language_switch(context, server, project, visits):
    """Open a section of an English page, switch language in the menu, land on the same section
    (headings carry their English ids in every language; the menu carries the #fragment)."""
    page = "rope/idea/"
    section = "why-the-score-depends-only-on-the-distance"
    if not any(v.page.url == page for v in visits):
        pytest.skip(f"no page /{page}")
    tab = context.new_page()
    problems = []
    tab.goto(f"{server}{page}#{section}")
    for language in [*project.languages[1:], project.source_language]:
        tab.hover(".md-header__option .md-select")
        tab.click(f"a.md-select__link[hreflang={language}]")
        tab.wait_for_load_state("load")
        expected = f"{server}{language_root(project, language)}{page}#{section}"
        heading_top = tab.evaluate(f"(document.getElementById('{section}') || {{}}).getBoundingClientRect?.().top")
        if tab.url != expected:
            problems.append(f"[{language}] the menu led to {tab.url}, not {expected}")
        elif heading_top is None or not (0 <= heading_top < 300):
            problems.append(f"[{language}] #{section} is not in view after the switch (top: {heading_top})")
    tab.close()
    fail_with(problems)


def test_a_notebook_download_saves_the_notebook_of_the_page_language(context, server, project):
    """A click on a notebook page's download link saves that language's notebook, byte for byte."""
    problems = []
    tab = context.new_page()
    try:
        for language in project.languages:
            for relative, source in project.page_files(language).items():
                if source.suffix != ".ipynb":
                    continue
                address = server + language_root(project, language) + page_url(relative)
                tab.goto(address, wait_until="load")
                with tab.expect_download(timeout=10_000) as started:
                    tab.click("article a[download]")
                download = started.value
                if Path(download.path()).read_bytes() != source.read_bytes():
                    problems.append(f"{address}: the download is not docs/{language}/{relative}")
                if download.suggested_filename != Path(relative).name:
                    problems.append(f"{address}: the download is named {download.suggested_filename!r}")
    finally:
        tab.close()
    fail_with(problems)
