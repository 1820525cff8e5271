"""The token bucket: steady rate, bursts, and Retry-After pauses (on a fake clock)."""

from __future__ import annotations

from types import SimpleNamespace

from driftctl.aws.ratelimit import RateLimiter, TokenBucket


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
