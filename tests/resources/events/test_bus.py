"""aws_cloudwatch_event_bus on moto: a custom bus with its description, KMS key,
dead-letter queue and tags compared, the `default` bus never unmanaged, every declared
format, drift planned back (UpdateEventBus, which moto lacks, is checked as planned),
tags put back, a deleted bus created again, and the drift codified."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
KEY = "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
QUEUE = "arn:aws:sqs:us-east-1:123456789012:orders-dlq"
HCL = f"""
resource "aws_cloudwatch_event_bus" "orders" {{
  name               = "orders"
  description        = "orders placed"
  kms_key_identifier = "{KEY}"
  dead_letter_config {{
    arn = "{QUEUE}"
  }}
  tags = {{
    team = "shop"
  }}
}}
"""


def create(name: str = "orders", **params: Any) -> None:
    settings: dict[str, Any] = {
        "Description": "orders placed",
        "KmsKeyIdentifier": KEY,
        "DeadLetterConfig": {"Arn": QUEUE},
        "Tags": [{"Key": "team", "Value": "shop"}],
        **params,
    }
    boto3.client("events", region_name=REGION).create_event_bus(Name=name, **settings)


def test_an_applied_bus_is_in_sync_another_unmanaged_and_default_is_aws_own(
    aws: None, tmp_path: Path
) -> None:
    create()
    create("by-hand", Tags=[])
    report = scan(write(tmp_path / "tf", HCL))
    # the default bus moto (as AWS) has in every region is not reported
    assert drifts(report) == [("unmanaged", "aws_cloudwatch_event_bus.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_bus_is_drift_planned_back_and_codified(aws: None, tmp_path: Path) -> None:
    create(
        Description="changed by hand",
        KmsKeyIdentifier="alias/by-hand",
        Tags=[{"Key": "team", "Value": "shop"}, {"Key": "owner", "Value": "someone"}],
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_cloudwatch_event_bus.orders",
            ["description", "kms_key_identifier", "tags.owner"],
        )
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "changed by hand" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["events.untag_resource", "events.update_event_bus"]
    update = next(c for c in calls if c.operation == "update_event_bus")
    assert update.params == {
        "Name": "orders",
        "Description": "orders placed",
        "KmsKeyIdentifier": KEY,
        "DeadLetterConfig": {"Arn": QUEUE},
    }
    run([c for c in calls if c.operation != "update_event_bus"])  # moto has no UpdateEventBus
    assert drifts(scan(directory)) == [
        ("changed", "aws_cloudwatch_event_bus.orders", ["description", "kms_key_identifier"])
    ]


def test_a_deleted_bus_is_created_again(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_cloudwatch_event_bus.orders", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["events.create_event_bus"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Orders:
    Type: AWS::Events::EventBus
    Properties:
      Name: orders
      Description: orders placed
      KmsKeyIdentifier: {KEY}
      DeadLetterConfig:
        Arn: {QUEUE}
      Tags:
        - Key: team
          Value: shop
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: eventbridge.services.k8s.aws/v1alpha1
kind: EventBus
metadata:
  name: orders
spec:
  name: orders
  tags:
    - key: team
      value: shop
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: cloudwatchevents.aws.upbound.io/v1beta1
kind: Bus
metadata:
  name: orders
spec:
  forProvider:
    region: us-east-1
    description: orders placed
    kmsKeyIdentifier: {KEY}
    deadLetterConfig:
      - arn: {QUEUE}
    tags:
      team: ops
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    # the provider's own tags (crossplane-kind, -name, -providerconfig) are missing live
    report, _ = scan_source(crossplane)
    changed = [(d["type"], sorted(c["path"] for c in d["changes"])) for d in report["drifts"]]
    tags = ["tags.crossplane-kind", "tags.crossplane-name", "tags.crossplane-providerconfig"]
    assert changed == [("aws_cloudwatch_event_bus", [*tags, "tags.team"])]
    # ACK's EventBus declares a name and tags only: what it cannot declare is not drift,
    # and its tags still are
    report, _ = scan_source(ack)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    events = boto3.client("events", region_name=REGION)
    arn = events.describe_event_bus(Name="orders")["Arn"]
    events.tag_resource(ResourceARN=arn, Tags=[{"Key": "team", "Value": "ops"}])
    report, _ = scan_source(ack)
    changed = [(d["type"], sorted(c["path"] for c in d["changes"])) for d in report["drifts"]]
    assert changed == [("aws_cloudwatch_event_bus", ["tags.team"])]


def test_a_region_with_more_buses_than_a_page_is_read_whole(aws: None, tmp_path: Path) -> None:
    """ListEventBuses has no botocore paginator: its NextToken is followed (pages of 100)."""
    for i in range(105):
        boto3.client("events", region_name=REGION).create_event_bus(Name=f"bus-{i:03d}")
    report = scan(write(tmp_path / "tf", HCL))  # "orders" declared, none of these
    unmanaged = [address for kind, address, _ in drifts(report) if kind == "unmanaged"]
    assert len(unmanaged) == 105
    assert "aws_cloudwatch_event_bus.bus-104" in unmanaged
