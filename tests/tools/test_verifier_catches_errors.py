"""The verifier must fail when a page and its code disagree. Each test breaks one thing in a
copy of the small site under tests/fixtures/mini_site and checks the message a maintainer
would get: which language, which file, which line, and what differs."""

import importlib.metadata
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from xml.etree import ElementTree

import pytest

from doccheck import checks
from doccheck.catalogue import CHECKS, run_all
from doccheck.notebooks import execute
from doccheck.session import DocSession
from hooks.core.project import Project

FIXTURE = Path(__file__).parents[1] / "fixtures" / "mini_site"
TESTS = Path(__file__).parents[1]


@pytest.fixture
def mini_site(tmp_path) -> Path:
    root = tmp_path / "site"
    shutil.copytree(FIXTURE, root)
    return root


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture no longer contains {old!r}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


# The checks of test_docs.py but the notebooks' (their own tests below execute them)
PAGE_CHECKS = [c for c in CHECKS if not c.portability and c.scope not in ("notebook", "translation")]


def all_problems(root: Path) -> list[str]:
    """What the catalogue's page checks find on a fresh parse of the site at root."""
    session = DocSession(Project(root), cold=True)  # the fixture's snippets import nothing heavy
    try:
        results = run_all(session, PAGE_CHECKS)
    finally:
        session.close()
    return [str(p) for _, _, verdict in results for p in verdict.problems]


def run_suite(mini_site: Path, test_files: list[str], *options: str) -> subprocess.CompletedProcess:
    """The real test suite (this suite's own plugin), on the copy of the fixture site at ``mini_site``."""
    files = [str(TESTS / name) for name in test_files]
    command = [
        sys.executable,
        "-m",
        "pytest",
        *files,
        "-q",
        "-p",
        "no:cacheprovider",
        "--doccheck-root",
        str(mini_site),
    ]
    return subprocess.run([*command, *options], cwd=TESTS, capture_output=True, text=True)


def test_the_untouched_fixture_passes(mini_site):
    assert all_problems(mini_site) == []


def test_a_changed_digit_in_a_quoted_output_names_language_file_and_line(mini_site):
    edit(mini_site / "docs/zh/page.md", "1.5810\nsum", "1.5811\nsum")
    [problem] = all_problems(mini_site)
    assert problem.startswith("[zh] docs/zh/page.md:7: quoted output of snippets/demo/numbers.py differs")
    # what the snippets ran with, so that a contributor sees whether the machine is at fault
    environment = problem.splitlines()[-1]
    assert environment.startswith(f"environment: torch {importlib.metadata.version('torch')}, ATen kernels "), (
        environment
    )
    assert "instructions" in environment and "1 thread; CPU: " in environment, environment
    assert "-1.5811" in problem and "+1.5810" in problem


def test_a_changed_number_in_the_prose_is_caught(mini_site):
    edit(mini_site / "docs/en/page.md", "The first value is 0.3374", "The first value is 0.3375")
    [problem] = all_problems(mini_site)
    assert problem == "[en] docs/en/page.md:15: the prose quotes 0.3375, which no snippet output on this page prints"


def test_a_number_written_right_after_chinese_text_is_still_checked(mini_site):
    edit(mini_site / "docs/zh/page.md", "第一个值是 0.3374", "第一个值是0.3375")
    [problem] = all_problems(mini_site)
    assert problem == "[zh] docs/zh/page.md:15: the prose quotes 0.3375, which no snippet output on this page prints"


def test_a_snippet_that_prints_something_else_fails_every_language(mini_site):
    edit(mini_site / "snippets/demo/numbers.py", "1.5810", "1.5819")
    problems = all_problems(mini_site)
    assert [p.split(":")[0] for p in problems if "differs" in p] == ["[en] docs/en/page.md", "[zh] docs/zh/page.md"]


def test_an_elided_quote_still_compares_its_ends(mini_site):
    edit(mini_site / "docs/en/page.md", "line 9", "line 8")
    [problem] = all_problems(mini_site)
    assert problem.startswith("[en] docs/en/page.md:21: quoted output of snippets/demo/long.py differs")


def test_a_missing_translation_is_named(mini_site):
    (mini_site / "docs/zh/page.md").unlink()
    assert all_problems(mini_site) == ["[zh] docs/zh/page.md:1: missing translation of docs/en/page.md"]


