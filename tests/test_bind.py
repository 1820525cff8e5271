"""Values known after apply, bound through the match: a policy built from other resources'
ARNs is compared once those resources are matched, and the report says where the bound
part came from (driftctl/engine/bind.py, driftctl/declared/binding.py).

Each test declares what a user writes (a bucket policy naming `aws_s3_bucket.x.arn` in
jsonencode, an IAM policy naming a role's and a bucket's ARNs, a template, a module
output), creates the live resources in moto as `terraform apply` would, changes one
statement out of band, and scans.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl import settings
from driftctl.core.model import Report
from driftctl.engine import pipeline
from tests import needed

REGION = "us-east-1"
ACCOUNT = "123456789012"
TRUST = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Principal": {"Service": "ec2.amazonaws.com"},
            "Action": "sts:AssumeRole",
        }
    ],
}
BUCKET_ARN = "arn:aws:s3:::acme-logs"
ROLE_ARN = f"arn:aws:iam::{ACCOUNT}:role/app"

BUCKET_AND_ROLE = """
resource "aws_s3_bucket" "logs" {
  bucket = "acme-logs"
}

resource "aws_iam_role" "app" {
  name = "app"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}
"""

BUCKET_POLICY = """
resource "aws_s3_bucket_policy" "logs" {
  bucket = aws_s3_bucket.logs.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "DenyInsecure"
      Effect    = "Deny"
      Principal = "*"
      Action    = "s3:*"
      Resource  = [aws_s3_bucket.logs.arn, "${aws_s3_bucket.logs.arn}/*"]
      Condition = { Bool = { "aws:SecureTransport" = "false" } }
    }]
  })
}
"""

IAM_POLICY = """
resource "aws_iam_policy" "app" {
  name = "app-access"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Sid      = "ReadLogs"
        Effect   = "Allow"
        Action   = ["s3:GetObject", "s3:ListBucket"]
        Resource = [aws_s3_bucket.logs.arn, "${aws_s3_bucket.logs.arn}/*"]
      },
      {
        Sid      = "PassAppRole"
        Effect   = "Allow"
        Action   = "iam:PassRole"
        Resource = aws_iam_role.app.arn
      },
    ]
  })
}
"""


def apply_bucket_and_role() -> None:
    """What `terraform apply` of BUCKET_AND_ROLE creates."""
    boto3.client("s3", region_name=REGION).create_bucket(Bucket="acme-logs")
    iam = boto3.client("iam")
    iam.create_role(RoleName="app", AssumeRolePolicyDocument=json.dumps(TRUST))


def deny_insecure(*extra: dict[str, Any]) -> str:
    statement = {
        "Sid": "DenyInsecure",
        "Effect": "Deny",
        "Principal": "*",
        "Action": "s3:*",
        "Resource": [BUCKET_ARN, f"{BUCKET_ARN}/*"],
        "Condition": {"Bool": {"aws:SecureTransport": "false"}},
    }
    return json.dumps({"Version": "2012-10-17", "Statement": [statement, *extra]})


def app_access(role_arn: str = ROLE_ARN) -> str:
    return json.dumps(
        {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Sid": "ReadLogs",
                    "Effect": "Allow",
                    "Action": ["s3:GetObject", "s3:ListBucket"],
                    "Resource": [BUCKET_ARN, f"{BUCKET_ARN}/*"],
                },
                {
                    "Sid": "PassAppRole",
                    "Effect": "Allow",
                    "Action": "iam:PassRole",
                    "Resource": role_arn,
                },
            ],
        }
    )


def scan(directory: Path, files: dict[str, str]) -> Report:
    for name, text in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    conf = settings.build(settings.Options(sources=[f"hcl://{directory}"], regions=[REGION]))
    declared = pipeline.load_declared(conf)
    report = pipeline.scan_report(declared, needed.load_live(conf, declared))
    assert report.errors == ()
    return report


def changes(report: Report) -> list[tuple[str, str, str, dict[str, Any] | None]]:
    return [(d.type, str(d.address), c.path, c.bound) for d in report.drifts for c in d.changes]


def test_a_bucket_policy_built_from_the_buckets_arn_shows_a_statement_added_live(
    aws: None, tmp_path: Path
) -> None:
    apply_bucket_and_role()
    s3 = boto3.client("s3", region_name=REGION)
    s3.put_bucket_policy(Bucket="acme-logs", Policy=deny_insecure())
    files = {"main.tf": BUCKET_AND_ROLE, "policy.tf": BUCKET_POLICY}
    in_sync = scan(tmp_path, files)
    assert in_sync.drifts == () and in_sync.summary["unknown"] == 0

    public_read = {
        "Sid": "PublicRead",
        "Effect": "Allow",
        "Principal": "*",
        "Action": "s3:GetObject",
        "Resource": f"{BUCKET_ARN}/*",
    }
    s3.put_bucket_policy(Bucket="acme-logs", Policy=deny_insecure(public_read))
    report = scan(tmp_path, files)
    assert changes(report) == [
        (
            "aws_s3_bucket_policy",
            "aws_s3_bucket_policy.logs",
            "policy.Statement",
            {"aws_s3_bucket.logs.arn": BUCKET_ARN},
        )
    ]
    (change,) = report.drifts[0].changes
    assert [s["Sid"] for s in change.actual] == ["DenyInsecure", "PublicRead"]
    assert [s["Sid"] for s in change.expected] == ["DenyInsecure"]
    doc = report.to_json()["drifts"][0]["changes"][0]
    assert doc["bound"] == {"aws_s3_bucket.logs.arn": BUCKET_ARN}


def test_an_iam_policy_naming_a_role_and_a_bucket_shows_a_statement_changed_live(
    aws: None, tmp_path: Path
) -> None:
    apply_bucket_and_role()
    iam = boto3.client("iam")
    arn = iam.create_policy(PolicyName="app-access", PolicyDocument=app_access())["Policy"]["Arn"]
    files = {"main.tf": BUCKET_AND_ROLE, "iam.tf": IAM_POLICY}
    assert scan(tmp_path, files).drifts == ()

    # someone lets the application pass any role
    iam.create_policy_version(PolicyArn=arn, PolicyDocument=app_access("*"), SetAsDefault=True)
    report = scan(tmp_path, files)
    (drift,) = report.drifts
    (change,) = drift.changes
    assert (drift.type, drift.address) == ("aws_iam_policy", "aws_iam_policy.app")
    assert (change.expected, change.actual) == (ROLE_ARN, "*")
    assert change.path.startswith("policy.Statement[")  # the PassAppRole statement's Resource
    assert change.bound == {"aws_iam_role.app.arn": ROLE_ARN, "aws_s3_bucket.logs.arn": BUCKET_ARN}
    assert report.summary["unknown"] == 0


def test_a_reference_to_a_resource_missing_live_stays_unknown_never_drift(
    aws: None, tmp_path: Path
) -> None:
    boto3.client("iam").create_role(RoleName="app", AssumeRolePolicyDocument=json.dumps(TRUST))
    iam = boto3.client("iam")
    iam.create_policy(PolicyName="app-access", PolicyDocument=app_access("*"))
    report = scan(tmp_path, {"main.tf": BUCKET_AND_ROLE, "iam.tf": IAM_POLICY})
    # the bucket is missing: the policy naming its ARN cannot be known, so is not compared
    assert [(d.kind, d.type) for d in report.drifts] == [("missing", "aws_s3_bucket")]
    assert report.summary["unknown"] >= 1


TEMPLATE = """
resource "aws_iam_role" "reader" {
  name        = "reader"
  description = "reads ${aws_s3_bucket.logs.arn} for ${aws_iam_role.app.arn}"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { AWS = aws_iam_role.app.arn }
      Action    = "sts:AssumeRole"
    }]
  })
}
"""


def test_a_template_naming_two_resources_is_compared_once_both_are_bound(
    aws: None, tmp_path: Path
) -> None:
    apply_bucket_and_role()
    iam = boto3.client("iam")
    trust = {
        "Version": "2012-10-17",
        "Statement": [
            {"Effect": "Allow", "Principal": {"AWS": ROLE_ARN}, "Action": "sts:AssumeRole"}
        ],
    }
    iam.create_role(
        RoleName="reader",
        AssumeRolePolicyDocument=json.dumps(trust),
        Description=f"reads {BUCKET_ARN} for {ROLE_ARN}",
    )
    files = {"main.tf": BUCKET_AND_ROLE, "reader.tf": TEMPLATE}
    assert scan(tmp_path, files).drifts == ()

    iam.update_role(RoleName="reader", Description="reads everything")
    report = scan(tmp_path, files)
    assert changes(report) == [
        (
            "aws_iam_role",
            "aws_iam_role.reader",
            "description",
            {"aws_iam_role.app.arn": ROLE_ARN, "aws_s3_bucket.logs.arn": BUCKET_ARN},
        )
    ]
    assert report.drifts[0].changes[0].expected == f"reads {BUCKET_ARN} for {ROLE_ARN}"


MODULE = """
resource "aws_s3_bucket" "this" {
  bucket = var.name
}

