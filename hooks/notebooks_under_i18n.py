"""Let mkdocs-jupyter render notebooks when mkdocs-static-i18n is active.

mkdocs-static-i18n rebuilds every file as a plain ``File``; a plain ``File`` counts only
Markdown as a documentation page, so each language's ``.ipynb`` was copied as raw JSON and
dropped from the nav (upstream mkdocs-static-i18n issue #198, and ``--strict`` stays green).
Counting notebooks as documentation pages before i18n runs lets i18n give every language its
own notebook page and lets mkdocs-jupyter convert it.
"""

from mkdocs.structure.files import File

_is_markdown_page = File.is_documentation_page  # noqa: E305


def _is_documentation_page(file: File) -> bool:
    return file.src_uri.endswith(".ipynb") or _is_markdown_page(file)


def on_startup(*, command: str, dirty: bool) -> None:
    File.is_documentation_page = _is_documentation_page  # type: ignore[method-assign,assignment]
