"""The architecture as the imports draw it: hooks.core <- hooks (the build), hooks.core <- doccheck
(the verifier). The build never imports the verifier; the core imports neither, nor MkDocs,
Python-Markdown, pytest or torch; the build imports only what hooks/requirements.txt installs; and
no module of either package imports itself back through others (function-level imports count).
The suite's site build enforces the same at run time (doccheck.site.build_site hides every module
the build's requirements do not install)."""

from __future__ import annotations

import ast
import functools
import importlib.metadata
import re
import sys
from pathlib import Path

from doccheck.site import build_requirements, build_site
from hooks.core.project import Project

PACKAGES = ("hooks", "doccheck")
CORE = "hooks.core"
# what the core may read pages, notebooks and mkdocs.yml with, beside the standard library
CORE_THIRD_PARTY = {"markdown_it", "mdit_py_plugins", "yaml", "nbformat"}


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Every module of the two packages under ``root`` and what it imports, anywhere in its body;
    a first-party ``from package import name`` counts as importing ``package.name`` when that is a
    module."""
    paths = {module_name(root, p): p for package in PACKAGES for p in sorted((root / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".")[: len(name.split(".")) - node.level + (1 if is_package else 0)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    child = f"{target}.{alias.name}"
                    imported.add(child if child in paths else target)
        graph[name] = {i for i in imported if i != name}
    return graph


def first_party(name: str) -> bool:
    return name.partition(".")[0] in PACKAGES


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of first-party modules that import each other, directly or through others (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(t for t in graph.get(module, ()) if t in graph):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


@functools.cache
def _installed() -> dict[str, list[str]]:
    return importlib.metadata.packages_distributions()  # reads every installed package's metadata


def distributions_of(module: str) -> set[str]:
    found = _installed().get(module.partition(".")[0], [])
    return {re.sub(r"[-_.]+", "-", d).lower() for d in found}


def layer_problems(graph: dict[str, set[str]], build_packages: set[str]) -> list[str]:
    problems = []
    for module, imported in sorted(graph.items()):
        for target in sorted(imported):
            top = target.partition(".")[0]
            if module.startswith("hooks") and top == "doccheck":
                problems.append(f"{module} imports {target}: the build never imports the verifier")
            if module.startswith(CORE) and first_party(target) and not target.startswith(CORE):
                problems.append(f"{module} imports {target}: the core imports neither the build nor the verifier")
            if first_party(target) or top in sys.stdlib_module_names or top == "__future__":
                continue
            if module.startswith(CORE) and top not in CORE_THIRD_PARTY:
                problems.append(
                    f"{module} imports {target}: the core reads files with {sorted(CORE_THIRD_PARTY)} and the "
                    "standard library only (no MkDocs, Python-Markdown, pytest or torch)"
                )
            if module.startswith("hooks") and not distributions_of(target) & build_packages:
                problems.append(f"{module} imports {target}, which hooks/requirements.txt does not install")
    return problems


def test_the_build_and_the_verifier_depend_on_the_core_and_the_build_never_on_the_verifier(project):
    graph = import_graph(project.root)
    assert {m for m in graph if m.startswith(CORE)} >= {"hooks.core.pages", "hooks.core.translations"}
    problems = layer_problems(graph, build_requirements(project))
    assert not problems, "\n".join(problems)


def test_no_module_imports_itself_back(project):
    found = cycles(import_graph(project.root))
    assert not found, "modules that import each other: " + "; ".join(" <-> ".join(group) for group in found)


def test_the_checks_find_a_cycle_and_every_kind_of_wrong_import(tmp_path):
    files = {
        "hooks/__init__.py": "",
        "hooks/core/__init__.py": "",
        "hooks/core/pages.py": "import mkdocs\nfrom hooks import math\n",
        "hooks/math.py": "from doccheck.checks import check\nimport torch\n",
        "doccheck/__init__.py": "",
        "doccheck/checks.py": "from .tour import visit\n",
        "doccheck/tour.py": "def visit():\n    from .checks import check  # a hidden back-edge\n",
    }
    for relative, text in files.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(text)
    graph = import_graph(tmp_path)
    assert cycles(graph) == [["doccheck.checks", "doccheck.tour"]]
    assert layer_problems(graph, {"mkdocs"}) == [
        "hooks.core.pages imports hooks.math: the core imports neither the build nor the verifier",
        "hooks.core.pages imports mkdocs: the core reads files with ['markdown_it', 'mdit_py_plugins', 'nbformat', "
        "'yaml'] and the standard library only (no MkDocs, Python-Markdown, pytest or torch)",
        "hooks.math imports doccheck.checks: the build never imports the verifier",
        "hooks.math imports torch, which hooks/requirements.txt does not install",
    ]


def test_the_suites_build_fails_when_the_build_imports_what_its_requirements_do_not_install(project, tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/index.md").write_text("# Page\n")
    (tmp_path / "hooks").mkdir()
    (tmp_path / "hooks/requirements.txt").write_bytes((project.root / "hooks/requirements.txt").read_bytes())
    (tmp_path / "hooks/arrays.py").write_text("import numpy  # a snippet's package, not the build's\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: A site\nhooks:\n  - hooks/arrays.py\n")
    built = build_site(Project(tmp_path), tmp_path / "site")
    assert built.strict_returncode != 0
    assert "ModuleNotFoundError: the build imported numpy, which hooks/requirements.txt does not install" in (
        built.strict_log
    )
