"""Take-away programs: a snippet with the sibling snippets it imports inlined, one file that runs
alone. The copy button of a snippet block copies this (hooks/runnable_copies.py), so a reader who
saves what they copied into an empty folder gets a program that prints what the page quotes;
tests/docs/test_take_away_programs.py runs each one and compares.
"""

from __future__ import annotations

import ast
import io
import symtable
import sys
import tokenize
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .snippets import SNIPPETS_DIR

MAIN_GUARD_VALUES = {"__name__", "__main__"}
SECTION_START = "# --- from {file}{shown} ---"
SECTION_END = "# --- end of {file} ---"
_FUTURE = "__future__"


class TakeAwayError(ValueError):
    """A snippet whose siblings cannot be inlined into one unambiguous program."""


@dataclass(frozen=True)
class _Import:
    """One name bound by an import of the import block: ``import a.b``, ``import a as b`` or
    ``from a import b as c``."""

    module: str
    name: str | None = None  # None: ``import module``
    alias: str | None = None
    comment: str = ""  # a comment that followed the statement on its line

    @property
    def bound(self) -> str:
        if self.alias:
            return self.alias
        return self.name if self.name is not None else self.module.split(".")[0]

    @property
    def target(self) -> tuple[str, ...]:
        """What the bound name refers to: two imports with the same target bind the same object."""
        if self.name is not None:
            return ("from", self.module, self.name)
        return ("module", self.module if self.alias else self.module.split(".")[0])


@dataclass
class _File:
    """One snippet as the program needs it."""

    relative: str
    text: str
    lines: list[str] = field(init=False)
    tree: ast.Module = field(init=False)

    def __post_init__(self) -> None:
        self.lines = self.text.splitlines()
        try:
            self.tree = ast.parse(self.text, filename=self.relative)
        except SyntaxError as error:
            raise TakeAwayError(f"snippets/{self.relative} is not valid Python: {error}") from error

    @property
    def name(self) -> str:
        return self.relative.rsplit("/", 1)[-1]

    def where(self, node: ast.stmt) -> str:
        return f"snippets/{self.relative}:{node.lineno}"


@dataclass
class _Part:
    """A file's own code in the program (without the code it imports), for the name checks."""

    file: _File
    text: str
    # what it imports from siblings: the name it binds -> (the sibling, the sibling's name for it)
    from_siblings: dict[str, tuple[str, str]] = field(default_factory=dict)


def _is_main_guard(node: ast.stmt) -> bool:
    if not isinstance(node, ast.If) or not isinstance(node.test, ast.Compare):
        return False
    test = node.test
    if len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    values = {s.id if isinstance(s, ast.Name) else s.value if isinstance(s, ast.Constant) else None for s in sides}
    return values == MAIN_GUARD_VALUES and any(isinstance(s, ast.Name) for s in sides)


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _imported_module(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name.split(".")[0] for alias in node.names]
    return [node.module.split(".")[0]] if node.module and node.level == 0 else []


def _stdlib(module: str) -> bool:
    return module.split(".")[0] in sys.stdlib_module_names


def _member_key(name: str) -> tuple[int, str]:
    """ruff's (isort's) order of the names of a ``from`` import: constants, classes, the rest."""
    if name.isupper() and len(name) > 1:
        return (0, name)
    return (1 if name[:1].isupper() else 2, name.lower())


def _render_imports(imports: list[_Import], line_length: int = 120) -> list[str]:
    """One import block, sorted as ruff's isort sorts it: __future__, the standard library, the rest."""
    groups: list[list[str]] = []
    for section in (
        [i for i in imports if i.module == _FUTURE],
        [i for i in imports if i.module != _FUTURE and _stdlib(i.module)],
        [i for i in imports if i.module != _FUTURE and not _stdlib(i.module)],
    ):
        lines: list[str] = []
        plain = sorted((i for i in section if i.name is None), key=lambda i: (i.module.lower(), i.alias or ""))
        for i in plain:
            lines.append(f"import {i.module}" + (f" as {i.alias}" if i.alias else "") + i.comment)
        modules = sorted({i.module for i in section if i.name is not None}, key=str.lower)
        for module in modules:
            members = [i for i in section if i.module == module and i.name is not None]
            names = sorted({f"{i.name} as {i.alias}" if i.alias else str(i.name) for i in members}, key=_member_key)
            comment = "".join(dict.fromkeys(i.comment for i in members))
            line = f"from {module} import {', '.join(names)}{comment}"
            if len(line) > line_length:
                line = f"from {module} import ({comment}\n" + "".join(f"    {n},\n" for n in names) + ")"
            lines.append(line)
        if lines:
            groups.append(lines)
    return [line for index, group in enumerate(groups) for line in ([""] if index else []) + group]


