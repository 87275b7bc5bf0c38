"""The pytest plugin: turns the checks into tests (tests/conftest.py registers it).

* Tests are parametrized by what the pages contain: one per quoted output, page, notebook and
  translation, with ids such as ``zh/rope/idea.md:40``, so ``pytest tests -k rope/idea`` checks
  one page in every language.
* After collection, the plugin schedules exactly the snippets and notebooks the selected tests
  need; they run in parallel in the background, each once, and a test waits only for its own.
* ``--update-outputs`` rewrites the quoted outputs, stored notebook outputs and figures that the
  selected tests found stale, in every language, from that one run.
* All per-run state lives in ``config.stash``; tests reach it through fixtures.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hooks.core.project import Project

from . import drift, update
from .checks import environment_warning
from .runner import ProgramRunner
from .session import DocSession
from .site import BuiltSite, SiteBuild
from .stash_keys import BUILD, CHANGED, SESSION


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("doccheck", "documentation checks (doccheck)")
    group.addoption(
        "--update-outputs",
        action="store_true",
        help="rewrite quoted outputs, notebook outputs and figures from what the code prints",
    )
    group.addoption(
        "--cold",
        action="store_true",
        help="run every snippet in a fresh interpreter instead of forking it from a warm one",
    )
    group.addoption(
        "--doccheck-root",
        type=Path,
        default=None,
        help="the documentation project to check (default: the folder above tests/ holding mkdocs.yml)",
    )


def _project_root(config: pytest.Config) -> Path:
    chosen = config.getoption("--doccheck-root")
    if chosen:
        return Path(chosen).resolve()
    for folder in (config.rootpath, *config.rootpath.parents):
        if (folder / "mkdocs.yml").is_file():
            return folder
    raise pytest.UsageError(f"no mkdocs.yml in {config.rootpath} or above it; pass --doccheck-root")


def pytest_configure(config: pytest.Config) -> None:
    project = Project(_project_root(config))
    config.stash[SESSION] = DocSession(project, cold=config.getoption("--cold"))
    config.stash[BUILD] = SiteBuild(project)


def pytest_unconfigure(config: pytest.Config) -> None:
    session = config.stash.get(SESSION, None)
    if session is not None:
        session.close()
    build = config.stash.get(BUILD, None)
    if build is not None:
        build.close()


def pytest_report_header(config: pytest.Config) -> list[str]:
    session = config.stash[SESSION]
    warning = environment_warning(session.project)
    lines = [warning] if warning else [f"doccheck: languages {', '.join(session.project.languages)}"]
    if session.cold:
        lines.append("doccheck: --cold: every snippet starts a fresh interpreter")
    return lines


# -- parametrization, and what the selected tests need --------------------------------------


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    project = metafunc.config.stash[SESSION].project
    if "quote" in metafunc.fixturenames:
        quotes = [(p, q) for p in project.pages for q in p.outputs]
        metafunc.parametrize(
            "quote", [q for _, q in quotes], ids=[f"{p.language}/{p.relative}:{q.location.line}" for p, q in quotes]
        )
    if "page" in metafunc.fixturenames:
        metafunc.parametrize("page", project.pages, ids=[f"{p.language}/{p.relative}" for p in project.pages])
    if "notebook" in metafunc.fixturenames:
        metafunc.parametrize(
            "notebook", project.notebooks, ids=[f"{n.language}/{n.relative}" for n in project.notebooks]
        )
    if "snippet_on_every_cpu" in metafunc.fixturenames:
        snippets = project.included_snippets()
        metafunc.parametrize("snippet_on_every_cpu", snippets, ids=snippets)
    if "notebook_on_every_cpu" in metafunc.fixturenames:
        sources = [n for n in project.notebooks if n.language == project.source_language]
        metafunc.parametrize("notebook_on_every_cpu", sources, ids=[n.relative for n in sources])
    if "translation" in metafunc.fixturenames:
        translations = drift.translations(project)
        metafunc.parametrize("translation", translations, ids=[f"{t.language}/{t.relative}" for t in translations])


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected what is not wanted
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.option.collectonly:  # listing the tests runs nothing
        return
    session = config.stash[SESSION]
    snippets: list[str] = []
    notebooks: list[str] = []
    on_every_cpu: list[str] = []
    notebooks_on_every_cpu: list[str] = []
    included = set(session.project.included_snippets())
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        fixtures = getattr(item, "fixturenames", ())
        if "quote" in params:
            snippets.append(params["quote"].snippet)
        elif "page" in params:
            snippets += [i.snippet for i in params["page"].includes]
        elif "notebook" in params:
            notebooks.append(params["notebook"].relative)
        elif "snippet_on_every_cpu" in params:
            on_every_cpu.append(params["snippet_on_every_cpu"])
        elif "notebook_on_every_cpu" in params:
            notebooks_on_every_cpu.append(params["notebook_on_every_cpu"].relative)
        elif "snippet_runs" in fixtures:
            snippets += sorted(included)
    # the quotes' runs first (the portability check compares with them too), the other CPUs' runs last
    snippets += on_every_cpu
    notebooks += notebooks_on_every_cpu
    session.schedule([s for s in dict.fromkeys(snippets) if s in included], dict.fromkeys(notebooks))
    if session.cpu_configurations.enough:
        session.schedule_portability(on_every_cpu, notebooks_on_every_cpu)
    if any("built_site" in getattr(item, "fixturenames", ()) for item in items):
        config.stash[BUILD].start()  # beside the snippets: mkdocs is a process of its own


# -- fixtures -------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def doc_session(pytestconfig: pytest.Config) -> DocSession:
    return pytestconfig.stash[SESSION]


@pytest.fixture(scope="session")
def project(doc_session: DocSession) -> Project:
    return doc_session.project


@pytest.fixture(scope="session")
def snippet_runs(doc_session: DocSession) -> dict:
    """Every snippet any page includes, run once (for the checks that need them all)."""
    return doc_session.snippet_runs()


@pytest.fixture(scope="session")
def program_runner(doc_session: DocSession):
    """Runs programs copied from pages (each alone in an empty folder), warm unless --cold."""
    runner = ProgramRunner(cold=doc_session.cold)
    yield runner
    runner.close()


@pytest.fixture(scope="session")
def updating(pytestconfig: pytest.Config) -> bool:
    return bool(pytestconfig.getoption("--update-outputs"))


@pytest.fixture(scope="session")
def built_site(pytestconfig: pytest.Config) -> BuiltSite:
    """The site, built once per session (``mkdocs build --strict``) for the build test and the
    browser tests; the build started in the background when the tests were collected."""
    return pytestconfig.stash[BUILD].result()


@pytest.fixture(scope="session")
def site(built_site: BuiltSite) -> Path:
    """The folder of the built site."""
    return built_site.path


# -- the end of the session ------------------------------------------------------------------


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    if not config.getoption("--update-outputs"):
        return
    doc = config.stash[SESSION]
    changed: list[Path] = []
    runs = doc.completed_runs()
    changed += update.update_pages(doc.project, runs, doc.stale.quotes)
    if doc.stale.figures:
        changed += update.update_figures(doc.project, runs)
    for notebook in doc.stale.notebooks:
        if update.update_notebook(notebook, doc.executed_notebook(notebook.relative)):
            changed.append(notebook.path)
    config.stash[CHANGED] = changed


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    doc = config.stash[SESSION]
    tally = doc.tally
    write = terminalreporter.write_line
    portability = tally.portable_snippets or tally.portable_notebooks or tally.portability_not_checked
    if tally.snippets_run or tally.notebooks_run or tally.fidelity_markers or portability:
        terminalreporter.section("doccheck")
        runner = doc.runner if tally.snippets_run else None
        how = f"{runner.name} runner" if runner else "no runner"
        write(
            f"snippets executed: {tally.snippets_run} (once each, {how}, {tally.snippet_seconds:.1f} s); "
            f"quoted outputs verified: {tally.quotes_verified} in {len(doc.project.languages)} languages; "
            f"prose numbers verified: {tally.numbers_verified}"
        )
        if runner is not None and runner.note:
            write(f"note: {runner.note}")
        write(
            f"notebooks executed: {tally.notebooks_run}; "
            f"stored notebook cells verified: {tally.notebook_cells_verified}"
        )
        if tally.fidelity_markers:
            write(f"fidelity markers (declared differences from the English): {tally.fidelity_markers}")
    if tally.portability_not_checked:
        write(tally.portability_not_checked.replace("portability not checked", "portability: NOT checked", 1))
    if tally.portable_snippets or tally.portable_notebooks:
        write(
            f"portability: {tally.portable_snippets} snippets, {tally.portable_notebooks} notebooks identical "
            f"under {doc.cpu_configurations.summary()} (each against the quotes' run: this CPU's own kernels, 1 thread)"
        )
    changed = config.stash.get(CHANGED, None)
    if changed is not None:
        write(f"--update-outputs rewrote {len(changed)} file(s):")
        for path in changed:
            write(f"  {path}")
