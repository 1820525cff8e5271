"""aws_iam_user_policy, aws_iam_user_policy_attachment and aws_iam_user_group_membership
on moto: read with their user from the one GetAccountAuthorizationDetails call, every
declared format, drift reverted and codified."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from driftctl.resources.iam import user_group_membership
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write


def doc(action: str) -> str:
    statement = {"Effect": "Allow", "Action": action, "Resource": "*"}
    return json.dumps({"Version": "2012-10-17", "Statement": [statement]})


ARN = "arn:aws:iam::123456789012:policy/iam2-read"
HCL = """
resource "aws_iam_policy" "read" {
  name   = "iam2-read"
  policy = jsonencode({ Version = "2012-10-17", Statement = [{
    Effect = "Allow", Action = "s3:ListBucket", Resource = "*" }] })
}

resource "aws_iam_user" "ci" {
  name = "iam2-ci"
}

resource "aws_iam_group" "devs" {
  name = "iam2-devs"
}

resource "aws_iam_group" "ops" {
  name = "iam2-ops"
}

resource "aws_iam_user_policy" "ci" {
  name = "iam2-ci-inline"
  user = aws_iam_user.ci.name
  policy = jsonencode({ Version = "2012-10-17", Statement = [{
    Effect = "Allow", Action = "s3:GetObject", Resource = "*" }] })
}

resource "aws_iam_user_policy_attachment" "ci_read" {
  user       = aws_iam_user.ci.name
  policy_arn = aws_iam_policy.read.arn
}

resource "aws_iam_user_group_membership" "ci" {
  user   = aws_iam_user.ci.name
  groups = [aws_iam_group.devs.name, aws_iam_group.ops.name]
}
"""


def apply() -> None:
    iam = boto3.client("iam", region_name="us-east-1")
    iam.create_policy(PolicyName="iam2-read", PolicyDocument=doc("s3:ListBucket"))
    iam.create_user(UserName="iam2-ci")
    for group in ("iam2-devs", "iam2-ops"):
        iam.create_group(GroupName=group)
        iam.add_user_to_group(GroupName=group, UserName="iam2-ci")
    iam.put_user_policy(
        UserName="iam2-ci", PolicyName="iam2-ci-inline", PolicyDocument=doc("s3:GetObject")
    )
    iam.attach_user_policy(UserName="iam2-ci", PolicyArn=ARN)


def test_an_applied_user_with_its_policies_and_groups_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 7
    assert report["summary"]["unsupported"] == {}


def test_undeclared_policies_and_groups_of_a_user_are_unmanaged(aws: None, tmp_path: Path) -> None:
    iam = boto3.client("iam", region_name="us-east-1")
    apply()
    iam.create_user(UserName="iam2-other")  # its policies and groups roll up into it
    iam.add_user_to_group(GroupName="iam2-devs", UserName="iam2-other")
    iam.put_user_policy(UserName="iam2-other", PolicyName="p", PolicyDocument=doc("s3:*"))
    iam.put_user_policy(UserName="iam2-ci", PolicyName="extra", PolicyDocument=doc("s3:*"))
    other = iam.create_policy(PolicyName="iam2-other", PolicyDocument=doc("s3:*"))["Policy"]
    iam.attach_user_policy(UserName="iam2-ci", PolicyArn=other["Arn"])
    found = drifts(scan(write(tmp_path / "tf", HCL)), "unmanaged")
    assert found == [
        ("unmanaged", "aws_iam_policy." + other["Arn"], []),
        ("unmanaged", "aws_iam_user.iam2-other", []),
        ("unmanaged", "aws_iam_user_policy.iam2-ci:extra", []),
        ("unmanaged", f"aws_iam_user_policy_attachment.iam2-ci/{other['Arn']}", []),
    ]


def test_changes_by_hand_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    iam = boto3.client("iam", region_name="us-east-1")
    apply()
    iam.put_user_policy(UserName="iam2-ci", PolicyName="iam2-ci-inline", PolicyDocument=doc("*"))
    iam.detach_user_policy(UserName="iam2-ci", PolicyArn=ARN)
    iam.remove_user_from_group(GroupName="iam2-ops", UserName="iam2-ci")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_iam_user_group_membership.ci", ["groups[1]"]),
        ("changed", "aws_iam_user_policy.ci", ["policy.Statement[0].Action[0]"]),
        ("missing", "aws_iam_user_policy_attachment.ci_read", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "iam.add_user_to_group",
        "iam.attach_user_policy",
        "iam.put_user_policy",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_group_added_by_hand_is_drift_and_removed_by_a_revert(aws: None, tmp_path: Path) -> None:
    """Stricter than terraform, which reads only the groups its configuration names."""
    iam = boto3.client("iam", region_name="us-east-1")
    apply()
    iam.create_group(GroupName="iam2-admins")
    iam.add_user_to_group(GroupName="iam2-admins", UserName="iam2-ci")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory), "changed") == [
        ("changed", "aws_iam_user_group_membership.ci", ["groups[0]"])
    ]
    calls, _ = plan_calls(tmp_path, directory)
    assert [(c.name, c.params) for c in calls if c.service == "iam" and "group" in c.operation] == [
        ("iam.remove_user_from_group", {"GroupName": "iam2-admins", "UserName": "iam2-ci"})
    ]


def test_a_changed_inline_policy_is_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    iam = boto3.client("iam", region_name="us-east-1")
    apply()
    iam.put_user_policy(UserName="iam2-ci", PolicyName="iam2-ci-inline", PolicyDocument=doc("*"))
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert 'Action = "s3:GetObject"' in plan.diff and '"*"' in plan.diff


def test_a_membership_has_no_resource_for_a_user_in_no_group() -> None:
    assert user_group_membership.live("ann", []) == []
    [one] = user_group_membership.live("ann", ["b", "a"])
    assert one.id == "ann" and one.attrs == {"user": "ann", "groups": ["a", "b"]}


def test_cloudformation_declares_a_users_policies_and_groups(aws: None, tmp_path: Path) -> None:
    apply()
    source = template(
        tmp_path / "cfn",
        f"""  Ci:
    Type: AWS::IAM::User
    Properties:
      UserName: iam2-ci
      Groups: [iam2-devs, iam2-ops]
      ManagedPolicyArns: ["{ARN}"]
      Policies:
        - PolicyName: iam2-ci-inline
          PolicyDocument:
            Version: "2012-10-17"
            Statement: [{{Effect: Allow, Action: "s3:GetObject", Resource: "*"}}]
