"""Every check the verifier makes, as plain functions that return the problems they find.

The pytest files only decide how the checks are grouped into tests; the fixture tests call
these functions directly to prove that each check fails when it should.
"""

from __future__ import annotations

import difflib
import importlib.metadata
import posixpath
import re

from nbformat import NotebookNode

from hooks.core import figure_text
from hooks.core.figure_text import FigureLabels
from hooks.core.markdown import tokens as parsed
from hooks.core.pages import Location, NotQuoted, Page, QuotedOutput
from hooks.core.project import Project
from hooks.core.snippets import dependencies, sibling_imports

from . import compare
from .cpu import CpuConfiguration, fingerprint
from .notebooks import Notebook, comparable
from .problem import Problem
from .runner import SnippetRun


def environment_warning(project: Project) -> str | None:
    """Outputs are only expected to match with the pinned torch: say so before anything else."""
    try:  # its metadata: importing torch would cost every test run a second or two
        version = importlib.metadata.version("torch")
    except importlib.metadata.PackageNotFoundError:
        return "ENVIRONMENT: torch is not installed; install requirements.txt first."
    installed = version.split("+")[0]
    if project.pinned_torch and installed != project.pinned_torch:
        return (
            f"ENVIRONMENT: torch {version} is installed but requirements.txt pins "
            f"torch=={project.pinned_torch}; printed numbers are expected to differ. "
            "Fix the environment before editing any page."
        )
    return None


def _with_environment(project: Project, message: str) -> str:
    """An output failure, with what the snippets ran with: the machine may be at fault, not the page.
    A torch other than the pinned one is said first; the kernels and threads come last."""
    warning = environment_warning(project)
    return "\n".join([*([warning] if warning else []), message, fingerprint()])


def check_quote(project: Project, quote: QuotedOutput, run: SnippetRun | None) -> Problem | None:
    if run is None:
        return Problem(
            quote.location, f"quotes the output of snippets/{quote.snippet}, which this page does not include"
        )
    if run.failed:
        return Problem(quote.location, run.failure_report())
    if compare.matches(quote.text, run.stdout):
        return None
    difference = compare.diff(
        quote.text, run.stdout, f"quoted in {quote.location}", f"printed by snippets/{quote.snippet}"
    )
    message = f"quoted output of snippets/{quote.snippet} differs from what it prints:\n{difference}"
    return Problem(quote.location, _with_environment(project, message))


def check_page_structure(project: Project, page: Page, runs: dict[str, SnippetRun]) -> list[Problem]:
    """The page parses, its snippets exist and run, and every printing snippet is quoted."""
    problems = [Problem(e.location, e.message) for e in page.errors]
    included = {i.snippet for i in page.includes}
    for include in page.includes:
        if not (project.snippets_dir / include.snippet).is_file():
            problems.append(Problem(include.location, f"includes snippets/{include.snippet}, which does not exist"))
            continue
        run = runs.get(include.snippet)
        if run is not None and run.failed:
            problems.append(Problem(include.location, run.failure_report()))
    quoted = {o.snippet for o in page.outputs} | {n.snippet for n in page.not_quoted}
    for include in page.includes:
        run = runs.get(include.snippet)
        if run and not run.failed and run.stdout.strip() and include.snippet not in quoted:
            problems.append(
                Problem(
                    include.location,
                    f"snippets/{include.snippet} prints output that this page never quotes "
                    f"(add <!-- output: {include.snippet} --> before a fenced block, or "
                    f"<!-- not-quoted: {include.snippet} -->)",
                )
            )
    markers: list[QuotedOutput | NotQuoted] = [*page.outputs, *page.not_quoted]
    for marker in markers:
        if marker.snippet not in included:
            problems.append(
                Problem(marker.location, f"refers to snippets/{marker.snippet}, which this page does not include")
            )
    return problems


