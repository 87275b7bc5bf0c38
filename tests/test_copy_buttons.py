"""The copy button of every snippet block, pressed in Chromium on the built site, in two languages.

What lands on the clipboard is saved as one file in an empty folder and run with ``python
file.py`` and the snippet environment (doccheck.runner.ProgramRunner): it must print exactly what
the snippet prints in this session's run of it and write the same files. A snippet that imports
a sibling snippet only passes if the build gave its block the program with the siblings inlined
(hooks/runnable_copies.py); tests/test_take_away_programs.py checks those programs without a
browser.

Each page of the two languages that includes a snippet is visited once; its blocks are found by
what they show (the snippet file, as it is). The copied programs run two at a time while the
buttons are still being pressed, and each distinct program once: the two languages' copies of a
block differ at most in the comment lines that name the page showing an inlined sibling
(``# --- from name.py, shown on the page "..." ---``), which cannot change what a program does.
"""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from doccheck.browser import new_context
from doccheck.runner import SnippetRun, differences, without_page_names
from doccheck.site import language_root, page_url

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


def test_every_snippet_copy_button_gives_a_program_that_runs_alone(
    chromium, server, built_site, project, doc_session, program_runner
):
    languages = [language for language in LANGUAGES if language in project.languages]
    pages = [p for p in project.pages if p.language in languages and p.includes]
    snippets = sorted({i.snippet for p in pages for i in p.includes})
    doc_session.schedule(snippets)  # the snippets' own runs start now, beside the browser
    context = new_context(chromium, server)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    tab = context.new_page()
    pool = ThreadPoolExecutor(max_workers=PROGRAMS_AT_ONCE, thread_name_prefix="copied")
    runs: dict[str, Future[SnippetRun]] = {}
    copied: list[Copied] = []
    problems: list[str] = []
    try:
        for page in pages:
            where = f"[{page.language}] {page.relative}"
            tab.goto(server + language_root(project, page.language) + page_url(page.relative))
            shown = tab.evaluate(SHOWN_CODE)
            position = 0
            for include in page.includes:
                text = (project.snippets_dir / include.snippet).read_text(encoding="utf-8").rstrip()
                found = next((i for i in range(position, len(shown)) if shown[i][1].rstrip() == text), None)
                if found is None:
                    problems.append(f"{where}: no code block shows snippets/{include.snippet} as it is")
                    continue
                position = found + 1
                tab.evaluate("navigator.clipboard.writeText('')")
                tab.locator(f"pre#{shown[found][0]} button[data-clipboard-target]").click()
                program = read_clipboard(tab)
                if not program:
                    problems.append(f"{where}: the copy button of snippets/{include.snippet} copied nothing")
                    continue
                entry = Copied(where, include.snippet, program, without_page_names(program))
                copied.append(entry)
                if entry.key not in runs:
                    runs[entry.key] = pool.submit(program_runner.run, program, include.snippet.rsplit("/", 1)[-1])
        for entry in copied:
            expected = doc_session.snippet_run(entry.snippet)
            if expected.failed:
                problems.append(f"snippets/{entry.snippet} itself fails: {expected.failure_report()}")
                continue
            for problem in differences(expected, runs[entry.key].result()):
                problems.append(f"{entry.where}: what the copy button of snippets/{entry.snippet} copies {problem}")
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        context.close()
    inlined = sum(1 for entry in copied if "# --- from " in entry.program)
    print(
        f"\ncopy buttons pressed: {len(copied)} on {len(pages)} pages ({', '.join(languages)}), "
        f"{inlined} of them with sibling snippets inlined; {len(snippets)} snippets; {len(runs)} distinct programs run"
    )
    assert copied, "no snippet block found"
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
