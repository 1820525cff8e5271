"""End to end: `driftctl watch` as a process against moto's server, an out-of-band change
made through the CloudTrail recorder (tests/attribution/recorder.py) by a break-glass
role session, its record put on the queue as EventBridge delivers it: the watch prints
the drift's line with that actor, and stops on SIGTERM with 143 and no traceback. With
--approve, a rule that says `revert` puts such a change back and the lines say so.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
from pathlib import Path
from typing import Any

import boto3

from driftctl.watch.events import envelope
from tests.attribution.recorder import ACCOUNT, Recorder, recording_proxy
from tests.kit.cli import DRIFTCTL

REGION = "us-east-1"
ADMIN = {"type": "IAMUser", "arn": f"arn:aws:iam::{ACCOUNT}:user/admin", "userName": "admin"}
TRUST = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Allow", "Principal": {"AWS": ACCOUNT}, "Action": "sts:AssumeRole"}],
}


def _client(service: str, url: str, creds: dict[str, str] | None = None) -> Any:
    return boto3.client(service, region_name=REGION, endpoint_url=url, **(creds or {}))


def test_an_out_of_band_change_is_one_line_with_its_actor(endpoint: str, tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text(
        'resource "aws_s3_bucket" "data" {\n  bucket = "data-prod"\n  tags = { env = "prod" }\n}\n'
    )
    s3 = _client("s3", endpoint)
    s3.create_bucket(Bucket="data-prod")
    s3.put_bucket_tagging(Bucket="data-prod", Tagging={"TagSet": [{"Key": "env", "Value": "prod"}]})
    _client("iam", endpoint).create_role(
        RoleName="BreakGlass", AssumeRolePolicyDocument=json.dumps(TRUST)
    )
    sqs = _client("sqs", endpoint)
    queue = sqs.create_queue(QueueName="driftctl-events")["QueueUrl"]
    args = [
        *("watch", "--from", str(tmp_path), "--region", REGION, "--endpoint-url", endpoint),
        *("--events", f"sqs://{queue}", "--filter", "Type=='aws_s3_bucket'"),
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith("DCTL_")}
    proc = subprocess.Popen(
        [DRIFTCTL, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    guard = threading.Timer(240, proc.kill)  # a hung watch fails the test, never the run
    guard.start()
    try:
        assert proc.stderr is not None and proc.stdout is not None
        started = proc.stderr.readline()
        assert "watch: watching" in started, started + proc.stderr.read()
        recorder = Recorder(ADMIN)
        with recording_proxy(endpoint, recorder) as url:
            got = _client("sts", url).assume_role(
                RoleArn=f"arn:aws:iam::{ACCOUNT}:role/BreakGlass", RoleSessionName="bob"
            )["Credentials"]
            creds = {
                "aws_access_key_id": got["AccessKeyId"],
                "aws_secret_access_key": got["SecretAccessKey"],
                "aws_session_token": got["SessionToken"],
            }
            tags = {"TagSet": [{"Key": "env", "Value": "hotfix"}]}
            _client("s3", url, creds).put_bucket_tagging(Bucket="data-prod", Tagging=tags)
        (change,) = [r for r in recorder.records if r["eventName"] == "PutBucketTagging"]
        record = {k: v for k, v in change.items() if not k.startswith("_")}
        sqs.send_message(QueueUrl=queue, MessageBody=json.dumps(envelope(record)))
        line = json.loads(proc.stdout.readline())
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(60)
        err = proc.stderr.read()
    finally:
        guard.cancel()
        if proc.poll() is None:
            proc.kill()
    assert (line["status"], line["kind"], line["id"]) == ("drift", "changed", "data-prod")
    assert line["changes"] == [{"path": "tags.env", "expected": "prod", "actual": "hotfix"}]
    assert line["attribution"]["actor"] == "BreakGlass/bob"
    assert line["attribution"]["via"] == "sdk"
    assert 0 <= line["event_latency_ms"] < 60_000
    assert code == 143 and "Traceback" not in err
    assert "1 events, 1 lines" in err


def test_a_change_is_reverted_with_approve_and_verified(endpoint: str, tmp_path: Path) -> None:
    """The CLI with --approve: a tag changed by hand is put back, the lines say so, and the
    journal is where --journal-dir says."""
    (tmp_path / "main.tf").write_text(
        'resource "aws_s3_bucket" "data" {\n  bucket = "data-prod"\n  tags = { env = "prod" }\n}\n'
    )
    rules = tmp_path / "rules.yaml"
    rules.write_text("rules:\n  - {name: undo-tags, match: {path: 'tags.*'}, action: revert}\n")
    s3 = _client("s3", endpoint)
    s3.create_bucket(Bucket="data-prod")
    prod = {"TagSet": [{"Key": "env", "Value": "prod"}]}
    s3.put_bucket_tagging(Bucket="data-prod", Tagging=prod)
    sqs = _client("sqs", endpoint)
    queue = sqs.create_queue(QueueName="driftctl-events")["QueueUrl"]
    args = [
        *("watch", "--from", str(tmp_path), "--region", REGION, "--endpoint-url", endpoint),
        *("--events", f"sqs://{queue}", "--filter", "Type=='aws_s3_bucket'"),
        *("--rules", str(rules), "--approve", "--journal-dir", str(tmp_path / "journals")),
    ]
    env = {k: v for k, v in os.environ.items() if not k.startswith("DCTL_")}
    proc = subprocess.Popen(
        [DRIFTCTL, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    guard = threading.Timer(240, proc.kill)
    guard.start()
    try:
        assert proc.stderr is not None and proc.stdout is not None
        started = proc.stderr.readline()
        while "watch: watching" not in started and started:  # the declared state's origin first
            started = proc.stderr.readline()
        assert "watch: watching" in started, started + proc.stderr.read()
        hotfix = {"TagSet": [{"Key": "env", "Value": "hotfix"}]}
        s3.put_bucket_tagging(Bucket="data-prod", Tagging=hotfix)
        record = {
            "eventVersion": "1.09",
            "userIdentity": ADMIN,
            "eventTime": "2026-11-28T12:00:00Z",
            "eventSource": "s3.amazonaws.com",
            "eventName": "PutBucketTagging",
            "awsRegion": REGION,
            "requestParameters": {"bucketName": "data-prod"},
            "eventID": "e2e-revert-1",
            "recipientAccountId": ACCOUNT,
        }
        sqs.send_message(QueueUrl=queue, MessageBody=json.dumps(envelope(record)))
        lines = [json.loads(proc.stdout.readline()) for _ in range(3)]
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(60)
    finally:
        guard.cancel()
        if proc.poll() is None:
            proc.kill()
    assert [(ln["status"], ln["id"]) for ln in lines] == [
        ("drift", "data-prod"),
        ("reverted", "data-prod"),
        ("resolved", "data-prod"),
    ]
    assert Path(lines[1]["journal"]).parent == tmp_path / "journals"
    assert s3.get_bucket_tagging(Bucket="data-prod")["TagSet"] == prod["TagSet"]
    assert code == 143
