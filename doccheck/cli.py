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

from hooks.core.project import Project
from hooks.core.translations import write_record

from . import alignment, drift, update
from .catalogue import EVERYTHING, Check, Selection, Verdict, chosen_checks, run_all
from .drift import Translation
from .problem import Problem
from .session import DocSession


def _find_root(start: Path) -> Path:
    for folder in (start, *start.parents):
        if (folder / "mkdocs.yml").is_file():
            return folder
    raise SystemExit(f"no mkdocs.yml in {start} or above it; run from the project or pass --root")


def _selection(project: Project, arguments: list[str]) -> Selection:
    """The pages (paths inside a language folder, so every language) that the arguments name."""
    if not arguments:
        return EVERYTHING
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
    return Selection(frozenset(chosen))


def _print(problems: list) -> int:
    for problem in problems:
        print(f"{problem}\n")
    print(f"{len(problems)} problem(s)" if problems else "no problems")
    return 1 if problems else 0


def problems_of(results: list[tuple[Check, str, Verdict]]) -> tuple[list[Problem], list[str]]:
    """What fails, and why some checks were excused (each reason once). A check the command was
    asked for but this machine cannot run (portability on too few CPU configurations) fails."""
    problems: list[Problem] = []
    excuses: list[str] = []
    for check, _, verdict in results:
        if verdict.excused is None:
            problems += verdict.problems
        elif check.portability:
            problems.append(Problem(None, verdict.excused))
        else:
            excuses.append(verdict.excused)
    return list(dict.fromkeys(problems)), list(dict.fromkeys(excuses))


def check(
    project: Project,
    selection: Selection = EVERYTHING,
    cold: bool = False,
    static: bool = False,
    portability: bool = False,
    updating: bool = False,
) -> tuple[list[Problem], list[str], DocSession]:
    """The checks of the catalogue that the options choose, on the chosen pages: what fails, what
    was excused, and the session (its runs, and what an update would rewrite). The caller closes
    the session."""
    session = DocSession(project, cold=cold)
    if portability:
        print(f"portability: under {session.cpu_configurations.summary()}", file=sys.stderr)
    results = run_all(session, chosen_checks(static, portability), selection, updating)
    problems, excuses = problems_of(results)
    if session.tally.pinned_threads_note:
        print(session.tally.pinned_threads_note, file=sys.stderr)
    return problems, excuses, session


# -- drift ------------------------------------------------------------------------------------


def _translations_named(project: Project, arguments: list[str]) -> list[Translation]:
    every = {t.path: t for t in drift.translations(project)}
    chosen: dict[Path, Translation] = {}
    for argument in arguments:
        target = Path(argument).resolve()
        if not Path(argument).is_absolute() and project.root.resolve() not in target.parents:
            target = (project.root / argument).resolve()  # relative to the project, run from anywhere
        matches = [t for p, t in every.items() if p == target or target in p.parents]
        if not matches:
            english = project.language_dir(project.source_language).resolve()
            reason = (
                "is an English page: name its translations (docs/<language>/...)"
                if target == english or english in target.parents
                else "is no translated page or folder of them"
            )
            raise SystemExit(f"{argument} {reason}")
        for translation in matches:
            chosen[translation.path] = translation
    return list(chosen.values())


def _drift_arguments(parser: argparse.ArgumentParser) -> None:
    action = parser.add_mutually_exclusive_group()
    action.add_argument(
        "--update",
        action="store_true",
        help="record the English page's current fingerprint (the translation is up to date) "
        "and remove translation_outdated; refused while the fidelity check fails",
    )
    action.add_argument(
        "--mark-outdated",
        action="store_true",
        help="mark the translation as lagging: the site shows a notice linking to the English page",
    )
    action.add_argument(
        "--diff",
        action="store_true",
        help="show what changed in the English page since the version the translation records",
    )
    parser.add_argument("paths", nargs="*", help="translated pages, or folders of them (docs/zh)")


