"""Plans for the demo stack, drifted by hand: what is reverted, in which order, and what is not."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from driftctl.demo import stack as demo_stack
from driftctl.revert.planner import Plan
from driftctl.util.globs import parse
from tests.kit.revert import make_plan

REVERT_ALL = """\
rules:
  - name: revert-declared
    match: {kind: [changed, missing]}
    action: revert
  - name: delete-hand-made-buckets
    match: {kind: unmanaged, type: aws_s3_bucket}
    action: revert
"""


def outline(plan: Plan) -> list[tuple[str, str, list[str]]]:
    return [(s.kind, s.label, [c.name for c in s.calls]) for s in plan.steps]


def test_the_demo_drift_is_planned_creates_first_then_updates_then_deletes(
    aws: None, tmp_path: Path
) -> None:
    demo_stack.drift(None, demo_stack.apply(None))  # type: ignore[arg-type]
    planned = make_plan(tmp_path, REVERT_ALL)
    assert outline(planned.plan) == [
        ("missing", "aws_iam_role_policy.read_data", ["iam.put_role_policy"]),
        ("changed", "aws_security_group.web", ["ec2.revoke_security_group_ingress"]),
        ("changed", 'aws_s3_bucket.data["raw"]', ["s3.put_bucket_tagging"]),
        ("changed", 'aws_s3_bucket_versioning.data["curated"]', ["s3.put_bucket_versioning"]),
        ("unmanaged", "aws_s3_bucket.acme-demo-scratch", ["s3.delete_bucket"]),
    ]
    assert planned.plan.notes == [] and planned.plan.refusals == []
    units = {(u.scan, u.id) for u in planned.plan.units}
    assert ("s3_buckets", "acme-demo-scratch") in units and ("iam_roles", "demo-app") in units


def test_the_same_inputs_give_the_same_plan(aws: None, tmp_path: Path) -> None:
    demo_stack.drift(None, demo_stack.apply(None))  # type: ignore[arg-type]
    first = make_plan(tmp_path, REVERT_ALL).plan.to_json()
    second = make_plan(tmp_path, REVERT_ALL).plan.to_json()
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)


def test_unmanaged_is_deleted_only_when_a_rule_names_kind_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    demo_stack.drift(None, demo_stack.apply(None))  # type: ignore[arg-type]
    loose = "rules:\n  - name: revert-s3\n    match: {type: 'aws_s3_*'}\n    action: revert\n"
    planned = make_plan(tmp_path, loose)
    assert [s.kind for s in planned.plan.steps] == ["changed", "changed"]
    assert planned.plan.notes == [
        "not deleting unmanaged aws_s3_bucket.acme-demo-scratch: rule revert-s3 does not name "
        "kind: unmanaged (deleting needs a rule that says so explicitly)"
    ]


def test_only_limits_the_plan(aws: None, tmp_path: Path) -> None:
    demo_stack.drift(None, demo_stack.apply(None))  # type: ignore[arg-type]
    planned = make_plan(tmp_path, REVERT_ALL, only=[parse("aws_security_group/*")])
    assert [s.label for s in planned.plan.steps] == ["aws_security_group.web"]
    planned = make_plan(tmp_path, REVERT_ALL, only=[parse("acme-demo-scratch")])
    assert [s.label for s in planned.plan.steps] == ["aws_s3_bucket.acme-demo-scratch"]
    # an address holds brackets: the literal text is matched before the glob's [...] class
    raw = parse('aws_s3_bucket/aws_s3_bucket.data["raw"]')
    planned = make_plan(tmp_path, REVERT_ALL, only=[raw])
    assert [s.label for s in planned.plan.steps] == ['aws_s3_bucket.data["raw"]']


def test_observe_only_resources_are_never_reverted(aws: None, tmp_path: Path) -> None:
    demo_stack.drift(None, demo_stack.apply(None))  # type: ignore[arg-type]
    planned = make_plan(tmp_path, REVERT_ALL, observe_only=True)
    assert planned.plan.steps == []
    assert "not reverting aws_security_group.web: declared observe-only" in planned.plan.notes


def test_a_rule_split_reverts_only_its_own_changes(aws: None, tmp_path: Path) -> None:
    demo_stack.drift(None, demo_stack.apply(None))  # type: ignore[arg-type]
    boto3.client("s3", region_name="us-east-1").put_bucket_tagging(
        Bucket="acme-demo-raw",
        Tagging={"TagSet": demo_stack._tags({"Zone": "analytics", "Owner": "me"})},
    )
    zone_only = "rules:\n  - name: zone\n    match: {path: tags.Zone}\n    action: revert\n"
    planned = make_plan(tmp_path, zone_only)
    (step,) = planned.plan.steps
    assert [c.path for c in step.changes] == ["tags.Zone"]
    tags = {t["Key"]: t["Value"] for t in step.calls[0].params["Tagging"]["TagSet"]}
    assert tags["Zone"] == "raw" and tags["Owner"] == "me"  # the reported change stays


def test_a_never_applied_stack_is_re_created_where_the_code_determines_it(
    aws: None, tmp_path: Path
) -> None:
    planned = make_plan(tmp_path, REVERT_ALL)
    by_label = {s.label: s for s in planned.plan.steps}
    assert [c.name for c in by_label["aws_vpc.main"].calls] == [
        "ec2.create_vpc",
        "ec2.modify_vpc_attribute",
    ]
    assert [c.name for c in by_label['aws_s3_bucket.data["raw"]'].calls] == [
        "s3.create_bucket",
        "s3.put_bucket_tagging",
        "s3.put_bucket_versioning",
        "s3.put_bucket_encryption",
    ]
    assert [c.name for c in by_label["aws_s3_bucket.logs"].calls] == [
        "s3.create_bucket",
        "s3.put_bucket_tagging",
        "s3.put_public_access_block",
    ]
    role = by_label["aws_iam_role.app"]
    assert [c.name for c in role.calls] == ["iam.create_role", "iam.put_role_policy"]
    assert role.refusals == (
        "aws_iam_role_policy_attachment.app_audit: cannot re-create: policy_arn unknown "
        "(aws_iam_policy.audit is missing, so ${aws_iam_policy.audit.arn} has no value)",
    )
    assert by_label['aws_subnet.private["a"]'].refusals == (
        'aws_subnet.private["a"]: cannot re-create: vpc_id unknown '
        "(aws_vpc.main is missing, so ${aws_vpc.main.id} has no value)",
    )
    assert [s.kind for s in planned.plan.steps] == ["missing"] * len(planned.plan.steps)


def test_a_non_empty_unmanaged_bucket_is_refused_not_emptied(aws: None, tmp_path: Path) -> None:
    demo_stack.drift(None, demo_stack.apply(None))  # type: ignore[arg-type]
    boto3.client("s3", region_name="us-east-1").put_object(
        Bucket="acme-demo-scratch", Key="report.csv", Body=b"x"
    )
    planned = make_plan(tmp_path, REVERT_ALL, only=[parse("aws_s3_bucket/acme-demo-scratch")])
    (step,) = planned.plan.steps
    assert step.calls == ()
    assert step.refusals == (
        "cannot delete bucket acme-demo-scratch: it is not empty, and driftctl never deletes "
        "objects (empty it by hand, or declare it)",
    )
