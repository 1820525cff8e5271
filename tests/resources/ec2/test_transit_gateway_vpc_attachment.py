"""aws_ec2_transit_gateway_vpc_attachment on moto: scan, an unmanaged attachment, subnets,
options and tags reverted with ModifyTransitGatewayVpcAttachment, the VPC for a human, a
deleted attachment created again, codify, CloudFormation, Crossplane and ACK declaring
it. moto drops the tags CreateTransitGatewayVpcAttachment is sent: the fixture applies
them as AWS does (tests/tf/moto_gaps.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3
import pytest

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.tf.moto_gaps import attachment_created_tagged

TYPE = "aws_ec2_transit_gateway_vpc_attachment"


@pytest.fixture(autouse=True)
def created_tagged(monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.ec2.responses.transit_gateway_attachments import TransitGatewayAttachment

    create = TransitGatewayAttachment.create_transit_gateway_vpc_attachment
    name = "create_transit_gateway_vpc_attachment"
    monkeypatch.setattr(TransitGatewayAttachment, name, attachment_created_tagged(create))


def ec2() -> Any:
    return boto3.client("ec2", region_name="us-east-1")


def network() -> dict[str, str]:
    """The gateway, the VPC and its two subnets, made once."""
    found = ec2().describe_vpcs(Filters=[{"Name": "tag:Name", "Values": ["att"]}])["Vpcs"]
    if found:
        vpc = found[0]["VpcId"]
        subnets = ec2().describe_subnets(Filters=[{"Name": "vpc-id", "Values": [vpc]}])
        by_cidr = {s["CidrBlock"]: s["SubnetId"] for s in subnets["Subnets"]}
        tgw = ec2().describe_transit_gateways()["TransitGateways"][0]["TransitGatewayId"]
        return {"vpc": vpc, "a": by_cidr["10.84.1.0/24"], "b": by_cidr["10.84.2.0/24"], "tgw": tgw}
    spec = [{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": "att"}]}]
    vpc = ec2().create_vpc(CidrBlock="10.84.0.0/16", TagSpecifications=spec)["Vpc"]["VpcId"]
    a = ec2().create_subnet(VpcId=vpc, CidrBlock="10.84.1.0/24", AvailabilityZone="us-east-1a")
    b = ec2().create_subnet(VpcId=vpc, CidrBlock="10.84.2.0/24", AvailabilityZone="us-east-1b")
    tgw = ec2().create_transit_gateway(Description="att")["TransitGateway"]["TransitGatewayId"]
    return {"vpc": vpc, "a": a["Subnet"]["SubnetId"], "b": b["Subnet"]["SubnetId"], "tgw": tgw}


def hcl(n: dict[str, str]) -> str:
    return f"""
