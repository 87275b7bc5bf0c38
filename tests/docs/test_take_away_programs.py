"""What a snippet block's copy button gives runs alone (README, "How a page quotes a snippet").

A snippet may import a sibling snippet (``from rope_rotate_half import RotaryCache``); saved alone,
it would stop with ModuleNotFoundError. The build gives such a block's copy button the program
``hooks.core.takeaway.take_away_program`` makes, the snippet with its siblings inlined
(hooks/runnable_copies.py). Here that same function's program, for every snippet that imports a
sibling, is saved as one file in an empty folder and run with ``python file.py`` and the snippet
environment; it must print exactly what the snippet prints in this session's run of it, and write
the same files, byte for byte. No browser: tests/browser/test_copy_buttons.py checks the built site's
buttons.
"""

from __future__ import annotations

import re
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor

import markdown
import pytest
from mkdocs.utils.meta import get_data

from doccheck.built_html import PageHtml
from doccheck.runner import SLOW_IMPORTS, ProgramRunner, SnippetRun, differences
from doccheck.stash_keys import SESSION
from hooks import runnable_copies
from hooks.core.markdown import tokens as parsed
from hooks.core.snippets import imported_packages, sibling_imports
from hooks.core.takeaway import TakeAwayError, take_away_program

PROGRAMS_AT_ONCE = 2  # the machine's cores; the session runs the snippets themselves beside them


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "importer" in metafunc.fixturenames:
        project = metafunc.config.stash[SESSION].project
        importers = [s for s, siblings in sibling_imports(project.snippets_dir).items() if siblings]
        metafunc.parametrize("importer", importers, ids=importers)


@pytest.fixture(scope="session")
def take_away_runs(request, project, doc_session, program_runner):
    """The programs of the selected tests, started at once (two at a time); each test waits for its own."""
    selected = [getattr(item, "callspec", None) for item in request.session.items]
    importers = list(dict.fromkeys(c.params["importer"] for c in selected if c and "importer" in c.params))
    doc_session.schedule(importers)  # the snippets' own runs, beside these
    pool = ThreadPoolExecutor(max_workers=PROGRAMS_AT_ONCE, thread_name_prefix="take-away")
    runs: dict[str, Future[SnippetRun] | TakeAwayError] = {}
    for snippet in importers:
        try:
            program = take_away_program(snippet, project.snippets_dir)
        except TakeAwayError as error:
            runs[snippet] = error
            continue
        runs[snippet] = pool.submit(program_runner.run, program, snippet.rsplit("/", 1)[-1])
    yield runs
    pool.shutdown(wait=False, cancel_futures=True)


def test_the_program_of_a_snippet_that_imports_a_sibling_runs_alone(importer, take_away_runs, doc_session):
    run = take_away_runs[importer]
    if isinstance(run, TakeAwayError):
        pytest.fail(f"no program to take away: {run}", pytrace=False)
    expected = doc_session.snippet_run(importer)
    if expected.failed:
        pytest.fail(f"the snippet itself fails: {expected.failure_report()}", pytrace=False)
    problems = differences(expected, run.result())
    if problems:
        pytest.fail(f"snippets/{importer} with its siblings inlined, alone, " + "\n".join(problems), pytrace=False)


def test_the_programs_start_as_warm_as_the_snippets(program_runner, doc_session, project):
    """The programs are written into an empty folder one by one, so the server that runs them
    cannot learn from that folder what to import once: it imports what the snippets import, or
    every program would import torch on its own."""
    if doc_session.cold:
        pytest.skip("--cold: every program starts a fresh interpreter, so nothing is preloaded")
    used = imported_packages(project.snippets_dir)
    expected = [module for module in SLOW_IMPORTS if module.split(".")[0] in used]
    assert "torch" in expected
    assert program_runner.preloaded == expected