def test_a_translation_with_a_different_snippet_order_is_named(mini_site):
    page = mini_site / "docs/zh/page.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(
        text.replace('--8<-- "demo/long.py"', '--8<-- "demo/TMP"')
        .replace('--8<-- "demo/numbers.py"', '--8<-- "demo/long.py"')
        .replace('--8<-- "demo/TMP"', '--8<-- "demo/numbers.py"'),
        encoding="utf-8",
    )
    problems = all_problems(mini_site)
    # every difference of the page is reported, not only the first
    assert "[zh] docs/zh/page.md:3: extra snippet demo/long.py, which docs/en/page.md does not have" in problems
    assert "[zh] docs/zh/page.md:17: missing snippet demo/long.py (as in docs/en/page.md:17)" in problems


def test_a_missing_output_block_is_caught(mini_site):
    edit(mini_site / "docs/en/page.md", "<!-- output: demo/numbers.py -->\n", "")
    problems = all_problems(mini_site)
    assert problems[0].startswith(
        "[en] docs/en/page.md:3: snippets/demo/numbers.py prints output that this page never quotes"
    )


def test_an_output_marked_not_quoted_is_accepted(mini_site):
    for language in ("en", "zh"):
        edit(
            mini_site / f"docs/{language}/page.md",
            "<!-- output: demo/long.py -->",
            "<!-- not-quoted: demo/long.py -->\n\nA plain block:",
        )
    assert all_problems(mini_site) == []


def test_a_missing_snippet_file_is_named(mini_site):
    (mini_site / "snippets/demo/long.py").unlink()
    problems = all_problems(mini_site)
    assert "[en] docs/en/page.md:17: includes snippets/demo/long.py, which does not exist" in problems


def test_a_snippet_that_raises_shows_its_traceback(mini_site):
    edit(mini_site / "snippets/demo/numbers.py", "for value", "raise ValueError('broken on purpose')\nfor value")
    problems = all_problems(mini_site)
    assert any(
        p.startswith("[zh] docs/zh/page.md:3: snippets/demo/numbers.py exited with status 1")
        and "ValueError: broken on purpose" in p
        for p in problems
    )


def test_a_quote_without_its_snippet_is_caught(mini_site):
    edit(mini_site / "docs/en/page.md", '```python\n--8<-- "demo/long.py"\n```\n', "")
    assert "[en] docs/en/page.md:18: refers to snippets/demo/long.py, which this page does not include" in all_problems(
        mini_site
    )


def test_a_snippet_no_page_includes_is_caught(mini_site):
    (mini_site / "snippets/demo/forgotten.py").write_text("print(1)\n")
    assert all_problems(mini_site) == [
        "snippets/demo/forgotten.py is not included by any page (readers never see it, so nothing checks it)"
    ]


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "<!-- output: demo/numbers.py -->\n```text",
            "<!-- output: demo/numbers.py -->\n\nSome words.\n\n```text",
            "[en] docs/en/page.md:7: <!-- output: demo/numbers.py --> must be followed directly by a fenced block",
        ),
        (
            '```python\n--8<-- "demo/drawing.py"\n```',
            '!!! note\n    ```python\n    --8<-- "demo/drawing.py"\n    ```',
            "[en] docs/en/page.md:30: snippet include or output marker is not a top-level block",
        ),
        # the quote runs on into the next block, so its include is no longer seen as a block
        (
            "line 9\n```\n",
            "line 9\n",
            "[en] docs/en/page.md:28: snippet include or output marker is not a top-level block",
        ),
    ],
    ids=["marker-without-block", "include-inside-admonition", "unclosed-fence"],
)
def test_a_malformed_page_is_reported_with_its_line(mini_site, old, new, message):
    edit(mini_site / "docs/en/page.md", old, new)
    assert any(p.startswith(message) for p in all_problems(mini_site)), all_problems(mini_site)


def test_a_figure_that_differs_from_its_snippet_is_caught(mini_site):
    edit(mini_site / "docs/en/assets/figures/tiny.svg", 'width="72pt"', 'width="73pt"')
    assert all_problems(mini_site) == [
        "docs/en/assets/figures/tiny.svg differs from what snippets/demo/drawing.py writes (run the update command)"
    ]


