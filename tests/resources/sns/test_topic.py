"""aws_sns_topic, aws_sns_topic_policy and aws_sns_topic_subscription on moto: scan, AWS
defaults (SNS's own topic policy), JSON documents and revert."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_sns_topic" "alerts" {
  name         = "alerts"
  display_name = "Alerts"
  tags         = { Team = "ops" }
}

resource "aws_sqs_queue" "inbox" {
  name = "inbox"
}

resource "aws_sns_topic_subscription" "inbox" {
  topic_arn            = aws_sns_topic.alerts.arn
  protocol             = "sqs"
  endpoint             = aws_sqs_queue.inbox.arn
  raw_message_delivery = true
  filter_policy        = jsonencode({ kind = ["page"] })
}

resource "aws_sns_topic_policy" "alerts" {
  arn = aws_sns_topic.alerts.arn
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "events.amazonaws.com" }
      Action    = "sns:Publish"
      Resource  = aws_sns_topic.alerts.arn
    }]
  })
}
"""
TOPIC = "arn:aws:sns:us-east-1:123456789012:alerts"


def policy(service: str) -> str:
    return json.dumps(
        {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Effect": "Allow",
                    "Principal": {"Service": service},
                    "Action": "sns:Publish",
                    "Resource": TOPIC,
                }
            ],
        }
    )


def apply() -> tuple[str, str]:
    sns = boto3.client("sns", region_name="us-east-1")
    sqs = boto3.client("sqs", region_name="us-east-1")
    sqs.create_queue(QueueName="inbox", Attributes={"MaximumMessageSize": "262144"})
    arn = sns.create_topic(
        Name="alerts",
        Attributes={"DisplayName": "Alerts"},
        Tags=[{"Key": "Team", "Value": "ops"}],
    )["TopicArn"]
    sub = sns.subscribe(
        TopicArn=arn,
        Protocol="sqs",
        Endpoint="arn:aws:sqs:us-east-1:123456789012:inbox",
        Attributes={"RawMessageDelivery": "true", "FilterPolicy": '{"kind": ["page"]}'},
        ReturnSubscriptionArn=True,
    )["SubscriptionArn"]
    sns.set_topic_attributes(
        TopicArn=arn, AttributeName="Policy", AttributeValue=policy("events.amazonaws.com")
    )
    return str(arn), str(sub)


def test_an_applied_stack_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 4


def test_a_topics_default_policy_is_never_unmanaged_a_custom_one_is(
    aws: None, tmp_path: Path
) -> None:
    sns = boto3.client("sns", region_name="us-east-1")
    arn = sns.create_topic(Name="other")["TopicArn"]
    directory = write(tmp_path / "tf", 'resource "aws_sns_topic" "other" {\n  name = "other"\n}\n')
    assert drifts(scan(directory)) == []
    sns.set_topic_attributes(
        TopicArn=arn, AttributeName="Policy", AttributeValue=policy("s3.amazonaws.com")
    )
    assert drifts(scan(directory)) == [("unmanaged", f"aws_sns_topic_policy.{arn}", [])]


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    arn, sub = apply()
    sns = boto3.client("sns", region_name="us-east-1")
    sns.set_topic_attributes(TopicArn=arn, AttributeName="DisplayName", AttributeValue="X")
    sns.set_topic_attributes(
        TopicArn=arn, AttributeName="Policy", AttributeValue=policy("s3.amazonaws.com")
    )
    sns.set_subscription_attributes(
        SubscriptionArn=sub, AttributeName="RawMessageDelivery", AttributeValue="false"
    )
    sns.set_subscription_attributes(
        SubscriptionArn=sub, AttributeName="FilterPolicy", AttributeValue='{"kind": ["all"]}'
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_sns_topic.alerts", ["display_name"]),
        ("changed", "aws_sns_topic_policy.alerts", ["policy.Statement[0].Principal.Service[0]"]),
        (
            "changed",
            "aws_sns_topic_subscription.inbox",
            ["filter_policy.kind[0]", "raw_message_delivery"],
        ),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "sns.set_subscription_attributes",
        "sns.set_subscription_attributes",
        "sns.set_topic_attributes",
        "sns.set_topic_attributes",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_subscription_is_missing_and_subscribed_again(aws: None, tmp_path: Path) -> None:
    _, sub = apply()
    boto3.client("sns", region_name="us-east-1").unsubscribe(SubscriptionArn=sub)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_sns_topic_subscription.inbox", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["sns.subscribe"] and refusals == []
    run(calls)
    assert drifts(scan(directory)) == []
