"""The guide's build as one MkDocs plugin (``guide-build`` in mkdocs.yml, registered by
pyproject.toml): it owns the build's state and calls each feature, a plain function or Markdown
extension in a module of its own, in a declared order.

mkdocs-static-i18n builds the default language, then each other language inside that build's
``on_post_build`` (priority -100). So the per-page steps run once per page and language, and the
steps of ``finish`` run once, at priority -200 after the last language, when the whole site is on
disk. MkDocs keeps this one instance across the rebuilds of ``mkdocs serve`` (it has
``on_startup``); the state is emptied when a whole build ends.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from pathlib import Path

import jieba
from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from hooks import (
    figures_for_every_language,
    figures_in_language,
    math_font,
    math_to_mathml,
    notebook_downloads,
    notebook_pages,
    reader_pages,
    reading_times,
    responsive_figures,
    runnable_copies,
    search_input,
    search_per_language,
)
from hooks.cjk_line_breaks import CjkLineBreaks
from hooks.compiled_templates import CompiledTemplates
from hooks.core.languages import SOURCE, table, ties_one_letter_words
from hooks.i18n_state import languages, whole_site_built
from hooks.latex_to_mathml import LatexToMathML
from hooks.notebooks_under_i18n import cache_each_language_apart, count_notebooks_as_pages
from hooks.polish_no_break_spaces import PolishNoBreakSpaces
from hooks.repeated_work import remember_repeated_work

log = logging.getLogger("mkdocs.plugins.guide_build")


def _is_notebook(page: Page) -> bool:
    return page.file.src_uri.endswith(".ipynb")


class GuideBuild(BasePlugin):
    def __init__(self) -> None:
        super().__init__()
        self.math = LatexToMathML()
        self._undo_notebook_pages: Callable[[], None] | None = None
        self._undo_remembering: Callable[[], None] | None = None
        self.figure_texts: figures_in_language.FigureTexts | None = None  # the extension's, with the label tables
        self.programs: runnable_copies.Programs | None = None  # kept across builds, per snippet folder
        self.copies: runnable_copies.RunnableCopies | None = None  # the language being built's
        self.compiled_templates = CompiledTemplates()  # every language's and rebuild's Jinja environment
        # pure functions of a page's HTML, which a `mkdocs serve` rebuild hands them unchanged for
        # every page but the edited one: each remembers one build's pages (104 of them)
        self.search_input_of = functools.lru_cache(maxsize=128)(search_input.indexed_html)
        self.math_characters_of = functools.lru_cache(maxsize=128)(math_font.characters)
        self._reset()

    def _reset(self) -> None:
        self.math_characters: dict[str, frozenset[str]] = {}  # what each page's formulas draw, by source file
        self.notebook_css: list[str] = []  # every notebook page's CSS, in page order, once each
        self.english_notebook_ids: dict[str, list[str]] = {}  # the English notebooks' heading ids, by page
        self.not_found_pages: dict[str, str] = {}  # each language's 404 page
        self.warned_no_colab = False
        self.english_fingerprints: dict[Path, str] = {}  # each English page's, for its translations' notices
        self.reading_minutes: dict[Path, int] = {}  # each English chapter page's, for every language
        self.full_content: dict[str, str | None] = {}  # the page Material's search is reading, by source file

    # -- the process -----------------------------------------------------------------------------

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self._undo_notebook_pages = count_notebooks_as_pages()
        self._undo_remembering = remember_repeated_work()
        jieba.setLogLevel(logging.WARNING)  # jieba logs its dictionary loading on every build

    def on_shutdown(self) -> None:
        for undo in (self._undo_notebook_pages, self._undo_remembering):
            if undo is not None:
                undo()

    # -- each language's build -------------------------------------------------------------------

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Once (mkdocs-static-i18n calls this again for each language, with the same list): the
        Markdown extensions; for each language, the copy buttons' extension of that language."""
        config.extra["languages"] = table()  # for the templates (page-head.html, main.html)
        current, default = languages(config)
        cache_each_language_apart(config, current or default or SOURCE)
        extensions = config.markdown_extensions
        if self.math not in extensions:
            extensions += [
                CjkLineBreaks(),
                PolishNoBreakSpaces(active=lambda: ties_one_letter_words(languages(config)[0])),
                self.math,
                figures_in_language.FiguresInLanguage(self._figures(config)),
            ]
        extensions[:] = [e for e in extensions if not isinstance(e, runnable_copies.RunnableCopies)]
        if self.programs is None:
            self.programs = runnable_copies.Programs(Path(config.config_file_path).parent / ".cache" / "take-away")
        self.copies = runnable_copies.for_language(config, self.programs)
        extensions.append(self.copies)
        return config

    def _figures(self, config: MkDocsConfig) -> figures_in_language.FigureTexts:
        """The figures and their label tables, read afresh for each build (``mkdocs serve`` too)."""
        codes = [SOURCE, *(code for code in table() if code != SOURCE)]
        cache = Path(config.config_file_path).parent / ".cache" / "figure-fonts"
        fresh = figures_in_language.for_project(Path(config.docs_dir), codes, cache)
        if self.figure_texts is None:
            self.figure_texts = fresh
        else:  # the extension holds this object
            self.figure_texts.labels = fresh.labels
        return self.figure_texts

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        env.bytecode_cache = self.compiled_templates
        return env

    @event_priority(-150)  # after mkdocs-static-i18n (-100) has chosen this language's files
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        return figures_for_every_language.add_shared_assets(files, config)

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        math_to_mathml.for_page(self.math, page, config)
        if self.copies is not None:
            self.copies.for_page(page.file.content_string if not _is_notebook(page) else None)
        if self.figure_texts is not None:
            self.figure_texts.for_page(page, languages(config)[0] or SOURCE, Path(config.site_dir))
        return markdown

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        if _is_notebook(page):  # rendered by mkdocs-jupyter, not by Python-Markdown
            html = math_to_mathml.convert_notebook_math(html, page, config)
            html = notebook_pages.clean_notebook_page(html, page, config, self.notebook_css, self.english_notebook_ids)
            html, has_colab = notebook_downloads.add_take_away_links(html, page, config)
            if not has_colab and not self.warned_no_colab:
                self.warned_no_colab = True
                log.warning(
                    f"repo_url {config.repo_url!r} is not a GitHub repository: notebook pages get no Colab link"
                )
            html = responsive_figures.size_notebook_figures(html)
            if self.figure_texts is not None:
                self.figure_texts.for_page(page, languages(config)[0] or SOURCE, Path(config.site_dir))
                html = figures_in_language.notebook_figures(html, self.figure_texts)
        self.math_characters[page.file.src_uri] = self.math_characters_of(html)
        html = reading_times.add_reading_time(html, page, config, self.reading_minutes)
        return reader_pages.add_outdated_notice(html, page, config, self.english_fingerprints)

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        output = math_to_mathml.link_font(output, page)
        if _is_notebook(page):
            notebook_downloads.copy_notebook(page, config)
        output = search_per_language.rebase_search(output, config)
        return reader_pages.check_head_and_diagrams(output, page)

    @event_priority(100)  # before Material's search (0) indexes the page
    def _hand_search_its_input(self, context: TemplateContext, *, page: Page, **_: object) -> None:
        self.full_content[page.file.src_uri] = page.content
        if page.content is not None:
            page.content = self.search_input_of(page.content)

    @event_priority(-100)  # after it, before the page's template is rendered
    def _give_the_page_back(self, context: TemplateContext, *, page: Page, **_: object) -> None:
        page.content = self.full_content.pop(page.file.src_uri)

    on_page_context = CombinedEvent(_hand_search_its_input, _give_the_page_back)

    def on_template_context(
        self, context: TemplateContext, *, template_name: str, config: MkDocsConfig
    ) -> TemplateContext:
        if template_name == "404.html":
            reader_pages.give_404_its_alternates(config)
        return context

    def on_post_template(self, output_content: str, *, template_name: str, config: MkDocsConfig) -> str:
        if template_name != "404.html":
            return output_content
        output_content = search_per_language.rebase_search(output_content, config)  # it searches its language
        return reader_pages.keep_404(output_content, config, self.not_found_pages)

    # -- once, after every language ------------------------------------------------------------

    @event_priority(-200)  # after mkdocs-static-i18n (-100) has built every other language
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if whole_site_built(config):
            self.finish(config)

    def finish(self, config: MkDocsConfig) -> None:
        site, cache = Path(config.site_dir), Path(config.config_file_path).parent / ".cache"
        if self.figure_texts is not None:
            self.figure_texts.write_figures()
        math_to_mathml.write_font(self.math_characters, site, cache / "math-font")
        notebook_pages.share_notebook_css(self.notebook_css, site, cache / "notebook-css")
        search_per_language.split_search_index(config)
        reader_pages.write_404_pages(self.not_found_pages, config)
        if self.programs is not None:
            self.programs.save()
        self._reset()

    def on_build_error(self, *, error: Exception) -> None:
        if self.figure_texts is not None:
            self.figure_texts.abandon()
        self._reset()
