"""aws_egress_only_internet_gateway on moto: scan, an unmanaged gateway, drift reverted
and codified, CloudFormation and Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.40.0.0/16"
  tags       = { Name = "eigw-main" }
}

resource "aws_egress_only_internet_gateway" "v6" {
  vpc_id = aws_vpc.main.id
  tags   = { Name = "eigw-v6" }
}
"""


def apply() -> dict[str, str]:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    tags = [{"Key": "Name", "Value": "eigw-main"}]
    vpc = ec2.create_vpc(
        CidrBlock="10.40.0.0/16", TagSpecifications=[{"ResourceType": "vpc", "Tags": tags}]
    )["Vpc"]["VpcId"]
    spec = [{"ResourceType": "egress-only-internet-gateway", "Tags": [
        {"Key": "Name", "Value": "eigw-v6"}]}]  # fmt: skip
    gw = ec2.create_egress_only_internet_gateway(VpcId=vpc, TagSpecifications=spec)
    return {"vpc": vpc, "gw": gw["EgressOnlyInternetGateway"]["EgressOnlyInternetGatewayId"]}


def test_an_applied_gateway_is_in_sync_and_another_is_unmanaged(aws: None, tmp_path: Path) -> None:
    ids = apply()
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 2
    ec2 = boto3.client("ec2", region_name="us-east-1")
    other = ec2.create_egress_only_internet_gateway(VpcId=ids["vpc"])
    other_id = other["EgressOnlyInternetGateway"]["EgressOnlyInternetGatewayId"]
    assert drifts(scan(directory)) == [
        ("unmanaged", f"aws_egress_only_internet_gateway.{other_id}", [])
    ]


def test_changed_tags_and_a_deleted_gateway_are_reverted(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.create_tags(Resources=[ids["gw"]], Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_egress_only_internet_gateway.v6", ["tags.Owner"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["ec2.delete_tags"]
    run(calls)
    assert drifts(scan(directory)) == []
    ec2.delete_egress_only_internet_gateway(EgressOnlyInternetGatewayId=ids["gw"])
    assert drifts(scan(directory)) == [("missing", "aws_egress_only_internet_gateway.v6", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["ec2.create_egress_only_internet_gateway"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_changed_tags_are_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.create_tags(Resources=[ids["gw"]], Tags=[{"Key": "Name", "Value": "eigw-renamed"}])
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"eigw-renamed"' in plan.diff


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    ids = apply()
    cfn = template(
        tmp_path / "cfn",
        f"""  V6:
    Type: AWS::EC2::EgressOnlyInternetGateway
    Properties:
      VpcId: {ids["vpc"]}
      Tags: [{{Key: Name, Value: eigw-v6}}]
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["kind"] != "unmanaged"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ec2.aws.upbound.io/v1beta1
kind: EgressOnlyInternetGateway
metadata:
  name: v6
  annotations:
    crossplane.io/external-name: {ids["gw"]}
spec:
  forProvider:
    region: us-east-1
    vpcId: {ids["vpc"]}
    tags: {{Name: eigw-other}}
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], c["path"]) for d in report["drifts"] if d["kind"] == "changed"
               for c in d["changes"]]  # fmt: skip
    # the provider's crossplane-* tags are declared too, and this gateway has none
    assert ("aws_egress_only_internet_gateway", "tags.Name") in changed
    assert {t for t, _ in changed} == {"aws_egress_only_internet_gateway"}
