"""``python -m doccheck``: the verifier's command line, for authors and the pre-commit hooks.

    python -m doccheck check [PAGE...]      quotes, numbers, notebooks, parity, fidelity (runs snippets)
    python -m doccheck check --static       only what needs no snippet run: parity, fidelity, drift, imports
    python -m doccheck check --portability  also the same output under other CPU kernels and thread counts
    python -m doccheck update [PAGE...]     rewrite stale quoted outputs, notebook outputs and figures
    python -m doccheck drift [...]          which English version each translation translates
    python -m doccheck fidelity [PAGE...]   translations against their English pages, block by block

A PAGE is a file or folder under docs/ (any language: checking docs/zh/rope/idea.md checks that
page in every language). CI runs the same checks through pytest (README, "Set up").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hooks.core.pages import Page
from hooks.core.project import Project

from . import alignment, checks, drift, update
from .session import DocSession


def _find_root(start: Path) -> Path:
    for folder in (start, *start.parents):
        if (folder / "mkdocs.yml").is_file():
            return folder
    raise SystemExit(f"no mkdocs.yml in {start} or above it; run from the project or pass --root")


def _relatives(project: Project, arguments: list[str]) -> set[str] | None:
    """The page paths (inside a language folder) that the arguments name; None: every page."""
    if not arguments:
        return None
    chosen: set[str] = set()
    for argument in arguments:
        target = Path(argument).resolve()
        found = False
        for language in project.languages:
            folder = project.language_dir(language).resolve()
            if target == folder or folder in target.parents:
                inside = target.relative_to(folder).as_posix() if target != folder else ""
                chosen |= {
                    r
                    for r in project.page_files(language)
                    if r == inside or r.startswith(inside.rstrip("/") + "/") or not inside
                }
                found = True
        if not found:
            raise SystemExit(f"{argument} is no page or folder under {project.docs_dir}")
    return chosen


def _print(problems: list) -> int:
    for problem in problems:
        print(f"{problem}\n")
    print(f"{len(problems)} problem(s)" if problems else "no problems")
    return 1 if problems else 0


def static_problems(project: Project, relatives: set[str] | None) -> list:
    def wanted(relative: str) -> bool:
        return relatives is None or relative in relatives

    problems: list = [p for p in checks.check_parity(project) if p.location is None or wanted(_relative_of(project, p))]
    problems += [
        p for page in project.pages if wanted(page.relative) for p in checks.check_snippet_dependencies(project, page)
    ]
    for translation in drift.translations(project):
        if wanted(translation.relative):
            problems += alignment.check_translation(project, translation.path)
            state_problem = translation.state().problem()
            if state_problem:
                problems.append(state_problem)
    return problems


def _relative_of(project: Project, problem: checks.Problem) -> str:
    assert problem.location is not None
    parts = Path(problem.location.path).parts
    return "/".join(parts[2:]) if len(parts) > 2 else ""


def run_checks(
    project: Project, relatives: set[str] | None, cold: bool, portability: bool = False
) -> tuple[list, DocSession]:
    """Everything test_docs.py checks, for the chosen pages, from one run of their snippets; with
    ``portability``, also what test_portability.py checks for their snippets and notebooks."""
    session = DocSession(project, cold=cold)
    pages: list[Page] = [p for p in project.pages if relatives is None or p.relative in relatives]
    notebooks = [n for n in project.notebooks if relatives is None or n.relative in relatives]
    included = set(project.included_snippets())
    shown = list(dict.fromkeys(i.snippet for p in pages for i in p.includes if i.snippet in included))
    notebook_pages = list(dict.fromkeys(n.relative for n in notebooks))
    session.schedule(shown, notebook_pages)
    if portability:
        session.schedule_portability(shown, notebook_pages)
    problems: list = []
    for page in pages:
        runs = session.snippet_runs([i.snippet for i in page.includes if i.snippet in included])
        for quote in page.outputs:
            problem = checks.check_quote(project, quote, runs.get(quote.snippet))
            if problem:
                problems.append(problem)
                session.stale.quotes.append(quote)
        problems += checks.check_page_structure(project, page, runs)
        problems += checks.check_prose_numbers(page.numbers, [r.stdout for r in runs.values()])
    for notebook in notebooks:
        found = checks.check_notebook(project, notebook, session.executed_notebook(notebook.relative))
        if found:
            session.stale.notebooks.append(notebook)
        problems += found
    if relatives is None:
        problems += checks.check_unused_snippets(project)
        figures = checks.check_figures(project, session.snippet_runs())
    else:  # the figures of the chosen pages, from the runs of their snippets
        shown = [i.snippet for p in pages for i in p.includes if i.snippet in included]
        figures = checks.check_figures(project, session.snippet_runs(shown), pages)
    session.stale.figures = bool(figures)
    problems += figures
    if portability:
        problems += _portability_problems(session, shown, notebooks)
    return problems, session


def _portability_problems(session: DocSession, snippets: list[str], notebooks: list) -> list:
    availability = session.cpu_configurations
    print(f"portability: under {availability.summary()}", file=sys.stderr)
    if not availability.enough:
        return [checks.Problem(None, f"portability not checked: this machine runs only {availability.summary()}")]
    problems: list = []
    for snippet in snippets:
        problems += checks.check_snippet_on_every_cpu(
            session.snippet_run(snippet), session.snippet_runs_per_cpu(snippet)
        )
    for relative in dict.fromkeys(n.relative for n in notebooks):
        source = next(n for n in notebooks if n.relative == relative and n.language == session.project.source_language)
        problems += checks.check_notebook_on_every_cpu(
            source, session.executed_notebook(relative), session.executed_notebooks_per_cpu(relative)
        )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m doccheck", description="The verifier of the guide: outputs, numbers and translations."
    )
    parser.add_argument("--root", type=Path, default=None, help="the project (default: the folder holding mkdocs.yml)")
    commands = parser.add_subparsers(dest="command", required=True)

    check = commands.add_parser("check", help="check pages against what their snippets print, in every language")
    check.add_argument("pages", nargs="*", help="pages or folders under docs/ (default: all)")
    check.add_argument(
        "--static",
        action="store_true",
        help="only the checks that run no code: parity, fidelity, drift, snippet imports",
    )
    check.add_argument("--cold", action="store_true", help="a fresh interpreter per snippet")
    check.add_argument(
        "--portability",
        action="store_true",
        help="also run the snippets and notebooks under every CPU configuration this machine has "
        "(SSE4.2, AVX2, AVX-512 kernels, 4 threads) and compare them byte for byte",
    )

    rewrite = commands.add_parser("update", help="rewrite stale quoted outputs, notebook outputs and figures")
    rewrite.add_argument("pages", nargs="*", help="pages or folders under docs/ (default: all)")
    rewrite.add_argument("--cold", action="store_true", help="a fresh interpreter per snippet")

    drift_command = commands.add_parser("drift", help="which version of its English page each translation translates")
    drift.add_arguments(drift_command)

    fidelity = commands.add_parser("fidelity", help="compare translations with their English pages, block by block")
    fidelity.add_argument("pages", nargs="*", help="translated pages or folders (default: all)")

    args = parser.parse_args(argv)
    project = Project(args.root.resolve() if args.root else _find_root(Path.cwd()))

    if args.command == "drift":
        return drift.run(project, args)
    if args.command == "fidelity":
        relatives = _relatives(project, args.pages)
        # a page or folder of one translation checks that language only; an English one, all of them
        named = {Path(a).resolve() for a in args.pages}
        chosen = {
            t.language
            for t in drift.translations(project)
            for n in named
            if project.language_dir(t.language).resolve() in (n, *n.parents)
        }
        findings = [
            f
            for t in drift.translations(project)
            if (relatives is None or t.relative in relatives) and (not chosen or t.language in chosen)
            for f in alignment.check_translation(project, t.path)
        ]
        return _print(findings)
    relatives = _relatives(project, args.pages)
    if args.command == "check" and args.static:
        return _print(static_problems(project, relatives))
    portability = args.command == "check" and args.portability
    problems, session = run_checks(project, relatives, cold=args.cold, portability=portability)
    try:
        if args.command == "update":
            runs = session.completed_runs()
            changed = update.update_pages(project, runs, session.stale.quotes)
            if session.stale.figures:
                changed += update.update_figures(project, runs)
            changed += [
                n.path
                for n in session.stale.notebooks
                if update.update_notebook(n, session.executed_notebook(n.relative))
            ]
            print(f"rewrote {len(changed)} file(s)" + "".join(f"\n  {path}" for path in changed))
            return 0
        if args.command == "check":
            problems += static_problems(project, relatives)
        return _print(problems)
    finally:
        session.close()


if __name__ == "__main__":
    sys.exit(main())
