"""The watch loop in process (driftctl/watch/): moto's SQS and S3 under `mock_aws`, events
put on the queue as EventBridge delivers them, the lines the loop emits.

Each test starts a watch of one declared bucket (`watched`, tagged env=prod), changes
AWS as a person would, puts the CloudTrail record of that change on the queue and runs
the loop over a bounded number of messages.
"""

from __future__ import annotations

import datetime
import json
import os
import signal
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boto3
import botocore.exceptions
import pytest

from driftctl import settings
from driftctl.cli import main
from driftctl.errors import DriftctlError
from driftctl.rules import policy as rules
from driftctl.util import interrupt
from driftctl.watch import loop
from driftctl.watch.events import envelope, parse_message
from driftctl.watch.sqs import Queue
from driftctl.watch.start import start
from driftctl.watch.state import Watched
from driftctl.watch.trail import TrailPoller

ACCOUNT = "123456789012"
EVENT_TIME = datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.timezone.utc)
LATENCY = 1.5  # seconds from the event to its line, on the watch's (pinned) clock
BOB = {
    "type": "AssumedRole",
    "arn": f"arn:aws:sts::{ACCOUNT}:assumed-role/BreakGlass/bob",
    "accountId": ACCOUNT,
}
ALICE = {"type": "IAMUser", "arn": f"arn:aws:iam::{ACCOUNT}:user/alice", "userName": "alice"}


def record(name: str, bucket: str, who: dict[str, Any] = BOB, **extra: Any) -> dict[str, Any]:
    """The CloudTrail record of an S3 write on `bucket`, as CloudTrail writes it."""
    return {
        "eventVersion": "1.09",
        "userIdentity": who,
        "eventTime": EVENT_TIME.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "eventSource": "s3.amazonaws.com",
        "eventName": name,
        "awsRegion": "us-east-1",
        "sourceIPAddress": "192.0.2.44",
        "userAgent": "aws-cli/2.15.0",
        "requestParameters": {"bucketName": bucket},
        "responseElements": None,
        "eventID": str(uuid.uuid4()),
        "recipientAccountId": ACCOUNT,
        "resources": [{"type": "AWS::S3::Bucket", "ARN": f"arn:aws:s3:::{bucket}"}],
        **extra,
    }


class Setup:
    def __init__(self, tmp_path: Path) -> None:
        (tmp_path / "main.tf").write_text(
            'resource "aws_s3_bucket" "b" {\n  bucket = "watched"\n  tags = { env = "prod" }\n}\n'
        )
        self.s3 = boto3.client("s3", region_name="us-east-1")
        self.sqs = boto3.client("sqs", region_name="us-east-1")
        self.s3.create_bucket(Bucket="watched")
        self.tag("prod")
        # visibility 0: a message left on the queue is delivered again at once
        made = self.sqs.create_queue(QueueName="events", Attributes={"VisibilityTimeout": "0"})
        self.url = made["QueueUrl"]
        conf = settings.build(
            settings.Options(sources=[str(tmp_path)], types=["aws_s3_bucket"], quiet=True)
        )
        clock = EVENT_TIME.timestamp() + LATENCY
        self.conf, self.policy = conf, rules.policy_for(conf)
        self.queue, self.watched = start(conf, self.policy, self.url, lambda: clock)
        self.queue.wait = 0  # no 20 s long poll in a test
        self.said: list[str] = []

    def tag(self, env: str) -> None:
        tags = {"TagSet": [{"Key": "env", "Value": env}]}
        self.s3.put_bucket_tagging(Bucket="watched", Tagging=tags)

    def put(self, *bodies: Any) -> None:
        for body in bodies:
            text = body if isinstance(body, str) else json.dumps(envelope(body))
            self.sqs.send_message(QueueUrl=self.url, MessageBody=text)

    def run(self, messages: int, max_tries: int = 3) -> list[dict[str, Any]]:
        lines: list[dict[str, Any]] = []
        bounds = loop.Bounds(max_events=messages, max_tries=max_tries)
        loop.run(self.queue, self.watched, lines.append, self.said.append, bounds)
        return lines

    def left(self) -> int:
        got = self.sqs.get_queue_attributes(
            QueueUrl=self.url, AttributeNames=["ApproximateNumberOfMessages"]
        )
        return int(got["Attributes"]["ApproximateNumberOfMessages"])


@pytest.fixture
def setup(aws: None, tmp_path: Path) -> Setup:
    return Setup(tmp_path)


