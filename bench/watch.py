"""`driftctl watch`: event -> line latency, read calls per event, events a second.

The stand-in: moto's server on 127.0.0.1 holding bench/scan.py's stack (N buckets, N
security groups with one rule, N IAM roles, all declared), behind bench/loopback_proxy.py,
which adds --rtt seconds to every request driftctl makes (SQS and the reads alike). The
out-of-band changes and the queue's messages are made straight on moto (they are the
world's doing, not the watch's). Each event is the CloudTrail record of the change, in
an EventBridge envelope, as tests/watch/test_watch.py writes them: a tag set on a bucket
(PutBucketTagging), a rule opened or closed on a group (Authorize/Revoke
SecurityGroupIngress), a tag set on a role (TagRole), in turn. Each change flips its
resource between drifted and in sync, so every event gives one line (drift or resolved).

Two phases, each over --events events (default 1,000):

- latency: one event at a time, the queue idle: the change, its message, then the loop
  takes it; latency is from the message being sent to its line (the time spent in
  CloudTrail and EventBridge before the queue is not in it: AWS documents CloudTrail ->
  EventBridge as best effort, typically well under a minute);
- throughput: all the events put on the queue first, then the loop drains it (batches of
  10): events a second on one process.

    python bench/watch.py                       # N = 100, 1,000 events, 100 ms RTT
    python bench/watch.py --events 200 --rtt 0  # CPU only (moto's included)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boto3

sys.path.insert(0, str(Path(__file__).resolve().parent))

from loopback_proxy import ProxyConfig, loopback_proxy
from scan import REGION, create, stack

from driftctl import settings
from driftctl.demo import emulator
from driftctl.rules import policy as rules
from driftctl.watch import loop
from driftctl.watch.events import envelope
from driftctl.watch.start import start

ACCOUNT = "123456789012"
WHO = {"type": "AssumedRole", "arn": f"arn:aws:sts::{ACCOUNT}:assumed-role/BreakGlass/bob"}
RULE = {"IpProtocol": "tcp", "FromPort": 22, "ToPort": 22, "IpRanges": [{"CidrIp": "0.0.0.0/0"}]}


class World:
    """The out-of-band changes, made on moto directly, and their CloudTrail records."""

    def __init__(self, endpoint: str, n: int) -> None:
        def client(service: str) -> Any:
            return boto3.client(service, region_name=REGION, endpoint_url=endpoint)

        self.s3, self.ec2, self.iam, self.sqs = (client(s) for s in ("s3", "ec2", "iam", "sqs"))
        groups = self.ec2.describe_security_groups(
            Filters=[{"Name": "group-name", "Values": ["bench-*"]}]
        )["SecurityGroups"]
        self.groups = {g["GroupName"]: g["GroupId"] for g in groups}
        self.n = n
        self.flips: dict[str, bool] = {}

    def change(self, k: int) -> dict[str, Any]:
        """The k-th change: bucket, group, role in turn; each flips its resource."""
        i = (k // 3) % self.n
        kind = k % 3
        key = f"{kind}:{i}"
        on = self.flips[key] = not self.flips.get(key, False)
        if kind == 0:
            value = "drifted" if on else str(i)
            tags = {"TagSet": [{"Key": "n", "Value": value}]}
            self.s3.put_bucket_tagging(Bucket=f"bench-{i:05d}", Tagging=tags)
            return _record("s3", "PutBucketTagging", {"bucketName": f"bench-{i:05d}"})
        if kind == 1:
            gid = self.groups[f"bench-{i}"]
            if on:
                self.ec2.authorize_security_group_ingress(GroupId=gid, IpPermissions=[RULE])
            else:
                self.ec2.revoke_security_group_ingress(GroupId=gid, IpPermissions=[RULE])
            name = "AuthorizeSecurityGroupIngress" if on else "RevokeSecurityGroupIngress"
            return _record("ec2", name, {"groupId": gid})
        value = "drifted" if on else str(i)
        self.iam.tag_role(RoleName=f"bench-{i}", Tags=[{"Key": "n", "Value": value}])
        return _record("iam", "TagRole", {"roleName": f"bench-{i}"})


def _record(service: str, name: str, params: dict[str, Any]) -> dict[str, Any]:
    return {
        "eventVersion": "1.09",
        "userIdentity": WHO,
        "eventTime": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "eventSource": f"{service}.amazonaws.com",
        "eventName": name,
        "awsRegion": REGION,
        "requestParameters": params,
        "eventID": str(uuid.uuid4()),
        "recipientAccountId": ACCOUNT,
    }


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", type=int, default=100, help="resources of each kind")
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--rtt", type=float, default=0.1, help="seconds added to each request")
    args = parser.parse_args()
    with (
        emulator.fake_credentials(),
        emulator.moto_server() as moto,
        tempfile.TemporaryDirectory() as tmp,
    ):
        create(moto, args.n)
        stack(Path(tmp), args.n)
        world = World(moto, args.n)
        url = world.sqs.create_queue(QueueName="bench")["QueueUrl"]
        with loopback_proxy(ProxyConfig(moto, delay=args.rtt)) as (proxy, stats):
            conf = settings.build(
                settings.Options(
                    sources=[f"hcl://{tmp}"], regions=[REGION], endpoint_url=proxy, quiet=True
                )
            )
            t0 = time.monotonic()
            queue, watched = start(conf, rules.policy_for(conf), url, loop.clock)
            first = time.monotonic() - t0
            scan_calls = sum(watched.run.counter.calls.values()) if watched.run.counter else 0
            print(f"stand-in: moto's server + loopback proxy, {args.rtt * 1000:.0f} ms per request")
            print(f"stack: {3 * args.n} declared; first scan {first:.1f}s, {scan_calls} calls")
            queue.wait = 1
            diffs = _timed_diffs(watched)
            latencies, calls = _latency(world, queue, watched, args.events)
            _report_latency(latencies, calls, queue, args.events)
            ms = [d * 1000 for d in diffs]
            print(
                f"diff+rules over the whole live state, per event: median "
                f"{statistics.median(ms):.1f} ms, p99 {_percentile(ms, 0.99):.1f} ms (CPU)"
            )
            _throughput(world, queue, watched, args.events)
        per_event = statistics.mean(calls)
        full_per_hour = scan_calls * 12
        print(
            f"cost: a full scan every 5 min = {full_per_hour} calls an hour; watch = "
            f"{per_event:.1f} read calls per event + ~2 SQS calls per batch: break-even at "
            f"{full_per_hour / max(per_event, 0.1):.0f} events an hour"
        )
        del stats
    return 0


def _latency(world: World, queue: Any, watched: Any, events: int) -> tuple[list[float], list[int]]:
    latencies: list[float] = []
    calls: list[int] = []
    for k in range(events):
        record = world.change(k)
        sent = time.monotonic()
        world.sqs.send_message(QueueUrl=queue.url, MessageBody=json.dumps(envelope(record)))
        got: list[float] = []
        tally = loop.run(
            queue,
            watched,
            _stamper(got),
            print,
            loop.Bounds(max_events=1),
        )
        if len(got) != 1:
            raise SystemExit(f"event {k} ({record['eventName']}) gave {len(got)} lines, not 1")
        latencies.append(got[0] - sent)
        calls.append(tally.calls)
    return latencies, calls


def _timed_diffs(watched: Any) -> list[float]:
    """The seconds each event's report (match, diff, rules) takes, noted as it runs."""
    report = watched._report
    took: list[float] = []

    def timed() -> Any:
        t0 = time.process_time()
        out = report()
        took.append(time.process_time() - t0)
        return out

    watched._report = timed
    return took


