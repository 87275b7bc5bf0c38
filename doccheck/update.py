"""The update command: rewrite quoted outputs, stored notebook outputs and figures from the
session's single run of each snippet. Nothing else in a page changes."""

from __future__ import annotations

from pathlib import Path

from hooks.core.pages import QuotedOutput
from hooks.core.project import Project

from . import compare
from .notebooks import Notebook, comparable, store_outputs
from .runner import SnippetRun
from .session import DocSession


def update_pages(project: Project, runs: dict[str, SnippetRun], quotes: list[QuotedOutput]) -> list[Path]:
    """Replace the content lines of each given quote that is stale; returns the files changed."""
    changed = []
    for page in project.pages:
        edits = []
        for quote in page.outputs:
            if quote not in quotes:
                continue
            run = runs.get(quote.snippet)
            if run is None or run.failed or compare.matches(quote.text, run.stdout):
                continue
            edits.append((quote.first_line, quote.end_line, compare.updated_quote(quote.text, run.stdout)))
        if not edits:
            continue
        path = project.root / page.path
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for first, end, text in sorted(edits, reverse=True):
            lines[first:end] = text.splitlines(keepends=True)
        path.write_text("".join(lines), encoding="utf-8")
        changed.append(page.path)
    return changed


def update_figures(project: Project, runs: dict[str, SnippetRun]) -> list[Path]:
    changed = []
    for run in runs.values():
        if run.failed:
            continue
        for name, content in run.files.items():
            target = project.figures_dir / name
            if not target.exists() or target.read_bytes() != content:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(content)
                changed.append(target.relative_to(project.root))
    return changed


def update_notebook(notebook: Notebook, executed) -> bool:
    """Store a fresh run's outputs in one language's notebook, if they differ; True if written."""
    fresh = [c for c in executed.cells if c.cell_type == "code"]
    stale = [comparable(cell) for _, cell in notebook.code_cells] != [comparable(c) for c in fresh]
    if stale:
        store_outputs(notebook, executed)
    return stale


def apply(session: DocSession) -> list[Path]:
    """Rewrite everything the session's checks found stale, from the session's runs: the one
    update path of ``pytest --update-outputs`` and ``python -m doccheck update``. Returns the
    files changed."""
    project, runs = session.project, session.completed_runs()
    changed = update_pages(project, runs, session.stale.quotes)
    if session.stale.figures:
        changed += update_figures(project, runs)
    for notebook in session.stale.notebooks:
        if update_notebook(notebook, session.executed_notebook(notebook.relative)):
            changed.append(notebook.path)
    return changed
