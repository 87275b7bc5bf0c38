"""Translation drift: each translated page records which version of its English page it translates.

A translation records the English page's *fingerprint*, the first 12 hex digits of a SHA-256:

* ``.md``: front matter ``translation_of: "<fingerprint>"``;
* ``.ipynb``: notebook metadata ``"translation_of": "<fingerprint>"``.

When the English page changes, its fingerprint changes and the translation is *stale* until a
translator either brings it up to date and records the new fingerprint (``--update``), or marks
it as lagging (``translation_outdated: true``, or the notebook metadata key of that name), in
which case the built page shows readers a notice linking to the English page
(hooks/reader_pages.py).

What the fingerprint covers: what a translator translates, nothing the update command rewrites.

* ``.md``: the file's bytes (line endings normalised to ``\\n``) without the content lines of
  the quoted output blocks (the block after each ``<!-- output: ... -->`` marker; the marker and
  the fences stay). The update command rewrites those lines in every language at once, so a
  refreshed output must not mark every translation as outdated; changed prose, code titles,
  includes, markers or figures do.
* ``.ipynb``: the type and source of every cell, and the metadata key ``description`` (the
  page's meta description, as a Markdown page has it in its front matter). Stored outputs,
  execution counts, cell ids and other metadata are not translated, and the update command
  rewrites outputs in every language.

Command line (from the repository root)::

    python -m doccheck drift                        # the state of every translation
    python -m doccheck drift --update PATH...       # record the current fingerprints
    python -m doccheck drift --mark-outdated PATH...

PATH is a translated page or a folder of them (``docs/zh`` means every Chinese page).
``--update`` also removes ``translation_outdated``.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import nbformat

from .pages import Location, parse_page
from .project import Project

FINGERPRINT_LENGTH = 12
FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(?P<body>.*?)(?:\r?\n)?^(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S | re.M)
RECORD_LINE = re.compile(r"^translation_of:[ \t]*[\"']?(?P<value>[0-9a-fA-F]*)[\"']?[ \t]*$", re.M)
OUTDATED_LINE = re.compile(r"^translation_outdated:[ \t]*(?P<value>\S+)[ \t]*$", re.M)
TRUE_WORDS = {"true", "yes", "on"}
COMMAND = "python -m doccheck drift"


@dataclass(frozen=True)
class Record:
    translation_of: str | None
    outdated: bool


@dataclass(frozen=True)
class Translation:
    language: str
    relative: str  # inside the language folder, the same as the English page's
    path: Path  # absolute
    english: Path  # absolute
    root: Path

    @property
    def shown(self) -> Path:
        return self.path.relative_to(self.root)

    @property
    def english_shown(self) -> Path:
        return self.english.relative_to(self.root)

    def state(self) -> State:
        return State(self, read_record(self.path), fingerprint(self.english, self.root))


@dataclass(frozen=True)
class State:
    translation: Translation
    record: Record
    current: str

    @property
    def ok(self) -> bool:
        return self.record.outdated or self.record.translation_of == self.current

    @property
    def label(self) -> str:
        if self.record.outdated:
            return "marked outdated"
        if self.record.translation_of is None:
            return "no translation_of recorded"
        if self.record.translation_of != self.current:
            return f"stale (translates {self.record.translation_of}, English is now {self.current})"
        return "up to date"

    def problem(self) -> str | None:
        if self.ok:
            return None
        t = self.translation
        where = Location(t.language, t.shown, 1)
        fix = (
            f"once the translation matches {t.english_shown}, record it with "
            f"`{COMMAND} --update {t.shown}`; or, to publish it as lagging behind, mark it with "
            f"`{COMMAND} --mark-outdated {t.shown}` (readers then see a notice linking to the English page)"
        )
        if self.record.translation_of is None:
            return f"{where}: records no translation_of, so nothing tells when {t.english_shown} changes; {fix}"
        return (
            f"{where}: {t.english_shown} has changed since this translation was made "
            f"(it translates version {self.record.translation_of}, the English page is now {self.current}; "
            f"`{COMMAND} --diff {t.shown}` shows what changed); {fix}"
        )


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:FINGERPRINT_LENGTH]


def translatable_text(path: Path, text: str | None = None) -> str:
    """What a translator translates of a page (its text now, or ``text``, a former version)."""
    if text is None:
        text = path.read_bytes().decode("utf-8")
    if path.suffix == ".ipynb":
        notebook = nbformat.reads(text, as_version=4)
        cells = [[cell.cell_type, cell.source] for cell in notebook.cells]
        if "description" in notebook.metadata:  # the page's meta description, translated like its front matter
            cells.append(["description", notebook.metadata["description"]])
        return json.dumps(cells, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("\r\n", "\n")
    page = parse_page(path, "en", path.name, path.parent, source=text)
    lines = text.splitlines(keepends=True)
    for quote in sorted(page.outputs, key=lambda q: q.first_line, reverse=True):
        del lines[quote.first_line : quote.end_line]
    return "".join(lines)


def fingerprint(path: Path, root: Path | None = None, text: str | None = None) -> str:
    """The English page's fingerprint: its translatable content, outputs left out."""
    return _digest(translatable_text(path, text).encode("utf-8"))


