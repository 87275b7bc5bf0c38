"""pytest wiring for the documentation checks (the checks themselves live in tests/doccheck).

* Every snippet any page includes runs once per session, in parallel, in a fresh process.
* Every notebook's code runs once per session (its source-language copy).
* ``--update-outputs`` rewrites quoted outputs, stored notebook outputs and figures from that
  one run, in every language, instead of failing on them.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from doccheck import update
from doccheck.checks import environment_warning
from doccheck.notebooks import execute
from doccheck.project import Project
from doccheck.runner import run_all

# DOCCHECK_ROOT lets the verifier's own tests run this very plugin on a small fixture site.
REPO_ROOT = Path(os.environ.get("DOCCHECK_ROOT") or Path(__file__).resolve().parent.parent)
PROJECT = Project(REPO_ROOT)


def pytest_addoption(parser):
    parser.addoption(
        "--update-outputs",
        action="store_true",
        help="rewrite quoted outputs, notebook outputs and figures from what the code prints",
    )


class Tally:
    """What the session really ran and verified, for the summary line."""

    def __init__(self):
        self.snippets_run = 0
        self.snippet_seconds = 0.0
        self.notebooks_run = 0
        self.quotes_verified = 0
        self.numbers_verified = 0
        self.notebook_cells_verified = 0
        self.runs = None
        self.executed_notebooks = {}
        # what --update-outputs rewrites: only what the selected tests found stale
        self.stale_quotes = []
        self.stale_notebooks = []
        self.stale_figures = False


TALLY = Tally()


def pytest_report_header(config):
    warning = environment_warning(PROJECT)
    return [warning] if warning else [f"doccheck: languages {', '.join(PROJECT.languages)}"]


@pytest.fixture(scope="session")
def project() -> Project:
    return PROJECT


@pytest.fixture(scope="session")
def snippet_runs(project):
    started = time.perf_counter()
    TALLY.runs = run_all(project.snippets_dir, project.included_snippets())
    TALLY.snippets_run = len(TALLY.runs)
    TALLY.snippet_seconds = time.perf_counter() - started
    return TALLY.runs


@pytest.fixture(scope="session")
def executed_notebooks(project):
    """Executes each source-language notebook at most once, when a test first asks for it."""

    def get(relative: str):
        if relative not in TALLY.executed_notebooks:
            source = next(n for n in project.notebooks if n.relative == relative and n.language == project.source_language)
            TALLY.executed_notebooks[relative] = execute(source)
            TALLY.notebooks_run += 1
        return TALLY.executed_notebooks[relative]

    return get


@pytest.fixture(scope="session")
def updating(request) -> bool:
    return request.config.getoption("--update-outputs")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The site, built once per session for tests/test_site.py and tests/test_browser.py.

    ``mkdocs build --strict``; if that fails (it stops at the first language with a warning,
    leaving a half-built site), the site is built again without --strict so the other checks
    still see every page. ``strict_log`` is what test_site.py judges.
    """
    import subprocess
    import sys
    from types import SimpleNamespace

    site = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site)]
    environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    started = time.perf_counter()
    strict = subprocess.run([*command, "--strict"], cwd=REPO_ROOT, env=environment, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    log = strict.stdout + strict.stderr
    if strict.returncode != 0:
        lenient = subprocess.run([*command, "--no-strict"], cwd=REPO_ROOT, env=environment, capture_output=True, text=True)
        log = lenient.stdout + lenient.stderr
    return SimpleNamespace(path=site, strict_returncode=strict.returncode, strict_log=strict.stdout + strict.stderr,
                           log=log, seconds=seconds)


def pytest_generate_tests(metafunc):
    if "quote" in metafunc.fixturenames:
        quotes = [q for page in PROJECT.pages for q in page.outputs]
        metafunc.parametrize("quote", quotes, ids=[f"{q.location.language}/{q.location.path.name}:{q.location.line}" for q in quotes])
    if "page" in metafunc.fixturenames:
        metafunc.parametrize("page", PROJECT.pages, ids=[f"{p.language}/{p.relative}" for p in PROJECT.pages])
    if "notebook" in metafunc.fixturenames:
        metafunc.parametrize("notebook", PROJECT.notebooks, ids=[f"{n.language}/{n.relative}" for n in PROJECT.notebooks])


def pytest_sessionfinish(session, exitstatus):
    if not session.config.getoption("--update-outputs"):
        return
    changed = []
    if TALLY.runs is not None:
        changed += update.update_pages(PROJECT, TALLY.runs, TALLY.stale_quotes)
        if TALLY.stale_figures:
            changed += update.update_figures(PROJECT, TALLY.runs)
    for notebook in TALLY.stale_notebooks:
        if update.update_notebook(notebook, TALLY.executed_notebooks[notebook.relative]):
            changed.append(notebook.path)
    session.config._doccheck_changed = changed


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    write = terminalreporter.write_line
    if TALLY.snippets_run or TALLY.notebooks_run:
        terminalreporter.section("doccheck")
        write(
            f"snippets executed: {TALLY.snippets_run} (once each, {TALLY.snippet_seconds:.1f} s); "
            f"quoted outputs verified: {TALLY.quotes_verified} in {len(PROJECT.languages)} languages; "
            f"prose numbers verified: {TALLY.numbers_verified}"
        )
        write(
            f"notebooks executed: {TALLY.notebooks_run}; "
            f"stored notebook cells verified: {TALLY.notebook_cells_verified}"
        )
    changed = getattr(config, "_doccheck_changed", None)
    if changed is not None:
        write(f"--update-outputs rewrote {len(changed)} file(s):")
        for path in changed:
            write(f"  {path}")
