"""What mkdocs-static-i18n is building, for the hooks: one place that reads the plugin's state.

mkdocs-static-i18n builds the site once per language. During those builds ``building`` is
true and ``current_language`` names the language; after the last one, ``on_post_build`` runs
once more with ``building`` false, when the whole site (every language) is on disk.
"""

from __future__ import annotations

from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page


def i18n_plugin(config: MkDocsConfig) -> Any | None:
    return config.plugins.get("i18n")


def languages(config: MkDocsConfig) -> tuple[str | None, str | None]:
    """(the language being built, the default language); (None, None) without the plugin."""
    i18n = i18n_plugin(config)
    if i18n is None:
        return None, None
    return i18n.current_language, i18n.default_language


def building_a_translation(config: MkDocsConfig) -> bool:
    """True while a language other than the default one is being built."""
    current, default = languages(config)
    return current is not None and current != default


def whole_site_built(config: MkDocsConfig) -> bool:
    """True in the one ``on_post_build`` that runs after every language has been built."""
    i18n = i18n_plugin(config)
    return i18n is None or not getattr(i18n, "building", False)


def english_file(page: Page, config: MkDocsConfig) -> File | None:
    """The default language's source file of a page: the page's own file while the default language
    (or a site without the plugin) is built; None when the page has no file there."""
    current, default = languages(config)
    if current is None or current == default:
        return page.file
    english = (getattr(page.file, "alternates", None) or {}).get(default)
    return english if english is not None and english.abs_src_path else None
