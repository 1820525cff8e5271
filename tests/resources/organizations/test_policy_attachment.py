"""aws_organizations_policy_attachment on moto: a declared attachment in sync, one made by
hand to a declared policy unmanaged, the FullAWSAccess attachments AWS makes never; a
detached policy attached again and a stray attachment detached by a revert; an account
in no organization has none; CloudFormation's TargetIds declare it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

TYPE = "aws_organizations_policy_attachment"
DENY = {
    "Version": "2012-10-17",
    "Statement": [{"Effect": "Deny", "Action": "organizations:LeaveOrganization", "Resource": "*"}],
}


def org() -> Any:
    return boto3.client("organizations", region_name="us-east-1")


def setup() -> tuple[str, str, str, str]:
    """An organization with units `prod` and `dev` and a policy: (policy, prod, dev, root)."""
    org().create_organization(FeatureSet="ALL")
    root = org().list_roots()["Roots"][0]["Id"]
    prod, dev = (
        org().create_organizational_unit(ParentId=root, Name=name)["OrganizationalUnit"]["Id"]
        for name in ("prod", "dev")
    )
    policy = org().create_policy(
        Name="stay", Description="", Type="SERVICE_CONTROL_POLICY", Content=json.dumps(DENY)
    )["Policy"]["PolicySummary"]["Id"]
    return str(policy), str(prod), str(dev), str(root)


def hcl(root: str) -> str:
    return f"""
resource "aws_organizations_organizational_unit" "prod" {{
  name      = "prod"
  parent_id = "{root}"
}}

resource "aws_organizations_organizational_unit" "dev" {{
  name      = "dev"
  parent_id = "{root}"
}}

resource "aws_organizations_policy" "stay" {{
  name    = "stay"
  content = jsonencode({json.dumps(DENY)})
}}

resource "aws_organizations_policy_attachment" "prod" {{
  policy_id = aws_organizations_policy.stay.id
  target_id = aws_organizations_organizational_unit.prod.id
}}
"""


def test_a_declared_attachment_is_in_sync_one_by_hand_unmanaged_aws_own_never(
    aws: None, tmp_path: Path
) -> None:
    policy, prod, dev, root = setup()
    org().attach_policy(PolicyId=policy, TargetId=prod)
    org().attach_policy(PolicyId=policy, TargetId=dev)
    report = scan(write(tmp_path / "tf", hcl(root)))
    assert drifts(report) == [("unmanaged", f"{TYPE}.{dev}:{policy}", [])]
    assert report["summary"]["managed"] == 4


def test_a_detached_policy_is_attached_again_a_stray_one_detached(
    aws: None, tmp_path: Path
) -> None:
    policy, _, dev, root = setup()
    org().attach_policy(PolicyId=policy, TargetId=dev)
    directory = write(tmp_path / "tf", hcl(root))
    assert drifts(scan(directory)) == [
        ("missing", "aws_organizations_policy_attachment.prod", []),
        ("unmanaged", f"{TYPE}.{dev}:{policy}", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "organizations.attach_policy",
        "organizations.detach_policy",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_target_ids_declare_it(aws: None, tmp_path: Path) -> None:
    policy, prod, _, _ = setup()
    org().attach_policy(PolicyId=policy, TargetId=prod)
    cfn = template(
        tmp_path / "cfn",
        f"""  Stay:
    Type: AWS::Organizations::Policy
    Properties:
      Name: stay
      Type: SERVICE_CONTROL_POLICY
      Content: {json.dumps(DENY)}
      TargetIds:
        - {prod}
""",
    )
    report, _ = scan_source(cfn)
    assert [
        d for d in report["drifts"] if d["type"] != "aws_organizations_organizational_unit"
    ] == []
    assert report["summary"]["managed"] == 2
