"""aws_vpn_gateway on moto: scan, an unmanaged gateway, a detached gateway and its tags
reverted, a deleted one created and attached again, codify, CloudFormation and Crossplane
declaring it."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.41.0.0/16"
  tags       = { Name = "vgw-main" }
}

resource "aws_vpn_gateway" "vpn" {
  vpc_id          = aws_vpc.main.id
  amazon_side_asn = 64620
  tags            = { Name = "vgw-vpn" }
}
"""


def apply() -> dict[str, str]:
    ec2 = boto3.client("ec2", region_name="us-east-1")

    def spec(kind: str, name: str) -> list[dict[str, object]]:
        return [{"ResourceType": kind, "Tags": [{"Key": "Name", "Value": name}]}]

    vpc = ec2.create_vpc(CidrBlock="10.41.0.0/16", TagSpecifications=spec("vpc", "vgw-main"))
    vpc_id = vpc["Vpc"]["VpcId"]
    gateway = ec2.create_vpn_gateway(
        Type="ipsec.1", AmazonSideAsn=64620, TagSpecifications=spec("vpn-gateway", "vgw-vpn")
    )["VpnGateway"]["VpnGatewayId"]
    ec2.attach_vpn_gateway(VpnGatewayId=gateway, VpcId=vpc_id)
    return {"vpc": vpc_id, "gw": gateway}


def test_an_applied_gateway_is_in_sync_and_another_is_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 2
    ec2 = boto3.client("ec2", region_name="us-east-1")
    other = ec2.create_vpn_gateway(Type="ipsec.1")["VpnGateway"]["VpnGatewayId"]
    assert drifts(scan(directory)) == [("unmanaged", f"aws_vpn_gateway.{other}", [])]
    ec2.delete_vpn_gateway(VpnGatewayId=other)
    assert drifts(scan(directory)) == []


def test_a_detached_gateway_and_its_tags_are_reverted(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.detach_vpn_gateway(VpnGatewayId=ids["gw"], VpcId=ids["vpc"])
    ec2.create_tags(Resources=[ids["gw"]], Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", "aws_vpn_gateway.vpn", ["tags.Owner", "vpc_id"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["ec2.attach_vpn_gateway", "ec2.delete_tags"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_gateway_is_created_and_attached_again(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.detach_vpn_gateway(VpnGatewayId=ids["gw"], VpcId=ids["vpc"])
    ec2.delete_vpn_gateway(VpnGatewayId=ids["gw"])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_vpn_gateway.vpn", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["ec2.create_vpn_gateway", "ec2.attach_vpn_gateway"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_changed_tags_are_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.create_tags(Resources=[ids["gw"]], Tags=[{"Key": "Name", "Value": "vgw-renamed"}])
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"vgw-renamed"' in plan.diff


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    ids = apply()
    cfn = template(
        tmp_path / "cfn",
        """  Vpn:
    Type: AWS::EC2::VPNGateway
    Properties:
      Type: ipsec.1
      AmazonSideAsn: 64620
      Tags: [{Key: Name, Value: vgw-vpn}]
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["type"] == "aws_vpn_gateway"] == []
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ec2.aws.upbound.io/v1beta1
kind: VPNGateway
metadata:
  name: vpn
  annotations:
    crossplane.io/external-name: {ids["gw"]}
spec:
  forProvider:
    region: us-east-1
    vpcId: vpc-0000000000000000
    amazonSideAsn: "64620"
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], c["path"]) for d in report["drifts"] if d["kind"] == "changed"
               for c in d["changes"]]  # fmt: skip
    assert ("aws_vpn_gateway", "vpc_id") in changed
    assert ("aws_vpn_gateway", "amazon_side_asn") not in changed
