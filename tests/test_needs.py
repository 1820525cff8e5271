"""A scan reads only the types it needs (driftctl/engine/needs.py), and reports them as a scan of
everything does: --filter on Type, --ignore/.driftignore of whole types, --only-managed,
the Python API's `types`, closed over what the declared resources refer to."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl import api, settings
from driftctl.core.model import Ref, Resource
from driftctl.engine import needs, pipeline, selection
from driftctl.errors import DriftctlError
from driftctl.resources.registry import SCANS, TYPES
from driftctl.rules import driftignore
from driftctl.rules import policy as rules

REGION = "us-east-1"
S3_TYPES = {name for name, t in TYPES.items() if t.scan == "s3_buckets"}

HCL = """\
resource "aws_s3_bucket" "kept" {
  bucket = "kept"
  tags   = { Env = "prod" }
}

resource "aws_iam_role" "app" {
  name               = "app"
  assume_role_policy = jsonencode({ Version = "2012-10-17", Statement = [] })
  tags               = { Env = "prod" }
}

resource "aws_sqs_queue" "jobs" {
  name = "jobs"
  tags = { Env = "prod" }
}
"""


# -- which types a --filter can keep -------------------------------------------------------


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("Type=='aws_s3_bucket'", {"aws_s3_bucket"}),
        ("'aws_s3_bucket'==Type", {"aws_s3_bucket"}),
        ("Type=='aws_s3_bucket' || Type=='aws_sqs_queue'", {"aws_s3_bucket", "aws_sqs_queue"}),
        ("Type=='aws_s3_bucket' && Id=='kept'", {"aws_s3_bucket"}),
        ("Id=='kept' && Type=='aws_s3_bucket'", {"aws_s3_bucket"}),
        ("starts_with(Type, 'aws_s3_')", S3_TYPES),
        ("ends_with(Type, '_queue')", {"aws_sqs_queue"}),
        ("Type=='aws_nothing'", set()),
        ("Type!='aws_s3_bucket'", set(TYPES) - {"aws_s3_bucket"}),
    ],
)
def test_a_filter_on_type_names_the_types_it_can_keep(expression: str, expected: set[str]) -> None:
    assert selection.filter_types(expression, TYPES) == expected


@pytest.mark.parametrize(
    "expression",
    [
        None,
        "Id=='kept'",
        "!(Type=='aws_s3_bucket')",  # a negation: not proven
        "Type=='aws_s3_bucket' || Id=='kept'",  # either side may keep any type
        "Attr.tags.Env=='prod'",
        "Type",
        "Type==`1`",
        "starts_with('aws_s3_', Type)",
    ],
)
def test_a_filter_that_does_not_prove_a_type_set_keeps_every_type(expression: str) -> None:
    assert selection.filter_types(expression, TYPES) is None


# -- which types a .driftignore ignores whole -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("aws_sqs_queue\n", {"aws_sqs_queue"}),
        ("aws_sqs_queue.*\n", {"aws_sqs_queue"}),
        ("aws_sqs_*\n", {"aws_sqs_queue", "aws_sqs_queue_policy"}),
        ("aws_sqs_queue.jobs\n", set()),  # one resource, not the type
        ("aws_sqs_queue\n!aws_sqs_queue.jobs\n", set()),  # a later exception
        ("aws_sqs_*\n!aws_sqs_queue.jobs\n", {"aws_sqs_queue_policy"}),
        ("!aws_sqs_queue.jobs\naws_sqs_queue\n", {"aws_sqs_queue"}),  # the last line wins
        ("aws_sqs_queue\n!*\n", set()),
        ("aws_sqs_que?e\n", set()),  # not a plain prefix: not proven
        ("aws_s3_bucket.*.tags\n", set()),  # one attribute
    ],
)
def test_a_driftignore_names_the_types_it_ignores_whole(text: str, expected: set[str]) -> None:
    assert driftignore.parse("t", text).ignored_types(TYPES) == expected


# -- the closure --------------------------------------------------------------------------------


def _r(rtype: str, address: str, **attrs: object) -> Resource:
    return Resource(rtype, None, address, dict(attrs))


def test_a_type_is_read_with_the_types_its_declarations_refer_to_and_its_parent() -> None:
    declared = [
        _r("aws_subnet", "aws_subnet.a", vpc_id=Ref("aws_vpc.main", ("id",))),
        _r("aws_vpc", "aws_vpc.main"),
        _r("aws_lambda_permission", "aws_lambda_permission.p"),
    ]
    got = needs.closed({"aws_subnet", "aws_lambda_permission"}, declared)
    assert got is not None
    assert {"aws_subnet", "aws_vpc", "aws_lambda_permission", "aws_lambda_function"} <= got
    assert "aws_sqs_queue" not in got
    # a scan serves all the types it reads
    assert needs.closed({"aws_s3_bucket"}, []) == S3_TYPES
    assert needs.closed(set(TYPES), []) is None


def test_unknown_types_are_an_error_naming_the_first() -> None:
    with pytest.raises(DriftctlError, match="aws_nope is not a resource type"):
        selection.check_types(["aws_s3_bucket", "aws_nope"])


# -- a narrowed scan reports what a scan of everything does -----------------------------------


def _account(tmp_path: Path) -> Path:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="kept")
    s3.put_bucket_tagging(Bucket="kept", Tagging={"TagSet": [{"Key": "Env", "Value": "dev"}]})
    s3.create_bucket(Bucket="stray")  # unmanaged
    iam = boto3.client("iam", region_name=REGION)
    iam.create_role(RoleName="app", AssumeRolePolicyDocument=json.dumps({"Statement": []}))
    sqs = boto3.client("sqs", region_name=REGION)
    sqs.create_queue(QueueName="stray-queue")  # unmanaged; "jobs" is missing
    (tmp_path / "main.tf").write_text(HCL)
    return tmp_path


def _both(
    tmp_path: Path, **flags: Any
) -> tuple[dict[str, object], dict[str, object], pipeline.LiveRun]:
    """(narrowed report, report of a scan of everything, the narrowed run), as JSON."""
    conf = settings.build(
        settings.Options(sources=[f"hcl://{tmp_path}"], regions=[REGION], **flags)
    )
    policy = rules.policy_for(conf)

    def report(narrow: bool) -> tuple[dict[str, object], pipeline.LiveRun]:
        declared = pipeline.load_declared(conf)
        types = needs.needed(conf, declared, policy.ignore) if narrow else None
        run = pipeline.load_live(conf, types=types)
        decided = rules.apply(policy, pipeline.scan_report(declared, run, conf.selection))
        out: dict[str, object] = selection.only_kinds(decided, conf.selection.kinds).to_json()
        return out, run

    narrowed, run = report(True)
    return narrowed, report(False)[0], run


def _calls(run: pipeline.LiveRun) -> set[str]:
    """The services the run called, but STS (the identity call every scan makes)."""
    assert run.counter is not None
    return {op.split(":")[0] for op, n in run.counter.calls.items() if n} - {"sts"}


def test_a_filter_on_type_reads_only_its_scan_and_reports_byte_for_byte(
    aws: None, tmp_path: Path
) -> None:
    narrowed, full, run = _both(_account(tmp_path), filter="Type=='aws_s3_bucket'")
    assert _calls(run) == {"s3"}
    assert run.types == S3_TYPES
    assert json.dumps(narrowed, sort_keys=True) == json.dumps(full, sort_keys=True)
    kinds = sorted((d["kind"], d["id"]) for d in narrowed["drifts"])  # type: ignore[attr-defined]
    assert kinds == [("changed", "kept"), ("unmanaged", "stray")]


def test_ignored_types_are_not_read_and_the_other_drifts_are_the_same(
    aws: None, tmp_path: Path
) -> None:
    narrowed, full, run = _both(_account(tmp_path), ignore=["aws_iam_*", "aws_sqs_*"])
    assert _calls(run) >= {"s3"}
    assert not _calls(run) & {"iam", "sqs"}
    assert narrowed["drifts"] == full["drifts"]
    assert {d["type"] for d in narrowed["drifts"]} == {"aws_s3_bucket"}  # type: ignore[attr-defined]


def test_only_managed_reads_the_declared_types_only(aws: None, tmp_path: Path) -> None:
    narrowed, full, run = _both(_account(tmp_path), only_managed=True)
    assert _calls(run) == {"s3", "iam", "sqs"}
    assert narrowed["drifts"] == full["drifts"]
    kinds = {(d["kind"], d["type"]) for d in narrowed["drifts"]}  # type: ignore[attr-defined]
    assert {("changed", "aws_s3_bucket"), ("missing", "aws_sqs_queue")} <= kinds
    assert {kind for kind, _ in kinds} == {"changed", "missing"}


def test_the_api_takes_the_types_a_scan_needs(aws: None, tmp_path: Path) -> None:
    _account(tmp_path)
    report = api.scan(tmp_path, region=REGION, types=["aws_sqs_queue"])
    assert sorted((d.kind, d.type) for d in report.drifts) == [
        ("missing", "aws_sqs_queue"),
        ("unmanaged", "aws_sqs_queue"),
    ]
    with pytest.raises(DriftctlError, match="aws_nope"):
        api.scan(tmp_path, region=REGION, types=["aws_nope"])


def test_every_scan_serves_a_type() -> None:
    assert {t.scan for t in TYPES.values()} == set(SCANS)


SUBNET_HCL = """\
resource "aws_vpc" "main" {
  cidr_block = "10.1.0.0/16"
}

resource "aws_subnet" "a" {
  vpc_id     = aws_vpc.main.id
  cidr_block = "10.1.1.0/24"
  tags       = { Name = "a" }
}
"""


def test_a_filtered_type_is_read_with_the_types_its_declarations_refer_to(
    aws: None, tmp_path: Path
) -> None:
    ec2 = boto3.client("ec2", region_name=REGION)
    vpc = ec2.create_vpc(CidrBlock="10.1.0.0/16")["Vpc"]["VpcId"]
    subnet = ec2.create_subnet(VpcId=vpc, CidrBlock="10.1.1.0/24")["Subnet"]["SubnetId"]
    ec2.create_tags(Resources=[subnet], Tags=[{"Key": "Name", "Value": "b"}])
    (tmp_path / "main.tf").write_text(SUBNET_HCL)
    narrowed, full, run = _both(tmp_path, filter="Type=='aws_subnet'")
    assert run.types is not None and {"aws_subnet", "aws_vpc"} <= run.types
    assert json.dumps(narrowed, sort_keys=True) == json.dumps(full, sort_keys=True)
    assert [(d["kind"], d["id"]) for d in narrowed["drifts"]] == [("changed", subnet)]  # type: ignore[attr-defined]