TABLE = "[zh] docs/zh/figure-labels.yml:"


@pytest.mark.parametrize(
    ("table", "drawing", "message"),
    [
        (('  "2 rows": "2 行"\n', ""), None, TABLE + "2: tiny.svg: no translation of '2 rows'"),
        (
            ("2 行", "3 行"),
            None,
            TABLE + "3: the translation of '2 rows' writes the numbers ['3']",
        ),
        (("2 行", " "), None, TABLE + "3: '2 rows' has an empty translation"),
        (None, ("2 rows", "3 rows"), TABLE + "3: tiny.svg no longer shows '2 rows'"),
        (
            None,
            ("2 rows</text>", "2 <tspan>rows</tspan></text>"),
            "[en] docs/en/assets/figures/tiny.svg:1: '2 rows' is math",
        ),
    ],
    ids=["missing", "other-number", "empty", "stale", "glyph-by-glyph"],
)
def test_a_figure_text_without_its_translation_is_caught(mini_site, table, drawing, message):
    """The build shows each figure's words in the page's language from docs/<language>/figure-labels.yml
    (hooks/core/figure_text.py); a word it lacks would show in English."""
    if table:
        edit(mini_site / "docs/zh/figure-labels.yml", *table)
    if drawing:  # the snippet draws another text, or draws it as math, glyph by glyph
        edit(mini_site / "snippets/demo/drawing.py", *drawing)
        edit(mini_site / "docs/en/assets/figures/tiny.svg", *drawing)
    problems = all_problems(mini_site)
    assert any(p.startswith(message) for p in problems), problems


def test_a_torch_version_mismatch_is_said_first(mini_site, monkeypatch):
    (mini_site / "requirements.txt").write_text("torch==0.0.1\n")
    edit(mini_site / "docs/zh/page.md", "1.5810\nsum", "1.5811\nsum")
    [problem] = all_problems(mini_site)
    assert problem.split("\n")[0].endswith(
        "ENVIRONMENT: torch "
        + importlib.metadata.version("torch")
        + " is installed but requirements.txt pins torch==0.0.1; printed numbers are expected to differ."
        " Fix the environment before editing any page."
    )


def test_a_stored_notebook_output_that_differs_is_caught(mini_site):
    edit(mini_site / "docs/zh/notebook.ipynb", '"0.1687\\n"', '"0.1688\\n"')
    project = Project(mini_site)
    executed = execute(next(n for n in project.notebooks if n.language == "en"))
    results = {n.language: [str(p) for p in checks.check_notebook(project, n, executed)] for n in project.notebooks}
    assert results["en"] == []
    [problem] = results["zh"]
    assert problem.startswith("[zh] docs/zh/notebook.ipynb cell 2: stored output differs from a fresh run")


def test_notebook_code_that_differs_between_languages_is_caught(mini_site):
    edit(mini_site / "docs/zh/notebook.ipynb", "0.3374 / 2", "0.3374 / 3")
    assert (
        "[zh] docs/zh/notebook.ipynb cell 2: code differs from docs/en/notebook.ipynb; "
        "code cells must be identical in every language" in all_problems(mini_site)
    )


def test_the_update_command_restores_only_quoted_blocks(mini_site):
    """Runs the real `pytest --update-outputs` (this suite's own plugin) on the broken copy."""
    zh_page = mini_site / "docs/zh/page.md"
    original = zh_page.read_text(encoding="utf-8")
    edit(zh_page, "-0.1778", "-9.9999")
    edit(zh_page, "line 9", "line 7")
    edit(mini_site / "docs/en/notebook.ipynb", '"0.1687\\n"', '"0.1688\\n"')
    before = {p: p.read_bytes() for p in mini_site.rglob("*") if p.is_file()}

    def pytest_run(*options):
        # --cold: the fixture's snippets import nothing, so a warm server would only add its start-up
        return run_suite(mini_site, ["docs/test_docs.py"], "--cold", *options)

    broken = pytest_run()
    assert broken.returncode == 1, broken.stdout
    assert "[zh] docs/zh/page.md:7" in broken.stdout and "[zh] docs/zh/page.md:21" in broken.stdout

    updated = pytest_run("--update-outputs")
    assert "--update-outputs rewrote 2 file(s)" in updated.stdout, updated.stdout
    assert zh_page.read_text(encoding="utf-8") == original
    changed = {p for p in mini_site.rglob("*") if p.is_file() and before.get(p) != p.read_bytes()}
    assert changed == {zh_page, mini_site / "docs/en/notebook.ipynb"}

    green = pytest_run()
    assert green.returncode == 0, green.stdout
    assert "quoted outputs verified: 4 in 2 languages" in green.stdout


