"""`--events cloudtrail`: CloudTrail's LookupEvents polled, for accounts without a rule.

Every `interval` seconds (60), each region is asked for its write events
(`ReadOnly=false`) of the last `overlap` seconds (15 minutes: LookupEvents shows an event
minutes after it happened, so each poll looks back that far), through the `lookup`
source's client (driftctl/attribution/lookup.py: paged, within LookupEvents' 2 calls a
second per region). Each record becomes a message as the queue would carry it (its
EventBridge envelope); one handed out and processed is never handed out again. One that
failed is handed out again at the next poll that still sees it, until `max_tries`, like
a queue's message; one older than the overlap is not seen again.
"""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from driftctl.attribution.lookup import LookupFailed, LookupSource
from driftctl.errors import DriftctlError
from driftctl.watch.events import envelope
from driftctl.watch.sqs import Message

INTERVAL = 60.0
OVERLAP = 900.0
DONE_KEPT = 100_000  # event ids processed, remembered so that a later poll skips them


class _Writes(LookupSource):
    def writes(self, region: str) -> list[dict[str, Any]]:
        return self._query(region, "ReadOnly", "false")


class TrailPoller:
    redrive = False  # no dead-letter queue: a message that keeps failing is dropped

    def __init__(
        self,
        client_for: Callable[[str], Any],
        regions: Sequence[str],
        interval: float = INTERVAL,
        overlap: float = OVERLAP,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.client_for, self.regions = client_for, tuple(dict.fromkeys(regions))
        self.interval, self.overlap = interval, overlap
        self.clock, self.sleep = clock, sleep
        self.url = "cloudtrail"
        self.calls = 0
        self._next = 0.0  # when the next poll is due (clock time)
        self._waiting: list[Message] = []
        self._tries: dict[str, int] = {}
        self._done: dict[str, None] = {}

    def check(self) -> None:
        """One poll at once: LookupEvents denied or unreachable fails here (exit 2)."""
        self._poll()

    def receive(self, most: int = 10) -> list[Message]:
        if not self._waiting:
            wait = self._next - self.clock()
            if wait > 0:
                self.sleep(wait)
            self._poll()
        out, self._waiting = self._waiting[:most], self._waiting[most:]
        return out

    def delete(self, messages: Sequence[Message]) -> None:
        for m in messages:
            self._done[m.id] = None
            self._tries.pop(m.id, None)
        while len(self._done) > DONE_KEPT:
            del self._done[next(iter(self._done))]

    def _poll(self) -> None:
        now = self.clock()
        self._next = now + self.interval
        end = datetime.datetime.fromtimestamp(now, datetime.timezone.utc)
        start = end - datetime.timedelta(seconds=self.overlap)
        source = _Writes(self.client_for, start, end)
        records: list[dict[str, Any]] = []
        for region in self.regions:
            try:
                records.extend(source.writes(region))
            except LookupFailed as exc:
                raise DriftctlError(
                    f"cannot poll CloudTrail: {exc}",
                    "the credentials need cloudtrail:LookupEvents in each watched region",
                ) from None
        self.calls += source.calls
        waiting = {m.id for m in self._waiting}
        fresh = []
        for record in sorted(
            records, key=lambda r: (str(r.get("eventTime")), str(r.get("eventID")))
        ):
            event_id = record.get("eventID")
            if not isinstance(event_id, str) or event_id in self._done or event_id in waiting:
                continue
            waiting.add(event_id)
            self._tries[event_id] = self._tries.get(event_id, 0) + 1
            body = json.dumps(envelope(record), sort_keys=True)
            fresh.append(Message(event_id, event_id, body, self._tries[event_id]))
        self._waiting.extend(fresh)
