"""Math at build time, without a browser: LaTeX to MathML (hooks/latex_to_mathml.py), the fixes
of latex2mathml's output (hooks/mathml_fixes.py), the notebook path that shares the conversion
(hooks/math_to_mathml.py) and the math font (hooks/math_font.py). tests/browser/test_browser_math.py
checks what Chromium makes of the built pages."""

from __future__ import annotations

import io
import logging
import random
import re
import xml.etree.ElementTree as etree
from pathlib import Path
from types import SimpleNamespace

import markdown
import pytest

from hooks import font_files, latex_to_mathml, math_font, math_to_mathml
from hooks.latex_to_mathml import LatexToMathML, MathError, to_mathml

PRIME = "\u2032"


def parse(mathml: str) -> etree.Element:
    return etree.fromstring(mathml.replace(' xmlns="http://www.w3.org/1998/Math/MathML"', ""))


def tree(tex: str, display: bool = False) -> etree.Element:
    """The presentation MathML of a formula (inside <semantics>, without the annotation)."""
    math = parse(to_mathml(tex, display))
    semantics = math[0]
    assert semantics.tag == "semantics" and semantics[-1].tag == "annotation"
    return semantics[0]


def shape(element: etree.Element) -> str:
    """A compact view of a tree: tag(child child) or tag'text'."""
    if len(element):
        return f"{element.tag}({' '.join(shape(child) for child in element)})"
    return f"{element.tag}'{element.text or ''}'"


# -- the conversion ---------------------------------------------------------------------------


def test_a_formula_becomes_mathml_with_its_latex_as_annotation():
    math = parse(to_mathml(r"a < b", display=True))
    assert math.tag == "math" and math.get("display") == "block"
    annotation = math.find("semantics/annotation")
    assert annotation is not None and annotation.text == "a < b"
    assert annotation.get("encoding") == "application/x-tex"
    assert "&lt;" in to_mathml("a < b", display=False)  # escaped once, as XML, not left raw


def test_characters_are_characters_not_references():
    assert shape(tree(r"\theta \le \pi")) == "mrow(mi'θ' mo'≤' mi'π')"


@pytest.mark.parametrize("tex", [r"\foo x", r"\begin{foo} a \end{foo}", r"a & b", r"\frac{1}{"])
def test_what_latex2mathml_cannot_convert_is_an_error(tex):
    with pytest.raises(MathError):
        to_mathml(tex, display=True)


# -- the fixes --------------------------------------------------------------------------------


def test_a_prime_is_the_base_level_glyph_after_its_letter():
    assert shape(tree("x'")) == f"mrow(mi'x' mo'{PRIME}')"
    assert shape(tree(r"\mathrm{base}'")) == f"mrow(mi'base' mo'{PRIME}')"


def test_a_primed_letter_with_a_subscript_puts_the_subscript_under_the_prime():
    assert shape(tree("x'_{2i}")) == f"msub(mrow(mi'x' mpadded(mo'{PRIME}')) mrow(mn'2' mi'i'))"
    primed = tree(r"\theta'_i").find("mrow/mpadded")
    assert primed is not None and primed.get("width") == "0"
    assert "msubsup" not in to_mathml("x'_{2i}", False)


def test_a_matrix_is_a_row_of_its_own_between_stretchy_fences():
    row = tree(r"\begin{pmatrix} a \\ b \end{pmatrix} = \begin{pmatrix} c & d \end{pmatrix} x", display=True)
    matrices = [child for child in row if child.tag == "mrow"]
    assert len(matrices) == 2
    for matrix in matrices:
        opening, table, closing = list(matrix)
        assert (opening.text, table.tag, closing.text) == ("(", "mtable", ")")
        assert opening.attrib == {"fence": "true", "form": "prefix", "stretchy": "true"}
        assert closing.attrib == {"fence": "true", "form": "postfix", "stretchy": "true"}


def test_left_and_right_fences_stay_stretchy_and_grouped():
    row = tree(r"\sin\!\left(\frac{p}{q}\right)", display=True)
    fenced = row.find("mrow")
    assert fenced is not None and fenced[0].get("stretchy") == "true" and fenced[-1].get("form") == "postfix"
    space = row.find("mspace")
    assert space is not None and space.get("width") == "-0.1667em"  # \! was "negativethinmathspace"


