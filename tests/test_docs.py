"""The reader-facing promise: every output, number, figure and notebook a page shows is what
the code really prints, and every language shows the same code."""

import pytest

from doccheck import checks


def _fail(problems):
    if problems:
        pytest.fail("\n\n".join(str(p) for p in problems), pytrace=False)


def test_quoted_output(project, quote, doc_session, updating):
    included = quote.snippet in project.included_snippets()
    run = doc_session.snippet_run(quote.snippet) if included else None
    problem = checks.check_quote(project, quote, run)
    if problem and updating and run is not None and not run.failed:
        doc_session.stale.quotes.append(quote)
        pytest.skip("rewritten by --update-outputs at the end of the session")
    _fail([problem] if problem else [])
    doc_session.tally.quotes_verified += 1


def test_page(project, page, doc_session):
    """The page parses, includes real snippets (and what they import), quotes what they print,
    and its prose decimals are printed."""
    runs = doc_session.snippet_runs([i.snippet for i in page.includes if (project.snippets_dir / i.snippet).is_file()])
    outputs = [run.stdout for run in runs.values()]
    problems = checks.check_page_structure(project, page, runs)
    problems += checks.check_snippet_dependencies(project, page)
    problems += checks.check_prose_numbers(page.numbers, outputs)
    _fail(problems)
    doc_session.tally.numbers_verified += len(page.numbers)


def test_notebook_outputs(project, notebook, doc_session, updating):
    problems = checks.check_notebook(project, notebook, doc_session.executed_notebook(notebook.relative))
    if problems and updating:
        doc_session.stale.notebooks.append(notebook)
        pytest.skip("rewritten by --update-outputs at the end of the session")
    _fail(problems)
    doc_session.tally.notebook_cells_verified += len(notebook.code_cells)
    doc_session.tally.numbers_verified += len(notebook.prose_numbers)


def test_every_snippet_is_on_a_page(project):
    _fail(checks.check_unused_snippets(project))


def test_figures_are_what_their_snippets_write(project, snippet_runs, doc_session, updating):
    problems = checks.check_figures(project, snippet_runs)
    if problems and updating:
        doc_session.stale.figures = True
        pytest.skip("rewritten by --update-outputs at the end of the session")
    _fail(problems)


def test_translations_match_the_english_pages(project):
    _fail(checks.check_parity(project))
