"""aws_lambda_event_source_mapping on moto: matched by function and source, batch size
compared where declared, revert in place, re-create."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.awslambda.test_function import HCL as FUNCTION
from tests.resources.awslambda.test_function import apply as apply_function
from tests.resources.helpers import drifts, plan_calls, run, scan, write

QUEUE = "arn:aws:sqs:us-east-1:123456789012:jobs"
HCL = (
    FUNCTION
    + """
resource "aws_lambda_event_source_mapping" "jobs" {
  event_source_arn = "arn:aws:sqs:us-east-1:123456789012:jobs"
  function_name    = aws_lambda_function.worker.arn
  batch_size       = 5
}
"""
)


def apply() -> str:
    apply_function()
    boto3.client("sqs", region_name="us-east-1").create_queue(QueueName="jobs")
    found = boto3.client("lambda", region_name="us-east-1").create_event_source_mapping(
        EventSourceArn=QUEUE, FunctionName="worker", BatchSize=5
    )
    return str(found["UUID"])


def test_an_applied_mapping_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report, "changed", "missing") == []


def test_a_changed_batch_size_is_drift_and_reverted(aws: None, tmp_path: Path) -> None:
    uuid = apply()
    fn = boto3.client("lambda", region_name="us-east-1")
    fn.update_event_source_mapping(UUID=uuid, BatchSize=9)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory), "changed") == [
        ("changed", "aws_lambda_event_source_mapping.jobs", ["batch_size"])
    ]
    calls, _ = plan_calls(tmp_path, directory)
    lambda_calls = [c for c in calls if c.service == "lambda"]
    assert [c.name for c in lambda_calls] == ["lambda.update_event_source_mapping"]
    run(lambda_calls)
    assert drifts(scan(directory), "changed", "missing") == []


def test_a_missing_mapping_is_created(aws: None, tmp_path: Path) -> None:
    uuid = apply()
    boto3.client("lambda", region_name="us-east-1").delete_event_source_mapping(UUID=uuid)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory), "missing") == [
        ("missing", "aws_lambda_event_source_mapping.jobs", [])
    ]
    calls, _ = plan_calls(tmp_path, directory)
    lambda_calls = [c for c in calls if c.service == "lambda"]
    assert [c.name for c in lambda_calls] == ["lambda.create_event_source_mapping"]
    run(lambda_calls)
    assert drifts(scan(directory), "changed", "missing") == []
