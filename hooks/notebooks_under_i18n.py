"""Let mkdocs-jupyter render notebooks when mkdocs-static-i18n is active.

mkdocs-static-i18n rebuilds every file as a plain ``File``; a plain ``File`` counts only
Markdown as a documentation page, so each language's ``.ipynb`` was copied as raw JSON and
dropped from the nav (upstream mkdocs-static-i18n issue #198, and ``--strict`` stays green).
Counting notebooks as documentation pages before i18n runs lets i18n give every language its
own notebook page and lets mkdocs-jupyter convert it. The build plugin does it for the length of
one build (``mkdocs serve`` rebuilds start it again) and undoes it at shutdown.

mkdocs-jupyter keeps each converted notebook in a cache (``cache``, on by default) and, at the end
of a build, deletes every entry that build did not use. mkdocs-static-i18n runs one build per
language, so each language's build deleted the other languages' entries and no notebook was ever
found in the cache. ``cache_each_language_apart`` gives every language a cache folder of its own,
below a folder named after the versions of mkdocs-jupyter and nbconvert (their cache key is the
notebook and the plugin's options only, so an upgrade must not find the old pages).
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File

NOTEBOOK_CACHE = Path(".cache") / "mkdocs-jupyter"  # below the folder of mkdocs.yml


def count_notebooks_as_pages() -> Callable[[], None]:
    """Patch ``File.is_documentation_page``; returns what undoes it."""
    markdown_only = File.__dict__["is_documentation_page"]

    def is_documentation_page(file: File) -> bool:
        return file.src_uri.endswith(".ipynb") or markdown_only(file)

    File.is_documentation_page = is_documentation_page  # type: ignore[method-assign,assignment]

    def undo() -> None:
        File.is_documentation_page = markdown_only  # type: ignore[method-assign]

    return undo


def notebook_cache(project_root: Path, language: str) -> Path:
    """The folder of mkdocs-jupyter's cache for one language's notebooks."""
    versions = "-".join(f"{name}-{importlib.metadata.version(name)}" for name in ("mkdocs-jupyter", "nbconvert"))
    return project_root / NOTEBOOK_CACHE / versions / language


def cache_each_language_apart(config: MkDocsConfig, language: str) -> None:
    """Point mkdocs-jupyter's cache at the folder of the language about to be built."""
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is not None and jupyter.config.get("cache"):
        jupyter.config["cache_dir"] = str(notebook_cache(Path(config.config_file_path).parent, language))
