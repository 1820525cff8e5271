"""The binding loop (driftctl/engine/bind.py) on plain data: it evaluates the declared side again
only when a value waits on a resource that is bound, passes the matched resources' live
ids and computed attributes (nothing else), and stops when nothing more can be bound."""

from __future__ import annotations

from typing import Any

from driftctl.aws.canonical import Declared
from driftctl.aws.scanner import LiveState
from driftctl.core.model import Resource, SourceRef, Unknown
from driftctl.declared.binding import State
from driftctl.engine.bind import bind_live
from driftctl.engine.scopes import LiveRun

ACCOUNT = "123456789012"
ARN = "arn:aws:s3:::acme-logs"
BUCKET = Resource(
    "aws_s3_bucket", "acme-logs", "aws_s3_bucket.logs", {"bucket": "acme-logs", "tags": {}}
)
WAITING = Unknown("aws_s3_bucket.logs.arn is known after apply", depends_on="aws_s3_bucket.logs")


def policy(value: Any) -> Resource:
    attrs = {"bucket": "acme-logs", "policy": value}
    return Resource(
        "aws_s3_bucket_policy",
        "acme-logs",
        "aws_s3_bucket_policy.logs",
        attrs,
        SourceRef("main.tf", 5),
    )


def run(live: list[Resource]) -> LiveRun:
    state = LiveState(live, [], set(), ACCOUNT)
    return LiveRun({ACCOUNT: state}, [(ACCOUNT, "us-east-1"), (ACCOUNT, "global")], "us-east-1")


LIVE_BUCKET = Resource(
    "aws_s3_bucket",
    "acme-logs",
    None,
    {"bucket": "acme-logs", "arn": ARN, "tags": {"Owner": "x"}},
    region="us-east-1",
)


class Rebind:
    def __init__(self, policy_value: Any) -> None:
        self.calls: list[State] = []
        self.policy_value = policy_value

    def __call__(self, state: State, context: dict[str, str] | None) -> Declared:
        self.calls.append(state)
        bound = {"policy": {"aws_s3_bucket.logs.arn": ARN}}
        again = policy(self.policy_value(state))
        return Declared([BUCKET, Resource(**{**again.__dict__, "bound": bound})])


def test_a_value_waiting_on_a_bound_resource_is_evaluated_again_with_its_live_values() -> None:
    rebind = Rebind(lambda state: {"Resource": state["aws_s3_bucket.logs"]["arn"]})
    declared = Declared([BUCKET, policy({"Resource": WAITING})], rebind=rebind)
    out = bind_live(declared, run([LIVE_BUCKET]))
    # the bucket's id and the attributes Terraform computes, not its tags
    assert rebind.calls == [
        {"aws_s3_bucket.logs": {"id": "acme-logs", "arn": ARN, "bucket": "acme-logs"}}
    ]
    bound = next(r for r in out.resources if r.type == "aws_s3_bucket_policy")
    assert bound.attrs["policy"] == {"Resource": ARN}
    assert bound.bound == {"policy": {"aws_s3_bucket.logs.arn": ARN}}
    assert declared.resources[1].attrs["policy"] == {"Resource": WAITING}  # not changed


def test_nothing_is_evaluated_again_when_nothing_waits_or_the_resource_is_not_live() -> None:
    rebind = Rebind(lambda state: {})
    plain = Declared([BUCKET, policy({"Resource": ARN})], rebind=rebind)
    assert bind_live(plain, run([LIVE_BUCKET])) is plain
    waiting = Declared([BUCKET, policy({"Resource": WAITING})], rebind=rebind)
    out = bind_live(waiting, run([]))  # the bucket is missing: its ARN stays unknown
    assert rebind.calls == []
    assert out.resources[1].attrs["policy"] == {"Resource": WAITING}


def test_a_value_that_stays_unknown_ends_the_loop() -> None:
    rebind = Rebind(lambda state: {"Resource": WAITING})  # evaluation never resolves it
    declared = Declared([BUCKET, policy({"Resource": WAITING})], rebind=rebind)
    out = bind_live(declared, run([LIVE_BUCKET]))
    assert len(rebind.calls) == 1  # the second round binds nothing new
    assert out.resources[1].attrs["policy"] == {"Resource": WAITING}


def test_resources_matched_in_a_round_keep_the_live_id_they_matched() -> None:
    """bind.with_ids: a declared resource matched in a binding round carries the live id
    into the next round (the reference that found it may be a live value by then); one
    that names its id already, one not matched, and a setting split out of a bucket (its
    address is the bucket's) keep what they had."""
    from driftctl.core.model import Resource
    from driftctl.engine.bind import with_ids

    key = Resource("aws_kms_key", None, "aws_kms_key.app", {"description": "app"})
    named = Resource("aws_s3_bucket", "logs", "aws_s3_bucket.logs", {})
    unmatched = Resource("aws_sqs_queue", None, "aws_sqs_queue.q", {})
    split = Resource("aws_s3_bucket_versioning", None, "aws_s3_bucket.logs", {})
    counted = Resource("aws_kms_key", None, 'module.m["a"].aws_kms_key.k[0]', {})
    state = {
        "aws_kms_key.app": {"id": "1234abcd"},
        "aws_s3_bucket.logs": {"id": "other"},
        'module.m["a"].aws_kms_key.k[0]': {"id": "5678"},
    }
    out = with_ids([key, named, unmatched, split, counted], state)
    assert [r.id for r in out] == ["1234abcd", "logs", None, None, "5678"]


def test_a_for_each_waiting_on_a_bound_resource_is_expanded_and_no_longer_warned_of() -> None:
    """Declared.waiting: no declared value waits, but an unknown for_each does; once the
    resource it waits on is bound, the instances evaluated again are declared, and the
    unknown entry and the warning that said they were not are the new evaluation's."""
    entry = {"address": "aws_s3_bucket_policy.logs", "path": "for_each", "reason": "..."}
    calls: list[State] = []

    def rebind(state: State, context: dict[str, str] | None) -> Declared:
        calls.append(state)
        return Declared([BUCKET, policy({"Resource": ARN})], [], ["other"], read=2)

    declared = Declared([BUCKET], [entry], ["for_each unknown", "other"], read=1, rebind=rebind)
    declared.waiting = ["aws_s3_bucket.logs"]
    out = bind_live(declared, run([LIVE_BUCKET]))
    assert len(calls) == 1
    assert [r.type for r in out.resources] == ["aws_s3_bucket", "aws_s3_bucket_policy"]
    assert (out.unknown, out.warnings, out.read, out.waiting) == ([], ["other"], 2, [])
    assert bind_live(declared, run([])).resources == [BUCKET]  # not live: nothing to bind
