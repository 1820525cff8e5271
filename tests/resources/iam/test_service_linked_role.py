"""aws_iam_service_linked_role on moto: a role a service made is never unmanaged (not as
a role either), a declared one is compared, its description put back and codified, a
deleted one created again; CloudFormation and Crossplane declare it."""

from __future__ import annotations

from pathlib import Path

import boto3

from driftctl.core.model import Resource
from driftctl.resources.registry import TYPES
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

TYPE = "aws_iam_service_linked_role"
HCL = """
resource "aws_iam_service_linked_role" "beanstalk" {
  aws_service_name = "elasticbeanstalk.amazonaws.com"
  custom_suffix    = "ops"
  description      = "for the ops environments"
}
"""


def iam() -> object:
    return boto3.client("iam", region_name="us-east-1")


def create(service: str, suffix: str = "", description: str = "") -> str:
    params = {"AWSServiceName": service}
    if suffix:
        params["CustomSuffix"] = suffix
    if description:
        params["Description"] = description
    return str(iam().create_service_linked_role(**params)["Role"]["RoleName"])  # type: ignore[attr-defined]


def test_a_declared_one_is_in_sync_and_roles_services_made_are_not_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    create("elasticbeanstalk.amazonaws.com", "ops", "for the ops environments")
    create("autoscaling.amazonaws.com")  # as Auto Scaling makes it with the first group
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1


def test_the_service_and_suffix_are_read_as_terraform_reads_them() -> None:
    item = {
        "RoleName": "AWSServiceRoleForElasticBeanstalk_ops",
        "Path": "/aws-service-role/elasticbeanstalk.amazonaws.com/",
        "Arn": "arn:aws:iam::123456789012:role/aws-service-role/x/AWSServiceRoleFor_ops",
        "Tags": [{"Key": "team", "Value": "ops"}],
    }
    from driftctl.resources.iam.role import build

    (found,) = build(item, {"listed": {"Description": "d"}}, "us-east-1")
    assert found.type == TYPE
    assert (found.attrs["aws_service_name"], found.attrs["custom_suffix"]) == (
        "elasticbeanstalk.amazonaws.com",
        "ops",
    )
    assert (found.attrs["description"], found.attrs["tags"]) == ("d", {"team": "ops"})
    # Application Auto Scaling puts the resource type after `_` itself: not a suffix
    rtype = TYPES[TYPE]
    scaling = {"aws_service_name": "ecs.application-autoscaling.amazonaws.com"}
    live = rtype.normalize({**scaling, "custom_suffix": "ECSService"})
    assert live == rtype.normalize({**scaling, "custom_suffix": ""})
    assert rtype.is_aws_default(Resource(TYPE, "AWSServiceRoleForX", None, {}))


def test_a_changed_description_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    name = create("elasticbeanstalk.amazonaws.com", "ops", "changed by hand")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_iam_service_linked_role.beanstalk", ["description"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "changed by hand" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["iam.update_role"]
    run(calls)
    assert drifts(scan(directory)) == []
    iam().delete_service_linked_role(RoleName=name)  # type: ignore[attr-defined]
    assert drifts(scan(directory)) == [("missing", "aws_iam_service_linked_role.beanstalk", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["iam.create_service_linked_role"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    name = create("elasticbeanstalk.amazonaws.com", "ops", "for the ops environments")
    cfn = template(
        tmp_path / "cfn",
        """  Beanstalk:
    Type: AWS::IAM::ServiceLinkedRole
    Properties:
      AWSServiceName: elasticbeanstalk.amazonaws.com
      CustomSuffix: ops
      Description: for the ops environments
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: iam.aws.upbound.io/v1beta1
kind: ServiceLinkedRole
metadata:
  name: beanstalk
spec:
  forProvider:
    awsServiceName: elasticbeanstalk.amazonaws.com
    customSuffix: ops
    description: something else
""",
    )
    # the tags the Upbound provider puts on what it manages
    provider = {"crossplane-kind": "servicelinkedrole.iam.aws.upbound.io",
                "crossplane-name": "beanstalk", "crossplane-providerconfig": "default"}  # fmt: skip
    tags = [{"Key": k, "Value": v} for k, v in provider.items()]
    iam().tag_role(RoleName=name, Tags=tags)  # type: ignore[attr-defined]
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [(TYPE, ["description"])]
