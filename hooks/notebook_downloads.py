"""Notebook pages: the notebook itself to take away, and a head written from its metadata.

* **Download.** Each language's notebook, ``docs/<lang>/<path>.ipynb``, is copied byte for byte
  to ``notebooks/<lang>/<path>.ipynb`` in the site, and its page links to that copy (with
  ``download``). The copies live in this one folder, apart from the pages:
  mkdocs-static-i18n used to publish notebooks as raw JSON next to where their pages belong
  (hooks/notebooks_under_i18n.py), and tests/site/test_site.py fails on any ``.ipynb`` elsewhere.
* **Open in Colab.** ``https://colab.research.google.com/github/<owner>/<repo>/blob/<branch>/
  <docs>/<lang>/<path>.ipynb``: the owner and repository come from ``repo_url``, the branch and
  the docs folder from ``edit_uri`` (``edit/main/docs/``), so Colab opens the committed notebook
  in the page's language. A ``repo_url`` that is not on GitHub is a build WARNING.
* Both links sit right under the notebook's title, their texts in the page's language.
* **Description.** The notebook metadata key ``description`` becomes ``page.meta["description"]``,
  which Material writes as the page's ``<meta name="description">`` and the theme override
  (partials/page-head.html) as ``og:description``; Markdown pages have it in their front matter.
"""

from __future__ import annotations

import html
import json
import logging
import re
import shutil
from pathlib import Path
from urllib.parse import quote

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from hooks.core.languages import language as language_row
from hooks.i18n_state import languages

log = logging.getLogger("mkdocs.hooks.notebook_downloads")

DOWNLOAD_FOLDER = "notebooks"  # in the site: notebooks/<lang>/<path>.ipynb
COLAB = "https://colab.research.google.com/github/"
GITHUB_REPOSITORY = re.compile(r"^https://github\.com/(?P<owner>[^/]+)/(?P<repo>[^/]+?)(?:\.git)?/?$")
EDIT_URI = re.compile(r"^/?(?:edit|blob)/(?P<branch>[^/]+)/(?P<folder>.*?)/?$")
H1_END = re.compile(r"</h1>")


def _language_and_path(page: Page, config: MkDocsConfig) -> tuple[str, str]:
    """(the page's language, its path inside the language folder): ("zh", "embeddings/x.ipynb")."""
    current, default = languages(config)
    language = current or default or "en"
    return language, page.file.src_uri.removeprefix(f"{language}/")


def download_path(language: str, relative: str) -> str:
    return f"{DOWNLOAD_FOLDER}/{language}/{relative}"


def colab_url(config: MkDocsConfig, language: str, relative: str) -> str | None:
    """Colab's address for the committed notebook docs/<lang>/<path>.ipynb, or None off GitHub."""
    repository = GITHUB_REPOSITORY.match(config.repo_url or "")
    if repository is None:
        return None
    edit = EDIT_URI.match(config.edit_uri or "")
    branch = edit["branch"] if edit else "main"
    folder = edit["folder"] if edit else Path(config.docs_dir).name
    path = "/".join(part for part in (folder, language, relative) if part)
    return f"{COLAB}{repository['owner']}/{repository['repo']}/blob/{quote(branch)}/{quote(path)}"


def take_away_links(download_href: str, colab: str | None, language: str) -> str:
    words = language_row(language).words  # the glossary's word for "notebook"
    download_text, colab_text = words["download_notebook"], words["open_in_colab"]
    links = [
        f'<a class="md-button md-button--primary" href="{html.escape(download_href)}" download '
        f'type="application/x-ipynb+json">{html.escape(download_text)}</a>'
    ]
    if colab:
        links.append(f'<a class="md-button" href="{html.escape(colab)}">{html.escape(colab_text)}</a>')
    # Material's buttons, side by side or, on a narrow screen, one under the other with a gap
    return f'<p class="notebook-take-away" style="display:flex;flex-wrap:wrap;gap:.5rem">{" ".join(links)}</p>'


def add_take_away_links(content: str, page: Page, config: MkDocsConfig) -> tuple[str, bool]:
    """The notebook page with its download and Colab links under its title, and its description
    from the notebook's metadata; and whether it got a Colab link (not off GitHub)."""
    if page.file.abs_src_path is None:
        return content, True
    language, relative = _language_and_path(page, config)
    metadata = json.loads(Path(page.file.abs_src_path).read_text(encoding="utf-8")).get("metadata", {})
    description = metadata.get("description")
    if isinstance(description, str) and description.strip():
        page.meta["description"] = description.strip()
    colab = colab_url(config, language, relative)
    href = get_relative_url(download_path(language, relative), page.url)
    links = take_away_links(href, colab, language)
    h1 = H1_END.search(content)
    if h1 is None:
        return links + content, colab is not None
    return content[: h1.end()] + links + content[h1.end() :], colab is not None


def copy_notebook(page: Page, config: MkDocsConfig) -> None:
    """The page's .ipynb, where its download link points."""
    if page.file.abs_src_path is not None:
        language, relative = _language_and_path(page, config)
        target = Path(config.site_dir) / download_path(language, relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(page.file.abs_src_path, target)
