"""The built site: a strict build, every page in every language (notebooks as HTML), nothing
loaded from another host, search split by language, edit links and 404 pages per language.

All checks read the site that the ``built_site`` fixture (doccheck/plugin.py) builds once per
session; tests/browser/test_browser.py drives the same build in Chromium. Pages are discovered from
the built site and from docs/, never listed by hand.
"""

from __future__ import annotations

import base64
import io
import json
import re
import xml.etree.ElementTree as etree
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from fontTools.ttLib import TTFont

from doccheck import drift
from doccheck.built_html import read_page as parse
from doccheck.plugin import fail_with
from doccheck.site import BuiltPage, built_pages
from hooks.core import figure_text
from hooks.core.figure_text import SVG_NS, FigureLabels, svg_texts
from hooks.core.urls import language_root, page_url

# -- the built site --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def pages(project, site_dir) -> list[BuiltPage]:
    return built_pages(project, site_dir)


# -- the build --------------------------------------------------------------------------------


def test_strict_build_has_no_warnings(built_site):
    """`mkdocs build --strict` succeeds and logs no WARNING or ERROR line."""
    bad = [line for line in built_site.strict_log.splitlines() if re.match(r"\s*(WARNING|ERROR)\b", line)]
    problems = [f"mkdocs build --strict: {line.strip()}" for line in bad]
    if built_site.strict_returncode != 0 and not problems:
        problems = ["mkdocs build --strict failed:", *built_site.strict_log.splitlines()[-15:]]
    fail_with(problems)


def test_the_build_prints_only_log_lines(built_site):
    """No chatter that would bury a real warning: jieba's dictionary loading (quieted by hooks/plugin.py)
    or the theme's banner (NO_MKDOCS_2_WARNING=1, as README's serve command sets it)."""
    noise = [
        line
        for line in built_site.strict_log.splitlines()
        if line.strip() and not re.match(r"(INFO|WARNING|ERROR|DEBUG)\b", line)
    ]
    fail_with([f"mkdocs build printed: {line}" for line in noise])


def test_every_page_of_every_language_is_built(project, site_dir):
    missing = []
    for language in project.languages:
        for relative in project.page_files(language):
            target = site_dir / language_root(project, language) / page_url(relative) / "index.html"
            if not target.is_file():
                missing.append(
                    f"[{language}] docs/{language}/{relative} was not built as {target.relative_to(site_dir)}"
                )
    fail_with(missing)


def test_notebook_pages_are_html_in_every_language(project, site_dir):
    """mkdocs-static-i18n alone copies notebooks as raw JSON (hooks/notebooks_under_i18n.py)."""
    problems = []
    for language in project.languages:
        for relative in project.page_files(language):
            if not relative.endswith(".ipynb"):
                continue
            target = site_dir / language_root(project, language) / page_url(relative) / "index.html"
            if not target.is_file():
                problems.append(
                    f"[{language}] docs/{language}/{relative}: no HTML page at {target.relative_to(site_dir)}"
                )
                continue
            text = target.read_text(encoding="utf-8")
            if text.lstrip().startswith("{"):
                problems.append(f"[{language}] {target.relative_to(site_dir)} is the notebook's raw JSON, not a page")
            elif (
                not text.lstrip().lower().startswith("<!doctype html")
                or 'class="jupyter-wrapper"' not in text
                or "jp-Cell" not in text
            ):
                problems.append(f"[{language}] {target.relative_to(site_dir)} is not a rendered notebook page")
    # Notebooks are downloads only in their own folder, notebooks/<lang>/<path> (hooks/notebook_downloads.py),
    # each a copy of docs/<lang>/<path> of a notebook page; any other .ipynb is a page published as raw JSON
    for copied in site_dir.rglob("*.ipynb"):
        parts = copied.relative_to(site_dir).parts
        language, relative = (parts[1], "/".join(parts[2:])) if len(parts) > 2 else ("", "")
        in_folder = parts[0] == "notebooks" and language in project.languages
        source = project.page_files(language).get(relative) if in_folder else None
        if source is None or source.suffix != ".ipynb":
            problems.append(f"{copied.relative_to(site_dir)}: a notebook was copied into the site as raw JSON")
        elif copied.read_bytes() != source.read_bytes():
            problems.append(f"{copied.relative_to(site_dir)}: differs from docs/{language}/{relative}")
    fail_with(problems)