def _printed_numbers(texts: list[str]) -> set[str]:
    return {m.group(0) for text in texts for m in re.finditer(r"\d+\.\d+", text)}


def check_prose_numbers(page_numbers, outputs: list[str]) -> list[Problem]:
    """Each decimal the prose quotes must be printed, digit for digit, by the page's code."""
    printed = _printed_numbers(outputs)
    return [
        Problem(n.location, f"the prose quotes {n.text}, which no snippet output on this page prints")
        for n in page_numbers
        if n.normalized() not in printed
    ]


def check_unused_snippets(project: Project) -> list[Problem]:
    used = set(project.included_snippets())
    return [
        Problem(None, f"snippets/{s} is not included by any page (readers never see it, so nothing checks it)")
        for s in project.snippet_files()
        if s not in used
    ]


def check_parity(project: Project) -> list[Problem]:
    """Every page exists in every language and includes the same things in the same order."""
    problems = []
    source = project.source_language
    pages = {(p.language, p.relative): p for p in project.pages}
    notebooks = {(n.language, n.relative): n for n in project.notebooks}
    files: dict[tuple[str, str], Page | Notebook] = {**pages, **notebooks}
    source_files = {relative: f.path for (language, relative), f in files.items() if language == source}
    for language in project.languages[1:]:
        translated = {relative: f.path for (lang, relative), f in files.items() if lang == language}
        for relative in source_files:
            if relative not in translated:
                where = Location(language, project.language_dir(language).relative_to(project.root) / relative, 1)
                problems.append(Problem(where, f"missing translation of {source_files[relative]}"))
        for relative in translated:
            if relative not in source_files:
                problems.append(Problem(Location(language, translated[relative], 1), f"page has no {source} original"))
        for relative in sorted(source_files.keys() & translated.keys()):
            if relative.endswith(".md"):
                problems += _sequence_problems(pages[(source, relative)], pages[(language, relative)])
            else:
                problems += _notebook_code_problems(notebooks[(source, relative)], notebooks[(language, relative)])
    return problems


def _sequence_problems(original: Page, translation: Page) -> list[Problem]:
    """Every difference between the two pages' sequences of includes, outputs and figures."""
    expected, found = original.sequence(), translation.sequence()
    problems = []

    def here(item: tuple[str, str] | None) -> Location:
        line = translation.line_of(*item) if item else 1
        return Location(translation.language, translation.path, line)

    def there(item: tuple[str, str]) -> str:
        return f"{original.path}:{original.line_of(*item)}"

    matcher = difflib.SequenceMatcher(a=expected, b=found, autojunk=False)
    for operation, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        wanted, have = expected[a_start:a_end], found[b_start:b_end]
        if operation == "replace":
            for want, got in zip(wanted, have):
                problems.append(
                    Problem(here(got), f"expected {want[0]} {want[1]} (as in {there(want)}), found {got[0]} {got[1]}")
                )
            wanted, have = wanted[len(have) :], have[len(wanted) :]
        if operation in ("replace", "delete"):
            before = found[b_start - 1] if b_start else None
            problems += [Problem(here(before), f"missing {want[0]} {want[1]} (as in {there(want)})") for want in wanted]
        if operation in ("replace", "insert"):
            problems += [
                Problem(here(got), f"extra {got[0]} {got[1]}, which {original.path} does not have") for got in have
            ]
    return problems


def _notebook_code_problems(original: Notebook, translation: Notebook) -> list[Problem]:
    if original.code == translation.code:
        return []
    for (cell_number, cell), want in zip(translation.code_cells, original.code + [None] * len(translation.code)):
        if cell.source != want:
            return [
                Problem(
                    Location(translation.language, translation.path, cell_number, "cell"),
                    f"code differs from {original.path}; code cells must be identical in every language",
                )
            ]
    return [
        Problem(
            Location(translation.language, translation.path, 1, "cell"),
            f"has {len(translation.code)} code cells, {original.path} has {len(original.code)}",
        )
    ]


