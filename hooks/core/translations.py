"""Translation records: each translated page records which version of its English page it translates.

A translation records the English page's *fingerprint*, the first 12 hex digits of a SHA-256:

* ``.md``: front matter ``translation_of: "<fingerprint>"``;
* ``.ipynb``: notebook metadata ``"translation_of": "<fingerprint>"``.

When the English page changes, its fingerprint changes and the translation is *stale* until a
translator either brings it up to date and records the new fingerprint (``--update``), or marks
it as lagging (``translation_outdated: true``, or the notebook metadata key of that name), in
which case the built page shows readers a notice linking to the English page
(hooks/reader_pages.py). ``python -m doccheck drift`` reports stale records and writes new ones.

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
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

from .pages import parse_page

FINGERPRINT_LENGTH = 12
FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(?P<body>.*?)(?:\r?\n)?^(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S | re.M)
RECORD_LINE = re.compile(r"^translation_of:[ \t]*[\"']?(?P<value>[0-9a-fA-F]*)[\"']?[ \t]*$", re.M)
OUTDATED_LINE = re.compile(r"^translation_outdated:[ \t]*(?P<value>\S+)[ \t]*$", re.M)
TRUE_WORDS = {"true", "yes", "on"}


@dataclass(frozen=True)
class Record:
    translation_of: str | None
    outdated: bool


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


def fingerprint(path: Path, text: str | None = None) -> str:
    """The English page's fingerprint: its translatable content, outputs left out."""
    return _digest(translatable_text(path, text).encode("utf-8"))


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


def is_outdated(translation: Path, english: Path, fingerprints: dict[Path, str] | None = None) -> bool:
    """What readers are told: the page is marked outdated, or it records a version of the English
    page other than the current one. (A page that records nothing is the translator's problem,
    reported by ``python -m doccheck drift``, not the reader's.) ``fingerprints`` keeps the English
    pages' fingerprints for a caller that asks for every translation of a page, as the build does."""
    record = read_record(translation)
    if record.outdated:
        return True
    if record.translation_of is None:
        return False
    known = {} if fingerprints is None else fingerprints
    if english not in known:
        known[english] = fingerprint(english)
    return record.translation_of != known[english]
