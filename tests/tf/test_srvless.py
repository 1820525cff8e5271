"""driftctl against `terraform plan -refresh-only` for the serverless types of #26
(helper b-srvless): an EventBridge bus (events.tf); a Lambda alias, a layer version and a
composite alarm over the function's errors (lambda.tf; moto's PutMetricAlarm answers
PutCompositeAlarm, tests/tf/moto_gaps.py); a schedule group and a schedule in it
(scheduler.tf). A layer version is immutable: its change by hand is its deletion (a
version published by hand beside it is not drift to Terraform, which reads its own
version only).

One stack (tests/tf/stacks/srvless), applied once: driftctl finds no drift and nothing
unmanaged, then one out-of-band change per type is made with boto3, and both tools find
it; nothing else drifts.
"""

from __future__ import annotations

import pytest

from tests.tf import harness, prefetch
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_cloudwatch_event_bus.orders", "tags.Owner", "events", "tag_resource",
        {"ResourceARN": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_lambda_alias.live", "description", "lambda", "update_alias",
        {"FunctionName": "srvless-fn", "Name": "live", "Description": "moved by hand"},
    ),
    Change(
        "aws_scheduler_schedule_group.nightly", "tags.Owner", "scheduler", "tag_resource",
        {"ResourceArn": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
    Change(
        "aws_scheduler_schedule.hourly", "schedule_expression", "scheduler", "update_schedule",
        {"Name": "srvless-hourly", "GroupName": "srvless-nightly",
         "Description": "the hourly job", "ScheduleExpression": "rate(2 hours)",
         "FlexibleTimeWindow": {"Mode": "OFF"},
         "Target": {"Arn": "${aws_sqs_queue.bus_dlq.arn}", "RoleArn": "${aws_iam_role.fn.arn}",
                    "Input": '{"job":"hourly"}'}},
    ),
    Change(
        "aws_lambda_layer_version.deps", harness.MISSING, "lambda", "delete_layer_version",
        {"LayerName": "srvless-deps", "VersionNumber": 1},
    ),
    Change(
        "aws_cloudwatch_composite_alarm.service", "tags.Owner", "cloudwatch", "tag_resource",
        {"ResourceARN": "${self.arn}", "Tags": [{"Key": "Owner", "Value": "someone"}]},
    ),
]  # fmt: skip

GROUP = Group("srvless", CHANGES)


@pytest.fixture(scope="module")
def outcome(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    """The stack, applied, changed and compared once (by the controller of a parallel
    run: tests/tf/prefetch.py)."""
    return prefetch.outcome(GROUP, request, tmp_path_factory)


def test_a_clean_stack_has_no_drift_and_nothing_unmanaged(outcome: Outcome) -> None:
    summary = outcome.clean["summary"]
    assert outcome.clean["drifts"] == []
    assert outcome.clean["errors"] == []
    assert summary["managed"] == summary["declared"]
    assert summary["unsupported"] == {"aws_s3_object": 2}  # the function's code: not compared


@pytest.mark.parametrize("change", CHANGES, ids=str)
def test_a_change_by_hand_is_drift_in_both_tools(outcome: Outcome, change: Change) -> None:
    terraform = [d for d in outcome.terraform if d.address == change.address]
    driftctl = [d for d in outcome.driftctl if d.address == change.address]
    found = harness.disagreements(terraform, driftctl)
    assert found == [], "\n".join(map(str, found))
    assert terraform, f"terraform did not see {change}"
    if change.attribute != harness.MISSING:
        assert any(change.attribute in d.paths for d in driftctl), driftctl


def test_nothing_else_drifts(outcome: Outcome) -> None:
    changed = sorted({c.address for c in CHANGES})
    assert sorted(d.address for d in outcome.terraform) == changed
    assert sorted(d.address for d in outcome.driftctl) == changed
