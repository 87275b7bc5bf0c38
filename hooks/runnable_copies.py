"""A snippet block's copy button copies a program that runs alone.

A page shows a snippet as it is, ``--8<-- "rope/rope_properties.py"``, and a snippet may import a
sibling snippet (``from rope_rotate_half import RotaryCache``): saved alone, what the copy button
copied would stop with ModuleNotFoundError. ``RunnableCopies``, a Python-Markdown extension,
finds each such include (before pymdownx.snippets replaces it with the file) and wraps the block
in ``<div data-copy="...">`` holding the program of hooks.core.takeaway.take_away_program: the
snippet with the siblings it needs inlined, each marked with the page of this language that shows
it. The page still shows the short snippet; the repository keeps one copy of each file. Material's
copy button copies the ``data-copy`` text of the nearest element that has one, and the code as
shown otherwise (``extract`` in its clipboard integration). Blocks of snippets that import no
sibling are left as they are.

The build plugin (hooks/plugin.py) registers the extension of each language (``for_language``),
which knows which page of that language shows each snippet. A snippet whose siblings cannot make one unambiguous
program (a name two of them define, ...) is a build warning, so ``mkdocs build --strict`` fails.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import re
import secrets
import sys
from collections.abc import Mapping
from pathlib import Path

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from markdown_it.token import Token
from mkdocs.config.defaults import MkDocsConfig

from hooks import build_cache
from hooks.core import snippets as snippets_module
from hooks.core import takeaway
from hooks.core.markdown import tokens as parsed
from hooks.core.pages import INCLUDE_LINE, parse_page
from hooks.core.takeaway import TakeAwayError, take_away_program
from hooks.core.urls import page_url
from hooks.i18n_state import languages

log = logging.getLogger("mkdocs.hooks.runnable_copies")

ATTRIBUTE_LIST = re.compile(r"\s*\{[^}]*\}\s*$")  # a heading's `{ #id }`


SHOWN_ON = "<<shown on {snippet}>>"  # in no snippet: where the page of a language that shows it goes


def program_of(snippet: str, snippets_dir: Path, shown_on: Mapping[str, str], programs: dict) -> str:
    """The snippet's take-away program for this language. ``programs`` keeps each snippet's program
    with stand-ins for the pages that show its siblings, so it is assembled once for every language."""
    if snippet not in programs:
        try:
            stand_ins = {name: SHOWN_ON.format(snippet=name) for name in shown_on}
            programs[snippet] = take_away_program(snippet, snippets_dir, stand_ins)
        except TakeAwayError as error:
            programs[snippet] = error
    found = programs[snippet]
    if isinstance(found, TakeAwayError):
        raise found
    for name, where in shown_on.items():
        found = found.replace(f", {SHOWN_ON.format(snippet=name)}", f", {where}" if where else "")
    return found


class Programs:
    """Each snippet's program, assembled once for every language (``by_snippet``, for
    ``program_of``), kept while no file of the snippet's folder has changed (a program inlines
    siblings of its own folder only): in memory across `mkdocs serve` rebuilds, and on disk in
    ``cache`` (``.cache/take-away``) from one build to the next, under a name made of the folder's
    files and of the code that assembles programs."""

    def __init__(self, cache: Path | None = None) -> None:
        self.cache = cache
        self.by_snippet: dict[str, str | Exception] = {}
        self._folders: dict[str, str] = {}  # each snippet folder's fingerprint when its programs were made

    def forget_changed_folders(self, snippets_dir: Path) -> None:
        """Before a build: drop the programs of every folder whose files changed since the last
        one, and take those of a folder from the disk where a build has left them."""
        now: dict[str, str] = {}
        for path in sorted(snippets_dir.rglob("*.py")):
            folder = path.parent.relative_to(snippets_dir).as_posix()
            digest = hashlib.sha256(now.get(folder, "").encode() + path.name.encode() + path.read_bytes())
            now[folder] = digest.hexdigest()
        changed = {f for f in now.keys() | self._folders.keys() if now.get(f) != self._folders.get(f)}
        self.by_snippet = {s: p for s, p in self.by_snippet.items() if s.rsplit("/", 1)[0] not in changed}
        self._folders = now
        for folder in changed & now.keys():
            self.by_snippet.update(self._kept(folder))

    def save(self) -> None:
        """After a build: each folder's programs on disk, where the disk lacks any of them (a
        program first assembled in this build, for a page that began to show its snippet)."""
        if self.cache is None:
            return
        by_folder: dict[str, dict[str, str | dict[str, str]]] = {}
        for snippet, program in self.by_snippet.items():
            kept = {"error": str(program)} if isinstance(program, TakeAwayError) else program
            if isinstance(kept, (str, dict)):
                by_folder.setdefault(snippet.rsplit("/", 1)[0], {})[snippet] = kept
        for folder, programs in by_folder.items():
            target = self._file(folder)
            if target is not None and self._kept(folder).keys() != programs.keys():
                build_cache.keep(target, json.dumps(programs, ensure_ascii=False, sort_keys=True).encode())

    def _kept(self, folder: str) -> dict[str, str | Exception]:
        target = self._file(folder)
        if target is None or not target.is_file():
            return {}
        kept = json.loads(target.read_text(encoding="utf-8"))
        return {s: TakeAwayError(p["error"]) if isinstance(p, dict) else p for s, p in kept.items()}

    def _file(self, folder: str) -> Path | None:
        if self.cache is None or folder not in self._folders:
            return None
        made_of = f"{self._folders[folder]}\n{_ASSEMBLER}\n{sys.version}"
        return self.cache / f"{hashlib.sha256(made_of.encode()).hexdigest()[:24]}.json"


# what assembles a program: a change to any of these files makes every kept program stale
_ASSEMBLER = hashlib.sha256(
    b"".join(Path(module.__file__ or "").read_bytes() for module in (takeaway, snippets_module))
    + Path(__file__).read_bytes()
).hexdigest()


def copy_attribute(program: str) -> str:
    """The program as an attribute value, on one line."""
    return html.escape(program, quote=True).replace("\r", "&#13;").replace("\n", "&#10;")


def page_tokens(markdown: str, source: str | None) -> tuple[tuple[Token, ...], int]:
    """The parse of the Markdown MkDocs hands over (the page's file without its front matter)
    and the number of lines that precede it in the file. The verifier's parser (its parses are
    kept): where ``source``, the whole file, ends with ``markdown``, the file's parse, which the
    build has made already (``shown_on``, reading times, translation records), else its own."""
    body = markdown.rstrip("\n")
    if source is not None:
        whole = source.rstrip("\n")
        before = whole[: len(whole) - len(body)]
        if whole.endswith(body) and (not before or before.endswith("\n")):
            return parsed(source), before.count("\n")
    return parsed(markdown), 0


class _MarkIncludes(Preprocessor):
    """Before pymdownx.snippets: a marker line before and after each include fence whose snippet
    imports a sibling; the program it copies is kept for ``_WrapMarked``."""

    def __init__(
        self, md: Markdown, snippets_dir: Path, shown_on: Mapping[str, str], programs: list[str], cache: dict
    ) -> None:
        super().__init__(md)
        self.snippets_dir = snippets_dir
        self.shown_on = shown_on
        self.programs = programs
        self.cache = cache
        self.marker = f"runnable-copy-{secrets.token_hex(8)}"  # no page could contain it
        self.page_source: str | None = None  # the file of the page being converted (``RunnableCopies.for_page``)

    def run(self, lines: list[str]) -> list[str]:
        wraps: list[tuple[int, int, str]] = []
        tokens, offset = page_tokens("\n".join(lines), self.page_source)
        for token in tokens:
            if token.type != "fence" or token.level != 0 or token.map is None or token.map[0] < offset:
                continue
            include = INCLUDE_LINE.match(token.content.strip())
            if include is None or "\n" in token.content.strip():
                continue
            snippet = include["path"]
            path = self.snippets_dir / snippet
            if not path.is_file():
                continue  # pymdownx.snippets reports it
            try:
                program = program_of(snippet, self.snippets_dir, self.shown_on, self.cache)
            except TakeAwayError as error:
                log.warning(f"the copy button of {snippet} would copy a program that cannot run alone: {error}")
                continue
            if program != path.read_text(encoding="utf-8"):
                start, end = token.map
                wraps.append((start - offset, end - offset, program))
        for start, end, program in reversed(wraps):
            self.programs.append(program)
            lines[end:end] = ["", f"{self.marker}-end", ""]
            lines[start:start] = ["", f"{self.marker}-start-{len(self.programs) - 1}", ""]
        return lines


class _WrapMarked(Preprocessor):
    """After whitespace normalization (which would remove the placeholders' control characters),
    before superfences: the marker lines become ``<div data-copy="...">`` and ``</div>``."""

    def __init__(self, md: Markdown, marks: _MarkIncludes) -> None:
        super().__init__(md)
        self.marks = marks

    def run(self, lines: list[str]) -> list[str]:
        start, end = f"{self.marks.marker}-start-", f"{self.marks.marker}-end"
        for index, line in enumerate(lines):
            if line.startswith(start):
                program = self.marks.programs[int(line.removeprefix(start))]
                lines[index] = self.md.htmlStash.store(f'<div data-copy="{copy_attribute(program)}">')
            elif line == end:
                lines[index] = self.md.htmlStash.store("</div>")
        return lines


class RunnableCopies(Extension):
    def __init__(self, **kwargs: object) -> None:
        self.config = {
            "snippets_dir": ["snippets", "the folder the includes name snippets in (pymdownx.snippets' base_path)"],
            "shown_on": [{}, 'for a snippet, where it is shown: `shown on the page "Title": https://...`'],
            "programs": [{}, "each snippet's program, assembled once for every language (program_of)"],
        }
        super().__init__(**kwargs)
        self.page_source: str | None = None

    def for_page(self, source: str | None) -> None:
        """The file of the page about to be converted (MkDocs makes its Markdown instance after)."""
        self.page_source = source

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        snippets_dir, shown_on = Path(self.getConfig("snippets_dir")), self.getConfig("shown_on")
        marks = _MarkIncludes(md, snippets_dir, shown_on, [], self.getConfig("programs"))
        marks.page_source = self.page_source
        md.preprocessors.register(marks, "runnable_copies_mark", 33)  # before pymdownx.snippets (32)
        md.preprocessors.register(_WrapMarked(md, marks), "runnable_copies", 29)  # after normalize_whitespace (30)


def makeExtension(**kwargs: object) -> RunnableCopies:  # noqa: N802
    return RunnableCopies(**kwargs)


# -- MkDocs ------------------------------------------------------------------------------------


def _snippets_dir(config: MkDocsConfig) -> Path:
    base = config.mdx_configs.get("pymdownx.snippets", {}).get("base_path", ["."])
    first = base[0] if isinstance(base, list) and base else base
    return (Path(config.config_file_path).parent / str(first)).resolve()


def _nav_order(nav: object) -> list[str]:
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, list):
        return [page for entry in nav for page in _nav_order(entry)]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in _nav_order(value)]
    return []


def _title(path: Path) -> str | None:
    tokens = parsed(path.read_text(encoding="utf-8"))
    for index, token in enumerate(tokens):
        if token.type == "front_matter":
            match = re.search(r"^title:\s*[\"']?(.+?)[\"']?\s*$", token.content, re.M)
            if match:
                return match[1]
        if token.type == "heading_open" and token.tag == "h1":
            return ATTRIBUTE_LIST.sub("", tokens[index + 1].content).replace("`", "").strip()
    return None


def shown_on(config: MkDocsConfig) -> dict[str, str]:
    """For each snippet that a page of the language being built includes, the first such page (in
    nav order): ``shown on the page "Implementing RoPE": https://.../rope/implementations/``."""
    current, default = languages(config)
    language = current or default  # before mkdocs-static-i18n's on_config (-100) of the first build: the default
    folder = Path(config.docs_dir) / (language or "")
    prefix = f"{language}/" if language and language != default else ""
    site_url = (config.site_url or "").rstrip("/") + "/" if config.site_url else ""
    pages = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.md"))
    nav = [page for page in _nav_order(config.nav) if page in pages]
    found: dict[str, str] = {}
    for relative in nav + [page for page in pages if page not in nav]:
        path = folder / relative
        includes = parse_page(path, language or "", relative, folder).includes
        if not includes:
            continue
        title = _title(path) or relative
        where = f'shown on the page "{title}"' + (f": {site_url}{prefix}{page_url(relative)}" if site_url else "")
        for include in includes:
            found.setdefault(include.snippet, where)
    return found


def for_language(config: MkDocsConfig, programs: Programs) -> RunnableCopies:
    """The extension for the language being built: its programs name this language's pages. The
    default language's build (the first of each whole build) drops programs whose files changed."""
    current, default = languages(config)
    snippets_dir = _snippets_dir(config)
    if current is None or current == default:
        programs.forget_changed_folders(snippets_dir)
    return RunnableCopies(snippets_dir=str(snippets_dir), shown_on=shown_on(config), programs=programs.by_snippet)
