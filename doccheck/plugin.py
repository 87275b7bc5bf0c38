"""The pytest plugin: turns the checks of ``doccheck.catalogue`` into tests (tests/conftest.py
registers it).

* A test file names the checks it holds (``test_page = content_test("test_page")``); each becomes
  one test per item of its scope: quoted output, page, notebook, translation, snippet, with ids
  such as ``zh/rope/idea.md:40``, so ``pytest tests -k rope/idea`` checks one page in every
  language.
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

from . import update
from .catalogue import BY_NAME, EVERYTHING, judge, needs
from .catalogue import items as items_of
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
    config.addinivalue_line("markers", f"{CHECK_MARKER}(name): the test of a check of doccheck.catalogue")


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


CHECK_MARKER = "doccheck_check"


def fail_with(problems: list, limit: int = 40) -> None:
    """Fail the test with its problems, one per line (the first ``limit``), and no traceback: the
    message names the language, file and line, and says what differs."""
    if problems:
        more = f"\n... and {len(problems) - limit} more" if len(problems) > limit else ""
        pytest.fail("\n".join(str(p) for p in problems[:limit]) + more, pytrace=False)


def content_test(name: str):
    """The test of one check of the catalogue, for a test file to hold under the check's name."""
    check = BY_NAME[name]  # a KeyError names a check the catalogue does not have

    def test(checked, doc_session: DocSession, updating: bool) -> None:
        verdict = judge(doc_session, check, checked, updating)
        if verdict.problems and updating and verdict.stale:
            pytest.skip("rewritten by --update-outputs at the end of the session")
        if verdict.excused:
            pytest.skip(verdict.excused)
        if verdict.problems:
            pytest.fail("\n\n".join(str(p) for p in verdict.problems), pytrace=False)

    test.__name__ = test.__qualname__ = name
    test.__doc__ = check.judge.__doc__
    test = getattr(pytest.mark, CHECK_MARKER)(name)(test)
    return pytest.mark.portability(test) if check.portability else test


def _check_of(node) -> str | None:
    marker = node.get_closest_marker(CHECK_MARKER)
    return marker.args[0] if marker else None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    name = _check_of(metafunc.definition)
    if name is None or BY_NAME[name].scope == "project":
        return  # a project-wide check gets the ``checked`` fixture: every page
    pairs = items_of(metafunc.config.stash[SESSION], BY_NAME[name].scope)
    metafunc.parametrize("checked", [item for _, item in pairs], ids=[test_id for test_id, _ in pairs])


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected what is not wanted
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.option.collectonly:  # listing the tests runs nothing
        return
    session = config.stash[SESSION]
    snippets: list[str] = []
    notebooks: list[str] = []
    on_every_cpu: list[str] = []
    notebooks_on_every_cpu: list[str] = []
    for item in items:
        name = _check_of(item)
        if name is not None:
            check = BY_NAME[name]
            checked = getattr(getattr(item, "callspec", None), "params", {}).get("checked", EVERYTHING)
            needed_snippets, needed_notebooks = needs(session, check, checked)
            (on_every_cpu if check.portability else snippets).extend(needed_snippets)
            (notebooks_on_every_cpu if check.portability else notebooks).extend(needed_notebooks)
        elif "snippet_runs" in getattr(item, "fixturenames", ()):
            snippets += session.project.included_snippets()
    # the quotes' runs first (the portability check compares with them too), the other CPUs' runs last
    session.schedule(dict.fromkeys(snippets + on_every_cpu), dict.fromkeys(notebooks + notebooks_on_every_cpu))
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
    runner = ProgramRunner(cold=doc_session.cold, copied_from=doc_session.project.snippets_dir)
    yield runner
    runner.close()


@pytest.fixture(scope="session")
def checked():
    """What a project-wide check of the catalogue looks at: every page. (The other checks'
    tests are parametrized with their items instead.)"""
    return EVERYTHING


@pytest.fixture(scope="session")
def updating(pytestconfig: pytest.Config) -> bool:
    return bool(pytestconfig.getoption("--update-outputs"))


@pytest.fixture(scope="session")
def built_site(pytestconfig: pytest.Config) -> BuiltSite:
    """The site, built once per session (``mkdocs build --strict``) for the build test and the
    browser tests; the build started in the background when the tests were collected."""
    return pytestconfig.stash[BUILD].result()


@pytest.fixture(scope="session")
def site_dir(built_site: BuiltSite) -> Path:
    """The folder of the built site (tests/tools call their copy of the fixture's sources
    ``mini_site``)."""
    return built_site.path


# -- the end of the session ------------------------------------------------------------------


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    if not config.getoption("--update-outputs"):
        return
    changed = update.apply(config.stash[SESSION])
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
    if tally.pinned_threads_note:
        write(tally.pinned_threads_note)
    changed = config.stash.get(CHANGED, None)
    if changed is not None:
        write(f"--update-outputs rewrote {len(changed)} file(s):")
        for path in changed:
            write(f"  {path}")
