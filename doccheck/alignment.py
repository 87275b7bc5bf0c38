"""Translation fidelity: align a translated page with its English page block by block and report
what a translation must never change.

Both pages are parsed by the shared Markdown parser into blocks: headings (with their level),
paragraphs, list items, table rows, admonitions (and the blocks inside them), code blocks,
display math and images. The two sequences of block kinds must be the same. In each pair of
aligned blocks, these must be the same:

* every number, integers included (the decimal comma, thin, no-break and narrow spaces used as
  thousands separators, English thousands commas and full-width digits are normalised);
* every inline code span, inline formula and display formula;
* every link target and image source;
* the content of code blocks.

A difference that is truly justified is declared in the translation, right before the block,
with a visible reason: ``<!-- fidelity: split into two paragraphs for readability -->``. A
declared block is compared together with the unmatched blocks next to it (so a paragraph split
in two is compared with the one English paragraph), and the suite counts the declarations.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

import nbformat

from hooks.core.languages import decimal_comma, table
from hooks.core.languages import language as language_row
from hooks.core.markdown import parser
from hooks.core.pages import Location
from hooks.core.project import Project

from .problem import Problem

OUTPUT_MARKER = re.compile(r"^<!--\s*output:")
FIDELITY_MARKER = re.compile(r"^<!--\s*fidelity:\s*(?P<reason>.*?)\s*-->\s*$", re.S)
HEADING_ID = re.compile(r"\{\s*#(?P<id>[^\s}]+)[^}]*\}\s*$")
ADMONITION = re.compile(r"^(?:!!!|\?\?\?\+?)\s")
KIND_NAMES = {
    "p": "paragraph",
    "item": "list item",
    "row": "table row",
    "code": "code block",
    "math": "display math",
    "image": "image",
    "admonition": "admonition",
    "hr": "horizontal rule",
}


@dataclass
class Block:
    kind: str  # "h2", "p", "item", "row", "code", "math", "image", "admonition", "hr"
    line: int  # 1-based, in the file (a notebook: in its cell)
    cell: int | None = None  # notebooks: the 1-based cell number
    numbers: Counter = field(default_factory=Counter)
    code_spans: Counter = field(default_factory=Counter)
    math: Counter = field(default_factory=Counter)
    links: Counter = field(default_factory=Counter)
    images: Counter = field(default_factory=Counter)
    code: str = ""  # a code block's content; "" for a quoted output, which test_docs.py checks
    declared: str | None = None  # the reason of a fidelity marker right before it
    excerpt: str = ""  # the start of its first source line, to quote in messages
    anchor: str | None = None  # a heading's explicit id, `## Title { #anchor }`: the same in every language

    def where(self) -> str:
        place = f"cell {self.cell} line {self.line}" if self.cell else f"line {self.line}"
        return f'{place} ("{self.excerpt}")' if self.excerpt else place

    def name(self) -> str:
        return (
            f"heading level {self.kind[1]}"
            if self.kind[0] == "h" and self.kind[1:].isdigit()
            else KIND_NAMES.get(self.kind, self.kind)
        )


# -- numbers ------------------------------------------------------------------------------

FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
# "32 768" (a space of any width between groups of three digits), or digits with points and commas
NUMBER = re.compile(r"\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?!\d)|\d+(?:[.,]\d+)*")


def numbers_in(text: str, language: str) -> list[str]:
    """The numbers of a piece of prose, normalised so that every language writes them alike:
    ``1,024`` (English), ``1024``, ``1 024`` (Polish) and ``１０２４`` are all ``1024``, and
    ``0,3374`` (Polish) is ``0.3374``."""
    # full-width digits become ASCII; full-width punctuation stays (a "，" separates two numbers)
    text = text.translate(FULL_WIDTH_DIGITS).replace("\u2009", " ").replace("\u202f", " ")
    found = []
    for match in NUMBER.finditer(text):
        number = re.sub(r"[ \u00a0]", "", match.group(0))
        if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", number) and not decimal_comma(language):
            number = number.replace(",", "")  # English thousands commas
        elif decimal_comma(language) and re.fullmatch(r"\d+,\d+", number):
            number = number.replace(",", ".")  # a decimal comma
        found += [part for part in re.split(r",", number) if part]
    return found


def _notable(number: str) -> bool:
    """A number a translation may not add: a decimal or one of three digits or more. (Small
    integers may stand for a word, as in 全是 0 for "a row of zeros".)"""
    return "." in number or len(number) >= 3


# -- blocks ---------------------------------------------------------------------------------


def blocks_of_markdown(source: str, language: str, first_line: int = 1, cell: int | None = None) -> list[Block]:
    """The blocks of one Markdown text; ``first_line`` is the file line of its first line."""
    lines = source.splitlines()
    tokens = parser().parse(source)
    blocks: list[Block] = []
    containers: list[str] = []  # open list items and table rows
    pending_reason: str | None = None
    quoted_output_next = False
    for index, token in enumerate(tokens):
        if token.type in ("list_item_open", "tr_open"):
            kind = "item" if token.type == "list_item_open" else "row"
            assert token.map is not None
            blocks.append(Block(kind, first_line + token.map[0], cell, declared=pending_reason))
            pending_reason = None
            containers.append(kind)
            continue
        if token.type in ("list_item_close", "tr_close"):
            containers.pop()
            continue
        if token.type == "html_block":
            quoted_output_next = bool(OUTPUT_MARKER.match(token.content.strip()))
            marker = FIDELITY_MARKER.match(token.content.strip())
            if marker:
                pending_reason = marker["reason"] or "(no reason given)"
            continue
        if token.map is None:
            continue
        start, end = token.map
        raw = "\n".join(lines[start:end])
        if token.type == "heading_open":
            anchor = HEADING_ID.search(lines[start]) if start < len(lines) else None
            blocks.append(
                Block(
                    token.tag,
                    first_line + start,
                    cell,
                    declared=pending_reason,
                    anchor=anchor["id"] if anchor else None,
                )
            )
            pending_reason = None
        elif token.type == "paragraph_open" and not containers:
            kind = "p"
            inline = tokens[index + 1]
            children = inline.children or []
            if ADMONITION.match(raw.lstrip()):
                kind = "admonition"
            elif children and all(
                c.type == "image" or (c.type == "text" and not c.content.strip()) or c.type in ("softbreak",)
                for c in children
            ):
                kind = "image"
            blocks.append(Block(kind, first_line + start, cell, declared=pending_reason))
            pending_reason = None
        elif token.type in ("fence", "code_block"):
            if token.type == "code_block" and blocks and blocks[-1].kind == "admonition":
                # the indented body of an admonition: its own blocks, one level down
                inner = blocks_of_markdown(_dedent(token.content), language, first_line + start, cell)
                for block in inner:
                    block.kind = f"admonition>{block.kind}"
                blocks += inner
                continue
            code = "" if quoted_output_next else token.content
            blocks.append(Block("code", first_line + start, cell, code=code, declared=pending_reason))
            pending_reason = None
            quoted_output_next = False
        elif token.type == "math_block":
            block = Block("math", first_line + start, cell, declared=pending_reason)
            block.math[_formula(token.content, language)] += 1
            blocks.append(block)
            pending_reason = None
        elif token.type == "hr":
            blocks.append(Block("hr", first_line + start, cell, declared=pending_reason))
            pending_reason = None
        elif token.type == "inline" and blocks:
            _collect(blocks[-1], token, raw, language)
    for block in blocks:
        if not block.excerpt and cell is None or (cell is not None and not block.excerpt):
            index = block.line - first_line
            if 0 <= index < len(lines):
                block.excerpt = _excerpt(lines[index])
    return blocks


DECIMAL_COMMA_IN_TEX = re.compile(r"(?<=\d)\{,\}(?=\d)")


def _formula(tex: str, language: str) -> str:
    """A formula as compared: whitespace aside. Polish may write its decimal comma as {,}, and a
    formula that does so separates a list's items with semicolons, "(1{,}5; 0{,}2)", as Polish
    prose does (a comma would read as another decimal comma)."""
    tex = " ".join(tex.split())
    if decimal_comma(language) and DECIMAL_COMMA_IN_TEX.search(tex):
        tex = DECIMAL_COMMA_IN_TEX.sub(".", tex).replace(";", ",")
    return tex


def _excerpt(line: str, width: int = 50) -> str:
    text = " ".join(line.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _dedent(text: str) -> str:
    return "\n".join(line[4:] if line.startswith("    ") else line.lstrip() for line in text.splitlines())


def _collect(block: Block, inline, raw: str, language: str) -> None:
    """Add one inline token's numbers, code spans, math, links and images to its block."""
    prose = []
    for child in inline.children or []:
        if child.type in ("math_inline", "math_inline_double"):
            block.math[_formula(child.content, language)] += 1
        elif child.type == "code_inline":
            block.code_spans[child.content] += 1
        elif child.type == "link_open":
            block.links[str(child.attrGet("href"))] += 1
        elif child.type == "image":
            block.images[str(child.attrGet("src"))] += 1
            prose.append(child.content)  # the alt text
        elif child.type == "text":
            prose.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            prose.append("\n")
    block.numbers.update(numbers_in("".join(prose), language))


