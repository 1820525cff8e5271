"""aws_scheduler_schedule_group on moto: a custom group and its tags compared, the
`default` group never unmanaged, every declared format, tags put back and codified, a
deleted group created again."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_scheduler_schedule_group" "nightly" {
  name = "nightly"
  tags = {
    team = "ops"
  }
}
"""


def create(name: str = "nightly", **tags: str) -> str:
    found = tags or {"team": "ops"}
    answer = boto3.client("scheduler", region_name=REGION).create_schedule_group(
        Name=name, Tags=[{"Key": k, "Value": v} for k, v in found.items()]
    )
    return str(answer["ScheduleGroupArn"])


def test_an_applied_group_is_in_sync_another_unmanaged_and_default_is_aws_own(
    aws: None, tmp_path: Path
) -> None:
    create()
    create("by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    # the default group moto (as AWS) has in every region is not reported
    assert drifts(report) == [("unmanaged", "aws_scheduler_schedule_group.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_changed_tags_are_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    arn = create()
    scheduler = boto3.client("scheduler", region_name=REGION)
    scheduler.tag_resource(ResourceArn=arn, Tags=[{"Key": "owner", "Value": "someone"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_scheduler_schedule_group.nightly", ["tags.owner"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "someone" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["scheduler.untag_resource"]
    run(calls)
    assert drifts(scan(directory)) == []
    scheduler.delete_schedule_group(Name="nightly")
    assert drifts(scan(directory)) == [("missing", "aws_scheduler_schedule_group.nightly", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["scheduler.create_schedule_group"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        """  Nightly:
    Type: AWS::Scheduler::ScheduleGroup
    Properties:
      Name: nightly
      Tags:
        - Key: team
          Value: ops
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: scheduler.aws.upbound.io/v1beta1
kind: ScheduleGroup
metadata:
  name: nightly
spec:
  forProvider:
    region: us-east-1
    tags:
      team: ops
""",
    )
    # the provider's own tags (crossplane-kind, -name, -providerconfig) are missing live
    report, _ = scan_source(crossplane)
    changed = [(d["type"], sorted(c["path"] for c in d["changes"])) for d in report["drifts"]]
    tags = ["tags.crossplane-kind", "tags.crossplane-name", "tags.crossplane-providerconfig"]
    assert changed == [("aws_scheduler_schedule_group", tags)]
