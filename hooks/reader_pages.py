"""What a reader of any language sees around the content.

* **Outdated translations.** A translated page marked ``translation_outdated: true`` (front
  matter; notebook metadata for ``.ipynb``), or whose recorded ``translation_of`` no longer
  matches its English page (doccheck/drift.py), starts with a notice in its own language
  linking to the English page. The test suite fails on the second case; the notice means a
  build that skipped the tests still tells readers.
* **A 404 page per language.** Every language build of mkdocs-static-i18n writes the site's
  ``404.html`` (the last language wins, so the root page was Polish) with the language menu of
  whichever page was built last. Each language's copy is kept here, with a menu leading to each
  language's home, and written to ``404.html`` (default language) and ``<lang>/404.html``.
* **hreflang alternates without requests.** On every page load Material's bundle runs
  ``document.querySelectorAll("link[rel=alternate]")`` and fetches ``sitemap.xml`` resolved
  against each such link's ``href`` (its language-switch integration). mkdocs-static-i18n gives
  Material one such link per language (``config.extra.alternate``, which base.html renders as
  ``<link rel="alternate" href="../../zh/rope/idea/" hreflang="zh">``), so each page load made
  four requests below the pages' folders that ended in 404. Those links are removed here. The
  alternates search engines read (absolute addresses, and ``x-default``) are written by the
  theme override partials/page-head.html with ``rel="alternate "``: the same single link type
  for HTML, which reads ``rel`` as space-separated tokens, but a value that selector (which
  compares the whole value) does not match. The language menu in the header keeps leading to
  the same page in each language, and ``sitemap.xml`` lists every page's translations too.
* **No Mermaid.** Material loads mermaid from unpkg.com for a ``pre.mermaid`` block; a page
  with one is a build WARNING (``--strict`` fails).
"""

from __future__ import annotations

import copy
import html
import logging
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from hooks.core.languages import language as language_row
from hooks.core.translations import is_outdated
from hooks.i18n_state import english_file, i18n_plugin, languages

log = logging.getLogger("mkdocs.hooks.reader_pages")

# base.html's rendering of mkdocs-static-i18n's config.extra.alternate (not partials/page-head.html's links)
ALTERNATE_LINK = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')
MERMAID_BLOCK = re.compile(r'<(pre|div)\b[^>]*\bclass="(?:[^"]*\s)?mermaid(?:\s[^"]*)?"')
H1_END = re.compile(r"</h1>")


# -- outdated translations -------------------------------------------------------------------


def outdated_notice(language: str, english_href: str, english_language: str) -> str:
    words = language_row(language).words
    title, before, link, after = (words[f"outdated_{part}"] for part in ("title", "before", "link", "after"))
    return (
        f'<div class="admonition warning translation-outdated" lang="{language}">'
        f'<p class="admonition-title">{html.escape(title)}</p>'
        f'<p>{html.escape(before)}<a href="{html.escape(english_href)}" hreflang="{english_language}">'
        f"{html.escape(link)}</a>{html.escape(after)}</p></div>"
    )


def _english_file(page: Page, config: MkDocsConfig) -> tuple[File | None, str | None]:
    current, default = languages(config)
    if current is None or current == default:
        return None, None
    english = english_file(page, config)
    if english is None or english is page.file:
        return None, None
    return english, default


def add_outdated_notice(content: str, page: Page, config: MkDocsConfig, fingerprints: dict[Path, str]) -> str:
    """A translation marked outdated, or recording an older English version, says so under its title."""
    english, english_language = _english_file(page, config)
    if english is None or english.abs_src_path is None or page.file.abs_src_path is None:
        return content
    if not is_outdated(Path(page.file.abs_src_path), Path(english.abs_src_path), fingerprints):
        return content
    notice = outdated_notice(str(languages(config)[0]), get_relative_url(english.url, page.url), str(english_language))
    h1 = H1_END.search(content)
    if h1 and not page.file.src_uri.endswith(".ipynb"):
        return content[: h1.end()] + notice + content[h1.end() :]
    return notice + content


# -- head links, Mermaid ---------------------------------------------------------------------


def check_head_and_diagrams(output: str, page: Page) -> str:
    """Without mkdocs-static-i18n's alternate links (partials/page-head.html writes its own); a
    Mermaid diagram, which would load a script from another host, is a warning."""
    if MERMAID_BLOCK.search(output):
        log.warning(
            f"{page.file.src_uri}: a Mermaid diagram makes Material load mermaid from unpkg.com; "
            "draw it as a figure instead"
        )
    return ALTERNATE_LINK.sub("", output)


# -- 404 page per language -------------------------------------------------------------------


def give_404_its_alternates(config: MkDocsConfig) -> None:
    """The 404 page gets mkdocs-static-i18n's language menu, which it gives only to pages."""
    i18n = i18n_plugin(config)
    if i18n is not None and getattr(i18n, "extra_alternate", None):
        # an attribute, not a key: mkdocs-static-i18n sets it so, and Jinja reads the attribute first
        config.extra.alternate = copy.deepcopy(i18n.extra_alternate)  # type: ignore[attr-defined]


def keep_404(output_content: str, config: MkDocsConfig, not_found_pages: dict[str, str]) -> str:
    """The 404 page of the language being built (its search already pointed at the language),
    kept in ``not_found_pages`` for ``write_404_pages``."""
    output_content = ALTERNATE_LINK.sub("", output_content)
    current, _ = languages(config)
    if current is not None:
        not_found_pages[current] = output_content
    return output_content


def write_404_pages(not_found_pages: dict[str, str], config: MkDocsConfig) -> None:
    """After every language is built: each language's 404 page in its folder (the default's at the root)."""
    current, default = languages(config)
    if current is None:
        return
    site = Path(config.site_dir)
    for language, text in not_found_pages.items():
        target = site / "404.html" if language == default else site / language / "404.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
