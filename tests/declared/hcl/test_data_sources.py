"""Data sources: aws_iam_policy_document rendered as the AWS provider renders it
(registry.terraform.io/providers/hashicorp/aws/latest/docs/data-sources/iam_policy_document),
the session data sources, and Unknown for the rest."""

from __future__ import annotations

import json
import textwrap
import zlib
from pathlib import Path
from typing import Any

import pytest

from driftctl.core.model import Unknown
from driftctl.errors import DriftctlError
from tests.declared.hcl.hcltest import evaluate, load, resource


def policy(tmp_path: Path, body: str, attribute: str = "json") -> Any:
    preamble = f'data "aws_iam_policy_document" "p" {{\n{textwrap.dedent(body)}\n}}'
    return evaluate(tmp_path, f"data.aws_iam_policy_document.p.{attribute}", preamble)


def test_statement_lists_are_sets_single_elements_collapse_and_sid_is_kept(
    tmp_path: Path,
) -> None:
    body = """
    statement {
      sid       = "Read"
      actions   = ["s3:GetObject", "s3:ListBucket", "s3:GetObject"]
      resources = ["arn:aws:s3:::b/*"]
    }
    """
    assert policy(tmp_path, body) == textwrap.dedent(
        """\
        {
          "Version": "2012-10-17",
          "Statement": [
            {
              "Sid": "Read",
              "Effect": "Allow",
              "Action": [
                "s3:ListBucket",
                "s3:GetObject"
              ],
              "Resource": "arn:aws:s3:::b/*"
            }
          ]
        }"""
    )


def test_trust_policy_with_a_service_principal_and_no_sid(tmp_path: Path) -> None:
    body = """
    statement {
      actions = ["sts:AssumeRole"]
      principals {
        type        = "Service"
        identifiers = ["ec2.amazonaws.com"]
      }
    }
    """
    expected = (
        '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"sts:AssumeRole",'
        '"Principal":{"Service":"ec2.amazonaws.com"}}]}'
    )
    assert policy(tmp_path, body, "minified_json") == expected
    pretty = policy(tmp_path, body)
    assert json.loads(pretty) == json.loads(expected)
    assert policy(tmp_path, body, "id") == str(zlib.crc32(pretty.encode()))


def test_principals_conditions_not_elements_and_policy_variables(tmp_path: Path) -> None:
    body = """
    version   = "2012-10-17"
    policy_id = "example"
    statement {
      effect        = "Deny"
      not_actions   = ["s3:*"]
      not_resources = ["arn:aws:s3:::home/&{aws:username}/*"]
      principals {
        type        = "AWS"
        identifiers = ["arn:aws:iam::111122223333:root", "arn:aws:iam::444455556666:root"]
      }
      principals {
        type        = "AWS"
        identifiers = ["arn:aws:iam::777788889999:root"]
      }
      condition {
        test     = "StringLike"
        variable = "s3:prefix"
        values   = ["", "home/", "home/&{aws:username}/"]
      }
      condition {
        test     = "Bool"
        variable = "aws:SecureTransport"
        values   = [false]
      }
    }
    statement {
      actions = ["s3:ListBucket"]
      principals {
        type        = "*"
        identifiers = ["*"]
      }
    }
    """
    assert json.loads(policy(tmp_path, body, "minified_json")) == {
        "Version": "2012-10-17",
        "Id": "example",
        "Statement": [
            {
                "Effect": "Deny",
                "NotAction": "s3:*",
                "NotResource": "arn:aws:s3:::home/${aws:username}/*",
                "Principal": {
                    "AWS": [
                        "arn:aws:iam::444455556666:root",
                        "arn:aws:iam::111122223333:root",
                        "arn:aws:iam::777788889999:root",
                    ]
                },
                "Condition": {
                    "Bool": {"aws:SecureTransport": "false"},
                    "StringLike": {"s3:prefix": ["", "home/", "home/${aws:username}/"]},
                },
            },
            {"Effect": "Allow", "Action": "s3:ListBucket", "Principal": "*"},
        ],
    }


