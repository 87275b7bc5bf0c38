"""The math font: STIX Two Math (SIL Open Font License 1.1), cut down to what the pages' formulas
draw and written as woff2 at build time.

The font comes from a package on the registry, ``ziamath``, which ships
``ziamath/fonts/STIXTwoMath-Regular.ttf`` (1.5 MB); it is read from the installed distribution
without importing ziamath, so none of its dependencies is needed. fontTools keeps the glyphs of
the characters the formulas use (and the italic letters a browser draws for a one-letter
``<mi>``), and closes the set over the MATH table: the larger variants and the pieces that
stretchy fences, radicals and large operators are built from. The copyright and license name
records stay in the font, as the OFL asks (hooks/font_files.py).
"""

from __future__ import annotations

import html
import re
import unicodedata
import xml.etree.ElementTree as etree
from collections.abc import Mapping, Set
from pathlib import Path

from hooks.font_files import font_in_package

PACKAGE = "ziamath"
FONT_IN_PACKAGE = "ziamath/fonts/STIXTwoMath-Regular.ttf"
FAMILY = "STIX Two Math"
MATH = re.compile(r"<math\b.*?</math>", re.S)
ANNOTATION = re.compile(r"<annotation(?:-xml)?\b.*?</annotation(?:-xml)?>", re.S)
TAG = re.compile(r"<[^>]*>")
# elements a browser draws with a glyph that is not in their text
DRAWN_GLYPHS = {"msqrt": "\u221a", "mroot": "\u221a"}


def font_path() -> Path:
    """STIX Two Math as the ziamath package installed it (requirements.txt pins the version)."""
    return font_in_package(PACKAGE, FONT_IN_PACKAGE)


def _italic(char: str) -> str | None:
    """The character a browser draws for a one-letter ``<mi>`` (CSS ``text-transform: math-auto``)."""
    if char == "h":
        return "\u210e"  # PLANCK CONSTANT: the italic h outside the Mathematical Alphanumeric block
    name = unicodedata.name(char, "")
    if not re.match(r"(LATIN|GREEK) |PARTIAL DIFFERENTIAL$|NABLA$", name):
        return None
    shape = re.sub(r"^(LATIN|GREEK) |LETTER |LUNATE ", "", name)
    try:
        return unicodedata.lookup(f"MATHEMATICAL ITALIC {shape}")
    except KeyError:
        return None


def characters(page_html: str) -> frozenset[str]:
    """The characters the MathML formulas of a page draw (their LaTeX annotations aside)."""
    found: set[str] = set()
    for match in MATH.finditer(page_html):
        mathml = ANNOTATION.sub("", match.group(0))
        try:
            root = etree.fromstring(mathml)
        except etree.ParseError:  # MathML written by hand with HTML entities: its text, at least
            found.update(char for char in html.unescape(TAG.sub("", mathml)) if char not in "\t\n\r")
            continue
        for element in root.iter():
            tag = element.tag.rsplit("}", 1)[-1]
            text = element.text or ""
            found.update(char for char in text if char not in "\t\n\r")
            if tag in DRAWN_GLYPHS:
                found.add(DRAWN_GLYPHS[tag])
            if tag == "mi" and len(text) == 1 and "mathvariant" not in element.attrib:
                italic = _italic(text)
                if italic:
                    found.add(italic)
    return frozenset(found)


def missing_glyphs(drawn_by_page: Mapping[str, Set[str]], available: set[str]) -> list[str]:
    """One message per page whose formulas draw a character the font does not have."""
    problems = []
    for page, drawn in sorted(drawn_by_page.items()):
        missing = sorted(drawn - available)
        if missing:
            names = ", ".join(f"{char!r} (U+{ord(char):04X})" for char in missing)
            problems.append(f"{page}: the math font {FAMILY} has no glyph for {names}")
    return problems
