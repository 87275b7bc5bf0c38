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
