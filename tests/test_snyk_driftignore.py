"""snyk driftctl's own .driftignore test vectors agree with driftctl: 83 of 83, the two
on a file with a malformed line once that line is deleted (driftctl refuses such a file
where snyk skipped the line silently, issue #29).

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

from driftctl.errors import DriftctlError
from driftctl.rules import driftignore
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
    text = path.read_bytes().decode("utf-8", "surrogateescape")
    if case["file"] == INVALID:  # its lone `\` is an error here (test below): without it
        text = text.replace("\n\\\n", "\n")
    return driftignore.parse(str(path), text)


INVALID = "drift_ignore_invalid_lines/.driftignore"


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


def test_a_malformed_line_is_an_error_naming_file_and_line() -> None:
    """snyk skipped it silently; driftctl refuses the file (exit 2) naming the line."""
    path = DATA / INVALID
    with pytest.raises(DriftctlError) as caught:
        driftignore.parse(str(path), path.read_bytes().decode("utf-8", "surrogateescape"))
    assert caught.value.message.startswith(f"{path}:7: bad glob")
    assert "lone backslash" in caught.value.message
