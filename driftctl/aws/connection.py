"""The scan's AWS session, opened and checked once (one sts:GetCallerIdentity).

`start` sends the identity call on a thread and returns at once, so a command can read
its rule files and declared sources while the answer travels; the clients the scan will
use are made while waiting for it (`Pending.result(prewarm=...)`). Any error, from a
missing region to expired credentials, is raised by `result()`, so a command reports
problems in its own order (a bad rule file before bad credentials).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterable
from typing import Any

from driftctl.aws import accounts
from driftctl.aws import session as aws_session
from driftctl.aws.ratelimit import RateLimiter
from driftctl.aws.regions import check_region, known_regions
from driftctl.errors import DriftctlError
from driftctl.settings import Settings


@dataclasses.dataclass(frozen=True)
class Connection:
    """The scan's AWS session, checked: its clients, call counter and rate limiter, and
    whose credentials they are."""

    base: Any  # boto3.Session
    region: str  # the first --region: global services and the caller's identity
    counter: aws_session.CallCounter
    limiter: RateLimiter
    factory: aws_session.ClientFactory
    caller: dict[str, str]  # account_id, arn, user_id, region, partition


class Pending:
    """A session whose identity call is in flight (or that already failed to open)."""

    def __init__(
        self,
        opened: Connection | None,
        error: BaseException | None = None,
        max_attempts: int = 8,  # of the identity call, when throttled (--max-attempts)
        unknown_region: bool = False,  # of a region's form, but not one botocore knows
    ) -> None:
        self._opened = opened  # caller still {} until the identity call answers
        self._unknown_region = unknown_region
        self._max_attempts = max_attempts
        self._error = error
        self._caller: dict[str, str] = {}
        self._thread: threading.Thread | None = None
        if opened is not None:
            self._thread = threading.Thread(target=self._identify, name="sts", daemon=True)
            self._thread.start()

    @property
    def region(self) -> str | None:
        return self._opened.region if self._opened is not None else None

    def _identify(self) -> None:
        assert self._opened is not None
        conn = self._opened
        try:
            self._caller = aws_session.caller_context(
                conn.factory, conn.counter, conn.region, self._max_attempts
            )
        except BaseException as exc:  # raised again by result(), in the caller's thread
            self._error = exc

    def result(self, prewarm: Iterable[tuple[str, str]] = ()) -> Connection:
        """The checked connection; first makes the clients `prewarm` names ((service,
        region) pairs) while the identity call is in flight."""
        for service, region in prewarm:
            if self._opened is None or self._error is not None:
                break  # the session failed: its clients would be made for nothing
            self._opened.factory(service, region)
        if self._thread is not None:
            self._thread.join()
        if self._error is not None:
            if isinstance(self._error, DriftctlError) and self._unknown_region:
                assert self._opened is not None
                # the form of a region, but none botocore knows: more likely a typo than an
                # outage
                raise DriftctlError(
                    f"{self._error.message} (region {self._opened.region} is not one this "
                    "botocore knows)",
                    "check the region's spelling; if it is new, upgrade botocore",
                ) from self._error
            raise self._error
        assert self._opened is not None
        return dataclasses.replace(self._opened, caller=self._caller)


def start(settings: Settings, fallback_region: str | None = None) -> Pending:
    """Open the session and send its identity call; never raises (see Pending.result).
    fallback_region: used when neither --region nor the profile names one (revert --undo:
    the journal's region)."""
    try:
        base = settings.session or accounts.base_session(settings.profile)
        region = (settings.regions or (base.region_name or fallback_region,))[0]
        if not region:
            raise DriftctlError("no AWS region configured", "pass --region or set AWS_REGION")
        if not settings.regions:  # --region and AWS_REGION were checked with the settings
            check_region(region, f"the AWS profile's region {region}")
        counter, limiter = aws_session.CallCounter(), RateLimiter(settings.scale.max_rps)
        scale = settings.scale
        factory = aws_session.make_client_factory(
            base,
            settings.endpoint_url,
            counter,
            limiter,
            scale.max_attempts,
            read_timeout=scale.read_timeout,
        )
        factory("sts", region)  # made here: the identity call goes out as soon as it can
    except Exception as exc:
        return Pending(None, exc)
    unknown = settings.endpoint_url is None and region not in known_regions()
    return Pending(
        Connection(base, region, counter, limiter, factory, {}),
        None,
        scale.max_attempts,
        unknown,
    )


def open_session(settings: Settings, fallback_region: str | None = None) -> Connection:
    """The checked AWS session (start(...).result())."""
    return start(settings, fallback_region).result()
