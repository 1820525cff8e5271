"""The pytest plugin's round trip on in-process moto: `driftctl_snapshot` before a test and
`assert_no_leaks` after it (one live read, one full scan), for a 50-resource stack.

The stack (20 buckets, 10 of them tagged and versioned, 10 IAM roles, 1 VPC with 4 subnets and
5 security groups: 50 resources declared in one HCL file) is created in `mock_aws` with
boto3 first, which also warms moto's backends, as the fixtures that build a test's stack
do. Prints the median, best and worst of --rounds round trips; exits 1 when the median is
over --target seconds (goal: 2 s). The CPU time is printed too: on a shared, loaded
machine the wall time says more about the neighbours than about driftctl.

    python bench/fixture.py
    python bench/fixture.py --rounds 5 --target 2
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REGION = "us-east-1"
BUCKETS, ROLES, SUBNETS, GROUPS = 20, 10, 4, 5  # with the versioning and the VPC: 50
TRUST = {
    "Version": "2012-10-17",
    "Statement": [
        {
            "Effect": "Allow",
            "Action": "sts:AssumeRole",
            "Principal": {"Service": "lambda.amazonaws.com"},
        }
    ],
}

STACK = f"""
provider "aws" {{
  region = "{REGION}"
}}

resource "aws_s3_bucket" "b" {{
  count  = {BUCKETS // 2}
  bucket = "bench-${{count.index}}"
  tags   = {{ Bench = "fixture" }}
}}

resource "aws_s3_bucket_versioning" "b" {{
  count  = {BUCKETS // 2}
  bucket = aws_s3_bucket.b[count.index].id
  versioning_configuration {{
    status = "Enabled"
  }}
}}

resource "aws_s3_bucket" "plain" {{
  count  = {BUCKETS // 2}
  bucket = "bench-plain-${{count.index}}"
}}

resource "aws_iam_role" "r" {{
  count              = {ROLES}
  name               = "bench-role-${{count.index}}"
  assume_role_policy = jsonencode({json.dumps(TRUST)})
}}

resource "aws_vpc" "main" {{
  cidr_block = "10.7.0.0/16"
  tags       = {{ Name = "bench" }}
}}

resource "aws_subnet" "s" {{
  count      = {SUBNETS}
  vpc_id     = aws_vpc.main.id
  cidr_block = cidrsubnet("10.7.0.0/16", 8, count.index)
  tags       = {{ Name = "bench-${{count.index}}" }}
}}

resource "aws_security_group" "g" {{
  count       = {GROUPS}
  name        = "bench-sg-${{count.index}}"
  description = "bench"
  vpc_id      = aws_vpc.main.id
}}
"""


def build_stack() -> None:
    import boto3

    s3 = boto3.client("s3", region_name=REGION)
    for i in range(BUCKETS // 2):
        s3.create_bucket(Bucket=f"bench-{i}")
        s3.put_bucket_tagging(
            Bucket=f"bench-{i}", Tagging={"TagSet": [{"Key": "Bench", "Value": "fixture"}]}
        )
        s3.put_bucket_versioning(Bucket=f"bench-{i}", VersioningConfiguration={"Status": "Enabled"})
        s3.create_bucket(Bucket=f"bench-plain-{i}")
    iam = boto3.client("iam", region_name=REGION)
    for i in range(ROLES):
        iam.create_role(RoleName=f"bench-role-{i}", AssumeRolePolicyDocument=json.dumps(TRUST))
    ec2 = boto3.client("ec2", region_name=REGION)
    vpc = ec2.create_vpc(CidrBlock="10.7.0.0/16")["Vpc"]["VpcId"]
    ec2.create_tags(Resources=[vpc], Tags=[{"Key": "Name", "Value": "bench"}])
    for i in range(SUBNETS):
        subnet = ec2.create_subnet(VpcId=vpc, CidrBlock=f"10.7.{i}.0/24")["Subnet"]["SubnetId"]
        ec2.create_tags(Resources=[subnet], Tags=[{"Key": "Name", "Value": f"bench-{i}"}])
    for i in range(GROUPS):
        ec2.create_security_group(GroupName=f"bench-sg-{i}", Description="bench", VpcId=vpc)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--target", type=float, default=2.0)
    args = parser.parse_args(argv)
    from moto import mock_aws

    from driftctl.demo import emulator
    from driftctl.pytest_plugin import DriftctlConfig, Snapshot

    os.environ.pop("AWS_ENDPOINT_URL", None)
    os.environ.pop("AWS_PROFILE", None)
    with tempfile.TemporaryDirectory() as tmp, emulator.fake_credentials(), mock_aws():
        (Path(tmp) / "main.tf").write_text(STACK)
        started = time.perf_counter()
        build_stack()
        built = time.perf_counter() - started
        config = DriftctlConfig(from_=(tmp,), region=REGION, scan_args={"no_cache": False})
        times, cpu = [], []
        for _ in range(args.rounds):
            started, used = time.perf_counter(), time.process_time()
            before = Snapshot(config)  # the fixture, before the test
            leaks = before.assert_no_leaks()  # the check, after it (one full scan)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - used)  # moto's threads included
            assert leaks == []
        from driftctl import api

        report = api.scan(tmp, region=REGION)
    summary = report.summary
    median = statistics.median(times)
    print(
        f"fixture round trip (snapshot + scan), {summary['declared']} declared / "
        f"{summary['managed']} managed / {len(before.live.resources)} live resources, "
        f"in-process moto: median {median:.2f} s, best {min(times):.2f} s, worst "
        f"{max(times):.2f} s over {len(times)} rounds; CPU (driftctl and moto) median "
        f"{statistics.median(cpu):.2f} s; stack built in {built:.1f} s; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    if summary["managed"] < 50 or summary["changed"] or summary["missing"]:
        print(f"the stack did not scan as built: {summary}", file=sys.stderr)
        return 1
    return 0 if median <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
