"""Golden tests: codifying a drift edits exactly the bytes of the literal that wrote the
value (comments and formatting elsewhere kept), and the result re-renders to the live value."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from driftctl.aws.canonical import Declared, canonicalize
from driftctl.codify.base import Context, write_text
from driftctl.codify.plan import make_plan
from driftctl.core.model import Change, Drift, Resource
from driftctl.declared.hcl.load import load_hcl
from tests.codify.yamltest import crlf_patch

CASES: dict[str, dict[str, Any]] = {
    "odd-formatting-and-comments": {
        "files": {
            "main.tf": (
                "# buckets\n"
                'resource "aws_s3_bucket" "b" {\n'
                '  bucket="acme-b"   # keep me\n'
                '  tags = {Team="core"   # owner team\n'
                '     Zone    =    "raw"   /* odd */ }\n'
                "}\n"
            )
        },
        "drift": ("aws_s3_bucket", "aws_s3_bucket.b", [("tags.Zone", "raw", "analytics")]),
        "diff": (
            "--- a/main.tf\n+++ b/main.tf\n@@ -2,5 +2,5 @@\n"
            ' resource "aws_s3_bucket" "b" {\n'
            '   bucket="acme-b"   # keep me\n'
            '   tags = {Team="core"   # owner team\n'
            '-     Zone    =    "raw"   /* odd */ }\n'
            '+     Zone    =    "analytics"   /* odd */ }\n'
            " }\n"
        ),
    },
    "tfvars-entry": {
        "files": {
            "main.tf": (
                'variable "owner" {\n  type = string\n}\n\n'
                'resource "aws_s3_bucket" "b" {\n  bucket = "acme-b"\n'
                "  tags   = { Owner = var.owner }\n}\n"
            ),
            "terraform.tfvars": '# who pays\nowner = "alice" # finance asked\n',
        },
        "drift": ("aws_s3_bucket", "aws_s3_bucket.b", [("tags.Owner", "alice", "bob")]),
        "diff": (
            "--- a/terraform.tfvars\n+++ b/terraform.tfvars\n@@ -1,2 +1,2 @@\n"
            " # who pays\n"
            '-owner = "alice" # finance asked\n'
            '+owner = "bob" # finance asked\n'
        ),
    },
    "local-and-default": {
        "files": {
            "main.tf": (
                'variable "zone" {\n  default = "raw" # the default zone\n}\n\n'
                'locals {\n  team = "core"\n}\n\n'
                'resource "aws_s3_bucket" "b" {\n  bucket = "acme-b"\n'
                "  tags = {\n    Team = local.team\n    Zone = var.zone\n  }\n}\n"
            )
        },
        "drift": (
            "aws_s3_bucket",
            "aws_s3_bucket.b",
            [("tags.Team", "core", "platform"), ("tags.Zone", "raw", "gold")],
        ),
        "diff": (
            "--- a/main.tf\n+++ b/main.tf\n@@ -1,9 +1,9 @@\n"
            ' variable "zone" {\n'
            '-  default = "raw" # the default zone\n'
            '+  default = "gold" # the default zone\n'
            " }\n"
            " \n"
            " locals {\n"
            '-  team = "core"\n'
            '+  team = "platform"\n'
            " }\n"
            " \n"
            ' resource "aws_s3_bucket" "b" {\n'
        ),
    },
    "add-and-remove-tags": {
        "files": {
            "main.tf": (
                'resource "aws_s3_bucket" "b" {\n  bucket = "acme-b"\n  tags = {\n'
                '    Team = "core" # owners\n    Old  = "yes"\n  }\n}\n'
            )
        },
        "drift": (
            "aws_s3_bucket",
            "aws_s3_bucket.b",
            [("tags.CostCenter", None, "cc-42"), ("tags.Old", "yes", None)],
        ),
        "diff": (
            "--- a/main.tf\n+++ b/main.tf\n@@ -2,6 +2,6 @@\n"
            '   bucket = "acme-b"\n'
            "   tags = {\n"
            '     Team = "core" # owners\n'
            '-    Old  = "yes"\n'
            '+    CostCenter = "cc-42"\n'
            "   }\n"
            " }\n"
        ),
    },
    "heredoc-policy": {
        "files": {
            "iam.tf": (
                'resource "aws_iam_policy" "p" {\n  name   = "audit"\n'
                "  policy = <<EOF\n"
                '{"Version": "2012-10-17",\n'
                ' "Statement": [{"Effect": "Allow", "Action": "s3:GetObject", "Resource": "*"}]}\n'
                "EOF\n}\n"
            )
        },
        "drift": (
            "aws_iam_policy",
            "aws_iam_policy.p",
            [("policy.Statement[0].Action[1]", None, "s3:PutObject")],
        ),
        "live": {
            "policy": {
                "Version": "2012-10-17",
                "Statement": [
                    {
                        "Effect": "Allow",
                        "Action": ["s3:GetObject", "s3:PutObject"],
                        "Resource": ["*"],
                    }
                ],
            }
        },
        "diff": (
            "--- a/iam.tf\n+++ b/iam.tf\n@@ -1,7 +1,20 @@\n"
            ' resource "aws_iam_policy" "p" {\n'
            '   name   = "audit"\n'
            "   policy = <<EOF\n"
            '-{"Version": "2012-10-17",\n'
            '- "Statement": [{"Effect": "Allow", "Action": "s3:GetObject", "Resource": "*"}]}\n'
            "+{\n"
            '+  "Version": "2012-10-17",\n'
            '+  "Statement": [\n'
            "+    {\n"
            '+      "Effect": "Allow",\n'
            '+      "Action": [\n'
            '+        "s3:GetObject",\n'
            '+        "s3:PutObject"\n'
            "+      ],\n"
            '+      "Resource": [\n'
            '+        "*"\n'
            "+      ]\n"
            "+    }\n"
            "+  ]\n"
            "+}\n"
            " EOF\n"
            " }\n"
        ),
    },
    "jsonencode-policy": {
        "files": {
            "iam.tf": (
                'resource "aws_iam_policy" "p" {\n  name = "audit"\n'
                "  policy = jsonencode({\n"
                '    Version   = "2012-10-17"\n'
                '    Statement = [{ Effect = "Allow", Action = "s3:GetObject", Resource = "*" }]\n'
                "  })\n}\n"
            )
        },
        "drift": (
            "aws_iam_policy",
            "aws_iam_policy.p",
            [("policy.Statement[0].Action[1]", None, "s3:PutObject")],
        ),
        "live": {
            "policy": {
                "Version": "2012-10-17",
                "Statement": [
                    {
                        "Effect": "Allow",
                        "Action": ["s3:GetObject", "s3:PutObject"],
                        "Resource": ["*"],
                    }
                ],
            }
        },
        "diff": (
            "--- a/iam.tf\n+++ b/iam.tf\n@@ -2,6 +2,12 @@\n"
            '   name = "audit"\n'
            "   policy = jsonencode({\n"
            '     Version   = "2012-10-17"\n'
            '-    Statement = [{ Effect = "Allow", Action = "s3:GetObject", Resource = "*" }]\n'
            "+    Statement = [\n"
            "+      {\n"
            '+        Effect   = "Allow"\n'
            '+        Action   = ["s3:GetObject", "s3:PutObject"]\n'
            '+        Resource = ["*"]\n'
            "+      },\n"
            "+    ]\n"
            "   })\n"
            " }\n"
        ),
    },
}

HUMAN_CASES: dict[str, dict[str, Any]] = {
    "interpolation": {
        "files": {
            "main.tf": (
                'variable "env" {\n  default = "prod"\n}\n'
                'resource "aws_s3_bucket" "b" {\n  bucket = "acme-b"\n'
                '  tags = { Name = "${var.env}-b" }\n}\n'
            )
        },
        "drift": ("aws_s3_bucket", "aws_s3_bucket.b", [("tags.Name", "prod-b", "prod-bucket")]),
        "where": "main.tf:6",
        "reason": "set by an expression driftctl does not edit",
    },
    "shared-by-for-each": {
        "files": {
            "main.tf": (
                'resource "aws_s3_bucket" "b" {\n  for_each = toset(["x", "y"])\n'
                '  bucket   = "acme-${each.key}"\n  tags     = { Zone = "raw" }\n}\n'
            )
        },
        "drift": ("aws_s3_bucket", 'aws_s3_bucket.b["x"]', [("tags.Zone", "raw", "gold")]),
        "where": "main.tf:4",
        "reason": 'the value is shared with aws_s3_bucket.b["y"]',
    },
}


def _setup(
    tmp_path: Path, case: dict[str, Any], newline: str = "\n"
) -> tuple[Declared, Drift, Context]:
    for name, text in case["files"].items():
        (tmp_path / name).write_bytes(text.replace("\n", newline).encode())
    declared = canonicalize(load_hcl(tmp_path))
    rtype, address, changes = case["drift"]
    res = next(r for r in declared.resources if r.address == address and r.type == rtype)
    drift = Drift(
        "changed",
        rtype,
        "live-id",
        address,
        res.source,
        tuple(Change(p, e, a) for p, e, a in changes),
        action="pr",
    )
    live = {(rtype, "live-id"): Resource(rtype, "live-id", None, case.get("live", {}))}
    return declared, drift, Context(tmp_path, declared, live, {})


def _at(attrs: Any, path: str) -> Any:
    import re

    value = attrs
    for step in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        if step.startswith("["):
            index = int(step[1:-1])
            value = value[index] if isinstance(value, list) and index < len(value) else None
        else:
            value = value.get(step) if isinstance(value, dict) else None
    return value


@pytest.mark.parametrize("name", sorted(CASES))
def test_codify_writes_exactly_the_expected_patch(tmp_path: Path, name: str) -> None:
    case = CASES[name]
    _, drift, ctx = _setup(tmp_path, case)
    plan = make_plan([drift], ctx)
    assert plan.humans == []
    assert plan.diff == case["diff"]
    untouched = {f: t for f, t in case["files"].items() if f not in plan.changed_files}
    for file in plan.changed_files:
        (tmp_path / file).write_text(plan.files[file][1])
    again = canonicalize(load_hcl(tmp_path))
    res = next(r for r in again.resources if r.address == drift.address and r.type == drift.type)
    for change in drift.changes:
        assert _at(res.attrs, change.path) == change.actual, change.path
    for file, text in untouched.items():
        assert (tmp_path / file).read_text() == text


@pytest.mark.parametrize("name", sorted(HUMAN_CASES))
def test_values_not_written_as_a_lone_literal_need_a_human(tmp_path: Path, name: str) -> None:
    case = HUMAN_CASES[name]
    _, drift, ctx = _setup(tmp_path, case)
    plan = make_plan([drift], ctx)
    assert plan.files == {} and plan.codified == []
    [human] = plan.humans
    assert human.where == case["where"]
    assert human.reason.startswith(case["reason"])
    assert human.live == drift.changes[0].actual


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_crlf_file_gets_the_same_minimal_patch(tmp_path: Path, name: str) -> None:
    """Files with CRLF line endings: the same bytes change, new lines end in CRLF too,
    and what is written back keeps every other line's CRLF."""
    case = CASES[name]
    _, drift, ctx = _setup(tmp_path, case, "\r\n")
    plan = make_plan([drift], ctx)
    assert plan.humans == []
    assert plan.diff == crlf_patch(case["diff"])
    for file in plan.changed_files:
        after = plan.files[file][1]
        assert after.count("\n") == after.count("\r\n")
        write_text(tmp_path / file, after)
    again = canonicalize(load_hcl(tmp_path))
    res = next(r for r in again.resources if r.address == drift.address and r.type == drift.type)
    for change in drift.changes:
        assert _at(res.attrs, change.path) == change.actual, change.path