def blocks_of_page(path: Path, language: str) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".ipynb":
        notebook = nbformat.reads(text, as_version=4)
        blocks: list[Block] = []
        for number, cell in enumerate(notebook.cells, start=1):
            if cell.cell_type == "markdown":
                blocks += blocks_of_markdown(cell.source, language, 1, number)
        return blocks
    return blocks_of_markdown(text, language)


# -- comparison -----------------------------------------------------------------------------


def compare_pages(
    english: list[Block], translation: list[Block], path: Path, language: str
) -> tuple[list[Problem], int]:
    """What the translation changed, and how many declared differences it has."""
    name = language_row(language).name if language in table() else language
    findings: list[Problem] = []
    declared = sum(1 for b in translation if b.declared)

    def at(block: Block | None) -> str:
        if block is None:
            return "1"
        return str(block.line) if block.cell is None else f"cell {block.cell} line {block.line}"

    def here(block: Block | None) -> Location:
        if block is None:
            return Location(language, path, 1)
        if block.cell is None:
            return Location(language, path, block.line)
        return Location(language, path, block.cell, "cell", block.line)

    absorbed_english: dict[int, list[Block]] = {}
    absorbed_translation: dict[int, list[Block]] = {}
    pairs: list[tuple[int, int]] = []
    for operation, a0, a1, b0, b1 in _align(english, translation):
        if operation == "equal":
            pairs += [(a0 + k, b0 + k) for k in range(a1 - a0)]
            continue
        if operation == "replace":  # the same number of blocks of other kinds: compare them pairwise
            pairs += [(a0 + k, b0 + k) for k in range(min(a1 - a0, b1 - b0))]
            a0, b0 = a0 + min(a1 - a0, b1 - b0), b0 + min(a1 - a0, b1 - b0)
            if a0 == a1 and b0 == b1:
                continue
        # blocks with no counterpart: accepted only next to (or made of) declared blocks
        owner = next((j for j in range(b0, b1) if translation[j].declared), None)
        if owner is None and b0 > 0 and translation[b0 - 1].declared:
            owner = b0 - 1
        if owner is None and b1 < len(translation) and translation[b1].declared:
            owner = b1
        if owner is not None:
            absorbed_english.setdefault(owner, []).extend(english[a0:a1])
            absorbed_translation.setdefault(owner, []).extend(
                t for j, t in enumerate(translation[b0:b1], b0) if j != owner
            )
            continue
        before = translation[b0 - 1] if b0 > 0 else None
        for block in english[a0:a1]:
            after = f" (here, after {at(before)})" if before else ""
            findings.append(
                Problem(
                    here(before),
                    f"English {block.where()} has a {block.name()} that the {name} page does not have{after}",
                )
            )
        for block in translation[b0:b1]:
            findings.append(
                Problem(
                    here(block),
                    f"this {block.name()} has no counterpart in the English page "
                    f"(declare a justified difference with <!-- fidelity: reason --> before it)",
                )
            )
    for a, b in sorted(pairs, key=lambda pair: pair[1]):
        source, target = english[a], translation[b]
        english_group = [source, *absorbed_english.get(b, [])]
        target_group = [target, *absorbed_translation.get(b, [])]
        if source.kind != target.kind and not target.declared:
            findings.append(
                Problem(
                    here(target),
                    f"English {source.where()} is a {source.name()}; the {name} block is a {target.name()}",
                )
            )
        if source.anchor != target.anchor:
            findings.append(
                Problem(
                    here(target),
                    f"English {source.where()} has the id #{source.anchor}; the {name} heading has "
                    + (f"#{target.anchor}" if target.anchor else "none (write { #" + f"{source.anchor} }})")
                    + ", so a deep link would not survive a language switch",
                )
            )
        findings += _compare_content(english_group, target_group, here(target), source.where(), name)
    findings.sort(key=lambda f: f.location.sort_key() if f.location else (False, 0, 0))
    return findings, declared