def _stamper(got: list[float]) -> Callable[[dict[str, Any]], None]:
    """An emit that notes when each line is printed."""
    return lambda _line: got.append(time.monotonic())


def _report_latency(latencies: list[float], calls: list[int], queue: Any, events: int) -> None:
    ms = [s * 1000 for s in latencies]
    print(
        f"latency, queue idle ({events} events, one line each): median "
        f"{statistics.median(ms):.0f} ms, p99 {_percentile(ms, 0.99):.0f} ms, max {max(ms):.0f} ms"
    )
    kinds = {"bucket": calls[0::3], "group": calls[1::3], "role": calls[2::3]}
    per = ", ".join(f"{k} {statistics.mean(v):.1f}" for k, v in kinds.items() if v)
    print(f"read calls per event: mean {statistics.mean(calls):.2f} ({per})")


def _throughput(world: World, queue: Any, watched: Any, events: int) -> None:
    for k in range(events):
        record = world.change(events + k)
        world.sqs.send_message(QueueUrl=queue.url, MessageBody=json.dumps(envelope(record)))
    before = queue.calls
    t0 = time.monotonic()
    tally = loop.run(queue, watched, lambda _line: None, print, loop.Bounds(max_events=events))
    took = time.monotonic() - t0
    sqs = queue.calls - before
    print(
        f"throughput, {events} events queued first: {events / took:.1f} events/s "
        f"({took:.1f}s, {tally.lines} lines, {tally.calls / events:.2f} read calls and "
        f"{sqs / events:.2f} SQS calls per event)"
    )


if __name__ == "__main__":
    sys.exit(main())
