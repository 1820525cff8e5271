"""The credentials preflight (sts:GetCallerIdentity) under faults: throttling is retried up
to --max-attempts and then named as throttling; an endpoint that does not answer fails fast."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.faults.helpers import Injected, clean, run
from tests.faults.proxy import Fault, fault_proxy

STS = "sts:GetCallerIdentity"


@pytest.fixture
def source(tmp_path: Path) -> Path:
    (tmp_path / "main.tf").write_text('resource "aws_s3_bucket" "b" {\n  bucket = "acme-b"\n}\n')
    return tmp_path


def scan(proxy: str, source: Path, *extra: str, hang: bool = False) -> tuple[int, str]:
    got = run("scan", "--from", f"hcl://{source}", "--endpoint-url", proxy, *extra, hang=hang)
    return got.code, got.stderr


def test_a_throttled_preflight_is_retried_up_to_max_attempts(
    endpoint: str, source: Path, injected: Injected
) -> None:
    with fault_proxy(endpoint, [Fault(STS, "throttle", times=3)]) as (proxy, stats):
        code, err = scan(proxy, source, "--max-attempts", "4")
    injected.record("scan", stats)
    assert stats.made(STS) == 4  # three throttled, the fourth answered
    assert code == 1, err  # the scan ran: the declared bucket is missing
    assert "error" not in err


@pytest.mark.parametrize("kind", ["throttle", "5xx"])
def test_a_preflight_throttled_every_time_says_so_and_not_refresh_the_credentials(
    endpoint: str, source: Path, injected: Injected, kind: str
) -> None:
    with fault_proxy(endpoint, [Fault(STS, kind)]) as (proxy, stats):
        code, err = scan(proxy, source, "--max-attempts", "3")
    injected.record("scan", stats)
    assert code == 2
    assert stats.made(STS) == 3
    lines = err.splitlines()
    if kind == "throttle":
        assert lines[0] == (
            "error: sts:GetCallerIdentity was throttled on all 3 attempts "
            "(Throttling: Rate exceeded)"
        )
        assert "wait and run it again, or raise --max-attempts" in lines[1]
    else:
        assert lines[0].startswith("error: sts:GetCallerIdentity failed on all 3 attempts")
        assert "server error" in lines[1]
    assert "refresh the AWS credentials" not in err
    assert "Traceback" not in err


@pytest.mark.parametrize("kind", ["drop", "hang"])
def test_a_preflight_without_an_answer_fails_after_two_attempts(
    endpoint: str, source: Path, injected: Injected, kind: str
) -> None:
    with fault_proxy(endpoint, [Fault(STS, kind)]) as (proxy, stats):
        code, err = scan(proxy, source, "--max-attempts", "8", hang=kind == "hang")
    injected.record("scan", stats)
    assert code == 2
    assert stats.made(STS) == 2  # an endpoint that does not answer: not 8 attempts
    first = err.splitlines()[0]
    if kind == "hang":
        assert first == f"error: the AWS endpoint {proxy}/ did not answer within 2 s " + (
            "(sts:GetCallerIdentity)"
        )
    else:
        assert first == (
            f"error: the AWS endpoint {proxy}/ closed the connection without an answer "
            "(sts:GetCallerIdentity)"
        )


@pytest.mark.parametrize("kind", ["deny", "garbage"])
def test_a_preflight_denied_or_garbled_is_one_line_at_once(
    endpoint: str, source: Path, injected: Injected, kind: str
) -> None:
    with fault_proxy(endpoint, [Fault(STS, kind)]) as (proxy, stats):
        code, err = scan(proxy, source)
    injected.record("scan", stats)
    assert code == 2
    assert stats.made(STS) == 1
    first = err.splitlines()[0]
    if kind == "deny":
        assert first.startswith("error: sts:GetCallerIdentity failed: AccessDenied")
    else:
        assert first.startswith("error: sts:GetCallerIdentity failed:"), first
    assert clean(err)
