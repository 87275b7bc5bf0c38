"""Let mkdocs-jupyter render notebooks when mkdocs-static-i18n is active.

mkdocs-static-i18n rebuilds every file as a plain ``File``; a plain ``File`` counts only
Markdown as a documentation page, so each language's ``.ipynb`` was copied as raw JSON and
dropped from the nav (upstream mkdocs-static-i18n issue #198, and ``--strict`` stays green).
Counting notebooks as documentation pages before i18n runs lets i18n give every language its
own notebook page and lets mkdocs-jupyter convert it. The build plugin does it for the length of
one build (``mkdocs serve`` rebuilds start it again) and undoes it at shutdown.
"""

from __future__ import annotations

from collections.abc import Callable

from mkdocs.structure.files import File


def count_notebooks_as_pages() -> Callable[[], None]:
    """Patch ``File.is_documentation_page``; returns what undoes it."""
    markdown_only = File.__dict__["is_documentation_page"]

    def is_documentation_page(file: File) -> bool:
        return file.src_uri.endswith(".ipynb") or markdown_only(file)

    File.is_documentation_page = is_documentation_page  # type: ignore[method-assign,assignment]

    def undo() -> None:
        File.is_documentation_page = markdown_only  # type: ignore[method-assign]

    return undo
