"""aws_s3_bucket_replication_configuration on moto: read with every declared bucket,
compared rule by rule in every format, put back, deleted where undeclared and codified;
a bucket without replication is AWS's own default. (moto answers every rule with an
empty filter and delete-marker replication off: the rules here are of that shape.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3
import pytest
from moto.core.responses import ActionResult
from moto.s3.exceptions import ReplicationConfigurationNotFoundError
from moto.s3.responses import S3Response

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.hcl import REGION, changed, kinds, revert_all, scan
from tests.resources.helpers import drifts, plan_calls, run, write
from tests.resources.helpers import scan as scan_report

TYPE = "aws_s3_bucket_replication_configuration"
ROLE = "arn:aws:iam::123456789012:role/replicate"
HCL = f"""
resource "aws_s3_bucket" "src" {{
  bucket = "rep-src"
}}
resource "aws_s3_bucket" "copy" {{
  bucket = "rep-copy"
}}
resource "aws_s3_bucket_replication_configuration" "src" {{
  bucket = aws_s3_bucket.src.id
  role   = "{ROLE}"
  rule {{
    id       = "all"
    priority = 1
    status   = "Enabled"
    filter {{}}
    delete_marker_replication {{
      status = "Disabled"
    }}
    destination {{
      bucket        = aws_s3_bucket.copy.arn
      storage_class = "STANDARD_IA"
    }}
  }}
}}
"""


def _replicate(storage_class: str = "STANDARD_IA", status: str = "Enabled") -> None:
    rule = {
        "ID": "all",
        "Priority": 1,
        "Status": status,
        "Filter": {"Prefix": ""},
        "DeleteMarkerReplication": {"Status": "Disabled"},
        "Destination": {"Bucket": "arn:aws:s3:::rep-copy", "StorageClass": storage_class},
    }
    boto3.client("s3", region_name=REGION).put_bucket_replication(
        Bucket="rep-src",
        ReplicationConfiguration={"Role": ROLE, "Rules": [rule]},  # type: ignore[typeddict-item]
    )


def _buckets() -> None:
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("rep-src", "rep-copy"):
        s3.create_bucket(Bucket=name)
        s3.put_bucket_versioning(Bucket=name, VersioningConfiguration={"Status": "Enabled"})
    _replicate()


HCL_VERSIONED = (
    HCL
    + """
resource "aws_s3_bucket_versioning" "src" {
  bucket = aws_s3_bucket.src.id
  versioning_configuration {
    status = "Enabled"
  }
}
resource "aws_s3_bucket_versioning" "copy" {
  bucket = aws_s3_bucket.copy.id
  versioning_configuration {
    status = "Enabled"
  }
}
"""
)


def test_in_sync_and_no_replication_is_not_unmanaged(aws: None, tmp_path: Path) -> None:
    _buckets()
    boto3.client("s3", region_name=REGION).create_bucket(Bucket="rep-by-hand")
    assert kinds(scan(tmp_path, HCL_VERSIONED)) == [("unmanaged", "aws_s3_bucket", "rep-by-hand")]


def test_a_changed_rule_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    _buckets()
    _replicate(storage_class="GLACIER", status="Disabled")
    assert changed(scan(tmp_path, HCL_VERSIONED), f"{TYPE}.src") == {
        "rule[0].status": ("Enabled", "Disabled"),
        "rule[0].destination.storage_class": ("STANDARD_IA", "GLACIER"),
    }
    directory = write(tmp_path / "tf", HCL_VERSIONED)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '+      storage_class = "GLACIER"' in plan.diff
    revert_all(tmp_path)
    assert scan(tmp_path, HCL_VERSIONED) == []


def test_removed_replication_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    _buckets()
    boto3.client("s3", region_name=REGION).delete_bucket_replication(Bucket="rep-src")
    found = scan(tmp_path, HCL_VERSIONED)
    assert set(changed(found, f"{TYPE}.src")) == {"role", "rule"}
    revert_all(tmp_path)
    assert scan(tmp_path, HCL_VERSIONED) == []


def test_undeclared_replication_is_unmanaged_and_deleted(aws: None, tmp_path: Path) -> None:
    _buckets()
    undeclared = """