def test_a_page_showing_a_snippet_without_the_sibling_it_imports_is_named(mini_site):
    (mini_site / "snippets/demo/helper.py").write_text("VALUE = 2\n")
    (mini_site / "snippets/demo/uses_helper.py").write_text("from helper import VALUE\n\nprint(VALUE)\n")
    include = '```python\n--8<-- "demo/uses_helper.py"\n```\n\n<!-- output: demo/uses_helper.py -->\n```text\n2\n```\n'
    for language in ("en", "zh"):
        page = mini_site / f"docs/{language}/page.md"
        page.write_text(page.read_text(encoding="utf-8") + "\n" + include, encoding="utf-8")
    problems = all_problems(mini_site)
    missing = "snippets/demo/uses_helper.py imports snippets/demo/helper.py, which this page neither includes nor links"
    assert any(p.startswith("[en] docs/en/page.md:") and missing in p for p in problems), problems


def test_updating_one_page_rewrites_the_figures_its_snippets_write(mini_site):
    """`python -m doccheck update <page>` restores a figure of that page, as the update of every
    page does; checking that page alone names the stale figure first."""
    figure = mini_site / "docs/en/assets/figures/tiny.svg"
    original = figure.read_bytes()
    figure.write_text("<svg/>\n")

    def doccheck(*arguments):
        command = [
            sys.executable,
            "-m",
            "doccheck",
            "--root",
            str(mini_site),
            *arguments,
            "docs/en/page.md",
            "--cold",
        ]
        return subprocess.run(command, cwd=mini_site, capture_output=True, text=True)

    stale = doccheck("check")
    assert stale.returncode == 1 and "tiny.svg differs from what snippets/demo/drawing.py writes" in stale.stdout
    updated = doccheck("update")
    assert "docs/en/assets/figures/tiny.svg" in updated.stdout, updated.stdout + updated.stderr
    assert figure.read_bytes() == original
    assert "tiny.svg" not in doccheck("check").stdout


def test_listing_the_tests_runs_no_snippet(mini_site, tmp_path):
    """`pytest --collect-only` (to see what `-k` selects) only lists: it used to start every
    snippet, the site build and the browser tour, and wait for them before it exited."""
    ran = tmp_path / "ran"
    for snippet in (mini_site / "snippets").rglob("*.py"):
        snippet.write_text(f"open({str(ran)!r}, 'a').write('{snippet.name}\\n')\n" + snippet.read_text("utf-8"))

    def pytest_run(*options):
        command = [sys.executable, "-m", "pytest", str(TESTS / "docs/test_docs.py"), "-q", "-p", "no:cacheprovider"]
        return subprocess.run(
            [*command, "--doccheck-root", str(mini_site), "--cold", *options],
            cwd=TESTS,
            capture_output=True,
            text=True,
        )

    listed = pytest_run("--collect-only")
    assert listed.returncode == 0 and "tests collected" in listed.stdout, listed.stdout
    assert not ran.exists(), f"listing the tests ran {ran.read_text().split()}"
    pytest_run("-k", "en/page.md")
    assert ran.exists(), "the snippets of a selected page did not run: this test cannot see a run"


ROUND_OFF_SNIPPET = """import torch

torch.manual_seed(0)
print(f"sum of 10000 draws: {torch.randn(10000).sum().item():.9f}")
"""


