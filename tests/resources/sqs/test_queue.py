"""aws_sqs_queue and aws_sqs_queue_policy on moto: scan, AWS defaults, JSON documents,
revert and the declared formats."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from driftctl.resources.registry import TYPES
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_sqs_queue" "dlq" {
  name = "jobs-dlq"
}

resource "aws_sqs_queue" "jobs" {
  name                       = "jobs"
  visibility_timeout_seconds = 60
  redrive_policy = jsonencode({
    deadLetterTargetArn = aws_sqs_queue.dlq.arn
    maxReceiveCount     = 4
  })
  tags = { Team = "data" }
}

resource "aws_sqs_queue_policy" "jobs" {
  queue_url = aws_sqs_queue.jobs.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { AWS = "arn:aws:iam::123456789012:root" }
      Action    = "sqs:SendMessage"
      Resource  = aws_sqs_queue.jobs.arn
    }]
  })
}
"""
ARN = "arn:aws:sqs:us-east-1:123456789012"


def policy(action: str) -> str:
    return json.dumps(
        {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Effect": "Allow",
                    "Principal": {"AWS": "123456789012"},  # an account id: its root ARN
                    "Action": [action],
                    "Resource": f"{ARN}:jobs",
                }
            ],
        }
    )


def apply() -> str:
    """What `terraform apply` of HCL leaves live (the provider sends its defaults)."""
    sqs = boto3.client("sqs", region_name="us-east-1")
    defaults = {"MaximumMessageSize": "262144"}
    sqs.create_queue(QueueName="jobs-dlq", Attributes=defaults)
    redrive = json.dumps({"deadLetterTargetArn": f"{ARN}:jobs-dlq", "maxReceiveCount": "4"})
    url = sqs.create_queue(
        QueueName="jobs",
        Attributes={**defaults, "VisibilityTimeout": "60", "RedrivePolicy": redrive},
        tags={"Team": "data"},
    )["QueueUrl"]
    sqs.set_queue_attributes(QueueUrl=url, Attributes={"Policy": policy("sqs:SendMessage")})
    return str(url)


def test_an_applied_stack_is_in_sync_and_defaults_are_never_drift(
    aws: None, tmp_path: Path
) -> None:
    """Defaults (retention, delay, ...) and the JSON documents written differently by each
    side (maxReceiveCount "4" vs 4, an account id principal) compare equal; the ARNs the
    documents name are bound from the live queues."""
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 3


def test_every_compared_attribute_changed_live_is_drift(aws: None, tmp_path: Path) -> None:
    url = apply()
    sqs = boto3.client("sqs", region_name="us-east-1")
    redrive = json.dumps({"deadLetterTargetArn": f"{ARN}:jobs-dlq", "maxReceiveCount": 9})
    sqs.set_queue_attributes(
        QueueUrl=url,
        Attributes={
            "MessageRetentionPeriod": "60",
            "DelaySeconds": "5",
            "RedrivePolicy": redrive,
            "Policy": policy("sqs:*"),
        },
    )
    sqs.tag_queue(QueueUrl=url, Tags={"Owner": "someone"})
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [
        (
            "changed",
            "aws_sqs_queue.jobs",
            [
                "delay_seconds",
                "message_retention_seconds",
                "redrive_policy.maxReceiveCount",
                "tags.Owner",
            ],
        ),
        ("changed", "aws_sqs_queue_policy.jobs", ["policy.Statement[0].Action[0]"]),
    ]


def test_a_revert_puts_every_attribute_back_and_keeps_an_unmanaged_queue(
    aws: None, tmp_path: Path
) -> None:
    """A queue holds messages: a rule reverts the managed queue's attributes, but deletes
    no unmanaged queue (only --delete-data names one for deletion)."""
    url = apply()
    sqs = boto3.client("sqs", region_name="us-east-1")
    sqs.set_queue_attributes(
        QueueUrl=url, Attributes={"VisibilityTimeout": "5", "Policy": policy("sqs:*")}
    )
    sqs.untag_queue(QueueUrl=url, TagKeys=["Team"])
    scratch = sqs.create_queue(QueueName="scratch")["QueueUrl"]
    directory = write(tmp_path / "tf", HCL)
    calls, refusals = plan_calls(tmp_path, directory)
    assert len(refusals) == 1
    assert f"not deleting aws_sqs_queue.{scratch}: it holds data" in refusals[0]
    assert sorted(c.name for c in calls) == [
        "sqs.set_queue_attributes",
        "sqs.set_queue_attributes",
        "sqs.tag_queue",
    ]
    run(calls)
    assert drifts(scan(directory)) == [("unmanaged", f"aws_sqs_queue.{scratch}", [])]


def test_fifo_cannot_be_changed_in_place(aws: None, tmp_path: Path) -> None:
    boto3.client("sqs", region_name="us-east-1").create_queue(
        QueueName="jobs", Attributes={"MaximumMessageSize": "262144"}
    )
    hcl = 'resource "aws_sqs_queue" "jobs" {\n  name = "jobs"\n  fifo_queue = true\n}\n'
    directory = write(tmp_path / "tf", hcl)
    assert drifts(scan(directory)) == [("changed", "aws_sqs_queue.jobs", ["fifo_queue"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert len(refusals) == 1 and "replace needed: a human decides" in refusals[0]


def test_a_missing_queue_is_created_with_its_attributes(aws: None, tmp_path: Path) -> None:
    hcl = (
        'resource "aws_sqs_queue" "jobs" {\n  name = "jobs"\n'
        '  delay_seconds = 7\n  tags = { Team = "data" }\n}\n'
    )
    directory = write(tmp_path / "tf", hcl)
    assert drifts(scan(directory)) == [("missing", "aws_sqs_queue.jobs", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["sqs.create_queue"] and refusals == []
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_policy_removed_live_is_a_missing_queue_policy_and_a_revert_sets_it_again(
    aws: None, tmp_path: Path
) -> None:
    """As `terraform plan -refresh-only` says it: the aws_sqs_queue_policy is gone (a
    queue without a policy has none), not "its policy changed to nothing"."""
    url = apply()
    boto3.client("sqs", region_name="us-east-1").set_queue_attributes(
        QueueUrl=url, Attributes={"Policy": ""}
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_sqs_queue_policy.jobs", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["sqs.set_queue_attributes"] and refusals == []
    run(calls)
    assert drifts(scan(directory)) == []


def test_the_queue_policy_is_read_with_the_queue_no_call_of_its_own() -> None:
    queue, policy_type = TYPES["aws_sqs_queue"], TYPES["aws_sqs_queue_policy"]
    assert queue.scan == policy_type.scan == "sqs_queues"
    assert policy_type.parent == ("aws_sqs_queue", "queue_url")
