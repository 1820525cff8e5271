"""The token bucket: steady rate, bursts, and Retry-After pauses (on a fake clock)."""

from __future__ import annotations

import time
from types import SimpleNamespace

import boto3
import botocore.exceptions
import pytest
from botocore.retries import adaptive, standard

from bench.loopback_proxy import ProxyConfig, loopback_proxy
from driftctl.aws.ratelimit import RateLimiter, TokenBucket, retry_after_seconds
from driftctl.aws.session import CallCounter, make_client_factory


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_a_burst_passes_then_requests_are_spaced_at_the_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=10.0, burst=5.0, clock=clock)
    waits = [bucket.acquire(clock.sleep) for _ in range(8)]
    assert waits[:5] == [0.0] * 5
    assert [round(w, 3) for w in waits[5:]] == [0.1, 0.1, 0.1]
    assert round(clock.now, 3) == 0.3  # 8 requests at 10/s after a burst of 5


def test_retry_after_pauses_the_bucket() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=100.0, burst=100.0, clock=clock)
    bucket.pause(2.0)
    assert bucket.acquire(clock.sleep) == 2.0


def test_the_needs_retry_hook_reads_retry_after_and_never_decides() -> None:
    limiter = RateLimiter()
    _, needs_retry = limiter.hooks("s3", "us-east-1")
    response = (SimpleNamespace(headers={"Retry-After": "3"}), {})
    assert needs_retry(response=response) is None
    assert limiter.bucket("s3", "us-east-1")._paused_until > 0


def test_max_rps_caps_every_service() -> None:
    limiter = RateLimiter(max_rps=2.0)
    assert limiter.bucket("s3", "eu-west-1").rate == 2.0
    assert limiter.bucket("ec2", "eu-west-1").burst == 2.0


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        ("0.3", 0.3),
        ("2", 2.0),
        ("Wed, 21 Oct 2015 07:28:10 GMT", 10.0),  # an HTTP date, 10 s after "now"
        ("Wed, 21 Oct 2015 07:27:00 GMT", 0.0),  # already past
        ("3600", 60.0),  # capped: a scan reports, it does not hang for an hour
        ("soon", None),
        ("nan", None),
    ],
)
def test_retry_after_is_read_as_seconds_or_as_an_http_date(
    header: str, seconds: float | None
) -> None:
    now = 1445412480.0  # Wed, 21 Oct 2015 07:28:00 GMT
    assert retry_after_seconds(header, now=lambda: now) == seconds


@pytest.fixture
def only_driftctl_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """botocore's own waits off (its jittered backoff ignores Retry-After; the adaptive
    client limiter), so what is measured is driftctl's Retry-After pause alone."""
    monkeypatch.setattr(standard.ExponentialBackoff, "delay_amount", lambda self, ctx: 0.0)
    monkeypatch.setattr(
        adaptive.ClientRateLimiter, "on_sending_request", lambda self, request, **kw: None
    )


@pytest.mark.parametrize("retry_after", [0.4, None])
@pytest.mark.usefixtures("only_driftctl_waits")
def test_a_throttled_call_is_retried_only_after_retry_after(retry_after: float | None) -> None:
    """The proxy answers every request with S3's SlowDown (and Retry-After when set); the
    client built as a scan builds it retries after the header's delay, with --max-attempts 2
    sending exactly two requests."""
    conf = ProxyConfig("http://127.0.0.1:9", throttle_share=1.0, retry_after=retry_after)
    limiter = RateLimiter()
    with loopback_proxy(conf) as (url, stats):
        session = boto3.Session(aws_access_key_id="a", aws_secret_access_key="b")
        factory = make_client_factory(session, url, CallCounter(), limiter, max_attempts=2)
        s3 = factory("s3", "us-east-1")
        started = time.monotonic()
        with pytest.raises(botocore.exceptions.ClientError) as raised:
            s3.list_buckets()
        elapsed = time.monotonic() - started
    assert raised.value.response["Error"]["Code"] == "SlowDown"
    assert sum(stats.requests.values()) == 2  # --max-attempts counts the first attempt
    if retry_after is not None:
        assert elapsed >= retry_after
        assert limiter.waited >= retry_after - 0.05  # shown as rate-limit waits
    else:
        assert elapsed < 0.3  # without the header nothing here waits: the pause is ours
