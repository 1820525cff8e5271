"""--processes: a scan spread over several processes reports exactly what one process does."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import boto3

from bench.loopback_proxy import ProxyConfig, loopback_proxy
from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from tests.kit.cli import Run, driftctl


def scan(proxy_of: str, tmp_path: Path, processes: int) -> tuple[Run, bytes, Counter[str]]:
    """A scan through a counting proxy: the run, its saved live snapshot, the requests."""
    snapshot = tmp_path / f"live-{processes}.json"
    with loopback_proxy(ProxyConfig(proxy_of)) as (proxy, stats):
        run = driftctl(
            "scan", "--from", str(FIXTURE), "--endpoint-url", proxy, "--processes",
            str(processes), "--save-live", str(snapshot), "-o", "json://-",
        )  # fmt: skip
    return run, snapshot.read_bytes(), Counter(stats.requests)


def test_a_scan_over_three_processes_equals_one_process_byte_for_byte(
    endpoint: str, tmp_path: Path
) -> None:
    ids = demo_stack.apply(endpoint)
    demo_stack.drift(endpoint, ids)  # changed, missing and unmanaged resources to report
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1")
    for i in range(12):  # more buckets: each process gets several items' detail calls
        s3.create_bucket(Bucket=f"extra-{i:02d}")
        tags = {"TagSet": [{"Key": "n", "Value": str(i)}]}
        s3.put_bucket_tagging(Bucket=f"extra-{i:02d}", Tagging=tags)

    one, one_live, one_requests = scan(endpoint, tmp_path, 1)
    three, three_live, three_requests = scan(endpoint, tmp_path, 3)

    assert one.code == three.code == 1, (one.stderr, three.stderr)
    assert "processes" not in one.stderr
    assert "; 3 processes)" in " ".join(three.stderr.split())  # really spread out
    report = one.report
    assert {d["kind"] for d in report["drifts"]} == {"changed", "missing", "unmanaged"}
    assert three.stdout == one.stdout  # the report, byte for byte
    assert three_live == one_live  # the live snapshot, byte for byte
    assert three_requests == one_requests  # the same calls, none made twice
