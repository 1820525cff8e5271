"""A watch reads only what an event touched (Watched._narrow, family.ReadAttrs): the same
report as a read of the whole unit, for fewer calls.

Two watches of the same declared bucket and role (moto, in process) take the same
CloudTrail event after each change by hand: one reads narrowly, the other is made to read
every unit whole. Their drifts must be equal after every event, and the narrow one must
make fewer calls wherever it narrowed.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl import settings
from driftctl.revert.readers import Reader
from driftctl.rules import policy as rules
from driftctl.watch.events import envelope, parse_message
from driftctl.watch.start import start
from driftctl.watch.state import Watched

ACCOUNT = "123456789012"
TRUST = json.dumps(
    {
        "Version": "2012-10-17",
        "Statement": [
            {"Effect": "Allow", "Principal": {"AWS": ACCOUNT}, "Action": "sts:AssumeRole"}
        ],
    }
)
BOUNDARY = f"arn:aws:iam::{ACCOUNT}:policy/boundary"
MAIN_TF = f"""
resource "aws_s3_bucket" "b" {{
  bucket = "watched"
  tags   = {{ env = "prod" }}
}}
resource "aws_iam_role" "r" {{
  name                 = "app"
  description          = "the app"
  assume_role_policy   = {json.dumps(TRUST)}
  permissions_boundary = "{BOUNDARY}"
  tags                 = {{ team = "core" }}
}}
"""


def _event(source: str, name: str, params: dict[str, Any]) -> Any:
    record = {
        "eventVersion": "1.09",
        "userIdentity": {"type": "IAMUser", "arn": f"arn:aws:iam::{ACCOUNT}:user/alice"},
        "eventTime": "2026-11-28T12:00:00Z",
        "eventSource": f"{source}.amazonaws.com",
        "eventName": name,
        "awsRegion": "us-east-1",
        "requestParameters": params,
        "eventID": str(uuid.uuid4()),
        "recipientAccountId": ACCOUNT,
    }
    event = parse_message(json.dumps(envelope(record)))
    assert event is not None
    return event


def _drifts(watched: Watched) -> list[dict[str, Any]]:
    return sorted((d.to_json() for d in watched.known.values()), key=json.dumps)


def _changes(s3: Any, iam: Any) -> list[tuple[str, str, dict[str, Any], Callable[[], Any]]]:
    """(service, event name, request parameters, the change by hand), in order."""
    bucket, role = {"bucketName": "watched"}, {"roleName": "app"}
    tagging = {"TagSet": [{"Key": "env", "Value": "dev"}]}
    return [
        (
            "s3",
            "PutBucketTagging",
            bucket,
            lambda: s3.put_bucket_tagging(Bucket="watched", Tagging=tagging),
        ),
        ("s3", "DeleteBucketTagging", bucket, lambda: s3.delete_bucket_tagging(Bucket="watched")),
        (
            "iam",
            "TagRole",
            role,
            lambda: iam.tag_role(RoleName="app", Tags=[{"Key": "x", "Value": "1"}]),
        ),
        ("iam", "UntagRole", role, lambda: iam.untag_role(RoleName="app", TagKeys=["team", "x"])),
        (
            "iam",
            "UpdateRole",
            role,
            lambda: iam.update_role(RoleName="app", Description="changed", MaxSessionDuration=7200),
        ),
        (
            "iam",
            "UpdateRoleDescription",
            role,
            lambda: iam.update_role_description(RoleName="app", Description="again"),
        ),
        (
            "iam",
            "DeleteRolePermissionsBoundary",
            role,
            lambda: iam.delete_role_permissions_boundary(RoleName="app"),
        ),
        (
            "iam",
            "PutRolePermissionsBoundary",
            role,
            lambda: iam.put_role_permissions_boundary(RoleName="app", PermissionsBoundary=BOUNDARY),
        ),
        (
            "iam",
            "UpdateAssumeRolePolicy",
            role,
            lambda: iam.update_assume_role_policy(
                RoleName="app", PolicyDocument=TRUST.replace(ACCOUNT, "111122223333")
            ),
        ),
    ]


@pytest.fixture
def world(aws: None, tmp_path: Path) -> tuple[Any, Any, Path]:
    s3 = boto3.client("s3", region_name="us-east-1")
    iam = boto3.client("iam", region_name="us-east-1")
    s3.create_bucket(Bucket="watched")
    s3.put_bucket_tagging(Bucket="watched", Tagging={"TagSet": [{"Key": "env", "Value": "prod"}]})
    iam.create_policy(
        PolicyName="boundary",
        PolicyDocument=json.dumps(
            {
                "Version": "2012-10-17",
                "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}],
            }
        ),
    )
    iam.create_role(
        RoleName="app",
        Description="the app",
        AssumeRolePolicyDocument=TRUST,
        PermissionsBoundary=BOUNDARY,
        Tags=[{"Key": "team", "Value": "core"}],
    )
    (tmp_path / "main.tf").write_text(MAIN_TF)
    return s3, iam, tmp_path


def _watch(where: Path) -> Watched:
    conf = settings.build(
        settings.Options(sources=[str(where)], types=["aws_s3_bucket", "aws_iam_role"], quiet=True)
    )
    queue_url = boto3.client("sqs", region_name="us-east-1").create_queue(QueueName="q")["QueueUrl"]
    return start(conf, rules.policy_for(conf), queue_url, lambda: 0.0)[1]


def test_a_narrow_read_reports_what_a_whole_read_does_for_fewer_calls(
    world: tuple[Any, Any, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    s3, iam, where = world
    narrow, whole = _watch(where), _watch(where)
    assert _drifts(narrow) == _drifts(whole) == []
    reads_attrs = Reader.attrs
    for service, name, params, change in _changes(s3, iam):
        change()
        event = _event(service, name, params)
        got = narrow.handle(event)
        with monkeypatch.context() as m:
            m.setattr(Reader, "attrs", lambda self, unit, touched: None)  # always whole
            full = whole.handle(event)
        assert _drifts(narrow) == _drifts(whole), name
        assert got.lines == full.lines, name
        if name == "UpdateAssumeRolePolicy":  # not read alone: the whole role
            assert got.calls == full.calls, name
        else:
            assert got.calls == 1 < full.calls, (name, got.calls, full.calls)
    assert Reader.attrs is reads_attrs
    # every change above drifted something: the comparison was not of empty reports
    kinds = {(d["type"], c["path"]) for d in _drifts(narrow) for c in d["changes"]}
    assert {("aws_s3_bucket", "tags.env"), ("aws_iam_role", "description")} <= kinds
