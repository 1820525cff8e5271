"""aws_vpc_peering_connection on moto: scan, an unmanaged connection, DNS options and tags
reverted, a peer VPC for a human, a deleted connection requested and accepted again,
codify, CloudFormation, Crossplane and ACK declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "a" {
  cidr_block = "10.81.0.0/16"
  tags       = { Name = "pcx-a" }
}

resource "aws_vpc" "b" {
  cidr_block = "10.82.0.0/16"
  tags       = { Name = "pcx-b" }
}

resource "aws_vpc_peering_connection" "ab" {
  vpc_id      = aws_vpc.a.id
  peer_vpc_id = aws_vpc.b.id
  auto_accept = true

  requester {
    allow_remote_vpc_dns_resolution = true
  }

  tags = { Name = "pcx-ab" }
}
"""


def ec2() -> Any:
    return boto3.client("ec2", region_name="us-east-1")


def vpc(name: str, cidr: str) -> str:
    found = ec2().describe_vpcs(Filters=[{"Name": "tag:Name", "Values": [name]}])["Vpcs"]
    if found:
        return str(found[0]["VpcId"])
    spec = [{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": name}]}]
    return str(ec2().create_vpc(CidrBlock=cidr, TagSpecifications=spec)["Vpc"]["VpcId"])


def apply(name: str = "pcx-ab") -> str:
    a, b = vpc("pcx-a", "10.81.0.0/16"), vpc("pcx-b", "10.82.0.0/16")
    spec = [{"ResourceType": "vpc-peering-connection", "Tags": [{"Key": "Name", "Value": name}]}]
    made = ec2().create_vpc_peering_connection(VpcId=a, PeerVpcId=b, TagSpecifications=spec)
    pcx = str(made["VpcPeeringConnection"]["VpcPeeringConnectionId"])
    ec2().accept_vpc_peering_connection(VpcPeeringConnectionId=pcx)
    ec2().modify_vpc_peering_connection_options(
        VpcPeeringConnectionId=pcx,
        RequesterPeeringConnectionOptions={"AllowDnsResolutionFromRemoteVpc": True},
    )
    return pcx


def test_an_applied_connection_is_in_sync_and_another_is_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 3
    other = apply("pcx-other")
    assert drifts(scan(directory)) == [("unmanaged", f"aws_vpc_peering_connection.{other}", [])]


def test_dns_option_and_tags_are_reverted_and_the_peer_is_for_a_human(
    aws: None, tmp_path: Path
) -> None:
    pcx = apply()
    ec2().modify_vpc_peering_connection_options(
        VpcPeeringConnectionId=pcx,
        RequesterPeeringConnectionOptions={"AllowDnsResolutionFromRemoteVpc": False},
    )
    ec2().create_tags(Resources=[pcx], Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_vpc_peering_connection.ab",
            ["requester.allow_remote_vpc_dns_resolution", "tags.Owner"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "ec2.delete_tags",
        "ec2.modify_vpc_peering_connection_options",
    ]
    run(calls)
    assert drifts(scan(directory)) == []
    # another peer VPC cannot be set on a connection: a human decides
    changed = write(tmp_path / "tf2", HCL.replace("aws_vpc.b.id", '"vpc-0123456789abcdef0"'))
    found = drifts(scan(changed))
    assert ("changed", "aws_vpc_peering_connection.ab", ["peer_vpc_id"]) in found
    calls, refusals = plan_calls(tmp_path, changed)
    assert calls == [] and any("replace needed" in r for r in refusals), refusals


def test_a_deleted_connection_is_requested_and_accepted_again(aws: None, tmp_path: Path) -> None:
    pcx = apply()
    ec2().delete_vpc_peering_connection(VpcPeeringConnectionId=pcx)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_vpc_peering_connection.ab", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == [
        "ec2.create_vpc_peering_connection",
        "ec2.accept_vpc_peering_connection",
        "ec2.modify_vpc_peering_connection_options",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_changed_tags_are_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    pcx = apply()
    ec2().create_tags(Resources=[pcx], Tags=[{"Key": "Name", "Value": "pcx-renamed"}])
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"pcx-renamed"' in plan.diff


def _changed(report: dict[str, Any]) -> list[str]:
    return sorted(
        c["path"]
        for d in report["drifts"]
        if d["kind"] == "changed" and d["type"] == "aws_vpc_peering_connection"
        for c in d["changes"]
        if not c["path"].startswith("tags.")
    )


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    pcx = apply()
    a, b = vpc("pcx-a", "10.81.0.0/16"), vpc("pcx-b", "10.82.0.0/16")
    cfn = template(
        tmp_path / "cfn",
        f"""  Main:
    Type: AWS::EC2::VPCPeeringConnection
    Properties:
      VpcId: {a}
      PeerVpcId: {b}
      Tags: [{{Key: Name, Value: pcx-ab}}]
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["type"] == "aws_vpc_peering_connection"] == []
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ec2.aws.upbound.io/v1beta1
kind: VPCPeeringConnection
metadata:
  name: main
  annotations:
    crossplane.io/external-name: {pcx}
spec:
  forProvider:
    region: us-east-1
    vpcId: {a}
    peerVpcId: {b}
    requester:
      - allowRemoteVpcDnsResolution: false
""",
    )
    assert _changed(scan_source(crossplane)[0]) == ["requester.allow_remote_vpc_dns_resolution"]
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: ec2.services.k8s.aws/v1alpha1
kind: VPCPeeringConnection
metadata:
  name: main
spec:
  vpcID: {a}
  peerVPCID: {b}
  accepterPeeringConnectionOptions:
    allowDNSResolutionFromRemoteVPC: true
""",
    )
    assert _changed(scan_source(ack)[0]) == ["accepter.allow_remote_vpc_dns_resolution"]
