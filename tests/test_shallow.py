"""The detail calls of resources nothing declares are skipped (driftctl/engine/needs.py
`shallow`), and the report is the same: drifts, ids, types, kinds, changed attributes."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl import api, settings
from driftctl.aws.canonical import Declared
from driftctl.core.model import Resource
from driftctl.engine import needs
from driftctl.resources.registry import SCANS

REGION = "us-east-1"
POLICY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Deny", "Principal": "*", "Action": "s3:*", "Resource": "*"}],
}

HCL = """\
resource "aws_s3_bucket" "kept" {
  bucket = "kept"
  tags   = { Env = "prod" }
}

resource "aws_s3_bucket_versioning" "kept" {
  bucket = "kept"
  versioning_configuration { status = "Enabled" }
}

resource "aws_s3_bucket_policy" "half" {
  bucket = "half"
  policy = jsonencode({ Version = "2012-10-17", Statement = [] })
}

resource "aws_sqs_queue" "jobs" {
  name                       = "jobs"
  visibility_timeout_seconds = 30
}

resource "aws_iam_role" "app" {
  name               = "app"
  assume_role_policy = jsonencode({ Version = "2012-10-17", Statement = [] })
}
"""


def _stack() -> None:
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("kept", "half", "loose", "stray"):
        s3.create_bucket(Bucket=name)
    s3.put_bucket_tagging(Bucket="kept", Tagging={"TagSet": [{"Key": "Env", "Value": "dev"}]})
    s3.put_bucket_tagging(Bucket="loose", Tagging={"TagSet": [{"Key": "Env", "Value": "x"}]})
    # kept's versioning is off: a drift; half's policy differs from its declaration
    for name in ("half", "loose"):
        s3.put_bucket_policy(Bucket=name, Policy=json.dumps(POLICY))
    s3.put_bucket_versioning(Bucket="loose", VersioningConfiguration={"Status": "Enabled"})
    sqs = boto3.client("sqs", region_name=REGION)
    sqs.create_queue(QueueName="jobs", Attributes={"VisibilityTimeout": "60"})
    sqs.create_queue(QueueName="spare", Attributes={"Policy": json.dumps(POLICY)})
    iam = boto3.client("iam", region_name=REGION)
    for name in ("app", "other"):
        iam.create_role(RoleName=name, AssumeRolePolicyDocument=json.dumps(POLICY), Path="/")


def _scan(tmp_path: Path, **kwargs: Any) -> tuple[list[Any], Counter[str]]:
    session = boto3.Session(region_name=REGION)
    calls: Counter[str] = Counter()

    def count(model: Any, **_: Any) -> None:
        calls[model.name] += 1

    session.events.register("before-call", count)
    report = api.scan(
        tmp_path,
        session=session,
        region=REGION,
        types=["aws_s3_bucket", "aws_sqs_queue", "aws_iam_role"],
        **kwargs,
    )
    drifts = sorted(
        (
            d.kind,
            d.type,
            d.id or "",
            tuple(sorted(c.path for c in d.changes)),
            tuple(sorted(d.tags.items())),
        )
        for d in report.drifts
    )
    return drifts, calls


@pytest.mark.usefixtures("aws")
def test_skipping_the_unmanaged_details_reports_the_same_drifts_with_fewer_calls(
    tmp_path: Path,
) -> None:
    _stack()
    shallow, few = _scan(tmp_path)
    deep, many = _scan(tmp_path, deep_unmanaged=True)
    assert shallow == deep
    kinds = {(kind, rtype, rid) for kind, rtype, rid, _, _ in deep}
    assert ("unmanaged", "aws_s3_bucket", "loose") in kinds  # found, with its tags
    assert ("changed", "aws_s3_bucket_policy", "half") in kinds  # a declared child's parent
    # loose and stray: one read per bucket setting each (all but the tagging detail); the
    # queues keep theirs, as the declared queue (HCL, no state) has no id before it is
    # matched by name
    settings_read = len(SCANS["s3_buckets"].details) - 1
    assert sum(many.values()) - sum(few.values()) == 2 * settings_read
    assert few["GetBucketPolicy"] == 2 and many["GetBucketPolicy"] == 4
    assert few["GetBucketTagging"] == many["GetBucketTagging"] == 4


@pytest.mark.usefixtures("aws")
def test_strict_reads_the_unmanaged_settings(tmp_path: Path) -> None:
    _stack()
    _, deep = _scan(tmp_path, deep_unmanaged=True)
    _, strict = _scan(tmp_path, strict=True)
    assert strict["GetBucketPolicy"] == deep["GetBucketPolicy"] == 4


BUCKETS = SCANS["s3_buckets"]


@pytest.fixture(autouse=True)
def _in_a_stack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "main.tf").write_text(HCL)
    monkeypatch.chdir(tmp_path)


def _details_for(conf: settings.Settings, declared: list[Resource], name: str) -> list[str]:
    (spec,) = needs.shallow([BUCKETS], conf, Declared(declared))
    item = {"Name": name}
    return [d.key for d in spec.details if d.when is None or d.when(item)]


@pytest.mark.parametrize(
    "options",
    [
        settings.Options(deep_unmanaged=True),
        settings.Options(strict=True),
        settings.Options(filter="Attr.tags.Env=='prod'"),
        settings.Options(save_live=Path("live.json")),
    ],
)
def test_the_unmanaged_details_are_read_when_asked_or_when_they_may_count(
    options: settings.Options,
) -> None:
    conf = settings.build(options)
    assert len(_details_for(conf, [], "stray")) == len(BUCKETS.details)


def test_an_undeclared_bucket_keeps_its_tags_call_and_a_declared_one_every_call() -> None:
    conf = settings.build(settings.Options())
    policy = Resource("aws_s3_bucket_policy", "half", "aws_s3_bucket_policy.p", {"bucket": "half"})
    assert _details_for(conf, [policy], "stray") == ["tagging"]
    assert len(_details_for(conf, [policy], "half")) == len(BUCKETS.details)
    unknown = Resource("aws_s3_bucket", None, "aws_s3_bucket.p", {"bucket_prefix": "p-"})
    assert len(_details_for(conf, [unknown], "stray")) == len(BUCKETS.details)


def test_a_declared_parent_of_another_scan_has_its_children_read() -> None:
    """An API's routes are read where the API is declared, no route of it being declared
    (the routes are reported under a managed API); not for an API nothing declares."""
    conf = settings.build(settings.Options())
    routes = SCANS["apigatewayv2_routes"]
    declared = Resource("aws_apigatewayv2_api", "abc123", "aws_apigatewayv2_api.web", {})
    (spec,) = needs.shallow([routes], conf, Declared([declared]))
    (detail,) = spec.details
    assert detail.when is not None
    assert detail.when({"ApiId": "abc123"})
    assert not detail.when({"ApiId": "stray"})