def english_changes(translation: Translation) -> str:
    """The English page's changes since the version the translation records, as a unified diff
    of its translatable text, found by fingerprinting the page's versions in git history."""
    record = read_record(translation.path)
    if record.translation_of is None:
        raise LookupError(f"{translation.shown} records no translation_of, so there is no version to compare with")
    current = translatable_text(translation.english)
    if record.translation_of == fingerprint(translation.english):
        return ""
    relative = translation.english.relative_to(translation.root).as_posix()

    def diff(old_text: str, label: str) -> str:
        old = translatable_text(translation.english, old_text)
        lines = difflib.unified_diff(
            old.splitlines(keepends=True),
            current.splitlines(keepends=True),
            f"{relative} @ {label}",
            f"{relative} (now)",
        )
        return "".join(lines)

    for commit in _git(translation.root, "log", "--format=%H", "--", relative).split():
        old_text = _git(translation.root, "show", f"{commit}:{relative}")
        if old_text and fingerprint(translation.english, text=old_text) == record.translation_of:
            return diff(old_text, f"{commit[:12]} (translated)")
    # The recorded version was never committed as such (the English page changed again before the
    # commit that recorded it): show more rather than less, the changes since the English page as it
    # was before that commit.
    translated = translation.path.relative_to(translation.root).as_posix()
    recorded_in = _git(translation.root, "log", "--format=%H", "-S", record.translation_of, "--", translated).split()
    if recorded_in:
        commit = recorded_in[-1]
        old_text = _git(translation.root, "show", f"{commit}^:{relative}")
        if old_text:
            note = (
                f"# version {record.translation_of} was never committed; showing the changes since the English "
                f"page before commit {commit[:12]}, which recorded it (some may be translated already)\n"
            )
            return note + diff(old_text, f"{commit[:12]}^ (before the record)")
    raise LookupError(
        f"no committed version of {relative} has the fingerprint {record.translation_of} "
        f"that {translation.shown} records, and the record itself was never committed"
    )


def _git(root: Path, *arguments: str) -> str:
    done = subprocess.run(["git", *arguments], cwd=root, capture_output=True, check=False)
    return done.stdout.decode("utf-8") if done.returncode == 0 else ""


def read_record(path: Path) -> Record:
    if path.suffix == ".ipynb":
        metadata = nbformat.read(path, as_version=4).metadata
        recorded = metadata.get("translation_of")
        return Record(str(recorded) if recorded else None, _truthy(metadata.get("translation_outdated")))
    front = FRONT_MATTER.match(path.read_text(encoding="utf-8"))
    if not front:
        return Record(None, False)
    record = RECORD_LINE.search(front["body"])
    outdated = OUTDATED_LINE.search(front["body"])
    return Record(
        record["value"].lower() if record and record["value"] else None,
        bool(outdated and _truthy(outdated["value"])),
    )


def _truthy(value) -> bool:
    return value is True or str(value).strip().strip("\"'").lower() in TRUE_WORDS


def write_record(path: Path, translation_of: str | None, outdated: bool) -> None:
    """Set (or keep) translation_of and set or remove translation_outdated; nothing else changes."""
    if path.suffix == ".ipynb":
        notebook = nbformat.read(path, as_version=4)
        if translation_of is not None:
            notebook.metadata["translation_of"] = translation_of
        if outdated:
            notebook.metadata["translation_outdated"] = True
        else:
            notebook.metadata.pop("translation_outdated", None)
        nbformat.write(notebook, path)
        return
    raw = path.read_bytes().decode("utf-8")
    newline = "\r\n" if "\r\n" in raw else "\n"
    text = raw.replace("\r\n", "\n")
    front = FRONT_MATTER.match(text)
    body_lines = front["body"].split("\n") if front and front["body"] else []
    rest = text[front.end() :] if front else text
    kept = [line for line in body_lines if not RECORD_LINE.match(line) and not OUTDATED_LINE.match(line)]
    recorded = read_record(path).translation_of if translation_of is None else translation_of
    if recorded:
        kept.append(f'translation_of: "{recorded}"')
    if outdated:
        kept.append("translation_outdated: true")
    text = ("---\n" + "\n".join(kept) + "\n---\n" + rest) if kept else rest
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))


def translations(project: Project) -> list[Translation]:
    """Every translated page that has an English original (the parity test reports the others)."""
    source = project.page_files(project.source_language)
    found = []
    for language in project.languages[1:]:
        for relative, path in project.page_files(language).items():
            if relative in source:
                found.append(
                    Translation(language, relative, path.resolve(), source[relative].resolve(), project.root.resolve())
                )
    return found


def check_drift(project: Project) -> list[str]:
    return [p for p in (t.state().problem() for t in translations(project)) if p]


def _select(project: Project, arguments: list[str]) -> list[Translation]:
    every = {t.path: t for t in translations(project)}
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


def add_arguments(parser: argparse.ArgumentParser) -> None:
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


def run(project: Project, args: argparse.Namespace) -> int:
    if (args.update or args.mark_outdated or args.diff) and not args.paths:
        raise SystemExit("name the translated pages or folders")
    if args.diff:
        for translation in _select(project, args.paths):
            try:
                changes = english_changes(translation)
            except LookupError as error:
                print(f"{translation.shown}: {error}")
                continue
            print(changes if changes else f"{translation.shown}: the English page has not changed since")
        return 0
    if args.update:
        from .alignment import check_translation  # the fidelity check, which --update must not bypass

        chosen = _select(project, args.paths)
        refused = {t.path: check_translation(project, t.path) for t in chosen}
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
        for translation in _select(project, args.paths):
            write_record(translation.path, None, outdated=True)
            print(f"{translation.shown}: translation_outdated")
        return 0
    states = [t.state() for t in (_select(project, args.paths) if args.paths else translations(project))]
    for state in states:
        print(f"[{state.translation.language}] {state.translation.shown}: {state.label}")
    return 0 if all(s.ok for s in states) else 1
