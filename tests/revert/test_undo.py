"""What an undo checks after it ran: every journaled resource as it was, nothing extra."""

from __future__ import annotations

from pathlib import Path

from driftctl.base.calls import Unit
from driftctl.core.model import Resource
from driftctl.revert.journal import Entry, JournalData
from driftctl.revert.undo import not_restored
from tests.revert.samples import SSH

UNIT = Unit("ec2_security_groups", "us-east-1", "sg-old")
ATTRS = {
    "name": "web",
    "description": "d",
    "vpc_id": "vpc-1",
    "tags": {},
    "ingress": [SSH],
    "egress": [],
}


def journaled(*before: Resource) -> JournalData:
    return JournalData(Path("j"), {}, [Entry(UNIT, list(before))], [], [])


def group(rid: str, **changes: object) -> Resource:
    return Resource("aws_security_group", rid, None, {**ATTRS, **changes, "arn": f"arn:{rid}"})


def test_the_same_state_is_restored() -> None:
    assert not_restored(journaled(group("sg-old")), {UNIT: [group("sg-old")]}) == []


def test_a_resource_re_created_under_a_new_id_counts_as_restored() -> None:
    fresh = {Unit("ec2_security_groups", "us-east-1", "sg-new"): [group("sg-new")]}
    assert not_restored(journaled(group("sg-old")), fresh) == []


def test_differences_and_leftovers_are_named() -> None:
    assert not_restored(journaled(group("sg-old")), {UNIT: [group("sg-old", tags={"a": "b"})]}) == [
        "not restored: aws_security_group.sg-old (tags)"
    ]
    assert not_restored(journaled(group("sg-old")), {}) == [
        "not restored: aws_security_group.sg-old does not exist"
    ]
    assert not_restored(journaled(), {UNIT: [group("sg-old")]}) == [
        "not restored: aws_security_group.sg-old exists but did not before"
    ]