""",
    )
    report, _ = scan_source(source)
    assert [d for d in report["drifts"] if d["kind"] != "unmanaged"] == []
    assert report["summary"]["managed"] == 4
    boto3.client("iam", region_name="us-east-1").remove_user_from_group(
        GroupName="iam2-devs", UserName="iam2-ci"
    )
    _, found = scan_source(source)
    assert [(d.kind, d.type) for d in found if d.kind != "unmanaged"] == [
        ("changed", "aws_iam_user_group_membership")
    ]


def test_crossplane_declares_them(aws: None, tmp_path: Path) -> None:
    apply()
    source = manifests(
        tmp_path / "xp",
        f"""apiVersion: iam.aws.upbound.io/v1beta1
kind: User
metadata:
  name: iam2-ci
spec:
  forProvider: {{}}
---
apiVersion: iam.aws.upbound.io/v1beta1
kind: UserPolicyAttachment
metadata:
  name: ci-read
spec:
  forProvider:
    userRef: {{name: iam2-ci}}
    policyArn: {ARN}
---
apiVersion: iam.aws.upbound.io/v1beta1
kind: UserGroupMembership
metadata:
  name: ci-groups
spec:
  forProvider:
    userRef: {{name: iam2-ci}}
    groups: [iam2-devs]
---
apiVersion: iam.aws.upbound.io/v1beta1
kind: UserPolicy
metadata:
  name: iam2-ci-inline
spec:
  forProvider:
    userRef: {{name: iam2-ci}}
    policy: '{doc("s3:GetObject")}'
""",
    )
    report, _ = scan_source(source)
    assert report["summary"]["managed"] == 4
    # (the user lacks the crossplane-* tags the provider would have set)
    assert [(d["kind"], d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
            if d["kind"] != "unmanaged" and d["type"] != "aws_iam_user"] == [
        ("changed", "aws_iam_user_group_membership", ["groups[1]"])]  # fmt: skip
