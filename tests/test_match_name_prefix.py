"""Names Terraform generates from `name_prefix` / `bucket_prefix` match their live resource.

Terraform names such a resource prefix + a unique suffix (a UTC timestamp to 1/10000 s and
an 8-hex-digit counter). Declared, live in moto, matched and diffed as `driftctl scan` does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl.aws.canonical import canonicalize
from driftctl.aws.scanner import GLOBAL, Scanner
from driftctl.aws.session import CallCounter
from driftctl.core.model import Report
from driftctl.engine import needs
from driftctl.engine.pipeline import build_report
from driftctl.errors import DriftctlError
from tests import needed
from tests.declared.hcl.hcltest import load

REGION = "us-east-1"
SUFFIX_1 = "20240501120000123400000001"
SUFFIX_2 = "20240501120000123400000002"
POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}],
}
EC2 = {"Service": "ec2.amazonaws.com"}
TRUST = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Principal": EC2, "Action": "sts:AssumeRole"}],
}

STACK = """
resource "aws_s3_bucket" "logs" {
  bucket_prefix = "acme-logs-"
  tags          = { Team = "data" }
}

resource "aws_s3_bucket_versioning" "logs" {
  bucket = aws_s3_bucket.logs.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_iam_role" "app" {
  name_prefix        = "app-"
  assume_role_policy = jsonencode(local.trust)
}

resource "aws_iam_role_policy" "app" {
  name_prefix = "s3-"
  role        = aws_iam_role.app.id
  policy      = jsonencode(local.policy)
}

resource "aws_iam_policy" "shared" {
  name_prefix = "shared-"
  policy      = jsonencode(local.policy)
}

