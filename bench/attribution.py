"""Attribution of N drifts from CloudTrail's LookupEvents within its rate limit.

The `lookup` source (driftctl/attribution/lookup.py) against a CloudTrail stand-in that
answers each call after a round trip of --rtt seconds, with N changed security groups in
one region, each with the events CloudTrail would hold for it (a create by the pipeline,
a hand change) plus --noise unrelated events per resource. Prints the wall time, the
LookupEvents calls, and the time spent waiting for LookupEvents' 2-calls-a-second quota.

By default the clock is simulated (sleeps and round trips advance it; nothing waits), so
the figure is the schedule the rate limiter imposes, in no time; --real sleeps for real.

    python bench/attribution.py                  # 100 drifts, 100 ms RTT, simulated
    python bench/attribution.py -n 100 --real
"""

from __future__ import annotations

import argparse
import datetime
import json
import time
from typing import Any

from driftctl.attribution.lookup import LookupSource
from driftctl.attribution.run import attribute
from driftctl.core.model import Change, Drift, Report
from driftctl.settings import Attribution

NOW = datetime.datetime(2026, 11, 28, 12, 0, tzinfo=datetime.timezone.utc)


def _record(name: str, group: str, user: str, minute: int) -> dict[str, Any]:
    return {
        "eventVersion": "1.09",
        "userIdentity": {
            "type": "IAMUser",
            "arn": f"arn:aws:iam::123456789012:user/{user}",
            "userName": user,
        },
        "eventTime": (NOW - datetime.timedelta(minutes=minute)).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "eventSource": "ec2.amazonaws.com",
        "eventName": name,
        "awsRegion": "eu-west-1",
        "sourceIPAddress": "203.0.113.7",
        "userAgent": "aws-cli/2.15.0",
        "requestParameters": {"groupId": group},
        "eventID": f"{group}-{name}-{minute}",
    }


class Clock:
    def __init__(self, real: bool) -> None:
        self.real, self.now, self.waited = real, 0.0, 0.0

    def time(self) -> float:
        return time.monotonic() if self.real else self.now

    def sleep(self, seconds: float) -> None:
        self.waited += seconds
        if self.real:
            time.sleep(seconds)
        else:
            self.now += seconds


class CloudTrail:
    def __init__(self, by_name: dict[str, list[dict[str, Any]]], rtt: float, clock: Clock):
        self.by_name, self.rtt, self.clock, self.calls = by_name, rtt, clock, 0

    def lookup_events(self, **params: Any) -> dict[str, Any]:
        self.calls += 1
        if self.clock.real:
            time.sleep(self.rtt)
        else:
            self.clock.now += self.rtt
        value = params["LookupAttributes"][0]["AttributeValue"]
        start = int(params.get("NextToken") or 0)
        found = self.by_name.get(value, [])[start : start + params["MaxResults"]]
        out: dict[str, Any] = {"Events": [{"CloudTrailEvent": json.dumps(r)} for r in found]}
        if start + params["MaxResults"] < len(self.by_name.get(value, [])):
            out["NextToken"] = str(start + params["MaxResults"])
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("-n", type=int, default=100, help="drifts (default 100)")
    parser.add_argument("--rtt", type=float, default=0.1, help="round trip, s (default 0.1)")
    parser.add_argument("--noise", type=int, default=0, help="other events per resource")
    parser.add_argument("--real", action="store_true", help="sleep for real")
    args = parser.parse_args()
    clock = Clock(args.real)
    groups = [f"sg-{i:017x}" for i in range(args.n)]
    by_name = {
        g: [
            _record("AuthorizeSecurityGroupIngress", g, "alice", 5),
            *(_record("CreateTags", g, "noise", 10 + k) for k in range(args.noise)),
            _record("CreateSecurityGroup", g, "ci", 600),
        ]
        for g in groups
    }
    trail = CloudTrail(by_name, args.rtt, clock)
    drifts = tuple(
        Drift(
            "changed",
            "aws_security_group",
            g,
            f"aws_security_group.g{i}",
            None,
            (Change("ingress[0]", None, {"from_port": 22}),),
            region="eu-west-1",
        )
        for i, g in enumerate(groups)
    )
    start = clock.time()
    cpu = time.process_time()
    source = LookupSource(
        lambda region: trail,
        NOW - datetime.timedelta(days=7),
        NOW,
        sleep=clock.sleep,
        clock=clock.time,
    )
    report = attribute(Report({}, drifts), Attribution(True, now=NOW), lambda r: trail, (), source)
    wall = clock.time() - start
    right = sum(1 for d in report.drifts if (d.attribution or {}).get("actor") == "alice")
    print(
        f"{args.n} drifts, RTT {args.rtt * 1000:.0f} ms, {args.noise} noise events each, "
        f"{'real' if args.real else 'simulated'} clock: {wall:.1f} s wall, "
        f"{trail.calls} LookupEvents calls, {clock.waited:.1f} s waiting for the quota, "
        f"{time.process_time() - cpu:.2f} s CPU; attributed right: {right}/{args.n}"
    )


if __name__ == "__main__":
    main()
