"""Every translation says what the English page says, block by block (doccheck/alignment.py):
the same sequence of headings, paragraphs, list items, table rows, admonitions, code, math and
images, and in each block the same numbers, code spans, formulas, links and images.

The first test checks every translated page of the site. The others break one thing in a copy
of the small fixture site and check the message a translator gets.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest

from doccheck import alignment, cli
from hooks.core import translations
from hooks.core.project import Project

FIXTURE = Path(__file__).parents[1] / "fixtures" / "mini_site"


# -- each kind of failure, on the fixture site ----------------------------------------------


@pytest.fixture
def mini_site(tmp_path) -> Path:
    root = tmp_path / "site"
    shutil.copytree(FIXTURE, root)
    return root


def findings(root: Path, page: str = "docs/zh/page.md") -> list[str]:
    return [str(f) for f in alignment.check_translation(Project(root), root / page)]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture no longer contains {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_untouched_fixture_is_faithful(mini_site):
    assert findings(mini_site) == []
    assert findings(mini_site, "docs/zh/notebook.ipynb") == []


@pytest.mark.parametrize(
    "old, new, expected",
    [
        (
            "第一个值是 0.3374，总和是 1.7406。\n\n",
            "",
            '[zh] docs/zh/page.md:8: English line 15 ("The first value is 0.3374 and the sum is 1.7406.") '
            "has a paragraph that the Chinese page does not have (here, after 8)",
        ),
        (
            "123 列",
            "124 列",
            '[zh] docs/zh/page.md:38: English line 38 ("The table has 4 rows and 123 columns, and `nn.Emb…") '
            "has number 123; the Chinese block has none",
        ),
        (
            "以 0.3374 开头",
            "以 0.3375 开头",
            '[zh] docs/zh/page.md:40: English line 40 ("- The first row starts at 0.3374.") has number 0.3374; '
            "the Chinese block has none",
        ),
        (
            "返回 `weight` 的一行",
            "返回 weight 的一行",
            '[zh] docs/zh/page.md:41: English line 41 ("- Each lookup returns one row of `weight`.") '
            "has code span `weight`; the Chinese block has none",
        ),
        (
            "[一篇论文](https://arxiv.org/abs/1502.01852)",
            "一篇论文",
            '[zh] docs/zh/page.md:34: English line 34 ("The layout follows [a paper](https://arxiv.org/ab…") '
            "has link to https://arxiv.org/abs/1502.01852; the Chinese block has none",
        ),
        (
            "## 读懂这些数字\n",
            "## 读懂这些数字\n\n这是多出来的一段。\n",
            "[zh] docs/zh/page.md:38: this paragraph has no counterpart in the English page",
        ),
        (
            "## 读懂这些数字",
            "### 读懂这些数字",
            '[zh] docs/zh/page.md:36: English line 36 ("## Reading the numbers") is a heading level 2; '
            "the Chinese block is a heading level 3",
        ),
        (
            "$m\\theta_i$",
            "$m\\theta_j$",
            '[zh] docs/zh/page.md:43: English line 43 ("The angle of pair $i$ is $m\\theta_i$, and the sco…") '
            "has formula m\\theta_i; the Chinese block has none",
        ),
        (
            "| 词元 ID（token ID） | 表的索引。 |\n",
            "",
            '[zh] docs/zh/page.md:49: English line 51 ("| token ID | An index into the table. |") '
            "has a table row that the Chinese page does not have (here, after 49)",
        ),
    ],
    ids=[
        "dropped-paragraph",
        "changed-integer",
        "changed-decimal",
        "dropped-code-span",
        "dropped-link",
        "extra-paragraph",
        "heading-level",
        "changed-formula",
        "dropped-table-row",
    ],
)
def test_a_translation_that_says_something_else_is_named(mini_site, old, new, expected):
    edit(mini_site / "docs/zh/page.md", old, new)
    found = findings(mini_site)
    assert any(f.startswith(expected) for f in found), "\n".join(found)


def test_a_changed_number_in_a_notebook_markdown_cell_is_named(mini_site):
    path = mini_site / "docs/zh/notebook.ipynb"
    notebook = nbformat.read(path, as_version=4)
    markdown = next(c for c in notebook.cells if c.cell_type == "markdown" and any(ch.isdigit() for ch in c.source))
    digit = next(ch for ch in markdown.source if ch.isdigit())
    markdown.source = markdown.source.replace(digit, str((int(digit) + 1) % 10), 1)
    nbformat.write(notebook, path)
    found = findings(mini_site, "docs/zh/notebook.ipynb")
    assert found and found[0].startswith("[zh] docs/zh/notebook.ipynb cell "), found


def test_a_declared_difference_passes_and_is_counted(mini_site):
    page = mini_site / "docs/zh/page.md"
    edit(
        page,
        "这张表有 4 行、123 列，由 `nn.Embedding(4, 5)` 存储。",
        "<!-- fidelity: split into two sentences for readability -->\n这张表有 4 行、123 列。\n\n"
        "它由 `nn.Embedding(4, 5)` 存储。",
    )
    assert findings(mini_site) == []
    assert alignment.declared_count(page, "zh") == 1


def test_numbers_are_compared_however_each_language_writes_them():
    assert alignment.numbers_in("1,024 tokens, 0.3374 and ２０４８", "en") == ["1024", "0.3374", "2048"]
    assert alignment.numbers_in("32\u00a0768 i 1 024 oraz 0,3374; pozycje 10 i 15, 100", "pl") == [
        "32768",
        "1024",
        "0.3374",
        "10",
        "15",
        "100",
    ]


# -- drift cannot record a translation that says less -----------------------------------------


def test_drift_refuses_to_record_an_unfaithful_translation(mini_site, capsys):
    edit(mini_site / "docs/zh/page.md", "123 列", "124 列")
    assert cli.main(["--root", str(mini_site), "drift", "--update", "docs/zh/page.md"]) == 1
    out = capsys.readouterr().out
    assert "docs/zh/page.md: not recorded" in out and "has number 123" in out
    assert translations.read_record(mini_site / "docs/zh/page.md").translation_of is None
    edit(mini_site / "docs/zh/page.md", "124 列", "123 列")
    assert cli.main(["--root", str(mini_site), "drift", "--update", "docs/zh/page.md"]) == 0


def test_drift_diff_shows_what_the_english_page_changed(mini_site, capsys):
    import subprocess

    def git(*arguments: str) -> None:
        subprocess.run(["git", *arguments], cwd=mini_site, check=True, capture_output=True)

    git("init", "-q")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qam", "x", "--allow-empty")
    git("add", ".")
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "fixture")
    assert cli.main(["--root", str(mini_site), "drift", "--update", "docs/zh/page.md"]) == 0
    edit(
        mini_site / "docs/en/page.md",
        "The first row starts at 0.3374.",
        "The first row starts at 0.3374, as printed.",
    )
    capsys.readouterr()
    assert cli.main(["--root", str(mini_site), "drift", "--diff", "docs/zh/page.md"]) == 0
    out = capsys.readouterr().out
    assert "-- The first row starts at 0.3374.\n" in out and "+- The first row starts at 0.3374, as printed.\n" in out


def test_polish_may_write_the_decimal_comma_inside_formulas():
    english = alignment.blocks_of_markdown("The factor is $0.1 \\ln s + 1$.\n", "en")
    polish = alignment.blocks_of_markdown("Współczynnik to $0{,}1 \\ln s + 1$.\n", "pl")
    assert alignment.compare_pages(english, polish, Path("docs/pl/x.md"), "pl")[0] == []
    wrong = alignment.blocks_of_markdown("Współczynnik to $0{,}2 \\ln s + 1$.\n", "pl")
    assert alignment.compare_pages(english, wrong, Path("docs/pl/x.md"), "pl")[0]


def test_polish_separates_decimal_commas_in_a_formula_with_semicolons():
    english = alignment.blocks_of_markdown("The rows are $(1.2753, -0.2010)$ and $f(x, y)$.\n", "en")

    def problems(polish: str) -> list:
        blocks = alignment.blocks_of_markdown(polish, "pl")
        return alignment.compare_pages(english, blocks, Path("docs/pl/x.md"), "pl")[0]

    assert problems("Wiersze to $(1{,}2753; -0{,}2010)$ i $f(x, y)$.\n") == []
    assert problems("Wiersze to $(1{,}2753; -0{,}2011)$ i $f(x, y)$.\n")  # a digit changed
    assert problems("Wiersze to $(1{,}2753; -0{,}2010)$ i $f(x; y)$.\n")  # no decimal comma: ";" is not ","


def test_drift_diff_falls_back_when_the_recorded_version_was_never_committed(mini_site, capsys):
    import subprocess

    def git(*arguments: str) -> None:
        subprocess.run(
            ["git", "-c", "user.email=t@t", "-c", "user.name=t", *arguments],
            cwd=mini_site,
            check=True,
            capture_output=True,
        )

    git("init", "-q")
    git("add", ".")
    git("commit", "-qm", "fixture")
    edit(
        mini_site / "docs/en/page.md",
        "The first row starts at 0.3374.",
        "The first row starts at 0.3374, as printed.",
    )
    assert cli.main(["--root", str(mini_site), "drift", "--update", "docs/zh/page.md"]) == 0  # recorded, not committed
    edit(mini_site / "docs/en/page.md", "as printed.", "as the snippet prints.")  # changed again before any commit
    git("add", ".")
    git("commit", "-qm", "both")
    capsys.readouterr()
    assert cli.main(["--root", str(mini_site), "drift", "--diff", "docs/zh/page.md"]) == 0
    out = capsys.readouterr().out
    assert "was never committed" in out and "+- The first row starts at 0.3374, as the snippet prints.\n" in out