def _drift(project: Project, args: argparse.Namespace) -> int:
    if (args.update or args.mark_outdated or args.diff) and not args.paths:
        raise SystemExit("name the translated pages or folders")
    if args.diff:
        for translation in _translations_named(project, args.paths):
            try:
                changes = drift.english_changes(translation)
            except LookupError as error:
                print(f"{translation.shown}: {error}")
                continue
            print(changes if changes else f"{translation.shown}: the English page has not changed since")
        return 0
    if args.update:
        chosen = _translations_named(project, args.paths)
        # the fidelity check, which --update must not bypass
        refused = {t.path: alignment.check_translation(project, t.path) for t in chosen}
        for translation in chosen:
            problems = refused[translation.path]
            if problems:
                print(f"{translation.shown}: not recorded, the translation does not match the English page:")
                print("\n".join(f"  {p}" for p in problems))
                continue
            state = translation.state()
            write_record(translation.path, state.current, outdated=False)
            print(f"{translation.shown}: translation_of {state.current}")
        return 1 if any(refused.values()) else 0
    if args.mark_outdated:
        for translation in _translations_named(project, args.paths):
            write_record(translation.path, None, outdated=True)
            print(f"{translation.shown}: translation_outdated")
        return 0
    chosen = _translations_named(project, args.paths) if args.paths else drift.translations(project)
    states = [t.state() for t in chosen]
    for state in states:
        print(f"[{state.translation.language}] {state.translation.shown}: {state.label}")
    return 0 if all(s.ok for s in states) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m doccheck", description="The verifier of the guide: outputs, numbers and translations."
    )
    parser.add_argument("--root", type=Path, default=None, help="the project (default: the folder holding mkdocs.yml)")
    commands = parser.add_subparsers(dest="command", required=True)

    check_command = commands.add_parser(
        "check", help="check pages against what their snippets print, in every language"
    )
    check_command.add_argument("pages", nargs="*", help="pages or folders under docs/ (default: all)")
    check_command.add_argument(
        "--static",
        action="store_true",
        help="only the checks that run no code: parity, fidelity, drift, snippet imports",
    )
    check_command.add_argument("--cold", action="store_true", help="a fresh interpreter per snippet")
    check_command.add_argument(
        "--portability",
        action="store_true",
        help="also run the snippets and notebooks under every CPU configuration this machine has "
        "(SSE4.2, AVX2, AVX-512 kernels, 4 threads) and compare them byte for byte",
    )

    rewrite = commands.add_parser("update", help="rewrite stale quoted outputs, notebook outputs and figures")
    rewrite.add_argument("pages", nargs="*", help="pages or folders under docs/ (default: all)")
    rewrite.add_argument("--cold", action="store_true", help="a fresh interpreter per snippet")

    drift_command = commands.add_parser("drift", help="which version of its English page each translation translates")
    _drift_arguments(drift_command)

    fidelity = commands.add_parser("fidelity", help="compare translations with their English pages, block by block")
    fidelity.add_argument("pages", nargs="*", help="translated pages or folders (default: all)")

    args = parser.parse_args(argv)
    project = Project(args.root.resolve() if args.root else _find_root(Path.cwd()))

    if args.command == "drift":
        return _drift(project, args)
    if args.command == "fidelity":
        relatives = _selection(project, args.pages).relatives
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
    selection = _selection(project, args.pages)
    updating = args.command == "update"
    static = args.command == "check" and args.static
    portability = args.command == "check" and args.portability
    problems, excuses, session = check(project, selection, args.cold, static, portability, updating)
    try:
        if updating:
            changed = update.apply(session)
            print(f"rewrote {len(changed)} file(s)" + "".join(f"\n  {path}" for path in changed))
            return 0
        for excuse in excuses:
            print(f"skipped: {excuse}", file=sys.stderr)
        return _print(problems)
    finally:
        session.close()


if __name__ == "__main__":
    sys.exit(main())
