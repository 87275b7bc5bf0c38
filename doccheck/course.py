"""The shape of the course around the reference: what every chapter page and every chapter quiz
must contain, in every language.

A chapter page (a Markdown page in a chapter folder, such as ``rope/idea.md``) opens, right under
its title, with an "at a glance" box (``!!! abstract``) holding two labelled paragraphs, what the
page assumes and what the reader will be able to do, and a list of 2 to 4 outcomes. It has a
section ``{ #exercises }`` of 2 to 4 numbered exercises, each with its answer folded in a
``<details>`` block that includes an ``exercise_*.py`` snippet and quotes its output, and after it
a section ``{ #key-takeaways }`` with 3 to 5 points. A notation box (a box holding a table of
``$symbols$``) lists only symbols that the page's formulas use; the glossary has every symbol.

A quiz page (``<chapter>/quiz.md``) has sections ``{ #question-1 }``, ``{ #question-2 }`` … Each
lists its options as ``- **A.** …``, then folds its answer in ``<details class="question">``: a
first paragraph naming the right option (``**B** …``), then one explanation per other option, in
order (``- **A.** …``). A translation must name the same right options as the English page, and
every number an English answer states must be one that a snippet of the chapter prints.

The rules are read from lines, not from a Markdown parser: admonitions and the ``markdown``
attribute of ``<details>`` are Python-Markdown syntax that CommonMark parsers do not know.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from hooks.core.pages import INCLUDE_LINE, MARKER, Location, Page, folded_blocks

from .problem import Problem

QUIZ_PAGE = "quiz.md"
EXERCISES_ID = "exercises"
TAKEAWAYS_ID = "key-takeaways"
OUTCOMES = range(2, 5)
EXERCISES = range(2, 5)
TAKEAWAYS = range(3, 6)
QUESTIONS_AT_LEAST = 5
OPTIONS = range(3, 5)

H1 = re.compile(r"^# \S")
H2 = re.compile(r"^## .*\{\s*#(?P<id>[\w-]+)\s*\}\s*$")
GLANCE = re.compile(r'^!!! abstract "[^"]+"\s*$')
LABEL = re.compile(r"^    \*\*[^*]+\*\*")
INDENTED_ITEM = re.compile(r"^    - \S")
ITEM = re.compile(r"^[-*] \S")
EXERCISE = re.compile(r"^\*\*(?P<number>\d+)\.")
QUESTION_ID = re.compile(r"^question-(?P<number>\d+)$")
OPTION = re.compile(r"^- \*\*(?P<letter>[A-Z])\.\*\*")
RIGHT_OPTION = re.compile(r"^\*\*(?P<letter>[A-Z])\*\*")
QUESTION_DETAILS = re.compile(r'^<details class="question"[^>]*>\s*$')
BOX = re.compile(r"^(!!!|\?\?\?\+?) \w+")
SYMBOL_ROW = re.compile(r"^    \| *\$")
MATH = re.compile(r"\$\$?([^$]+)\$\$?", re.S)
NUMBER = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?(?![\w])")
NOT_PROSE = re.compile(r"\$\$?[^$]+\$\$?|`[^`]*`|\]\([^)]*\)|<[^>]+>")


def kind_of(relative: str) -> str | None:
    """``"chapter"`` or ``"quiz"`` for a page the course rules apply to, else None (the home page,
    the glossary, the cheat sheet)."""
    path = PurePosixPath(relative)
    if path.suffix != ".md" or len(path.parts) < 2:
        return None
    return "quiz" if path.name == QUIZ_PAGE else "chapter"


@dataclass
class _Section:
    id: str
    line: int  # 0-based index of the heading
    lines: list[tuple[int, str]] = field(default_factory=list)  # (0-based index, text) up to the next heading


def _sections(lines: list[str]) -> list[_Section]:
    sections: list[_Section] = []
    in_fence = False
    for index, text in enumerate(lines):
        if text.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        heading = None if in_fence else H2.match(text)
        if heading:
            sections.append(_Section(heading["id"], index))
        elif sections:
            sections[-1].lines.append((index, text))
    return sections


def _details_blocks(section: _Section) -> list[list[tuple[int, str]]]:
    """The lines of each top-level ``<details>`` block of a section, its opening line first; a
    block never closed ends with the marker ``(-1, "")``, which the callers report."""
    blocks = []
    for start, end in folded_blocks([text for _, text in section.lines]):
        block = section.lines[start : len(section.lines) if end is None else end]
        blocks.append(block + [(-1, "")] if end is None else block)
    return blocks


class _Report:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: list[Problem] = []

    def add(self, line_index: int, message: str) -> None:
        where = Location(self.page.language, self.page.path, line_index + 1)
        self.problems.append(Problem(where, message))


def _glance_problems(lines: list[str], report: _Report) -> None:
    title = next((i for i, text in enumerate(lines) if H1.match(text)), None)
    if title is None:
        report.add(0, "a chapter page needs a title (# …)")
        return
    first = next((i for i in range(title + 1, len(lines)) if lines[i].strip()), None)
    if first is None or not GLANCE.match(lines[first]):
        report.add(
            title,
            'the first block under the title must be the "at a glance" box: !!! abstract "…", with what the '
            "page assumes and what the reader will be able to do",
        )
        return
    body = []
    for text in lines[first + 1 :]:
        if text.strip() and not text.startswith("    "):
            break
        body.append(text)
    labels = sum(1 for text in body if LABEL.match(text))
    outcomes = sum(1 for text in body if INDENTED_ITEM.match(text))
    if labels != 2:
        report.add(first, f"the at-a-glance box has {labels} bold labels; it needs two (what it assumes, outcomes)")
    if outcomes not in OUTCOMES:
        report.add(first, f"the at-a-glance box lists {outcomes} outcomes; it needs {OUTCOMES[0]} to {OUTCOMES[-1]}")


def _is_exercise(snippet: str) -> bool:
    return PurePosixPath(snippet).name.startswith("exercise_")


def _exercise_problems(exercises: _Section, report: _Report) -> None:
    numbers = [int(m["number"]) for _, text in exercises.lines if (m := EXERCISE.match(text))]
    answers = _details_blocks(exercises)
    if len(answers) not in EXERCISES:
        report.add(exercises.line, f"{len(answers)} exercises with a folded answer; a chapter page needs 2 to 4")
    if numbers != list(range(1, len(answers) + 1)):
        report.add(
            exercises.line,
            f"the exercises are numbered {numbers}; with {len(answers)} answers they must be numbered 1 to "
            f"{len(answers)}, each as a paragraph starting **1. …",
        )
    for block in answers:
        opened = block[0][0]
        if block[-1][0] == -1:
            report.add(opened, "this answer's <details> block is never closed")
            continue
        included = {m["path"] for _, text in block if (m := INCLUDE_LINE.match(text)) and _is_exercise(m["path"])}
        quoted = {m["path"] for _, text in block if (m := MARKER.match(text)) and m["kind"] == "output"}
        if len(included) != 1:
            report.add(opened, "an answer includes one snippets/<topic>/exercise_*.py, the answer the suite runs")
        elif not included <= quoted:
            report.add(opened, f"the answer quotes no output of {next(iter(included))} (<!-- output: … -->)")


def _used(symbol: str, math: str) -> bool:
    """Whether a symbol (its LaTeX, spaces ignored) occurs in the page's formulas as itself, not as
    a letter of a longer name (``d`` in ``d_h`` counts, ``d`` in ``\\mathrm{dim}`` does not)."""
    written = re.escape(symbol.replace(" ", ""))
    return re.search(rf"(?<![A-Za-z\\]){written}(?![A-Za-z])", math) is not None


def _notation_problems(lines: list[str], report: _Report) -> None:
    """A notation box lists only symbols the page's formulas use (outside the box); the glossary
    holds every symbol of the chapter."""
    for start, text in enumerate(lines):
        if not BOX.match(text):
            continue
        end = start + 1
        while end < len(lines) and (not lines[end].strip() or lines[end].startswith("    ")):
            end += 1
        rows = [(index, lines[index]) for index in range(start + 1, end) if SYMBOL_ROW.match(lines[index])]
        if not rows:
            continue
        outside = "\n".join(lines[:start] + lines[end:])
        math = " ".join(m.replace(" ", "") for m in MATH.findall(outside))
        for index, row in rows:
            symbols = re.findall(r"\$([^$]+)\$", row.split("|")[1])
            if not any(_used(symbol, math) for symbol in symbols):
                report.add(index, f"the notation box lists {', '.join(symbols)}, which no formula of this page uses")


def _chapter_problems(lines: list[str], report: _Report) -> None:
    _glance_problems(lines, report)
    _notation_problems(lines, report)
    sections = _sections(lines)
    ids = [s.id for s in sections]
    for needed in (EXERCISES_ID, TAKEAWAYS_ID):
        if needed not in ids:
            report.add(0, f"a chapter page needs a section {{ #{needed} }}")
    if EXERCISES_ID in ids:
        _exercise_problems(sections[ids.index(EXERCISES_ID)], report)
    if TAKEAWAYS_ID in ids:
        takeaways = sections[ids.index(TAKEAWAYS_ID)]
        if EXERCISES_ID in ids and ids.index(TAKEAWAYS_ID) < ids.index(EXERCISES_ID):
            report.add(takeaways.line, "the key takeaways come after the exercises")
        points = sum(1 for _, text in takeaways.lines if ITEM.match(text))
        if points not in TAKEAWAYS:
            report.add(takeaways.line, f"{points} key takeaways; a chapter page needs 3 to 5, as a list")


def right_options(lines: list[str]) -> dict[str, str]:
    """Each question's id and the letter its answer names as right."""
    rights = {}
    for section in _sections(lines):
        for block in _details_blocks(section):
            first = next((text for _, text in block[1:] if RIGHT_OPTION.match(text)), None)
            if QUESTION_DETAILS.match(block[0][1]) and first is not None:
                rights[section.id] = RIGHT_OPTION.match(first)["letter"]  # type: ignore[index]
    return rights