# -- nothing from other hosts ---------------------------------------------------------------

# Attributes that make a browser load something (not <a href>, which is a link a reader follows)
LOADING = {
    "script": ("src",),
    "img": ("src", "srcset"),
    "source": ("src", "srcset"),
    "video": ("src", "poster"),
    "audio": ("src",),
    "iframe": ("src",),
    "embed": ("src",),
    "object": ("data",),
    "track": ("src",),
    "input": ("src",),
    "use": ("href", "xlink:href"),
    "image": ("href", "xlink:href"),
}
LOADING_LINK_RELS = {
    "stylesheet",
    "preload",
    "modulepreload",
    "prefetch",
    "preconnect",
    "dns-prefetch",
    "icon",
    "shortcut",
    "apple-touch-icon",
    "manifest",
    "mask-icon",
}
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.I)
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)|@import\s+['"]([^'"]+)""", re.I)
URL_IN_CODE = re.compile(r"https?://[^\s'\"`)<>]+")
NAMESPACES = ("http://www.w3.org/",)
# Absolute URLs inside Material's JavaScript, each loaded only in a situation this site never has
GATED_SCRIPT_URLS = {
    "https://unpkg.com/mermaid@": "mermaid, for a pre.mermaid block (none: test_no_page_triggers_a_gated_download)",
    "https://unpkg.com/resize-observer-polyfill": "only in browsers without ResizeObserver (none since 2020)",
    "https://api.github.com/": "repository facts, for a [data-md-component=source] element (the theme removes it)",
    "https://${": "GitLab repository facts, same condition",
}
SCRIPT_URL_LITERAL = re.compile(r"""(["'`])(https?://[^"'`\s]*)\1""")


def _external(url: str) -> bool:
    url = url.strip()
    return bool(EXTERNAL.match(url)) and not url.startswith(NAMESPACES)


def _srcset_urls(value: str) -> list[str]:
    return [part.strip().split()[0] for part in value.split(",") if part.strip()]


def external_loads(path: Path) -> list[str]:
    """What one HTML page would load from another host."""
    tags = parse(path)
    found = []
    for tag, attrs in tags.tags:
        urls = []
        for name in LOADING.get(tag, ()):
            if name in attrs:
                urls += _srcset_urls(attrs[name]) if name == "srcset" else [attrs[name]]
        if tag == "link" and set(attrs.get("rel", "").lower().split()) & LOADING_LINK_RELS:
            urls.append(attrs.get("href", ""))
        urls += [a or b for a, b in CSS_URL.findall(attrs.get("style", ""))]
        found += [f"<{tag}> {url}" for url in urls if _external(url)]
    for css in tags.texts_of("style"):
        found += [f"<style> {a or b}" for a, b in CSS_URL.findall(css) if _external(a or b)]
    for script in tags.texts_of("script"):
        found += [f"<script> {url}" for url in URL_IN_CODE.findall(script) if _external(url)]
    return found


def test_no_page_loads_anything_from_another_host(site_dir):
    problems = []
    for path in sorted(site_dir.rglob("*.html")):
        problems += [f"{path.relative_to(site_dir)}: {what}" for what in external_loads(path)]
    for path in sorted(site_dir.rglob("*.css")):
        for a, b in CSS_URL.findall(path.read_text(encoding="utf-8")):
            if _external(a or b):
                problems.append(f"{path.relative_to(site_dir)}: {a or b}")
    for path in sorted(site_dir.rglob("*.js")):
        for _, url in SCRIPT_URL_LITERAL.findall(path.read_text(encoding="utf-8")):
            if _external(url) and not url.startswith(tuple(GATED_SCRIPT_URLS)):
                problems.append(f"{path.relative_to(site_dir)}: script would load {url}")
    fail_with(problems)