resource "aws_security_group" "web" {
  name_prefix = "web-"
  description = "web"
  vpc_id      = var.vpc_id
}
"""


def write_stack(directory: Path, vpc_id: str, extra: str = "") -> dict[str, str]:
    variables = f'variable "vpc_id" {{\n  default = "{vpc_id}"\n}}\n'
    locals_ = f"locals {{\n  trust  = {json.dumps(TRUST)}\n  policy = {json.dumps(POLICY)}\n}}\n"
    return {"main.tf": STACK + extra, "vars.tf": variables + locals_}


def apply(suffix: str = SUFFIX_1, tag: str = "data") -> str:
    """What `terraform apply` of STACK leaves in AWS; returns the VPC id."""
    s3 = boto3.client("s3", region_name=REGION)
    iam = boto3.client("iam", region_name=REGION)
    ec2 = boto3.client("ec2", region_name=REGION)
    bucket = f"acme-logs-{suffix}"
    s3.create_bucket(Bucket=bucket)
    s3.put_bucket_tagging(Bucket=bucket, Tagging={"TagSet": [{"Key": "Team", "Value": tag}]})
    s3.put_bucket_versioning(Bucket=bucket, VersioningConfiguration={"Status": "Enabled"})
    role = f"app-{suffix}"
    iam.create_role(RoleName=role, AssumeRolePolicyDocument=json.dumps(TRUST))
    iam.put_role_policy(RoleName=role, PolicyName=f"s3-{suffix}", PolicyDocument=json.dumps(POLICY))
    iam.create_policy(PolicyName=f"shared-{suffix}", PolicyDocument=json.dumps(POLICY))
    vpc_id: str = ec2.create_vpc(CidrBlock="10.0.0.0/16")["Vpc"]["VpcId"]
    ec2.create_security_group(GroupName=f"web-{suffix}", Description="web", VpcId=vpc_id)
    return vpc_id


def scan(directory: Path, files: dict[str, str]) -> Report:
    declared = canonicalize(load(directory, files))
    counter = CallCounter()

    def client(service: str, region: str) -> Any:
        return boto3.client(service, region_name=region)  # type: ignore[call-overload]

    specs = needs.scans(needed.declared_types(declared))  # the test's services (tests/needed.py)
    live = Scanner(client, counter).scan(specs, [REGION, GLOBAL], REGION)
    return build_report(declared, live)


def drifts(report: Report) -> list[tuple[str, str, str | None, str | None]]:
    """(kind, type, address, id) of the drifts but the VPCs (the groups' VPC is not declared)."""
    return [(d.kind, d.type, d.address, d.id) for d in report.drifts if d.type != "aws_vpc"]


def test_generated_names_match_their_declarations(aws: None, tmp_path: Path) -> None:
    vpc_id = apply()
    report = scan(tmp_path, write_stack(tmp_path, vpc_id))
    assert drifts(report) == []  # neither missing nor unmanaged, and the name is no drift
    assert report.summary["managed"] == report.summary["declared"] == 6


def test_a_prefixed_resource_is_compared_under_its_live_id(aws: None, tmp_path: Path) -> None:
    vpc_id = apply(tag="ops")  # changed out of band
    report = scan(tmp_path, write_stack(tmp_path, vpc_id))
    assert drifts(report) == [
        ("changed", "aws_s3_bucket", "aws_s3_bucket.logs", f"acme-logs-{SUFFIX_1}")
    ]
    assert [(c.path, c.expected, c.actual) for c in report.drifts[0].changes] == [
        ("tags.Team", "data", "ops")
    ]


def test_two_generated_candidates_are_an_error_naming_both(aws: None, tmp_path: Path) -> None:
    vpc_id = apply()
    boto3.client("s3", region_name=REGION).create_bucket(Bucket=f"acme-logs-{SUFFIX_2}")
    with pytest.raises(DriftctlError, match=f"acme-logs-{SUFFIX_1} and acme-logs-{SUFFIX_2}"):
        scan(tmp_path, write_stack(tmp_path, vpc_id))


def test_a_live_name_terraform_did_not_generate_is_not_a_match(aws: None, tmp_path: Path) -> None:
    vpc_id = apply()
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("acme-logs-archive", f"acme-logs-{SUFFIX_2}-old"):
        s3.create_bucket(Bucket=name)
    report = scan(tmp_path, write_stack(tmp_path, vpc_id))
    assert drifts(report) == [
        ("unmanaged", "aws_s3_bucket", None, f"acme-logs-{SUFFIX_2}-old"),
        ("unmanaged", "aws_s3_bucket", None, "acme-logs-archive"),
    ]


def test_without_a_generated_name_live_the_declaration_is_missing(
    aws: None, tmp_path: Path
) -> None:
    vpc_id = apply()
    ec2 = boto3.client("ec2", region_name=REGION)
    other_vpc = ec2.create_vpc(CidrBlock="10.1.0.0/16")["Vpc"]["VpcId"]
    boto3.client("s3", region_name=REGION).delete_bucket(Bucket=f"acme-logs-{SUFFIX_1}")
    # the group's name fits its prefix, but it is in another VPC than the one declared
    report = scan(tmp_path, write_stack(tmp_path, other_vpc))
    filters = [{"Name": "vpc-id", "Values": [vpc_id]}, {"Name": "group-name", "Values": ["web-*"]}]
    group = ec2.describe_security_groups(Filters=filters)["SecurityGroups"][0]["GroupId"]
    assert drifts(report) == [
        ("missing", "aws_s3_bucket", "aws_s3_bucket.logs", None),
        # declared on its own: missing with its bucket, as Terraform's refresh says (#28)
        ("missing", "aws_s3_bucket_versioning", "aws_s3_bucket_versioning.logs", None),
        ("missing", "aws_security_group", "aws_security_group.web", None),
        ("unmanaged", "aws_security_group", None, group),
    ]


def test_a_live_resource_named_by_a_declaration_is_not_a_prefix_candidate(
    aws: None, tmp_path: Path
) -> None:
    vpc_id = apply()
    boto3.client("s3", region_name=REGION).create_bucket(Bucket=f"acme-logs-{SUFFIX_2}")
    imported = f'resource "aws_s3_bucket" "old" {{\n  bucket = "acme-logs-{SUFFIX_2}"\n}}\n'
    report = scan(tmp_path, write_stack(tmp_path, vpc_id, imported))
    assert drifts(report) == []
    assert report.summary["managed"] == report.summary["declared"]