def test_source_and_override_documents_merge_by_sid(tmp_path: Path) -> None:
    # data-sources/iam_policy_document: "Example of Merging Source Documents" and
    # "Example of Merging Override Documents"
    preamble = """
    locals {
      source = jsonencode({
        Version = "2012-10-17"
        Statement = [
          { Sid = "SidToOverride", Effect = "Allow", Action = "s3:*", Resource = "*" },
          { Sid = "Keep", Effect = "Allow", Action = ["ec2:B", "ec2:A"], Resource = "*" },
        ]
      })
      override = jsonencode({
        Statement = [
          { Sid = "SidToOverride", Effect = "Deny", Action = "s3:*", Resource = "*",
            Principal = { AWS = ["b", "a"] } },
        ]
      })
    }
    data "aws_iam_policy_document" "p" {
      source_policy_documents   = [local.source]
      override_policy_documents = [local.override]
      statement {
        sid       = "SidToOverride"
        actions   = ["s3:GetObject"]
        resources = ["*"]
      }
      statement {
        actions   = ["sqs:SendMessage"]
        resources = ["*"]
      }
    }
    """
    value = evaluate(tmp_path, "data.aws_iam_policy_document.p.minified_json", preamble)
    assert json.loads(value) == {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Sid": "SidToOverride",
                "Effect": "Deny",
                "Action": "s3:*",
                "Resource": "*",
                "Principal": {"AWS": ["b", "a"]},
            },
            {"Sid": "Keep", "Effect": "Allow", "Action": ["ec2:B", "ec2:A"], "Resource": "*"},
            {"Effect": "Allow", "Action": "sqs:SendMessage", "Resource": "*"},
        ],
    }


def test_duplicate_sids_are_errors(tmp_path: Path) -> None:
    body = 'statement {\n  sid = "A"\n}\nstatement {\n  sid = "A"\n}\n'
    with pytest.raises(DriftctlError, match=r"duplicate Sid \(A\)"):
        policy(tmp_path, body)


def test_unknown_input_makes_the_document_unknown(tmp_path: Path) -> None:
    preamble = (
        'resource "aws_s3_bucket" "b" {}\n'
        'data "aws_iam_policy_document" "p" {\n'
        "  statement {\n    resources = [aws_s3_bucket.b.arn]\n  }\n}\n"
    )
    value = evaluate(tmp_path, "data.aws_iam_policy_document.p.json", preamble)
    assert value == Unknown("aws_s3_bucket.b.arn is known after apply")


# ---------------------------------------------------------------------------- session

SESSION = """
data "aws_caller_identity" "me" {}
data "aws_region" "here" {}
data "aws_partition" "p" {}
"""
EXPRESSION = (
    '"arn:${data.aws_partition.p.partition}:iam::${data.aws_caller_identity.me.account_id}'
    ':role/${data.aws_region.here.name}/${data.aws_partition.p.dns_suffix}"'
)


def test_session_data_sources_are_unknown_when_rendering(tmp_path: Path) -> None:
    value = evaluate(tmp_path, EXPRESSION, SESSION)
    assert value == Unknown(
        "data.aws_partition.p.partition is read from the AWS session (known when scanning)"
    )


def test_session_data_sources_come_from_the_scan_context(tmp_path: Path) -> None:
    context = {"account_id": "123456789012", "region": "eu-west-1", "partition": "aws-cn"}
    value = evaluate(tmp_path, EXPRESSION, SESSION, context=context)
    assert value == "arn:aws-cn:iam::123456789012:role/eu-west-1/amazonaws.com.cn"


def test_region_of_a_provider_that_sets_one_is_known_without_a_session(tmp_path: Path) -> None:
    preamble = (
        'provider "aws" {\n  region = "ap-south-1"\n}\n'
        'provider "aws" {\n  alias = "us"\n  region = "us-east-2"\n}\n'
        'data "aws_region" "a" {}\n'
        'data "aws_region" "b" {\n  provider = aws.us\n}\n'
    )
    value = evaluate(tmp_path, "[data.aws_region.a.name, data.aws_region.b.id]", preamble)
    assert value == ["ap-south-1", "us-east-2"]


def test_other_data_sources_know_their_arguments_but_not_what_they_read(tmp_path: Path) -> None:
    preamble = 'data "aws_vpc" "main" {\n  tags = { Name = "main" }\n}'
    assert evaluate(tmp_path, "data.aws_vpc.main.tags.Name", preamble) == "main"
    assert evaluate(tmp_path, "data.aws_vpc.main.id", preamble) == Unknown(
        "data.aws_vpc.main.id is read from AWS when terraform plans"
    )


def test_aws_region_with_a_null_region_argument_is_the_provider_region(tmp_path: Path) -> None:
    # terraform-aws-modules/vpc's flow-log module: region = var.region (null by default)
    text = (
        'provider "aws" {\n  region = "eu-west-1"\n}\n'
        'variable "region" {\n  type = string\n  default = null\n}\n'
        'data "aws_region" "current" {\n  region = var.region\n}\n'
        'resource "aws_s3_bucket" "b" {\n  bucket = "b-${data.aws_region.current.region}"\n}\n'
    )
    declared = load(tmp_path, {"main.tf": text})
    assert resource(declared, "aws_s3_bucket.b").attrs["bucket"] == "b-eu-west-1"
