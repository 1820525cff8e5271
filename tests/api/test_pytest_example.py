"""docs/examples/pytest runs as the README there says: its tests pass, and the same
no_leaks test fails naming the bucket once the application forgets to delete it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

EXAMPLE = Path(__file__).parents[2] / "docs" / "examples" / "pytest"
CLEANUP = "    s3.delete_bucket(Bucket=scratch)  # without this line the scratch bucket leaks\n"


def _copy(pytester: pytest.Pytester) -> Path:
    for path in EXAMPLE.iterdir():
        if path.name in ("__pycache__", ".pytest_cache"):
            continue
        copy = shutil.copytree if path.is_dir() else shutil.copy
        copy(path, pytester.path / path.name)
    return pytester.path


def test_the_example_passes(pytester: pytest.Pytester) -> None:
    _copy(pytester)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)


def test_no_leaks_catches_the_bucket_the_code_leaves(pytester: pytest.Pytester) -> None:
    app = _copy(pytester) / "app.py"
    text = app.read_text()
    assert CLEANUP in text  # the line the fix added
    app.write_text(text.replace(CLEANUP, ""))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-k", "leaves")
    result.assert_outcomes(failed=1, deselected=1)
    result.stdout.fnmatch_lines(
        [
            "*_ test_export_leaves_nothing_behind _*",
            "driftctl: the test left 1 live resource that neither */infra declares "
            "nor existed before it",
            "type * id * tags",
            'aws_s3_bucket * orders-scratch-b42 * {"Purpose": "scratch"}',
        ]
    )
