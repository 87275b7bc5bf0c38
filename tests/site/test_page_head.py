"""The head of every page, as search engines and link previews read it, on the built site.

* **Description.** Every page in every language has its own description, in its language: the
  front matter key ``description`` of a Markdown page, the metadata key of a notebook. The built
  page carries it as ``<meta name="description">`` and ``og:description``; a translation never
  repeats the English text, and no page falls back to the site's description.
* **hreflang alternates.** Each page names itself and its translations, with absolute addresses
  that are pages of the built site, and ``x-default``, the English page.
* **Open Graph.** Title, description, address, type, site name, locale and the other locales.
* **No requests.** The alternates say ``rel="alternate "``, so Material's bundle, which fetches
  ``sitemap.xml`` below every ``link[rel=alternate]`` (whole value), finds none
  (hooks/theme_overrides/partials/page-head.html explains; test_site.py checks every page).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from doccheck.built_html import PageHtml, read_page
from doccheck.plugin import fail_with
from hooks.core import translations
from hooks.core.languages import language as language_row
from hooks.core.translations import FRONT_MATTER
from hooks.core.urls import language_root, page_url

SCRIPTS = {  # a description in this language has letters of this script
    "zh": re.compile(r"[\u4e00-\u9fff]"),
    "ko": re.compile(r"[\uac00-\ud7af]"),
}
LONGEST_DESCRIPTION = 250  # characters: one sentence, not a paragraph
MATERIAL_SELECTOR = "link[rel=alternate]"


class Head:
    """The <meta> and <link> elements of a page's <head>."""

    def __init__(self, page: PageHtml):
        self.meta = page.head("meta")
        self.links = page.head("link")

    def named(self, attribute: str, name: str) -> list[str]:
        return [m.get("content", "") for m in self.meta if m.get(attribute) == name]

    def alternates(self) -> list[tuple[str, str]]:
        """(hreflang, href) of every link whose rel holds the link type "alternate" (tokens, any case)."""
        return [
            (link["hreflang"], link.get("href", ""))
            for link in self.links
            if "alternate" in link.get("rel", "").lower().split() and "hreflang" in link
        ]


def read_head(path: Path) -> Head:
    return Head(read_page(path))