def test_no_page_triggers_a_gated_download(site_dir):
    """The conditions under which Material's JavaScript downloads from another host never occur."""
    problems = []
    for path in sorted(site_dir.rglob("*.html")):
        for tag, attrs in parse(path).tags:
            classes = attrs.get("class", "").split()
            if tag in ("pre", "div") and "mermaid" in classes:
                problems.append(
                    f"{path.relative_to(site_dir)}: <{tag} class=mermaid> makes Material load mermaid from unpkg.com"
                )
            if attrs.get("data-md-component") == "source":
                problems.append(
                    f"{path.relative_to(site_dir)}: [data-md-component=source] makes Material call api.github.com"
                )
            # Material's bundle selects link[rel=alternate]: the whole value, ASCII case-insensitively
            # (hreflang alternates say rel="alternate ", tests/site/test_page_head.py)
            if tag == "link" and attrs.get("rel", "").lower() == "alternate":
                problems.append(
                    f"{path.relative_to(site_dir)}: <link rel=alternate href={attrs.get('href')!r}> makes Material"
                    " fetch sitemap.xml below that address"
                )
    fail_with(problems)


def test_math_is_mathml(pages):
    problems = []
    for page in pages:
        text = page.path.read_text(encoding="utf-8")
        for match in re.finditer(r'<(span|div) class="arithmatex"[^>]*>(.*?)</\1>', text, re.S):
            if not match.group(2).lstrip().startswith("<math"):
                problems.append(f"{page}: math left as LaTeX: {match.group(2)[:80]}")
        if re.search(r"MathJax|katex", text):
            problems.append(f"{page}: mentions MathJax or KaTeX")
    fail_with(problems)


# -- search -----------------------------------------------------------------------------------


def _index(site_dir: Path, project, language: str) -> dict:
    return json.loads(
        (site_dir / language_root(project, language) / "search" / "search_index.json").read_text(encoding="utf-8")
    )


def test_each_language_has_its_own_search_index(project, site_dir, pages):
    """Each language's index holds exactly its own pages, and its pages load it."""
    problems = []
    for language in project.languages:
        index = _index(site_dir, project, language)
        root = language_root(project, language)
        locations = [doc["location"] for doc in index["docs"]]
        for location in {loc for loc in locations if locations.count(loc) > 1}:
            problems.append(f"[{language}] search index: location {location!r} appears more than once")
        indexed = {loc.split("#", 1)[0] for loc in locations}
        for location in sorted(indexed):
            if not (site_dir / root / location / "index.html").is_file():
                problems.append(f"[{language}] search index: {location!r} is no page of this language")
        for page in (p for p in pages if p.language == language):
            if page.url.removeprefix(root) not in indexed:
                problems.append(f"{page}: not in the {language} search index")
            config = re.search(
                r'<script id="__config" type="application/json">(.*?)</script>',
                page.path.read_text(encoding="utf-8"),
                re.S,
            )
            base = json.loads(config.group(1))["base"] if config else None
            page_address = "http://site/" + page.url
            if base is None or urljoin(page_address, base.rstrip("/") + "/") != "http://site/" + root:
                problems.append(f"{page}: its search base {base!r} is not its language's folder /{root}")
    fail_with(problems)


# -- reader comforts --------------------------------------------------------------------------


def test_edit_links_open_the_page_in_its_own_language(project, pages):
    problems = []
    config = project.mkdocs_config
    prefix = config["repo_url"].rstrip("/") + "/" + config["edit_uri"].strip("/") + "/"
    for page in pages:
        edits = [
            a["href"]
            for tag, a in parse(page.path).tags
            if tag == "a" and "md-content__button" in a.get("class", "") and "href" in a
        ]
        if not edits:
            problems.append(f"{page}: no 'edit this page' link")
            continue
        href = edits[0]
        relative = href.removeprefix(prefix)
        if not href.startswith(prefix) or not (project.docs_dir / relative).is_file():
            problems.append(f"{page}: edit link {href} names no file of docs/")
        elif relative.split("/", 1)[0] != page.language:
            problems.append(f"{page}: edit link {href} opens another language's file")
    fail_with(problems)


