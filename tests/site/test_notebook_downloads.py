"""Notebooks to take away: every notebook page, in every language, offers its own ``.ipynb`` as a
download from the served site and as "Open in Colab" (hooks/notebook_downloads.py).

The downloaded notebook runs top to bottom with the pinned packages and gives its stored
outputs. The English notebook is executed once per session (``doc_session.executed_notebook``,
shared with tests/docs/test_docs.py); a downloaded file is held to that run: the English download is
the very file that ran, and a translation's code cells are the English code cells, so its stored
outputs must be that run's outputs.
"""

from __future__ import annotations

import re
import urllib.request
from urllib.parse import urljoin, urlsplit

import nbformat
import pytest

from doccheck.built_html import PageHtml
from doccheck.catalogue import items as items_of
from doccheck.notebooks import comparable
from doccheck.plugin import fail_with
from doccheck.stash_keys import SESSION
from hooks.core.urls import language_root, page_url

COLAB = "https://colab.research.google.com/github/"
GITHUB = re.compile(r"^https://github\.com/(?P<owner>[^/]+)/(?P<repo>[^/]+?)(?:\.git)?/?$")
SCRIPTS = {"zh": re.compile(r"[\u4e00-\u9fff]"), "ko": re.compile(r"[\uac00-\ud7af]")}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "notebook" in metafunc.fixturenames:  # every notebook page, in every language
        pairs = items_of(metafunc.config.stash[SESSION], "notebook")
        metafunc.parametrize("notebook", [n for _, n in pairs], ids=[test_id for test_id, _ in pairs])


def take_away_links(html: str) -> tuple[list[tuple[dict[str, str], str]], list[tuple[dict[str, str], str]]]:
    """(download links, Colab links) of a page."""
    links = PageHtml(html).links()
    downloads = [(a, t) for a, t in links if "download" in a]
    colab = [(a, t) for a, t in links if a.get("href", "").startswith(COLAB)]
    return downloads, colab


def expected_colab(project, language: str, relative: str) -> str:
    repository = GITHUB.match(project.mkdocs_config.get("repo_url") or "")
    assert repository, "repo_url in mkdocs.yml is no GitHub repository: Colab cannot open its notebooks"
    return f"{COLAB}{repository['owner']}/{repository['repo']}/blob/main/docs/{language}/{relative}"


def _get(url: str) -> tuple[int, bytes]:
    with urllib.request.urlopen(url, timeout=30) as response:  # the test server on 127.0.0.1
        return response.status, response.read()


def test_every_notebook_page_links_its_notebook_and_colab(project, built_site):
    site_dir = built_site.path
    problems = []
    english_texts: dict[str, tuple[str, str]] = {}
    for language in project.languages:
        for relative, source in project.page_files(language).items():
            if source.suffix != ".ipynb":
                continue
            where = f"[{language}] /{language_root(project, language)}{page_url(relative)}"
            page = site_dir / language_root(project, language) / page_url(relative) / "index.html"
            if not page.is_file():
                problems.append(f"{where}: no page")
                continue
            downloads, colab = take_away_links(page.read_text(encoding="utf-8"))
            if len(downloads) != 1 or len(colab) != 1:
                problems.append(f"{where}: {len(downloads)} downloads and {len(colab)} Colab links, expected one each")
                continue
            (download, download_text), (colab_link, colab_text) = downloads[0], colab[0]
            target = (page.parent / urlsplit(download["href"]).path).resolve()
            if site_dir.resolve() not in target.parents or not target.is_file():
                problems.append(f"{where}: the download link {download['href']} names no file of the site")
            elif target.read_bytes() != source.read_bytes():
                problems.append(f"{where}: the download {download['href']} is not docs/{language}/{relative}")
            want = expected_colab(project, language, relative)
            if colab_link["href"] != want:
                problems.append(f"{where}: Open in Colab leads to {colab_link['href']}, expected {want}")
            texts = (download_text, colab_text)
            if language == project.source_language:
                english_texts[relative] = texts
            else:
                for text, english in zip(texts, english_texts.get(relative, ("", ""))):
                    if not text or text == english:
                        problems.append(f"{where}: the link text {text!r} is not in the page's language")
                script = SCRIPTS.get(language)
                if script and not script.search(download_text):
                    problems.append(f"{where}: the download link text {download_text!r} has no {language} text")
    fail_with(problems)


def test_downloaded_notebook_runs_to_its_stored_outputs(notebook, project, server, doc_session):
    """Download the notebook from its page on the served site; its code is the English notebook's
    and its stored outputs are what that code prints today, cell by cell."""
    page_address = server + language_root(project, notebook.language) + page_url(notebook.relative)
    status, html = _get(page_address)
    assert status == 200, f"{page_address}: status {status}"
    downloads, _ = take_away_links(html.decode("utf-8"))
    assert len(downloads) == 1, f"{page_address}: {len(downloads)} download links"
    address = urljoin(page_address, downloads[0][0]["href"])
    status, data = _get(address)
    assert status == 200, f"{address}: status {status}"
    downloaded = nbformat.reads(data.decode("utf-8"), as_version=4)
    nbformat.validate(downloaded)

    english = next(
        n for n in project.notebooks if n.relative == notebook.relative and n.language == project.source_language
    )
    if notebook.language == project.source_language:
        assert data == english.absolute.read_bytes(), f"{address} is not {english.path}, the notebook the session ran"
    code = [c.source for c in downloaded.cells if c.cell_type == "code"]
    assert code == english.code, f"{address}: its code cells are not those of {english.path}"

    fresh = [c for c in doc_session.executed_notebook(notebook.relative).cells if c.cell_type == "code"]
    stored = [c for c in downloaded.cells if c.cell_type == "code"]
    problems = [
        f"{address}, code cell {number}: stored output {comparable(mine)!r}\n  a fresh run prints {comparable(new)!r}"
        for number, (mine, new) in enumerate(zip(stored, fresh), start=1)
        if comparable(mine) != comparable(new)
    ]
    fail_with(problems)
