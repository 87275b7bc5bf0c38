"""Translation drift: which translations are stale, what changed in their English page since
(found in git history). The record format and the fingerprint are hooks.core.translations; the
command line (``python -m doccheck drift``) is doccheck.cli.

Command line (from the repository root)::

    python -m doccheck drift                        # the state of every translation
    python -m doccheck drift --update PATH...       # record the current fingerprints
    python -m doccheck drift --mark-outdated PATH...

PATH is a translated page or a folder of them (``docs/zh`` means every Chinese page).
``--update`` also removes ``translation_outdated``.
"""

from __future__ import annotations

import difflib
import subprocess
from dataclasses import dataclass
from pathlib import Path

from hooks.core.pages import Location
from hooks.core.project import Project
from hooks.core.translations import Record, fingerprint, read_record, translatable_text

from .problem import Problem

COMMAND = "python -m doccheck drift"


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
        return State(self, read_record(self.path), fingerprint(self.english))


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

    def problem(self) -> Problem | None:
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
            return Problem(where, f"records no translation_of, so nothing tells when {t.english_shown} changes; {fix}")
        return Problem(
            where,
            f"{t.english_shown} has changed since this translation was made "
            f"(it translates version {self.record.translation_of}, the English page is now {self.current}; "
            f"`{COMMAND} --diff {t.shown}` shows what changed); {fix}",
        )


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


def check_drift(project: Project) -> list[Problem]:
    return [p for p in (t.state().problem() for t in translations(project)) if p]
