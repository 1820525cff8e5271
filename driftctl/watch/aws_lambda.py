"""The Lambda entry point: handler `driftctl.watch.handler` (docs/watch.md, "Lambda").

Lambda delivers the events itself, in either of two shapes:

- an EventBridge rule whose target is the function: one event per invocation, the
  EventBridge event as the payload. An event whose processing fails (a read that failed)
  raises, so Lambda tries it again (twice, by default) and then hands it to the
  function's on-failure destination or dead-letter queue;
- an SQS event source mapping (the rule's queue): `{"Records": [{"messageId", "body",
  "attributes": {"ApproximateReceiveCount"}, "eventSourceARN"}, ...]}`, answered with
  `{"batchItemFailures": [{"itemIdentifier": ID}]}` (the mapping's
  `ReportBatchItemFailures`): the messages processed are deleted by Lambda, the failed
  ones come back after the queue's visibility timeout. As in `driftctl watch`, a message
  at its `DRIFTCTL_MAX_TRIES`-th delivery is dropped with a log line, unless the queue has
  a redrive policy: then it is left for SQS to move to the dead-letter queue.

The declared state comes from the environment (`DRIFTCTL_FROM`: any `--from` source, a
state in S3 `tfstate+s3://BUCKET/KEY` being the usual one for a function without git).
It is rendered, and the first complete scan made, once per container: the first
invocation pays for them, later ones reuse them (the watch's state is the module's, as
the process's is in `driftctl watch`). The lines go to stdout, the log to stderr: both to
CloudWatch Logs.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from driftctl import settings
from driftctl.errors import DriftctlError
from driftctl.rules import policy as rules_policy
from driftctl.util import redact
from driftctl.watch import loop
from driftctl.watch.sqs import Message, Queue
from driftctl.watch.start import connect, first_scan
from driftctl.watch.state import Watched

# the function's settings: its environment, as the command's are its flags
ENV_FROM = "DRIFTCTL_FROM"  # required: comma-separated --from sources
ENV_FILTER = "DRIFTCTL_FILTER"  # --filter
ENV_RULES = "DRIFTCTL_RULES"  # --rules files, comma-separated
ENV_MAX_TRIES = "DRIFTCTL_MAX_TRIES"  # --max-tries (3)
ENVIRONMENT = (ENV_FROM, ENV_FILTER, ENV_RULES, ENV_MAX_TRIES)


@dataclasses.dataclass
class Warm:
    """What a container keeps between invocations."""

    environment: tuple[str | None, ...]  # the variables it was started from
    watched: Watched
    max_tries: int
    tally: loop.Tally = dataclasses.field(default_factory=loop.Tally)
    redrive: dict[str, bool] = dataclasses.field(default_factory=dict)  # by queue ARN


_WARM: list[Warm] = []


class EventFailed(Exception):
    """An event of a direct invocation could not be processed: Lambda tries it again."""


def handler(event: Mapping[str, Any], context: Any = None) -> dict[str, Any]:
    """One invocation: an EventBridge event, or a batch of SQS messages."""
    warm = _warm()
    emit = loop.jsonl(sys.stdout.write, sys.stdout.flush)
    records = event.get("Records")
    if isinstance(records, list):
        return _batch(warm, records, emit)
    message = Message(str(event.get("id") or ""), "", json.dumps(event), 1)
    # never dropped here: a failed event is raised, and Lambda's retries decide
    bounds = loop.Bounds(max_tries=sys.maxsize)
    if not loop.process(message, warm.watched, emit, say, bounds, _Invocation(), warm.tally):
        raise EventFailed(f"event {message.id} failed (see the log line before this)")
    return {"lines": warm.tally.lines}


def _batch(warm: Warm, records: list[Any], emit: Any) -> dict[str, Any]:
    failures = []
    bounds = loop.Bounds(max_tries=warm.max_tries)
    for record in records:
        attributes = record.get("attributes") or {}
        message = Message(
            str(record.get("messageId") or ""),
            str(record.get("receiptHandle") or ""),
            str(record.get("body") or ""),
            int(attributes.get("ApproximateReceiveCount") or 1),
        )
        source = _Invocation(_redrive(warm, str(record.get("eventSourceARN") or "")))
        if not loop.process(message, warm.watched, emit, say, bounds, source, warm.tally):
            failures.append({"itemIdentifier": message.id})
    return {"batchItemFailures": failures}


class _Invocation:
    """The loop's Source for messages Lambda received and deletes itself."""

    url = "lambda"
    calls = 0

    def __init__(self, redrive: bool = True) -> None:
        self.redrive = redrive

    def check(self) -> None:
        pass

    def receive(self, most: int = 10) -> list[Message]:
        return []

    def delete(self, messages: Any) -> None:
        pass


def _redrive(warm: Warm, arn: str) -> bool:
    """Whether the queue an SQS record came from has a dead-letter queue (asked once per
    container: GetQueueAttributes, which an SQS event source mapping's role has)."""
    if arn not in warm.redrive:
        parts = arn.split(":")
        if len(parts) != 6 or parts[2] != "sqs":
            raise DriftctlError(f"an SQS record without a queue ARN ({arn!r})")
        region, account, name = parts[3], parts[4], parts[5]
        client = warm.watched.factory("sqs", region)
        queue = Queue(client, f"{client.meta.endpoint_url}/{account}/{name}")
        queue.check()
        warm.redrive[arn] = queue.redrive
    return warm.redrive[arn]


def say(text: str) -> None:
    sys.stderr.write(f"watch: {redact.text(text)}\n")
    sys.stderr.flush()


def _warm() -> Warm:
    """The container's watch, started on its first invocation (or when its environment
    changed: never on Lambda, where a change of configuration is a new container)."""
    environment = tuple(os.environ.get(name) for name in ENVIRONMENT)
    if _WARM and _WARM[0].environment == environment:
        return _WARM[0]
    _WARM.clear()
    try:
        warm = _start(environment)
    except DriftctlError as exc:  # one line in the log, and the invocation fails
        hint = f" ({exc.hint})" if exc.hint else ""
        say(f"error: {exc.message}{hint}")
        raise
    _WARM.append(warm)
    return warm


def _start(environment: tuple[str | None, ...]) -> Warm:
    sources, filter_, rules, max_tries = environment
    if not sources:
        raise DriftctlError(
            f"{ENV_FROM} is not set: the function has no declared state to compare with",
            f"set {ENV_FROM}=tfstate+s3://BUCKET/KEY (any --from source; docs/watch.md)",
        )
    tries = _max_tries(max_tries)
    conf = settings.build(
        settings.Options(
            sources=[sources],
            filter=filter_ or None,
            rules=[Path(r) for r in (rules or "").split(",") if r],
            quiet=True,
        )
    )
    policy = rules_policy.policy_for(conf)
    watched = first_scan(conf, connect(conf), policy, loop.clock)
    say(f"watching: {len(watched.known)} drifts already present; one line per drift found")
    return Warm(environment, watched, tries)


def _max_tries(text: str | None) -> int:
    if text is None or text == "":
        return loop.Bounds().max_tries
    if not text.isdigit() or int(text) < 1:
        raise DriftctlError(f"{ENV_MAX_TRIES}={text}: expected a whole number, at least 1")
    return int(text)
