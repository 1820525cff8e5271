"""`driftctl scan --filter "Type=='aws_s3_bucket'"` calls S3 alone: under credentials that
may read S3 and nothing else (a proxy in front of moto denies every other service, as
IAM would), it succeeds; without the filter the same credentials fail with exit 2."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.faults.proxy import Fault, fault_proxy
from tests.kit.cli import driftctl

# every service but S3 and STS (GetCallerIdentity needs no permission) is denied
ONLY_S3 = [Fault("[!s]*", "deny"), Fault("s[!3t]*", "deny"), Fault("st[!s]*", "deny")]

HCL = """\
resource "aws_s3_bucket" "kept" {
  bucket = "kept"
  tags   = { Env = "prod" }
}

resource "aws_sqs_queue" "jobs" {
  name = "jobs"
}
"""


def test_a_scan_filtered_to_buckets_calls_s3_alone_and_needs_no_other_permission(
    endpoint: str, tmp_path: Path
) -> None:
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1")
    s3.create_bucket(Bucket="kept")
    s3.put_bucket_tagging(Bucket="kept", Tagging={"TagSet": [{"Key": "Env", "Value": "dev"}]})
    boto3.client("sqs", endpoint_url=endpoint, region_name="us-east-1").create_queue(
        QueueName="stray"
    )
    (tmp_path / "main.tf").write_text(HCL)
    args = ["scan", "--from", f"hcl://{tmp_path}", "--region", "us-east-1", "-o", "json://-"]

    with fault_proxy(endpoint, ONLY_S3) as (proxy, stats):
        narrowed = driftctl(
            *args, "--endpoint-url", proxy, "--filter", "Type=='aws_s3_bucket'", "--no-cache"
        )
    assert narrowed.code == 1, narrowed.stderr  # drift found, no error
    report = narrowed.report
    assert report["errors"] == []
    assert [(d["kind"], d["id"]) for d in report["drifts"]] == [("changed", "kept")]
    services = {op.split(":")[0] for op in stats.requests}
    assert services == {"s3", "sts"}, sorted(stats.requests)
    assert stats.made("s3:ListBuckets") == 1

    with fault_proxy(endpoint, ONLY_S3) as (proxy, stats):
        everything = driftctl(*args, "--endpoint-url", proxy, "--no-cache")
    assert everything.code == 2  # the same credentials cannot read the other services
    assert stats.injected_ops("deny")  # the proxy really denies them
