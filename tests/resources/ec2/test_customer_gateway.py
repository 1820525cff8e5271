"""aws_customer_gateway on moto: scan, a deleted gateway left out, drift reverted and
codified, a change AWS cannot make in place, CloudFormation and Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_customer_gateway" "office" {
  bgp_asn    = 65000
  ip_address = "198.51.100.10"
  type       = "ipsec.1"
  tags       = { Name = "cgw-office" }
}
"""


def apply(ip: str = "198.51.100.10", asn: int = 65000, name: str = "cgw-office") -> str:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    spec = [{"ResourceType": "customer-gateway", "Tags": [{"Key": "Name", "Value": name}]}]
    gateway = ec2.create_customer_gateway(
        Type="ipsec.1", BgpAsn=asn, IpAddress=ip, TagSpecifications=spec
    )
    return str(gateway["CustomerGateway"]["CustomerGatewayId"])


def test_an_applied_gateway_is_in_sync_and_a_deleted_one_is_gone(aws: None, tmp_path: Path) -> None:
    apply()
    other = apply("203.0.113.7", 65010, "cgw-branch")
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == [("unmanaged", f"aws_customer_gateway.{other}", [])]
    assert report["summary"]["managed"] == 1
    boto3.client("ec2", region_name="us-east-1").delete_customer_gateway(CustomerGatewayId=other)
    assert drifts(scan(directory)) == []


def test_tags_are_reverted_and_the_asn_is_for_a_human(aws: None, tmp_path: Path) -> None:
    gateway = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.create_tags(Resources=[gateway], Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", "aws_customer_gateway.office", ["tags.Owner"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert (refusals, [c.name for c in calls]) == ([], ["ec2.delete_tags"])
    run(calls)
    assert drifts(scan(directory)) == []
    changed = write(tmp_path / "tf2", HCL.replace("65000", "65001"))
    assert drifts(scan(changed)) == [("changed", "aws_customer_gateway.office", ["bgp_asn"])]
    calls, refusals = plan_calls(tmp_path, changed)
    assert calls == [] and any("replace needed" in r for r in refusals), refusals


def test_a_deleted_gateway_is_created_again(aws: None, tmp_path: Path) -> None:
    gateway = apply()
    boto3.client("ec2", region_name="us-east-1").delete_customer_gateway(CustomerGatewayId=gateway)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_customer_gateway.office", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["ec2.create_customer_gateway"]
    assert calls[0].params["BgpAsn"] == 65000
    run(calls)
    assert drifts(scan(directory)) == []


def test_changed_tags_are_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    gateway = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.create_tags(Resources=[gateway], Tags=[{"Key": "Name", "Value": "cgw-renamed"}])
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"cgw-renamed"' in plan.diff


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    gateway = apply()
    cfn = template(
        tmp_path / "cfn",
        """  Office:
    Type: AWS::EC2::CustomerGateway
    Properties:
      Type: ipsec.1
      BgpAsn: 65000
      IpAddress: 198.51.100.10
      Tags: [{Key: Name, Value: cgw-office}]
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ec2.aws.upbound.io/v1beta1
kind: CustomerGateway
metadata:
  name: office
  annotations:
    crossplane.io/external-name: {gateway}
spec:
  forProvider:
    region: us-east-1
    type: ipsec.1
    bgpAsn: "65002"
    ipAddress: 198.51.100.10
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], c["path"]) for d in report["drifts"] if d["kind"] == "changed"
               for c in d["changes"]]  # fmt: skip
    assert ("aws_customer_gateway", "bgp_asn") in changed
