"""Compare a quoted output with what the snippet printed, and compute the replacement text.

Lines are compared exactly after trailing whitespace is removed (and blank lines at the very
end are ignored). A quoted line that is exactly ``...`` matches any number of printed lines.
"""

from __future__ import annotations

import difflib

from hooks.core.pages import ELISION


def normalize(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _segments(quoted: list[str]) -> list[list[str]]:
    segments: list[list[str]] = [[]]
    for line in quoted:
        if line == ELISION:
            segments.append([])
        else:
            segments[-1].append(line)
    return segments


def matches(quoted_text: str, printed_text: str) -> bool:
    quoted, printed = normalize(quoted_text), normalize(printed_text)
    segments = _segments(quoted)
    if len(segments) == 1:
        return quoted == printed
    head, *middle, tail = segments
    if printed[: len(head)] != head:
        return False
    if tail and printed[len(printed) - len(tail) :] != tail:
        return False
    position, end = len(head), len(printed) - len(tail)
    if end < position:
        return False
    for segment in middle:
        found = _find(printed, segment, position, end)
        if found is None:
            return False
        position = found + len(segment)
    return True


def _find(lines: list[str], segment: list[str], start: int, end: int) -> int | None:
    for index in range(start, end - len(segment) + 1):
        if lines[index : index + len(segment)] == segment:
            return index
    return None


def diff(quoted_text: str, printed_text: str, quoted_name: str, printed_name: str) -> str:
    return "\n".join(
        difflib.unified_diff(normalize(quoted_text), normalize(printed_text), quoted_name, printed_name, lineterm="")
    )


def updated_quote(quoted_text: str, printed_text: str) -> str:
    """The text the update command writes: the printed output, keeping the quote's elisions.

    A quote with one ``...`` keeps as many lines before and after it as it had; anything more
    elaborate is replaced by the whole output, because guessing would hide a real change.
    """
    quoted, printed = normalize(quoted_text), normalize(printed_text)
    segments = _segments(quoted)
    if len(segments) == 2:
        head, tail = len(segments[0]), len(segments[1])
        if head + tail < len(printed):
            kept = printed[:head] + [ELISION] + (printed[len(printed) - tail :] if tail else [])
            return "\n".join(kept) + "\n"
    return "\n".join(printed) + "\n"
