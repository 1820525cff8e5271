"""aws_launch_template on moto: a template created as Terraform creates it is in sync; a
new version with another instance type is drift (Terraform reads the latest version) that
a revert puts back with a version of the declared data; another name needs a human."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_launch_template" "web" {
  name          = "lb-web"
  image_id      = "ami-12c6146b"
  instance_type = "t3.micro"
  monitoring {
    enabled = true
  }
  tags = { Team = "web" }
}
"""


def apply() -> str:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    found = ec2.create_launch_template(
        LaunchTemplateName="lb-web",
        LaunchTemplateData={
            "ImageId": "ami-12c6146b",
            "InstanceType": "t3.micro",
            "Monitoring": {"Enabled": True},
        },
        TagSpecifications=[
            {"ResourceType": "launch-template", "Tags": [{"Key": "Team", "Value": "web"}]}
        ],
    )
    return str(found["LaunchTemplate"]["LaunchTemplateId"])


def test_a_new_version_is_drift_put_back_by_a_version_of_the_declared_data(
    aws: None, tmp_path: Path
) -> None:
    template = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.create_launch_template_version(
        LaunchTemplateId=template,
        SourceVersion="1",
        # AWS copies the source version's other data; moto does not, so it is given here
        LaunchTemplateData={
            "ImageId": "ami-12c6146b",
            "InstanceType": "t3.small",
            "Monitoring": {"Enabled": False},
        },
    )
    assert drifts(scan(directory)) == [
        ("changed", "aws_launch_template.web", ["instance_type", "monitoring.enabled"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params["LaunchTemplateData"]) for c in calls] == [
        (
            "create_launch_template_version",
            {
                "ImageId": "ami-12c6146b",
                "InstanceType": "t3.micro",
                "Monitoring": {"Enabled": True},
            },
        )
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_another_name_is_drift_that_a_human_replaces(aws: None, tmp_path: Path) -> None:
    template = apply()
    hcl = HCL.replace('name          = "lb-web"', 'name = "lb-app"')
    directory = write(
        tmp_path / "tf",
        f'import {{\n  to = aws_launch_template.web\n  id = "{template}"\n}}\n{hcl}',
    )
    assert drifts(scan(directory)) == [("changed", "aws_launch_template.web", ["name"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert any("name of aws_launch_template.web" in r for r in refusals)
