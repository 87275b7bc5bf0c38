"""mkdocs-jupyter's cache works under mkdocs-static-i18n (hooks/notebooks_under_i18n.py): after the
session's build of the whole site, every language's converted notebooks are in its own cache
folder, so the next build (or `mkdocs serve` rebuild) converts none of them again. Without the
per-language folders, each language's build deleted the others' entries and only the last
language's were left."""

from __future__ import annotations

from doccheck.plugin import fail_with
from hooks.notebooks_under_i18n import notebook_cache


def test_every_languages_notebooks_stay_in_the_cache_after_a_build(project, site_dir):
    problems = []
    for language in project.languages:
        notebooks = [n for n in project.notebooks if n.language == language]
        folder = notebook_cache(project.root, language)
        cached = sorted(folder.glob("*.json")) if folder.is_dir() else []
        if len(cached) != len(notebooks):
            problems.append(
                f"[{language}] {folder.relative_to(project.root)}: {len(cached)} converted notebooks cached "
                f"after the build, for the language's {len(notebooks)} notebooks"
            )
    fail_with(problems)