class _Inliner:
    def __init__(self, snippet: str, snippets_dir: Path, shown_on: Mapping[str, str]) -> None:
        self.snippets_dir = snippets_dir
        self.topic = snippet.rsplit("/", 1)[0] if "/" in snippet else ""
        self.shown_on = shown_on
        self.files: dict[str, _File] = {}
        self.imports: dict[_Import, str] = {}  # the import block, with the file each import comes from
        self.inlined: list[str] = []  # siblings whose code is in the program, in the order it runs
        self.active: list[str] = []  # the chain of files being inlined (an import cycle is an error)
        self.parts: list[_Part] = []
        self.file_imports: dict[str, list[_Import]] = {}  # each file's opening imports
        self.main = self.file(snippet)

    def file(self, relative: str) -> _File:
        if relative not in self.files:
            path = self.snippets_dir / relative
            if not path.is_file():
                raise TakeAwayError(f"snippets/{relative} does not exist")
            self.files[relative] = _File(relative, path.read_text(encoding="utf-8"))
        return self.files[relative]

    def sibling(self, module: str) -> str | None:
        relative = f"{self.topic}/{module}.py" if self.topic else f"{module}.py"
        return relative if (self.snippets_dir / relative).is_file() and relative != self.main.relative else None

    def siblings_of(self, node: ast.Import | ast.ImportFrom, file: _File) -> str | None:
        """The sibling an import statement imports, or None; an import the program cannot inline is an error."""
        found = [self.sibling(m) for m in _imported_module(node)]
        if not any(found):
            if any(m == self.main.name.removesuffix(".py") for m in _imported_module(node)):
                raise TakeAwayError(f"{file.where(node)} imports the snippet itself")
            return None
        if isinstance(node, ast.Import):
            raise TakeAwayError(
                f"{file.where(node)}: `import {node.names[0].name}` would need the sibling as a module; "
                f"write `from {node.names[0].name} import ...`"
            )
        if any(alias.name == "*" for alias in node.names):
            raise TakeAwayError(f"{file.where(node)}: `from {node.module} import *` hides which names it needs")
        if node.module and "." in node.module:
            raise TakeAwayError(f"{file.where(node)}: {node.module} is not a snippet")
        return found[0]

    # -- one file --------------------------------------------------------------------------------

    def header_end(self, file: _File) -> int:
        """Index of the first statement after the docstring and the imports that open the file."""
        body = file.tree.body
        index = 1 if body and _is_docstring(body[0]) else 0
        while index < len(body) and isinstance(body[index], ast.Import | ast.ImportFrom):
            index += 1
        return index

    def add_import(self, node: ast.Import | ast.ImportFrom, file: _File) -> None:
        line = file.lines[node.end_lineno - 1] if node.end_lineno else ""
        rest = line[node.end_col_offset :].strip() if node.end_col_offset is not None else ""
        comment = f"  {rest}" if rest.startswith("#") else ""
        if isinstance(node, ast.Import):
            found = [_Import(a.name, None, a.asname, comment) for a in node.names]
        else:
            found = [_Import(str(node.module), a.name, a.asname, comment) for a in node.names]
        self.file_imports.setdefault(file.relative, []).extend(found)
        for entry in found:
            same = next(
                (i for i in self.imports if (i.module, i.name, i.alias) == (entry.module, entry.name, entry.alias)),
                None,
            )
            if same is None:
                self.imports[entry] = file.relative

    def own_lines(self, node: ast.stmt, file: _File) -> tuple[int, int]:
        """The statement's lines (0-based, end exclusive); it must have them to itself."""
        assert node.end_lineno is not None and node.end_col_offset is not None
        start, end = node.lineno - 1, node.end_lineno
        before = file.lines[start][: node.col_offset]
        after = file.lines[end - 1][node.end_col_offset :].strip()
        if before.strip() or (after and not after.startswith("#")):
            raise TakeAwayError(f"{file.where(node)}: put this statement on lines of its own")
        return start, end

    def render(self, file: _File, main: bool) -> tuple[list[str], str]:
        """The file's code without its opening imports, and the marked code of the siblings that
        must run before it (those it imports at the top, with what they import). A sibling import
        further down becomes the sibling's code; a sibling's demo part goes. Adds the file's part
        and its imports to the program."""
        body = file.tree.body
        end_of_header = self.header_end(file)
        from_siblings: dict[str, tuple[str, str]] = {}
        before: list[str] = []  # sections that take the place of the opening imports
        header_aliases: list[str] = []
        for node in body[:end_of_header]:
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            sibling = self.siblings_of(node, file)
            if sibling is None:
                self.add_import(node, file)
                continue
            before += self.section(sibling)
            header_aliases += self.aliases(node, sibling, file, from_siblings, indent="")
        # edits of the rest of the file: (first line, end line, replacement for the program, for the part)
        edits: list[tuple[int, int, list[str], list[str]]] = []
        for node in body[end_of_header:]:
            if not main and _is_main_guard(node):
                start, end = self.own_lines(node, file)
                while start > 0 and file.lines[start - 1].lstrip().startswith("#"):
                    start -= 1  # the comment that introduces the demo goes with it
                edits.append((start, end, [], []))
                continue
            for inner in ast.walk(node):
                if not isinstance(inner, ast.Import | ast.ImportFrom):
                    continue
                sibling = self.siblings_of(inner, file)
                start, end = self.own_lines(inner, file)
                indent = file.lines[start][: inner.col_offset]
                if sibling is None:
                    if inner is node and self.duplicate(inner):
                        edits.append((start, end, [], []))  # the import block has it already
                    continue
                aliases = self.aliases(inner, sibling, file, from_siblings, indent)
                if inner is node:  # at the top level: the sibling's code goes right here
                    sections = "\n\n\n".join(self.section(sibling))
                    replacement = ["", "", *sections.splitlines(), "", ""] if sections else []
                    edits.append((start, end, replacement + aliases, []))
                    continue
                before += self.section(sibling)  # nested: its code runs before this file's rest
                alone = [f"{indent}pass"] if self.only_statement(inner, node) else []
                edits.append((start, end, aliases or alone, alone))
        start = body[end_of_header].lineno - 1 if end_of_header < len(body) else len(file.lines)
        start = self.leading_comments(file, start, body[:end_of_header])
        program, part = self.apply(file.lines, start, edits)
        program = header_aliases + program  # the part leaves them out: they bind what from_siblings says
        if not main and end_of_header and _is_docstring(body[0]):
            docstring = file.lines[body[0].lineno - 1 : body[0].end_lineno]
            program = docstring + ["", *_strip_blank(program)]
            part = docstring + ["", *_strip_blank(part)]
        self.parts.append(_Part(file, "\n".join(part), from_siblings))
        return before, "\n".join(program).strip("\n")

    def leading_comments(self, file: _File, start: int, header: list[ast.stmt]) -> int:
        """Comment lines between the opening imports and the code stay with the code."""
        first = header[-1].end_lineno if header and header[-1].end_lineno else 0
        index = start
        while index > first and (not file.lines[index - 1].strip() or file.lines[index - 1].lstrip().startswith("#")):
            index -= 1
        return index

    @staticmethod
    def apply(
        lines: list[str], start: int, edits: list[tuple[int, int, list[str], list[str]]]
    ) -> tuple[list[str], list[str]]:
        program, part = [], []
        position = start
        for first, end, for_program, for_part in sorted(edits):
            program += lines[position:first] + for_program
            part += lines[position:first] + for_part
            position = end
        return program + lines[position:], part + lines[position:]

    @staticmethod
    def only_statement(node: ast.stmt, within: ast.stmt) -> bool:
        for parent in ast.walk(within):
            for name in ("body", "orelse", "finalbody", "handlers"):
                block = getattr(parent, name, None)
                if isinstance(block, list) and node in block:
                    return len(block) == 1
        return False

    def duplicate(self, node: ast.Import | ast.ImportFrom) -> bool:
        wanted: list[tuple[str, str | None, str | None]]
        if isinstance(node, ast.Import):
            wanted = [(a.name, None, a.asname) for a in node.names]
        else:
            wanted = [(str(node.module), a.name, a.asname) for a in node.names]
        known = {(i.module, i.name, i.alias) for i in self.imports}
        return all(w in known for w in wanted)

    def aliases(
        self,
        node: ast.ImportFrom | ast.Import,
        sibling: str,
        file: _File,
        from_siblings: dict[str, tuple[str, str]],
        indent: str,
    ) -> list[str]:
        """``from sibling import a as b`` becomes ``b = a`` once the sibling's code is in the program."""
        lines = []
        for alias in node.names:
            from_siblings[alias.asname or alias.name] = (sibling, alias.name)
            if alias.asname and alias.asname != alias.name:
                lines.append(f"{indent}{alias.asname} = {alias.name}")
        return lines

    def section(self, sibling: str) -> list[str]:
        """The sibling's code, marked, preceded by that of the siblings it imports at its top, the
        first time it is imported; nothing after that."""
        if sibling in self.inlined:
            return []
        if sibling in self.active:
            chain = " -> ".join(s.rsplit("/", 1)[-1] for s in [*self.active, sibling])
            raise TakeAwayError(f"snippets/{self.main.relative}: the snippets import each other ({chain})")
        self.active.append(sibling)
        file = self.file(sibling)
        before, code = self.render(file, main=False)
        self.active.pop()
        self.inlined.append(sibling)
        shown = self.shown_on.get(sibling, "")
        start = SECTION_START.format(file=file.name, shown=f", {shown}" if shown else "")
        return [*before, "\n".join([start, code, SECTION_END.format(file=file.name)])]

    # -- the whole program -------------------------------------------------------------------------

    def program(self) -> str:
        if not any(
            self.siblings_of(n, self.main)
            for n in ast.walk(self.main.tree)
            if isinstance(n, ast.Import | ast.ImportFrom)
        ):
            return self.main.text
        sections, rest = self.render(self.main, main=True)
        body = "\n\n\n".join([*sections, rest])
        self.drop_unused_imports(body)
        self.check_names()
        top = []
        first = self.main.tree.body[0] if self.main.tree.body else None
        if first is not None and _is_docstring(first):
            top += self.main.lines[first.lineno - 1 : first.end_lineno] + [""]
        top += _render_imports(list(self.imports))
        top = _strip_blank(top)
        two = body.startswith(("# --- from ", "def ", "class ", "@", "async def "))
        text = "\n".join(top) + ("\n\n\n" if two else "\n\n") + body + "\n" if top else body + "\n"
        try:
            text = _tidy(text)
        except (SyntaxError, tokenize.TokenError) as error:  # a bug here, not in the snippet
            raise TakeAwayError(
                f"snippets/{self.main.relative}: the inlined program is not valid Python: {error}"
            ) from error
        return text

    def drop_unused_imports(self, body: str) -> None:
        """An import that only a sibling's demo part used goes; the snippet's own imports stay."""
        used = {n.id for n in ast.walk(ast.parse(body)) if isinstance(n, ast.Name)}
        for entry, origin in list(self.imports.items()):
            if origin != self.main.relative and entry.module != _FUTURE and entry.bound not in used:
                del self.imports[entry]

    def check_names(self) -> None:
        """Inlined, every file's top-level names share one namespace: a name may be bound by one
        file only (or by the same import in several), and no file may see another file's name
        where, alone, it saw a builtin or nothing."""
        owners: dict[str, dict[tuple[str, ...], set[str]]] = {}
        for relative, imports in self.file_imports.items():
            for entry in imports:
                owners.setdefault(entry.bound, {}).setdefault(entry.target, set()).add(relative)
        uses: list[tuple[_Part, str]] = []
        for part in self.parts:
            table = symtable.symtable(part.text or "\n", part.file.relative, "exec")
            imported = _top_level_imports(ast.parse(part.text or "\n"))
            for symbol in table.get_symbols():
                name = symbol.get_name()
                if name in part.from_siblings and not symbol.is_assigned():
                    continue
                if symbol.is_assigned() or symbol.is_imported() or symbol.is_namespace():
                    only_imported = symbol.is_imported() and not symbol.is_assigned() and name in imported
                    target = imported[name] if only_imported else ("file", part.file.relative)
                    owners.setdefault(name, {}).setdefault(target, set()).add(part.file.relative)
            for name, (_, original) in part.from_siblings.items():
                if name != original:  # `name = original`, after the sibling's code
                    owners.setdefault(name, {}).setdefault(("file", part.file.relative), set()).add(part.file.relative)
            uses += [(part, name) for name in _global_references(table)]
        for name, targets in sorted(owners.items()):
            if len(targets) > 1:
                names = sorted({_file_name(f) for found in targets.values() for f in found})
                raise TakeAwayError(
                    f"snippets/{self.main.relative}: `{name}` means different things in {' and '.join(names)}; "
                    "inlined into one program they would share it: rename one of them"
                )
        for part, name in uses:
            files = {f for found in owners.get(name, {}).values() for f in found}
            if files and part.file.relative not in files and name not in part.from_siblings:
                raise TakeAwayError(
                    f"snippets/{part.file.relative} uses `{name}` without defining it, and "
                    f"{', '.join(sorted(_file_name(f) for f in files))} defines it: inlined into "
                    f"snippets/{self.main.relative}, it would see that one; rename it"
                )
        parts = {part.file.relative: part for part in self.parts}
        for part in self.parts:
            for sibling, name in part.from_siblings.values():
                defined = {f for found in owners.get(name, {}).values() for f in found}
                if sibling not in defined and name not in parts[sibling].from_siblings:
                    raise TakeAwayError(
                        f"snippets/{part.file.relative} imports `{name}` from {_file_name(sibling)}, "
                        'which defines it only in its `if __name__ == "__main__":` part, or not at all'
                    )
            if part.file is not self.main and "__file__" in _global_references_of(part.text):
                raise TakeAwayError(f"snippets/{part.file.relative} uses __file__, another file once inlined")


