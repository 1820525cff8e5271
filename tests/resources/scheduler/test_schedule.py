"""aws_scheduler_schedule on moto: a schedule read with GetSchedule, AWS's defaults (time
zone, state, retries) never drift, every declared format, a change put back whole with
UpdateSchedule and codified, a deleted schedule created again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
QUEUE = "arn:aws:sqs:us-east-1:123456789012:jobs"
ROLE = "arn:aws:iam::123456789012:role/scheduler"
HCL = f"""
resource "aws_scheduler_schedule" "nightly" {{
  name                = "nightly"
  description         = "the nightly job"
  schedule_expression = "cron(0 3 * * ? *)"

  flexible_time_window {{
    mode = "OFF"
  }}

  target {{
    arn      = "{QUEUE}"
    role_arn = "{ROLE}"
    input    = jsonencode({{ job = "nightly" }})
  }}
}}
"""


def create(**changes: Any) -> None:
    params: dict[str, Any] = {
        "Name": "nightly",
        "Description": "the nightly job",
        "ScheduleExpression": "cron(0 3 * * ? *)",
        "FlexibleTimeWindow": {"Mode": "OFF"},
        "Target": {"Arn": QUEUE, "RoleArn": ROLE, "Input": '{"job":"nightly"}'},
        **changes,
    }
    boto3.client("scheduler", region_name=REGION).create_schedule(**params)


def test_an_applied_schedule_is_in_sync_and_another_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    create(Name="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", "aws_scheduler_schedule.default/by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_schedule_is_drift_put_back_whole_and_codified(aws: None, tmp_path: Path) -> None:
    create(
        ScheduleExpression="rate(5 minutes)",
        State="DISABLED",
        Target={
            "Arn": QUEUE, "RoleArn": ROLE, "Input": '{"job":"nightly"}',
            "RetryPolicy": {"MaximumEventAgeInSeconds": 600, "MaximumRetryAttempts": 3},
        },
    )  # fmt: skip
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_scheduler_schedule.nightly",
            [
                "schedule_expression",
                "state",
                "target[0].retry_policy[0].maximum_event_age_in_seconds",
                "target[0].retry_policy[0].maximum_retry_attempts",
            ],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["scheduler.update_schedule"]
    run(calls)
    assert drifts(scan(directory)) == []
    boto3.client("scheduler", region_name=REGION).delete_schedule(Name="nightly")
    assert drifts(scan(directory)) == [("missing", "aws_scheduler_schedule.nightly", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["scheduler.create_schedule"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Nightly:
    Type: AWS::Scheduler::Schedule
    Properties:
      Name: nightly
      Description: the nightly job
      ScheduleExpression: cron(0 3 * * ? *)
      FlexibleTimeWindow:
        Mode: "OFF"
      Target:
        Arn: {QUEUE}
        RoleArn: {ROLE}
        Input: '{{"job":"nightly"}}'
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: scheduler.aws.upbound.io/v1beta1
kind: Schedule
metadata:
  name: nightly
spec:
  forProvider:
    region: us-east-1
    description: the nightly job
    scheduleExpression: rate(1 hour)
    flexibleTimeWindow:
      - mode: "OFF"
    target:
      - arn: {QUEUE}
        roleArn: {ROLE}
        input: '{{"job":"nightly"}}'
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], sorted(c["path"] for c in d["changes"])) for d in report["drifts"]]
    assert changed == [("aws_scheduler_schedule", ["schedule_expression"])]


def test_a_changed_expression_is_codified(aws: None, tmp_path: Path) -> None:
    create(ScheduleExpression="rate(5 minutes)", Description="changed by hand")
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "rate(5 minutes)" in plan.diff
    assert "changed by hand" in plan.diff
