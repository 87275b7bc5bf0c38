"""Where a page of the guide is served: MkDocs' directory URLs under each language's folder."""

from __future__ import annotations

from .project import Project


def language_root(project: Project, language: str) -> str:
    return "" if language == project.source_language else f"{language}/"


def page_url(relative: str) -> str:
    """Where MkDocs (use_directory_urls) puts the page docs/<lang>/<relative>."""
    stem = relative.rsplit(".", 1)[0]
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"
