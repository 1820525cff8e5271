"""Declared resources of types driftctl does not read are in every report, not only on stderr.

`driftctl scan` offline (a saved live snapshot) on the real CLI: summary.unsupported in the
JSON report, the console summary and the markdown report; shard reports still merge.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from driftctl.aws import snapshot
from driftctl.aws.scanner import LiveState
from driftctl.cli import app, main
from driftctl.core.model import Resource
from driftctl.engine.scopes import LiveRun
from tests.schemas import validate_report

ACCOUNT = "123456789012"
BUCKET = """\
resource "aws_s3_bucket" "logs" {
  bucket = "acme-logs"
}
"""
UNSUPPORTED = """\
resource "aws_mq_broker" "jobs" {
  broker_name = "jobs"
}

resource "aws_glue_trigger" "worker" {
  count    = 2
  name     = "worker-${count.index}"
  role_arn = "arn:aws:iam::123456789012:role/worker"
}
"""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "main.tf").write_text(BUCKET)
    attrs = {"bucket": "acme-logs", "arn": "arn:aws:s3:::acme-logs", "tags": {}}
    live = [Resource("aws_s3_bucket", "acme-logs", None, attrs)]
    run = LiveRun(
        {ACCOUNT: LiveState(live, [], set(), ACCOUNT)},
        [(ACCOUNT, "eu-west-1"), (ACCOUNT, "global")],
        "eu-west-1",
    )
    (tmp_path / "live.json").write_text(snapshot.dump(run))
    return tmp_path


def scan(*output: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["scan", "--live", "live.json", *output])
    return result.exit_code, result.stdout


def test_the_json_report_counts_unsupported_declarations_by_type(repo: Path) -> None:
    (repo / "more.tf").write_text(UNSUPPORTED)
    code, out = scan("-o", "json://-")
    report = json.loads(out)
    assert code == 0  # unsupported resources are not drift
    assert report["summary"]["unsupported"] == {"aws_glue_trigger": 2, "aws_mq_broker": 1}
    assert list(report["summary"]["unsupported"]) == ["aws_glue_trigger", "aws_mq_broker"]
    validate_report(report)


def test_the_json_report_says_none_were_unsupported(repo: Path) -> None:
    code, out = scan("-o", "json://-")
    report = json.loads(out)
    assert (code, report["summary"]["unsupported"]) == (0, {})
    validate_report(report)


def test_the_console_summary_names_them(repo: Path) -> None:
    (repo / "more.tf").write_text(UNSUPPORTED)
    _, out = scan()
    text = " ".join(out.split())  # as printed, wrapped at the terminal's width
    assert "unknown values 0, unsupported 3, coverage 100%" in text
    listed = "aws_glue_trigger 2, aws_mq_broker 1"
    assert f"not compared (types driftctl does not read yet): {listed}" in text


def test_the_markdown_report_names_them(repo: Path) -> None:
    (repo / "more.tf").write_text(UNSUPPORTED)
    _, out = scan("-o", "markdown://-")
    assert "· 3 unsupported ·" in out
    assert "<code>aws_glue_trigger</code> 2, <code>aws_mq_broker</code> 1" in out


def test_shard_reports_with_unsupported_still_merge_into_a_valid_report(repo: Path) -> None:
    """Each shard's snapshot (as `scan --shard I/2 --save-live` writes it) scanned offline."""
    (repo / "more.tf").write_text(UNSUPPORTED)
    attrs = {"bucket": "acme-logs", "arn": "arn:aws:s3:::acme-logs", "tags": {}}
    live = [Resource("aws_s3_bucket", "acme-logs", None, attrs)]
    pairs = [(ACCOUNT, "eu-west-1"), (ACCOUNT, "global")]
    for index, pair in enumerate(pairs, 1):
        part = [r for r in live if pair[1] == "global"]  # a bucket is in the global scope
        run = LiveRun({ACCOUNT: LiveState(part, [], set(), ACCOUNT)}, [pair], "eu-west-1")
        (repo / f"live{index}.json").write_text(snapshot.dump(run, (index, 2)))
        result = CliRunner().invoke(
            app, ["scan", "--live", f"live{index}.json", "-o", f"json://shard{index}.json"]
        )
        assert result.exit_code == 0
    result = CliRunner().invoke(app, ["merge", "shard1.json", "shard2.json"])
    merged: Any = json.loads(result.stdout)
    assert result.exit_code == 0
    validate_report(merged)


def scan_both(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["scan", "--live", "live.json", *args])
    return result.exit_code, result.stdout, result.stderr


def test_the_summary_gives_the_share_of_declared_resources_compared(repo: Path) -> None:
    (repo / "more.tf").write_text(UNSUPPORTED)
    _, out = scan("-o", "json://-")
    report = json.loads(out)
    assert report["summary"]["compared_share"] == 0.25  # 1 bucket of 4 declared resources
    validate_report(report)
    _, console = scan()
    assert "coverage 100%, compared 25% of declared" in " ".join(console.split())
    _, markdown = scan("-o", "markdown://-")
    assert "· compared 25% of declared" in markdown
    _, sarif = scan("-o", "sarif://-")
    (invocation,) = json.loads(sarif)["runs"][0]["invocations"]
    texts = [n["message"]["text"] for n in invocation["toolExecutionNotifications"]]
    assert texts == [
        "not compared: 2 aws_glue_trigger (a type driftctl does not read yet)",
        "not compared: 1 aws_mq_broker (a type driftctl does not read yet)",
    ]
    assert invocation["executionSuccessful"] is True


def test_everything_compared_is_a_share_of_one(repo: Path) -> None:
    _, out = scan("-o", "json://-")
    assert json.loads(out)["summary"]["compared_share"] == 1.0


def test_below_min_compared_the_scan_fails_after_writing_its_reports(repo: Path) -> None:
    (repo / "more.tf").write_text(UNSUPPORTED)
    code, _, err = scan_both("--min-compared", "90%", "-o", "json://report.json")
    assert code == 2  # not 1: no drift was found, the answer covers too little
    assert "compared 25.0% of the declared resources, below --min-compared 90.0%" in err
    assert "aws_glue_trigger (2), aws_mq_broker (1)" in err
    assert json.loads((repo / "report.json").read_text())["summary"]["compared_share"] == 0.25


@pytest.mark.parametrize("share", ["0.25", "25%", "0.1"])
def test_at_or_above_min_compared_the_scan_passes(repo: Path, share: str) -> None:
    (repo / "more.tf").write_text(UNSUPPORTED)
    code, _, err = scan_both("--min-compared", share)
    assert code == 0, err


@pytest.mark.parametrize("share", ["ninety", "1.5", "-0.1", "150%"])
def test_a_bad_min_compared_is_one_clear_error(
    repo: Path, share: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["scan", "--live", "live.json", "--min-compared", share])
    out, err = capsys.readouterr()
    assert code == 2
    assert f"--min-compared {share!r}: expected a share between 0 and 1" in " ".join(err.split())
    assert "Traceback" not in out + err
