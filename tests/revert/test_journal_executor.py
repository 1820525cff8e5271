"""The journal is written before any change and appended call by call; the executor stops
at the first failure, names a denied permission, and honours its test hook."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import boto3
import botocore.exceptions
import pytest

from driftctl.aws.session import CallCounter, make_client_factory
from driftctl.base.calls import Call, Pending, Unit
from driftctl.core.model import Resource
from driftctl.errors import DriftctlError
from driftctl.revert import journal
from driftctl.revert.executor import Executor, permission, preflight
from driftctl.revert.journal import Entry, Journal


def factory() -> Any:
    return make_client_factory(boto3.Session(), None, CallCounter())


def book(tmp_path: Path, calls: list[Call]) -> Journal:
    unit = Unit("ec2_vpcs", "us-east-1", "vpc-1")
    before = [Resource("aws_vpc", "vpc-1", None, {"cidr_block": "10.0.0.0/16"}, region="us-east-1")]
    plan = {"steps": [{"calls": [c.to_json() for c in calls]}], "notes": []}
    return Journal.create(
        tmp_path / "j", {"command": "revert", "account": "1"}, [Entry(unit, before)], plan
    )


def make_vpc_calls() -> list[Call]:
    new = Pending("aws_security_group.web.id")
    return [
        Call("ec2", "create_vpc", {"CidrBlock": "10.9.0.0/16"}, "us-east-1", {"vpc": "Vpc.VpcId"}),
        Call(
            "ec2",
            "create_security_group",
            {"GroupName": "web", "Description": "d", "VpcId": Pending("vpc")},
            "us-east-1",
            {new.name: "GroupId"},
        ),
        Call(
            "ec2",
            "create_tags",
            {"Resources": [new], "Tags": [{"Key": "a", "Value": "b"}]},
            "us-east-1",
        ),
    ]


def test_the_journal_round_trips_and_is_private(tmp_path: Path) -> None:
    calls = make_vpc_calls()
    b = book(tmp_path, calls)
    b.record({"index": 0, "status": "ok", "outputs": {"vpc": "vpc-9"}})
    data = journal.load(b.path)
    assert data.header["journal_version"] == 1 and data.header["command"] == "revert"
    assert [c.to_json() for c in data.calls] == [c.to_json() for c in calls]
    assert data.entries[0].unit == Unit("ec2_vpcs", "us-east-1", "vpc-1")
    assert data.entries[0].before[0].attrs == {"cidr_block": "10.0.0.0/16"}
    assert data.outputs == {"vpc": "vpc-9"}
    assert stat.S_IMODE(os.stat(b.path).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(b.path / "journal.json").st_mode) == 0o600


def test_a_journal_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "journal.json").write_text("{}")
    with pytest.raises(DriftctlError, match="already exists and is not empty"):
        journal.new_dir(tmp_path / "taken")
    assert journal.new_dir(tmp_path / "fresh") == tmp_path / "fresh"


def test_a_bad_journal_is_one_clear_error(tmp_path: Path) -> None:
    (tmp_path / "journal.json").write_text('{"journal_version": 9}')
    (tmp_path / "calls.jsonl").write_text("")
    with pytest.raises(DriftctlError, match="not a driftctl journal"):
        journal.load(tmp_path)


def test_calls_run_in_order_with_pending_values_filled_in(aws: None, tmp_path: Path) -> None:
    calls = make_vpc_calls()
    b = book(tmp_path, calls)
    result = Executor(factory(), b).run(calls)
    assert result.failed is None and result.done == 3
    events = [json.loads(line) for line in (b.path / "calls.jsonl").read_text().splitlines()]
    assert [e["status"] for e in events] == ["ok", "ok", "ok"]
    group = result.outputs["aws_security_group.web.id"]
    assert events[2]["params"]["Resources"] == [group]
    tags = boto3.client("ec2", region_name="us-east-1").describe_tags(
        Filters=[{"Name": "resource-id", "Values": [group]}]
    )["Tags"]
    assert [(t["Key"], t["Value"]) for t in tags] == [("a", "b")]


def test_the_test_hook_fails_the_call_after_n(aws: None, tmp_path: Path) -> None:
    calls = make_vpc_calls()
    b = book(tmp_path, calls)
    result = Executor(factory(), b, fail_after=1).run(calls)
    assert result.done == 1
    assert result.failed == (
        "ec2.create_security_group: injected failure (DRIFTCTL_TEST_FAIL_AFTER_CALLS=1)"
    )
    events = [json.loads(line) for line in (b.path / "calls.jsonl").read_text().splitlines()]
    assert [e["status"] for e in events] == ["ok", "failed"]
    groups = boto3.client("ec2", region_name="us-east-1").describe_security_groups(
        Filters=[{"Name": "group-name", "Values": ["web"]}]
    )["SecurityGroups"]
    assert groups == []  # stopped: nothing after the failure was made


class _Denied:
    """A client whose every call is denied, as for read-only credentials."""

    class meta:  # mimics boto3 client.meta
        method_to_api_mapping = {"put_bucket_versioning": "PutBucketVersioning"}

    def __getattr__(self, name: str) -> Any:
        def call(**_: Any) -> Any:
            error = {"Error": {"Code": "AccessDenied", "Message": "Access Denied"}}
            raise botocore.exceptions.ClientError(error, name)

        return call


def test_a_denied_first_call_is_one_line_naming_the_permission(tmp_path: Path) -> None:
    call = Call("s3", "put_bucket_versioning", {"Bucket": "b"}, "us-east-1")
    b = book(tmp_path, [call])
    with pytest.raises(DriftctlError) as err:
        Executor(lambda service, region: _Denied(), b).run([call])
    assert err.value.message.startswith(
        "s3:PutBucketVersioning was denied (AccessDenied): the credentials lack "
        "s3:PutBucketVersioning; nothing was changed (journal: "
    )
    events = [json.loads(line) for line in (b.path / "calls.jsonl").read_text().splitlines()]
    assert [e["status"] for e in events] == ["failed", "denied"]


def test_preflight_dry_runs_ec2_and_fails_on_denial() -> None:
    call = Call("ec2", "create_tags", {"Resources": ["vpc-1"], "Tags": []}, "us-east-1")

    class DeniedEc2(_Denied):
        class meta:  # mimics boto3 client.meta
            method_to_api_mapping = {"create_tags": "CreateTags"}

    with pytest.raises(DriftctlError, match="ec2:CreateTags would be denied"):
        preflight(lambda service, region: DeniedEc2(), [call])


@pytest.mark.parametrize(
    ("service", "api", "message", "expected"),
    [
        ("s3", "PutBucketEncryption", "", "s3:PutEncryptionConfiguration"),
        ("iam", "PutRolePolicy", "", "iam:PutRolePolicy"),
        (
            "iam",
            "PutRolePolicy",
            "User: arn:aws:iam::1:user/r is not authorized to perform: iam:PutRolePolicy on x",
            "iam:PutRolePolicy",
        ),
    ],
)
def test_permission_names(service: str, api: str, message: str, expected: str) -> None:
    assert permission(service, api, message) == expected
