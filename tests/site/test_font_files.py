"""The fonts' cuts are kept in `.cache/` (hooks/font_files.py ``cut``): a kept cut is exactly
what cutting again would give, and a font that changed under the same file name is cut anew."""

from __future__ import annotations

import shutil

import pytest

from hooks import font_files, math_font
from hooks.core.figure_text import FigureLabels
from hooks.figures_in_language import FAMILIES, LATIN, FigureFonts, FigureTexts


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


def test_a_figures_fonts_are_cut_in_a_worker_once_and_then_kept(tmp_path, monkeypatch):
    """A clean checkout's build cuts about seventy fonts: in worker processes, while the build goes
    on (hooks/figures_in_language.py ``FigureFonts``). Each cut is asked for once, however many
    figures need it, and the next build takes it from the cache without starting a worker."""

    def cut_here(*arguments):
        raise AssertionError("cut in the build's own process")

    monkeypatch.setattr(font_files, "subset_woff2", cut_here)  # a spawned worker imports the real one
    fonts = FigureFonts(tmp_path)
    characters = {"a", "b", "词", "元"}
    faces, lacking = fonts.faces(characters)
    assert lacking == set() and [family for family, _ in faces] == list(FAMILIES)
    again, _ = fonts.faces(characters)
    assert [cut for _, cut in again] == [cut for _, cut in faces]  # the same pending cuts, not new ones
    cuts = [cut.result(timeout=120) for _, cut in faces]
    fonts.done()
    monkeypatch.undo()
    (latin, _), (cjk, _) = fonts.fonts
    assert cuts == [font_files.subset_woff2(latin, {"a", "b"}), font_files.subset_woff2(cjk, {"词", "元"})]

    monkeypatch.setattr(font_files, "subset_woff2", cut_here)
    kept, _ = fonts.faces(characters)
    assert all(cut.done() for _, cut in kept) and fonts._workers is None
    assert [cut.result() for _, cut in kept] == cuts


def test_a_failed_build_leaves_no_figure_to_write_and_no_worker(tmp_path):
    fonts = FigureFonts(tmp_path)
    faces, _ = fonts.faces({"x", "y"})
    texts = FigureTexts(tmp_path, FigureLabels(tmp_path, "en", ["en"]), fonts)
    texts.pending.append((tmp_path / "figure.svg", None, faces))  # type: ignore[arg-type]
    texts.abandon()
    assert texts.pending == [] and fonts._workers is None and fonts._cutting == {}
    texts.write_figures()
    assert not (tmp_path / "figure.svg").exists()
