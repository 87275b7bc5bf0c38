"""Snippets as code: which sibling snippets each one imports, and importing them in tests.

A snippet runs as ``python snippets/<topic>/<name>.py``, so Python puts its own folder first on
``sys.path`` and ``from rope_rotate_half import RotaryCache`` finds the sibling file. Tests
import snippets the same way, under their bare module names, so that ``rope_attention``'s
``RotaryCache`` and the test's ``RotaryCache`` are one class, not two copies.
"""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path
from types import ModuleType

from .project import SNIPPETS_FOLDER

SNIPPETS_DIR = Path(__file__).resolve().parents[2] / SNIPPETS_FOLDER  # the guide's own, for tests that import them


def _snippet_files(snippets_dir: Path) -> list[Path]:
    return [path for path in sorted(snippets_dir.rglob("*.py")) if "__pycache__" not in path.parts]


def _imported_names(path: Path) -> list[str]:
    """The top-level name of every module the file imports (absolute imports, anywhere in it)."""
    imported = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            imported += [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.append(node.module.split(".")[0])
    return imported


def imported_packages(snippets_dir: Path) -> set[str]:
    """The top-level names of the modules the snippets import (``torch``, ``math``, a sibling...)."""
    return {name for path in _snippet_files(snippets_dir) for name in _imported_names(path)}


def sibling_imports(snippets_dir: Path) -> dict[str, list[str]]:
    """For each snippet (``topic/name.py``), the snippets of its own folder that it imports."""
    graph: dict[str, list[str]] = {}
    for path in _snippet_files(snippets_dir):
        siblings = {p.stem for p in path.parent.glob("*.py")}
        imported = _imported_names(path)
        topic = path.parent.relative_to(snippets_dir).as_posix()
        graph[path.relative_to(snippets_dir).as_posix()] = sorted(
            {f"{topic}/{name}.py" for name in imported if name in siblings and name != path.stem}
        )
    return graph


def dependencies(graph: dict[str, list[str]], snippet: str) -> list[str]:
    """Every sibling snippet that ``snippet`` needs, directly or through another sibling."""
    seen: list[str] = []
    pending = list(graph.get(snippet, []))
    while pending:
        needed = pending.pop(0)
        if needed not in seen:
            seen.append(needed)
            pending += graph.get(needed, [])
    return seen


def import_snippet(relative: str, snippets_dir: Path = SNIPPETS_DIR) -> ModuleType:
    """``import_snippet("rope/rope_complex.py")`` imports ``rope_complex`` as its siblings do.

    Its folder goes on ``sys.path`` (as when the file is run directly); importing it again, or
    importing a snippet that imports it, gives the same module object.
    """
    path = (snippets_dir / relative).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"snippets/{relative} does not exist")
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    module = importlib.import_module(path.stem)
    loaded_from = Path(module.__file__ or "").resolve()
    if loaded_from != path:
        raise ImportError(f"snippets/{relative}: the module name {path.stem!r} is already taken by {loaded_from}")
    return module