def check_snippet_dependencies(project: Project, page: Page) -> list[Problem]:
    """A page showing a snippet that imports a sibling also shows the sibling, or links to a page
    that does: otherwise the reader sees code that uses functions defined nowhere they can find."""
    graph = sibling_imports(project.snippets_dir)
    shown_here = {i.snippet for i in page.includes}
    linked = {_linked_page(page, link.href) for link in page.links}
    shown_by_linked = {
        i.snippet for p in project.pages if p.language == page.language and p.relative in linked for i in p.includes
    }
    problems = []
    for include in page.includes:
        for needed in dependencies(graph, include.snippet):
            if needed not in shown_here and needed not in shown_by_linked:
                showing = sorted(
                    p.relative
                    for p in project.pages
                    if p.language == page.language and needed in {i.snippet for i in p.includes}
                )
                hint = f"link to {showing[0]}" if showing else "include it on some page"
                problems.append(
                    Problem(
                        include.location,
                        f"snippets/{include.snippet} imports snippets/{needed}, "
                        f"which this page neither includes nor links to ({hint})",
                    )
                )
    return problems


def _linked_page(page: Page, href: str) -> str | None:
    """The page (relative to the language folder) that a relative link of ``page`` opens."""
    target = href.split("#", 1)[0]
    if not target or "://" in target or target.startswith(("/", "mailto:")):
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(page.relative), target))


def check_figure_texts(project: Project) -> list[Problem]:
    """Every word in every figure has its translation in each language's figure-labels.yml, with
    the figure's numbers, and no table holds a text that no figure shows."""
    try:
        labels = FigureLabels.read(project.docs_dir, project.languages)
    except ValueError as error:
        return [Problem(None, str(error))]
    return [
        Problem(Location(found.language, found.path.relative_to(project.root), found.line), found.message)
        for found in labels.problems(figure_text.figures(project))
    ]


def check_figures(project: Project, runs: dict[str, SnippetRun], pages: list[Page] | None = None) -> list[Problem]:
    """Committed figures are exactly what these runs write, and every figure of the pages (default:
    all; their snippets must be among the runs) exists and is written by a snippet."""
    problems = []
    produced: dict[str, str] = {}
    for snippet, run in runs.items():
        for name, content in run.files.items():
            produced[name] = snippet
            committed = project.figures_dir / name
            shown = committed.relative_to(project.root)
            if not committed.exists():
                problems.append(
                    Problem(
                        None, f"snippets/{snippet} writes {name}, but {shown} is not committed (run the update command)"
                    )
                )
            elif committed.read_bytes() != content:
                problems.append(
                    Problem(None, f"{shown} differs from what snippets/{snippet} writes (run the update command)")
                )
    for page in project.pages if pages is None else pages:
        for figure in page.figures:
            if figure.name not in produced and not (project.figures_dir / figure.name).exists():
                problems.append(Problem(figure.location, f"figure {figure.src} does not exist"))
            elif figure.name not in produced:
                problems.append(
                    Problem(figure.location, f"figure {figure.name} is written by no snippet, so nothing keeps it true")
                )
    return problems


def check_notebook(project: Project, notebook: Notebook, executed) -> list[Problem]:
    problems = []
    fresh = [c for c in executed.cells if c.cell_type == "code"]
    for (cell_number, stored), new in zip(notebook.code_cells, fresh):
        want, have = comparable(stored), comparable(new)
        if want != have:
            location = Location(notebook.language, notebook.path, cell_number, "cell")
            difference = compare.diff(want, have, f"stored in {location}", "printed by a fresh run")
            problems.append(
                Problem(location, _with_environment(project, f"stored output differs from a fresh run:\n{difference}"))
            )
    outputs = [comparable(c) for c in fresh]
    problems += check_prose_numbers(notebook.prose_numbers, outputs)
    return problems


