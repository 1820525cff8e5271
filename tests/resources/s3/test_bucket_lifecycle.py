"""aws_s3_bucket_lifecycle_configuration on moto: read by the bucket scan, its filter
spellings normalized, compared as a set of whole rules (a changed rule is the declared
one gone and the live one extra), reverted; and the
inline forms (provider v3, CloudFormation, ACK) read as the same rules."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl.resources.registry import TYPES
from driftctl.resources.s3 import bucket_lifecycle as lifecycle
from tests.resources.helpers import REGION, drifts, plan_calls, run, scan, write

TYPE = "aws_s3_bucket_lifecycle_configuration"
HCL = """
resource "aws_s3_bucket" "logs" {
  bucket = "s3b-logs"
}

resource "aws_s3_bucket_lifecycle_configuration" "logs" {
  bucket = aws_s3_bucket.logs.id

  rule {
    id     = "expire-logs"
    status = "Enabled"
    filter {
      prefix = "logs/"
    }
    expiration {
      days = 90
    }
    transition {
      days          = 30
      storage_class = "STANDARD_IA"
    }
    transition {
      days          = 60
      storage_class = "GLACIER"
    }
  }

  rule {
    id     = "everything"
    status = "Enabled"
    filter {}
    abort_incomplete_multipart_upload {
      days_after_initiation = 3
    }
    noncurrent_version_expiration {
      noncurrent_days = 10
    }
  }

  rule {
    id     = "tagged"
    status = "Disabled"
    filter {
      and {
        prefix = "tmp/"
        tags   = { Kind = "scratch", Team = "data" }
      }
    }
    expiration {
      days = 1
    }
  }

  rule {
    id     = "legacy-prefix"
    prefix = "old/"
    status = "Enabled"
    expiration {
      date = "2030-01-01T00:00:00Z"
    }
  }
}
"""

LIVE_RULES: list[dict[str, Any]] = [
    # in another order than declared, and each filter spelled another way S3 accepts
    {
        "ID": "legacy-prefix",
        "Status": "Enabled",
        "Filter": {"Prefix": "old/"},
        "Expiration": {"Date": datetime.datetime(2030, 1, 1, tzinfo=datetime.timezone.utc)},
    },
    {
        "ID": "tagged",
        "Status": "Disabled",
        "Filter": {
            "And": {
                "Prefix": "tmp/",
                "Tags": [{"Key": "Team", "Value": "data"}, {"Key": "Kind", "Value": "scratch"}],
            }
        },
        "Expiration": {"Days": 1},
    },
    {
        "ID": "everything",
        "Status": "Enabled",
        "Filter": {"Prefix": ""},
        "AbortIncompleteMultipartUpload": {"DaysAfterInitiation": 3},
        "NoncurrentVersionExpiration": {"NoncurrentDays": 10},
    },
    {
        "ID": "expire-logs",
        "Status": "Enabled",
        "Filter": {"Prefix": "logs/"},
        "Expiration": {"Days": 90},
        "Transitions": [
            {"Days": 60, "StorageClass": "GLACIER"},
            {"Days": 30, "StorageClass": "STANDARD_IA"},
        ],
    },
]


def _bucket(name: str, rules: list[dict[str, Any]] | None = None) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket=name)
    if rules:
        s3.put_bucket_lifecycle_configuration(Bucket=name, LifecycleConfiguration={"Rules": rules})


def _rules(name: str) -> list[dict[str, Any]]:
    s3 = boto3.client("s3", region_name=REGION)
    rules: list[dict[str, Any]] = s3.get_bucket_lifecycle_configuration(Bucket=name)["Rules"]
    return rules


def test_in_sync_whatever_the_filter_spelling_and_order(aws: None, tmp_path: Path) -> None:
    _bucket("s3b-logs", LIVE_RULES)
    report = scan(write(tmp_path / "hcl", HCL))
    assert drifts(report) == []
    assert TYPE not in set(report["summary"].get("unsupported") or {})


BARE = """
resource "aws_s3_bucket" "by_hand" {
  bucket = "s3b-by-hand"
}