def test_aligned_lines_up_its_columns_with_css_browsers_read():
    table = tree(r"\begin{aligned} a &= b + c \\ d &= e \end{aligned}", display=True)
    cells = table.findall(".//mtd")
    assert len(cells) == 4
    right, left = cells[0].get("style", ""), cells[1].get("style", "")
    assert "text-align:-webkit-right" in right and "padding-right:0em" in right
    assert "text-align:-webkit-left" in left and "padding-left:0em" in left
    assert not any(mi.text == "&" for mi in table.iter("mi"))


def test_upright_letters_are_one_element_and_a_single_one_stays_upright():
    assert shape(tree(r"\mathrm{PE}(p)")) == "mrow(mi'PE' mo'(' mi'p' mo')')"
    upright_i = tree(r"\mathrm{i}\,x")[0]
    assert (upright_i.text, upright_i.get("mathvariant")) == ("i", "normal")
    assert tree("i x")[0].get("mathvariant") is None  # a plain i stays italic


def test_a_function_name_is_followed_by_a_thin_space_unless_a_parenthesis_follows():
    assert shape(tree(r"\cos m")) == "mrow(mi'cos' mo'\u2061' mspace'' mi'm')"
    assert shape(tree(r"\cos(m)")) == "mrow(mi'cos' mo'(' mi'm' mo')')"


def test_ordinary_symbols_get_no_space_of_their_own():
    row = tree(r"|n - m| < d/2 - 1, \dots.")
    spaced = {(mo.text, mo.get("lspace"), mo.get("rspace")) for mo in row.iter("mo")}
    assert {("|", "0", "0"), ("/", "0", "0"), ("\u2026", "0", "0"), (".", "0", "0")} <= spaced
    assert ("<", None, None) in spaced and ("\u2212", None, None) in spaced
    bars = [mo for mo in row.iter("mo") if mo.text == "|"]
    assert all(bar.get("stretchy") == "false" for bar in bars)


def test_a_unary_sign_gets_no_space_and_a_binary_one_keeps_its_own():
    def spacing(tex: str) -> list[tuple[str, str | None]]:
        return [(mo.text, mo.get("rspace")) for mo in tree(tex).iter("mo") if mo.text in ("\u2212", "+")]

    assert spacing("(-0.63, -1.2)") == [("\u2212", "0"), ("\u2212", "0")]  # after ( and after ,
    assert spacing("x = -1") == [("\u2212", "0")] and spacing("-x + y") == [("\u2212", "0"), ("+", None)]
    assert spacing("a - b") == [("\u2212", None)] and spacing("2 - (1)") == [("\u2212", None)]


def test_a_polish_decimal_comma_is_one_number_and_a_semicolon_is_punctuation():
    assert shape(tree("(1{,}2753; 0{,}5)")) == "mrow(mo'(' mn'1,2753' mo';' mn'0,5' mo')')"
    assert shape(tree("0{,}02^2")) == "msup(mn'0,02' mn'2')"
    assert shape(tree("1, 2")) == "mrow(mn'1' mo',' mn'2')"  # a comma between numbers stays a separator


def test_mathvariants_browsers_ignore_become_styled_characters():
    assert tree(r"\boldsymbol{x}").text == "\U0001d499"  # MATHEMATICAL BOLD ITALIC SMALL X
    assert tree(r"\mathit{x}").get("mathvariant") is None


def test_every_fix_is_applied(monkeypatch):
    """Without the fixes, latex2mathml's own output comes back (so the tests above test them)."""
    monkeypatch.setattr(latex_to_mathml, "fix", lambda math: None)
    assert "msubsup" in to_mathml("x'_{2i}", False)
    assert "negativethinmathspace" in to_mathml(r"\sin\!x", False)


# -- the Markdown extension and the notebook path ----------------------------------------------


ARITHMATEX = {"pymdownx.arithmatex": {"generic": True}}


def render(text: str, **config) -> str:
    return markdown.markdown(
        text, extensions=["pymdownx.arithmatex", LatexToMathML(**config)], extension_configs=ARITHMATEX
    )


def test_the_extension_converts_inline_and_display_math():
    html = render("Rotate by $m\\theta_i$:\n\n$$\nx' = R x\n$$\n", label="Równanie")
    assert '<span class="arithmatex"><math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">' in html
    assert '<div class="arithmatex" tabindex="0" role="group" aria-label="Równanie"><math' in html
    assert "\\(" not in html and "$$" not in html