def test_every_language_has_a_home_and_a_404_page(project, site_dir):
    problems = []
    for language in project.languages:
        root = language_root(project, language)
        if not (site_dir / root / "index.html").is_file():
            problems.append(f"[{language}] no home page /{root}")
        not_found = site_dir / root / "404.html"
        if not not_found.is_file():
            problems.append(f"[{language}] no /{root}404.html")
            continue
        tags = parse(not_found)
        html_lang = next((a.get("lang") for t, a in tags.tags if t == "html"), None)
        if html_lang != language:
            problems.append(f"/{root}404.html is in language {html_lang!r}, not {language!r}")
        # a 404 page is served at any depth: everything it loads must not be relative to it
        for tag, attrs in tags.tags:
            for name in ("src", "href"):
                value = attrs.get(name, "")
                if (
                    tag in ("script", "link", "img")
                    and value
                    and not value.startswith(("/", "http://", "https://", "data:"))
                ):
                    problems.append(f"/{root}404.html: <{tag} {name}={value!r}> breaks when served below the site root")
        menu = {
            a.get("hreflang"): a.get("href")
            for t, a in tags.tags
            if t == "a" and "md-select__link" in a.get("class", "")
        }
        site_path = urlsplit(project.mkdocs_config.get("site_url") or "/").path  # the 404 page's links are absolute
        for other in project.languages:
            target = urlsplit(menu.get(other) or "").path
            target = target[len(site_path) :] if target.startswith(site_path) else target
            if target.strip("/") != language_root(project, other).strip("/"):
                problems.append(
                    f"/{root}404.html: the language menu leads to {menu.get(other)!r} for {other}, not its home"
                )
    fail_with(problems)


def test_outdated_translations_show_a_notice_and_current_ones_do_not(project, site_dir):
    problems = []
    for translation in drift.translations(project):
        target = site_dir / language_root(project, translation.language) / page_url(translation.relative) / "index.html"
        if not target.is_file():
            continue  # reported by test_every_page_of_every_language_is_built
        state = translation.state()
        outdated = state.record.outdated or (state.record.translation_of not in (None, state.current))
        shown = "translation-outdated" in target.read_text(encoding="utf-8")
        if outdated and not shown:
            problems.append(f"[{translation.language}] {translation.shown} is outdated, but its page shows no notice")
        if shown and not outdated:
            problems.append(
                f"[{translation.language}] {translation.shown} is up to date, but its page says it may be outdated"
            )
    fail_with(problems)


def test_pages_are_light(pages):
    """No page carries more than 400 KB of HTML, and no stylesheet more than 200 KB: notebook pages
    used to inline 590 KB of JupyterLab CSS each (hooks/notebook_pages.py shares a pruned copy).
    The heaviest page is the long-context chapter, about 310 KB, half of it its highlighted code;
    its figures are files of their own (hooks/figures_in_language.py), loaded when scrolled to."""
    page_limit_kb, stylesheet_limit_kb = 400, 200
    problems, stylesheets = [], set()
    for page in pages:
        size = page.path.stat().st_size
        if size > page_limit_kb * 1024:
            problems.append(f"{page}: {size // 1024} KB of HTML (limit {page_limit_kb} KB)")
        for tag, attrs in parse(page.path).tags:
            if tag == "link" and attrs.get("rel") == "stylesheet" and not _external(attrs.get("href", "")):
                stylesheets.add((page.path.parent / attrs["href"]).resolve())
    for css in sorted(stylesheets):
        if css.is_file() and css.stat().st_size > stylesheet_limit_kb * 1024:
            problems.append(f"{css.name}: {css.stat().st_size // 1024} KB (limit {stylesheet_limit_kb} KB)")
    fail_with(problems)


def blocking_scripts(html_path: Path) -> list[str]:
    """The external scripts of a page that the browser must run before it goes on parsing."""
    return [
        attrs["src"]
        for tag, attrs in parse(html_path).tags
        if tag == "script" and attrs.get("src") and "defer" not in attrs and "async" not in attrs
    ]


def test_no_script_holds_up_the_first_paint(pages, tmp_path):
    """Every external script is deferred (hooks/theme_overrides/main.html): a parser-blocking
    one delayed the first paint on a phone by about 0.6 s (Lighthouse), and the check does fail
    on a page that has one."""
    problems = [f"{page}: {src} blocks parsing" for page in pages for src in blocking_scripts(page.path)]
    broken = tmp_path / "broken.html"
    broken.write_text('<html><body><p>text</p><script src="x.js"></script></body></html>', encoding="utf-8")
    assert blocking_scripts(broken) == ["x.js"]
    fail_with(problems)


# -- Chinese text -----------------------------------------------------------------------------

WIDE = re.compile(
    r"[\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]"
)


