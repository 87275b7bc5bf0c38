"""Notebook pages as files: a language's ``.ipynb`` page, read with nbformat.

Executing notebooks and comparing their outputs is the verifier's job (doccheck.notebooks).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import nbformat

from .pages import ProseNumber, parse_markdown_cells


@dataclass
class Notebook:
    language: str
    path: Path  # as shown in messages, relative to the repository root
    absolute: Path
    relative: str
    node: nbformat.NotebookNode

    @property
    def code_cells(self) -> list[tuple[int, nbformat.NotebookNode]]:
        """(1-based cell number, cell) for every code cell."""
        return [(i, c) for i, c in enumerate(self.node.cells, start=1) if c.cell_type == "code"]

    @property
    def code(self) -> list[str]:
        return [cell.source for _, cell in self.code_cells]

    @property
    def prose_numbers(self) -> list[ProseNumber]:
        cells = [c.source if c.cell_type == "markdown" else "" for c in self.node.cells]
        return parse_markdown_cells(cells, self.language, self.path)


def read_notebook(path: Path, language: str, relative: str, repo_root: Path) -> Notebook:
    return Notebook(language, path.relative_to(repo_root), path, relative, nbformat.read(path, as_version=4))