def _align(english: list[Block], translation: list[Block]) -> list[tuple[str, int, int, int, int]]:
    """Opcodes pairing the two block sequences: first by kind and content (so an extra paragraph
    is found where it is, not where the kinds first differ), then, inside each region that
    differs, by kind alone (so a block whose number changed is still paired with its original)."""

    def key(block: Block) -> tuple:
        return (
            block.kind,
            tuple(sorted(block.numbers.elements())),
            tuple(sorted(block.code_spans.elements())),
            tuple(sorted(block.links.elements())),
            tuple(sorted(block.math.elements())),
            block.code,
        )

    opcodes: list[tuple[str, int, int, int, int]] = []
    top = SequenceMatcher(a=[key(b) for b in english], b=[key(b) for b in translation], autojunk=False)
    for operation, a0, a1, b0, b1 in top.get_opcodes():
        if operation == "equal":
            opcodes.append((operation, a0, a1, b0, b1))
            continue
        inner = SequenceMatcher(
            a=[b.kind for b in english[a0:a1]], b=[b.kind for b in translation[b0:b1]], autojunk=False
        )
        for op, i0, i1, j0, j1 in inner.get_opcodes():
            opcodes.append((op, a0 + i0, a0 + i1, b0 + j0, b0 + j1))
    return opcodes