resource "aws_s3_bucket" "plain" {
  bucket = "s3b-plain"
}
"""


def test_a_hand_made_lifecycle_is_unmanaged_and_none_at_all_is_aws_default(
    aws: None, tmp_path: Path
) -> None:
    _bucket("s3b-logs", LIVE_RULES)
    _bucket("s3b-by-hand", [{"ID": "x", "Status": "Enabled", "Filter": {}}])
    _bucket("s3b-plain")
    found = drifts(scan(write(tmp_path / "hcl", HCL + BARE)))
    assert found == [("unmanaged", f"{TYPE}.s3b-by-hand", [])]


def test_a_changed_rule_is_drift_at_its_path_and_reverted(aws: None, tmp_path: Path) -> None:
    changed = [dict(r) for r in LIVE_RULES]
    changed[3] = {**changed[3], "Expiration": {"Days": 7}}
    _bucket("s3b-logs", changed)
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.logs", ["rule[3]", "rule[3]"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.operation for c in calls] == ["put_bucket_lifecycle_configuration"]
    run(calls)
    assert drifts(scan(directory)) == []
    assert {r["ID"] for r in _rules("s3b-logs")} == {r["ID"] for r in LIVE_RULES}


def test_a_rule_added_or_removed_live_is_drift_and_reverted(aws: None, tmp_path: Path) -> None:
    extra = {"ID": "added", "Status": "Enabled", "Filter": {"Prefix": "x/"}}
    _bucket("s3b-logs", [*LIVE_RULES[1:], extra])
    directory = write(tmp_path / "hcl", HCL)
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.logs", ["rule[1]", "rule[3]"])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []
    assert sorted(r["ID"] for r in _rules("s3b-logs")) == sorted(r["ID"] for r in LIVE_RULES)


def test_a_deleted_configuration_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    _bucket("s3b-logs", LIVE_RULES)
    boto3.client("s3", region_name=REGION).delete_bucket_lifecycle(Bucket="s3b-logs")
    directory = write(tmp_path / "hcl", HCL)
    rules = ["rule[0]", "rule[1]", "rule[2]", "rule[3]"]
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.logs", rules)]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


# --- the normalizer, on what moto does not keep ------------------------------------------------

normalize = TYPES[TYPE].normalize


def _one(rule: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = normalize({"rule": [rule]})["rule"][0]
    return out


@pytest.mark.parametrize(
    "declared",
    [
        {"id": "a", "status": "Enabled"},
        {"id": "a", "status": "Enabled", "filter": {}},
        {"id": "a", "status": "Enabled", "filter": {"prefix": ""}},
        {"id": "a", "status": "Enabled", "prefix": ""},
        {"id": "a", "status": "Enabled", "filter": {"prefix": None, "object_size_less_than": 0}},
    ],
)
def test_every_spelling_of_all_objects_is_the_same_rule(declared: dict[str, Any]) -> None:
    live = lifecycle._live_rule({"ID": "a", "Status": "Enabled", "Filter": {}})
    assert _one(declared) == _one(live) == {"id": "a", "status": "Enabled"}


def test_sizes_newer_versions_and_zero_days_compare_as_s3_keeps_them() -> None:
    live = lifecycle._live_rule(
        {
            "ID": "big",
            "Status": "Enabled",
            "Filter": {"ObjectSizeGreaterThan": 1024},
            "NoncurrentVersionExpiration": {"NoncurrentDays": 5, "NewerNoncurrentVersions": 2},
            "Transitions": [{"Days": 0, "StorageClass": "INTELLIGENT_TIERING"}],
        }
    )
    declared = {
        "id": "big",
        "status": "Enabled",
        "filter": {"object_size_greater_than": "1024", "prefix": ""},
        "noncurrent_version_expiration": {"noncurrent_days": 5, "newer_noncurrent_versions": 2},
        "transition": [{"days": 0, "storage_class": "INTELLIGENT_TIERING"}],
        "expiration": {"expired_object_delete_marker": False},
    }
    assert _one(declared) == _one(live)
    assert _one(live)["filter"] == {"object_size_greater_than": 1024}


def test_a_date_is_compared_as_an_instant() -> None:
    live = lifecycle._live_rule(
        {
            "ID": "d",
            "Status": "Enabled",
            "Expiration": {"Date": datetime.datetime(2030, 1, 1, tzinfo=datetime.timezone.utc)},
        }
    )
    assert (
        _one({"id": "d", "status": "Enabled", "expiration": {"date": "2030-01-01T00:00:00Z"}})[
            "expiration"
        ]
        == _one(live)["expiration"]
    )


def test_the_api_rule_written_back_keeps_zero_days_and_empty_filter() -> None:
    rule = _one(
        {
            "id": "t",
            "status": "Enabled",
            "filter": {},
            "transition": [{"days": 0, "storage_class": "GLACIER_IR"}],
        }
    )
    assert lifecycle._api_rule(rule) == {
        "ID": "t",
        "Status": "Enabled",
        "Filter": {"Prefix": ""},
        "Transitions": [{"Days": 0, "StorageClass": "GLACIER_IR"}],
    }


# --- the inline forms ------------------------------------------------------------------------


def test_inline_forms_read_as_the_same_rules() -> None:
    hcl = _one(
        {
            "id": "r",
            "status": "Enabled",
            "filter": {"and": {"prefix": "a/", "tags": {"K": "v"}}},
            "expiration": {"days": 30},
            "transition": [{"days": 10, "storage_class": "GLACIER"}],
        }
    )
    v3 = lifecycle._tf_inline(
        [
            {
                "id": "r",
                "enabled": True,
                "prefix": "a/",
                "tags": {"K": "v"},
                "expiration": [{"days": 30}],
                "transition": [{"days": 10, "storage_class": "GLACIER"}],
            }
        ]
    )
    cfn = lifecycle._cfn_inline(
        {
            "LifecycleConfiguration": {
                "Rules": [
                    {
                        "Id": "r",
                        "Status": "Enabled",
                        "Prefix": "a/",
                        "TagFilters": [{"Key": "K", "Value": "v"}],
                        "ExpirationInDays": 30,
                        "Transitions": [{"StorageClass": "GLACIER", "TransitionInDays": 10}],
                    }
                ]
            }
        }
    )
    ack = lifecycle._ack_inline(
        {
            "lifecycle": {
                "rules": [
                    {
                        "id": "r",
                        "status": "Enabled",
                        "filter": {"and": {"prefix": "a/", "tags": [{"key": "K", "value": "v"}]}},
                        "expiration": {"days": 30},
                        "transitions": [{"days": 10, "storageClass": "GLACIER"}],
                    }
                ]
            }
        }
    )
    for inline in (v3, cfn, ack):
        assert inline is not None
        assert normalize(inline)["rule"] == [hcl]