variable "name" {
  type = string
}

output "arn" {
  value = aws_s3_bucket.this.arn
}
"""

ROOT_WITH_MODULE = """
module "logs" {
  source = "./modules/bucket"
  name   = "acme-logs"
}

module "archive" {
  source = "./modules/bucket"
  name   = "acme-archive"
}

locals {
  buckets = [module.logs.arn, module.archive.arn]
}

resource "aws_iam_policy" "read" {
  name = "read-buckets"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect   = "Allow"
      Action   = "s3:GetObject"
      Resource = [for arn in local.buckets : "${arn}/*"]
    }]
  })
}
"""


def test_module_outputs_and_for_expressions_are_bound_too(aws: None, tmp_path: Path) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("acme-logs", "acme-archive"):
        s3.create_bucket(Bucket=name)
    iam = boto3.client("iam")
    policy = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": "s3:GetObject",
                "Resource": ["arn:aws:s3:::acme-logs/*", "arn:aws:s3:::acme-archive/*"],
            }
        ],
    }
    arn = iam.create_policy(PolicyName="read-buckets", PolicyDocument=json.dumps(policy))
    files = {"main.tf": ROOT_WITH_MODULE, "modules/bucket/main.tf": MODULE}
    assert scan(tmp_path, files).drifts == ()

    policy["Statement"][0]["Resource"] = ["arn:aws:s3:::acme-logs/*", "arn:aws:s3:::*/*"]
    iam.create_policy_version(
        PolicyArn=arn["Policy"]["Arn"], PolicyDocument=json.dumps(policy), SetAsDefault=True
    )
    report = scan(tmp_path, files)
    (drift,) = report.drifts
    (change,) = drift.changes
    assert (drift.address, change.expected, change.actual) == (
        "aws_iam_policy.read",
        "arn:aws:s3:::acme-archive/*",
        "arn:aws:s3:::*/*",
    )
    assert change.bound == {
        "module.archive.aws_s3_bucket.this.arn": "arn:aws:s3:::acme-archive",
        "module.logs.aws_s3_bucket.this.arn": BUCKET_ARN,
    }


def test_a_generated_name_is_bound_like_an_arn(aws: None, tmp_path: Path) -> None:
    """A role named from a prefix: its `.name` is known once it is matched."""
    iam = boto3.client("iam")
    iam.create_role(
        RoleName="app-20240501120000123400000001", AssumeRolePolicyDocument=json.dumps(TRUST)
    )
    inline = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": "iam:GetRole",
                "Resource": f"arn:aws:iam::{ACCOUNT}:role/app-20240501120000123400000001",
            }
        ],
    }
    iam.put_role_policy(
        RoleName="app-20240501120000123400000001",
        PolicyName="self",
        PolicyDocument=json.dumps(inline),
    )
    hcl = """
