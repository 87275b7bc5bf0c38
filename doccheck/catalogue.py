"""Every check of the guide's content, declared once.

A check has a name (the test's name in tests/, so test ids stay what they were), a scope (what one
test of it covers: one quoted output, one page, one notebook, one translation, one snippet or
notebook under every CPU configuration, or the whole project) and a function that returns the
problems it finds in one item. Both faces run this list: the pytest plugin makes one test per
check and item (``tests/docs/test_docs.py`` and its neighbours name the checks they hold), and
``python -m doccheck check`` runs the same checks over the pages it is given. A new check is one
function in ``doccheck.checks`` and one line here.

``judge`` is the only place that knows what a failing check means for ``--update-outputs`` (what
is stale), what a passing one adds to the summary, and when a check is excused (a translation
published as outdated; a machine with too few CPU configurations).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from hooks.core.notebooks import Notebook
from hooks.core.pages import Page, QuotedOutput

from . import alignment, checks, course, cpu, drift
from .drift import Translation
from .problem import Problem
from .session import DocSession

Scope = Literal["quote", "page", "notebook", "translation", "snippet", "source notebook", "project"]


@dataclass(frozen=True)
class Selection:
    """The pages a run looks at: ``relatives`` are paths inside a language folder (the same page in
    every language); None is every page."""

    relatives: frozenset[str] | None = None

    def wants(self, relative: str) -> bool:
        return self.relatives is None or relative in self.relatives


EVERYTHING = Selection()


@dataclass(frozen=True)
class Verdict:
    problems: list[Problem]
    excused: str | None = None  # why the problems do not fail the check (the test is skipped, saying it)
    stale: bool = False  # --update-outputs rewrites what it found


@dataclass(frozen=True)
class Check:
    name: str
    scope: Scope
    judge: Callable[[DocSession, Any], Verdict]
    runs_code: bool  # False: parity, fidelity, drift and imports (``check --static``, the pre-commit hook)
    portability: bool = False


# -- the items of each scope, their test ids, and the runs they need ---------------------------


def items(session: DocSession, scope: Scope, selection: Selection = EVERYTHING) -> list[tuple[str, Any]]:
    """(test id, item) for every item of the scope in the selection."""
    project = session.project
    if scope == "quote":
        return [
            (f"{p.language}/{p.relative}:{q.location.line}", q)
            for p in project.pages
            if selection.wants(p.relative)
            for q in p.outputs
        ]
    if scope == "page":
        return [(f"{p.language}/{p.relative}", p) for p in project.pages if selection.wants(p.relative)]
    if scope == "notebook":
        return [(f"{n.language}/{n.relative}", n) for n in project.notebooks if selection.wants(n.relative)]
    if scope == "translation":
        return [(f"{t.language}/{t.relative}", t) for t in drift.translations(project) if selection.wants(t.relative)]
    if scope == "snippet":
        shown = {i.snippet for p in project.pages if selection.wants(p.relative) for i in p.includes}
        return [(s, s) for s in project.included_snippets() if s in shown]
    if scope == "source notebook":
        source = project.source_language
        return [(n.relative, n) for n in project.notebooks if n.language == source and selection.wants(n.relative)]
    return [("", selection)]


def needs(session: DocSession, check: Check, item: Any) -> tuple[list[str], list[str]]:
    """The snippets and notebooks (paths inside the language folder) a check of this item runs,
    so that they can start before the check asks for them."""
    project = session.project
    included = set(project.included_snippets())
    if check.scope == "quote":
        return ([item.snippet] if item.snippet in included else []), []
    if check.scope == "page":
        return [i.snippet for i in item.includes if i.snippet in included], []
    if check.scope in ("notebook", "source notebook"):
        return [], [item.relative]
    if check.scope == "snippet":
        return [item], []
    if check.name == "test_figures_are_what_their_snippets_write":
        return _shown(project.pages, item, included), []
    return [], []


def _shown(pages: Iterable[Page], selection: Selection, included: set[str]) -> list[str]:
    return list(
        dict.fromkeys(
            i.snippet for p in pages if selection.wants(p.relative) for i in p.includes if i.snippet in included
        )
    )


# -- the checks -------------------------------------------------------------------------------


def _quoted_output(session: DocSession, quote: QuotedOutput) -> Verdict:
    project = session.project
    run = session.snippet_run(quote.snippet) if quote.snippet in project.included_snippets() else None
    problem = checks.check_quote(project, quote, run)
    if problem is None:
        session.tally.quotes_verified += 1
        return Verdict([])
    return Verdict([problem], stale=run is not None and not run.failed)


def _page(session: DocSession, page: Page) -> Verdict:
    """The page parses, includes real snippets (and what they import), quotes what they print,
    its prose decimals are printed, and the repository files it names exist."""
    project = session.project
    runs = session.snippet_runs([i.snippet for i in page.includes if (project.snippets_dir / i.snippet).is_file()])
    problems = checks.check_page_structure(project, page, runs)
    problems += checks.check_snippet_dependencies(project, page)
    problems += checks.check_prose_numbers(page.numbers, [run.stdout for run in runs.values()])
    problems += checks.check_named_files(project, page)
    if not problems:
        session.tally.numbers_verified += len(page.numbers)
    return Verdict(problems)


def _course_elements(session: DocSession, page: Page) -> Verdict:
    """A chapter page has its at-a-glance box, exercises and key takeaways; a quiz, its questions,
    each with one right option (the English page's), every wrong one explained, and no number in an
    explanation that no snippet of its chapter prints."""
    project = session.project
    english = None
    if page.language != project.source_language:
        source = project.language_dir(project.source_language) / page.relative
        english = source.read_text(encoding="utf-8") if source.is_file() else None
    text = (project.root / page.path).read_text(encoding="utf-8")
    problems = course.check_course_elements(page, text, english)
    if course.kind_of(page.relative) == "quiz" and page.language == project.source_language:
        chapter = page.relative.split("/")[0] + "/"
        outputs = [
            quote.text
            for other in project.pages
            if other.language == page.language and other.relative.startswith(chapter)
            for quote in other.outputs
        ]
        problems += course.unprinted_quiz_numbers(page, text, course.printed_numbers(outputs))
    return Verdict(problems)


def _notebook_outputs(session: DocSession, notebook: Notebook) -> Verdict:
    problems = checks.check_notebook(session.project, notebook, session.executed_notebook(notebook.relative))
    if not problems:
        session.tally.notebook_cells_verified += len(notebook.code_cells)
        session.tally.numbers_verified += len(notebook.prose_numbers)
    return Verdict(problems, stale=bool(problems))


def _every_snippet_is_on_a_page(session: DocSession, selection: Selection) -> Verdict:
    return Verdict(checks.check_unused_snippets(session.project) if selection.relatives is None else [])


def _figures(session: DocSession, selection: Selection) -> Verdict:
    """Every figure, or those of the chosen pages (from the runs of their snippets)."""
    project = session.project
    if selection.relatives is None:
        problems = checks.check_figures(project, session.snippet_runs())
    else:
        pages = [p for p in project.pages if selection.wants(p.relative)]
        runs = session.snippet_runs(_shown(pages, selection, set(project.included_snippets())))
        problems = checks.check_figures(project, runs, pages)
    return Verdict(problems, stale=bool(problems))


def _figure_texts(session: DocSession, selection: Selection) -> Verdict:
    return Verdict(checks.check_figure_texts(session.project))


def _parity(session: DocSession, selection: Selection) -> Verdict:
    project = session.project

    def chosen(problem: Problem) -> bool:
        if selection.relatives is None or problem.location is None:
            return True
        parts = problem.location.path.parts
        return "/".join(parts[2:]) in selection.relatives if len(parts) > 2 else False

    return Verdict([p for p in checks.check_parity(project) if chosen(p)])


def _snippet_imports(session: DocSession, selection: Selection) -> Verdict:
    """Only for ``check --static``: test_page checks a page's imports (and the repository files it
    names) with the rest of the page."""
    project = session.project
    pages = [page for page in project.pages if selection.wants(page.relative)]
    found = [p for page in pages for p in checks.check_snippet_dependencies(project, page)]
    return Verdict(found + [p for page in pages for p in checks.check_named_files(project, page)])


def _fidelity(session: DocSession, translation: Translation) -> Verdict:
    problems = alignment.check_translation(session.project, translation.path)
    session.tally.fidelity_markers += alignment.declared_count(translation.path, translation.language)
    if problems and translation.state().record.outdated:
        # published as lagging (drift --mark-outdated): readers see a notice linking to the English
        # page, so the translation may say less; shown in the summary, never silent
        return Verdict(
            problems, f"{translation.shown} is marked outdated; {len(problems)} difference(s) from the English page"
        )
    return Verdict(problems)


def _drift(session: DocSession, translation: Translation) -> Verdict:
    problem = translation.state().problem()
    return Verdict([problem] if problem else [])


def _cpu_configurations_missing(session: DocSession) -> str | None:
    availability = session.cpu_configurations
    if availability.enough:
        return None
    reason = (
        f"portability not checked on this machine: it can run only {availability.summary()}, "
        f"and the check needs at least {cpu.MINIMUM_CONFIGURATIONS} configurations"
    )
    session.tally.portability_not_checked = reason  # the summary says it too
    return reason


def _snippet_on_every_cpu(session: DocSession, snippet: str) -> Verdict:
    missing = _cpu_configurations_missing(session)
    if missing:
        return Verdict([], missing)
    problems = checks.check_snippet_on_every_cpu(session.snippet_run(snippet), session.snippet_runs_per_cpu(snippet))
    if not problems:
        session.tally.portable_snippets += 1
    return Verdict(problems)


def _notebook_on_every_cpu(session: DocSession, notebook: Notebook) -> Verdict:
    missing = _cpu_configurations_missing(session)
    if missing:
        return Verdict([], missing)
    reference = session.executed_notebook(notebook.relative)
    runs = session.executed_notebooks_per_cpu(notebook.relative)
    problems = checks.check_notebook_on_every_cpu(notebook, reference, runs)
    if not problems:
        session.tally.portable_notebooks += 1
    if cpu.READER_THREAD_COUNT in session.cpu_configurations.configurations and cpu.READER_THREAD_COUNT not in runs:
        session.tally.notebooks_pinning_one_thread.append(notebook.relative)  # the summary says so
    return Verdict(problems)


CHECKS = [
    Check("test_quoted_output", "quote", _quoted_output, runs_code=True),
    Check("test_page", "page", _page, runs_code=True),
    Check("test_notebook_outputs", "notebook", _notebook_outputs, runs_code=True),
    Check("test_page_is_part_of_the_course", "page", _course_elements, runs_code=False),
    Check("test_every_snippet_is_on_a_page", "project", _every_snippet_is_on_a_page, runs_code=False),
    Check("test_figures_are_what_their_snippets_write", "project", _figures, runs_code=True),
    Check("test_figure_texts_are_translated", "project", _figure_texts, runs_code=False),
    Check("test_translations_match_the_english_pages", "project", _parity, runs_code=False),
    Check("test_translation_says_what_the_english_says", "translation", _fidelity, runs_code=False),
    Check("test_translation_is_of_the_current_english_page", "translation", _drift, runs_code=False),
    Check("test_snippet_prints_the_same_on_every_cpu", "snippet", _snippet_on_every_cpu, True, portability=True),
    Check(
        "test_notebook_runs_the_same_on_every_cpu", "source notebook", _notebook_on_every_cpu, True, portability=True
    ),
]
BY_NAME = {check.name: check for check in CHECKS}
# what `check --static` adds: test_page checks these with the rest of each page
STATIC_ONLY = [Check("snippet imports and named files", "project", _snippet_imports, runs_code=False)]


def judge(session: DocSession, check: Check, item: Any, updating: bool = False) -> Verdict:
    """Run one check on one item. With ``updating``, what it finds stale is queued for the update
    (``doccheck.update.apply``) instead of reported."""
    verdict = check.judge(session, item)
    if updating and verdict.stale:
        if check.scope == "quote":
            session.stale.quotes.append(item)
        elif check.scope == "notebook":
            session.stale.notebooks.append(item)
        else:
            session.stale.figures = True
    return verdict


def chosen_checks(static: bool = False, portability: bool = False) -> list[Check]:
    """The checks of ``python -m doccheck check``: all but portability (``--portability`` adds
    it), or only those that run no code (``--static``)."""
    if static:
        return [c for c in CHECKS if not c.runs_code] + STATIC_ONLY
    return [c for c in CHECKS if portability or not c.portability]


def run_all(
    session: DocSession, checks_to_run: list[Check], selection: Selection = EVERYTHING, updating: bool = False
) -> list[tuple[Check, str, Verdict]]:
    """Every chosen check on every item of the selection, from one run of each snippet and
    notebook they need (all started first, in the order the checks will want them)."""
    work = [
        (check, test_id, item) for check in checks_to_run for test_id, item in items(session, check.scope, selection)
    ]
    snippets: list[str] = []
    notebooks: list[str] = []
    on_every_cpu: tuple[list[str], list[str]] = ([], [])
    for check, _, item in work:
        needed_snippets, needed_notebooks = needs(session, check, item)
        (on_every_cpu[0] if check.portability else snippets).extend(needed_snippets)
        (on_every_cpu[1] if check.portability else notebooks).extend(needed_notebooks)
    session.schedule(dict.fromkeys(snippets + on_every_cpu[0]), dict.fromkeys(notebooks + on_every_cpu[1]))
    if on_every_cpu[0] or on_every_cpu[1]:
        if session.cpu_configurations.enough:
            session.schedule_portability(*on_every_cpu)
    return [(check, test_id, judge(session, check, item, updating)) for check, test_id, item in work]
