"""aws_network_acl on moto: the default ACL and the catch-all rule are AWS's, protocols
compare by number, and a changed rule is put back rule number by rule number."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.22.0.0/16"
  tags       = { Name = "net-main" }
}

resource "aws_network_acl" "private" {
  vpc_id = aws_vpc.main.id

  ingress {
    protocol   = "tcp"
    rule_no    = 100
    action     = "allow"
    cidr_block = "10.22.0.0/16"
    from_port  = 443
    to_port    = 443
  }

  tags = { Name = "net-private" }
}
"""


def apply() -> str:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(
        CidrBlock="10.22.0.0/16",
        TagSpecifications=[{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": "net-main"}]}],
    )["Vpc"]["VpcId"]
    acl = ec2.create_network_acl(
        VpcId=vpc,
        TagSpecifications=[
            {"ResourceType": "network-acl", "Tags": [{"Key": "Name", "Value": "net-private"}]}
        ],
    )["NetworkAcl"]["NetworkAclId"]
    ec2.create_network_acl_entry(
        NetworkAclId=acl,
        RuleNumber=100,
        Protocol="6",
        RuleAction="allow",
        Egress=False,
        CidrBlock="10.22.0.0/16",
        PortRange={"From": 443, "To": 443},
    )
    return str(acl)


def test_an_applied_acl_is_in_sync_and_default_acls_are_not_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 2


def test_a_rule_changed_and_one_added_are_drift_and_reverted(aws: None, tmp_path: Path) -> None:
    acl = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.replace_network_acl_entry(
        NetworkAclId=acl,
        RuleNumber=100,
        Protocol="6",
        RuleAction="allow",
        Egress=False,
        CidrBlock="0.0.0.0/0",
        PortRange={"From": 443, "To": 443},
    )
    ec2.create_network_acl_entry(
        NetworkAclId=acl,
        RuleNumber=200,
        Protocol="-1",
        RuleAction="deny",
        Egress=False,
        CidrBlock="10.0.0.0/8",
    )
    directory = write(tmp_path / "tf", HCL)
    changed = drifts(scan(directory), "changed")
    assert [(kind, address) for kind, address, _ in changed] == [
        ("changed", "aws_network_acl.private")
    ]
    assert all(path.startswith("ingress") for path in changed[0][2])
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.operation for c in calls) == [
        "delete_network_acl_entry",
        "replace_network_acl_entry",
    ]
    run(calls)
    assert drifts(scan(directory)) == []
