"""The watch loop: a first scan, then each event of the queue applied to it.

```
start: declared (rendered once) + a complete scan = the known drifts (not printed)
loop:  receive <= 10 (long poll) -> each message: parse -> writes -> read units ->
       splice -> report -> lines (drift / resolved / unknown) -> delete the batch
       -> the chores that are due (between receives, never inside a batch)
```

A chore is work on a clock rather than on an event: a periodic full scan, a re-render
when the declared state's source moved, a batched pull request, a report rewritten. Each
says when it is due; the loop runs the due ones after every receive (a long poll returns
within 20 s, so a chore is at most that late), under the same signal guard as a batch.

A message is deleted once processed. One that fails (not an EventBridge event, a read
that failed, a bug) stays on the queue and comes back after its visibility timeout; at
its `max_tries`-th delivery it is dropped with a line on stderr, unless the queue has a
redrive policy, which then moves it to the dead-letter queue. The first SIGINT/SIGTERM
lets the batch in hand finish (its messages deleted) and then stops; a second stops at
once (the batch's messages come back: at-least-once, and a redelivered event gives no
second line).
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from driftctl.util import interrupt
from driftctl.watch.events import BadMessage, parse_message
from driftctl.watch.metrics import Latency
from driftctl.watch.sqs import BATCH, Message
from driftctl.watch.state import Outcome, Watched

Say = Callable[[str], None]


class Source(Protocol):
    """Where messages come from: the SQS queue (sqs.py) or CloudTrail polled (trail.py)."""

    url: str
    calls: int
    redrive: bool  # failed messages are left for a dead-letter queue, never deleted

    def check(self) -> None: ...

    def receive(self, most: int = BATCH) -> list[Message]: ...

    def delete(self, messages: Sequence[Message]) -> None: ...


class Chore(Protocol):
    """Clock-driven work between receives (see the module's docstring)."""

    def due(self, now: float) -> bool: ...

    def run(self, watched: Watched, emit: Callable[[dict[str, Any]], None], say: Say) -> None: ...


@dataclasses.dataclass
class Tally:
    messages: int = 0  # received and handled (processed, ignored or dropped)
    events: int = 0  # CloudTrail events processed (duplicates and ignored ones excluded)
    lines: int = 0
    calls: int = 0  # read calls made for the events
    failed: int = 0  # tries that failed
    dropped: int = 0
    # for --metrics-port (metrics.py): lines by status, their latency, the last receive
    by_status: dict[str, int] = dataclasses.field(default_factory=dict)
    latency: Latency = dataclasses.field(default_factory=Latency)
    last_receive: float | None = None

    def count(self, line: dict[str, Any]) -> None:
        """One line printed: its status, and its event's latency when the event had a time."""
        status = str(line.get("status"))
        self.by_status[status] = self.by_status.get(status, 0) + 1
        latency = line.get("event_latency_ms")
        if isinstance(latency, (int, float)):
            self.latency.observe(latency / 1000)


@dataclasses.dataclass(frozen=True)
class Bounds:
    max_events: int | None = None  # stop after this many messages handled
    once: bool = False  # stop at the first receive that returns nothing
    max_tries: int = 3  # deliveries of a failing message before it is dropped


def handle(message: Message, watched: Watched) -> Outcome | None:
    """The outcome of one message; None when it carries no CloudTrail API call."""
    event = parse_message(message.body)
    return None if event is None else watched.handle(event)


def run(
    queue: Source,
    watched: Watched,
    emit: Callable[[dict[str, Any]], None],
    say: Say,
    bounds: Bounds = Bounds(),
    tally: Tally | None = None,
    chores: Sequence[Chore] = (),
) -> Tally:
    """Until the bounds are met (or a signal): tally counts what was done, kept up to
    date as it goes (the caller's, so that a stop by a signal still has it)."""
    tally = tally if tally is not None else Tally()
    while bounds.max_events is None or tally.messages < bounds.max_events:
        left = BATCH if bounds.max_events is None else bounds.max_events - tally.messages
        batch = queue.receive(left)
        tally.last_receive = watched.clock()
        with interrupt.finishing():
            if batch:
                done = [m for m in batch if process(m, watched, emit, say, bounds, queue, tally)]
                queue.delete(done)
            now = watched.clock()
            for chore in chores:
                if chore.due(now):
                    chore.run(watched, emit, say)
        if not batch and bounds.once:
            break
    return tally


def process(
    message: Message,
    watched: Watched,
    emit: Callable[[dict[str, Any]], None],
    say: Say,
    bounds: Bounds,
    queue: Source,
    tally: Tally,
) -> bool:
    """Process one message: whether it may be deleted now (the loop's, and the Lambda
    entry point's for each message Lambda hands it)."""
    tally.messages += 1
    try:
        outcome = handle(message, watched)
        why = None if outcome is None or outcome.complete else "a read failed (see its line)"
    except BadMessage as exc:
        outcome, why = None, str(exc)
    except Exception as exc:  # the poison-message boundary: logged, tried again, dropped
        outcome, why = None, f"{type(exc).__name__}: {exc}"
    if outcome is not None:
        for line in outcome.lines:
            emit(line)
            tally.count(line)
        tally.lines += len(outcome.lines)
        tally.calls += outcome.calls
        tally.events += 0 if outcome.duplicate else 1
    if why is None:
        return True
    tally.failed += 1
    if message.receives < bounds.max_tries:
        say(f"message {message.id} failed (try {message.receives}): {why}")
        return False
    tally.dropped += 1
    if queue.redrive:
        say(f"message {message.id} failed {message.receives} times ({why}): left for the DLQ")
        return False
    say(f"message {message.id} dropped after {message.receives} tries: {why}")
    return True


def jsonl(
    write: Callable[[str], Any], flush: Callable[[], Any]
) -> Callable[[dict[str, Any]], None]:
    """One JSON object a line, sorted keys, flushed at once (a pipe sees it immediately)."""

    def emit(line: dict[str, Any]) -> None:
        write(json.dumps(line, sort_keys=True, default=str) + "\n")
        flush()

    return emit


def clock() -> float:
    return time.time()
