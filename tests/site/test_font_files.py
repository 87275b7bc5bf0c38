"""The fonts' cuts are kept in `.cache/` (hooks/font_files.py ``cut``): a kept cut is exactly
what cutting again would give, and a font that changed under the same file name is cut anew."""

from __future__ import annotations

import shutil

import pytest

from hooks import font_files, math_font
from hooks.figures_in_language import LATIN


def test_a_kept_cut_is_the_cut(tmp_path, monkeypatch):
    font, wanted = math_font.font_path(), {"x", "+", "∑"}
    first = font_files.cut(font, wanted, tmp_path)
    assert first == font_files.subset_woff2(font, wanted)
    assert len(list(tmp_path.iterdir())) == 1

    def no_cutting(*arguments):
        raise AssertionError("cut again, although the cut was kept")

    monkeypatch.setattr(font_files, "subset_woff2", no_cutting)
    assert font_files.cut(font, wanted, tmp_path) == first
    with pytest.raises(AssertionError):
        font_files.cut(font, wanted | {"y"}, tmp_path)  # other characters: another cut


def test_a_font_that_changed_under_the_same_name_is_cut_anew(tmp_path):
    """As after an upgrade of the package that ships the font: same path, other content."""
    font, wanted = tmp_path / "font.otf", {"x", "+"}
    shutil.copyfile(math_font.font_path(), font)
    font_files.cut(font, wanted, tmp_path / "cuts")
    shutil.copyfile(font_files.font_in_package(*LATIN), font)
    assert font_files.cut(font, wanted, tmp_path / "cuts") == font_files.subset_woff2(font, wanted)