@pytest.mark.portability
def test_a_print_whose_last_digits_depend_on_the_kernels_fails_only_the_portability_check(mini_site):
    """Plants a print of round-off, quotes it with the update command, and runs the real suite:
    the quote check passes on this machine, the portability check names the snippet, the
    configuration and the line that differ."""
    from doccheck.cpu import SSE42, available

    if SSE42 not in available().configurations:
        pytest.skip(f"needs the SSE4.2 configuration; this machine runs {available().summary()}")
    (mini_site / "snippets/demo/round_off.py").write_text(ROUND_OFF_SNIPPET, encoding="utf-8")
    block = '```python\n--8<-- "demo/round_off.py"\n```\n\n<!-- output: demo/round_off.py -->\n```text\nstale\n```\n\n'
    for language in ("en", "zh"):
        edit(
            mini_site / f"docs/{language}/page.md",
            '```python\n--8<-- "demo/drawing.py"',
            block + '```python\n--8<-- "demo/drawing.py"',
        )

    def pytest_run(*options):
        return run_suite(
            mini_site, ["docs/test_docs.py", "docs/test_portability.py"], "-k", "page.md or round_off", *options
        )

    # the update command (the front end that runs no CPU configuration); the suite below is the test
    subprocess.run([sys.executable, "-m", "doccheck", "update"], cwd=mini_site, check=True, capture_output=True)
    assert "sum of 10000 draws: " in (mini_site / "docs/zh/page.md").read_text(encoding="utf-8")
    checked = pytest_run()
    assert checked.returncode == 1, checked.stdout
    failed = [line for line in checked.stdout.splitlines() if line.startswith("FAILED")]
    assert failed and all("test_snippet_prints_the_same_on_every_cpu[demo/round_off.py]" in f for f in failed), failed
    assert "passed" in checked.stdout.splitlines()[-1]
    assert (
        "snippets/demo/round_off.py under sse4.2 (MKL_ENABLE_INSTRUCTIONS=SSE4_2 ATEN_CPU_CAPABILITY=default) "
        "differs from the quotes' run (this CPU's own kernels, 1 thread), first at line 1:\n"
        "    the quotes' run (this CPU's own kernels, 1 thread): 'sum of 10000 draws: "
    ) in checked.stdout, checked.stdout


def test_a_notebook_that_runs_differently_under_another_cpu_is_caught(mini_site):
    import copy

    from doccheck.cpu import SSE42

    project = Project(mini_site)
    notebook = next(n for n in project.notebooks if n.language == "en")
    reference = execute(notebook)
    other = copy.deepcopy(reference)
    cell = next(c for c in other.cells if c.cell_type == "code" and c.outputs)
    cell.outputs[0]["text"] = cell.outputs[0]["text"].replace("0.1687", "0.1688")
    assert checks.check_notebook_on_every_cpu(notebook, reference, {SSE42: reference}) == []
    [problem] = [str(p) for p in checks.check_notebook_on_every_cpu(notebook, reference, {SSE42: other})]
    assert problem.startswith(
        "[en] docs/en/notebook.ipynb cell 2: run under sse4.2 (MKL_ENABLE_INSTRUCTIONS=SSE4_2 "
        "ATEN_CPU_CAPABILITY=default) differs from the quotes' run (this CPU's own kernels, 1 thread), "
        "first at line 1:"
    ), problem
    assert "0.1688" in problem


def test_a_figure_or_exit_status_that_differs_under_another_cpu_is_caught():
    from doccheck.cpu import AVX2, READER_THREAD_COUNT
    from doccheck.runner import SnippetRun

    reference = SnippetRun("demo/drawing.py", 0, "drawn\n", "", {"tiny.png": b"\x89PNG one"})
    redrawn = SnippetRun("demo/drawing.py", 0, "drawn\n", "", {"tiny.png": b"\x89PNG two"})
    crashed = SnippetRun("demo/drawing.py", 1, "", "Illegal instruction\n", {})
    assert checks.check_snippet_on_every_cpu(reference, {AVX2: reference}) == []
    problems = [
        str(p) for p in checks.check_snippet_on_every_cpu(reference, {AVX2: redrawn, READER_THREAD_COUNT: crashed})
    ]
    quotes_run = "differs from the quotes' run (this CPU's own kernels, 1 thread)"
    assert problems == [
        f"snippets/demo/drawing.py under avx2 (MKL_ENABLE_INSTRUCTIONS=AVX2 ATEN_CPU_CAPABILITY=avx2) {quotes_run}: "
        "it writes another tiny.png (first different byte at 5)",
        f"snippets/demo/drawing.py under 4 threads (OMP_NUM_THREADS=4 MKL_NUM_THREADS=4) {quotes_run}: "
        "exit status 1, not 0\nIllegal instruction",
        f"snippets/demo/drawing.py under 4 threads (OMP_NUM_THREADS=4 MKL_NUM_THREADS=4) {quotes_run}: "
        "only the quotes' run (this CPU's own kernels, 1 thread) writes tiny.png",
    ]


