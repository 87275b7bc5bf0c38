"""How the project is set up and checked: README's two commands, .ci/run and the workflows
install the same way, and lint (ruff, mypy) runs in pre-commit and in .ci/run, before the tests."""

from __future__ import annotations


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


LINT = ("-m ruff check", "-m ruff format --check", "-m mypy")


def test_lint_runs_in_ci_before_the_tests_and_on_every_commit(project):
    """ruff and mypy are not tests: .ci/run runs them before README's test command, and pre-commit
    on every commit, so that a lint failure still stops CI."""
    run = (project.root / ".ci/run").read_text(encoding="utf-8").splitlines()
    tests_at = len(run) - 1
    for command in LINT:
        at = [i for i, line in enumerate(run) if line.startswith(".venv/bin/python " + command)]
        assert at and at[0] < tests_at, f".ci/run does not run `{command}` before the tests"
    hooks = (project.root / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    for command in LINT:
        assert f"entry: .venv/bin/python {command}" in hooks, f".pre-commit-config.yaml runs no `{command}`"
