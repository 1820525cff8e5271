"""Report files are written all or nothing, atomically, and never left stale (issue #11
item 11, docs/report.md "When a run fails"): a poller reading the JSON report never takes a
failed run's file, or the previous run's, for this run's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from driftctl.errors import DriftctlError
from driftctl.report import writer
from driftctl.settings import Output

DRIFTCTL = shutil.which("driftctl", path=str(Path(sys.executable).parent)) or "driftctl"
SNAPSHOT = {
    "snapshot_version": 2,
    "default_region": "us-east-1",
    "pairs": [["123456789012", "global"], ["123456789012", "us-east-1"]],
    "accounts": {"123456789012": {"resources": [], "errors": [], "incomplete_scans": []}},
    "context": {"account_id": "123456789012", "region": "us-east-1", "partition": "aws"},
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """infra/ declares a bucket; live.json is an account without it (a missing drift)."""
    (tmp_path / "infra").mkdir()
    (tmp_path / "infra" / "main.tf").write_text(
        'resource "aws_s3_bucket" "l" {\n  bucket = "l"\n}\n'
    )
    (tmp_path / "live.json").write_text(json.dumps(SNAPSHOT))
    return tmp_path


def scan(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DCTL_")}
    return subprocess.run(
        [DRIFTCTL, "scan", "--from", "infra", "--no-cache", *args],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_a_failing_sarif_output_leaves_no_fresh_json_beside_it(repo: Path) -> None:
    ok = scan(repo, "--live", "live.json", "-o", "json://out.json")
    assert ok.returncode == 1, ok.stderr
    assert json.loads((repo / "out.json").read_text())["summary"]["missing"] == 1
    failed = scan(
        repo, "--live", "live.json", "-o", "json://out.json", "-o", "sarif://no/dir.sarif"
    )
    assert failed.returncode == 2
    assert "cannot write no/dir.sarif" in failed.stderr
    assert "no report file of this run was written" in failed.stderr
    assert not (repo / "out.json").exists()  # neither this run's nor the previous run's
    assert leftovers(repo) == []


def test_a_run_that_fails_before_its_report_removes_the_previous_report(repo: Path) -> None:
    assert scan(repo, "--live", "live.json", "-o", "json://out.json").returncode == 1
    failed = scan(repo, "--live", "nowhere.json", "-o", "json://out.json")
    assert failed.returncode == 2 and "Traceback" not in failed.stderr
    assert not (repo / "out.json").exists()
    bad_flag = scan(repo, "--live", "live.json", "-o", "json://out.json", "--max-attempts", "0")
    assert bad_flag.returncode == 2 and not (repo / "out.json").exists()


def test_every_output_is_written_when_all_succeed(repo: Path) -> None:
    (repo / "a").mkdir()
    run = scan(
        repo,
        "--live",
        "live.json",
        "-o",
        "json://a/out.json,sarif://out.sarif",
        "-o",
        "html://out.html",
        "-o",
        "markdown:///dev/null",
    )
    assert run.returncode == 1, run.stderr
    assert json.loads((repo / "a" / "out.json").read_text())["schema_version"] == 1
    assert (repo / "out.sarif").is_file() and (repo / "out.html").is_file()
    assert leftovers(repo) == leftovers(repo / "a") == []


def test_files_are_replaced_whole_with_the_usual_mode(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    target.write_text("old")
    os.chmod(target, 0o600)
    umask = os.umask(0o022)
    try:
        writer.write_all([(str(target), "new\n")])
    finally:
        os.umask(umask)
    assert target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o644  # a new file, as a plain write makes one
    assert leftovers(tmp_path) == []


def test_special_files_are_written_in_place_and_never_removed(tmp_path: Path) -> None:
    writer.clear_previous([Output("json", os.devnull)])
    writer.write_all([(os.devnull, "x")])
    assert Path(os.devnull).exists() and not Path(os.devnull).is_file()


def test_a_failure_removes_every_file_of_the_batch(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    with pytest.raises(DriftctlError) as exc:
        writer.write_all([(str(good), "{}"), (str(tmp_path / "no" / "x.sarif"), "{}")])
    assert "x.sarif" in exc.value.message
    assert not good.exists() and leftovers(tmp_path) == []
