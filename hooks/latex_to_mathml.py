"""LaTeX to MathML at build time: a Python-Markdown extension, and the one conversion that the
notebook pages share with it (hooks/math_to_mathml.py calls ``to_mathml`` for their cells).

pymdownx.arithmatex (``generic: true``) finds the math of a page and leaves
``<span class="arithmatex">\\(...\\)</span>`` and ``<div class="arithmatex">\\[...\\]</div>``,
HTML-escaped. This extension's postprocessor, which runs after arithmatex's output is in the page,
replaces the LaTeX inside with MathML (latex2mathml, then hooks/mathml_fixes.py). No page loads
MathJax, KaTeX or any other script for math: browsers render MathML Core natively.

A display equation's box scrolls sideways when the formula is wider than the column; it is
focusable (``tabindex="0"``) so that a keyboard can scroll it, and named (``label``) for screen
readers. A formula that cannot be converted faithfully (an unknown command comes back from
latex2mathml as text such as ``<mi>\\foo</mi>``) stays LaTeX and is a WARNING naming the page
(``where``) and the formula, so ``mkdocs build --strict`` fails instead of showing it to readers.

Under MkDocs, hooks/math_to_mathml.py registers the extension and sets ``where`` and ``label``
for each page; under another builder that runs Markdown extensions (Zensical), list it after
``pymdownx.arithmatex`` with ``generic: true``.
"""

from __future__ import annotations

import html
import logging
import re
import xml.etree.ElementTree as etree

from latex2mathml import commands
from latex2mathml.converter import convert_to_element
from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor

from hooks.mathml_fixes import UnsupportedMath, fix

log = logging.getLogger("mkdocs.extensions.latex_to_mathml")

# latex2mathml knows align* but not aligned; both lay out the same rows inside display math
ENVIRONMENT_ALIASES = {r"\begin{aligned}": r"\begin{align*}", r"\end{aligned}": r"\end{align*}"}
# what latex2mathml leaves behind when it does not know a command (or an environment's "&")
UNCONVERTED = re.compile(r"\\[A-Za-z]+|&(?![#A-Za-z0-9]+;)")
# an environment latex2mathml does not know is dropped without a word, its content kept
KNOWN_ENVIRONMENTS = {name.lstrip("\\") for name in commands.MATRICES}
BEGIN = re.compile(r"\\begin\{([^}]*)\}")
ARITHMATEX = re.compile(
    r'<(?P<tag>span|div) class="arithmatex">\s*(?P<open>\\\(|\\\[)(?P<tex>.*?)(?:\\\)|\\\])\s*</(?P=tag)>',
    re.S,
)


# punctuation that TeX never separates from a formula beside it: "($x$)", "$x$," (ASCII, CJK);
# openers ( [ “ ‘ （ 「 and closers ) ] ” ’ , . ; : ! ? ） 」 ， 。 ； ： 、 ！ ？
OPENERS = "([\u201c\u2018\uff08\u300c"
CLOSERS = ")]\u201d\u2019,.;:!?\uff09\u300d\uff0c\u3002\uff1b\uff1a\u3001\uff01\uff1f"
# an inline formula's box and the closers right after it; the openers before it are found by
# looking back, because a pattern that begins with them would be tried at every character
INLINE_BOX_AND_CLOSERS = re.compile(
    rf'<span class="arithmatex"><math\b.*?</math></span>(?P<after>[{re.escape(CLOSERS)}]*)', re.S
)
GLUE_CLASS = "math-glue"


class MathError(ValueError):
    """A formula that cannot be shown as MathML as written."""


