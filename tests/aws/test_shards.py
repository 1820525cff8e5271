"""Spreading a scan's detail calls over processes: how many, how cut, what is handed over."""

from __future__ import annotations

import botocore.session
import pytest

from driftctl.aws import shards
from driftctl.aws.accounts import Session
from driftctl.aws.ratelimit import DEFAULT_RATES, RateLimiter


@pytest.mark.parametrize(("n", "parts"), [(0, 1), (5, 1), (10, 3), (11, 4), (100, 7)])
def test_split_keeps_order_and_evens_the_parts(n: int, parts: int) -> None:
    calls = list(range(n))
    cut = shards.split(calls, parts)
    assert len(cut) == parts
    assert [c for part in cut for c in part] == calls  # consecutive runs, in order
    assert max(map(len, cut)) - min(map(len, cut)) <= 1


def test_every_core_from_six_thousand_detail_calls_unless_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(shards.os, "cpu_count", lambda: 8)
    assert shards.SHARD_CALLS == 6_000
    assert shards.processes_for(None, shards.SHARD_CALLS - 1) == 1
    assert shards.processes_for(None, shards.SHARD_CALLS) == 8
    assert shards.processes_for(3, 10) == 3  # --processes wins either way
    assert shards.processes_for(1, 1_000_000) == 1


def test_the_handed_over_credentials_are_the_sessions_and_never_printed() -> None:
    core = botocore.session.Session()
    core.set_credentials("AKIAEXAMPLE", "secret-key-value", "token-value")
    remote = shards.remote_for(Session(core), "http://127.0.0.1:9", 3, None)
    assert remote is not None
    assert (remote.access_key, remote.secret_key, remote.token) == (
        "AKIAEXAMPLE",
        "secret-key-value",
        "token-value",
    )
    assert "secret" not in repr(remote) and "AKIA" not in repr(remote)


def test_processes_share_each_rate_budget() -> None:
    rate, burst = DEFAULT_RATES["ec2"]
    limiter = RateLimiter()
    before = limiter.bucket("ec2", "us-east-1")
    limiter.set_share(0.25)  # this process is one of four
    assert (before.rate, before.burst) == (rate / 4, burst / 4)
    after = limiter.bucket("ec2", "eu-west-1")  # made after: the share holds too
    assert (after.rate, after.burst) == (rate / 4, burst / 4)
    limiter.set_share(1.0)
    assert (before.rate, before.burst) == (rate, burst)