def test_the_command_line_and_pytest_report_the_same_problems(mini_site, tmp_path):
    """Both faces run the one catalogue: on a fixture with a wrong quote, an English prose number
    that nothing prints (so the Chinese page no longer says the same), a snippet no page shows and
    translations that record no version, `python -m doccheck check` and the pytest files of the
    content checks fail with the same problems (7), word for word."""
    edit(mini_site / "docs/zh/page.md", "1.5810\nsum", "1.5811\nsum")
    edit(mini_site / "docs/en/page.md", "The first value is 0.3374", "The first value is 0.3375")
    (mini_site / "snippets/demo/unused.py").write_text('print("never shown")\n', encoding="utf-8")
    command = [sys.executable, "-m", "doccheck", "--root", str(mini_site), "check", "--cold"]
    report = tmp_path / "report.xml"
    files = ["docs/test_docs.py", "docs/test_translations.py"]
    with ThreadPoolExecutor(max_workers=2) as both:  # the two front ends, side by side
        cli_run = both.submit(subprocess.run, command, capture_output=True, text=True)
        suite_run = both.submit(run_suite, mini_site, files, "--cold", f"--junitxml={report}")
        cli, suite = cli_run.result(), suite_run.result()
    assert cli.returncode == 1, cli.stdout + cli.stderr
    from_cli = set(cli.stdout.rsplit("\n\n", 1)[0].split("\n\n"))
    assert suite.returncode == 1, suite.stdout
    failures = [f.get("message", "") for f in ElementTree.parse(report).iter("failure")]
    from_pytest = {problem for message in failures for problem in message.removeprefix("Failed: ").split("\n\n")}
    assert len(from_cli) == 7, from_cli
    assert from_cli == from_pytest


def test_a_page_naming_a_file_that_moved_is_caught(mini_site):
    edit(
        mini_site / "docs/en/page.md",
        "The first value is 0.3374",
        "See `tests/test_gone.py`. The first value is 0.3374",
    )
    [problem] = all_problems(mini_site)
    assert problem == "[en] docs/en/page.md:15: names tests/test_gone.py, which does not exist"


# -- the course's shape (doccheck/course.py): a chapter page and a quiz that pass, then each broken

CHAPTER_PAGE = """---
description: "x"
---
# A chapter page { #a-chapter-page }

!!! abstract "At a glance"
    **You need:** the previous page.

    **You will be able to:**

    - compute a thing
    - check a thing

Prose.

## Exercises { #exercises }

**1. Predict.** What does it print?

<details class="success" markdown>
<summary>Answer</summary>

```python title="snippets/demo/exercise_one.py"
--8<-- "demo/exercise_one.py"
```

<!-- output: demo/exercise_one.py -->
```text title="Output"
1
```

</details>

**2. Implement.** Write it.

<details class="success" markdown>
<summary>Answer</summary>

```python title="snippets/demo/exercise_two.py"
--8<-- "demo/exercise_two.py"
```

<!-- output: demo/exercise_two.py -->
```text title="Output"
2
```

</details>

## Key takeaways { #key-takeaways }

- one
- two
- three
"""

QUIZ_QUESTION = """## {n}. Topic {{ #question-{n} }}

Which?

- **A.** a
- **B.** b
- **C.** c

<details class="question" markdown>
<summary>Answer</summary>

**B** is right: because.

- **A.** no.
- **C.** no.

</details>

"""
QUIZ_PAGE = "# Quiz { #quiz }\n\nIntro.\n\n" + "".join(QUIZ_QUESTION.format(n=n) for n in range(1, 6))


def course_problems(relative: str, text: str, english: str | None = None, language: str = "en") -> list[str]:
    from doccheck.course import check_course_elements
    from hooks.core.pages import Page

    page = Page(language=language, path=Path(f"docs/{language}/{relative}"), relative=relative)
    return [str(p) for p in check_course_elements(page, text, english)]


