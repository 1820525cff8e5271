"""--max-rps end to end: the cap a user passes bounds the scan's request rate, and the
time spent waiting for it is reported, in single- and multi-account scans."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from bench.loopback_proxy import ProxyConfig, loopback_proxy
from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from driftctl.resources.registry import SCANS
from tests.e2e.test_scale import ACCOUNTS, ROLE, account_session
from tests.kit.cli import driftctl

# a bucket's calls: its tags and one read per bucket setting
PER_BUCKET = len(SCANS["s3_buckets"].details)

STATS = re.compile(
    r"scanned in ([\d.]+)s with (\d+) API calls .* ([\d.]+)s waiting for rate limits"
)


def stats_line(stderr: str) -> tuple[float, float]:
    """(seconds the scan took, seconds spent waiting for rate-limit tokens) as printed."""
    found = STATS.search(stderr)
    assert found, stderr
    return float(found[1]), float(found[2])


def test_max_rps_spaces_the_calls_of_each_service(endpoint: str) -> None:
    demo_stack.apply(endpoint)
    rps = 8
    with loopback_proxy(ProxyConfig(endpoint)) as (proxy, stats):
        run = driftctl(
            "scan", "--from", str(FIXTURE), "--endpoint-url", proxy, "--max-rps", str(rps),
            "-o", "json://-",
        )  # fmt: skip
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["drifts"] == []
    per_service = Counter[str]()
    for op, n in stats.requests.items():
        per_service[op.split(":")[0]] += n
    # one region: a bucket of `rps` tokens refilled at `rps`/s per service lets n calls
    # through no sooner than (n - rps) / rps seconds after the first
    floor = max((n - rps) / rps for n in per_service.values())
    s3_calls = 1 + PER_BUCKET * 3  # ListBuckets, then each of the 3 buckets' reads
    assert per_service["s3"] == s3_calls and floor == (s3_calls - rps) / rps
    took, waited = stats_line(run.stderr)
    assert took >= floor - 0.05
    assert waited >= floor


def test_every_accounts_rate_limit_waits_are_reported(endpoint: str, tmp_path: Path) -> None:
    """Each account is read with its own limiter; the stats line sums them all."""
    for account in ACCOUNTS:
        s3 = account_session(endpoint, account).client(
            "s3", endpoint_url=endpoint, region_name="us-east-1"
        )
        for i in range(2):
            s3.create_bucket(Bucket=f"logs-{i}-{account}")
    (tmp_path / "main.tf").write_text("")
    rps = 5
    with loopback_proxy(ProxyConfig(endpoint)) as (proxy, stats):
        run = driftctl(
            "scan", "--from", f"hcl://{tmp_path}", "--endpoint-url", proxy, "--region",
            "us-east-1", "--accounts", ",".join(ACCOUNTS), "--account-role", ROLE,
            "--max-rps", str(rps), "-o", "json://-",
        )  # fmt: skip
    assert run.code == 1, run.stderr
    assert json.loads(run.stdout)["errors"] == []
    s3_calls = sum(n for op, n in stats.requests.items() if op.startswith("s3:"))
    per_account_calls = 1 + PER_BUCKET * 2
    assert s3_calls == len(ACCOUNTS) * per_account_calls
    took, waited = stats_line(run.stderr)
    # per account, n S3 calls through a bucket of 2 tokens at 2/s: the last is sent
    # (n - 2) / 2 s after the first, and the detail calls, sent together, wait
    # 0 + 0.5 + ... at least; the accounts are read side by side
    per_account = (per_account_calls - rps) / rps
    assert took >= per_account - 0.05
    assert waited >= len(ACCOUNTS) * per_account, run.stderr  # not only the caller STS call
