"""Post-processing of latex2mathml's MathML, so that a browser implementing MathML Core (Chromium)
typesets it as TeX would. Each fix is one function on the ElementTree that
``latex2mathml.converter.convert_to_element`` returns; ``fix`` applies them all, in order.

What latex2mathml writes, and what a MathML Core browser makes of it:

* characters are kept as ``&#x...;`` strings; ``\\mathrm{i}`` becomes ``<mi>&#x00069;</mi>``
  with no ``mathvariant``, which a browser sets in italic like any one-letter ``<mi>``;
* ``mathvariant`` other than ``normal`` (``\\boldsymbol``, ``\\mathit``) is ignored by browsers;
* named spaces (``\\!`` is ``width="negativethinmathspace"``) are not MathML Core lengths;
* ``\\mathrm{base}`` is one ``<mi mathvariant="normal">`` per letter (four elements, no kerning);
* ``\\sin x`` has no space between the function and its argument;
* a prime is a superscript: ``x'`` is ``<msup><mi>x</mi><mi>′</mi></msup>``, and U+2032 is
  already a raised glyph, so the browser raises it a second time and shrinks it;
* ``pmatrix`` (and the other matrices) put their parentheses in the surrounding row, so the
  parentheses stretch to the tallest thing in the row instead of to the matrix;
* a plain ``|`` or ``‖`` in the middle of a row takes the operator dictionary's infix spacing, a
  thick space on both sides (``|n - m|  < L``), and ``/``, ``…`` and a full stop get spaces TeX
  does not give them (``d / 2 - 1 .``);
* ``align*`` (our ``aligned``) gives its cells ``columnalign`` and its table ``columnspacing``,
  which MathML Core ignores: the ``=`` signs of the rows would not line up;
* a sign that TeX sets as unary (``(-0.63``, ``x = -1``, ``1, -2``) is an infix ``<mo>`` in its
  row, so the browser spaces it like a binary minus: ``( − 0.63``;
* the Polish decimal comma ``0{,}1`` is ``<mn>0</mn><mrow><mo>,</mo></mrow><mn>1</mn>``, and the
  comma gets a separator's space after it (``0, 1``); ``;`` is an ``<mi>``, with no space after it.
"""

from __future__ import annotations

import html
import re
import unicodedata
import xml.etree.ElementTree as etree

NAMED_SPACES = {  # em, as MathML 3 defined them
    "veryverythinmathspace": 1 / 18,
    "verythinmathspace": 2 / 18,
    "thinmathspace": 3 / 18,
    "mediummathspace": 4 / 18,
    "thickmathspace": 5 / 18,
    "verythickmathspace": 6 / 18,
    "veryverythickmathspace": 7 / 18,
}
FUNCTIONS = {
    "sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "arcsin", "arccos", "arctan",
    "log", "ln", "lg", "exp", "arg", "det", "dim", "ker", "deg", "gcd", "Pr",
}  # fmt: skip
# what TeX puts a thin space before when it follows a function name (not "(", which is an Open)
ARGUMENT_TAGS = {"mi", "mn", "msub", "msup", "msubsup", "mfrac", "mover", "msqrt"}
FUNCTION_APPLICATION = "\u2061"
THIN_SPACE = "0.1667em"
PRIMES = set("\u2032\u2033\u2034\u2057")
OPENING = {"(": ")", "[": "]", "{": "}", "|": "|", "\u2016": "\u2016", "\u27e8": "\u27e9"}
# elements whose children form a row (MathML Core lays them out as an inferred <mrow>)
ROWS = {"math", "mrow", "mtd", "msqrt", "mstyle", "mpadded", "mphantom", "menclose", "merror"}
BARS = {"|", "\u2016", "\u2223", "\u2225"}
SCRIPTED = {"msub", "msup", "msubsup"}
SIGNS = {"\u2212", "+", "\u00b1", "\u2213"}  # −, +, ±, ∓
# after these a sign is unary: separators, relations (= < > ≤ ≥ ≈ ≠ ≡ ∼ ≪ ≫ → ↦ ∈) and operators (× ⋅ ∗ /)
BEFORE_A_UNARY_SIGN = (
    set(",;:=<>\u2264\u2265\u2248\u2260\u2261\u223c\u226a\u226b\u2192\u21a6\u2208\u00d7\u22c5\u2217/") | SIGNS
)
ORDINARY = {"/", ".", "\u2026", "\u22ef"}  # /, a full stop, …, ⋯
ASCII_LETTER_REFERENCE = re.compile(r"&#x0*(?:4[1-9A-Fa-f]|5[0-9Aa]|6[1-9A-Fa-f]|7[0-9Aa]);")
VARIANT_NAMES = {
    "bold": "BOLD",
    "italic": "ITALIC",
    "bold-italic": "BOLD ITALIC",
    "double-struck": "DOUBLE-STRUCK",
    "script": "SCRIPT",
    "bold-script": "BOLD SCRIPT",
    "fraktur": "FRAKTUR",
    "bold-fraktur": "BOLD FRAKTUR",
    "sans-serif": "SANS-SERIF",
    "bold-sans-serif": "SANS-SERIF BOLD",
    "sans-serif-italic": "SANS-SERIF ITALIC",
    "sans-serif-bold-italic": "SANS-SERIF BOLD ITALIC",
    "monospace": "MONOSPACE",
}
# letters that have their own code point outside the Mathematical Alphanumeric Symbols block
LETTERLIKE = {"ITALIC SMALL H": "PLANCK CONSTANT"}  # the others are named like "SCRIPT CAPITAL B"