def to_mathml(tex: str, display: bool) -> str:
    """The MathML of one formula, with its LaTeX as an annotation; MathError if it cannot be
    converted faithfully."""
    source = tex.strip()
    for alias, known in ENVIRONMENT_ALIASES.items():
        source = source.replace(alias, known)
    for environment in BEGIN.findall(source):
        if environment not in KNOWN_ENVIRONMENTS:
            raise MathError(f"math uses {environment!r}, an environment latex2mathml does not know: {tex.strip()}")
    try:
        math = convert_to_element(source, display="block" if display else "inline")
    except Exception as error:  # latex2mathml raises many exception types for bad input
        raise MathError(f"cannot convert math to MathML ({error}): {tex.strip()}") from None
    for element in math.iter():
        unknown = UNCONVERTED.search(element.text or "")
        if unknown:
            raise MathError(f"math uses {unknown[0]!r}, which latex2mathml does not support: {tex.strip()}")
    try:
        fix(math)
    except UnsupportedMath as error:
        raise MathError(f"{error}: {tex.strip()}") from None
    # one presentation element and the LaTeX source, for copy and paste and for screen readers that
    # prefer it; Material's search indexes the rendered formula, not this (hooks/search_input.py)
    content = list(math)
    if len(content) == 1:
        presentation = content[0]
    else:
        presentation = etree.Element("mrow")
        presentation.extend(content)
    semantics = etree.Element("semantics")
    annotation = etree.SubElement(semantics, "annotation", encoding="application/x-tex")
    annotation.text = tex.strip()
    semantics.insert(0, presentation)
    math[:] = [semantics]
    return etree.tostring(math, encoding="unicode")


def math_box(tag: str, mathml: str, display: bool, label: str) -> str:
    """The element arithmatex wraps a formula in; a display equation's scrolls and takes focus."""
    if not display:
        return f'<{tag} class="arithmatex">{mathml}</{tag}>'
    name = html.escape(label, quote=True)
    return f'<{tag} class="arithmatex" tabindex="0" role="group" aria-label="{name}">{mathml}</{tag}>'


def glue_punctuation(page_html: str) -> str:
    """An inline formula and the brackets and punctuation written right beside it share a line:
    a browser would otherwise break between "(" and the formula, or put a "," at a line's start."""

    pieces, done = [], 0
    for match in INLINE_BOX_AND_CLOSERS.finditer(page_html):
        start = match.start()
        while start > done and page_html[start - 1] in OPENERS:
            start -= 1
        pieces.append(page_html[done:start])
        glued = page_html[start : match.end()]
        pieces.append(
            glued if start == match.start() and not match["after"] else f'<span class="{GLUE_CLASS}">{glued}</span>'
        )
        done = match.end()
    pieces.append(page_html[done:])
    return "".join(pieces)


def convert_arithmatex(
    page_html: str, where: str, label: str, converted: dict[tuple[str, bool], str] | None = None
) -> str:
    """Every arithmatex formula of ``page_html`` as MathML (a WARNING for each one that is not).
    ``converted``: formulas converted before, by LaTeX and display, added to as this goes (one
    that fails is not kept, so that every page that has it is named)."""

    def replace(match: re.Match) -> str:
        display = match["open"] == "\\["
        tex = html.unescape(match["tex"])
        mathml = None if converted is None else converted.get((tex, display))
        if mathml is None:
            try:
                mathml = to_mathml(tex, display)
            except MathError as error:
                log.warning(f"{where}: {error}" if where else str(error))
                return match.group(0)
            if converted is not None:
                converted[(tex, display)] = mathml
        return math_box(match["tag"], mathml, display, label)

    return glue_punctuation(ARITHMATEX.sub(replace, page_html))


class _ArithmatexToMathML(Postprocessor):
    def __init__(self, md: Markdown, extension: LatexToMathML):
        super().__init__(md)
        self.extension = extension

    def run(self, text: str) -> str:
        where, label = self.extension.getConfig("where"), self.extension.getConfig("label")
        return convert_arithmatex(text, where, label, self.extension.converted)


class LatexToMathML(Extension):
    def __init__(self, **kwargs: object) -> None:
        self.config = {
            "label": ["Equation", "accessible name of the box a display equation scrolls in"],
            "where": ["", "the page being converted, named in warnings"],
        }
        super().__init__(**kwargs)
        # the same formulas appear in every language, and again at each `mkdocs serve` rebuild
        # (the build plugin keeps this extension): each is converted once
        self.converted: dict[tuple[str, bool], str] = {}

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        # after raw_html (30), which puts arithmatex's stashed display math back into the page
        md.postprocessors.register(_ArithmatexToMathML(md, self), "latex_to_mathml", 5)


def makeExtension(**kwargs: object) -> LatexToMathML:  # noqa: N802
    return LatexToMathML(**kwargs)
