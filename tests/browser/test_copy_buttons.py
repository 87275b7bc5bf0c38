"""The copy button of every snippet block, pressed in Chromium on the built site, in two languages.

What lands on the clipboard is saved as one file in an empty folder and run with ``python
file.py`` and the snippet environment (doccheck.runner.ProgramRunner): it must print exactly what
the snippet prints in this session's run of it and write the same files. A snippet that imports
a sibling snippet only passes if the build gave its block the program with the siblings inlined
(hooks/runnable_copies.py); tests/docs/test_take_away_programs.py checks those programs without a
browser.

Each page of the two languages that includes a snippet is visited once, by the tour
(doccheck.tour); its blocks are found by what they show (the snippet file, as it is). The copied
programs run two at a time, and each distinct program once: the two languages' copies of a block
differ at most in the comment lines that name the page showing an inlined sibling
(``# --- from name.py, shown on the page "..." ---``), which cannot change what a program does.

A copy that is the snippet's own text, of a snippet whose run imported nothing from its folder
and which never asks where it is, is not run again: its run would repeat the session's run of
the snippet, which also ran it in an empty folder (``doccheck.runner.same_run_anywhere``).
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from doccheck.runner import SnippetRun, differences, same_run_anywhere, without_page_names
from doccheck.site import BuiltPage
from doccheck.tour import LAPTOP, Probe
from hooks.core.urls import language_root, page_url

pytestmark = pytest.mark.browser

LANGUAGES = ("en", "zh")  # the source language and one translation
PROGRAMS_AT_ONCE = 2  # the machine's cores
CLIPBOARD_SECONDS = 5
SHOWN_CODE = "() => [...document.querySelectorAll('article pre > code')].map(c => [c.parentElement.id, c.innerText])"


@dataclass
class Copied:
    where: str  # "[zh] rope/properties.md"
    snippet: str
    program: str
    key: str  # the program without the comment lines naming a page


def read_clipboard(tab) -> str:
    deadline = time.monotonic() + CLIPBOARD_SECONDS
    text = tab.evaluate("navigator.clipboard.readText()")
    while not text and time.monotonic() < deadline:
        time.sleep(0.05)
        text = tab.evaluate("navigator.clipboard.readText()")
    return text


def _source_page(page: BuiltPage, project):
    """The page of docs/ that this built page shows, if it is in one of LANGUAGES."""
    if page.language not in LANGUAGES:
        return None
    inside = page.url.removeprefix(language_root(project, page.language))
    return next((p for p in project.pages if p.language == page.language and page_url(p.relative) == inside), None)


def _press(tab, page: BuiltPage, window, project) -> list[tuple[str, str]]:
    """(snippet, what its block's copy button copied, or a problem) for each snippet the page
    includes, in the page's order."""
    source = _source_page(page, project)
    shown = tab.evaluate(SHOWN_CODE)
    position = 0
    pressed = []
    for include in source.includes:
        text = (project.snippets_dir / include.snippet).read_text(encoding="utf-8").rstrip()
        found = next((i for i in range(position, len(shown)) if shown[i][1].rstrip() == text), None)
        if found is None:
            pressed.append((include.snippet, "", f"no code block shows snippets/{include.snippet} as it is"))
            continue
        position = found + 1
        tab.evaluate("navigator.clipboard.writeText('')")
        tab.locator(f"pre#{shown[found][0]} button[data-clipboard-target]").click()
        program = read_clipboard(tab)
        problem = "" if program else f"the copy button of snippets/{include.snippet} copied nothing"
        pressed.append((include.snippet, program, problem))
    return pressed


COPY_PROBE = Probe(
    "copy buttons",
    _press,
    (LAPTOP,),
    wants=lambda page, project: bool(getattr(_source_page(page, project), "includes", None)),
    changes_page=True,
)
PROBES = [COPY_PROBE]


def test_every_snippet_copy_button_gives_a_program_that_runs_alone(tour, project, doc_session, program_runner):
    languages = [language for language in LANGUAGES if language in project.languages]
    pages = [p for p in project.pages if p.language in languages and p.includes]
    snippets = sorted({i.snippet for p in pages for i in p.includes})
    doc_session.schedule(snippets)
    looks = tour.looks(COPY_PROBE)
    pool = ThreadPoolExecutor(max_workers=PROGRAMS_AT_ONCE, thread_name_prefix="copied")
    runs: dict[str, Future[SnippetRun]] = {}
    copied: list[Copied] = []
    problems: list[str] = []
    repeated = 0
    try:
        for look in looks:
            where = f"[{look.page.language}] {_source_page(look.page, project).relative}"
            for snippet, program, problem in look.result:
                if problem:
                    problems.append(f"{where}: {problem}")
                    continue
                entry = Copied(where, snippet, program, without_page_names(program))
                copied.append(entry)
                if entry.key in runs:
                    continue
                expected = doc_session.snippet_run(snippet)
                if same_run_anywhere(expected, program, project.snippets_dir):
                    runs[entry.key] = Future()  # its run would repeat the session's run of the snippet
                    runs[entry.key].set_result(expected)
                    repeated += 1
                else:
                    runs[entry.key] = pool.submit(program_runner.run, program, snippet.rsplit("/", 1)[-1])
        visited = {f"[{look.page.language}] {_source_page(look.page, project).relative}" for look in looks}
        problems += [
            f"[{p.language}] {p.relative}: not visited" for p in pages if f"[{p.language}] {p.relative}" not in visited
        ]
        for entry in copied:
            expected = doc_session.snippet_run(entry.snippet)
            if expected.failed:
                problems.append(f"snippets/{entry.snippet} itself fails: {expected.failure_report()}")
                continue
            for problem in differences(expected, runs[entry.key].result()):
                problems.append(f"{entry.where}: what the copy button of snippets/{entry.snippet} copies {problem}")
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    inlined = sum(1 for entry in copied if "# --- from " in entry.program)
    print(
        f"\ncopy buttons pressed: {len(copied)} on {len(pages)} pages ({', '.join(languages)}), "
        f"{inlined} of them with sibling snippets inlined; {len(snippets)} snippets; {len(runs)} distinct programs, "
        f"{len(runs) - repeated} run, {repeated} the snippet itself (doccheck.runner.same_run_anywhere)"
    )
    assert copied, "no snippet block found"
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