class UnsupportedMath(ValueError):
    """MathML that no fix here can make render as written."""


def fix(math: etree.Element) -> None:
    """Rewrite latex2mathml's tree in place (see the module docstring for what and why)."""
    _characters(math)
    _decimal_commas(math)
    _semicolons(math)
    _mathvariants(math)
    _named_spaces(math)
    _primes(math)
    _merge_upright_letters(math)
    _unwrap_single_rows(math)
    _function_spacing(math)
    _matrix_fences(math)
    _ordinary_spacing(math)
    _unary_signs(math)
    _aligned_columns(math)


def _parents(root: etree.Element) -> list[etree.Element]:
    return [element for element in root.iter() if len(element)]


def _characters(math: etree.Element) -> None:
    """``&#x...;`` strings become characters; a letter that latex2mathml wrote as a reference in
    an ``<mi>`` without ``mathvariant`` came from ``\\mathrm{x}`` and stays upright."""
    for element in math.iter():
        text = element.text
        if not text or "&" not in text:
            continue
        if element.tag == "mi" and "mathvariant" not in element.attrib and ASCII_LETTER_REFERENCE.fullmatch(text):
            element.set("mathvariant", "normal")
        element.text = html.unescape(text)


def _decimal_commas(math: etree.Element) -> None:
    """``0{,}1`` (a comma in braces between two numbers, as Polish writes a decimal) is one number,
    ``<mn>0,1</mn>``, as TeX sets it: with no space after the comma."""
    for parent in _parents(math):
        children = list(parent)
        position = 0
        while position + 2 < len(children):
            before, braces, after = children[position : position + 3]
            # the digits after the comma may carry a script: 0{,}02^2
            digits = after[0] if after.tag in SCRIPTED and len(after) and after[0].tag == "mn" else after
            if (
                before.tag == "mn" == digits.tag
                and braces.tag == "mrow"
                and len(braces) == 1
                and braces[0].tag == "mo"
                and braces[0].text == ","
            ):
                digits.text = f"{before.text},{digits.text}"
                del children[position : position + 2]
            else:
                position += 1
        if len(children) != len(parent):
            parent[:] = children


def _semicolons(math: etree.Element) -> None:
    """latex2mathml writes ``;`` as an identifier; it is punctuation, with a thin space after it."""
    for element in math.iter("mi"):
        if element.text == ";":
            element.tag = "mo"


def _unary_signs(math: etree.Element) -> None:
    """``(-0.63``, ``x = -1``, ``1, -2``: a minus or plus at the start of a row or after an opening
    fence, a separator, a relation or another operator is unary, and TeX gives it no space."""
    for parent in _parents(math):
        if parent.tag not in ROWS:
            continue
        previous = None
        for child in parent:
            if child.tag == "mo" and child.text in SIGNS and _makes_the_next_sign_unary(previous):
                child.attrib.update(lspace="0", rspace="0")
            previous = child


def _makes_the_next_sign_unary(previous: etree.Element | None) -> bool:
    if previous is None:
        return True
    return previous.tag == "mo" and (previous.text in OPENING or previous.text in BEFORE_A_UNARY_SIGN)


