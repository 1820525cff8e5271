"""--processes, and the processes a large declared state starts ahead: a scan spread over
several processes reports exactly what one process does."""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from pathlib import Path

import boto3
import pytest

from bench.loopback_proxy import ProxyConfig, loopback_proxy
from driftctl import settings
from driftctl.aws import shards
from driftctl.commands.demo import FIXTURE
from driftctl.core.model import Report
from driftctl.demo import stack as demo_stack
from driftctl.engine import pipeline
from driftctl.engine.scopes import LiveRun
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


def _declared_buckets(endpoint: str, tmp_path: Path) -> Path:
    """Twelve tagged buckets in moto, ten of them declared (one with another tag live)."""
    s3 = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1")
    hcl = []
    for i in range(12):
        s3.create_bucket(Bucket=f"ahead-{i:02d}")
        s3.put_bucket_tagging(
            Bucket=f"ahead-{i:02d}", Tagging={"TagSet": [{"Key": "n", "Value": str(i)}]}
        )
        if i < 10:
            hcl.append(
                f'resource "aws_s3_bucket" "b{i}" {{\n  bucket = "ahead-{i:02d}"\n'
                f'  tags = {{ n = "{i if i != 3 else 33}" }}\n}}\n'
            )
    (tmp_path / "main.tf").write_text("\n".join(hcl))
    return tmp_path


def _scan(endpoint: str, src: Path, processes: int | None) -> tuple[Report, LiveRun]:
    conf = settings.build(
        settings.Options(
            sources=[f"hcl://{src}"],
            regions=["us-east-1"],
            endpoint_url=endpoint,
            processes=processes,
            quiet=True,
        )
    )
    declared, run = pipeline.declared_and_live(conf)
    return pipeline.scan_report(declared, run), run


def test_processes_started_ahead_for_a_large_declared_state_report_what_one_process_does(
    endpoint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A declared state at the standby's size starts the other process while the scan
    lists (thresholds lowered to this small stack's size): it makes half the detail calls,
    the report is one process's, and no process is left behind."""
    src = _declared_buckets(endpoint, tmp_path)
    monkeypatch.setattr(shards, "STANDBY_DECLARED", 10)
    monkeypatch.setattr(shards, "STANDBY_CALLS", 20)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    ahead, ahead_run = _scan(endpoint, src, None)
    assert ahead_run.processes == 2
    assert multiprocessing.active_children() == []
    one, one_run = _scan(endpoint, src, 1)
    assert one_run.processes == 1
    assert sorted((d.kind, d.id) for d in one.drifts) == [
        ("changed", "ahead-03"),
        ("unmanaged", "ahead-10"),
        ("unmanaged", "ahead-11"),
    ]
    assert ahead.drifts == one.drifts
    assert ahead.summary == one.summary


def test_processes_started_ahead_and_not_needed_are_stopped(
    endpoint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large declared state whose scan turns out to have few detail calls: the process
    started ahead is stopped, and the scan is made here."""
    src = _declared_buckets(endpoint, tmp_path)
    monkeypatch.setattr(shards, "STANDBY_DECLARED", 10)
    monkeypatch.setattr(shards, "STANDBY_CALLS", 10_000)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    report, run = _scan(endpoint, src, None)
    assert run.processes == 1
    assert multiprocessing.active_children() == []
    assert sorted(d.id for d in report.drifts) == ["ahead-03", "ahead-10", "ahead-11"]