def test_a_snippet_without_siblings_is_its_own_program(project):
    alone = [s for s, siblings in sibling_imports(project.snippets_dir).items() if not siblings]
    changed = [s for s in alone if take_away_program(s, project.snippets_dir) != (project.snippets_dir / s).read_text()]
    assert not changed, f"these import no sibling, yet their program differs from the file: {changed}"


# -- the inliner on small made-up snippets ----------------------------------------------------------


def write_snippets(folder, files: dict[str, str]):
    for relative, text in files.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    return folder


def test_siblings_are_inlined_once_in_the_order_python_runs_them(tmp_path):
    snippets = write_snippets(
        tmp_path / "snippets",
        {
            "t/base.py": 'import math\n\nSTEPS = []\nSTEPS.append("base")\n\n\ndef half(x):\n    return x / 2\n\n\n'
            'if __name__ == "__main__":\n    print("base demo")\n',
            "t/middle.py": "from __future__ import annotations\n\nimport math\n\nfrom base import STEPS, half\n\n"
            'STEPS.append("middle")\n\n\ndef quarter(x):\n    return half(half(x))\n',
            "t/main.py": '"""The snippet."""\n\nimport json\nfrom base import half as halve\nfrom middle import STEPS, '
            "quarter\n\nprint(json.dumps(STEPS), halve(8), quarter(8))\n",
        },
    )
    program = take_away_program("t/main.py", snippets, {"t/base.py": 'shown on the page "Base"'})
    lines = program.splitlines()
    assert lines[0] == '"""The snippet."""' and lines[2] == "from __future__ import annotations"
    assert program.count('# --- from base.py, shown on the page "Base" ---') == 1
    assert program.index("# --- from base.py") < program.index("# --- from middle.py") < program.index("print(")
    assert "base demo" not in program and "halve = half" in program
    assert "import math" not in program  # only the siblings used it, in code the program does not need
    runner = ProgramRunner(cold=True)  # nothing heavy to import: no warm server needed
    try:
        got = runner.run(program, "main.py")
    finally:
        runner.close()
    expected = subprocess.run([sys.executable, "main.py"], cwd=snippets / "t", capture_output=True, text=True)
    assert not got.failed, got.stderr
    assert got.stdout == expected.stdout == '["base", "middle"] 4.0 2.0\n'


@pytest.mark.parametrize(
    ("sibling", "snippet", "complaint"),
    [
        ("x = 1\n\n\ndef f():\n    return x\n", "from s import f\n\nx = 2\nprint(f())\n", "`x` means different things"),
        (
            "def sum(values):\n    return 0\n",
            "from s import sum as total\n\nprint(sum([1]), total([1]))\n",
            "uses `sum`",
        ),
        ("def f():\n    return 1\n", "import s\n\nprint(s.f())\n", "write `from s import ...`"),
        (
            'def f():\n    return 1\n\n\nif __name__ == "__main__":\n    g = f\n',
            "from s import g\n\nprint(g())\n",
            "only in",
        ),
    ],
    ids=["a name both define", "a builtin the sibling redefines", "import sibling", "a name of the demo part"],
)
def test_what_cannot_be_one_unambiguous_program_is_refused(tmp_path, sibling, snippet, complaint):
    snippets = write_snippets(tmp_path, {"t/s.py": sibling, "t/main.py": snippet})
    with pytest.raises(TakeAwayError, match=re.escape(complaint)):
        take_away_program("t/main.py", snippets)