resource "aws_iam_role" "app" {
  name_prefix        = "app-"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_role_policy" "self" {
  name = "self"
  role = aws_iam_role.app.id
  policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{
      Effect   = "Allow"
      Action   = "iam:GetRole"
      Resource = "arn:aws:iam::123456789012:role/${aws_iam_role.app.name}"
    }]
  })
}
"""
    assert scan(tmp_path, {"main.tf": hcl}).drifts == ()
    inline["Statement"][0]["Action"] = "iam:*"
    iam.put_role_policy(
        RoleName="app-20240501120000123400000001",
        PolicyName="self",
        PolicyDocument=json.dumps(inline),
    )
    report = scan(tmp_path, {"main.tf": hcl})
    assert [(d.type, c.expected, c.actual, c.bound) for d in report.drifts for c in d.changes] == [
        (
            "aws_iam_role_policy",
            "iam:GetRole",
            "iam:*",
            {"aws_iam_role.app.name": "app-20240501120000123400000001"},
        )
    ]


TEMPLATE_CFN = """
AWSTemplateFormatVersion: "2010-09-09"
Resources:
  Logs:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: acme-logs
  App:
    Type: AWS::IAM::Role
    Properties:
      RoleName: app
      AssumeRolePolicyDocument:
        Version: "2012-10-17"
        Statement:
          - Effect: Allow
            Principal: {Service: ec2.amazonaws.com}
            Action: sts:AssumeRole
  Access:
    Type: AWS::IAM::ManagedPolicy
    Properties:
      ManagedPolicyName: app-access
      PolicyDocument:
        Version: "2012-10-17"
        Statement:
          - Sid: OwnPrefix
            Effect: Allow
            Action: s3:GetObject
            Resource: !Sub "${Logs.Arn}/${App}/*"
