"""The fault proxy names each request's operation the way the tests match it."""

from __future__ import annotations

import pytest

from tests.faults.proxy import Fault, operation, s3_operation

AUTH = "AWS4-HMAC-SHA256 Credential=testing/20250101/us-east-1/{}/aws4_request, Signed=x"


@pytest.mark.parametrize(
    ("method", "path", "op"),
    [
        ("GET", "/", "ListBuckets"),
        ("GET", "/acme?tagging", "GetBucketTagging"),
        ("PUT", "/acme?tagging", "PutBucketTagging"),
        ("DELETE", "/acme?tagging", "DeleteBucketTagging"),
        ("GET", "/acme?publicAccessBlock", "GetPublicAccessBlock"),
        ("PUT", "/acme", "CreateBucket"),
        ("DELETE", "/acme", "DeleteBucket"),
        ("HEAD", "/acme", "HeadBucket"),
        ("GET", "/acme?list-type=2&max-keys=1", "ListObjectsV2"),
        ("GET", "/acme/key.txt", "GetObject"),
    ],
)
def test_s3_rest_calls_are_named_by_method_and_sub_resource(
    method: str, path: str, op: str
) -> None:
    assert s3_operation(method, path) == op


def test_query_json_and_rest_protocols() -> None:
    body = b"Action=DescribeVpcAttribute&Version=2016-11-15&VpcId=vpc-1"
    assert operation("POST", "/", {"Authorization": AUTH.format("ec2")}, body) == (
        "ec2:DescribeVpcAttribute"
    )
    json_headers = {
        "Authorization": AUTH.format("organizations"),
        "X-Amz-Target": "AWSOrganizationsV20161128.ListAccounts",
    }
    assert operation("POST", "/", json_headers, b"{}") == "organizations:ListAccounts"
    assert operation("GET", "/b?policy", {"Authorization": AUTH.format("s3")}, b"") == (
        "s3:GetBucketPolicy"
    )
    # REST services (Lambda) are named by their model's method and path: a read is a read
    lam = {"Authorization": AUTH.format("lambda")}
    assert operation("GET", "/2015-03-31/functions/f/policy", lam, b"") == "lambda:GetPolicy"
    assert operation("GET", "/2015-03-31/event-source-mappings/?Marker=x", lam, b"") == (
        "lambda:ListEventSourceMappings"
    )
    assert operation("DELETE", "/2015-03-31/functions/f", lam, b"") == "lambda:DeleteFunction"


def test_a_fault_matches_a_glob_and_an_unknown_kind_is_refused() -> None:
    assert Fault("iam:Put*", "deny").matches("iam:PutRolePolicy")
    assert not Fault("iam:Put*", "deny").matches("s3:PutBucketTagging")
    with pytest.raises(ValueError, match="unknown fault kind"):
        Fault("x", "explode")
