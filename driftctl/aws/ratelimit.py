"""Client-side rate limiting: one token bucket per (service, region).

AWS throttles per account, per region and per API family; a scanner that fires
requests as fast as its threads allow gets `ThrottlingException: Rate exceeded`
and then waits in backoff. A token bucket keeps the request rate under the
service's budget up front; botocore's adaptive retry mode handles what still
gets throttled, and a `Retry-After` answer pauses the whole bucket.
"""

from __future__ import annotations

import email.utils
import math
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

# Sustained requests per second and burst, per service. EC2's documented budget for
# Describe* calls is a bucket of 100 refilled at 20/s; IAM and Organizations are
# account-wide and strict; S3's bucket-configuration reads are per bucket and generous.
DEFAULT_RATES: Mapping[str, tuple[float, float]] = {
    "ec2": (20.0, 100.0),
    "iam": (10.0, 20.0),
    # bucket-configuration reads go to many buckets, each its own S3 partition (S3 serves
    # 5,500 GETs/s per partition); no account-wide budget is published for them
    "s3": (3500.0, 3500.0),
    "sts": (20.0, 20.0),
    "organizations": (5.0, 10.0),
}
FALLBACK_RATE = (20.0, 40.0)
RETRY_AFTER_MAX = 60.0  # a longer Retry-After is capped: the scan reports, it does not hang


def retry_after_seconds(value: str, now: Callable[[], float] = time.time) -> float | None:
    """A Retry-After header's delay: delay-seconds, or an HTTP date (RFC 9110 10.2.3);
    None when it is neither."""
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            return None
        seconds = when.timestamp() - now()
    if math.isnan(seconds):
        return None
    return min(max(seconds, 0.0), RETRY_AFTER_MAX)


class TokenBucket:
    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst = rate, max(burst, 1.0)
        self._clock = clock
        self._tokens = self.burst
        self._stamp = clock()
        self._paused_until = 0.0
        self._lock = threading.Lock()

    def resize(self, rate: float, burst: float) -> None:
        with self._lock:
            self.rate, self.burst = rate, max(burst, 1.0)
            self._tokens = min(self._tokens, self.burst)

    def _reserve(self) -> float:
        """Take one token; return how long the caller must wait before sending."""
        with self._lock:
            now = self._clock()
            self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
            self._stamp = now
            self._tokens -= 1.0
            wait = 0.0 if self._tokens >= 0 else -self._tokens / self.rate
            return max(wait, self._paused_until - now)

    def acquire(self, sleep: Callable[[float], None] = time.sleep) -> float:
        wait = self._reserve()
        if wait > 0:
            sleep(wait)
        return wait

    def pause(self, seconds: float) -> None:
        with self._lock:
            self._paused_until = max(self._paused_until, self._clock() + seconds)


class RateLimiter:
    """Token buckets per (service, region), created on first use."""

    def __init__(self, max_rps: float | None = None, share: float = 1.0) -> None:
        self.max_rps = max_rps
        # the part of each budget this process may use: a scan spread over N processes
        # gives each 1/N, so together they stay within the service's budget
        self.share = share
        self._buckets: dict[tuple[str, str], TokenBucket] = {}
        self._lock = threading.Lock()
        self.waited = 0.0  # seconds spent waiting for tokens, for the stats line

    def _budget(self, service: str) -> tuple[float, float]:
        rate, burst = DEFAULT_RATES.get(service, FALLBACK_RATE)
        if self.max_rps is not None:
            rate, burst = min(rate, self.max_rps), min(burst, self.max_rps)
        return rate * self.share, burst * self.share

    def bucket(self, service: str, region: str) -> TokenBucket:
        with self._lock:
            key = (service, region)
            if key not in self._buckets:
                self._buckets[key] = TokenBucket(*self._budget(service))
            return self._buckets[key]

    def set_share(self, share: float) -> None:
        """Use `share` of each budget from now on (buckets already made included)."""
        with self._lock:
            self.share = share
            for (service, _), bucket in self._buckets.items():
                bucket.resize(*self._budget(service))

    def hooks(
        self, service: str, region: str, also: Callable[..., None] | None = None
    ) -> tuple[Callable[..., None], Callable[..., None]]:
        """(before-send, needs-retry) handlers for one client; `also` runs in before-send
        too (one handler per event: botocore's emit costs per handler)."""
        bucket = self.bucket(service, region)

        def before_send(**kwargs: Any) -> None:
            if also is not None:
                also(**kwargs)
            waited = bucket.acquire()
            if waited:
                with self._lock:
                    self.waited += waited

        def needs_retry(response: Any = None, **_: Any) -> None:
            http = response[0] if isinstance(response, tuple) and response else None
            retry_after = getattr(http, "headers", {}).get("Retry-After") if http else None
            seconds = retry_after_seconds(retry_after) if retry_after else None
            if seconds:
                bucket.pause(seconds)
            return None  # never decides the retry itself

        return before_send, needs_retry