# -- the same output on every CPU -------------------------------------------------------------

QUOTES_RUN = "the quotes' run (this CPU's own kernels, 1 thread)"


def _first_difference(expected: str, got: str) -> str:
    """The first line that differs, numbered, as each run printed it."""
    want, have = expected.splitlines(), got.splitlines()
    for number, (a, b) in enumerate(zip(want, have), start=1):
        if a != b:
            return f"line {number}:\n    {QUOTES_RUN}: {a!r}\n    this configuration: {b!r}"
    number = min(len(want), len(have)) + 1
    longer, which = (want, QUOTES_RUN) if len(want) > len(have) else (have, "this configuration")
    return f"line {number}: only {which} prints it: {longer[number - 1]!r}"


def _first_different_byte(a: bytes, b: bytes) -> int:
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


def check_snippet_on_every_cpu(reference: SnippetRun, runs: dict[CpuConfiguration, SnippetRun]) -> list[Problem]:
    """Each configuration's run prints, exits and writes byte for byte what the quotes' run did."""
    problems = []
    name = f"snippets/{reference.snippet}"
    for configuration, run in runs.items():
        under = f"{name} under {configuration.describe()} differs from {QUOTES_RUN}"
        if run.returncode != reference.returncode:
            problems.append(
                Problem(
                    None, f"{under}: exit status {run.returncode}, not {reference.returncode}\n{run.stderr.rstrip()}"
                )
            )
        elif run.stdout != reference.stdout:
            problems.append(Problem(None, f"{under}, first at {_first_difference(reference.stdout, run.stdout)}"))
        for file in sorted(set(reference.files) | set(run.files)):
            if file not in run.files or file not in reference.files:
                which = QUOTES_RUN if file in reference.files else "this configuration"
                problems.append(Problem(None, f"{under}: only {which} writes {file}"))
            elif run.files[file] != reference.files[file]:
                offset = _first_different_byte(reference.files[file], run.files[file])
                problems.append(Problem(None, f"{under}: it writes another {file} (first different byte at {offset})"))
    return problems


def check_notebook_on_every_cpu(
    notebook: Notebook, reference: NotebookNode, runs: dict[CpuConfiguration, NotebookNode]
) -> list[Problem]:
    """Each configuration's run of the notebook gives every cell the outputs of the quotes' run
    (images compared by content)."""
    problems = []
    want = [comparable(c) for c in reference.cells if c.cell_type == "code"]
    for configuration, executed in runs.items():
        have = [comparable(c) for c in executed.cells if c.cell_type == "code"]
        for (cell_number, _), a, b in zip(notebook.code_cells, want, have, strict=True):
            if a != b:
                location = Location(notebook.language, notebook.path, cell_number, "cell")
                problems.append(
                    Problem(
                        location,
                        f"run under {configuration.describe()} differs from {QUOTES_RUN}, "
                        f"first at {_first_difference(a, b)}",
                    )
                )
                break
    return problems


# -- files of the repository a page names --------------------------------------------------------

REPOSITORY_FILE = re.compile(r"^(?:tests|snippets|hooks|doccheck)/[\w./-]+\.(?:py|yml|txt)$")


def check_named_files(project: Project, page: Page) -> list[Problem]:
    """A code span that names a file of the repository (``tests/docs/test_rope_reference.py``)
    names one that exists: a page must not send the reader to a file that moved."""
    text = (project.root / page.path).read_text(encoding="utf-8")
    problems = []
    for token in parsed(text):
        for child in token.children or []:
            if child.type == "code_inline" and REPOSITORY_FILE.match(child.content):
                if not (project.root / child.content).is_file():
                    before = token.content[: max(token.content.find(child.content), 0)]
                    line = (token.map[0] + 1 + before.count("\n")) if token.map else 1
                    where = Location(page.language, page.path, line)
                    problems.append(Problem(where, f"names {child.content}, which does not exist"))
    return problems