def source_description(path: Path) -> str | None:
    """The description a page file declares: front matter, or notebook metadata."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        value = json.loads(text).get("metadata", {}).get("description")
    else:
        front = FRONT_MATTER.match(text)
        value = (yaml.safe_load(front["body"]) or {}).get("description") if front else None
    return value if isinstance(value, str) else None


@pytest.fixture(scope="session")
def site_url(project) -> str:
    url = project.mkdocs_config.get("site_url") or ""
    assert url, "mkdocs.yml has no site_url: hreflang and og:url need absolute addresses"
    return url if url.endswith("/") else url + "/"


def built(project, site_dir: Path, language: str, relative: str) -> Path:
    return site_dir / language_root(project, language) / page_url(relative) / "index.html"


def address(project, site_url: str, language: str, relative: str) -> str:
    return site_url + language_root(project, language) + page_url(relative)


def page_of(site_dir: Path, site_url: str, href: str) -> Path | None:
    """The built file an absolute address under site_url serves, if there is one."""
    if not href.startswith(site_url):
        return None
    rest = urlsplit(href[len(site_url) :]).path
    target = site_dir / rest / "index.html" if rest == "" or rest.endswith("/") else site_dir / rest
    return target if target.is_file() else None


def pages(project):
    """(language, path inside the language folder, source file) of every page of every language."""
    return [
        (language, relative, path)
        for language in project.languages
        for relative, path in project.page_files(language).items()
    ]


# -- descriptions --------------------------------------------------------------------------------


def test_every_page_declares_a_description_in_its_language(project):
    problems = []
    english = {r: source_description(p) for r, p in project.page_files(project.source_language).items()}
    site_description = (project.mkdocs_config.get("site_description") or "").strip()
    for language, relative, path in pages(project):
        where = f"[{language}] docs/{language}/{relative}"
        key = "the notebook metadata key" if path.suffix == ".ipynb" else "front matter"
        description = source_description(path)
        if not description or not description.strip():
            problems.append(f"{where}: no description ({key} `description`: one sentence on what the page shows)")
            continue
        if "\n" in description.strip() or len(description) > LONGEST_DESCRIPTION:
            problems.append(f"{where}: one sentence, please, of at most {LONGEST_DESCRIPTION} characters")
        if '"' in description or "<" in description:
            problems.append(f'{where}: the description holds " or <, which Material writes into the head unescaped')
        if description.strip() == site_description:
            problems.append(f"{where}: the description is the site's description; say what this page shows")
        if language != project.source_language:
            if english.get(relative) and description.strip() == english[relative].strip():
                problems.append(f"{where}: the description is the English one; translate it")
            script = SCRIPTS.get(language)
            if script and not script.search(description):
                problems.append(f"{where}: the description has no {language} text: {description!r}")
    fail_with(problems)


def test_every_built_page_carries_its_description(project, site_dir):
    problems = []
    for language, relative, path in pages(project):
        target = built(project, site_dir, language, relative)
        if not target.is_file():
            continue  # test_site.py::test_every_page_of_every_language_is_built
        head = read_head(target)
        wanted = (source_description(path) or "").strip()
        where = f"[{language}] /{language_root(project, language)}{page_url(relative)}"
        for name, found in (
            ('<meta name="description">', head.named("name", "description")),
            ('<meta property="og:description">', head.named("property", "og:description")),
        ):
            if found != [wanted]:
                problems.append(f"{where}: {name} is {found}, not the page's description {wanted!r}")
    fail_with(problems)


def built_heads(project, site_dir):
    """(language, page, where to say it, parsed head) for every built page of every language."""
    for language, relative, _ in pages(project):
        target = built(project, site_dir, language, relative)
        if target.is_file():
            yield (
                language,
                relative,
                f"[{language}] /{language_root(project, language)}{page_url(relative)}",
                read_head(target),
            )


# -- hreflang alternates -------------------------------------------------------------------------


def test_every_page_names_its_translations_and_x_default(project, site_dir, site_url):
    problems = []
    for _language, relative, where, head in built_heads(project, site_dir):
        alternates = head.alternates()
        found: dict[str, list[str]] = {}
        for hreflang, href in alternates:
            found.setdefault(hreflang, []).append(href)
        expected = {
            other: address(project, site_url, other, relative)
            for other in project.languages
            if relative in project.page_files(other)
        }
        expected["x-default"] = address(project, site_url, project.source_language, relative)
        for hreflang, href in expected.items():
            hrefs = found.pop(hreflang, [])
            if hrefs != [href]:
                problems.append(f"{where}: hreflang={hreflang} alternates {hrefs}, expected [{href!r}]")
        for hreflang, hrefs in found.items():
            problems.append(f"{where}: an alternate for hreflang={hreflang} ({hrefs}), a language the site lacks")
        for hreflang, href in alternates:
            if page_of(site_dir, site_url, href) is None:
                problems.append(f"{where}: the hreflang={hreflang} alternate {href} is no page of the built site")
    fail_with(problems)


def test_no_alternate_link_makes_material_fetch_a_sitemap(site_dir):
    """Material's bundle fetches sitemap.xml below each element that ``link[rel=alternate]`` matches:
    an attribute selector compares the whole value (for rel, ASCII case-insensitively). If the
    bundle stops using exactly that selector, ``rel="alternate "`` may no longer hide the links."""
    problems = []
    bundles = sorted((site_dir / "assets" / "javascripts").glob("bundle.*.min.js"))
    if not bundles:
        problems.append("no assets/javascripts/bundle.*.min.js in the site: has Material changed?")
    for bundle in bundles:
        script = bundle.read_text(encoding="utf-8")
        if f'"{MATERIAL_SELECTOR}"' not in script or "sitemap.xml" not in script:
            problems.append(
                f"{bundle.name}: no longer selects {MATERIAL_SELECTOR!r} to fetch sitemap.xml; check how Material "
                'finds alternate links now before trusting rel="alternate " (partials/page-head.html)'
            )
    for path in sorted(site_dir.rglob("*.html")):
        for link in read_head(path).links:
            if link.get("rel", "").lower() == "alternate":
                problems.append(
                    f"{path.relative_to(site_dir)}: <link rel={link['rel']!r} href={link.get('href')!r}> is matched by "
                    f"{MATERIAL_SELECTOR}"
                )
    fail_with(problems)


# -- Open Graph ----------------------------------------------------------------------------------


def test_every_page_has_open_graph_title_url_and_locales(project, site_dir, site_url):
    problems = []
    for language, relative, where, head in built_heads(project, site_dir):

        def one(name: str, head: Head = head, where: str = where) -> str | None:
            values = head.named("property", name)
            if len(values) != 1 or not values[0].strip():
                problems.append(f"{where}: {len(values)} non-empty <meta property={name}>, expected one: {values}")
                return None
            return values[0]

        one("og:title")
        one("og:site_name")
        if one("og:type") not in (None, "website", "article"):
            problems.append(f"{where}: og:type {head.named('property', 'og:type')} is neither website nor article")
        url = one("og:url")
        if url is not None:
            if url != address(project, site_url, language, relative):
                problems.append(f"{where}: og:url {url} is not this page's address")
            elif page_of(site_dir, site_url, url) is None:
                problems.append(f"{where}: og:url {url} is no page of the built site")
        locale = one("og:locale")
        expected = language_row(language).og_locale
        if locale is not None and locale != expected:
            problems.append(f"{where}: og:locale {locale}, expected {expected}")
        others = sorted(language_row(o).og_locale for o in project.languages if o != language)
        if sorted(head.named("property", "og:locale:alternate")) != others:
            problems.append(
                f"{where}: og:locale:alternate {head.named('property', 'og:locale:alternate')}, expected {others}"
            )
    fail_with(problems)


def test_a_changed_english_notebook_description_makes_its_translations_stale(tmp_path):
    """A notebook's description is translated like a Markdown page's front matter, so the drift
    fingerprint covers it (hooks/core/translations.py); stored outputs still do not count."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell("# A notebook"), nbformat.v4.new_code_cell("print(1)")]
    path = tmp_path / "nb.ipynb"
    nbformat.write(notebook, path)
    without = translations.fingerprint(path)
    notebook.metadata["description"] = "A notebook that prints 1."
    nbformat.write(notebook, path)
    described = translations.fingerprint(path)
    notebook.metadata["description"] = "A notebook that prints one number."
    nbformat.write(notebook, path)
    changed = translations.fingerprint(path)
    notebook.cells[1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n")]
    nbformat.write(notebook, path)
    assert len({without, described, changed}) == 3
    assert translations.fingerprint(path) == changed
