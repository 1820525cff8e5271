"""A role deleted out of band, on moto: Terraform's refresh says the role and its
aws_iam_role_policy_attachment are both gone, and so does driftctl; a revert re-creates
the role, then attaches the policy again, in the role's step (#28)."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.kit.revert import make_plan
from tests.resources.helpers import drifts, plan_calls, run, scan, write

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
HCL = """
resource "aws_iam_role" "app" {
  name = "gone-app"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "ec2.amazonaws.com" }
      Action    = "sts:AssumeRole"
    }]
  })
}

resource "aws_iam_policy" "read" {
  name   = "gone-read"
  policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "s3:GetObject", Resource = "*" }]
  })
}

resource "aws_iam_role_policy_attachment" "read" {
  role       = aws_iam_role.app.name
  policy_arn = aws_iam_policy.read.arn
}
"""
POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Action": "s3:GetObject", "Resource": "*"}],
}


def apply() -> str:
    """What `terraform apply` makes of HCL: the policy's ARN."""
    iam = boto3.client("iam", region_name="us-east-1")
    iam.create_role(RoleName="gone-app", AssumeRolePolicyDocument=json.dumps(TRUST))
    arn = iam.create_policy(PolicyName="gone-read", PolicyDocument=json.dumps(POLICY))
    iam.attach_role_policy(RoleName="gone-app", PolicyArn=arn["Policy"]["Arn"])
    return str(arn["Policy"]["Arn"])


def test_a_deleted_role_and_its_attachment_are_missing_and_re_created(
    aws: None, tmp_path: Path
) -> None:
    arn = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    iam = boto3.client("iam", region_name="us-east-1")
    iam.detach_role_policy(RoleName="gone-app", PolicyArn=arn)  # as the console deletes
    iam.delete_role(RoleName="gone-app")
    assert drifts(scan(directory)) == [
        ("missing", "aws_iam_role.app", []),
        ("missing", "aws_iam_role_policy_attachment.read", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params.get("RoleName")) for c in calls] == [
        ("create_role", "gone-app"),
        ("attach_role_policy", "gone-app"),
    ]
    run(calls)
    assert drifts(scan(directory)) == []


ATTACHMENTS_ONLY = """\
rules:
  - name: revert-attachments
    match: {type: aws_iam_role_policy_attachment, kind: missing}
    action: revert
"""


def test_the_attachment_alone_is_not_re_created_while_its_role_is_missing(
    aws: None, tmp_path: Path
) -> None:
    arn = apply()
    directory = write(tmp_path / "tf", HCL)
    iam = boto3.client("iam", region_name="us-east-1")
    iam.detach_role_policy(RoleName="gone-app", PolicyArn=arn)
    iam.delete_role(RoleName="gone-app")
    planned = make_plan(tmp_path, ATTACHMENTS_ONLY, source=directory)
    assert planned.plan.calls == []
    assert planned.plan.refusals == [
        "not re-creating aws_iam_role_policy_attachment.read: aws_iam_role.app is missing "
        "too (a revert of aws_iam_role.app re-creates it with its children)"
    ]
