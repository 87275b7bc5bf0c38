"""Each chapter page says, under its title, about how long it takes to read, in the page's
language: the minutes of hooks.core.reading_time, computed from the English page (every
translation says the same, so every edition shows the same minutes, as the home page's fast track
does). The home page, the glossary and the notebooks have no such line.
"""

from __future__ import annotations

import html
import logging
import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from hooks.core.languages import language as language_row
from hooks.core.pages import parse_page
from hooks.core.project import SNIPPETS_FOLDER
from hooks.core.reading_time import PAGES_WITHOUT_READING_TIME, reading_time
from hooks.i18n_state import english_file, languages

log = logging.getLogger("mkdocs.plugins.guide_build.reading_times")

H1_END = re.compile(r"</h1>")


def minutes_of(page: Page, config: MkDocsConfig, cache: dict[Path, int]) -> int | None:
    """The reading minutes of a chapter page's English version; None for a page without the line."""
    source = english_file(page, config)
    if source is None or source.abs_src_path is None or not source.abs_src_path.endswith(".md"):
        return None
    english = Path(source.abs_src_path)
    _, default = languages(config)
    root = Path(config.config_file_path).parent
    relative = english.relative_to(Path(config.docs_dir) / (default or "")).as_posix()
    if relative in PAGES_WITHOUT_READING_TIME:
        return None
    if english not in cache:
        parsed = parse_page(english, default or "en", relative, root)
        try:
            cache[english] = reading_time(parsed, root, root / SNIPPETS_FOLDER).minutes
        except FileNotFoundError as missing:  # the include's own check names it too; no line, no crash
            log.warning(f"{english.relative_to(root)}: no reading time, a snippet it includes is missing: {missing}")
            return None
    return cache[english]


def reading_time_line(language: str, minutes: int) -> str:
    text = language_row(language).words["reading_time"].format(minutes=minutes)
    return f'<p class="reading-time">{html.escape(text)}</p>'


def add_reading_time(content: str, page: Page, config: MkDocsConfig, cache: dict[Path, int]) -> str:
    """The line, right under the page's title."""
    minutes = minutes_of(page, config, cache)
    h1 = H1_END.search(content)
    if minutes is None or h1 is None:
        return content
    current, default = languages(config)
    line = reading_time_line(str(current or default or "en"), minutes)
    return content[: h1.end()] + line + content[h1.end() :]