def _question_problems(section: _Section, report: _Report) -> None:
    answers = [b for b in _details_blocks(section) if QUESTION_DETAILS.match(b[0][1])]
    if len(answers) != 1:
        report.add(section.line, f'{len(answers)} answers; a question folds one in <details class="question">')
        return
    answer = answers[0]
    if answer[-1][0] == -1:
        report.add(answer[0][0], "the answer's <details> block is never closed")
        return
    inside = {index for index, _ in answer}
    options = [m["letter"] for index, text in section.lines if index not in inside and (m := OPTION.match(text))]
    expected = [chr(ord("A") + i) for i in range(len(options))]
    if options != expected or len(options) not in OPTIONS:
        report.add(section.line, f"options {options}: a question offers 3 or 4, lettered from A, as - **A.** …")
        return
    right = next((m["letter"] for _, text in answer[1:] if (m := RIGHT_OPTION.match(text))), None)
    if right not in options:
        report.add(answer[0][0], f"the answer must start by naming the right option (**B** …); it names {right}")
        return
    explained = [m["letter"] for _, text in answer[1:] if (m := OPTION.match(text))]
    others = [letter for letter in options if letter != right]
    if explained != others:
        report.add(
            answer[0][0],
            f"the answer explains the options {explained}; it must explain each wrong one, in order: {others}",
        )