resource "aws_s3_bucket" "src" {
  bucket = "rep-src"
}
resource "aws_s3_bucket_versioning" "src" {
  bucket = aws_s3_bucket.src.id
  versioning_configuration {
    status = "Enabled"
  }
}
"""
    directory = write(tmp_path / "hcl", undeclared)
    assert drifts(scan_report(directory)) == [
        ("unmanaged", "aws_s3_bucket.rep-copy", []),
        ("unmanaged", f"{TYPE}.rep-src", []),
    ]
    boto3.client("s3", region_name=REGION).delete_bucket(Bucket="rep-copy")
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params) for c in calls] == [
        ("delete_bucket_replication", {"Bucket": "rep-src"})
    ]
    run(calls)
    assert drifts(scan_report(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    _buckets()
    cfn = template(
        tmp_path / "cfn",
        f"""  Src:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: rep-src
      ReplicationConfiguration:
        Role: {ROLE}
        Rules:
          - Id: all
            Priority: 1
            Status: Enabled
            Filter: {{Prefix: ""}}
            DeleteMarkerReplication: {{Status: Disabled}}
            Destination: {{Bucket: "arn:aws:s3:::rep-copy", StorageClass: STANDARD_IA}}
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: s3.services.k8s.aws/v1alpha1
kind: Bucket
metadata:
  name: src
spec:
  name: rep-src
  replication:
    role: {ROLE}
    rules:
      - id: all
        priority: 1
        status: Enabled
        deleteMarkerReplication: {{status: Disabled}}
        destination: {{bucket: "arn:aws:s3:::rep-copy", storageClass: STANDARD_IA}}
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: s3.aws.upbound.io/v1beta1
kind: Bucket
metadata:
  name: rep-src
spec:
  forProvider:
    region: {REGION}
---
apiVersion: s3.aws.upbound.io/v1beta1
kind: BucketReplicationConfiguration
metadata:
  name: src
spec:
  forProvider:
    region: {REGION}
    bucketRef:
      name: rep-src
    role: {ROLE}
    rule:
      - id: all
        priority: 1
        status: Enabled
        filter: [{{}}]
        deleteMarkerReplication: [{{status: Disabled}}]
        destination:
          - bucket: "arn:aws:s3:::rep-copy"
            storageClass: STANDARD_IA
""",
    )
    # (the Crossplane bucket's provider tags are not on moto's bucket: not this type)
    for source in (cfn, ack, crossplane):
        report, _ = scan_source(source)
        assert [d for d in report["drifts"] if d["type"] == TYPE] == [], source
    _replicate(storage_class="GLACIER")
    for source in (cfn, ack, crossplane):
        report, _ = scan_source(source)
        found = [
            (d["type"], [(c["path"], c["expected"], c["actual"]) for c in d["changes"]])
            for d in report["drifts"]
            if d["type"] == TYPE
        ]
        assert found == [
            (TYPE, [("rule[0].destination.storage_class", "STANDARD_IA", "GLACIER")])
        ], source


def _moto_keeps_filters(monkeypatch: pytest.MonkeyPatch) -> None:
    """moto's GetBucketReplication, answering each rule's filter as put (AWS does)."""

    def get_bucket_replication(self: S3Response) -> Any:
        self.data["Action"] = "GetBucketReplication"
        replication = self.backend.get_bucket_replication(self.bucket_name)
        if not replication:
            raise ReplicationConfigurationNotFoundError(bucket_name=self.bucket_name)
        rules = [
            {
                "ID": rule["ID"],
                "Priority": rule["Priority"],
                "Status": rule["Status"],
                "DeleteMarkerReplication": {"Status": "Disabled"},
                "Filter": rule.get("Filter") or {"Prefix": ""},
                "Destination": rule["Destination"],
            }
            for rule in replication["Rule"]
        ]
        conf = {"Role": replication["Role"], "Rules": rules}
        return self.serialized(ActionResult({"ReplicationConfiguration": conf}))

    monkeypatch.setattr(S3Response, "get_bucket_replication", get_bucket_replication)


def test_a_filter_set_by_hand_on_an_empty_filter_is_drift(
    aws: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _moto_keeps_filters(monkeypatch)
    _buckets()
    assert scan(tmp_path, HCL_VERSIONED) == []
    s3 = boto3.client("s3", region_name=REGION)
    conf = s3.get_bucket_replication(Bucket="rep-src")["ReplicationConfiguration"]
    conf["Rules"][0]["Filter"] = {"Prefix": "logs/"}
    s3.put_bucket_replication(Bucket="rep-src", ReplicationConfiguration=conf)
    assert changed(scan(tmp_path, HCL_VERSIONED), f"{TYPE}.src") == {
        "rule[0].filter.prefix": ("", "logs/")
    }
    revert_all(tmp_path)
    assert scan(tmp_path, HCL_VERSIONED) == []
