"""Sensitive values and values known after apply (driftctl/engine/bind.py): a live value bound in
place of a sensitive reference stays sensitive, and where a compared value came from
(`bound` in every report) never shows a sensitive value.

Built as test_bind.py builds its cases (what a user writes, applied in moto, changed out
of band). No type driftctl compares has a provider-sensitive computed attribute yet, so
the tests that need one make the role's (or the bucket's) `arn` one, as the AWS provider
does for aws_iam_access_key.secret.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import boto3
import pytest
from rich.console import Console

from driftctl.core import sensitive
from driftctl.core.model import Report
from driftctl.declared.cfn.load import load_cloudformation
from driftctl.declared.cfn.parse import parse_template
from driftctl.declared.hcl.load import load_hcl
from driftctl.report import console, jsonout, markdown, sarif
from tests.schemas import validate_report, validate_sarif
from tests.test_bind import (
    BUCKET_AND_ROLE,
    BUCKET_ARN,
    IAM_POLICY,
    ROLE_ARN,
    TRUST,
    app_access,
    apply_bucket_and_role,
    scan,
)

SENSITIVE = "(sensitive)"


def provider_sensitive(monkeypatch: pytest.MonkeyPatch, tf_type: str, *paths: str) -> None:
    table = {"managed": {tf_type: frozenset(paths)}, "data": {}}
    monkeypatch.setattr(sensitive, "_table", lambda: table)


def outputs(report: Report) -> Iterator[tuple[str, str]]:
    out = Console(record=True, width=400)
    console.render(report, out)
    yield "console", out.export_text()
    yield "json", jsonout.render(report)
    yield "markdown", markdown.render(report)
    yield "sarif", sarif.render(report, "", None)


def test_a_value_bound_from_a_sensitive_attribute_stays_sensitive(
    aws: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    provider_sensitive(monkeypatch, "aws_iam_role", "arn")
    apply_bucket_and_role()
    iam = boto3.client("iam")
    arn = iam.create_policy(PolicyName="app-access", PolicyDocument=app_access())["Policy"]["Arn"]
    files = {"main.tf": BUCKET_AND_ROLE, "iam.tf": IAM_POLICY}
    assert scan(tmp_path, files).drifts == ()

    iam.create_policy_version(PolicyArn=arn, PolicyDocument=app_access("*"), SetAsDefault=True)
    report = scan(tmp_path, files)
    (drift,) = report.drifts
    (change,) = drift.changes
    # still compared with the real values, and known to be built from a sensitive one
    assert (change.expected, change.actual, change.sensitive) == (ROLE_ARN, "*", True)
    # the bucket's ARN is part of the sensitive policy now: hidden too
    assert change.bound == {"aws_iam_role.app.arn": SENSITIVE, "aws_s3_bucket.logs.arn": SENSITIVE}
    doc = json.loads(jsonout.render(report))
    validate_report(doc)
    validate_sarif(json.loads(sarif.render(report, "", None)))
    assert doc["drifts"][0]["changes"][0]["bound"] == {
        "aws_iam_role.app.arn": SENSITIVE,
        "aws_s3_bucket.logs.arn": SENSITIVE,
    }
    for name, text in outputs(report):
        assert ROLE_ARN not in text and BUCKET_ARN not in text, name
        assert "aws_iam_role.app.arn" in text or name == "sarif", name


SENSITIVE_OUTPUT_ROOT = """
module "app" {
  source = "./app"
}

resource "aws_s3_bucket" "logs" {
  bucket = "acme-logs"
}