def _total(blocks: list[Block], attribute: str) -> Counter:
    total: Counter = Counter()
    for block in blocks:
        total.update(getattr(block, attribute))
    return total


WHAT = {"numbers": "number", "code_spans": "code span", "math": "formula", "links": "link to", "images": "image"}


def _compare_content(
    english: list[Block], translation: list[Block], location: Location, english_where: str, name: str
) -> list[Problem]:
    findings = []
    for attribute, what in WHAT.items():
        want, have = _total(english, attribute), _total(translation, attribute)
        for value, count in sorted((want - have).items()):
            shown = f"`{value}`" if attribute == "code_spans" else value
            if have[value]:
                message = (
                    f"English {english_where} has {what} {shown} {want[value]} times; the {name} block "
                    f"{have[value]} times"
                )
            else:
                times = f" ({count} times)" if count > 1 else ""
                message = f"English {english_where} has {what} {shown}{times}; the {name} block has none"
            findings.append(Problem(location, message))
        extra = have - want
        if attribute in ("numbers", "code_spans"):
            # saying an English number or name once more (a glossary row that gives the English
            # term beside the translated one) changes nothing; a new one does
            extra = Counter({value: n for value, n in extra.items() if value not in want})
        if attribute == "numbers":
            extra = Counter({value: n for value, n in extra.items() if _notable(value)})
        for value in sorted(extra):
            shown = f"`{value}`" if attribute == "code_spans" else value
            findings.append(
                Problem(
                    location,
                    f"the {name} block has {what} {shown}, which English {english_where} does not have",
                )
            )
    english_code = [b.code for b in english if b.kind.endswith("code")]
    translated_code = [b.code for b in translation if b.kind.endswith("code")]
    if english_code != translated_code:
        findings.append(Problem(location, f"the code block differs from English {english_where}"))
    return findings


def check_translation(project: Project, translated: Path) -> list[Problem]:
    """Fidelity findings for one translated page (a path inside docs/<language>/)."""
    translated = translated.resolve()
    for language in project.languages[1:]:
        folder = project.language_dir(language).resolve()
        if folder in translated.parents:
            relative = translated.relative_to(folder)
            english = project.language_dir(project.source_language) / relative
            if not english.is_file():
                return []  # the parity check reports a page with no English original
            shown = translated.relative_to(project.root.resolve())
            findings, _ = compare_pages(
                blocks_of_page(english, project.source_language), blocks_of_page(translated, language), shown, language
            )
            return findings
    raise ValueError(f"{translated} is not a translated page of {project.root}")


def declared_count(translated: Path, language: str) -> int:
    return sum(1 for b in blocks_of_page(translated, language) if b.declared)
