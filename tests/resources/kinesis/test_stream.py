"""aws_kinesis_stream on moto: scan, AWS defaults, revert in place, re-create."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_kinesis_stream" "clicks" {
  name        = "clicks"
  shard_count = 1
  tags        = { Team = "web" }
}
"""


def apply() -> None:
    kinesis = boto3.client("kinesis", region_name="us-east-1")
    kinesis.create_stream(StreamName="clicks", ShardCount=1)
    kinesis.add_tags_to_stream(StreamName="clicks", Tags={"Team": "web"})


def test_an_applied_stream_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    apply()
    kinesis = boto3.client("kinesis", region_name="us-east-1")
    kinesis.increase_stream_retention_period(StreamName="clicks", RetentionPeriodHours=72)
    kinesis.enable_enhanced_monitoring(StreamName="clicks", ShardLevelMetrics=["IncomingBytes"])
    kinesis.remove_tags_from_stream(StreamName="clicks", TagKeys=["Team"])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_kinesis_stream.clicks",
            ["retention_period", "shard_level_metrics[0]", "tags.Team"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "kinesis.add_tags_to_stream",
        "kinesis.decrease_stream_retention_period",
        "kinesis.disable_enhanced_monitoring",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_missing_stream_is_created(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_kinesis_stream.clicks", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["kinesis.create_stream", "kinesis.add_tags_to_stream"]
    assert refusals == []
    run(calls)
    assert drifts(scan(directory)) == []