def test_new_resources_whose_ids_make_one_name_get_two(tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text('resource "aws_s3_bucket" "b" {\n  bucket = "acme-b"\n}\n')
    declared = canonicalize(load_hcl(tmp_path))
    ids = ["acme-logs", "acme.logs"]
    found = [Drift("unmanaged", "aws_s3_bucket", i, None, None, action="pr") for i in ids]
    live = {("aws_s3_bucket", i): Resource("aws_s3_bucket", i, None, {"bucket": i}) for i in ids}
    plan = make_plan(found, Context(tmp_path, declared, live, {}))
    assert plan.humans == []
    text = plan.files["driftctl_imported.tf"][1]
    assert 'resource "aws_s3_bucket" "acme_logs" {' in text
    assert 'resource "aws_s3_bucket" "acme_logs_2" {' in text
    (tmp_path / "driftctl_imported.tf").write_text(text)
    again = canonicalize(load_hcl(tmp_path))
    assert sorted(r.id for r in again.resources if r.id in ids) == ids


def test_a_value_built_from_bound_references_is_left_to_a_person(tmp_path: Path) -> None:
    """A policy naming aws_s3_bucket.b.arn drifted: writing the live document back would
    turn the reference into a literal ARN, so the pull request lists it for a person."""
    (tmp_path / "main.tf").write_text(
        'resource "aws_s3_bucket" "b" {\n  bucket = "acme-b"\n}\n'
        'resource "aws_s3_bucket_policy" "b" {\n  bucket = aws_s3_bucket.b.id\n'
        '  policy = jsonencode({ Statement = [{ Effect = "Deny", Principal = "*",\n'
        '    Action = "s3:*", Resource = "${aws_s3_bucket.b.arn}/*" }] })\n}\n'
    )
    declared = canonicalize(load_hcl(tmp_path))
    res = next(r for r in declared.resources if r.type == "aws_s3_bucket_policy")
    arn = {"aws_s3_bucket.b.arn": "arn:aws:s3:::acme-b"}
    change = Change("policy.Statement[0].Effect", "Deny", "Allow", bound=arn)
    drift = Drift("changed", res.type, "acme-b", res.address, res.source, (change,), action="pr")
    live = {(res.type, "acme-b"): Resource(res.type, "acme-b", None, {"policy": {}})}
    plan = make_plan([drift], Context(tmp_path, declared, live, {}))
    assert plan.files == {} and plan.codified == []
    [human] = plan.humans
    assert human.reason == (
        "the declared value is built from aws_s3_bucket.b.arn, known only after apply: "
        "change the expression by hand"
    )
