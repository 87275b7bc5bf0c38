"""The layout of a documentation project: languages, page files, snippets and figures.

Everything is read from the project itself (mkdocs.yml and requirements.txt), so the real
site and the small fixture sites under tests/fixtures are checked by the same code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

from .notebooks import Notebook, read_notebook
from .pages import Page, parse_page

PAGE_SUFFIXES = (".md", ".ipynb")
SNIPPETS_FOLDER = "snippets"  # beside mkdocs.yml
FIGURES_FOLDER = "assets/figures"  # inside the default language's folder, served to every language


class _IgnoreTags(yaml.SafeLoader):
    """mkdocs.yml may hold !!python/name tags; only plain values are needed here."""


_IgnoreTags.add_multi_constructor("", lambda loader, suffix, node: None)
_IgnoreTags.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


@dataclass
class Project:
    root: Path

    @cached_property
    def mkdocs_config(self) -> dict:
        return yaml.load((self.root / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_IgnoreTags)

    @cached_property
    def languages(self) -> list[str]:
        """The default language first, then the others in mkdocs.yml's order."""
        for plugin in self.mkdocs_config.get("plugins", []):
            if isinstance(plugin, dict) and "i18n" in plugin:
                entries = plugin["i18n"]["languages"]
                default = [e["locale"] for e in entries if e.get("default")]
                return default + [e["locale"] for e in entries if not e.get("default")]
        raise ValueError(f"{self.root / 'mkdocs.yml'}: no i18n plugin with languages")

    @property
    def source_language(self) -> str:
        return self.languages[0]

    @property
    def docs_dir(self) -> Path:
        return self.root / self.mkdocs_config.get("docs_dir", "docs")

    @property
    def snippets_dir(self) -> Path:
        return self.root / SNIPPETS_FOLDER

    @property
    def figures_dir(self) -> Path:
        return self.docs_dir / self.source_language / FIGURES_FOLDER

    def language_dir(self, language: str) -> Path:
        return self.docs_dir / language

    def page_files(self, language: str) -> dict[str, Path]:
        """Page files of one language, keyed by their path inside the language folder."""
        folder = self.language_dir(language)
        return {
            path.relative_to(folder).as_posix(): path
            for path in sorted(folder.rglob("*"))
            if path.suffix in PAGE_SUFFIXES and ".ipynb_checkpoints" not in path.parts
        }

    @cached_property
    def pages(self) -> list[Page]:
        return [
            parse_page(path, language, relative, self.root)
            for language in self.languages
            for relative, path in self.page_files(language).items()
            if path.suffix == ".md"
        ]

    @cached_property
    def notebooks(self) -> list[Notebook]:
        return [
            read_notebook(path, language, relative, self.root)
            for language in self.languages
            for relative, path in self.page_files(language).items()
            if path.suffix == ".ipynb"
        ]

    def snippet_files(self) -> list[str]:
        return sorted(
            p.relative_to(self.snippets_dir).as_posix()
            for p in self.snippets_dir.rglob("*.py")
            if "__pycache__" not in p.parts
        )

    def included_snippets(self) -> list[str]:
        return sorted({i.snippet for page in self.pages for i in page.includes})

    @cached_property
    def pinned_torch(self) -> str | None:
        requirements = self.root / "requirements.txt"
        if not requirements.exists():
            return None
        match = re.search(r"^torch==(\S+)", requirements.read_text(encoding="utf-8"), re.M)
        return match.group(1) if match else None
