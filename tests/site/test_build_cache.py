"""A file of the build's cache (hooks/build_cache.py) is written whole: a build running at the
same time (the suite's, and a test's) finds the old file or the new one, never half of one."""

from __future__ import annotations

import os

import pytest

from hooks import build_cache


def test_a_kept_file_is_written_whole_in_a_new_folder(tmp_path):
    target = tmp_path / "cuts" / "a.woff2"
    build_cache.keep(target, b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in target.parent.iterdir()] == ["a.woff2"]  # nothing left beside it


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary_one(tmp_path, monkeypatch):
    target = tmp_path / "a.json"
    target.write_bytes(b"old")

    def interrupted(source, destination):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(OSError, match="disk full"):
        build_cache.keep(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]
