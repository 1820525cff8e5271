"""aws_vpc_security_group_ingress_rule / _egress_rule on moto: folded into their group's
`ingress`/`egress` with inline blocks and aws_security_group_rule, so a rule declared in
any style matches the same live rule; a rule added by hand is drift and reverted."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_vpc" "main" {
  cidr_block = "10.9.0.0/16"
}

resource "aws_security_group" "web" {
  name        = "sgr-web"
  description = "web"
  vpc_id      = aws_vpc.main.id
}

resource "aws_vpc_security_group_ingress_rule" "https" {
  security_group_id = aws_security_group.web.id
  ip_protocol       = "tcp"
  from_port         = 443
  to_port           = 443
  cidr_ipv4         = "10.0.0.0/8"
  description       = "https"
}

resource "aws_security_group_rule" "ssh" {
  type              = "ingress"
  security_group_id = aws_security_group.web.id
  protocol          = "tcp"
  from_port         = 22
  to_port           = 22
  cidr_blocks       = ["10.1.0.0/16"]
}

resource "aws_vpc_security_group_egress_rule" "all" {
  security_group_id = aws_security_group.web.id
  ip_protocol       = "-1"
  cidr_ipv4         = "0.0.0.0/0"
}
"""


def apply() -> str:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    vpc = ec2.create_vpc(CidrBlock="10.9.0.0/16")["Vpc"]["VpcId"]
    gid = ec2.create_security_group(GroupName="sgr-web", Description="web", VpcId=vpc)["GroupId"]
    ec2.authorize_security_group_ingress(
        GroupId=gid,
        IpPermissions=[
            {"IpProtocol": "tcp", "FromPort": 443, "ToPort": 443,
             "IpRanges": [{"CidrIp": "10.0.0.0/8", "Description": "https"}]},
            {"IpProtocol": "tcp", "FromPort": 22, "ToPort": 22,
             "IpRanges": [{"CidrIp": "10.1.0.0/16"}]},
        ],
    )  # fmt: skip
    return str(gid)


def test_new_style_rules_mixed_with_old_style_are_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["unsupported"] == {}


def test_an_ingress_rule_added_by_hand_is_drift_and_revoked(aws: None, tmp_path: Path) -> None:
    gid = apply()
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.authorize_security_group_ingress(
        GroupId=gid,
        IpPermissions=[{"IpProtocol": "tcp", "FromPort": 3389, "ToPort": 3389,
                        "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}],
    )  # fmt: skip
    directory = write(tmp_path / "tf", HCL)
    found = drifts(scan(directory))
    assert [(kind, address) for kind, address, _ in found] == [
        ("changed", "aws_security_group.web")
    ]
    assert any(p.startswith("ingress") for p in found[0][2])
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["ec2.revoke_security_group_ingress"]
    run(calls)
    assert drifts(scan(directory)) == []
