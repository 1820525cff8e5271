"""aws_iam_group and aws_iam_group_policy_attachment on moto: scan (one shared
GetAccountAuthorizationDetails call), every declared format, drift reverted and codified."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

DOC = json.dumps(
    {
        "Version": "2012-10-17",
        "Statement": [{"Effect": "Allow", "Action": "s3:ListBucket", "Resource": "*"}],
    }
)
ARN = "arn:aws:iam::123456789012:policy/iam2-read"
HCL = """
resource "aws_iam_policy" "read" {
  name   = "iam2-read"
  policy = jsonencode({ Version = "2012-10-17", Statement = [{
    Effect = "Allow", Action = "s3:ListBucket", Resource = "*" }] })
}

resource "aws_iam_group" "devs" {
  name = "iam2-devs"
  path = "/teams/"
}

resource "aws_iam_group_policy_attachment" "devs_read" {
  group      = aws_iam_group.devs.name
  policy_arn = aws_iam_policy.read.arn
}
"""


def apply(path: str = "/teams/") -> None:
    """The HCL applied; another path stands for one changed by hand (moto's UpdateGroup
    changes a path only together with a new name)."""
    iam = boto3.client("iam", region_name="us-east-1")
    iam.create_policy(PolicyName="iam2-read", PolicyDocument=DOC)
    iam.create_group(GroupName="iam2-devs", Path=path)
    iam.attach_group_policy(GroupName="iam2-devs", PolicyArn=ARN)


def test_an_applied_group_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert [d for d in drifts(report) if d[0] != "unmanaged"] == []
    assert report["summary"]["managed"] == 3
    assert report["summary"]["unsupported"] == {}


def test_an_undeclared_group_and_attachment_are_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    iam = boto3.client("iam", region_name="us-east-1")
    iam.create_group(GroupName="iam2-ops")
    other = iam.create_policy(PolicyName="iam2-other", PolicyDocument=DOC)["Policy"]["Arn"]
    iam.attach_group_policy(GroupName="iam2-devs", PolicyArn=other)
    found = drifts(scan(write(tmp_path / "tf", HCL)), "unmanaged")
    assert ("unmanaged", "aws_iam_group.iam2-ops", []) in found
    assert ("unmanaged", f"aws_iam_group_policy_attachment.iam2-devs/{other}", []) in found


def test_a_changed_path_and_a_detached_policy_are_reverted(aws: None, tmp_path: Path) -> None:
    apply("/moved/")
    iam = boto3.client("iam", region_name="us-east-1")
    iam.detach_group_policy(GroupName="iam2-devs", PolicyArn=ARN)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory), "changed", "missing") == [
        ("changed", "aws_iam_group.devs", ["path"]),
        ("missing", "aws_iam_group_policy_attachment.devs_read", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["iam.attach_group_policy", "iam.update_group"]
    [update] = [c for c in calls if c.operation == "update_group"]
    assert update.params == {"GroupName": "iam2-devs", "NewPath": "/teams/"}
    run(calls)
    # moto ignores a NewPath without a NewGroupName: only the attachment is back there
    assert drifts(scan(directory), "changed", "missing") == [
        ("changed", "aws_iam_group.devs", ["path"])
    ]


def test_a_changed_path_is_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    apply("/moved/")
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '-  path = "/teams/"' in plan.diff and '+  path = "/moved/"' in plan.diff


def test_cloudformation_declares_the_group_and_its_attachments(aws: None, tmp_path: Path) -> None:
    iam = boto3.client("iam", region_name="us-east-1")
    apply()
    source = template(
        tmp_path / "cfn",
        f"""  Devs:
    Type: AWS::IAM::Group
    Properties:
      GroupName: iam2-devs
      Path: /teams/
      ManagedPolicyArns: ["{ARN}"]
""",
    )
    report, _ = scan_source(source)
    assert [d for d in report["drifts"] if d["kind"] != "unmanaged"] == []
    assert report["summary"]["managed"] == 2
    iam.detach_group_policy(GroupName="iam2-devs", PolicyArn=ARN)
    _, found = scan_source(source)
    assert [(d.kind, d.type) for d in found if d.kind != "unmanaged"] == [
        ("missing", "aws_iam_group_policy_attachment")
    ]


def test_crossplane_and_ack_declare_the_group(aws: None, tmp_path: Path) -> None:
    apply()
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: iam.aws.upbound.io/v1beta1
kind: Group
metadata:
  name: iam2-devs
spec:
  forProvider:
    path: /teams/
---
apiVersion: iam.aws.upbound.io/v1beta1
kind: GroupPolicyAttachment
metadata:
  name: devs-read
spec:
  forProvider:
    groupRef:
      name: iam2-devs
    policyArn: {ARN}
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: iam.services.k8s.aws/v1alpha1
kind: Group
metadata:
  name: devs
spec:
  name: iam2-devs
  path: /other/
  policies: ["{ARN}"]
""",
    )
    report, _ = scan_source(crossplane)
    assert [d for d in report["drifts"] if d["kind"] != "unmanaged"] == []
    assert report["summary"]["managed"] == 2
    report, _ = scan_source(ack)
    assert report["summary"]["managed"] == 2
    assert [(d["kind"], d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
            if d["kind"] != "unmanaged"] == [("changed", "aws_iam_group", ["path"])]  # fmt: skip
