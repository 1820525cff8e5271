"""aws_iam_instance_profile on moto: scan (one ListInstanceProfiles listing, a profile
without a role included), AWS's own profiles, every declared format, drift reverted and
codified."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

TRUST = json.dumps(
    {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Principal": {"Service": "ec2.amazonaws.com"},
                "Action": "sts:AssumeRole",
            }
        ],
    }
)
HCL = """
resource "aws_iam_role" "web" {
  name = "iam2-web"
  assume_role_policy = jsonencode({ Version = "2012-10-17", Statement = [{
    Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" },
    Action = "sts:AssumeRole" }] })
}

resource "aws_iam_role" "batch" {
  name = "iam2-batch"
  assume_role_policy = jsonencode({ Version = "2012-10-17", Statement = [{
    Effect = "Allow", Principal = { Service = "ec2.amazonaws.com" },
    Action = "sts:AssumeRole" }] })
}

resource "aws_iam_instance_profile" "web" {
  name = "iam2-web"
  path = "/apps/"
  role = aws_iam_role.web.name
}

resource "aws_iam_instance_profile" "spare" {
  name = "iam2-spare"
}
"""


def apply() -> None:
    iam = boto3.client("iam", region_name="us-east-1")
    for role in ("iam2-web", "iam2-batch"):
        iam.create_role(RoleName=role, AssumeRolePolicyDocument=TRUST)
    iam.create_instance_profile(InstanceProfileName="iam2-web", Path="/apps/")
    iam.add_role_to_instance_profile(InstanceProfileName="iam2-web", RoleName="iam2-web")
    iam.create_instance_profile(InstanceProfileName="iam2-spare")


def test_applied_profiles_are_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 4


def test_a_profile_aws_made_is_never_unmanaged_one_by_hand_is(aws: None, tmp_path: Path) -> None:
    apply()
    iam = boto3.client("iam", region_name="us-east-1")
    iam.create_instance_profile(InstanceProfileName="iam2-aws", Path="/aws-reserved/x/")
    iam.create_instance_profile(InstanceProfileName="iam2-hand")
    assert drifts(scan(write(tmp_path / "tf", HCL))) == [
        ("unmanaged", "aws_iam_instance_profile.iam2-hand", [])
    ]


def test_a_swapped_role_is_drift_and_a_revert_puts_it_back(aws: None, tmp_path: Path) -> None:
    apply()
    iam = boto3.client("iam", region_name="us-east-1")
    iam.remove_role_from_instance_profile(InstanceProfileName="iam2-web", RoleName="iam2-web")
    iam.add_role_to_instance_profile(InstanceProfileName="iam2-web", RoleName="iam2-batch")
    iam.delete_instance_profile(InstanceProfileName="iam2-spare")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_iam_instance_profile.web", ["role"]),
        ("missing", "aws_iam_instance_profile.spare", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "iam.add_role_to_instance_profile",
        "iam.create_instance_profile",
        "iam.remove_role_from_instance_profile",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_moved_profile_needs_a_human(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL.replace('path = "/apps/"', 'path = "/web/"'))
    assert drifts(scan(directory)) == [("changed", "aws_iam_instance_profile.web", ["path"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert refusals == [
        "cannot revert path of aws_iam_instance_profile.web in place: IAM cannot rename it "
        "or move it to another path (re-create it by hand)"
    ]


def test_a_swapped_role_is_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    apply()
    iam = boto3.client("iam", region_name="us-east-1")
    iam.remove_role_from_instance_profile(InstanceProfileName="iam2-web", RoleName="iam2-web")
    iam.add_role_to_instance_profile(InstanceProfileName="iam2-web", RoleName="iam2-batch")
    directory = write(tmp_path / "tf", HCL.replace("aws_iam_role.web.name", '"iam2-web"'))
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '-  role = "iam2-web"' in plan.diff and '+  role = "iam2-batch"' in plan.diff


def test_cloudformation_crossplane_and_ack_declare_a_profile(aws: None, tmp_path: Path) -> None:
    apply()
    cfn = template(
        tmp_path / "cfn",
        """  Web:
    Type: AWS::IAM::InstanceProfile
    Properties:
      InstanceProfileName: iam2-web
      Path: /apps/
      Roles: [iam2-batch]
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: iam.aws.upbound.io/v1beta1
kind: InstanceProfile
metadata:
  name: iam2-web
spec:
  forProvider:
    path: /apps/
    role: iam2-web
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: iam.services.k8s.aws/v1alpha1
kind: InstanceProfile
metadata:
  name: web
spec:
  name: iam2-web
  path: /apps/
  role: iam2-web
""",
    )
    changed = []
    for source in (cfn, crossplane, ack):
        report, _ = scan_source(source)
        assert report["summary"]["managed"] == 1, source
        changed.append(
            [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
             if d["kind"] == "changed"]
        )  # fmt: skip
    assert changed == [[("aws_iam_instance_profile", ["role"])], [], []]