def test_the_extension_warns_naming_the_page_and_keeps_the_latex(caplog):
    with caplog.at_level(logging.WARNING):
        html = render("An unknown command: $\\foo x$.", where="en/page.md")
    assert "\\foo x" in html and "<math" not in html
    assert any("en/page.md" in record.message and "\\foo" in record.message for record in caplog.records)


def test_notebook_pages_use_the_same_conversion():
    assert math_to_mathml.to_mathml is latex_to_mathml.to_mathml
    cell = (
        '<div class="jp-RenderedMarkdown jp-MarkdownOutput"><p>It costs $5 and $6; the angle is $m\\theta$ '
        "and</p><p>$$x' = R_m x$$</p><pre><code>$not math$</code></pre></div>"
        '<div class="jp-OutputArea"><pre>$also not$</pre></div>'
    )
    html = math_to_mathml._convert_notebook_markdown(cell, "en/notebook.ipynb", "Equation")
    assert "It costs $5 and $6" in html
    assert html.count("<math") == 2
    assert '<span class="arithmatex" tabindex="0" role="group" aria-label="Equation"><math' in html
    assert "$not math$" in html and "$also not$" in html


def test_an_inline_formula_shares_its_line_with_the_punctuation_beside_it():
    def shown(html: str) -> str:
        return re.sub(r"<math.*?</math>", "M", html, flags=re.S).replace('class="arithmatex"', "a")

    html = shown(render("vectors ($R_m q$); the $x$ and $y$, as 向量（$R$），\n\n$$\nx = 1.\n$$\n"))
    assert '<span class="math-glue">(<span a>M</span>);</span> the <span a>M</span> and ' in html
    assert (
        '<span class="math-glue"><span a>M</span>,</span> as 向量<span class="math-glue">（<span a>M</span>），</span>'
        in html
    )
    assert html.count("math-glue") == 3  # "the $x$ and" has nothing to glue; a display equation is a block
    notebook = math_to_mathml.convert_notebook_math(
        '<div class="jp-RenderedMarkdown jp-MarkdownOutput"><p>vectors ($R_m q$).</p></div>',
        page=SimpleNamespace(file=SimpleNamespace(src_uri="en/n.ipynb")),
        config=SimpleNamespace(plugins={}),
    )
    assert '<span class="math-glue">(<span a>M</span>).</span>' in shown(notebook)


# -- the font ---------------------------------------------------------------------------------

PAGE = (
    '<p><span class="arithmatex">' + to_mathml(r"\sqrt{x} + \mathrm{PE}", False) + "</span> and "
    '<span class="arithmatex">' + to_mathml(r"\left(\frac{a}{b}\right)", True) + "</span></p>"
)


def test_the_characters_a_page_draws():
    drawn = math_font.characters(PAGE)
    assert {"x", "\U0001d465", "+", "P", "E", "\u221a", "(", ")", "\U0001d44e", "\U0001d44f"} <= drawn
    assert "\\" not in drawn and "q" not in drawn  # the LaTeX annotation is not drawn
    assert "\U0001d443" not in drawn  # PE is upright: no italic P


@pytest.fixture(scope="module")
def font() -> Path:
    path = math_font.font_path()
    if not path.is_file():
        pytest.fail(f"{path} is missing: install requirements.txt (ziamath ships the font)", pytrace=False)
    return path


def test_the_subset_keeps_what_stretchy_fences_need_and_is_small(font):
    from fontTools.ttLib import TTFont

    data = font_files.subset_woff2(font, math_font.characters(PAGE))
    assert len(data) < 40 * 1024
    subset = TTFont(io.BytesIO(data))
    assert "MATH" in subset and subset.flavor == "woff2"
    cmap = subset.getBestCmap()
    assert ord("(") in cmap and ord("\u221a") in cmap and ord("Z") not in cmap
    variants = subset["MATH"].table.MathVariants
    stretchy = variants.VertGlyphCoverage.glyphs
    assert cmap[ord("(")] in stretchy
    construction = variants.VertGlyphConstruction[stretchy.index(cmap[ord("(")])]
    sizes = [record.VariantGlyph for record in construction.MathGlyphVariantRecord]
    assert len(sizes) > 2 and all(name in subset.getGlyphOrder() for name in sizes)
    parts = [part.glyph for part in construction.GlyphAssembly.PartRecords]
    assert parts and all(name in subset.getGlyphOrder() for name in parts)
    names = {record.nameID: str(record) for record in subset["name"].names}
    assert "Open Font License" in names[13] and "STIX" in names[0]