resource "aws_iam_role" "reader" {
  name               = "reader"
  assume_role_policy = module.app.trust
  tags = {
    Trusts = module.app.role_arn
    Reads  = upper(aws_s3_bucket.logs.arn)
  }
}
"""
SENSITIVE_OUTPUT_MODULE = """
resource "aws_iam_role" "this" {
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

output "role_arn" {
  value     = aws_iam_role.this.arn
  sensitive = true
}

output "trust" {
  value = aws_iam_role.this.assume_role_policy
}
"""


def test_a_value_bound_through_a_sensitive_output_is_not_shown_beside_another_change(
    aws: None, tmp_path: Path
) -> None:
    apply_bucket_and_role()
    iam = boto3.client("iam")
    iam.create_role(
        RoleName="reader",
        AssumeRolePolicyDocument=json.dumps(TRUST),
        Tags=[
            {"Key": "Trusts", "Value": ROLE_ARN},
            {"Key": "Reads", "Value": BUCKET_ARN.upper()},
        ],
    )
    files = {"main.tf": SENSITIVE_OUTPUT_ROOT, "app/main.tf": SENSITIVE_OUTPUT_MODULE}
    assert scan(tmp_path, files).drifts == ()

    other = "ARN:AWS:S3:::ACME-OTHER"
    iam.tag_role(RoleName="reader", Tags=[{"Key": "Reads", "Value": other}])
    report = scan(tmp_path, files)
    (drift,) = report.drifts
    (change,) = drift.changes
    # the changed tag is not sensitive (nor known before binding); the tags read a
    # sensitive output too
    assert (change.path, change.expected, change.actual, change.sensitive) == (
        "tags.Reads",
        BUCKET_ARN.upper(),
        other,
        False,
    )
    assert change.bound == {
        "aws_s3_bucket.logs.arn": BUCKET_ARN,
        "module.app.aws_iam_role.this.arn": SENSITIVE,
    }
    validate_report(json.loads(jsonout.render(report)))
    for name, text in outputs(report):
        assert ROLE_ARN not in text, name
        assert other in text, name

    # the sensitive tag itself changed: compared, reported, not shown
    iam.tag_role(RoleName="reader", Tags=[{"Key": "Trusts", "Value": "arn:aws:iam::1:role/x"}])
    changed = {c.path: c for d in scan(tmp_path, files).drifts for c in d.changes}
    trusts = changed["tags.Trusts"]
    assert trusts.sensitive and trusts.expected == ROLE_ARN
    assert trusts.to_json()["bound"] == {
        "aws_s3_bucket.logs.arn": SENSITIVE,
        "module.app.aws_iam_role.this.arn": SENSITIVE,
    }


def test_the_loader_records_a_sensitive_bound_value_as_sensitive(tmp_path: Path) -> None:
    """A reference to an attribute the provider marks sensitive, bound to its live value:
    the value built from it is sensitive, and what it read is recorded masked."""
    (tmp_path / "main.tf").write_text(
        'resource "aws_iam_access_key" "ci" {\n  user = "ci"\n}\n\n'
        'resource "aws_ssm_parameter" "key" {\n'
        '  name        = "ci-key"\n'
        '  type        = "SecureString"\n'
        "  value       = aws_iam_access_key.ci.secret\n"
        '  description = "key ${aws_iam_access_key.ci.id}"\n'
        "}\n"
    )
    state = {"aws_iam_access_key.ci": {"id": "AKIAEXAMPLE", "secret": "wJalr-PLANTED"}}
    found = {r.address: r for r in load_hcl(tmp_path, state=state).resources}
    param = found["aws_ssm_parameter.key"]
    assert param.attrs["value"] == "wJalr-PLANTED"  # compared with the live value
    assert param.sensitive == {"value"}
    assert param.bound == {
        "description": {"aws_iam_access_key.ci.id": "AKIAEXAMPLE"},
        "value": {"aws_iam_access_key.ci.secret": SENSITIVE},
    }


CFN_GETATT = """
AWSTemplateFormatVersion: "2010-09-09"
Resources:
  Logs:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: acme-logs
  Reader:
    Type: AWS::IAM::Role
    Properties:
      RoleName: reader
      Description: !Sub "reads ${Logs.Arn} as ${App}"
      AssumeRolePolicyDocument: {}
      Tags:
        - Key: Logs
          Value: !GetAtt Logs.Arn
        - Key: Team
          Value: core
  App:
    Type: AWS::IAM::Role
    Properties:
      RoleName: app
      AssumeRolePolicyDocument: {}
"""


def test_cloudformation_getatt_of_a_sensitive_attribute_is_sensitive_bound_or_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    provider_sensitive(monkeypatch, "aws_s3_bucket", "arn")
    data, lines = parse_template("stack.yaml", CFN_GETATT)
    unbound = load_cloudformation("stack.yaml", data, lines, {})
    (reader,) = [r for r in unbound.resources if r.address == "Reader"]
    # the GetAtt is a reference resolved by matching: the tag holding it is sensitive
    assert reader.sensitive == {"tags.Logs"} and reader.bound == {}

    state = {"Logs": {"id": "acme-logs", "arn": BUCKET_ARN}, "App": {"id": "app"}}
    bound = load_cloudformation("stack.yaml", data, lines, {}, state=state)
    (reader,) = [r for r in bound.resources if r.address == "Reader"]
    assert reader.attrs["description"] == f"reads {BUCKET_ARN} as app"
    assert reader.attrs["tags"]["Logs"] == BUCKET_ARN
    assert reader.sensitive == {"tags.Logs", "description"}
    assert reader.bound["description"] == {"App.id": "app", "Logs.arn": SENSITIVE}