def _quiz_problems(lines: list[str], report: _Report, english: list[str] | None) -> None:
    questions = [s for s in _sections(lines) if QUESTION_ID.match(s.id)]
    numbers = [int(QUESTION_ID.match(s.id)["number"]) for s in questions]  # type: ignore[index]
    if len(questions) < QUESTIONS_AT_LEAST or numbers != list(range(1, len(questions) + 1)):
        report.add(
            0, f"a quiz needs at least {QUESTIONS_AT_LEAST} sections {{ #question-1 }}, {{ #question-2 }} … in order"
        )
    for section in questions:
        _question_problems(section, report)
    if english is not None:
        ours, theirs = right_options(lines), right_options(english)
        for question, letter in theirs.items():
            if question in ours and ours[question] != letter:
                at = next(s.line for s in questions if s.id == question)
                report.add(at, f"this translation's right option is {ours[question]}; the English page's is {letter}")


def printed_numbers(outputs: list[str]) -> set[str]:
    """The numbers a chapter's snippets print, without thousands separators."""
    return {n.replace(",", "") for text in outputs for n in NUMBER.findall(text)}


def unprinted_quiz_numbers(page: Page, text: str, printed: set[str]) -> list[Problem]:
    """Every number an answer's explanation states (outside formulas, code and link targets) is
    one that a snippet of the chapter prints: the explanations are checked like the pages."""
    report = _Report(page)
    for section in _sections(text.splitlines()):
        for block in _details_blocks(section):
            for index, line in block[1:]:
                for number in NUMBER.findall(NOT_PROSE.sub(" ", line)):
                    if number.replace(",", "") not in printed:
                        report.add(index, f"the answer states {number}, which no snippet of this chapter prints")
    return report.problems


def check_course_elements(page: Page, text: str, english: str | None = None) -> list[Problem]:
    """What a chapter page or a quiz lacks of the course's shape (``english``: the English page of a
    translated quiz, whose right answers the translation must keep)."""
    kind = kind_of(page.relative)
    if kind is None:
        return []
    report = _Report(page)
    lines = text.splitlines()
    if kind == "chapter":
        _chapter_problems(lines, report)
    else:
        _quiz_problems(lines, report, english.splitlines() if english is not None else None)
    return report.problems