def test_the_build_gives_the_block_of_a_snippet_with_siblings_its_program(tmp_path):
    snippets = write_snippets(
        tmp_path,
        {
            "t/base.py": 'def half(x):\n    return x / 2\n\n\nif __name__ == "__main__":\n    print("<demo> & more")\n',
            "t/main.py": 'from base import half\n\nprint(half(3), "<&>")\n',
            "t/alone.py": "print(1)\n",
        },
    )
    page = (
        '# A page\n\n```python title="snippets/t/main.py"\n--8<-- "t/main.py"\n```\nText right after.\n\n'
        '```python\n--8<-- "t/alone.py"\n```\n'
    )
    shown_on = {"t/base.py": 'shown on the page "Base"'}
    extension = runnable_copies.RunnableCopies(snippets_dir=str(snippets), shown_on=shown_on)
    html = markdown.markdown(
        page,
        extensions=[extension, "pymdownx.superfences", "pymdownx.snippets"],
        extension_configs={"pymdownx.snippets": {"base_path": [str(snippets)]}},
    )
    page = PageHtml(html)
    copies = [attributes["data-copy"] for _, attributes in page.tags if "data-copy" in attributes]
    assert copies == [take_away_program("t/main.py", snippets, shown_on)]  # alone.py's block: as shown
    assert "<p>Text right after.</p>" in html and "runnable-copy" not in html
    assert page.texts_of("code") == [(snippets / "t/main.py").read_text(), "print(1)\n"]  # the page shows the snippets


def test_the_copies_read_the_page_files_parse_and_wrap_the_same_lines(tmp_path):
    """The build hands the extension the page's file, whose parse the build has made already;
    MkDocs hands Markdown the file without its front matter. The blocks wrapped must be the same
    either way, and where the file does not end with what Markdown gets (a plugin changed it),
    the extension parses what it gets."""
    snippets = write_snippets(
        tmp_path, {"t/base.py": "X = 1\n", "t/main.py": "from base import X\n\nprint(X)\n", "t/alone.py": "print(1)\n"}
    )
    body = (
        '```python\n--8<-- "t/main.py"\n```\n\nText.\n\n```python\n--8<-- "t/alone.py"\n```\n\n'
        '- a list\n\n    ```python\n    --8<-- "t/main.py"\n    ```\n'
    )
    files = {
        "no front matter": "# Page\n\n" + body,
        "front matter": '---\ntitle: "Page"\ndescription: d\n---\n' + body,
        "front matter, blank lines": "---\ntitle: Page\n---\n\n\n# Page\n" + body,
    }

    def convert(markdown_text: str, source: str | None) -> str:
        extension = runnable_copies.RunnableCopies(snippets_dir=str(snippets), shown_on={})
        extension.for_page(source)
        return markdown.markdown(
            markdown_text,
            extensions=[extension, "pymdownx.superfences", "pymdownx.snippets"],
            extension_configs={"pymdownx.snippets": {"base_path": [str(snippets)]}},
        )

    for name, source in files.items():
        handed = get_data(source)[0].rstrip("\n")  # what MkDocs hands Markdown
        tokens, offset = runnable_copies.page_tokens(handed, source)
        assert tokens is parsed(source), f"{name}: the file's parse is not the one used"
        assert offset == source[: source.index(handed)].count("\n"), name
        expected = convert(handed, None)
        assert expected.count("data-copy") == 1, name  # main.py's top-level block; alone.py is as shown
        assert convert(handed, source) == expected, name
        changed = handed.replace("Text.", "Text changed by a plugin.")
        assert runnable_copies.page_tokens(changed, source)[1] == 0
        assert convert(changed, source) == convert(changed, None), name


def test_a_rebuild_keeps_the_programs_of_folders_whose_files_did_not_change(tmp_path):
    """`mkdocs serve` keeps the build plugin across rebuilds, and its programs with it: those of a
    folder in which any file changed are assembled again, the others are not."""
    snippets = write_snippets(
        tmp_path,
        {"t/base.py": "X = 1\n", "t/main.py": "from base import X\n\nprint(X)\n", "u/other.py": "print(2)\n"},
    )
    programs = runnable_copies.Programs()
    programs.forget_changed_folders(snippets)
    for snippet in ("t/main.py", "u/other.py"):
        runnable_copies.program_of(snippet, snippets, {}, programs.by_snippet)
    programs.forget_changed_folders(snippets)
    assert set(programs.by_snippet) == {"t/main.py", "u/other.py"}  # nothing changed
    (snippets / "t/base.py").write_text("X = 2\n", encoding="utf-8")  # a sibling, not the snippet itself
    programs.forget_changed_folders(snippets)
    assert set(programs.by_snippet) == {"u/other.py"}
    assert "X = 2" in runnable_copies.program_of("t/main.py", snippets, {}, programs.by_snippet)


