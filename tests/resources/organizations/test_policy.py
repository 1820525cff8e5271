"""aws_organizations_policy on moto: a service control policy in sync, another one
unmanaged, AWS's FullAWSAccess never; its content compared as a JSON document, put back
and codified, a deleted one created again; CloudFormation and Crossplane declare it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

TYPE = "aws_organizations_policy"
DENY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Deny", "Action": "organizations:LeaveOrganization", "Resource": "*"}],
}
HCL = """
resource "aws_organizations_policy" "stay" {
  name        = "stay-in-org"
  description = "no account leaves"
  content = jsonencode({
    Version = "2012-10-17"
    Statement = [{ Effect = "Deny", Action = "organizations:LeaveOrganization", Resource = "*" }]
  })
  tags = { Team = "security" }
}
"""


def org() -> Any:
    return boto3.client("organizations", region_name="us-east-1")


def policy(name: str = "stay-in-org", content: Any = None, **tags: str) -> str:
    org().create_organization(FeatureSet="ALL")
    answer = org().create_policy(
        Name=name,
        Description="no account leaves",
        Type="SERVICE_CONTROL_POLICY",
        # spaced and ordered as a console edit may leave it
        Content=json.dumps(content or DENY, indent=2),
        Tags=[{"Key": k, "Value": v} for k, v in (tags or {"Team": "security"}).items()],
    )
    return str(answer["Policy"]["PolicySummary"]["Id"])


def test_a_declared_policy_is_in_sync_another_unmanaged_aws_own_never(
    aws: None, tmp_path: Path
) -> None:
    policy()
    stray = org().create_policy(
        Name="by-hand", Description="", Type="TAG_POLICY", Content=json.dumps({"tags": {}})
    )["Policy"]["PolicySummary"]["Id"]
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"{TYPE}.{stray}", [])]
    assert report["summary"]["managed"] == 1


def test_changed_content_is_put_back_and_codified_a_deleted_policy_created(
    aws: None, tmp_path: Path
) -> None:
    allow = {**DENY, "Statement": [{**DENY["Statement"][0], "Effect": "Allow"}]}
    policy_id = policy(content=allow)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.stay", ["content.Statement[0].Effect"])]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "Allow" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["organizations.update_policy"]
    run(calls)
    assert drifts(scan(directory)) == []
    org().delete_policy(PolicyId=policy_id)
    assert drifts(scan(directory)) == [("missing", f"{TYPE}.stay", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["organizations.create_policy"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    policy_id = policy()
    cfn = template(
        tmp_path / "cfn",
        f"""  Stay:
    Type: AWS::Organizations::Policy
    Properties:
      Name: stay-in-org
      Description: no account leaves
      Type: SERVICE_CONTROL_POLICY
      Content: {json.dumps(DENY)}
      Tags:
        - Key: Team
          Value: security
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: organizations.aws.upbound.io/v1beta1
kind: Policy
metadata:
  name: stay-in-org
  annotations:
    crossplane.io/external-name: {policy_id}
spec:
  forProvider:
    name: stay-in-org
    description: something else
    content: '{json.dumps(DENY)}'
""",
    )
    provider = {
        "crossplane-kind": "policy.organizations.aws.upbound.io",
        "crossplane-name": "stay-in-org",
        "crossplane-providerconfig": "default",
    }
    org().tag_resource(
        ResourceId=policy_id, Tags=[{"Key": k, "Value": v} for k, v in provider.items()]
    )
    org().untag_resource(ResourceId=policy_id, TagKeys=["Team"])
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [(TYPE, ["description"])]
