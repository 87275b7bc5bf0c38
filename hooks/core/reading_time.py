"""How long a page takes to read, from what is on it: the estimate the home page's fast track
quotes, so that its minutes follow the pages when they change (tests/docs/test_fast_track.py).

A reader of technical text reads about 200 words of prose a minute, 15 lines of code and 30 lines
of printed output (the rates of the learner's review, ../shared/reviews/learner.md). Formulas,
figures and tables count by their words only; answers folded in ``<details>`` (exercises,
quizzes) do not count, since a reader opens them after trying. The estimate is the English page's: every
translation says the same, and shows the same minutes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from .markdown import tokens
from .pages import Page, folded_blocks

PAGES_WITHOUT_READING_TIME = {"index.md", "glossary.md"}  # and notebooks: only chapter pages say it
WORDS_PER_MINUTE = 200
CODE_LINES_PER_MINUTE = 15
OUTPUT_LINES_PER_MINUTE = 30


@dataclass(frozen=True)
class ReadingTime:
    words: int
    code_lines: int
    output_lines: int

    @property
    def minutes(self) -> int:
        """Whole minutes, rounded up: a page never takes less than it says."""
        exact = (
            self.words / WORDS_PER_MINUTE
            + self.code_lines / CODE_LINES_PER_MINUTE
            + self.output_lines / OUTPUT_LINES_PER_MINUTE
        )
        return math.ceil(exact)


def prose_words(text: str) -> int:
    """Words of a page's paragraphs, headings, list items and table cells; an inline formula
    counts as one word, code blocks and HTML not at all."""
    count = 0
    for token in tokens(text):
        for child in token.children or [] if token.type == "inline" else []:
            if child.type in ("text", "code_inline"):
                count += len(child.content.split())
            elif child.type == "math_inline":
                count += 1
    return count


def folded_lines(text: str) -> set[int]:
    """The 1-based lines of the page's ``<details>`` blocks: exercise and quiz answers, which a
    reader opens after trying, so they are not part of the first reading."""
    lines = text.splitlines()
    return {
        number + 1
        for start, end in folded_blocks(lines)
        for number in range(start, len(lines) if end is None else end + 1)
    }


def reading_time(page: Page, root: Path, snippets_dir: Path) -> ReadingTime:
    """The reading time of a Markdown page: its prose, the snippets it includes and the outputs
    it quotes, without the folded answers."""
    text = (root / page.path).read_text(encoding="utf-8")
    folded = folded_lines(text)
    unfolded = "\n".join("" if n in folded else line for n, line in enumerate(text.splitlines(), start=1))
    code = sum(
        len((snippets_dir / include.snippet).read_text(encoding="utf-8").splitlines())
        for include in page.includes
        if include.location.line not in folded
    )
    output = sum(len(quote.text.splitlines()) for quote in page.outputs if quote.location.line not in folded)
    return ReadingTime(prose_words(unfolded), code, output)