def _mathvariants(math: etree.Element) -> None:
    """``mathvariant`` other than ``normal`` becomes the Mathematical Alphanumeric character."""
    for element in math.iter():
        variant = element.get("mathvariant")
        if variant in (None, "normal"):
            continue
        text = element.text or ""
        if variant == "italic" and element.tag == "mi" and len(text) == 1:
            del element.attrib["mathvariant"]  # a one-letter <mi> is italic anyway
            continue
        element.text = "".join(_styled(char, variant) for char in text)
        del element.attrib["mathvariant"]
        if element.tag == "mi" and len(element.text) > 1:
            element.set("mathvariant", "normal")  # styled letters, not italicized again


def _styled(char: str, variant: str) -> str:
    """``char`` in the Mathematical Alphanumeric Symbols style ``variant`` (𝐱 for bold x)."""
    name = unicodedata.name(char, "")
    letter = re.fullmatch(r"(?:LATIN|GREEK) ((?:SMALL|CAPITAL) )LETTER (\w+)|(DIGIT \w+)", name)
    style = VARIANT_NAMES.get(variant)
    if letter is None or style is None:
        if char.isalnum():
            raise UnsupportedMath(f"no {variant} form of {char!r}, and browsers ignore mathvariant={variant!r}")
        return char
    wanted = f"{style} {letter[3] or letter[1] + letter[2]}"
    for candidate in (f"MATHEMATICAL {wanted}", wanted.replace("FRAKTUR", "BLACK-LETTER"), LETTERLIKE.get(wanted, "")):
        try:
            return unicodedata.lookup(candidate)
        except KeyError:
            continue
    raise UnsupportedMath(f"no {variant} form of {char!r}, and browsers ignore mathvariant={variant!r}")


def _named_spaces(math: etree.Element) -> None:
    for element in math.iter():
        for attribute in ("width", "lspace", "rspace"):
            value = element.get(attribute, "")
            name = value.removeprefix("negative")
            if name in NAMED_SPACES:
                sign = "-" if value.startswith("negative") else ""
                element.set(attribute, f"{sign}{NAMED_SPACES[name]:.4f}em")


def _is_primes(element: etree.Element) -> bool:
    text = element.text or ""
    return element.tag in ("mi", "mo") and len(element) == 0 and bool(text) and set(text) <= PRIMES


def _prime(text: str) -> etree.Element:
    prime = etree.Element("mo")
    prime.text = text
    return prime


def _primes(math: etree.Element) -> None:
    """``x'`` as the base-level glyph U+2032 after ``x`` (it is drawn raised); ``x'_{2i}`` as
    ``x′`` with the subscript under the prime, as TeX places it: the prime takes no width, so the
    subscript starts right after the ``x``."""
    for parent in _parents(math):
        for index, script in enumerate(list(parent)):
            if script.tag == "msup" and len(script) == 2 and _is_primes(script[1]):
                row = etree.Element("mrow")
                row.extend([script[0], _prime(script[1].text or "")])
                parent[index] = row
            elif script.tag == "msubsup" and len(script) == 3 and _is_primes(script[2]):
                base, subscript, primes = script[0], script[1], script[2]
                zero_width = etree.Element("mpadded", width="0")
                zero_width.append(_prime(primes.text or ""))
                row = etree.Element("mrow")
                row.extend([base, zero_width])
                with_subscript = etree.Element("msub")
                with_subscript.extend([row, subscript])
                parent[index] = with_subscript


def _is_upright_letter(element: etree.Element) -> bool:
    return (
        element.tag == "mi"
        and element.get("mathvariant") == "normal"
        and len(element.attrib) == 1
        and len(element) == 0
        and bool(element.text)
    )


def _merge_upright_letters(math: etree.Element) -> None:
    """``\\mathrm{base}``: one ``<mi>base</mi>`` (several letters are upright without saying so)."""
    for parent in _parents(math):
        children = list(parent)
        merged: list[etree.Element] = []
        for child in children:
            if merged and _is_upright_letter(child) and _is_upright_letter(merged[-1]) and not merged[-1].tail:
                merged[-1].text = (merged[-1].text or "") + (child.text or "")
            else:
                merged.append(child)
        if len(merged) != len(children):
            for element in merged:
                if _is_upright_letter(element) and len(element.text or "") > 1:
                    del element.attrib["mathvariant"]
            parent[:] = merged


