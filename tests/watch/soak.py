"""A day of events through one watch: `python -m tests.watch.soak N` prints a JSON line of
what N events cost (tests/watch/test_soak.py runs it in a process of its own, bounded in
time).

Real: the loop (`loop.run`), the message parsing, the event -> resource mapping, the
duplicate memory, the narrow re-read's splice, the report made again, the lines, over a
watch started by a real first scan of one declared bucket on moto (in process). Stood in
for: the queue (an in-memory Source handing out the messages as SQS would, 10 a receive)
and the bucket's tags on a re-read (Reader.attrs answers the value the event set, without
an AWS call: 100,000 calls to moto would measure moto). One event in 100 flips the
watched bucket's tag (a line each); the others tag buckets the watch never saw (read
nothing, as a real account's noise), each event id distinct.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import boto3
from moto import mock_aws

from driftctl import settings
from driftctl.demo import emulator
from driftctl.revert.readers import Reader
from driftctl.rules import policy as rules
from driftctl.watch import loop, state
from driftctl.watch.events import envelope
from driftctl.watch.sqs import Message
from driftctl.watch.start import start

ACCOUNT = "123456789012"
SEEN = 5_000  # the duplicate memory's cap here (state.SEEN_EVENTS is 100,000): it must hold
WHO = {"type": "IAMUser", "arn": f"arn:aws:iam::{ACCOUNT}:user/alice", "userName": "alice"}


def _body(i: int) -> str:
    bucket = "watched" if i % 100 == 0 else f"noise-{i % 997}"
    record = {
        "eventVersion": "1.09",
        "userIdentity": WHO,
        "eventTime": "2026-11-28T12:00:00Z",
        "eventSource": "s3.amazonaws.com",
        "eventName": "PutBucketTagging",
        "awsRegion": "us-east-1",
        "requestParameters": {"bucketName": bucket},
        "eventID": f"soak-{i}",
        "recipientAccountId": ACCOUNT,
    }
    return json.dumps(envelope(record))


class Stream:
    """The queue: message i on the i-th delivery, 10 a receive, deleted when handed back."""

    url, redrive = "memory://soak", False

    def __init__(self) -> None:
        self.calls = self.sent = self.deleted = 0

    def check(self) -> None:
        pass

    def receive(self, most: int = 10) -> list[Message]:
        out = [Message(f"m{i}", "r", _body(i), 1) for i in range(self.sent, self.sent + most)]
        self.sent += len(out)
        return out

    def delete(self, messages: Sequence[Message]) -> None:
        self.deleted += len(messages)


def main(events: int) -> dict[str, Any]:
    os.environ.update({**emulator.FAKE_CREDENTIALS, "AWS_REGION": "us-east-1"})
    for name in ("AWS_ENDPOINT_URL", "AWS_PROFILE"):
        os.environ.pop(name, None)
    with mock_aws(), tempfile.TemporaryDirectory() as where:
        s3 = boto3.client("s3", region_name="us-east-1")
        s3.create_bucket(Bucket="watched")
        s3.put_bucket_tagging(Bucket="watched", Tagging={"TagSet": [{"Key": "env", "Value": "a"}]})
        (Path(where) / "main.tf").write_text(
            'resource "aws_s3_bucket" "b" {\n  bucket = "watched"\n  tags = { env = "a" }\n}\n'
        )
        conf = settings.build(
            settings.Options(sources=[where], types=["aws_s3_bucket"], quiet=True)
        )
        queue_url = boto3.client("sqs", region_name="us-east-1").create_queue(QueueName="q")
        _, watched = start(conf, rules.policy_for(conf), queue_url["QueueUrl"], time.time)
        flips = iter(range(events))
        Reader.attrs = lambda self, unit, touched: {  # type: ignore[method-assign]
            "tags": {"env": "b" if next(flips) % 2 == 0 else "a"}
        }
        state.SEEN_EVENTS = SEEN
        stream, lines = Stream(), [0]

        def emit(line: dict[str, Any]) -> None:
            lines[0] += 1

        tally = loop.Tally()
        tenth = max(1, events // 10)
        gc.collect()
        tracemalloc.start()
        started = time.perf_counter()
        loop.run(stream, watched, emit, lambda _: None, loop.Bounds(max_events=tenth), tally)
        gc.collect()
        at_tenth = tracemalloc.get_traced_memory()[0]
        loop.run(stream, watched, emit, lambda _: None, loop.Bounds(max_events=events), tally)
        gc.collect()
        at_end, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return {
            "events": tally.events,
            "lines": lines[0],
            "deleted": stream.deleted,
            "seen": len(watched.seen),
            "seen_cap": SEEN,
            "bytes_at_tenth": at_tenth,
            "bytes_at_end": at_end,
            "peak_bytes": peak,
            "seconds": round(time.perf_counter() - started, 2),
        }


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)))
