"""aws_s3_bucket_logging on moto: read by the bucket scan, compared, reverted, an
unmanaged one found and turned off; the inline forms (provider v3, CloudFormation,
ACK) read as the same target."""

from __future__ import annotations

from pathlib import Path

import boto3
import pytest

from driftctl.resources.s3 import bucket_logging as logging
from tests.resources.helpers import REGION, drifts, plan_calls, run, scan, write
from tests.resources.s3.common import log_target, logs_to

TYPE = "aws_s3_bucket_logging"
HCL = """
resource "aws_s3_bucket" "site" {
  bucket = "s3b-site"
}

resource "aws_s3_bucket" "access_logs" {
  bucket = "s3b-access-logs"
}

resource "aws_s3_bucket" "other" {
  bucket = "s3b-other"
}

resource "aws_s3_bucket_logging" "site" {
  bucket        = aws_s3_bucket.site.id
  target_bucket = aws_s3_bucket.access_logs.id
  target_prefix = "site/"
}
"""


def _setup() -> None:
    s3 = boto3.client("s3", region_name=REGION)
    for name in ("s3b-site", "s3b-other"):
        s3.create_bucket(Bucket=name)
    log_target("s3b-access-logs")
    logs_to("s3b-site", "s3b-access-logs", "site/")


def _status(bucket: str) -> dict[str, str] | None:
    found = boto3.client("s3", region_name=REGION).get_bucket_logging(Bucket=bucket)
    enabled: dict[str, str] | None = found.get("LoggingEnabled")
    return enabled


HCL_POLICY = """
resource "aws_s3_bucket_policy" "access_logs" {
  bucket = aws_s3_bucket.access_logs.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "logging.s3.amazonaws.com" }
      Action    = ["s3:PutObject"]
      Resource  = "arn:aws:s3:::s3b-access-logs/*"
    }]
  })
}
"""


def test_in_sync_and_a_bucket_without_logging_is_aws_default(aws: None, tmp_path: Path) -> None:
    _setup()
    assert drifts(scan(write(tmp_path / "hcl", HCL + HCL_POLICY))) == []


def test_a_changed_prefix_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    _setup()
    logs_to("s3b-site", "s3b-access-logs", "elsewhere/")
    directory = write(tmp_path / "hcl", HCL + HCL_POLICY)
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.site", ["target_prefix"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == [] and [c.operation for c in calls] == ["put_bucket_logging"]
    run(calls)
    assert _status("s3b-site") == {"TargetBucket": "s3b-access-logs", "TargetPrefix": "site/"}
    assert drifts(scan(directory)) == []


def test_logging_turned_off_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    _setup()
    s3 = boto3.client("s3", region_name=REGION)
    s3.put_bucket_logging(Bucket="s3b-site", BucketLoggingStatus={})
    directory = write(tmp_path / "hcl", HCL + HCL_POLICY)
    assert drifts(scan(directory)) == [
        ("changed", f"{TYPE}.site", ["target_bucket", "target_prefix"])
    ]
    run(plan_calls(tmp_path, directory)[0])
    assert drifts(scan(directory)) == []


def test_hand_made_logging_is_unmanaged_and_turned_off(aws: None, tmp_path: Path) -> None:
    _setup()
    logs_to("s3b-other", "s3b-access-logs", "other/")
    directory = write(tmp_path / "hcl", HCL + HCL_POLICY)
    assert drifts(scan(directory)) == [("unmanaged", f"{TYPE}.s3b-other", [])]
    run(plan_calls(tmp_path, directory)[0])
    assert _status("s3b-other") is None
    assert drifts(scan(directory)) == []


@pytest.mark.parametrize(
    ("inline", "convert"),
    [
        ([{"target_bucket": "t", "target_prefix": "p/"}], logging._tf_inline),
        (
            {"LoggingConfiguration": {"DestinationBucketName": "t", "LogFilePrefix": "p/"}},
            logging._cfn_inline,
        ),
        (
            {"logging": {"loggingEnabled": {"targetBucket": "t", "targetPrefix": "p/"}}},
            logging._ack_inline,
        ),
    ],
)
def test_inline_forms_read_as_the_same_target(inline: object, convert: object) -> None:
    assert callable(convert)
    assert convert(inline) == {"target_bucket": "t", "target_prefix": "p/"}