def _units(watched: Watched, rec: dict[str, Any]) -> set[tuple[str, str]]:
    event = parse_message(json.dumps(envelope(rec)))
    assert event is not None
    return {(u.scan, str(u.id)) for u in watched.units(event)}


def test_an_event_maps_to_the_read_units_it_writes(setup: Setup) -> None:
    w = setup.watched
    scan = next(iter(_units(w, record("PutBucketTagging", "watched"))))[0]
    assert _units(w, record("PutBucketTagging", "watched")) == {(scan, "watched")}
    # a child type's event reads its bucket's unit
    assert _units(w, record("PutBucketVersioning", "watched")) == {(scan, "watched")}
    # a bucket made since the scan is read; a change to one never seen is not
    assert _units(w, record("CreateBucket", "new-one")) == {(scan, "new-one")}
    assert _units(w, record("PutBucketTagging", "never-seen")) == set()
    # a call AWS refused, a read, another account's bucket: nothing written here
    assert _units(w, record("PutBucketTagging", "watched", errorCode="AccessDenied")) == set()
    assert _units(w, record("GetBucketTagging", "watched")) == set()
    assert _units(w, record("PutBucketTagging", "watched", recipientAccountId="1" * 12)) == set()
    # a type this watch does not compare (it watches buckets only)
    group = {
        **record("AuthorizeSecurityGroupIngress", "x"),
        "eventSource": "ec2.amazonaws.com",
        "requestParameters": {"groupId": "sg-0123456789abcdef0"},
    }
    assert _units(w, group) == set()


def test_a_change_is_one_line_with_its_actor_however_often_it_is_delivered(
    setup: Setup,
) -> None:
    setup.tag("dev")
    change = record("PutBucketTagging", "watched")
    setup.put(change, change)  # at-least-once: the same event twice
    lines = setup.run(2)
    assert len(lines) == 1
    line = lines[0]
    assert (line["status"], line["kind"], line["type"], line["id"]) == (
        "drift",
        "changed",
        "aws_s3_bucket",
        "watched",
    )
    assert line["changes"] == [{"path": "tags.env", "expected": "prod", "actual": "dev"}]
    assert line["attribution"]["actor"] == "BreakGlass/bob"
    assert line["attribution"]["event_id"] == change["eventID"] == line["event_id"]
    assert line["event_latency_ms"] == LATENCY * 1000
    assert line["fingerprint"].startswith("sha256:")
    assert setup.left() == 0  # both deleted once processed
    # another event on the bucket that changes nothing: the drift is not reported again
    setup.put(record("PutBucketTagging", "watched"))
    assert setup.run(1) == []


def test_a_drift_undone_is_resolved_and_reported_again_when_it_comes_back(
    setup: Setup,
) -> None:
    setup.tag("dev")
    setup.put(record("PutBucketTagging", "watched"))
    assert [ln["status"] for ln in setup.run(1)] == ["drift"]
    setup.tag("prod")
    setup.put(record("PutBucketTagging", "watched", who=ALICE))
    (resolved,) = setup.run(1)
    assert resolved["status"] == "resolved" and resolved["id"] == "watched"
    assert resolved["changes"][0]["actual"] == "dev"  # the drift as it was reported
    assert resolved["attribution"]["actor"] == "alice"  # who resolved it
    setup.tag("dev")
    setup.put(record("PutBucketTagging", "watched"))
    assert [ln["status"] for ln in setup.run(1)] == ["drift"]


def test_a_bucket_made_by_hand_is_unmanaged_until_deleted(setup: Setup) -> None:
    setup.s3.create_bucket(Bucket="by-hand")
    setup.put(record("CreateBucket", "by-hand", who=ALICE))
    (made,) = setup.run(1)
    assert (made["status"], made["kind"], made["id"]) == ("drift", "unmanaged", "by-hand")
    assert made["created"] == "2026-11-28T12:00:00Z" and made["age_days"] == 0
    setup.s3.delete_bucket(Bucket="by-hand")
    setup.put(record("DeleteBucket", "by-hand", who=ALICE))
    assert [(ln["status"], ln["id"]) for ln in setup.run(1)] == [("resolved", "by-hand")]


