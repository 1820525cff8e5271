"""The Lambda entry point (`driftctl.watch.handler`, driftctl/watch/aws_lambda.py) in
process, on moto: invoked as an EventBridge rule's target (one event) and as an SQS event
source mapping's (a batch, failures reported per message), its watch started once per
container from the environment."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl import watch
from driftctl.errors import DriftctlError
from driftctl.watch import aws_lambda
from driftctl.watch.events import envelope
from tests.watch.test_watch import record


@pytest.fixture
def function(aws: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A declared bucket (env=prod), live as declared, and a cold container."""
    (tmp_path / "main.tf").write_text(
        'resource "aws_s3_bucket" "b" {\n  bucket = "watched"\n  tags = { env = "prod" }\n}\n'
    )
    s3 = boto3.client("s3", region_name="us-east-1")
    s3.create_bucket(Bucket="watched")
    s3.put_bucket_tagging(Bucket="watched", Tagging={"TagSet": [{"Key": "env", "Value": "prod"}]})
    monkeypatch.setenv(aws_lambda.ENV_FROM, str(tmp_path))
    monkeypatch.setenv(aws_lambda.ENV_FILTER, "Type=='aws_s3_bucket'")
    monkeypatch.delenv(aws_lambda.ENV_RULES, raising=False)
    monkeypatch.delenv(aws_lambda.ENV_MAX_TRIES, raising=False)
    aws_lambda._WARM.clear()
    yield s3
    aws_lambda._WARM.clear()


OTHER = {"detail-type": "EC2 Instance State-change Notification", "detail": {}}


def _tag(s3: Any, env: str) -> None:
    s3.put_bucket_tagging(Bucket="watched", Tagging={"TagSet": [{"Key": "env", "Value": env}]})


def _lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_an_eventbridge_event_is_one_line_and_the_container_stays_warm(
    function: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert watch.handler(OTHER, None) == {"lines": 0}  # cold: rendered, scanned in sync
    _tag(function, "dev")
    answer = watch.handler(envelope(record("PutBucketTagging", "watched")), None)
    (line,) = _lines(capsys)
    assert (line["status"], line["id"], answer) == ("drift", "watched", {"lines": 1})
    assert line["attribution"]["actor"] == "BreakGlass/bob"
    warm = aws_lambda._WARM[0]
    _tag(function, "prod")
    watch.handler(envelope(record("PutBucketTagging", "watched")), None)
    assert [ln["status"] for ln in _lines(capsys)] == ["resolved"]
    assert [warm] == aws_lambda._WARM  # no second render, no second first scan


def _sqs_record(body: str, receives: int, queue_arn: str) -> dict[str, Any]:
    return {
        "messageId": f"m-{receives}-{len(body)}",
        "receiptHandle": "r",
        "body": body,
        "attributes": {"ApproximateReceiveCount": str(receives)},
        "eventSourceARN": queue_arn,
    }


def test_an_sqs_batch_reports_its_failed_messages_and_drops_a_poison_one_at_its_last_try(
    function: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    sqs = boto3.client("sqs", region_name="us-east-1")
    url = sqs.create_queue(QueueName="events")["QueueUrl"]
    arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"][
        "QueueArn"
    ]
    watch.handler(OTHER, None)  # cold start: the bucket in sync
    _tag(function, "dev")
    good = json.dumps(envelope(record("PutBucketTagging", "watched")))
    batch = {
        "Records": [
            _sqs_record(good, 1, arn),
            _sqs_record("not json {", 1, arn),  # tried again: a failure Lambda keeps
            _sqs_record("still not json {", 3, arn),  # its third try: dropped, deleted
        ]
    }
    answer = watch.handler(batch, None)
    assert answer == {"batchItemFailures": [{"itemIdentifier": "m-1-10"}]}
    out, err = capsys.readouterr()
    assert [json.loads(line)["status"] for line in out.splitlines()] == ["drift"]
    assert "dropped after 3 tries" in err


def test_a_function_without_its_declared_state_fails_with_one_line(
    function: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv(aws_lambda.ENV_FROM)
    with pytest.raises(DriftctlError, match="DRIFTCTL_FROM is not set"):
        watch.handler(envelope(record("PutBucketTagging", "watched")), None)
    assert "watch: error: DRIFTCTL_FROM is not set" in capsys.readouterr().err
