"""aws_kms_key on moto: scanned, AWS-managed keys left out, compared, reverted."""

from __future__ import annotations

import json
from pathlib import Path

import boto3
from moto.core import DEFAULT_ACCOUNT_ID
from moto.kms.models import kms_backends

from tests.resources.hcl import REGION, changed, kinds, refusals, revert_all, scan

POLICY = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Sid": "Root",
            "Effect": "Allow",
            "Principal": {"AWS": "arn:aws:iam::123456789012:root"},
            "Action": "kms:*",
            "Resource": "*",
        }
    ],
}
HCL = """
resource "aws_kms_key" "data" {
  description         = "app data"
  enable_key_rotation = true
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "Root"
      Effect    = "Allow"
      Principal = { AWS = "arn:aws:iam::123456789012:root" }
      Action    = "kms:*"
      Resource  = "*"
    }]
  })
  tags = { Name = "data", Team = "app" }
}
"""


def _key() -> str:
    kms = boto3.client("kms", region_name=REGION)
    key = kms.create_key(
        Description="app data",
        Policy=json.dumps(POLICY, indent=2),
        Tags=[{"TagKey": "Name", "TagValue": "data"}, {"TagKey": "Team", "TagValue": "app"}],
    )["KeyMetadata"]["KeyId"]
    kms.enable_key_rotation(KeyId=key)
    return str(key)


def test_a_key_as_declared_is_in_sync_and_aws_managed_keys_are_never_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    _key()
    kms = boto3.client("kms", region_name=REGION)
    # an AWS-managed key, as a service creates it (moto's API cannot: set on its backend;
    # moto lists the alias/aws/* aliases without their keys)
    managed = kms.create_key(Description="Default key for S3")["KeyMetadata"]["KeyId"]
    kms_backends[DEFAULT_ACCOUNT_ID][REGION].keys[managed].key_manager = "AWS"
    other = kms.create_key(Description="by hand")["KeyMetadata"]["KeyId"]
    pending = kms.create_key(Description="going")["KeyMetadata"]["KeyId"]
    kms.schedule_key_deletion(KeyId=pending, PendingWindowInDays=7)
    drifts = scan(tmp_path, HCL)
    assert kinds(drifts, "aws_kms_key") == [("unmanaged", "aws_kms_key", other)]


def test_defaults_are_not_drift_and_each_compared_attribute_is(aws: None, tmp_path: Path) -> None:
    key = _key()
    kms = boto3.client("kms", region_name=REGION)
    kms.disable_key_rotation(KeyId=key)
    kms.disable_key(KeyId=key)
    kms.update_key_description(KeyId=key, Description="app data")  # unchanged
    kms.tag_resource(KeyId=key, Tags=[{"TagKey": "Team", "TagValue": "ops"}])
    other = {**POLICY, "Statement": [{**POLICY["Statement"][0], "Action": "kms:Decrypt"}]}
    kms.put_key_policy(KeyId=key, PolicyName="default", Policy=json.dumps(other))
    drifts = scan(tmp_path, HCL)
    found = changed(drifts, "aws_kms_key.data")
    assert sorted(found) == [
        "enable_key_rotation",
        "is_enabled",
        "policy.Statement[0].Action[0]",
        "tags.Team",
    ]
    assert found["tags.Team"] == ("app", "ops")
    assert found["is_enabled"] == (True, False)  # Terraform's default, not declared


def test_a_revert_puts_every_changed_attribute_back(aws: None, tmp_path: Path) -> None:
    key = _key()
    kms = boto3.client("kms", region_name=REGION)
    kms.disable_key_rotation(KeyId=key)
    kms.disable_key(KeyId=key)
    kms.update_key_description(KeyId=key, Description="temp")
    kms.tag_resource(KeyId=key, Tags=[{"TagKey": "Extra", "TagValue": "x"}])
    kms.put_key_policy(KeyId=key, PolicyName="default", Policy=json.dumps({**POLICY, "Id": "x"}))
    scan(tmp_path, HCL.replace('"app data"', '"app data"'))
    revert_all(tmp_path)
    assert [d for d in scan(tmp_path, HCL) if d.type == "aws_kms_key"] == []
    meta = kms.describe_key(KeyId=key)["KeyMetadata"]
    assert meta["Enabled"] and meta["Description"] == "app data"


def test_usage_and_spec_are_fixed_at_creation() -> None:
    live = {"key_usage": "SIGN_VERIFY", "customer_master_key_spec": "RSA_2048"}
    declared = {"key_usage": "ENCRYPT_DECRYPT", "customer_master_key_spec": "SYMMETRIC_DEFAULT"}
    found = refusals("aws_kms_key", live, declared)
    assert len(found) == 2 and all("replace needed: a human decides" in r for r in found)
