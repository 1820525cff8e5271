"""aws_vpc_dhcp_options and aws_vpc_dhcp_options_association on moto: scan, AWS's default
set, drift reverted and codified, a VPC moved to another set, CloudFormation, Crossplane
and ACK declaring both."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.42.0.0/16"
  tags       = { Name = "dopt-main" }
}

resource "aws_vpc_dhcp_options" "corp" {
  domain_name         = "corp.example"
  domain_name_servers = ["10.42.0.2", "AmazonProvidedDNS"]
  netbios_node_type   = "2"
  tags                = { Name = "dopt-corp" }
}

resource "aws_vpc_dhcp_options_association" "main" {
  vpc_id          = aws_vpc.main.id
  dhcp_options_id = aws_vpc_dhcp_options.corp.id
}
"""
CORP = [
    {"Key": "domain-name", "Values": ["corp.example"]},
    {"Key": "domain-name-servers", "Values": ["10.42.0.2", "AmazonProvidedDNS"]},
    {"Key": "netbios-node-type", "Values": ["2"]},
]


def ec2() -> Any:
    return boto3.client("ec2", region_name="us-east-1")


def apply() -> dict[str, str]:
    tags = [{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": "dopt-main"}]}]
    vpc = ec2().create_vpc(CidrBlock="10.42.0.0/16", TagSpecifications=tags)["Vpc"]["VpcId"]
    options = ec2().create_dhcp_options(DhcpConfigurations=CORP)["DhcpOptions"]["DhcpOptionsId"]
    ec2().create_tags(Resources=[options], Tags=[{"Key": "Name", "Value": "dopt-corp"}])
    ec2().associate_dhcp_options(DhcpOptionsId=options, VpcId=vpc)
    return {"vpc": vpc, "options": options}


def test_an_applied_set_is_in_sync_and_aws_default_set_is_not_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    ids = apply()
    default = ec2().create_dhcp_options(
        DhcpConfigurations=[
            {"Key": "domain-name", "Values": ["ec2.internal"]},
            {"Key": "domain-name-servers", "Values": ["AmazonProvidedDNS"]},
        ]
    )["DhcpOptions"]["DhcpOptionsId"]
    other_vpc = ec2().create_vpc(CidrBlock="10.43.0.0/16")["Vpc"]["VpcId"]
    ec2().associate_dhcp_options(DhcpOptionsId=default, VpcId=other_vpc)
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    # the other VPC is unmanaged; the default set and the VPC's use of it are AWS's
    assert drifts(report) == [("unmanaged", f"aws_vpc.{other_vpc}", [])]
    assert report["summary"]["managed"] == 3
    extra = ec2().create_dhcp_options(DhcpConfigurations=CORP[:1])["DhcpOptions"]["DhcpOptionsId"]
    ec2().associate_dhcp_options(DhcpOptionsId=extra, VpcId=other_vpc)
    assert drifts(scan(directory), "unmanaged") == [
        ("unmanaged", f"aws_vpc.{other_vpc}", []),
        ("unmanaged", f"aws_vpc_dhcp_options.{extra}", []),
        ("unmanaged", f"aws_vpc_dhcp_options_association.{extra}-{other_vpc}", []),
    ]
    assert ids["options"] != extra


def test_tags_are_reverted_and_options_are_for_a_human(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2().create_tags(Resources=[ids["options"]], Tags=[{"Key": "Owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", "aws_vpc_dhcp_options.corp", ["tags.Owner"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert (refusals, [c.name for c in calls]) == ([], ["ec2.delete_tags"])
    run(calls)
    assert drifts(scan(directory)) == []
    changed = write(tmp_path / "tf2", HCL.replace('"10.42.0.2", ', ""))
    assert drifts(scan(changed)) == [
        ("changed", "aws_vpc_dhcp_options.corp", ["domain_name_servers"])
    ]
    calls, refusals = plan_calls(tmp_path, changed)
    assert calls == [] and any("replace needed" in r for r in refusals), refusals


def test_a_vpc_moved_off_its_set_is_a_missing_association_put_back(
    aws: None, tmp_path: Path
) -> None:
    ids = apply()
    ec2().associate_dhcp_options(DhcpOptionsId="default", VpcId=ids["vpc"])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_vpc_dhcp_options_association.main", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.name, dict(c.params)) for c in calls] == [
        ("ec2.associate_dhcp_options", {"DhcpOptionsId": ids["options"], "VpcId": ids["vpc"]})
    ]
    run(calls)
    assert drifts(scan(directory)) == []
    other = ec2().create_dhcp_options(DhcpConfigurations=CORP[:1])["DhcpOptions"]["DhcpOptionsId"]
    ec2().associate_dhcp_options(DhcpOptionsId=other, VpcId=ids["vpc"])
    assert drifts(scan(directory)) == [
        ("missing", "aws_vpc_dhcp_options_association.main", []),
        ("unmanaged", f"aws_vpc_dhcp_options.{other}", []),
        ("unmanaged", f"aws_vpc_dhcp_options_association.{other}-{ids['vpc']}", []),
    ]


def test_changed_tags_are_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    ids = apply()
    ec2().create_tags(Resources=[ids["options"]], Tags=[{"Key": "Name", "Value": "dopt-renamed"}])
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"dopt-renamed"' in plan.diff


def _declared(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    return sorted(
        (d["kind"], d["type"], sorted(c["path"] for c in d.get("changes") or ()))
        for d in report["drifts"]
        if d["kind"] != "unmanaged"
    )


def test_cloudformation_crossplane_and_ack_declare_both(aws: None, tmp_path: Path) -> None:
    ids = apply()
    cfn = template(
        tmp_path / "cfn",
        f"""  Corp:
    Type: AWS::EC2::DHCPOptions
    Properties:
      DomainName: corp.example
      DomainNameServers: [10.42.0.2, AmazonProvidedDNS]
      NetbiosNodeType: 2
      Tags: [{{Key: Name, Value: dopt-corp}}]
  Main:
    Type: AWS::EC2::VPCDHCPOptionsAssociation
    Properties:
      VpcId: {ids["vpc"]}
      DhcpOptionsId: !Ref Corp
""",
    )
    report, _ = scan_source(cfn)
    assert _declared(report) == []
    assert report["summary"]["managed"] == 2
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ec2.aws.upbound.io/v1beta1
kind: VPCDHCPOptions
metadata:
  name: corp
  annotations:
    crossplane.io/external-name: {ids["options"]}
spec:
  forProvider:
    region: us-east-1
    domainName: corp.example
    netbiosNodeType: "1"
---
apiVersion: ec2.aws.upbound.io/v1beta1
kind: VPCDHCPOptionsAssociation
metadata:
  name: main
spec:
  forProvider:
    region: us-east-1
    vpcId: {ids["vpc"]}
    dhcpOptionsIdRef:
      name: corp
""",
    )
    report, _ = scan_source(crossplane)
    changed = _declared(report)
    assert changed[0][:2] == ("changed", "aws_vpc_dhcp_options")
    assert "netbios_node_type" in changed[0][2]
    assert [c[1] for c in changed] == ["aws_vpc_dhcp_options"]  # the association is in sync
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: ec2.services.k8s.aws/v1alpha1
kind: DHCPOptions
metadata:
  name: corp
  annotations:
    services.k8s.aws/adoption-policy: adopt
    services.k8s.aws/adoption-fields: '{{"dhcpOptionsID": "{ids["options"]}"}}'
spec:
  dhcpConfigurations:
    - key: domain-name
      values: [corp.example]
    - key: domain-name-servers
      values: [10.42.0.2, AmazonProvidedDNS]
  vpc: [{ids["vpc"]}]
""",
    )
    report, _ = scan_source(ack)
    # the controller's own tags are declared and this set has none
    assert [(k, t) for k, t, _ in _declared(report)] == [("changed", "aws_vpc_dhcp_options")]
    assert report["summary"]["managed"] == 2
