"""aws_s3_bucket_notification on moto: read by the bucket scan, blocks compared as sets
(events a set, ids never), a configuration added live is drift,
reverted whole; an empty configuration is AWS's default; the inline forms
(CloudFormation, ACK) read as the same blocks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from driftctl.resources.registry import TYPES
from driftctl.resources.s3 import bucket_notification as notification
from tests.resources.helpers import REGION, drifts, plan_calls, run, scan, write

TYPE = "aws_s3_bucket_notification"
ACCOUNT = "123456789012"
QUEUE_ARN = f"arn:aws:sqs:{REGION}:{ACCOUNT}:s3b-uploads"
TOPIC_ARN = f"arn:aws:sns:{REGION}:{ACCOUNT}:s3b-deletes"
HCL = f"""
resource "aws_s3_bucket" "uploads" {{
  bucket = "s3b-uploads"
}}

resource "aws_s3_bucket" "plain" {{
  bucket = "s3b-plain"
}}

resource "aws_s3_bucket_notification" "uploads" {{
  bucket = aws_s3_bucket.uploads.id

  queue {{
    queue_arn     = "{QUEUE_ARN}"
    events        = ["s3:ObjectCreated:Put", "s3:ObjectCreated:Post"]
    filter_prefix = "in/"
    filter_suffix = ".csv"
  }}

  queue {{
    id        = "removed"
    queue_arn = "{QUEUE_ARN}"
    events    = ["s3:ObjectRemoved:*"]
  }}

  topic {{
    topic_arn = "{TOPIC_ARN}"
    events    = ["s3:ObjectRemoved:Delete"]
  }}
}}
"""

CONFIG: dict[str, Any] = {
    # listed in another order than declared, each block's events too
    "QueueConfigurations": [
        {"Id": "removed", "QueueArn": QUEUE_ARN, "Events": ["s3:ObjectRemoved:*"]},
        {
            "Id": "tf-s3-queue-generated",
            "QueueArn": QUEUE_ARN,
            "Events": ["s3:ObjectCreated:Post", "s3:ObjectCreated:Put"],
            "Filter": {
                "Key": {
                    "FilterRules": [
                        {"Name": "suffix", "Value": ".csv"},
                        {"Name": "prefix", "Value": "in/"},
                    ]
                }
            },
        },
    ],
    "TopicConfigurations": [
        {"Id": "t", "TopicArn": TOPIC_ARN, "Events": ["s3:ObjectRemoved:Delete"]}
    ],
}


def _setup(config: dict[str, Any]) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("s3b-uploads", "s3b-plain"):
        s3.create_bucket(Bucket=name)
    _put("s3b-uploads", config)


def _put(bucket: str, config: dict[str, Any]) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.put_bucket_notification_configuration(Bucket=bucket, NotificationConfiguration=config)


def _get(bucket: str) -> dict[str, Any]:
    found = boto3.client("s3", region_name=REGION).get_bucket_notification_configuration(
        Bucket=bucket
    )
    return {k: v for k, v in found.items() if k != "ResponseMetadata"}


def test_in_sync_in_any_order_and_a_bucket_without_notifications_is_aws_default(
    aws: None, tmp_path: Path
) -> None:
    _setup(CONFIG)
    assert drifts(scan(write(tmp_path / "hcl", HCL))) == []


def test_changed_events_are_drift_and_the_whole_configuration_is_put_back(
    aws: None, tmp_path: Path
) -> None:
    queues = [
        {**CONFIG["QueueConfigurations"][0], "Events": ["s3:ObjectRemoved:Delete"]},
        CONFIG["QueueConfigurations"][1],
    ]
    _setup({**CONFIG, "QueueConfigurations": queues})
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.uploads", ["queue[1]", "queue[1]"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.operation for c in calls] == ["put_bucket_notification_configuration"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_configuration_added_live_is_drift_and_removed(aws: None, tmp_path: Path) -> None:
    added = {
        "LambdaFunctionConfigurations": [
            {
                "LambdaFunctionArn": f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:thumbs",
                "Events": ["s3:ObjectCreated:*"],
            }
        ]
    }
    _setup({**CONFIG, **added})
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.uploads", ["lambda_function[0]"])]
    run(plan_calls(tmp_path, directory)[0])
    assert not _get("s3b-uploads").get("LambdaFunctionConfigurations")
    assert drifts(scan(directory)) == []


def test_removed_notifications_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    _setup({})
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan(directory)) == [
        ("changed", f"{TYPE}.uploads", ["queue[0]", "queue[1]", "topic[0]"])
    ]
    run(plan_calls(tmp_path, directory)[0])
    assert drifts(scan(directory)) == []


def test_hand_made_notifications_are_unmanaged_and_emptied(aws: None, tmp_path: Path) -> None:
    _setup(CONFIG)
    _put("s3b-plain", {"QueueConfigurations": CONFIG["QueueConfigurations"][:1]})
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan(directory)) == [("unmanaged", f"{TYPE}.s3b-plain", [])]
    run(plan_calls(tmp_path, directory)[0])
    assert not _get("s3b-plain").get("QueueConfigurations")
    assert drifts(scan(directory)) == []


def test_filter_rule_names_are_read_in_either_case() -> None:
    # AWS answers "Prefix"/"Suffix", moto what it was sent (the enum's "prefix"/"suffix")
    rules = [{"Name": "Prefix", "Value": "in/"}, {"Name": "suffix", "Value": ".csv"}]
    block = {"QueueArn": QUEUE_ARN, "Events": [], "Filter": {"Key": {"FilterRules": rules}}}
    queue = notification._live({"QueueConfigurations": [block]})["queue"][0]
    assert (queue["filter_prefix"], queue["filter_suffix"]) == ("in/", ".csv")


def test_eventbridge_is_read_from_its_empty_configuration() -> None:
    # moto keeps EventBridgeConfiguration but never answers it
    assert notification._live({"EventBridgeConfiguration": {}})["eventbridge"] is True
    assert notification._live({})["eventbridge"] is False
    live = TYPES[TYPE].normalize(notification._live({}))
    assert live == {**notification.EMPTY}


def test_inline_forms_read_as_the_same_blocks() -> None:
    normalize = TYPES[TYPE].normalize
    expected = normalize(
        {
            "eventbridge": True,
            "queue": [
                {"queue_arn": QUEUE_ARN, "events": ["s3:ObjectCreated:*"], "filter_suffix": ".csv"}
            ],
            "topic": [],
            "lambda_function": [],
        }
    )
    cfn = notification._cfn_inline(
        {
            "NotificationConfiguration": {
                "EventBridgeConfiguration": {"EventBridgeEnabled": True},
                "QueueConfigurations": [
                    {
                        "Event": "s3:ObjectCreated:*",
                        "Queue": QUEUE_ARN,
                        "Filter": {"S3Key": {"Rules": [{"Name": "suffix", "Value": ".csv"}]}},
                    }
                ],
            }
        }
    )
    ack = notification._ack_inline(
        {
            "notification": {
                "queueConfigurations": [
                    {
                        "events": ["s3:ObjectCreated:*"],
                        "queueARN": QUEUE_ARN,
                        "filter": {"key": {"filterRules": [{"name": "Suffix", "value": ".csv"}]}},
                    }
                ]
            }
        }
    )
    assert cfn is not None and ack is not None
    assert normalize(cfn) == expected
    assert normalize({**ack, "eventbridge": True}) == expected