def _tidy(text: str) -> str:
    """At most two blank lines in a row, none right after a line that opens a block; blank lines
    inside a string stay."""
    in_strings: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.STRING and token.end[0] > token.start[0]:
            in_strings.update(range(token.start[0], token.end[0]))  # 0-based: the lines after its first
    kept: list[str] = []
    blank = 0
    for index, line in enumerate(text.split("\n")):
        if line.strip() or index in in_strings:
            kept.append(line)
            blank = 0
            continue
        if kept and kept[-1].rstrip().endswith(":") and not kept[-1].lstrip().startswith("#"):
            continue
        blank += 1
        if blank <= 2:
            kept.append(line)
    text = "\n".join(kept)
    ast.parse(text)
    return text


def _strip_blank(lines: list[str]) -> list[str]:
    """Without the blank lines at either end."""
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]


def _file_name(relative: str) -> str:
    return relative.rsplit("/", 1)[-1]


def _top_level_imports(tree: ast.Module) -> dict[str, tuple[str, ...]]:
    """Names the module binds by import statements outside functions and classes, with their targets."""
    found: dict[str, tuple[str, ...]] = {}
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import):
            for a in node.names:
                entry = _Import(a.name, None, a.asname)
                found[entry.bound] = entry.target
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                entry = _Import(str(node.module), a.name, a.asname)
                found[entry.bound] = entry.target
        pending += list(ast.iter_child_nodes(node))
    return found


