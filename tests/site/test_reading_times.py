"""Every chapter page says under its title how long it takes to read (hooks/reading_times.py), in
its language: the minutes hooks.core.reading_time computes from the English page, the same in
every edition. The home page, the glossary and the notebooks have no such line.
"""

from __future__ import annotations

import re
from pathlib import Path

from doccheck.built_html import read_page
from doccheck.plugin import fail_with
from hooks.core.languages import language as language_row
from hooks.core.reading_time import PAGES_WITHOUT_READING_TIME, reading_time
from hooks.core.urls import language_root, page_url


def expected_minutes(project) -> dict[str, int | None]:
    """For each page of the source language, its minutes, or None where it has no line."""
    minutes: dict[str, int | None] = dict.fromkeys(project.page_files(project.source_language))
    for page in project.pages:
        if page.language == project.source_language and page.relative not in PAGES_WITHOUT_READING_TIME:
            minutes[page.relative] = reading_time(page, project.root, project.snippets_dir).minutes
    return minutes


def line_problems(project, site_dir: Path, only: str | None = None) -> list[str]:
    problems = []
    for relative, minutes in expected_minutes(project).items():
        if only is not None and relative != only:
            continue
        for language in project.languages:
            path = site_dir / language_root(project, language) / page_url(relative) / "index.html"
            soup = read_page(path).soup
            found = soup.select("article p.reading-time")
            where = f"[{language}] {relative}"
            if minutes is None:
                if found:
                    problems.append(f"{where}: has a reading-time line, which only chapter pages have")
                continue
            want = language_row(language).words["reading_time"].format(minutes=minutes)
            title = soup.select_one("article h1")
            if len(found) != 1 or found[0].get_text() != want:
                problems.append(f"{where}: the line under the title should read {want!r}, found {found}")
            elif title is None or title.find_next_sibling() is not found[0]:
                problems.append(f"{where}: the reading-time line is not right under the title")
    return problems


def test_chapter_pages_say_how_long_they_take_to_read(project, site_dir):
    fail_with(line_problems(project, site_dir))


def test_the_reading_time_check_fails_on_a_wrong_minute(project, site_dir, tmp_path):
    """The same check on a copy of one built page, in every language, whose minutes are one off."""
    relative = next(r for r, minutes in expected_minutes(project).items() if minutes is not None)
    copy = tmp_path / "site"
    for language in project.languages:
        inside = Path(language_root(project, language)) / page_url(relative) / "index.html"
        html = (site_dir / inside).read_text(encoding="utf-8")
        one_more = re.sub(
            r'(<p class="reading-time">[^<\d]*)(\d+)', lambda m: m.group(1) + str(int(m.group(2)) + 1), html, count=1
        )
        assert one_more != html, f"[{language}] {relative}: no reading-time line to change"
        (copy / inside).parent.mkdir(parents=True, exist_ok=True)
        (copy / inside).write_text(one_more, encoding="utf-8")
    assert line_problems(project, copy, only=relative), f"{relative} with its minutes one off passes the check"
