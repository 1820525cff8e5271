"""snyk driftctl's own .driftignore test vectors agree with driftctl: 83 of 83.

tests/data/snyk_driftignore holds snyk's pkg/filter/testdata files and the table of its
driftignore_test.go (see its README): 40 resource cases (`type.id`) and 43 attribute
cases (`type.id.path.to.field`). Each is asked of driftctl's reader exactly as snyk's
test asks its own: a resource is ignored when `TYPE.ID` matches, a field when
`TYPE.ID.PATH` does; patterns given as a list are snyk's `--ignore`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from driftctl import driftignore
from tests.paths import TESTS

DATA = TESTS / "data" / "snyk_driftignore"
CASES: list[dict[str, Any]] = json.loads((DATA / "cases.json").read_text())


def reader(case: dict[str, Any]) -> driftignore.DriftIgnore:
    if case["ignores"] is not None:
        return driftignore.parse("--ignore", "\n".join(case["ignores"]) + "\n")
    path: Path = DATA / case["file"]
    if not path.is_file():  # drift_ignore_no_file: snyk reads nothing, ignores nothing
        return driftignore.parse(str(path), "")
    # as snyk reads it: bytes that are not UTF-8 are kept, not an error
    return driftignore.parse(str(path), path.read_bytes().decode("utf-8", "surrogateescape"))


def subject(case: dict[str, Any]) -> str:
    head = f"{case['type']}.{case['id']}"
    return head if case["path"] is None else f"{head}.{'.'.join(case['path'])}"


def test_the_vectors_are_all_there() -> None:
    assert len(CASES) == 83
    assert sum(c["test"] == "IsResourceIgnored" for c in CASES) == 40
    assert sum(c["test"] == "IsFieldIgnored" for c in CASES) == 43


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['case']}:{c['type']}.{c['id']}.{c['path']}" for c in CASES]
)
def test_snyk_vector(case: dict[str, Any]) -> None:
    assert reader(case).matches(subject(case)) is case["ignored"]


def test_invalid_lines_are_skipped_with_a_warning_not_an_error() -> None:
    ignore = reader({"ignores": None, "file": "drift_ignore_invalid_lines/.driftignore"})
    assert ignore.matches("ignored_resource.id2")  # the valid line after the bad ones
    assert any("line skipped" in w for w in ignore.warnings), ignore.warnings
