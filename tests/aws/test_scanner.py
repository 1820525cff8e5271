"""The generic scanner against moto (in-process), through the factory production injects too."""

from __future__ import annotations

from typing import Any

import boto3
import botocore.exceptions
import pytest

from driftctl.aws.scanner import GLOBAL, Scanner
from driftctl.aws.session import CallCounter
from driftctl.errors import DriftctlError
from driftctl.resources.registry import SCANS

REGION = "us-east-1"


class Failing:
    """A client whose one operation fails with an AWS error code; the rest passes through."""

    def __init__(self, client: Any, operation: str, code: str) -> None:
        self._client, self._operation, self._code = client, operation, code

    def __getattr__(self, name: str) -> Any:
        if name == self._operation:

            def fail(**_: Any) -> Any:
                raise botocore.exceptions.ClientError(
                    {"Error": {"Code": self._code, "Message": "no"}}, name
                )

            return fail
        if name == "can_paginate":  # the failing operation is called directly, not paginated
            return lambda op: op != self._operation and self._client.can_paginate(op)
        return getattr(self._client, name)


def factory(counter: CallCounter, fail: tuple[str, str, str] | None = None) -> Any:
    clients: dict[tuple[str, str], Any] = {}

    def make(service: str, region: str) -> Any:
        if (service, region) not in clients:
            client = boto3.client(service, region_name=region)
            client.meta.events.register("before-send", counter.on_send)
            if fail and fail[0] == service:
                client = Failing(client, fail[1], fail[2])
            clients[(service, region)] = client
        return clients[(service, region)]

    return make


def make_stack(buckets: int, roles: int) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    iam = boto3.client("iam", region_name=REGION)
    for i in range(buckets):
        s3.create_bucket(Bucket=f"bucket-{i}")
        s3.put_bucket_tagging(
            Bucket=f"bucket-{i}", Tagging={"TagSet": [{"Key": "n", "Value": str(i)}]}
        )
    for i in range(roles):
        iam.create_role(
            RoleName=f"role-{i}",
            AssumeRolePolicyDocument="{}",
            Tags=[{"Key": "n", "Value": str(i)}],
        )


def test_scan_reads_every_type_with_tags(aws: None) -> None:
    make_stack(2, 2)
    counter = CallCounter()
    state = Scanner(factory(counter), counter).scan(SCANS.values(), [REGION, GLOBAL], REGION)
    by_type: dict[str, list[str]] = {}
    for r in state.sorted_resources():
        by_type.setdefault(r.type, []).append(str(r.id))
    assert by_type["aws_s3_bucket"] == ["bucket-0", "bucket-1"]
    assert by_type["aws_s3_bucket_versioning"] == ["bucket-0", "bucket-1"]
    assert by_type["aws_iam_role"] == ["role-0", "role-1"]
    roles = {r.id: r for r in state.resources if r.type == "aws_iam_role"}
    assert roles["role-1"].attrs["tags"] == {"n": "1"}
    assert state.errors == [] and state.incomplete_scans == set()


def test_iam_calls_do_not_grow_with_roles_and_s3_details_are_per_bucket(aws: None) -> None:
    make_stack(3, 30)
    counter = CallCounter()
    Scanner(factory(counter), counter).scan(SCANS.values(), [REGION, GLOBAL], REGION)
    assert (
        counter.calls["iam:GetAccountAuthorizationDetails"] == 1
    )  # shared by roles, users, policies
    assert counter.calls["iam:ListRoles"] == 1
    assert counter.calls["s3:GetBucketVersioning"] == 3
    assert counter.calls["s3:ListBuckets"] == 1


def test_access_denied_on_one_service_is_an_error_and_marks_it_incomplete(aws: None) -> None:
    make_stack(1, 1)
    counter = CallCounter()
    scanner = Scanner(factory(counter, ("s3", "get_bucket_policy", "AccessDenied")), counter)
    state = scanner.scan(SCANS.values(), [REGION, GLOBAL], REGION)
    assert [(e.scope, e.message) for e in state.errors] == [
        ("s3/global", "GetBucketPolicy: AccessDenied: no")
    ]
    assert state.incomplete_scans == {("s3_buckets", "global")}
    assert any(r.type == "aws_iam_role" for r in state.resources)  # the rest of the scan went on
    assert not any(r.type.startswith("aws_s3") for r in state.resources)


class Answering:
    """A client whose one operation answers `answer` (a shape AWS's model does not allow)."""

    def __init__(self, client: Any, operation: str, answer: dict[str, Any]) -> None:
        self._client, self._operation, self._answer = client, operation, answer

    def __getattr__(self, name: str) -> Any:
        if name == self._operation:
            return lambda **_: self._answer
        return getattr(self._client, name)


def test_an_answer_of_an_unexpected_shape_is_an_error_not_a_crash(aws: None) -> None:
    """Seen behind a replaying proxy that answered DescribeTable with another call's body:
    the scan stopped with "internal error: KeyError: 'Table'". Now that type's scan is
    incomplete, with a line naming it, and the rest of the scan goes on."""
    boto3.client("dynamodb", region_name=REGION).create_table(
        TableName="orders",
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    make_stack(0, 1)
    counter = CallCounter()
    plain = factory(counter)

    def make(service: str, region: str) -> Any:
        client = plain(service, region)
        return Answering(client, "describe_table", {}) if service == "dynamodb" else client

    state = Scanner(make, counter).scan(SCANS.values(), [REGION, GLOBAL], REGION)
    assert [e.scope for e in state.errors] == [f"dynamodb/{REGION}"]
    assert "dynamodb answered the dynamodb_tables scan in a shape it cannot read" in (
        state.errors[0].message
    )
    assert "KeyError: 'Table'" in state.errors[0].message
    assert state.incomplete_scans == {("dynamodb_tables", REGION)}
    assert any(r.type == "aws_iam_role" for r in state.resources)


def test_expired_credentials_stop_the_scan_with_one_clear_error(aws: None) -> None:
    counter = CallCounter()
    scanner = Scanner(factory(counter, ("ec2", "describe_vpcs", "ExpiredToken")), counter)
    with pytest.raises(
        DriftctlError,
        match="ec2:DescribeVpcs failed: ExpiredToken: the AWS session token has expired",
    ):
        scanner.scan(SCANS.values(), [REGION, GLOBAL], REGION)


def test_bucket_details_are_asked_in_the_buckets_own_region(aws: None) -> None:
    # asked in another region, real S3 answers 301 and botocore sends the call again:
    # twice the calls, counted as retries
    s3 = boto3.client("s3", region_name="eu-west-1")
    s3.create_bucket(Bucket="far", CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
    asked: list[tuple[str, str, str]] = []
    counter = CallCounter()
    make = factory(counter)

    def with_regions(parsed: dict[str, Any], **_: Any) -> None:
        for bucket in parsed.get("Buckets", []):  # as real AWS lists them (moto leaves it out)
            bucket["BucketRegion"] = "eu-west-1"

    def recording(service: str, region: str) -> Any:
        client = make(service, region)
        if service == "s3":
            client.meta.events.register("after-call.s3.ListBuckets", with_regions)
            client.meta.events.register(
                "before-send",
                lambda request, **_: asked.append((region, request.method, request.url)),
            )
        return client

    state = Scanner(recording, counter).scan([SCANS["s3_buckets"]], [GLOBAL], REGION)
    assert state.errors == []
    details = {region for region, _, url in asked if "far" in url}
    assert details == {"eu-west-1"}
    bucket = next(r for r in state.resources if r.type == "aws_s3_bucket")
    assert bucket.region == "eu-west-1"
