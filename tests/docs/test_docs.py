"""The reader-facing promise: every output, number, figure and notebook a page shows is what
the code really prints, and every language shows the same code. Each test is a check of
doccheck.catalogue (its docstring says what it checks), one test per quoted output, page or
notebook."""

from doccheck.plugin import content_test

test_quoted_output = content_test("test_quoted_output")
test_page = content_test("test_page")
test_notebook_outputs = content_test("test_notebook_outputs")
test_page_is_part_of_the_course = content_test("test_page_is_part_of_the_course")
test_every_snippet_is_on_a_page = content_test("test_every_snippet_is_on_a_page")
test_figures_are_what_their_snippets_write = content_test("test_figures_are_what_their_snippets_write")
test_figure_texts_are_translated = content_test("test_figure_texts_are_translated")
test_translations_match_the_english_pages = content_test("test_translations_match_the_english_pages")
