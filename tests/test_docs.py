"""The reader-facing promise: every output, number, figure and notebook a page shows is what
the code really prints, and every language shows the same code."""

import pytest

from doccheck import checks
from conftest import TALLY


def _fail(problems):
    if problems:
        pytest.fail("\n\n".join(str(p) for p in problems), pytrace=False)


def test_quoted_output(project, quote, snippet_runs, updating):
    problem = checks.check_quote(project, quote, snippet_runs.get(quote.snippet))
    if problem and updating and not snippet_runs[quote.snippet].failed:
        TALLY.stale_quotes.append(quote)
        pytest.skip("rewritten by --update-outputs at the end of the session")
    _fail([problem] if problem else [])
    TALLY.quotes_verified += 1


def test_page(project, page, snippet_runs):
    """The page parses, includes real snippets, quotes what they print, and its prose decimals are printed."""
    outputs = [snippet_runs[i.snippet].stdout for i in page.includes if i.snippet in snippet_runs]
    problems = checks.check_page_structure(project, page, snippet_runs)
    problems += checks.check_prose_numbers(page.numbers, outputs)
    _fail(problems)
    TALLY.numbers_verified += len(page.numbers)


def test_notebook_outputs(project, notebook, executed_notebooks, updating):
    problems = checks.check_notebook(project, notebook, executed_notebooks(notebook.relative))
    if problems and updating:
        TALLY.stale_notebooks.append(notebook)
        pytest.skip("rewritten by --update-outputs at the end of the session")
    _fail(problems)
    TALLY.notebook_cells_verified += len(notebook.code_cells)
    TALLY.numbers_verified += len(notebook.prose_numbers)


def test_every_snippet_is_on_a_page(project):
    _fail(checks.check_unused_snippets(project))


def test_figures_are_what_their_snippets_write(project, snippet_runs, updating):
    problems = checks.check_figures(project, snippet_runs)
    if problems and updating:
        TALLY.stale_figures = True
        pytest.skip("rewritten by --update-outputs at the end of the session")
    _fail(problems)


def test_translations_match_the_english_pages(project):
    _fail(checks.check_parity(project))
