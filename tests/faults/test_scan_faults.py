"""`driftctl scan` under faults of one call: every kind of fault leaves a clear error naming
the scope and the call, exit 2, and no false drift (the stack is exactly as declared)."""

from __future__ import annotations

import json

import pytest

from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from tests.faults.helpers import Injected, clean, run
from tests.faults.proxy import KINDS, Fault, fault_proxy

# (call, the scope whose scan it fails, what is then not compared)
TARGETS = {
    "ec2:DescribeVpcAttribute": "ec2/us-east-1",  # a VPC detail: subnets and groups depend on it
    "s3:GetBucketTagging": "s3/global",  # S3's REST protocol
    "iam:ListPolicyTags": "iam/global",  # an attachment depends on the policy
}
CASES = [
    (op, kind)
    for op in TARGETS
    for kind in KINDS
    if op.startswith("ec2")
    or kind
    in (
        "deny",
        "garbage",
        "throttle",
    )
]


@pytest.mark.parametrize(("op", "kind"), CASES)
def test_a_fault_in_one_call_is_an_error_and_never_drift(
    endpoint: str, injected: Injected, op: str, kind: str
) -> None:
    demo_stack.apply(endpoint)
    with fault_proxy(endpoint, [Fault(op, kind)]) as (proxy, stats):
        got = run(
            "scan",
            "--from",
            f"hcl://{FIXTURE}",
            "--endpoint-url",
            proxy,
            "--max-attempts",
            "2",
            "-o",
            "json://-",
            hang=kind == "hang",
        )
    injected.record("scan", stats)
    assert stats.injected_ops() == {op}
    assert got.code == 2, got.stderr
    assert clean(got.stderr)
    report = json.loads(got.stdout)
    api = op.split(":")[1]
    assert [e["scope"] for e in report["errors"]] == [TARGETS[op]]
    assert report["errors"][0]["message"].startswith(f"{api}: ")
    assert report["drifts"] == []  # the stack is as declared: anything else is false drift
    assert report["summary"]["not_compared"] > 0


def test_a_bucket_policy_answer_that_is_not_a_policy_is_an_error_not_policies(
    endpoint: str, injected: Injected
) -> None:
    """GetBucketPolicy's answer is the document itself: a 200 of text gave every bucket a
    policy, reported as unmanaged (issue #29). It is an incomplete S3 scan, exit 2."""
    demo_stack.apply(endpoint)
    with fault_proxy(endpoint, [Fault("s3:GetBucketPolicy", "text")]) as (proxy, stats):
        got = run("scan", "--from", f"hcl://{FIXTURE}", "--endpoint-url", proxy, "-o", "json://-")
    injected.record("scan", stats)
    assert stats.injected_ops() == {"s3:GetBucketPolicy"}
    assert got.code == 2, got.stderr
    assert clean(got.stderr)
    report = json.loads(got.stdout)
    assert [e["scope"] for e in report["errors"]] == ["s3/global"]
    assert (
        "GetBucketPolicy answered with a body that is not a policy: '<html>"
        in (report["errors"][0]["message"])
    )
    assert report["drifts"] == []
    assert report["summary"]["not_compared"] > 0


def test_a_fault_that_clears_within_the_retries_is_survived(
    endpoint: str, injected: Injected
) -> None:
    """One throttled, one 5xx and one dropped answer among the scan's calls: retried, and
    the scan is complete and in sync."""
    demo_stack.apply(endpoint)
    faults = [
        Fault("ec2:DescribeVpcAttribute", "throttle", times=1),
        Fault("s3:GetBucketTagging", "5xx", times=1),
        Fault("iam:ListPolicyTags", "drop", times=1),
    ]
    with fault_proxy(endpoint, faults) as (proxy, stats):
        got = run("scan", "--from", f"hcl://{FIXTURE}", "--endpoint-url", proxy, "-o", "json://-")
    injected.record("scan", stats)
    assert sum(stats.injected.values()) == 3
    assert got.code == 0, got.stdout + got.stderr
    assert json.loads(got.stdout)["errors"] == []
