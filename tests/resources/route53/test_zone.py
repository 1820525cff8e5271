"""aws_route53_zone on moto: a zone created as Terraform creates it is in sync; a changed
comment, tag or VPC association is drift a revert puts back; a missing zone is created;
an unmanaged zone is reported, a zone another AWS service manages is not."""

from __future__ import annotations

from pathlib import Path

import boto3

from driftctl.core.model import Resource
from driftctl.resources.registry import TYPES
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_route53_zone" "main" {
  name = "dns-main.example"
  tags = { Team = "web" }
}
"""


def apply() -> str:
    """What `terraform apply` makes of HCL: the zone id."""
    client = boto3.client("route53", region_name="us-east-1")
    zone = client.create_hosted_zone(
        Name="dns-main.example",
        CallerReference="tf-1",
        HostedZoneConfig={"Comment": "Managed by Terraform"},
    )["HostedZone"]
    zid = zone["Id"].rsplit("/", 1)[-1]
    client.change_tags_for_resource(
        ResourceType="hostedzone", ResourceId=zid, AddTags=[{"Key": "Team", "Value": "web"}]
    )
    return zid


def test_an_applied_zone_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    zid = apply()
    client = boto3.client("route53", region_name="us-east-1")
    client.update_hosted_zone_comment(Id=zid, Comment="by hand")
    client.change_tags_for_resource(
        ResourceType="hostedzone",
        ResourceId=zid,
        AddTags=[{"Key": "Owner", "Value": "ops"}],
        RemoveTagKeys=["Team"],
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_route53_zone.main", ["comment", "tags.Owner", "tags.Team"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "route53.change_tags_for_resource",
        "route53.update_hosted_zone_comment",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_missing_zone_is_created(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_route53_zone.main", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == [
        "route53.create_hosted_zone",
        "route53.change_tags_for_resource",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_an_unmanaged_zone_is_reported(aws: None, tmp_path: Path) -> None:
    apply()
    client = boto3.client("route53", region_name="us-east-1")
    other = client.create_hosted_zone(Name="dns-other.example", CallerReference="x")
    zid = other["HostedZone"]["Id"].rsplit("/", 1)[-1]
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_route53_zone.{zid}", [])]


def test_a_zone_another_service_manages_is_aws_s() -> None:
    """Cloud Map's namespaces: moto sets no LinkedService, so the record is checked."""
    rtype = TYPES["aws_route53_zone"]
    linked = {"name": "svc.local", "linked_service": "servicediscovery.amazonaws.com"}
    assert rtype.is_aws_default(Resource("aws_route53_zone", "Z1", None, linked))
    assert not rtype.is_aws_default(Resource("aws_route53_zone", "Z2", None, {"name": "a.b"}))


PRIVATE = """
resource "aws_route53_zone" "internal" {
  name    = "dns-internal.example"
  comment = ""
  vpc {
    vpc_id = "{vpc}"
  }
}
"""


def test_a_private_zone_compares_its_vpcs(aws: None, tmp_path: Path) -> None:
    """moto makes a zone private only with HostedZoneConfig.PrivateZone (AWS: with a VPC),
    so the zone is seeded as AWS holds it."""
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(CidrBlock="10.61.0.0/16")["Vpc"]["VpcId"]
    other = ec2.create_vpc(CidrBlock="10.62.0.0/16")["Vpc"]["VpcId"]
    client = boto3.client("route53", region_name="us-east-1")
    zone = client.create_hosted_zone(
        Name="dns-internal.example",
        CallerReference="p",
        HostedZoneConfig={"PrivateZone": True},
        VPC={"VPCRegion": "us-east-1", "VPCId": vpc},
    )["HostedZone"]
    directory = write(tmp_path / "tf", PRIVATE.replace("{vpc}", vpc))
    assert drifts(scan(directory), "changed", "missing") == []
    client.associate_vpc_with_hosted_zone(
        HostedZoneId=zone["Id"], VPC={"VPCRegion": "us-east-1", "VPCId": other}
    )
    # the VPC's index in the sorted set depends on the ids moto drew
    assert drifts(scan(directory), "changed") in (
        [("changed", "aws_route53_zone.internal", [f"vpc[{i}]"])] for i in (0, 1)
    )
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls if c.service == "route53"] == [
        "route53.disassociate_vpc_from_hosted_zone"
    ]
    run([c for c in calls if c.service == "route53"])
    assert drifts(scan(directory), "changed") == []


DECLARED_VPCS = """
resource "aws_vpc" "a" {
  cidr_block = "10.71.0.0/16"
}

resource "aws_vpc" "b" {
  cidr_block = "10.72.0.0/16"
}

resource "aws_route53_zone" "internal" {
  name    = "dns-internal.example"
  comment = "internal names"
  vpc {
    vpc_id = aws_vpc.a.id
  }
  vpc {
    vpc_id = aws_vpc.b.id
  }
}
"""


def test_vpcs_declared_beside_the_zone_are_compared_once_matched(aws: None, tmp_path: Path) -> None:
    """The zone is global, its VPCs regional: their ids are bound across the scopes."""
    ec2 = boto3.client("ec2", region_name="us-east-1")
    a, b, c = (ec2.create_vpc(CidrBlock=f"10.7{n}.0.0/16")["Vpc"]["VpcId"] for n in (1, 2, 3))
    client = boto3.client("route53", region_name="us-east-1")
    zone = client.create_hosted_zone(
        Name="dns-internal.example",
        CallerReference="p",
        HostedZoneConfig={"Comment": "internal names", "PrivateZone": True},
        VPC={"VPCRegion": "us-east-1", "VPCId": a},
    )["HostedZone"]
    client.associate_vpc_with_hosted_zone(
        HostedZoneId=zone["Id"], VPC={"VPCRegion": "us-east-1", "VPCId": b}
    )
    directory = write(tmp_path / "tf", DECLARED_VPCS)
    report = scan(directory)
    assert drifts(report, "changed", "missing") == []
    assert report["summary"]["unknown"] == 0
    client.associate_vpc_with_hosted_zone(
        HostedZoneId=zone["Id"], VPC={"VPCRegion": "us-east-1", "VPCId": c}
    )
    assert [d[:2] for d in drifts(scan(directory), "changed")] == [
        ("changed", "aws_route53_zone.internal")
    ]
