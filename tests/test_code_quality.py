"""The habits of a maintained project, enforced by the suite (and so by CI): the verifier, the
hooks, the tests and the snippets pass ruff's lint and format checks, and the verifier and the
hooks pass mypy. The settings live in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHECKS = {
    "ruff check": [sys.executable, "-m", "ruff", "check", "--output-format", "concise", "."],
    "ruff format": [sys.executable, "-m", "ruff", "format", "--check", "--diff", "."],
    "mypy": [sys.executable, "-m", "mypy"],
}


@pytest.mark.parametrize("name", CHECKS)
def test_code_passes(name, project):
    done = subprocess.run(CHECKS[name], cwd=project.root, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"`{' '.join(CHECKS[name][2:])}` failed:\n{done.stdout}{done.stderr}", pytrace=False)


def test_readme_ci_and_workflows_install_the_same_way(project):
    """README shows two set-up commands, both through .ci/install (which puts torch's CPU build
    first); .ci/run ends with README's test command, and no workflow installs torch by itself."""
    readme = (project.root / "README.md").read_text(encoding="utf-8")
    set_up = readme.split("## Set up", 1)[1].split("\n## ", 1)[0]
    commands = [block.strip() for block in set_up.split("```sh")[1:]]
    commands = [c.split("```", 1)[0].strip() for c in commands]
    assert len(commands) == 2 and all(c.startswith(".ci/install && ") for c in commands), commands
    run = (project.root / ".ci/run").read_text(encoding="utf-8").strip().splitlines()
    assert run[-1] == commands[1], f".ci/run ends with {run[-1]!r}, README's test command is {commands[1]!r}"
    for workflow in sorted((project.root / ".github/workflows").glob("*.yml")):
        text = workflow.read_text(encoding="utf-8")
        assert "pip install" not in text, f"{workflow.name} installs packages itself instead of through .ci/install"
