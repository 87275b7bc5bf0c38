"""The home page's fast track: its minutes are the reading times of the pages it lists
(hooks/core/reading_time.py), and its total is their sum. A page that grows or shrinks makes this
fail until the home page says how long it now takes; the translations carry the same numbers (the
fidelity check compares them).
"""

from __future__ import annotations

import re
import shutil

from hooks.core.markdown import tokens
from hooks.core.pages import parse_page
from hooks.core.reading_time import reading_time

SECTION_ID = "a-fast-track-through-rope"
MINUTES_AFTER_LINK = re.compile(r"^\s*\((\d+) min\)")
TOTAL = re.compile(r"about (\d+) minutes of reading")


def fast_track_problems(project, text: str) -> list[str]:
    """What is wrong with the fast track of the source-language home page ``text``."""
    pages = {page.relative: page for page in project.pages if page.language == project.source_language}
    listed: list[tuple[str, int, bool]] = []  # (page, minutes, in the numbered list)
    totals: list[int] = []
    inside = in_list = False
    href = None
    for token in tokens(text):
        if token.type == "heading_open" and token.tag in ("h1", "h2"):
            inside = False
        if token.type == "inline" and SECTION_ID in token.content:
            inside = True
        if not inside:
            continue
        if token.type in ("ordered_list_open", "ordered_list_close"):
            in_list = token.type == "ordered_list_open"
        if token.type != "inline":
            continue
        totals += [int(n) for n in TOTAL.findall(token.content)]
        for child in token.children or []:
            if child.type == "link_open":
                href = str(child.attrGet("href"))
            elif child.type == "text" and href and (match := MINUTES_AFTER_LINK.match(child.content)):
                listed.append((href, int(match.group(1)), in_list))
                href = None
    problems = []
    if not listed:
        problems.append(f"no page with its minutes in the section #{SECTION_ID}: the check checked nothing")
    for relative, minutes, _ in listed:
        if relative not in pages:
            problems.append(f"the fast track lists {relative}, which is no page")
            continue
        actual = reading_time(pages[relative], project.root, project.snippets_dir)
        if minutes != actual.minutes:
            problems.append(
                f"{relative}: the fast track says {minutes} min, the page reads in {actual.minutes} "
                f"({actual.words} words, {actual.code_lines} lines of code, {actual.output_lines} of output)"
            )
    in_order = sum(minutes for _, minutes, numbered in listed if numbered)
    if totals != [in_order]:
        problems.append(f"the fast track's total should be 'about {in_order} minutes of reading', found {totals}")
    return problems


def _home_page(project) -> str:
    return (project.docs_dir / project.source_language / "index.md").read_text(encoding="utf-8")


def test_the_fast_track_says_how_long_its_pages_take(project):
    assert fast_track_problems(project, _home_page(project)) == []


def test_the_fast_track_check_fails_on_a_wrong_minute_or_total(project):
    text = _home_page(project)
    one_minute_off = re.sub(r"\((\d+) min\)", lambda m: f"({int(m.group(1)) + 1} min)", text, count=1)
    total_off = TOTAL.sub(lambda m: f"about {int(m.group(1)) + 1} minutes of reading", text, count=1)
    assert fast_track_problems(project, one_minute_off), "a page's minutes one off passes"
    assert fast_track_problems(project, total_off), "a total one off passes"


def test_folded_answers_are_not_part_of_the_reading_time(project, tmp_path):
    """An exercise answer is read after trying, not on the first reading: unfolded, the same page
    takes longer."""
    page = next(p for p in project.pages if p.language == project.source_language and p.relative == "rope/idea.md")
    folded = reading_time(page, project.root, project.snippets_dir)
    copy = tmp_path / page.path
    copy.parent.mkdir(parents=True)
    text = (project.root / page.path).read_text(encoding="utf-8")
    copy.write_text(re.sub(r"</?details\b[^>]*>", "", text), encoding="utf-8")
    unfolded_page = parse_page(copy, page.language, page.relative, tmp_path)
    shutil.copytree(project.snippets_dir, tmp_path / "snippets", dirs_exist_ok=True)
    unfolded = reading_time(unfolded_page, tmp_path, tmp_path / "snippets")
    assert folded.code_lines < unfolded.code_lines and folded.output_lines < unfolded.output_lines
    assert folded.words < unfolded.words
