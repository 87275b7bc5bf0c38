"""Search in the reader's language, and only in it.

mkdocs-static-i18n builds every language into one site and one mixed search index
(``site/search/search_index.json``), and every page, in every language, loads that index:
a Korean reader gets English, Chinese and Polish results too, and each page loads the lunr
languages of all of them.

Material's search (9.8.1, ``bundle.ts``) fetches ``search/search_index.json`` relative to
``config.base`` (the ``__config`` JSON in each page) and resolves every result's ``location``
against the same base. Nothing else uses that base unless instant navigation or versioning is
enabled (neither is). So:

* after the whole site is built, the build splits the mixed index into one index per language:
  ``search/search_index.json`` (the default language) and ``<lang>/search/search_index.json``,
  with locations relative to the language's folder and the lunr configuration that language
  needs (``SEARCH_LANGUAGES``);
* each page of a non-default language gets ``base`` pointing at its language's folder, so it
  loads its own index and its results link inside its own language;
* Polish gets a lunr language (trimmer that keeps Polish letters, stop words, a light stemmer
  and diacritic folding) from hooks/assets/lunr.pl.js, installed where Material's worker looks
  for ``lunr.<lang>.min.js``.

Chinese relies on Material's build-time jieba segmentation (the separator in mkdocs.yml splits
at the zero-width spaces it inserts); Korean words are separated by spaces, and Material adds a
trailing wildcard to every query term, so "임베딩" also finds "임베딩은" and "임베딩을".
"""

from __future__ import annotations

import json
import logging
import re
import shutil
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from hooks.core.languages import language as language_row
from hooks.core.languages import table
from hooks.i18n_state import i18n_plugin, languages

log = logging.getLogger("mkdocs.hooks.search_per_language")

HOOK_ASSETS = Path(__file__).resolve().parent / "assets"
LUNR_FOLDER = "assets/javascripts/lunr/min"
# lunr languages this site provides itself (Material ships the others)
OWN_LUNR_LANGUAGES = {"pl": HOOK_ASSETS / "lunr.pl.js"}
CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">\{.*?"base": ")([^"]*)(")', re.S)


def language_base(base: str, language: str) -> str:
    """The page's base (the site root, relative to the page) moved into the language's folder."""
    root = base.rstrip("/")
    if not root:  # "/" (absolute, as in 404.html) or "" (never written by Material)
        return f"{base}{language}/"
    return f"{root}/{language}/"


def rebase_search(output: str, config: MkDocsConfig) -> str:
    """A translated page (or 404 page) searches its own language's index."""
    language, default = languages(config)
    if language is None or language == default:
        return output
    return CONFIG_BASE.sub(lambda m: m[1] + language_base(m[2], language) + m[3], output, count=1)


def search_settings(language: str, site: Path) -> dict:
    if language in table():
        return language_row(language).search
    # a language added later: its lunr support if Material ships one, else no stemming at all
    if (site / LUNR_FOLDER / f"lunr.{language}.min.js").exists():
        return {"lang": [language], "pipeline": ["trimmer", "stopWordFilter"]}
    return {"lang": ["en"], "pipeline": []}


def split_index(mixed: dict, languages: list[str], default: str, site: Path) -> dict[str, dict]:
    """One index per language: its own entries, locations relative to its folder."""
    others = [lang for lang in languages if lang != default]
    docs: dict[str, list] = {lang: [] for lang in languages}
    for doc in mixed["docs"]:
        first = doc["location"].split("/", 1)[0].split("#", 1)[0]
        if first in others:
            doc = {**doc, "location": doc["location"][len(first) + 1 :] if "/" in doc["location"] else ""}
            docs[first].append(doc)
        else:
            docs[default].append(doc)
    indexes = {}
    for language in languages:
        config = {**mixed["config"], **search_settings(language, site)}
        indexes[language] = {"config": config, "docs": docs[language]}
    return indexes


def split_search_index(config: MkDocsConfig) -> None:
    """After every language is built: Material's one mixed index becomes one per language."""
    i18n = i18n_plugin(config)
    if i18n is None:
        return
    site = Path(config.site_dir)
    index_path = site / "search" / "search_index.json"
    if not index_path.exists():
        return
    for language, source in OWN_LUNR_LANGUAGES.items():
        target = site / LUNR_FOLDER / f"lunr.{language}.min.js"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    languages = list(i18n.build_languages)
    default = i18n.default_language
    indexes = split_index(json.loads(index_path.read_text(encoding="utf-8")), languages, default, site)
    for language, index in indexes.items():
        path = index_path if language == default else site / language / "search" / "search_index.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    log.info("search: one index per language: " + ", ".join(f"{k} {len(v['docs'])}" for k, v in indexes.items()))