def _global_references(table: symtable.SymbolTable) -> set[str]:
    """Names a module reads from its global namespace (or the builtins), in any scope."""
    found = {s.get_name() for s in table.get_symbols() if s.is_referenced()}
    pending = list(table.get_children())
    while pending:
        child = pending.pop()
        found |= {s.get_name() for s in child.get_symbols() if s.is_global() and s.is_referenced()}
        pending += child.get_children()
    return found


def _global_references_of(text: str) -> set[str]:
    return _global_references(symtable.symtable(text or "\n", "<part>", "exec"))


def take_away_program(
    snippet: str, snippets_dir: Path = SNIPPETS_DIR, shown_on: Mapping[str, str] | None = None
) -> str:
    """The program a reader copies from the snippet's block: ``snippet`` (``topic/name.py``) as one
    file that runs alone, printing and writing what the snippet does.

    A snippet that imports no sibling is returned as it is. Otherwise each sibling it needs,
    directly or through another sibling, is inlined, marked ``# --- from name.py, <shown_on[sibling]> ---``
    ... ``# --- end of name.py ---``. Raises TakeAwayError when that cannot give one unambiguous
    program (a name two of the files define, ``import sibling``, an import cycle, ...).
    """
    return _Inliner(snippet, snippets_dir, shown_on or {}).program()
