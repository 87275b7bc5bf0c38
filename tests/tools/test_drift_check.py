"""Translation drift: every translated page records which version of its English page it
translates, and fails here, naming the page and the language, when the English page has changed
since, until the translation is brought up to date or marked as lagging (README, "Translation
drift"; the mechanism is doccheck/drift.py).

The other tests prove the mechanism on small throwaway projects: the check fails when English
prose changes and not when only quoted outputs do, the command records and marks, and a built
page marked outdated shows its notice.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import nbformat
import pytest

from doccheck import cli, drift
from hooks.core import translations
from hooks.core.project import Project

# -- the mechanism, on a small project --------------------------------------------------------

ENGLISH_PAGE = """\
# A page

Some prose that a translator translates.

```python title="snippets/demo/numbers.py"
--8<-- "demo/numbers.py"
```

<!-- output: demo/numbers.py -->
```text title="Output"
0.3374
```

More prose.
"""

MKDOCS_YML = """\
site_name: drift fixture
docs_dir: docs
plugins:
  - i18n:
      docs_structure: folder
      languages:
        - {locale: en, default: true, name: English}
        - {locale: zh, name: 中文}
"""


def _notebook(markdown: str, output: str) -> nbformat.NotebookNode:
    notebook = nbformat.v4.new_notebook()
    code = nbformat.v4.new_code_cell("print(0.3374)", execution_count=1)
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text=output)]
    notebook.cells = [nbformat.v4.new_markdown_cell(markdown), code]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return notebook


@pytest.fixture
def small_project(tmp_path) -> Project:
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    for language, title in (("en", "# A page"), ("zh", "# 一页")):
        folder = tmp_path / "docs" / language
        folder.mkdir(parents=True)
        (folder / "page.md").write_text(ENGLISH_PAGE.replace("# A page", title), encoding="utf-8")
        nbformat.write(_notebook(f"{title} (notebook)", "0.3374\n"), folder / "nb.ipynb")
    return Project(tmp_path)


def _problems(project: Project) -> list[str]:
    return [str(p) for p in drift.check_drift(Project(project.root))]


def test_a_translation_without_a_record_fails(small_project):
    problems = _problems(small_project)
    assert len(problems) == 2 and all("records no translation_of" in p for p in problems), problems
    assert any(p.startswith("[zh] docs/zh/page.md") for p in problems), problems


def test_changed_english_prose_fails_naming_page_and_language(small_project):
    for translation in drift.translations(small_project):
        translations.write_record(translation.path, translation.state().current, outdated=False)
    assert _problems(small_project) == []

    english = small_project.root / "docs/en/page.md"
    english.write_text(
        english.read_text(encoding="utf-8").replace("More prose.", "More, better prose."), encoding="utf-8"
    )
    notebook = nbformat.read(small_project.root / "docs/en/nb.ipynb", as_version=4)
    notebook.cells[0].source += "\n\nA new sentence."
    nbformat.write(notebook, small_project.root / "docs/en/nb.ipynb")

    problems = _problems(small_project)
    assert len(problems) == 2, problems
    assert problems[0].startswith("[zh] docs/zh/") and "has changed since this translation was made" in problems[0]
    assert {"docs/zh/page.md:1:", "docs/zh/nb.ipynb:1:"} == {p.split()[1] for p in problems}


def test_refreshed_outputs_do_not_mark_translations_outdated(small_project):
    """What --update-outputs rewrites (quoted outputs, stored notebook outputs) is not translated."""
    for translation in drift.translations(small_project):
        translations.write_record(translation.path, translation.state().current, outdated=False)
    english = small_project.root / "docs/en/page.md"
    english.write_text(
        english.read_text(encoding="utf-8").replace("0.3374\n", "0.3375\nand a new line\n"), encoding="utf-8"
    )
    nbformat.write(_notebook("# A page (notebook)", "0.3375\n"), small_project.root / "docs/en/nb.ipynb")
    assert _problems(small_project) == []


def test_a_translation_marked_outdated_passes(small_project):
    for translation in drift.translations(small_project):
        translations.write_record(translation.path, None, outdated=True)
    assert _problems(small_project) == []
    assert translations.read_record(small_project.root / "docs/zh/page.md").outdated
    assert translations.read_record(small_project.root / "docs/zh/nb.ipynb").outdated


def test_the_command_records_and_marks(small_project, capsys):
    def run(*arguments) -> int:
        return cli.main(["--root", str(small_project.root), "drift", *arguments])

    assert run() == 1
    assert run("--update", "docs/zh") == 0
    assert run() == 0, capsys.readouterr().out
    page = small_project.root / "docs/zh/page.md"
    assert page.read_text(encoding="utf-8").startswith('---\ntranslation_of: "'), "front matter goes first"
    assert run("--mark-outdated", "docs/zh/page.md") == 0 and translations.read_record(page).outdated
    assert run("--update", "docs/zh/page.md") == 0 and not translations.read_record(page).outdated
    with pytest.raises(SystemExit, match="English page"):
        run("--update", "docs/en/page.md")
    # and as README runs it, from inside the project
    script = subprocess.run(
        [sys.executable, "-m", "doccheck", "drift"], cwd=small_project.root / "docs", capture_output=True, text=True
    )
    assert script.returncode == 0 and "[zh] docs/zh/page.md: up to date" in script.stdout, script.stdout + script.stderr


def test_built_pages_show_the_notice_only_when_outdated(small_project):
    """The hook (hooks/reader_pages.py) in a real build: a marked page and a stale notebook show a
    notice in their language linking to the English page; an up-to-date translation does not."""
    root = small_project.root
    (root / "docs/en/current.md").write_text("# Current\n\nText.\n", encoding="utf-8")
    (root / "docs/zh/current.md").write_text("# 当前\n\n正文。\n", encoding="utf-8")
    for translation in drift.translations(small_project):
        translations.write_record(translation.path, translation.state().current, outdated=False)
    translations.write_record(root / "docs/zh/page.md", None, outdated=True)
    notebook = nbformat.read(root / "docs/en/nb.ipynb", as_version=4)
    notebook.cells[0].source += "\n\nChanged after the translation."
    nbformat.write(notebook, root / "docs/en/nb.ipynb")

    config = {
        "site_name": "drift fixture",
        "docs_dir": "docs",
        "use_directory_urls": True,
        "theme": {"name": "material", "font": False},
        "plugins": [
            {
                "i18n": {
                    "docs_structure": "folder",
                    "languages": [
                        {"locale": "en", "default": True, "name": "English"},
                        {"locale": "zh", "name": "中文"},
                    ],
                }
            },
            {"mkdocs-jupyter": {"execute": False, "include_requirejs": False}},
            "guide-build",
        ],
    }
    (root / "mkdocs.yml").write_text(json.dumps(config), encoding="utf-8")  # JSON is YAML
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(root / "site")],
        cwd=root,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert build.returncode == 0, build.stdout + build.stderr
    built_dir = root / "site"

    def notice(path: str) -> str | None:
        text = (built_dir / path / "index.html").read_text(encoding="utf-8")
        start = text.find('class="admonition warning translation-outdated"')
        return None if start < 0 else text[start : text.find("</div>", start)]

    page, nb = notice("zh/page"), notice("zh/nb")
    assert page and "此译文可能已过时" in page and 'href="../../page/"' in page, page
    assert nb and 'href="../../nb/"' in nb, nb
    assert notice("zh/current") is None and notice("page") is None and notice("nb") is None
