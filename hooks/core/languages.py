"""Everything that differs by language, from one table (languages.yml beside this module).

The build reads it through ``language(code)``; the templates through ``config.extra.languages``
and the pages' scripts through the JSON the page head carries (hooks/plugin.py puts both there);
the verifier through the same functions. ``problems()`` names any row that lacks a key the
English row has, so a new language cannot ship half its texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

TABLE = Path(__file__).with_name("languages.yml")
SOURCE = "en"  # the row every other row must match key for key
PLACEHOLDER = re.compile(r"\{\w+\}")  # where the build or a script puts a number: "{minutes} min"


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    og_locale: str
    decimal_comma: bool
    minus: str
    tie_one_letter_words: bool
    space_between_han_and_latin: bool
    parenthesis_keeps_to_its_word: bool
    search: dict[str, list[str]]
    words: dict[str, str]


@cache
def table() -> dict[str, dict[str, Any]]:
    return yaml.safe_load(TABLE.read_text(encoding="utf-8"))


def language(code: str) -> Language:
    """The row of a language; a language the table lacks is a KeyError that names the table."""
    rows = table()
    if code not in rows:
        raise KeyError(f"{TABLE.name} has no row for the language {code!r}")
    return Language(code=code, **rows[code])


def decimal_comma(code: str) -> bool:
    return code in table() and bool(table()[code]["decimal_comma"])


def written(number: str, code: str) -> str:
    """A number as printed ("-0.1526") as the language's pages show it ("−0,1526" in Polish)."""
    row = language(code)
    shown = number.replace(".", ",") if row.decimal_comma else number
    return row.minus + shown[1:] if shown.startswith("-") else shown


def problems(codes: list[str], rows: dict[str, dict[str, Any]] | None = None) -> list[str]:
    """What the table lacks for these languages: a row, a key the English row has, or a text."""
    rows = table() if rows is None else rows
    found = []
    expected = rows[SOURCE]
    for code in codes:
        row = rows.get(code)
        if row is None:
            found.append(f"{TABLE.name}: no row for {code}")
            continue
        for key in sorted(set(expected) - set(row)):
            found.append(f"{TABLE.name}: {code} has no {key}")
        for key in sorted(set(row) - set(expected)):
            found.append(f"{TABLE.name}: {code} has {key}, which {SOURCE} does not have")
        for key in sorted(set(expected.get("words", {})) - set(row.get("words") or {})):
            found.append(f"{TABLE.name}: {code} has no words.{key}")
        for key, text in sorted((row.get("words") or {}).items()):
            if not str(text).strip():
                found.append(f"{TABLE.name}: {code} words.{key} is empty")
            wanted = sorted(PLACEHOLDER.findall(str(expected.get("words", {}).get(key, ""))))
            if sorted(PLACEHOLDER.findall(str(text))) != wanted:
                found.append(f"{TABLE.name}: {code} words.{key} must hold {wanted}, as {SOURCE}'s does")
    return found


def ties_one_letter_words(code: str | None) -> bool:
    return code is not None and code in table() and bool(table()[code]["tie_one_letter_words"])