resource "aws_ec2_transit_gateway_vpc_attachment" "main" {{
  transit_gateway_id     = "{n["tgw"]}"
  vpc_id                 = "{n["vpc"]}"
  subnet_ids             = ["{n["a"]}"]
  appliance_mode_support = "enable"
  tags                   = {{ Name = "att-main" }}
}}
"""


def apply(n: dict[str, str], vpc: str = "", name: str = "att-main") -> str:
    spec = [
        {"ResourceType": "transit-gateway-attachment", "Tags": [{"Key": "Name", "Value": name}]}
    ]
    made = ec2().create_transit_gateway_vpc_attachment(
        TransitGatewayId=n["tgw"],
        VpcId=vpc or n["vpc"],
        SubnetIds=[n["a"]],
        Options={"ApplianceModeSupport": "enable"},
        TagSpecifications=spec,
    )
    return str(made["TransitGatewayVpcAttachment"]["TransitGatewayAttachmentId"])


def test_an_applied_attachment_is_in_sync_and_another_is_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    n = network()
    apply(n)
    directory = write(tmp_path / "tf", hcl(n))
    report = scan(directory)
    assert [d for d in drifts(report) if d[1].startswith(TYPE)] == []
    other_vpc = ec2().create_vpc(CidrBlock="10.85.0.0/16")["Vpc"]["VpcId"]
    other = apply(n, other_vpc, "att-other")
    assert (("unmanaged", f"{TYPE}.{other}", [])) in drifts(scan(directory))


def test_subnets_options_and_tags_are_reverted_and_the_vpc_is_for_a_human(
    aws: None, tmp_path: Path
) -> None:
    n = network()
    attachment = apply(n)
    ec2().modify_transit_gateway_vpc_attachment(
        TransitGatewayAttachmentId=attachment,
        AddSubnetIds=[n["b"]],
        Options={"ApplianceModeSupport": "disable", "DnsSupport": "disable"},
    )
    ec2().create_tags(Resources=[attachment], Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", hcl(n))
    found = [d for d in drifts(scan(directory)) if d[1].startswith(TYPE)]
    changed = ["appliance_mode_support", "dns_support", "subnet_ids", "tags.Owner"]
    assert [
        (kind, address, [p.split("[")[0] for p in paths]) for kind, address, paths in found
    ] == [("changed", f"{TYPE}.main", changed)]
    calls, refusals = plan_calls(tmp_path, directory)
    # the gateway, VPC and subnets are not declared here: only the attachment's calls
    ours = [c for c in calls if "attachment" in c.name or c.params.get("Resources") == [attachment]]
    assert refusals == []
    assert sorted(c.name for c in ours) == [
        "ec2.delete_tags",
        "ec2.modify_transit_gateway_vpc_attachment",
    ]
    modify = next(c for c in ours if c.name == "ec2.modify_transit_gateway_vpc_attachment")
    assert modify.params["RemoveSubnetIds"] == [n["b"]]
    assert modify.params["Options"] == {"ApplianceModeSupport": "enable", "DnsSupport": "enable"}
    run(ours)
    assert [d for d in drifts(scan(directory)) if d[1].startswith(TYPE)] == []
    moved = write(tmp_path / "tf2", hcl(n).replace(n["vpc"], "vpc-0123456789abcdef0"))
    assert ("changed", f"{TYPE}.main", ["vpc_id"]) in drifts(scan(moved))
    calls, refusals = plan_calls(tmp_path, moved)
    assert not [c for c in calls if "attachment" in c.name]
    assert any("replace needed" in r for r in refusals), refusals


def test_a_deleted_attachment_is_created_again(aws: None, tmp_path: Path) -> None:
    n = network()
    attachment = apply(n)
    ec2().delete_transit_gateway_vpc_attachment(TransitGatewayAttachmentId=attachment)
    directory = write(tmp_path / "tf", hcl(n))
    assert ("missing", f"{TYPE}.main", []) in drifts(scan(directory))
    calls, _ = plan_calls(tmp_path, directory)
    ours = [c for c in calls if "attachment" in c.name]
    assert [c.name for c in ours] == ["ec2.create_transit_gateway_vpc_attachment"]
    assert ours[0].params["Options"] == {
        "ApplianceModeSupport": "enable",
        "DnsSupport": "enable",
        "Ipv6Support": "disable",
    }
    run(ours)
    assert [d for d in drifts(scan(directory)) if d[1].startswith(TYPE)] == []


def test_changed_tags_are_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    n = network()
    attachment = apply(n)
    ec2().create_tags(Resources=[attachment], Tags=[{"Key": "Name", "Value": "att-renamed"}])
    directory = write(tmp_path / "tf", hcl(n))
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed" and d.type == TYPE])
    assert plan.humans == []
    assert '"att-renamed"' in plan.diff


def _changed(report: dict[str, Any]) -> list[str]:
    return sorted(
        c["path"]
        for d in report["drifts"]
        if d["kind"] == "changed" and d["type"] == TYPE
        for c in d["changes"]
        if not c["path"].startswith("tags.")
    )


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    n = network()
    attachment = apply(n)
    cfn = template(
        tmp_path / "cfn",
        f"""  Main:
    Type: AWS::EC2::TransitGatewayAttachment
    Properties:
      TransitGatewayId: {n["tgw"]}
      VpcId: {n["vpc"]}
      SubnetIds: [{n["a"]}]
      Options: {{ApplianceModeSupport: enable}}
      Tags: [{{Key: Name, Value: att-main}}]
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["type"] == TYPE] == []
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ec2.aws.upbound.io/v1beta1
kind: TransitGatewayVPCAttachment
metadata:
  name: main
  annotations:
    crossplane.io/external-name: {attachment}
spec:
  forProvider:
    region: us-east-1
    transitGatewayId: {n["tgw"]}
    vpcId: {n["vpc"]}
    subnetIds: [{n["a"]}]
""",
    )
    assert _changed(scan_source(crossplane)[0]) == ["appliance_mode_support"]
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: ec2.services.k8s.aws/v1alpha1
kind: TransitGatewayVPCAttachment
metadata:
  name: main
spec:
  transitGatewayID: {n["tgw"]}
  vpcID: {n["vpc"]}
  subnetIDs: [{n["a"]}, {n["b"]}]
  options:
    applianceModeSupport: enable
""",
    )
    assert [p.split("[")[0] for p in _changed(scan_source(ack)[0])] == ["subnet_ids"]