def test_a_chapter_page_and_a_quiz_with_the_course_shape_pass():
    assert course_problems("topic/page.md", CHAPTER_PAGE) == []
    assert course_problems("topic/quiz.md", QUIZ_PAGE) == []
    assert course_problems("topic/quiz.md", QUIZ_PAGE, english=QUIZ_PAGE, language="zh") == []


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('!!! abstract "At a glance"', '!!! note "At a glance"', "docs/en/topic/page.md:4: the first block under"),
        ("    - check a thing\n", "", "page.md:6: the at-a-glance box lists 1 outcomes"),
        ("    **You need:** the previous page.", "    You need the previous page.", "has 1 bold labels"),
        ("## Exercises { #exercises }", "## Exercises { #practice }", "needs a section { #exercises }"),
        ("**2. Implement.**", "**3. Implement.**", "numbered [1, 3]"),
        ('--8<-- "demo/exercise_two.py"', '--8<-- "demo/two.py"', "includes one snippets/<topic>/exercise_*.py"),
        ("<!-- output: demo/exercise_two.py -->\n", "", "quotes no output of demo/exercise_two.py"),
        ("- three\n", "", "2 key takeaways"),
        ("</details>\n\n## Key", "\n## Key", "page.md:36: this answer's <details> block is never closed"),
    ],
)
def test_a_chapter_page_without_the_course_shape_is_named(old, new, message):
    assert old in CHAPTER_PAGE
    problems = course_problems("topic/page.md", CHAPTER_PAGE.replace(old, new, 1))
    assert any(message in p for p in problems), problems
    assert all(p.startswith("[en] docs/en/topic/page.md:") for p in problems), problems


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("{ #question-5 }", "{ #question-6 }", "at least 5 sections"),
        ("- **C.** c\n", "", "options ['A', 'B']"),
        ("**B** is right", "**D** is right", "it names D"),
        ("- **C.** no.\n", "", "it must explain each wrong one, in order: ['A', 'C']"),
        ('<details class="question" markdown>', '<details class="success" markdown>', "0 answers"),
    ],
)
def test_a_quiz_question_without_its_shape_is_named(old, new, message):
    broken = QUIZ_PAGE.replace(old, new, 1) if "question-5" in old else QUIZ_PAGE.replace(old, new)
    problems = course_problems("topic/quiz.md", broken)
    assert any(message in p for p in problems), problems


def test_a_translated_quiz_with_another_right_option_is_named():
    right_b, right_a = "**B** is right: because.\n\n- **A.** no.", "**A** is right: because.\n\n- **B.** no."
    translated = QUIZ_PAGE.replace(right_b, right_a)
    problems = course_problems("topic/quiz.md", translated, english=QUIZ_PAGE, language="zh")
    assert len(problems) == 5 and "right option is A; the English page's is B" in problems[0], problems
    assert problems[0].startswith("[zh] docs/zh/topic/quiz.md:5:"), problems


def test_a_notation_box_listing_a_symbol_the_page_never_uses_is_named():
    box = '!!! note "Notation"\n    Symbols.\n\n    | Symbol | Meaning |\n    | --- | --- |\n'
    used = CHAPTER_PAGE.replace("Prose.", box + "    | $d$ | a size |\n\nProse with $d_h = d / H$.")
    assert course_problems("topic/page.md", used) == []
    unused = used.replace("    | $d$ | a size |\n", "    | $d$ | a size |\n    | $\\theta_i$ | a frequency |\n")
    problems = course_problems("topic/page.md", unused)
    lists = "the notation box lists \\theta_i, which no formula of this page uses"
    assert problems == [f"[en] docs/en/topic/page.md:20: {lists}"]


def test_a_quiz_answer_stating_a_number_no_snippet_prints_is_named():
    from doccheck.course import printed_numbers, unprinted_quiz_numbers
    from hooks.core.pages import Page

    page = Page(language="en", path=Path("docs/en/topic/quiz.md"), relative="topic/quiz.md")
    stated = QUIZ_PAGE.replace("**B** is right: because.", "**B** is right: 6 × 3 = 18, not 36 (`x[36]`, $36$).", 1)
    assert unprinted_quiz_numbers(page, stated, printed_numbers(["18 36\n", "6 3"])) == []
    problems = [str(p) for p in unprinted_quiz_numbers(page, stated, printed_numbers(["parameters: 18", "6 3"]))]
    assert problems == ["[en] docs/en/topic/quiz.md:16: the answer states 36, which no snippet of this chapter prints"]