def test_the_next_build_takes_the_programs_from_the_disk_while_their_folder_stays(tmp_path, monkeypatch):
    """A build leaves each folder's programs in .cache/take-away; the next build (another process:
    a new Programs) takes them instead of assembling them, unless a file of the folder changed.
    A snippet that cannot be assembled is kept as its error."""
    snippets = write_snippets(
        tmp_path,
        {
            "t/base.py": "X = 1\n",
            "t/main.py": "from base import X\n\nprint(X)\n",
            "t/also.py": "from base import X\n\nprint(-X)\n",
            "u/a.py": "Y = 1\n",
            "u/b.py": "Y = 2\n",
            "u/clash.py": "from a import Y\nfrom b import Y\n\nprint(Y)\n",
        },
    )
    cache = tmp_path / "cache"
    first = runnable_copies.Programs(cache)
    first.forget_changed_folders(snippets)
    program = runnable_copies.program_of("t/main.py", snippets, {}, first.by_snippet)
    with pytest.raises(TakeAwayError) as clash:
        runnable_copies.program_of("u/clash.py", snippets, {}, first.by_snippet)
    first.save()

    def no_assembling(*arguments):
        raise AssertionError("assembled again, although the program was kept")

    monkeypatch.setattr(runnable_copies, "take_away_program", no_assembling)
    second = runnable_copies.Programs(cache)
    second.forget_changed_folders(snippets)
    assert runnable_copies.program_of("t/main.py", snippets, {}, second.by_snippet) == program
    with pytest.raises(TakeAwayError, match=re.escape(str(clash.value))):
        runnable_copies.program_of("u/clash.py", snippets, {}, second.by_snippet)

    # a program first assembled after its folder was saved (a page began to show it) is saved too
    monkeypatch.undo()
    also = runnable_copies.program_of("t/also.py", snippets, {}, second.by_snippet)
    second.save()
    monkeypatch.setattr(runnable_copies, "take_away_program", no_assembling)
    fourth = runnable_copies.Programs(cache)
    fourth.forget_changed_folders(snippets)
    assert runnable_copies.program_of("t/also.py", snippets, {}, fourth.by_snippet) == also
    assert runnable_copies.program_of("t/main.py", snippets, {}, fourth.by_snippet) == program

    (snippets / "t/base.py").write_text("X = 2\n", encoding="utf-8")
    third = runnable_copies.Programs(cache)
    third.forget_changed_folders(snippets)
    with pytest.raises(AssertionError, match="assembled again"):
        runnable_copies.program_of("t/main.py", snippets, {}, third.by_snippet)


def test_a_program_is_run_once_per_session_whoever_asks():
    """The copy-button test and this module ask for the same programs; the second asker gets the
    first run. Only the comment lines naming a page may differ; any other change is a new run."""
    runner = ProgramRunner(cold=True)
    program = "import random\n\nprint(random.random())\n"  # unseeded: a second run would print another number
    shown_in_zh = '# --- from s.py, shown on the page "旋转" ---\n' + program
    try:
        first, again, from_zh = (runner.run(text, "p.py") for text in (program, program, shown_in_zh))
        other_name = runner.run(program, "q.py")
        changed = runner.run(program + "print()\n", "p.py")
    finally:
        runner.close()
    assert first.stdout == again.stdout == from_zh.stdout != other_name.stdout
    assert changed.stdout != first.stdout
    assert runner.executed == 3