def article_texts(page: BuiltPage) -> list[str]:
    """The reader-visible text of each block of the page's own article (not the theme's)."""
    return parse(page.path).block_texts()


def test_chinese_text_has_no_line_break_spaces(project, pages):
    """A source line wrapped inside a Chinese sentence must not show as a space
    (hooks/cjk_line_breaks.py)."""
    problems = []
    for page in pages:
        if page.language != "zh":
            continue
        for text in article_texts(page):
            for match in re.finditer(r"\s*\n\s*", text):
                before, after = text[match.start() - 1 : match.start()], text[match.end() : match.end() + 1]
                if before and after and WIDE.match(before) and WIDE.match(after):
                    start = max(match.start() - 15, 0)
                    problems.append(
                        f"{page}: a line break between {before!r} and {after!r}: …{text[start : match.end() + 15]!r}…"
                    )
    fail_with(problems)


# -- Polish text ------------------------------------------------------------------------------

ONE_LETTER_WORD_THEN_SPACE = re.compile(r"(?<![\w.'’-])([AaIiOoUuWwZz])([ \t\n]+|\u00a0)(?=\S)")


def _one_letter_words(page: BuiltPage) -> list[tuple[str, str]]:
    """Each one-letter word of the page's text with the space after it and some context."""
    found = []
    for text in article_texts(page):
        for match in ONE_LETTER_WORD_THEN_SPACE.finditer(text):
            found.append((match.group(2), text[max(match.start() - 20, 0) : match.end() + 20]))
    return found


def test_polish_no_break_spaces_stay_with_the_next_word(pages):
    """A Polish line never ends with "w", "z", "i", "a", "o" or "u": a no-break space ties them to
    the next word (hooks/polish_no_break_spaces.py), on chapter and notebook pages alike; the
    English "a" and "I" are not tied."""
    problems, polish_words = [], 0
    for page in pages:
        if page.language not in ("pl", "en"):
            continue
        for space, context in _one_letter_words(page):
            if page.language == "pl" and space != "\u00a0":
                problems.append(f"{page}: a line may end after the one-letter word in …{context!r}…")
            elif page.language == "en" and space == "\u00a0":
                problems.append(f"{page}: an English one-letter word is tied to the next word: …{context!r}…")
            polish_words += page.language == "pl"
    assert polish_words > 500, f"only {polish_words} one-letter words on the Polish pages: is the check reading them?"
    fail_with(problems)


def test_polish_numbers_keep_their_digit_groups_on_one_line(pages):
    """A Polish number written in groups of three digits ("32 000") is never split at the end of a
    line: the build puts no-break spaces between the groups (hooks/polish_no_break_spaces.py)."""
    problems, grouped = [], 0
    for page in pages:
        if page.language != "pl":
            continue
        for text in article_texts(page):
            for match in re.finditer(r"\d([ \u00a0])\d{3}(?!\d)", text):
                grouped += 1
                if match.group(1) != "\u00a0":
                    context = text[max(match.start() - 15, 0) : match.end() + 15]
                    problems.append(f"{page}: a line may break inside …{context!r}…")
    assert grouped > 50, f"only {grouped} grouped numbers on the Polish pages: is the check reading them?"
    fail_with(problems)


def _heading_ids(path: Path) -> list[str]:
    html = path.read_text(encoding="utf-8")
    article = html[html.find("<article") : html.find("</article>")]
    return re.findall(r'<h[1-6] id="([^"]*)"', article)


def test_every_heading_has_its_english_id_in_every_language(project, site_dir):
    """A deep link (/zh/rope/idea/#section) opens the same section as the English one, on Markdown
    and notebook pages alike; the skip link and the table of contents point at real ids."""
    problems = []
    for relative in project.page_files(project.source_language):
        english = site_dir / page_url(relative) / "index.html"
        if not english.is_file():
            continue
        english_ids = _heading_ids(english)
        for language in project.languages:
            built = site_dir / language_root(project, language) / page_url(relative) / "index.html"
            if not built.is_file():
                continue
            ids = _heading_ids(built)
            # an edition may add a section the English lacks, declared with a fidelity marker
            # (test_translation_fidelity.py checks the declaration); every English id must be there, in order
            source = project.language_dir(language) / relative
            declared = language != project.source_language and "<!-- fidelity:" in source.read_text(encoding="utf-8")
            shown = [i for i in ids if i in english_ids] if declared else ids
            if language != project.source_language and shown != english_ids:
                problems.append(
                    f"[{language}] /{language_root(project, language)}{page_url(relative)}: heading ids "
                    f"{ids} differ from the English {english_ids}"
                )
            html = built.read_text(encoding="utf-8")
            targets = set(re.findall(r'\bid="([^"]+)"', html))
            for link in re.findall(r'<a href="#([^"]+)" class="md-(?:skip|nav__link)"', html):
                if link not in targets:
                    problems.append(
                        f"[{language}] /{language_root(project, language)}{page_url(relative)}: "
                        f"a link to #{link}, which no element has"
                    )
    fail_with(problems)


