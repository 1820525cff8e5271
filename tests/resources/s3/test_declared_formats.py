"""The three bucket settings as the other formats declare them: CloudFormation inline in
AWS::S3::Bucket (the loader emits each as its own canonical resource, normalized as the
scan reads it), Crossplane's BucketLifecycleConfiguration/BucketLogging/
BucketNotification and ACK's Bucket spec (scanned against moto: in sync, then a change)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import boto3

from driftctl.aws.canonical import canonicalize
from driftctl.declared.cfn.load import load_cloudformation
from driftctl.declared.cfn.parse import parse_template
from driftctl.resources.registry import TYPES
from tests.resources.formats import manifests, scan_source
from tests.resources.helpers import REGION
from tests.resources.s3.common import log_target, logs_to

QUEUE_ARN = f"arn:aws:sqs:{REGION}:123456789012:s3b-events"

TEMPLATE = """
Resources:
  Data:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: s3b-data
      LifecycleConfiguration:
        Rules:
          - Id: expire-tmp
            Status: Enabled
            Prefix: tmp/
            ExpirationInDays: 7
          - Id: archive
            Status: Enabled
            TagFilters: [{Key: Kind, Value: log}]
            Transitions:
              - {StorageClass: GLACIER, TransitionInDays: 30}
      LoggingConfiguration:
        DestinationBucketName: s3b-access-logs
        LogFilePrefix: data/
      NotificationConfiguration:
        QueueConfigurations:
          - Event: "s3:ObjectCreated:*"
            Queue: arn:aws:sqs:us-east-1:123456789012:s3b-events
            Filter: {S3Key: {Rules: [{Name: prefix, Value: incoming/}]}}
"""


def test_a_template_declares_each_setting_as_the_scan_reads_it() -> None:
    data, lines = parse_template("t.yaml", textwrap.dedent(TEMPLATE).lstrip("\n"))
    declared = canonicalize(load_cloudformation("t.yaml", data, lines, {}, None, None))
    by = {r.type: r.attrs for r in declared.resources}
    lifecycle = TYPES["aws_s3_bucket_lifecycle_configuration"].normalize(
        by["aws_s3_bucket_lifecycle_configuration"]
    )
    assert lifecycle["rule"] == [
        {
            "id": "archive",
            "status": "Enabled",
            "filter": {"tag": {"key": "Kind", "value": "log"}},
            "transition": [{"days": 30, "storage_class": "GLACIER"}],
        },
        {
            "id": "expire-tmp",
            "status": "Enabled",
            "filter": {"prefix": "tmp/"},
            "expiration": {"days": 7},
        },
    ]
    logging = by["aws_s3_bucket_logging"]
    assert (logging["target_bucket"], logging["target_prefix"]) == ("s3b-access-logs", "data/")
    notification = TYPES["aws_s3_bucket_notification"].normalize(by["aws_s3_bucket_notification"])
    assert notification["queue"] == [
        {
            "queue_arn": "arn:aws:sqs:us-east-1:123456789012:s3b-events",
            "events": ["s3:ObjectCreated:*"],
            "filter_prefix": "incoming/",
        }
    ]
    assert notification["eventbridge"] is False


# --- Crossplane and ACK manifests against moto ------------------------------------------------

CROSSPLANE = f"""apiVersion: s3.aws.upbound.io/v1beta1
kind: Bucket
metadata:
  name: s3b-data
spec:
  forProvider:
    region: {REGION}
---
apiVersion: s3.aws.upbound.io/v1beta1
kind: Bucket
metadata:
  name: s3b-access-logs
spec:
  forProvider:
    region: {REGION}
---
apiVersion: s3.aws.upbound.io/v1beta1
kind: BucketLifecycleConfiguration
metadata:
  name: data
spec:
  forProvider:
    region: {REGION}
    bucketRef:
      name: s3b-data
    rule:
      - id: expire-tmp
        status: Enabled
        filter:
          - prefix: tmp/
        expiration:
          - days: 7
---
apiVersion: s3.aws.upbound.io/v1beta1
kind: BucketLogging
metadata:
  name: data
spec:
  forProvider:
    region: {REGION}
    bucketRef:
      name: s3b-data
    targetBucketRef:
      name: s3b-access-logs
    targetPrefix: data/
---
apiVersion: s3.aws.upbound.io/v1beta1
kind: BucketNotification
metadata:
  name: data
spec:
  forProvider:
    region: {REGION}
    bucketRef:
      name: s3b-data
    queue:
      - queueArn: {QUEUE_ARN}
        events: ["s3:ObjectCreated:*"]
        filterPrefix: incoming/
"""

ACK = f"""apiVersion: s3.services.k8s.aws/v1alpha1
kind: Bucket
metadata:
  name: data
spec:
  name: s3b-data
  lifecycle:
    rules:
      - id: expire-tmp
        status: Enabled
        filter:
          prefix: tmp/
        expiration:
          days: 7
  logging:
    loggingEnabled:
      targetBucket: s3b-access-logs
      targetPrefix: data/
  notification:
    queueConfigurations:
      - queueARN: {QUEUE_ARN}
        events: ["s3:ObjectCreated:*"]
        filter:
          key:
            filterRules: [{{name: prefix, value: incoming/}}]
---
apiVersion: s3.services.k8s.aws/v1alpha1
kind: Bucket
metadata:
  name: access-logs
spec:
  name: s3b-access-logs
"""


def _live_settings() -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="s3b-data")
    log_target("s3b-access-logs")
    rule = {"ID": "expire-tmp", "Status": "Enabled", "Filter": {"Prefix": "tmp/"}}
    s3.put_bucket_lifecycle_configuration(
        Bucket="s3b-data",
        LifecycleConfiguration={"Rules": [{**rule, "Expiration": {"Days": 7}}]},
    )
    logs_to("s3b-data", "s3b-access-logs", "data/")
    rules = [{"Name": "prefix", "Value": "incoming/"}]
    queue = {
        "QueueArn": QUEUE_ARN,
        "Events": ["s3:ObjectCreated:*"],
        "Filter": {"Key": {"FilterRules": rules}},
    }
    s3.put_bucket_notification_configuration(
        Bucket="s3b-data", NotificationConfiguration={"QueueConfigurations": [queue]}
    )


SETTINGS = (
    "aws_s3_bucket_lifecycle_configuration",
    "aws_s3_bucket_logging",
    "aws_s3_bucket_notification",
)


def test_crossplane_and_ack_declare_the_same_settings(aws: None, tmp_path: Path) -> None:
    _live_settings()
    for name, body in (("xp", CROSSPLANE), ("ack", ACK)):
        report, _ = scan_source(manifests(tmp_path / name, body))
        # (the Crossplane buckets' provider tags are not on moto's buckets: not these types)
        assert [d for d in report["drifts"] if d["type"] in SETTINGS] == [], name
        unsupported = set(report["summary"].get("unsupported") or {})
        assert not unsupported & set(SETTINGS), name
        assert report["summary"]["managed"] == 5, name  # two buckets and the three settings
    # and a change live is drift in both
    logs_to("s3b-data", "s3b-access-logs", "elsewhere/")
    for name, body in (("xp", CROSSPLANE), ("ack", ACK)):
        report, _ = scan_source(manifests(tmp_path / name, body))
        found = [
            (d["type"], [c["path"] for c in d["changes"]])
            for d in report["drifts"]
            if d["type"] in SETTINGS
        ]
        assert found == [("aws_s3_bucket_logging", ["target_prefix"])], name
