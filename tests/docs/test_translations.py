"""Every translation says what its English page says, block by block (fidelity), and records
the version of the English page it translates (drift). Each test is a check of
doccheck.catalogue, one per translated page; tests/tools/ shows each check fail."""

from doccheck.plugin import content_test

test_translation_says_what_the_english_says = content_test("test_translation_says_what_the_english_says")
test_translation_is_of_the_current_english_page = content_test("test_translation_is_of_the_current_english_page")
