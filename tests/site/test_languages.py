"""Everything that differs by language comes from one table, hooks/core/languages.yml: every
language the site builds has a row with every key and every text the English row has."""

from __future__ import annotations

import copy

from hooks.core.languages import SOURCE, language, problems, table


def test_every_language_of_the_site_has_every_key_and_text(project):
    assert project.languages[0] == SOURCE
    found = problems(project.languages)
    assert not found, "\n".join(found)


def test_a_missing_row_key_or_text_is_named():
    rows = copy.deepcopy(table())
    del rows["ko"]["words"]["open_in_colab"]
    rows["pl"]["words"]["table"] = " "
    del rows["zh"]["og_locale"]
    rows["ko"]["words"]["reading_time"] = "읽는 시간: 약 {minute}분"  # a number the build would not fill in
    assert problems(["zh", "ko", "pl", "fr"], rows) == [
        "languages.yml: zh has no og_locale",
        "languages.yml: ko has no words.open_in_colab",
        "languages.yml: ko words.reading_time must hold ['{minutes}'], as en's does",
        "languages.yml: pl words.table is empty",
        "languages.yml: no row for fr",
    ]


def test_the_build_and_the_verifier_read_the_same_rows():
    assert language("pl").decimal_comma and language("pl").tie_one_letter_words
    assert not language("en").decimal_comma and language("zh").name == "Chinese"