def _unwrap_single_rows(math: etree.Element) -> None:
    """An ``<mrow>`` around one element (that is not an operator, whose form depends on its row)
    is the element."""
    for parent in _parents(math):
        for index, child in enumerate(list(parent)):
            while child.tag == "mrow" and not child.attrib and len(child) == 1 and child[0].tag != "mo":
                child = child[0]
            parent[index] = child


def _function_spacing(math: etree.Element) -> None:
    """``\\cos m\\theta``: a thin space after the function name, as TeX sets it."""
    for parent in _parents(math):
        children = list(parent)
        for position in range(len(children) - 2, -1, -1):
            name, argument = children[position], children[position + 1]
            if name.tag == "mi" and name.text in FUNCTIONS and argument.tag in ARGUMENT_TAGS:
                apply = etree.Element("mo")
                apply.text = FUNCTION_APPLICATION
                space = etree.Element("mspace", width=THIN_SPACE)
                children[position + 1 : position + 1] = [apply, space]
        if len(children) != len(parent):
            parent[:] = children


def _matrix_fences(math: etree.Element) -> None:
    """``( <mtable> )`` becomes a row of its own with stretchy fences, so they fit the matrix."""
    for parent in _parents(math):
        if parent.tag not in ROWS:
            continue
        children = list(parent)
        position = 0
        while position + 3 <= len(children):
            opening, table, closing = children[position : position + 3]
            position += 1
            if not (opening.tag == "mo" == closing.tag and table.tag == "mtable"):
                continue
            if OPENING.get(opening.text or "") != closing.text:
                continue
            opening.attrib.update(fence="true", form="prefix", stretchy="true")
            closing.attrib.update(fence="true", form="postfix", stretchy="true")
            if len(children) > 3:
                row = etree.Element("mrow")
                row.extend([opening, table, closing])
                children[position - 1 : position + 2] = [row]
        if len(children) != len(parent):
            parent[:] = children


def _ordinary_spacing(math: etree.Element) -> None:
    """``d/2``, ``n - 1.``, ``1, \\dots, n`` and ``|n - m|``: symbols TeX sets as ordinary ones
    get no space of their own (the operator dictionary gives ``/``, ``…``, an infix ``|`` and ``.``,
    which it does not list, space on both sides); bars that are not ``\\left``/``\\right``
    fences also keep their size, as TeX's ``|`` does."""
    for element in math.iter("mo"):
        if element.get("fence") == "true":
            continue
        if element.text in BARS:
            element.attrib.update(lspace="0", rspace="0", stretchy="false")
        elif element.text in ORDINARY:
            element.attrib.update(lspace="0", rspace="0")


def _aligned_columns(math: etree.Element) -> None:
    """``columnalign``, ``columnspacing`` and ``rowspacing`` as CSS on the cells, which browsers
    read (a matrix inside an aligned row keeps its own)."""
    for table in math.iter("mtable"):
        spacing = table.get("columnspacing", "").split()
        rows = table.get("rowspacing", "").split()
        for row in table.findall("mtr"):
            cells = row.findall("mtd")
            for column, cell in enumerate(cells):
                styles = []
                align = cell.get("columnalign")
                if align:
                    # Chromium lays out a cell's content as a block and honours only the legacy
                    # -webkit- values there (text-align: right leaves it at the left); others read the first
                    styles.append(f"text-align:{align};text-align:-webkit-{align}")
                if spacing:
                    left = spacing[(column - 1) % len(spacing)] if column else "0em"
                    right = spacing[column % len(spacing)] if column < len(cells) - 1 else "0em"
                    styles.append(f"padding-left:{_half(left)};padding-right:{_half(right)}")
                if rows:  # added to the 0.5ex above and below that a cell has anyway, like TeX's \jot
                    extra = f"calc(0.5ex + {_half(rows[0])})"
                    styles.append(f"padding-top:{extra};padding-bottom:{extra}")
                if styles:
                    cell.set("style", ";".join(styles))


def _half(length: str) -> str:
    match = re.fullmatch(r"([\d.]+)(\w+)", length)
    if not match:
        return length
    return f"{float(match[1]) / 2:g}{match[2]}"
