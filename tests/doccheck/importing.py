"""Import a snippet file as a module, so reference tests call the very functions a page shows."""

import importlib.util
import sys
from pathlib import Path

SNIPPETS = Path(__file__).resolve().parents[2] / "snippets"


def import_snippet(relative: str):
    """``import_snippet("rope/rope_complex.py")``; its folder is importable, as when run directly."""
    path = SNIPPETS / relative
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    name = "snippet_" + relative.removesuffix(".py").replace("/", "_")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