"""


def test_cloudformation_sub_naming_two_resources_is_bound(aws: None, tmp_path: Path) -> None:
    apply_bucket_and_role()
    iam = boto3.client("iam")
    doc = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Sid": "OwnPrefix",
                "Effect": "Allow",
                "Action": "s3:GetObject",
                "Resource": f"{BUCKET_ARN}/app/*",
            }
        ],
    }
    arn = iam.create_policy(PolicyName="app-access", PolicyDocument=json.dumps(doc))
    template = tmp_path / "stack.yaml"
    template.write_text(TEMPLATE_CFN)
    conf = settings.build(settings.Options(sources=[f"yaml://{template}"], regions=[REGION]))

    def report() -> Report:
        declared = pipeline.load_declared(conf)
        return pipeline.scan_report(declared, needed.load_live(conf, declared))

    assert report().drifts == ()
    doc["Statement"][0]["Resource"] = f"{BUCKET_ARN}/*"
    iam.create_policy_version(
        PolicyArn=arn["Policy"]["Arn"], PolicyDocument=json.dumps(doc), SetAsDefault=True
    )
    (drift,) = report().drifts
    (change,) = drift.changes
    assert (drift.address, change.expected, change.actual) == (
        "Access",
        f"{BUCKET_ARN}/app/*",
        f"{BUCKET_ARN}/*",
    )
    assert change.bound == {"App.id": "app", "Logs.arn": BUCKET_ARN}


ROUTE_IN_MODULE = """
resource "aws_vpc" "main" {
  cidr_block = "10.0.0.0/16"
}

resource "aws_internet_gateway" "gw" {
  vpc_id = aws_vpc.main.id
}

resource "aws_route_table" "private" {
  vpc_id = aws_vpc.main.id
}

resource "aws_route" "out" {
  route_table_id         = aws_route_table.private.id
  destination_cidr_block = "0.0.0.0/0"
  gateway_id             = aws_internet_gateway.gw.id
}
"""


@pytest.mark.parametrize("module", ["", "module.net[0]."])
def test_a_route_folds_into_its_table_after_the_tables_id_is_bound(
    tmp_path: Path, module: str
) -> None:
    """Once its table is matched, `aws_route.out.route_table_id` evaluates to the live id,
    not a reference: the route must still join its declared table, not become a second
    declaration of it (a scan then stopped with "rtb-... is declared twice", exit 2).
    Seen on a stack whose routes sit in a module called with count, where the tables were
    bound a round before the route."""
    if module:
        (tmp_path / "net").mkdir()
        (tmp_path / "net" / "main.tf").write_text(ROUTE_IN_MODULE)
        (tmp_path / "main.tf").write_text('module "net" {\n  source = "./net"\n  count = 1\n}\n')
    else:
        (tmp_path / "main.tf").write_text(ROUTE_IN_MODULE)
    conf = settings.build(
        settings.Options(sources=[f"hcl://{tmp_path}"], regions=[REGION], no_cache=True)
    )
    declared = pipeline.load_declared(conf)
    assert declared.rebind is not None
    state = {
        f"{module}aws_vpc.main": {"id": "vpc-1"},
        f"{module}aws_internet_gateway.gw": {"id": "igw-1"},
        f"{module}aws_route_table.private": {"id": "rtb-1"},
    }
    tables = [r for r in declared.rebind(state, None).resources if r.type == "aws_route_table"]
    assert [(r.address, r.attrs["route"]) for r in tables] == [
        (
            f"{module}aws_route_table.private",
            [{"cidr_block": "0.0.0.0/0", "gateway_id": "igw-1"}],
        )
    ]