def test_a_poison_message_is_dropped_after_its_tries_and_blocks_nothing(setup: Setup) -> None:
    setup.tag("dev")
    setup.put("not an event {", record("PutBucketTagging", "watched"))
    lines = setup.run(3, max_tries=2)  # the poison twice (visibility 0), the event once
    assert [ln["status"] for ln in lines] == ["drift"]
    assert setup.left() == 0
    failed = [s for s in setup.said if "not JSON" in s]
    assert len(failed) == 2 and "dropped after 2 tries" in failed[-1]


def test_once_drains_the_queue_and_stops_at_the_first_empty_poll(setup: Setup) -> None:
    setup.tag("dev")
    setup.put(record("PutBucketTagging", "watched"), record("PutBucketVersioning", "watched"))
    lines: list[dict[str, Any]] = []
    tally = loop.run(
        setup.queue, setup.watched, lines.append, setup.said.append, loop.Bounds(once=True)
    )
    assert (tally.messages, tally.events, len(lines)) == (2, 2, 1)
    assert setup.left() == 0


class _Every:
    """A chore due on every receive, recording the drifts the watch knew when it ran."""

    def __init__(self) -> None:
        self.runs: list[int] = []

    def due(self, now: float) -> bool:
        return True

    def run(self, watched: Watched, emit: Any, say: Any) -> None:
        self.runs.append(len(watched.known))


def test_due_chores_run_after_each_receive_the_empty_poll_included(setup: Setup) -> None:
    setup.tag("dev")
    setup.put(record("PutBucketTagging", "watched"))
    chore = _Every()
    loop.run(
        setup.queue,
        setup.watched,
        [].append,
        setup.said.append,
        loop.Bounds(once=True),
        chores=[chore],
    )
    # after the batch (the drift is known by then), and after the empty poll that ends it
    assert chore.runs == [1, 1]


def test_an_event_of_another_kind_is_deleted_without_a_line(setup: Setup) -> None:
    other = {"detail-type": "EC2 Instance State-change Notification", "detail": {}}
    setup.put(json.dumps(other))
    assert setup.run(1) == [] and setup.left() == 0 and setup.said == []


class _Denied:
    """An S3 client whose every call is refused (AccessDenied), as with a policy that
    does not allow the reads."""

    def __init__(self, client: Any) -> None:
        self.meta = client.meta

    def __getattr__(self, operation: str) -> Callable[..., Any]:
        def refuse(**_: Any) -> Any:
            error = {"Error": {"Code": "AccessDenied", "Message": "Access Denied"}}
            raise botocore.exceptions.ClientError(error, operation)  # type: ignore[arg-type]

        return refuse


def test_a_read_that_fails_is_unknown_never_in_sync(setup: Setup) -> None:
    setup.tag("dev")
    setup.put(record("PutBucketTagging", "watched"))
    assert [ln["status"] for ln in setup.run(1)] == ["drift"]
    setup.tag("prod")  # undone, but the watch cannot read it any more
    real = setup.watched.factory
    setup.watched.factory = lambda service, region: _Denied(real(service, region))
    setup.put(record("PutBucketTagging", "watched"))
    lines = setup.run(2, max_tries=2)  # tried twice, one line, then dropped
    assert [(ln["status"], ln["id"]) for ln in lines] == [("unknown", "watched")]
    assert "AccessDenied" in lines[0]["reason"]
    assert setup.watched.known  # the drift is still known: not resolved by a failed read
    assert any("dropped after 2 tries" in s for s in setup.said)


def test_a_queue_that_cannot_be_read_exits_2_with_one_line(
    aws: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "main.tf").write_text('resource "aws_s3_bucket" "b" {\n  bucket = "b"\n}\n')
    url = f"https://sqs.us-east-1.amazonaws.com/{ACCOUNT}/no-such-queue"
    code = main(["watch", "--from", str(tmp_path), "--events", f"sqs://{url}"])
    err = capsys.readouterr().err
    assert code == 2
    assert "cannot read the queue" in err and "no-such-queue" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ([], "watch needs --events"),
        (["--events", "kinesis://x"], "unknown event source"),
        (["--events", "sqs://nope"], "expected sqs://QUEUE_URL"),
        (["--events", "sqs://h/1/q", "-o", "console://"], "jsonl://stdout only"),
        (["--events", "sqs://h/1/q", "-o", "json://-"], "standard output is the watch's lines"),
        (["--events", "sqs://h/1/q", "--pr-every", "soon"], "--pr-every soon"),
        (["--events", "sqs://h/1/q", "--full-every", "6x"], "--full-every 6x"),
        (["--events", "sqs://h/1/q", "--pull", "0m"], "--pull 0m"),
        (["--events", "sqs://h/1/q", "--max-tries", "0"], "--max-tries 0"),
    ],
)
def test_bad_flags_are_one_line_and_exit_2(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["watch", *args]) == 2
    assert says in capsys.readouterr().err


