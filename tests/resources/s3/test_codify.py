"""Codify for the bucket settings on moto: a console change to the logging prefix is
written back into the HCL that declares it, and the rewritten HCL scans clean. A changed
lifecycle rule or notification block is a set element changed whole (the declared one
gone, the live one extra): codify leaves those to a person, pointing at the declaration,
and never edits a block it cannot place."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import boto3

from driftctl import settings
from driftctl.codify.base import Context
from driftctl.codify.plan import make_plan
from driftctl.engine import pipeline
from driftctl.pullrequest.flow import _live_index
from tests.resources.helpers import REGION, drifts, scan, write
from tests.resources.s3.common import log_target, logs_to

TYPES = (
    "aws_s3_bucket_lifecycle_configuration",
    "aws_s3_bucket_logging",
    "aws_s3_bucket_notification",
)
QUEUE_ARN = f"arn:aws:sqs:{REGION}:123456789012:s3b-events"
HCL = f"""
resource "aws_s3_bucket" "data" {{
  bucket = "s3b-data"
}}

resource "aws_s3_bucket" "logs" {{
  bucket = "s3b-logs"
}}

resource "aws_s3_bucket_lifecycle_configuration" "data" {{
  bucket = aws_s3_bucket.data.id
  rule {{
    id     = "expire-tmp"
    status = "Enabled"
    filter {{
      prefix = "tmp/"
    }}
    expiration {{
      days = 7
    }}
  }}
}}

resource "aws_s3_bucket_logging" "data" {{
  bucket        = aws_s3_bucket.data.id
  target_bucket = aws_s3_bucket.logs.id
  target_prefix = "data/"
}}

resource "aws_s3_bucket_notification" "data" {{
  bucket = aws_s3_bucket.data.id
  queue {{
    queue_arn = "{QUEUE_ARN}"
    events    = ["s3:ObjectCreated:*"]
  }}
}}
"""


def _console_changes() -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket="s3b-data")
    log_target("s3b-logs")
    rule = {"ID": "expire-tmp", "Status": "Enabled", "Filter": {"Prefix": "tmp/"}}
    s3.put_bucket_lifecycle_configuration(
        Bucket="s3b-data",
        LifecycleConfiguration={"Rules": [{**rule, "Expiration": {"Days": 30}}]},
    )
    logs_to("s3b-data", "s3b-logs", "elsewhere/")
    queue = {"QueueArn": QUEUE_ARN, "Events": ["s3:ObjectCreated:*", "s3:ObjectRemoved:*"]}
    s3.put_bucket_notification_configuration(
        Bucket="s3b-data", NotificationConfiguration={"QueueConfigurations": [queue]}
    )


def test_console_changes_are_written_back_into_the_hcl(aws: None, tmp_path: Path) -> None:
    _console_changes()
    directory = write(
        tmp_path / "tf",
        HCL + 'resource "aws_s3_bucket_policy" "logs" {\n'
        "  bucket = aws_s3_bucket.logs.id\n  policy = jsonencode({})\n}\n",
    )
    conf = settings.build(
        settings.Options(sources=[f"hcl://{directory}"], regions=[REGION], no_cache=True)
    )
    declared = pipeline.load_declared(conf, provenance=True)
    live = pipeline.load_live(conf)
    report = pipeline.scan_report(declared, live)
    wanted = [dataclasses.replace(d, action="pr") for d in report.drifts if d.type in TYPES]
    assert sorted(d.type for d in wanted) == sorted(TYPES)
    plan = make_plan(wanted, Context(directory, declared, _live_index(live), {}))
    humans = sorted((h.drift.type, h.where) for h in plan.humans)
    assert humans == [
        ("aws_s3_bucket_lifecycle_configuration", "main.tf:10"),
        ("aws_s3_bucket_notification", "main.tf:30"),
    ]
    (directory / "main.tf").write_text(plan.files["main.tf"][1])
    text = (directory / "main.tf").read_text()
    assert 'target_prefix = "elsewhere/"' in text
    left = [d[1].split(".")[0] for d in drifts(scan(directory))]
    assert sorted(t for t in left if t in TYPES) == [TYPES[0], TYPES[2]]
