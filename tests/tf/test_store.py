"""driftctl against `terraform plan -refresh-only` for the store group's types (#26):
S3 transfer acceleration, object lock, replication.

One stack (tests/tf/stacks/store), applied once: driftctl finds no drift and nothing
unmanaged, then one out-of-band change per type is made with boto3, and each change is
found by both tools, address by address, and nothing else drifts.
"""

from __future__ import annotations

import pytest

from tests.tf import harness, prefetch
from tests.tf.group import Group, Outcome
from tests.tf.harness import Change

CHANGES = [
    Change(
        "aws_s3_bucket_accelerate_configuration.store", "status", "s3",
        "put_bucket_accelerate_configuration",
        {"Bucket": "${self.bucket}", "AccelerateConfiguration": {"Status": "Suspended"}},
    ),
    Change(
        "aws_s3_bucket_object_lock_configuration.vault", "rule", "s3",
        "put_object_lock_configuration",
        {"Bucket": "${self.bucket}", "ObjectLockConfiguration": {
            "ObjectLockEnabled": "Enabled",
            "Rule": {"DefaultRetention": {"Mode": "GOVERNANCE", "Days": 7}}}},
    ),
    Change(
        "aws_s3_bucket_replication_configuration.source", "rule", "s3", "put_bucket_replication",
        {"Bucket": "${self.bucket}", "ReplicationConfiguration": {
            "Role": "${self.role}",
            "Rules": [{"ID": "all", "Priority": 1, "Status": "Enabled", "Filter": {"Prefix": ""},
                       "DeleteMarkerReplication": {"Status": "Disabled"},
                       "Destination": {"Bucket": "${aws_s3_bucket.replica.arn}",
                                       "StorageClass": "GLACIER"}}]}},
    ),
]  # fmt: skip

GROUP = Group("store", CHANGES)


@pytest.fixture(scope="module")
def outcome(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Outcome:
    """The stack, applied, changed and compared once (by the controller of a parallel
    run: tests/tf/prefetch.py)."""
    return prefetch.outcome(GROUP, request, tmp_path_factory)


def test_a_clean_stack_has_no_drift_and_nothing_unmanaged(outcome: Outcome) -> None:
    summary = outcome.clean["summary"]
    assert outcome.clean["drifts"] == []
    assert outcome.clean["errors"] == []
    assert summary["managed"] == summary["declared"]
    assert summary["unsupported"] == {}


@pytest.mark.parametrize("change", CHANGES, ids=str)
def test_a_change_is_drift_in_both_tools(outcome: Outcome, change: Change) -> None:
    terraform = [d for d in outcome.terraform if d.address == change.address]
    driftctl = [d for d in outcome.driftctl if d.address == change.address]
    found = harness.disagreements(terraform, driftctl)
    assert found == [], "\n".join(map(str, found))
    assert terraform, f"terraform did not see {change}"


def test_nothing_else_drifts(outcome: Outcome) -> None:
    changed = sorted(c.address for c in CHANGES)
    assert sorted(d.address for d in outcome.terraform) == changed
    assert sorted(d.address for d in outcome.driftctl) == changed
