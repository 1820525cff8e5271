"""aws_cloudwatch_log_subscription_filter on moto: read per log group (the log group
scan's listing, one DescribeSubscriptionFilters a group), every declared format, drift
put back whole and codified."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_kinesis_stream" "ship" {
  name        = "sf-ship"
  shard_count = 1
}

resource "aws_cloudwatch_log_group" "app" {
  name = "/sf/app"
}

resource "aws_cloudwatch_log_subscription_filter" "ship" {
  name            = "ship"
  log_group_name  = aws_cloudwatch_log_group.app.name
  filter_pattern  = "ERROR"
  destination_arn = aws_kinesis_stream.ship.arn
}
"""


def stream_arn() -> str:
    kinesis = boto3.client("kinesis", region_name=REGION)
    return str(kinesis.describe_stream(StreamName="sf-ship")["StreamDescription"]["StreamARN"])


def put(pattern: str = "ERROR", group: str = "/sf/app") -> None:
    boto3.client("logs", region_name=REGION).put_subscription_filter(
        logGroupName=group, filterName="ship", filterPattern=pattern, destinationArn=stream_arn()
    )


def apply() -> None:
    boto3.client("kinesis", region_name=REGION).create_stream(StreamName="sf-ship", ShardCount=1)
    boto3.client("logs", region_name=REGION).create_log_group(logGroupName="/sf/app")
    put()


def test_an_applied_filter_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    boto3.client("logs", region_name=REGION).create_log_group(logGroupName="/aws/lambda/fn")
    put(group="/aws/lambda/fn")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [
        ("unmanaged", "aws_cloudwatch_log_subscription_filter./aws/lambda/fn|ship", [])
    ]
    assert report["summary"]["managed"] == 3


def test_a_changed_filter_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    apply()
    put(pattern="")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_cloudwatch_log_subscription_filter.ship", ["filter_pattern"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert '-  filter_pattern  = "ERROR"' in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["logs.put_subscription_filter"]
    run(calls)
    assert drifts(scan(directory)) == []
    boto3.client("logs", region_name=REGION).delete_subscription_filter(
        logGroupName="/sf/app", filterName="ship"
    )
    missing = [("missing", "aws_cloudwatch_log_subscription_filter.ship", [])]
    assert drifts(scan(directory)) == missing
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    apply()
    arn = stream_arn()
    cfn = template(
        tmp_path / "cfn",
        f"""  Ship:
    Type: AWS::Logs::SubscriptionFilter
    Properties:
      FilterName: ship
      LogGroupName: /sf/app
      FilterPattern: ERROR
      DestinationArn: {arn}
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: cloudwatchlogs.services.k8s.aws/v1alpha1
kind: LogGroup
metadata:
  name: app
spec:
  name: /sf/app
  subscriptionFilters:
    - {{filterName: ship, filterPattern: ERROR, destinationARN: "{arn}"}}
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: cloudwatchlogs.aws.upbound.io/v1beta1
kind: SubscriptionFilter
metadata:
  name: ship
spec:
  forProvider:
    region: us-east-1
    logGroupName: /sf/app
    filterPattern: FATAL
    destinationArn: {arn}
""",
    )
    for source, managed in ((cfn, 1), (ack, 2)):
        report, _ = scan_source(source)
        assert [d for d in report["drifts"] if d["kind"] != "unmanaged"] == [], source
        assert report["summary"]["managed"] == managed
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] != "unmanaged"]  # fmt: skip
    assert changed == [("aws_cloudwatch_log_subscription_filter", ["filter_pattern"])]
