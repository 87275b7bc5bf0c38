"""Let every language link to the figures of docs/<default language>/assets/.

README: figures live once, in docs/en/assets/figures/, and every language's page links them
with the same relative path, ``![alt](../assets/figures/name.svg)``. With
``fallback_to_default: false`` (no English page may stand in for a missing translation),
mkdocs-static-i18n does not fall back for assets either: in a translated page that path points
at docs/zh/assets/figures/, which does not exist, so the build would warn of a broken link.

For each other language's build, the build plugin (hooks/plugin.py) adds the default language's assets under their
unprefixed path (``assets/figures/name.svg``), the last place mkdocs-static-i18n looks for a
linked file, so the link resolves; hooks/figures_in_language.py then points the image at the
copy it writes in the page's language (``assets/figures/<language>/name.svg``).
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from hooks.i18n_state import building_a_translation, languages

SHARED_FOLDER = "assets"


def add_shared_assets(files: Files, config: MkDocsConfig) -> Files:
    """In a translation's build (after mkdocs-static-i18n has chosen its files): the default
    language's assets too."""
    if not building_a_translation(config):
        return files
    source = Path(config.docs_dir) / str(languages(config)[1])
    for path in sorted((source / SHARED_FOLDER).rglob("*")):
        relative = path.relative_to(source).as_posix()
        if path.is_file() and relative not in files.src_uris:
            files.append(File(relative, str(source), config.site_dir, config.use_directory_urls))
    return files
