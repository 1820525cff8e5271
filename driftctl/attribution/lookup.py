"""The `lookup` source: CloudTrail's LookupEvents in each region a drift is in.

One query per (region, resource name) where CloudTrail indexes the id (a type's
`Events.indexed`), else one per (region, event name), each paged to its end over the
window and cached for the run: a second drift on the same resource asks nothing again.
LookupEvents allows 2 calls a second per account and region; every call waits for a token
of that region's bucket first. A failed call is remembered as the region's failure: the
drifts it would have attributed are `unknown` with its reason, the scan goes on.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

from driftctl.aws.ratelimit import TokenBucket

CALLS_PER_SECOND = 2.0  # CloudTrail's LookupEvents quota, per account and region
PAGE_SIZE = 50  # the most LookupEvents returns per page


class LookupFailed(Exception):
    """A LookupEvents call failed: the reason, as an attribution's `unknown` says it."""


class LookupSource:
    def __init__(
        self,
        client_for: Callable[[str], Any],  # region -> a cloudtrail client
        start: datetime.datetime,
        end: datetime.datetime,
        sleep: Callable[[float], None] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self._client_for = client_for
        self._start, self._end = start, end
        self._sleep = sleep
        self._clock = clock
        self._buckets: dict[str, TokenBucket] = {}
        self._cache: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
        self._failed: dict[str, str] = {}
        self.calls = 0

    def by_resource(self, region: str, name: str) -> list[dict[str, Any]]:
        return self._query(region, "ResourceName", name)

    def by_event(self, region: str, event_name: str) -> list[dict[str, Any]]:
        return self._query(region, "EventName", event_name)

    def _bucket(self, region: str) -> TokenBucket:
        if region not in self._buckets:
            clock = {"clock": self._clock} if self._clock else {}
            self._buckets[region] = TokenBucket(CALLS_PER_SECOND, CALLS_PER_SECOND, **clock)
        return self._buckets[region]

    def _query(self, region: str, key: str, value: str) -> list[dict[str, Any]]:
        if region in self._failed:
            raise LookupFailed(self._failed[region])
        cached = self._cache.get((region, key, value))
        if cached is not None:
            return cached
        records: list[dict[str, Any]] = []
        params: dict[str, Any] = {
            "LookupAttributes": [{"AttributeKey": key, "AttributeValue": value}],
            "StartTime": self._start,
            "EndTime": self._end,
            "MaxResults": PAGE_SIZE,
        }
        try:
            client = self._client_for(region)
            while True:
                sleep = {"sleep": self._sleep} if self._sleep else {}
                self._bucket(region).acquire(**sleep)
                self.calls += 1
                page = client.lookup_events(**params)
                for event in page.get("Events") or ():
                    record = _record(event)
                    if record is not None:
                        records.append(record)
                token = page.get("NextToken")
                if not token:
                    break
                params["NextToken"] = token
        except Exception as exc:
            reason = _reason(exc, region)
            self._failed[region] = reason
            raise LookupFailed(reason) from exc
        self._cache[(region, key, value)] = records
        return records


def _record(event: Any) -> dict[str, Any] | None:
    """The CloudTrail record an event of LookupEvents carries (as a JSON string)."""
    text = event.get("CloudTrailEvent") if isinstance(event, dict) else None
    try:
        record = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


def _reason(exc: Exception, region: str) -> str:
    response = getattr(exc, "response", None)
    code = response.get("Error", {}).get("Code") if isinstance(response, dict) else None
    if code in ("AccessDenied", "AccessDeniedException", "UnauthorizedOperation"):
        return f"access denied to CloudTrail (cloudtrail:LookupEvents) in {region}"
    return f"CloudTrail LookupEvents failed in {region}: {code or type(exc).__name__}"
