"""aws_s3_bucket_acl on moto: a canned ACL and explicit grants, read with every bucket,
compared, reverted; the private ACL (AWS's default) is never unmanaged."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.hcl import REGION, changed, kinds, revert_all, scan
from tests.resources.helpers import drifts, plan_calls, run, write
from tests.resources.helpers import scan as scan_report

LOG_DELIVERY = "http://acs.amazonaws.com/groups/s3/LogDelivery"
ALL_USERS = "http://acs.amazonaws.com/groups/global/AllUsers"
HCL = """
resource "aws_s3_bucket" "site" {
  bucket = "acl-site"
}
resource "aws_s3_bucket_acl" "site" {
  bucket = aws_s3_bucket.site.id
  acl    = "%(canned)s"
}
resource "aws_s3_bucket" "shared" {
  bucket = "acl-shared"
}
resource "aws_s3_bucket_acl" "shared" {
  bucket = aws_s3_bucket.shared.id
  access_control_policy {
    grant {
      grantee {
        type = "Group"
        uri  = "%(log)s"
      }
      permission = "WRITE"
    }
    grant {
      grantee {
        id   = "%(owner)s"
        type = "CanonicalUser"
      }
      permission = "FULL_CONTROL"
    }
    owner {
      id = "%(owner)s"
    }
  }
}
resource "aws_s3_bucket" "plain" {
  bucket = "acl-plain"
}
"""


def _buckets() -> str:
    """The three buckets as the declaration has them; the owner's canonical id."""
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("acl-site", "acl-shared", "acl-plain"):
        s3.create_bucket(Bucket=name)
    owner = str(s3.get_bucket_acl(Bucket="acl-shared")["Owner"]["ID"])
    s3.put_bucket_acl(
        Bucket="acl-shared",
        AccessControlPolicy={
            "Owner": {"ID": owner},
            "Grants": [
                {"Grantee": {"Type": "CanonicalUser", "ID": owner}, "Permission": "FULL_CONTROL"},
                {"Grantee": {"Type": "Group", "URI": LOG_DELIVERY}, "Permission": "WRITE"},
            ],
        },
    )
    return owner


def _hcl(owner: str, canned: str = "private") -> str:
    return HCL % {"canned": canned, "log": LOG_DELIVERY, "owner": owner}


def test_in_sync_and_the_private_acl_is_not_unmanaged(aws: None, tmp_path: Path) -> None:
    owner = _buckets()
    boto3.client("s3", region_name=REGION).create_bucket(Bucket="acl-by-hand")
    assert kinds(scan(tmp_path, _hcl(owner))) == [("unmanaged", "aws_s3_bucket", "acl-by-hand")]


def test_owner_only_canned_acls_are_private_on_a_bucket(aws: None, tmp_path: Path) -> None:
    owner = _buckets()
    assert scan(tmp_path, _hcl(owner, "bucket-owner-full-control")) == []


def test_a_grant_added_to_a_private_bucket_is_drift_and_removed(aws: None, tmp_path: Path) -> None:
    owner = _buckets()
    boto3.client("s3", region_name=REGION).put_bucket_acl(Bucket="acl-site", ACL="public-read")
    found = scan(tmp_path, _hcl(owner))
    assert changed(found, "aws_s3_bucket_acl.site") == {"acl": ("private", "public-read")}
    revert_all(tmp_path)
    assert scan(tmp_path, _hcl(owner)) == []


def test_changed_grants_are_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    owner = _buckets()
    boto3.client("s3", region_name=REGION).put_bucket_acl(Bucket="acl-shared", ACL="private")
    found = scan(tmp_path, _hcl(owner))
    grants = changed(found, "aws_s3_bucket_acl.shared")["access_control_policy.grant"]
    assert [len(side) for side in grants] == [2, 1]  # the log delivery grant is gone
    revert_all(tmp_path)
    assert scan(tmp_path, _hcl(owner)) == []
    acl = boto3.client("s3", region_name=REGION).get_bucket_acl(Bucket="acl-shared")
    assert {"Type": "Group", "URI": LOG_DELIVERY} in [g["Grantee"] for g in acl["Grants"]]


def test_an_undeclared_public_acl_is_unmanaged_and_made_private(aws: None, tmp_path: Path) -> None:
    owner = _buckets()
    boto3.client("s3", region_name=REGION).put_bucket_acl(Bucket="acl-plain", ACL="public-read")
    directory = write(tmp_path / "hcl", _hcl(owner))
    assert drifts(scan_report(directory)) == [("unmanaged", "aws_s3_bucket_acl.acl-plain", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        ("put_bucket_acl", {"Bucket": "acl-plain", "ACL": "private"})
    ]
    run(calls)
    assert drifts(scan_report(directory)) == []
    assert ALL_USERS not in str(
        boto3.client("s3", region_name=REGION).get_bucket_acl(Bucket="acl-plain")
    )


def test_the_inline_acl_of_a_v3_bucket_is_compared(aws: None, tmp_path: Path) -> None:
    """aws_s3_bucket's own `acl` (provider v3) declares the bucket's ACL too."""
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="acl-v3")
    hcl = 'resource "aws_s3_bucket" "v3" {\n  bucket = "acl-v3"\n  acl    = "private"\n}\n'
    assert scan(tmp_path, hcl) == []
    s3.put_bucket_acl(Bucket="acl-v3", ACL="authenticated-read")
    found = scan(tmp_path, hcl)
    assert [(d.type, d.address) for d in found] == [("aws_s3_bucket_acl", "aws_s3_bucket.v3")]
    assert changed(found, "aws_s3_bucket.v3") == {"acl": ("private", "authenticated-read")}
