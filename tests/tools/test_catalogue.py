"""The catalogue of checks (doccheck.catalogue) is the one list both faces run: every check in it
is the test of exactly one test file, under the check's own name, so pytest and `python -m
doccheck check` cannot drift apart (tests/tools/test_verifier_catches_errors.py shows them reporting
the same problems)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from doccheck.catalogue import CHECKS
from doccheck.plugin import content_test

TESTS = Path(__file__).parents[1]


def content_tests_in(folder: Path) -> list[tuple[str, str, str]]:
    """(file, name assigned, check named) for every ``name = content_test("check")`` in the files."""
    found = []
    for path in sorted(folder.rglob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and getattr(node.value.func, "id", None) == "content_test"
            ):
                [target] = node.targets
                [argument] = node.value.args
                assert isinstance(target, ast.Name) and isinstance(argument, ast.Constant)
                found.append((path.relative_to(folder).as_posix(), target.id, str(argument.value)))
    return found


def test_every_check_is_the_test_of_one_file_under_its_own_name():
    found = content_tests_in(TESTS)
    misnamed = [(file, name, check) for file, name, check in found if name != check]
    assert not misnamed, f"a content test must carry its check's name: {misnamed}"
    held = [check for _, _, check in found]
    assert sorted(held) == sorted(c.name for c in CHECKS), (
        f"checks no test file holds: {sorted({c.name for c in CHECKS} - set(held))}; "
        f"held twice: {sorted({c for c in held if held.count(c) > 1})}"
    )


def test_a_check_the_catalogue_does_not_have_is_refused():
    with pytest.raises(KeyError, match="test_spelling"):
        content_test("test_spelling")


def test_the_scan_sees_a_test_under_another_name(tmp_path):
    (tmp_path / "test_x.py").write_text('test_a = content_test("test_b")\nother = 1\n', encoding="utf-8")
    assert content_tests_in(tmp_path) == [("test_x.py", "test_a", "test_b")]
