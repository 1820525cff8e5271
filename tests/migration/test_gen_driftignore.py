"""snyk driftctl's gen-driftignore flags in their snyk form (items 30-34 of
docs/migrating-from-snyk.md), on snyk's own reports and expected outputs
(tests/data/snyk_gen_driftignore), and snyk reports read by merge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.kit.cli import driftctl
from tests.paths import DATA

SNYK = DATA / "snyk_gen_driftignore"


def sections(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    current = ""
    for line in text.splitlines():
        if line.startswith("# "):
            current = line
            out.setdefault(current, set())
        elif line:
            out[current].add(line)
    return out


def test_input(tmp_path: Path) -> None:
    """-i FILE: snyk's own valid report gives snyk's own lines (sorted within a section)."""
    out = tmp_path / ".driftignore"
    run = driftctl("gen-driftignore", "-i", str(SNYK / "input_stdin_valid.json"), "-o", str(out))
    assert run.code == 0, run.stderr
    text = out.read_text()
    assert sections(text) == sections((SNYK / "output_stdin_valid.txt").read_text())
    for lines in text.split("# ")[1:]:
        body = lines.splitlines()[1:]
        assert body == sorted(body)


def test_input_stdin_and_bad_input(tmp_path: Path) -> None:
    run = driftctl(
        "gen-driftignore", "-o", "-", stdin=(SNYK / "input_stdin_valid.json").read_text()
    )
    assert sections(run.stdout) == sections((SNYK / "output_stdin_valid.txt").read_text())
    empty = driftctl("gen-driftignore", "-i", str(SNYK / "input_stdin_empty.json"), "-o", "-")
    assert (empty.code, empty.stdout) == (0, "")
    bad = driftctl("gen-driftignore", "-i", str(SNYK / "input_stdin_invalid.json"))
    assert bad.code == 2 and "not a JSON report" in bad.stderr and "Traceback" not in bad.stderr
    gone = driftctl("gen-driftignore", "-i", str(tmp_path / "doesnotexist"))
    assert gone.code == 2 and "cannot read" in gone.stderr


def test_output(tmp_path: Path) -> None:
    """-o FILE appends (known lines are not repeated); -o - is stdout."""
    out = tmp_path / "ignore"
    out.write_text("# mine\naws_s3_bucket.keep\n")
    args = ("gen-driftignore", "-i", str(SNYK / "input_stdin_valid.json"), "--output", str(out))
    assert driftctl(*args).code == 0
    first = out.read_text()
    assert first.startswith("# mine\naws_s3_bucket.keep\n# Resources not covered by IaC\n")
    assert driftctl(*args).code == 0
    assert out.read_text() == first


def test_exclude_unmanaged() -> None:
    run = driftctl(
        "gen-driftignore",
        "-i",
        str(SNYK / "input_stdin_valid.json"),
        "-o",
        "-",
        "--exclude-unmanaged",
    )
    assert sections(run.stdout) == sections((SNYK / "output_stdin_valid_filter.txt").read_text())


def test_exclude_missing() -> None:
    run = driftctl(
        "gen-driftignore",
        "-i",
        str(SNYK / "input_stdin_valid.json"),
        "-o",
        "-",
        "--exclude-missing",
    )
    assert sections(run.stdout) == sections((SNYK / "output_stdin_valid_filter2.txt").read_text())


def test_exclude_changed() -> None:
    """A deep-mode snyk report's differences are changed resources."""
    deep = str(SNYK / "scan_output_deep.json")
    run = driftctl("gen-driftignore", "-i", deep, "-o", "-")
    assert sections(run.stdout)["# Changed resources"] == {
        "aws_diff_resource.diff-id-1",
        "aws_diff_resource.diff-id-2",
    }
    run = driftctl("gen-driftignore", "-i", deep, "-o", "-", "--exclude-changed")
    assert "# Changed resources" not in run.stdout and "# Missing resources" in run.stdout


@pytest.mark.parametrize("name", ["scan_output.json", "scan_output_deep.json"])
def test_merge_and_fmt_read_snyk_reports(name: str, tmp_path: Path) -> None:
    run = driftctl("merge", str(SNYK / name))
    assert run.code == 1, run.stderr
    merged = json.loads(run.stdout)
    assert merged["schema_version"] == 1
    assert merged["summary"]["unmanaged"] == 2 and merged["summary"]["missing"] == 2
    missing = [d for d in merged["drifts"] if d["kind"] == "missing"]
    assert [d["address"] for d in missing] == ["aws_deleted_resource.name", None]
    shown = driftctl("fmt", "-i", str(SNYK / name), "-o", "markdown://-")
    assert "unmanaged-id-1" in shown.stdout and "drift found" in shown.stdout