def test_images_have_their_size(pages):
    """Width and height on every image (no layout shift while it loads): the notebooks' output
    images (hooks/responsive_figures.py); the figures of Markdown pages are inline SVG."""
    problems = []
    for page in pages:
        html = page.path.read_text(encoding="utf-8")
        article = html[html.find("<article") : html.find("</article>")]
        for tag in re.findall(r"<img\b[^>]*>", article):
            src = (re.search(r'src="([^"]{0,80})', tag) or [None, "?"])[1]
            if ' width="' not in tag or ' height="' not in tag:
                problems.append(f"{page}: <img src={src!r}> has no width and height")
    fail_with(problems)


FIGURE_IMAGE = re.compile(r'<img\b[^>]*\bsrc="(?P<src>[^"]*assets/figures/[^"]+\.svg)"[^>]*>')
EMBEDDED_FONT = re.compile(r'url\("data:font/woff2;base64,([A-Za-z0-9+/=]+)"\)')


def test_figures_show_their_texts_in_the_page_language(project, pages):
    """Every figure of a page is its language's own SVG file (assets/figures/<language>/), with
    alt text, its size and lazy loading; each of its texts is exactly what
    docs/<language>/figure-labels.yml gives for the page's language (no English left on a zh, ko
    or pl page), and the fonts embedded in the file draw every character of it
    (hooks/figures_in_language.py)."""
    labels = FigureLabels.read(project.docs_dir, project.languages)
    drawn_figures = figure_text.figures(project)
    by_file = {figure_text.file_name(name): name for name in drawn_figures}
    problems, shown = [], {language: 0 for language in project.languages}
    for page in pages:
        html = page.path.read_text(encoding="utf-8")
        if "data:image/svg+xml" in html:
            problems.append(f"{page}: a figure left as a data: image")
        for tag in FIGURE_IMAGE.finditer(html):
            src = tag["src"]
            if f"assets/figures/{page.language}/" not in src:
                problems.append(f"{page}: {src} is not the figure in the page's language")
                continue
            if not re.search(r'\balt="[^"]+"', tag[0]) or 'loading="lazy"' not in tag[0] or " width=" not in tag[0]:
                problems.append(f"{page}: {src} lacks alt text, its size or lazy loading: {tag[0][:160]}")
            file = (page.path.parent / src).resolve()
            svg = etree.fromstring(file.read_bytes())
            name = by_file.get(file.name)
            if name is None:
                problems.append(f"{page}: {src} is no figure of the project")
                continue
            source = [text for text, _ in svg_texts(drawn_figures[name][1])]
            texts = ["".join(t.itertext()) for t in svg.iter(f"{{{SVG_NS}}}text")]
            for english, got in zip(source, texts, strict=True):
                want = labels.translate(name, english, page.language)
                if want is None or got != want:
                    problems.append(f"[{page.language}] {name} shows {got!r} for {english!r}, not {want!r}")
            covered: set[str] = set()
            for data in EMBEDDED_FONT.findall(file.read_text(encoding="utf-8")):
                covered |= {chr(code) for code in TTFont(io.BytesIO(base64.b64decode(data))).getBestCmap()}
            missing = sorted({c for text in texts for c in text if not c.isspace()} - covered)
            if missing:
                problems.append(f"[{page.language}] {name}: its embedded fonts lack {missing}")
            shown[page.language] += 1
    problems += [f"[{language}] no page shows a figure" for language, count in shown.items() if not count]
    fail_with(sorted(set(problems)))