def test_every_build_writes_the_same_font_bytes(font):
    """The subset keeps the font's own date (fontTools would stamp the time of the build), so a
    rebuild changes no byte and readers' caches keep the font."""
    from fontTools.ttLib import TTFont

    subset = TTFont(io.BytesIO(font_files.subset_woff2(font, {"x", "+"})))
    with TTFont(font) as original:
        assert subset["head"].modified == original["head"].modified


def test_a_character_the_font_lacks_is_named_with_its_page(font):
    available = font_files.covered(font)
    problems = math_font.missing_glyphs({"zh/page.md": {"x", "中"}, "en/page.md": {"x"}}, available)
    assert problems == ["zh/page.md: the math font STIX Two Math has no glyph for '中' (U+4E2D)"]


def test_a_formula_is_converted_once_for_every_page_and_language(monkeypatch):
    """The build keeps one extension for all languages and `mkdocs serve` rebuilds: the same
    formula is converted once, and the page is the same as with a conversion of its own."""
    text = "Rotate by $m\\theta_i$ and $m\\theta_i$:\n\n$$\nx' = R x\n$$\n"
    alone = render(text, label="Equation")
    calls = []
    convert = latex_to_mathml.to_mathml
    monkeypatch.setattr(latex_to_mathml, "to_mathml", lambda tex, display: calls.append(tex) or convert(tex, display))
    extension = LatexToMathML(label="Equation")
    first = markdown.markdown(text, extensions=["pymdownx.arithmatex", extension], extension_configs=ARITHMATEX)
    assert sorted(tex.strip() for tex in calls) == ["m\\theta_i", "x' = R x"]
    again = markdown.markdown(text, extensions=["pymdownx.arithmatex", extension], extension_configs=ARITHMATEX)
    assert again == first == alone
    assert len(calls) == 2, f"converted again: {calls[2:]}"


def test_a_formula_that_fails_is_named_on_every_page_that_has_it(caplog):
    extension = LatexToMathML()
    with caplog.at_level(logging.WARNING):
        for page in ("en/a.md", "zh/a.md"):
            extension.setConfig("where", page)
            markdown.markdown("$\\foo x$", extensions=["pymdownx.arithmatex", extension], extension_configs=ARITHMATEX)
    assert [r.message.split(":")[0] for r in caplog.records if "\\foo" in r.message] == ["en/a.md", "zh/a.md"]


def test_punctuation_is_glued_as_one_pattern_would_glue_it():
    """glue_punctuation finds the openers before a formula by looking back (a pattern that begins
    with them is tried at every character: a quarter of a second a build); it must glue exactly
    what that one pattern glues, on every mix of formulas, openers, closers and near misses."""
    openers, closers = re.escape(latex_to_mathml.OPENERS), re.escape(latex_to_mathml.CLOSERS)
    one_pattern = re.compile(
        rf'(?P<before>[{openers}]*)<span class="arithmatex"><math\b.*?</math></span>(?P<after>[{closers}]*)', re.S
    )

    def glued_by_one_pattern(text: str) -> str:
        return one_pattern.sub(
            lambda m: m[0] if not (m["before"] or m["after"]) else f'<span class="math-glue">{m[0]}</span>', text
        )

    box = '<span class="arithmatex"><math display="inline"><mi>x</mi></math></span>'
    parts = [
        box,
        box,
        "(",
        ")",
        "（",
        "，",
        "“",
        "”",
        "a",
        " ",
        "<mathx>",
        '<span class="arithmatex"><math',
        "</math></span>",
    ]
    generator = random.Random(0)
    texts = ["".join(generator.choice(parts) for _ in range(generator.randint(0, 10))) for _ in range(5000)]
    differing = [t for t in texts if latex_to_mathml.glue_punctuation(t) != glued_by_one_pattern(t)]
    assert sum("math-glue" in glued_by_one_pattern(t) for t in texts) > 1000  # the texts do glue
    assert not differing, f"{len(differing)} texts glued otherwise, the first: {differing[0]!r}"
