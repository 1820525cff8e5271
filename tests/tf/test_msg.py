"""driftctl reports what `terraform plan -refresh-only` reports, for the messaging and
serverless types (SQS, SNS, DynamoDB, Lambda, Kinesis, Step Functions). Step Functions
needs ValidateStateMachineDefinition, which moto lacks: tests/tf/moto_gaps.py answers it
(without it the provider retried it for minutes and the apply seemed to hang).

One stack holds them all (tests/tf/stacks/msg): terraform applies it to moto, driftctl
finds no drift, then one out-of-band change per type is made with boto3, and each tool
says what drifted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tf import harness, prefetch
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change, Json

STACK = Path(__file__).parent / "stacks" / "msg"
ARN = "arn:aws:sqs:us-east-1:123456789012"

CHANGES = [
    Change(
        "aws_sqs_queue.jobs", "visibility_timeout_seconds", "sqs", "set_queue_attributes",
        {"QueueUrl": "${self.id}", "Attributes": {"VisibilityTimeout": "5"}},
    ),
    Change(
        "aws_sqs_queue_policy.jobs", "policy", "sqs", "set_queue_attributes",
        {"QueueUrl": "${aws_sqs_queue.jobs.id}", "Attributes": {"Policy": Json({
            "Version": "2012-10-17", "Statement": [{
                "Sid": "AccountSend", "Effect": "Allow",
                "Principal": {"AWS": "arn:aws:iam::123456789012:root"},
                "Action": "sqs:*", "Resource": f"{ARN}:tfm-jobs"}]})}},
    ),
    Change(
        "aws_sns_topic.alerts", "display_name", "sns", "set_topic_attributes",
        {"TopicArn": "${self.id}", "AttributeName": "DisplayName", "AttributeValue": "Paging"},
    ),
    Change(
        "aws_sns_topic_policy.alerts", "policy", "sns", "set_topic_attributes",
        {"TopicArn": "${self.arn}", "AttributeName": "Policy", "AttributeValue": Json({
            "Version": "2012-10-17", "Statement": [{
                "Sid": "EventsPublish", "Effect": "Allow",
                "Principal": {"Service": "s3.amazonaws.com"},
                "Action": "sns:Publish", "Resource": "${aws_sns_topic.alerts.arn}"}]})},
    ),
    Change(
        "aws_sns_topic_subscription.jobs", "raw_message_delivery", "sns",
        "set_subscription_attributes",
        {"SubscriptionArn": "${self.id}", "AttributeName": "RawMessageDelivery",
         "AttributeValue": "false"},
    ),
    Change(
        "aws_dynamodb_table.orders", "point_in_time_recovery", "dynamodb",
        "update_continuous_backups",
        {"TableName": "${self.id}",
         "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": True}},
    ),
    Change(
        "aws_lambda_function.worker", "timeout", "lambda", "update_function_configuration",
        {"FunctionName": "${self.id}", "Timeout": 60},
    ),
    Change(
        "aws_lambda_permission.uploads", harness.MISSING, "lambda", "remove_permission",
        {"FunctionName": "tfm-worker", "StatementId": "AllowS3"},
    ),
    Change(
        "aws_lambda_event_source_mapping.jobs", "batch_size", "lambda",
        "update_event_source_mapping", {"UUID": "${self.id}", "BatchSize": 9},
    ),
    Change(
        "aws_kinesis_stream.clicks", "retention_period", "kinesis",
        "increase_stream_retention_period",
        {"StreamName": "tfm-clicks", "RetentionPeriodHours": 72},
    ),
    Change(
        "aws_sfn_state_machine.flow", "definition", "stepfunctions", "update_state_machine",
        {"stateMachineArn": "${self.arn}", "definition": Json({
            "StartAt": "Wait", "States": {
                "Wait": {"Type": "Wait", "Seconds": 5, "Next": "Done"},
                "Done": {"Type": "Pass", "End": True}}})},
    ),
]  # fmt: skip

# where the tools disagree because moto cannot do something: address -> reason
KNOWN: dict[str, str] = {}
GROUP = Group("msg", CHANGES)


@pytest.fixture(scope="module")
def outcome(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    """The stack, applied, changed and compared once (by the controller of a parallel
    run: tests/tf/prefetch.py)."""
    return prefetch.outcome(GROUP, request, tmp_path_factory)


def test_driftctl_finds_no_drift_right_after_apply(outcome: Outcome) -> None:
    summary = outcome.clean["summary"]
    assert [d for d in outcome.clean["drifts"] if d["kind"] != "unmanaged"] == []
    addresses = {r for p in STACK.glob("*.tf") for r in _addresses(p.read_text())}
    # the Lambda code's S3 object is the one resource driftctl does not compare
    assert summary["unsupported"] == {"aws_s3_object": 1}
    assert summary["managed"] == len(addresses) - 1


def _addresses(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        parts = line.split('"')
        if line.startswith("resource ") and len(parts) >= 4:
            out.append(f"{parts[1]}.{parts[3]}")
    return out


@pytest.mark.parametrize("change", CHANGES, ids=str)
def test_terraform_reports_the_change(outcome: Outcome, change: Change) -> None:
    """The oracle itself: each edit shows in terraform's refresh-only plan."""
    paths = {d.address: d.paths for d in outcome.terraform}.get(change.address, ())
    assert any(harness.attribute(p).startswith(change.attribute) for p in paths), paths


def _marks(address: str) -> list[pytest.MarkDecorator]:
    reason = KNOWN.get(address)
    return [pytest.mark.xfail(strict=True, reason=reason)] if reason else []


@pytest.mark.parametrize(
    "address",
    [pytest.param(a, marks=_marks(a)) for a in sorted({c.address for c in CHANGES})],
)
def test_driftctl_reports_what_terraform_reports(outcome: Outcome, address: str) -> None:
    found = harness.disagreements(
        [d for d in outcome.terraform if d.address == address],
        [d for d in outcome.driftctl if d.address == address],
    )
    assert found == [], "\n".join(map(str, found))


def test_no_drift_that_terraform_does_not_report(outcome: Outcome) -> None:
    """Every other address: driftctl is silent where terraform is (no false positives)."""
    changed = {c.address for c in CHANGES}
    found = [
        d
        for d in harness.disagreements(outcome.terraform, outcome.driftctl)
        if d.address not in changed
    ]
    assert found == [], "\n".join(map(str, found))
