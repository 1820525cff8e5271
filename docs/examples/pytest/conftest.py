"""Moto in-process, the stack created in it, and driftctl pointed at infra/."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto import mock_aws

from driftctl.pytest_plugin import DriftctlConfig

HERE = Path(__file__).parent
REGION = "us-east-1"
TAGS = [{"Key": "App", "Value": "orders"}, {"Key": "Env", "Value": "test"}]


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """An empty in-process AWS (moto) for each test; no server, no real account."""
    for key in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.setenv(key, "testing")
    monkeypatch.setenv("AWS_DEFAULT_REGION", REGION)
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    monkeypatch.delenv("AWS_ENDPOINT_URL", raising=False)
    with mock_aws():
        yield


@pytest.fixture
def stack(aws: None) -> None:
    """infra/main.tf, created with boto3 as `terraform apply` would create it."""
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="orders-test")
    s3.put_bucket_tagging(Bucket="orders-test", Tagging={"TagSet": TAGS})
    s3.put_bucket_versioning(Bucket="orders-test", VersioningConfiguration={"Status": "Enabled"})
    trust = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": "sts:AssumeRole",
                "Principal": {"Service": "lambda.amazonaws.com"},
            }
        ],
    }
    boto3.client("iam", region_name=REGION).create_role(
        RoleName="orders-worker-test", AssumeRolePolicyDocument=json.dumps(trust), Tags=TAGS
    )


@pytest.fixture
def driftctl_config(aws: None) -> DriftctlConfig:
    """The checks compare live AWS (the moto above) with infra/."""
    return DriftctlConfig(from_=(str(HERE / "infra"),), region=REGION)


@pytest.fixture
def s3(aws: None) -> Any:
    return boto3.client("s3", region_name=REGION)