def test_the_first_signal_lets_the_batch_finish_then_stops() -> None:
    done = []
    with pytest.raises(KeyboardInterrupt), interrupt.handling(), interrupt.finishing():
        os.kill(os.getpid(), signal.SIGTERM)
        done.append("rest of the batch")
    assert done == ["rest of the batch"] and interrupt.status() == 143


def test_a_second_signal_stops_the_batch_at_once() -> None:
    done = []
    with pytest.raises(KeyboardInterrupt), interrupt.handling(), interrupt.finishing():
        os.kill(os.getpid(), signal.SIGINT)
        os.kill(os.getpid(), signal.SIGINT)
        done.append("never")
    assert done == []


def test_a_queue_with_a_redrive_policy_keeps_failed_messages_for_its_dlq(setup: Setup) -> None:
    dlq = setup.sqs.create_queue(QueueName="dlq")["QueueUrl"]
    arn = setup.sqs.get_queue_attributes(QueueUrl=dlq, AttributeNames=["QueueArn"])
    policy = {"deadLetterTargetArn": arn["Attributes"]["QueueArn"], "maxReceiveCount": "2"}
    attrs = {"RedrivePolicy": json.dumps(policy)}
    setup.sqs.set_queue_attributes(QueueUrl=setup.url, Attributes=attrs)
    queue = Queue(setup.queue.client, setup.url, wait=0)
    queue.check()
    assert queue.redrive
    setup.queue = queue
    setup.put("not an event {")
    assert setup.run(2, max_tries=2) == []
    assert any("left for the DLQ" in s for s in setup.said)
    # its next delivery would be the third: SQS moves it to the DLQ instead
    assert "Messages" not in setup.sqs.receive_message(QueueUrl=setup.url, WaitTimeSeconds=0)
    got = setup.sqs.receive_message(QueueUrl=dlq, WaitTimeSeconds=0)
    assert [m["Body"] for m in got.get("Messages", [])] == ["not an event {"]


class FakeCloudTrail:
    """LookupEvents answering ReadOnly=false with the records it holds, in one page."""

    def __init__(self, records: list[dict[str, Any]], deny: bool = False) -> None:
        self.records, self.deny, self.asked = records, deny, 0

    def lookup_events(self, **params: Any) -> dict[str, Any]:
        self.asked += 1
        if self.deny:
            error = {"Error": {"Code": "AccessDeniedException", "Message": "no"}}
            raise botocore.exceptions.ClientError(error, "LookupEvents")  # type: ignore[arg-type]
        assert params["LookupAttributes"] == [
            {"AttributeKey": "ReadOnly", "AttributeValue": "false"}
        ]
        return {"Events": [{"CloudTrailEvent": json.dumps(r)} for r in self.records]}


def _poller(trail: FakeCloudTrail) -> TrailPoller:
    now = [EVENT_TIME.timestamp()]

    def sleep(seconds: float) -> None:
        now[0] += seconds

    return TrailPoller(lambda region: trail, ["us-east-1"], clock=lambda: now[0], sleep=sleep)


def test_cloudtrail_polled_gives_each_write_once(setup: Setup) -> None:
    setup.tag("dev")
    trail = FakeCloudTrail([record("PutBucketTagging", "watched")])
    setup.queue = _poller(trail)  # type: ignore[assignment]
    lines = setup.run(1)
    assert [(ln["status"], ln["attribution"]["actor"]) for ln in lines] == [
        ("drift", "BreakGlass/bob")
    ]
    # the next poll, a minute later, still sees the record: it is not handed out again
    # (it would be read again, and its bucket, now back to prod, resolved)
    setup.tag("prod")
    tally = loop.run(setup.queue, setup.watched, lines.append, print, loop.Bounds(once=True))
    assert (tally.messages, len(lines), trail.asked) == (0, 1, 2)


def test_cloudtrail_that_cannot_be_polled_is_an_error_naming_the_permission() -> None:
    poller = _poller(FakeCloudTrail([], deny=True))
    with pytest.raises(DriftctlError, match=r"cloudtrail:LookupEvents"):
        poller.check()
