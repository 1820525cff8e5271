"""Scan benchmark: N buckets (tagged), N security groups (one rule each), N IAM roles (tagged).

By default, the figures of issue #27: moto's server and bench/loopback_proxy.py run in
processes of their own, the proxy adds a round trip of --rtt seconds to every request and
replays moto's recorded answers (so the figures are the client's, not moto's); the scan
(the code `driftctl scan` runs) is timed --repeat times and the script prints API calls,
wall time, client CPU a call (getrusage of this process and of a sharded scan's
processes), its split by phase, and the speed-up over a serial scanner making the same
calls (bench/scale.py `mixed`, which this runs). The clean stack must report zero drift.

    python bench/scan.py                        # N = 100 (301 resources), RTT 100 ms
    python bench/scan.py -n 3334 --rtt 0.05 --recording /tmp/rec10k.json   # 10,003
    python bench/scan.py --processes 2          # the detail calls spread over 2 processes
    python bench/scan.py --local -n 100 -n 1000 # in-process timings, moto answering directly

`--local` prints resources, wall time of evaluate / scan / diff, API calls per operation
and calls per resource, against moto's server without a proxy.
`--local --unmanaged 50` adds 50 buckets nothing declares and counts the calls twice: as
`driftctl scan` makes them (the detail calls of resources nothing declares skipped) and as
`--deep-unmanaged` makes them (a second scan).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import boto3

from driftctl import settings
from driftctl.core.model import KINDS
from driftctl.demo import emulator
from driftctl.engine import pipeline

REGION = "us-east-1"


def create(endpoint: str, n: int) -> None:
    s3 = boto3.client("s3", region_name=REGION, endpoint_url=endpoint)
    ec2 = boto3.client("ec2", region_name=REGION, endpoint_url=endpoint)
    iam = boto3.client("iam", region_name=REGION, endpoint_url=endpoint)
    vpc = ec2.create_vpc(
        CidrBlock="10.0.0.0/16",
        TagSpecifications=[{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": "bench"}]}],
    )["Vpc"]["VpcId"]
    for i in range(n):
        s3.create_bucket(Bucket=f"bench-{i:05d}")
        s3.put_bucket_tagging(
            Bucket=f"bench-{i:05d}", Tagging={"TagSet": [{"Key": "n", "Value": str(i)}]}
        )
        gid = ec2.create_security_group(GroupName=f"bench-{i}", Description="bench", VpcId=vpc)[
            "GroupId"
        ]
        ec2.authorize_security_group_ingress(
            GroupId=gid,
            IpPermissions=[
                {
                    "IpProtocol": "tcp",
                    "FromPort": 443,
                    "ToPort": 443,
                    "IpRanges": [{"CidrIp": "10.0.0.0/8"}],
                }
            ],
        )
        iam.create_role(
            RoleName=f"bench-{i}",
            AssumeRolePolicyDocument="{}",
            Tags=[{"Key": "n", "Value": str(i)}],
        )


def stack(directory: Path, n: int) -> None:
    (directory / "main.tf").write_text(
        f"""
variable "n" {{
  default = {n}
}}

resource "aws_vpc" "bench" {{
  cidr_block = "10.0.0.0/16"
  tags       = {{ Name = "bench" }}
}}

resource "aws_s3_bucket" "b" {{
  count  = var.n
  bucket = format("bench-%05d", count.index)
  tags   = {{ n = tostring(count.index) }}
}}

resource "aws_security_group" "g" {{
  count       = var.n
  name        = "bench-${{count.index}}"
  description = "bench"
  vpc_id      = aws_vpc.bench.id
  ingress {{
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["10.0.0.0/8"]
  }}
}}

resource "aws_iam_role" "r" {{
  count              = var.n
  name               = "bench-${{count.index}}"
  assume_role_policy = "{{}}"
  tags               = {{ n = tostring(count.index) }}
}}
"""
    )


def run(n: int, endpoint: str, unmanaged: int = 0) -> int:
    urllib.request.urlopen(
        urllib.request.Request(f"{endpoint}/moto-api/reset", method="POST")
    ).close()
    t0 = time.monotonic()
    create(endpoint, n)
    s3 = boto3.client("s3", region_name=REGION, endpoint_url=endpoint)
    for i in range(unmanaged):
        s3.create_bucket(Bucket=f"stray-{i:05d}")
    setup = time.monotonic() - t0
    with tempfile.TemporaryDirectory() as tmp:
        stack(Path(tmp), n)
        conf = settings.build(
            settings.Options(sources=[f"hcl://{tmp}"], regions=[REGION], endpoint_url=endpoint)
        )
        t1 = time.monotonic()
        declared = pipeline.load_declared(conf)
        t2 = time.monotonic()
        live = pipeline.load_live(conf, declared=declared)
        t3 = time.monotonic()
        report = pipeline.scan_report(declared, live)
        t4 = time.monotonic()
        deep = pipeline.load_live(dataclasses.replace(conf, deep_unmanaged=True), declared=declared)
    assert deep.counter is not None
    deep_calls = sum(deep.counter.calls.values())
    assert live.counter is not None
    calls = sum(live.counter.calls.values())
    resources = sum(len(s.resources) for s in live.states.values())
    print(f"\n== N = {n}: {3 * n} created resources (setup {setup:.1f}s) ==")
    print(f"live resources scanned  {resources}")
    print(f"declared resources      {len(declared.resources)}")
    print(
        f"wall: evaluate {t2 - t1:.2f}s  scan {t3 - t2:.2f}s  "
        f"diff+report {t4 - t3:.2f}s  total {t4 - t1:.2f}s"
    )
    print(
        f"API calls               {calls} ({calls / max(resources, 1):.2f} per live resource, "
        f"{live.counter.retries} retries)"
    )
    print(
        f"  --deep-unmanaged        {deep_calls} ({deep_calls / max(resources, 1):.2f} "
        "per live resource)"
    )
    for op, count in sorted(live.counter.calls.items()):
        print(f"  {op:42s} {count}")
    drift = {k: report.summary[k] for k in KINDS}
    print(f"drift on the clean stack: {drift}")
    return (
        0
        if drift["unmanaged"] == unmanaged
        and not drift["changed"] + drift["missing"]
        and not report.errors
        else 1
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", type=int, action="append", help="resources of each kind (repeatable)")
    parser.add_argument("--rtt", type=float, default=0.100, help="seconds added per round trip")
    parser.add_argument("--repeat", type=int, default=3, help="timed scans (best and median)")
    parser.add_argument("--processes", type=int, help="the scan's --processes")
    parser.add_argument("--recording", type=Path, help="answers saved on the first run, replayed")
    parser.add_argument("--local", action="store_true", help="in-process timings, no proxy")
    parser.add_argument("--unmanaged", type=int, default=0, help="buckets nothing declares")
    args = parser.parse_args()
    status = 0
    if not args.local:
        import scale  # imports this module for the stack (create, stack)

        urllib.request.getproxies = dict  # type: ignore[assignment]  # loopback only
        for n in args.n or [100]:
            status |= scale.mixed(n, args.rtt, args.repeat, args.recording, args.processes)
        return status
    with emulator.fake_credentials(), emulator.moto_server() as endpoint:
        for n in args.n or [100]:
            status |= run(n, endpoint, args.unmanaged)
    return status


if __name__ == "__main__":
    sys.exit(main())
