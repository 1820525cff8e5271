"""aws_iam_group_policy on moto: read with its group (the one GetAccountAuthorizationDetails
call), every declared format, drift reverted and codified."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write


def doc(action: str) -> str:
    statement = {"Effect": "Allow", "Action": action, "Resource": "*"}
    return json.dumps({"Version": "2012-10-17", "Statement": [statement]})


HCL = """
resource "aws_iam_group" "devs" {
  name = "gp-devs"
}

resource "aws_iam_group_policy" "devs" {
  name  = "gp-devs-inline"
  group = aws_iam_group.devs.name
  policy = jsonencode({ Version = "2012-10-17", Statement = [{
    Effect = "Allow", Action = "s3:GetObject", Resource = "*" }] })
}
"""


def apply() -> None:
    iam = boto3.client("iam", region_name="us-east-1")
    iam.create_group(GroupName="gp-devs")
    iam.put_group_policy(
        GroupName="gp-devs", PolicyName="gp-devs-inline", PolicyDocument=doc("s3:GetObject")
    )


def test_an_applied_group_policy_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 2
    assert report["summary"]["unsupported"] == {}


def test_an_undeclared_inline_policy_is_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    iam = boto3.client("iam", region_name="us-east-1")
    iam.put_group_policy(GroupName="gp-devs", PolicyName="extra", PolicyDocument=doc("s3:*"))
    found = drifts(scan(write(tmp_path / "tf", HCL)), "unmanaged")
    assert found == [("unmanaged", "aws_iam_group_policy.gp-devs:extra", [])]


def test_a_changed_or_deleted_policy_is_drift_and_reverted(aws: None, tmp_path: Path) -> None:
    apply()
    iam = boto3.client("iam", region_name="us-east-1")
    iam.put_group_policy(GroupName="gp-devs", PolicyName="gp-devs-inline", PolicyDocument=doc("*"))
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_iam_group_policy.devs", ["policy.Statement[0].Action[0]"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["iam.put_group_policy"]
    run(calls)
    assert drifts(scan(directory)) == []
    iam.delete_group_policy(GroupName="gp-devs", PolicyName="gp-devs-inline")
    assert drifts(scan(directory)) == [("missing", "aws_iam_group_policy.devs", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_changed_policy_is_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    apply()
    iam = boto3.client("iam", region_name="us-east-1")
    iam.put_group_policy(GroupName="gp-devs", PolicyName="gp-devs-inline", PolicyDocument=doc("*"))
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"s3:GetObject"' in plan.diff and '"*"' in plan.diff


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    apply()
    cfn = template(
        tmp_path / "cfn",
        """  Devs:
    Type: AWS::IAM::Group
    Properties:
      GroupName: gp-devs
      Policies:
        - PolicyName: gp-devs-inline
          PolicyDocument:
            Version: "2012-10-17"
            Statement: [{Effect: Allow, Action: "s3:GetObject", Resource: "*"}]
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: iam.aws.upbound.io/v1beta1
kind: Group
metadata:
  name: gp-devs
spec:
  forProvider: {{}}
---
apiVersion: iam.aws.upbound.io/v1beta1
kind: GroupPolicy
metadata:
  name: gp-devs-inline
spec:
  forProvider:
    groupRef:
      name: gp-devs
    policy: '{}'
""".format(doc("s3:*")),
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: iam.services.k8s.aws/v1alpha1
kind: Group
metadata:
  name: devs
spec:
  name: gp-devs
  inlinePolicies:
    gp-devs-inline: '{}'
""".format(doc("s3:GetObject")),
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert [d for d in report["drifts"] if d["kind"] != "unmanaged"] == []
        assert report["summary"]["managed"] == 2
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] != "unmanaged"]  # fmt: skip
    assert changed == [("aws_iam_group_policy", ["policy.Statement[0].Action[0]"])]
