"""The built site as the tests see it: its pages, their languages and addresses."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .project import Project


@dataclass(frozen=True)
class BuiltPage:
    path: Path  # the HTML file
    url: str  # relative to the site root: "", "zh/", "embeddings/embedding-vs-linear/"
    language: str

    def __str__(self) -> str:
        return f"[{self.language}] /{self.url}"


def language_root(project: Project, language: str) -> str:
    return "" if language == project.source_language else f"{language}/"


def built_pages(project: Project, site: Path) -> list[BuiltPage]:
    """Every page of the built site (404 pages aside), with its language."""
    pages = []
    for path in sorted(site.rglob("*.html")):
        if path.name == "404.html":
            continue
        url = path.relative_to(site).as_posix().removesuffix("index.html")
        first = url.split("/", 1)[0]
        language = first if first in project.languages[1:] else project.source_language
        pages.append(BuiltPage(path, url, language))
    return pages


def page_url(relative: str) -> str:
    """Where MkDocs (use_directory_urls) puts the page docs/<lang>/<relative>."""
    stem = relative.rsplit(".", 1)[0]
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"
