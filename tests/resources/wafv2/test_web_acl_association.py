"""aws_wafv2_web_acl_association on moto (whose ListResourcesForWebACL the `aws` fixture
answers from moto's own record of the associations, tests/tf/moto_gaps.py): a user
pool protected by a web ACL, another association unmanaged and removed, a removed one
made again, CloudFormation declaring it."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
VISIBILITY = {"CloudWatchMetricsEnabled": False, "MetricName": "edge",
              "SampledRequestsEnabled": False}  # fmt: skip
TYPE = "aws_wafv2_web_acl_association"


def waf():  # type: ignore[no-untyped-def]
    return boto3.client("wafv2", region_name=REGION)


def cognito():  # type: ignore[no-untyped-def]
    return boto3.client("cognito-idp", region_name=REGION)


def create() -> tuple[str, str]:
    """A web ACL and a user pool, associated: their ARNs."""
    acl = waf().create_web_acl(
        Name="edge",
        Scope="REGIONAL",
        DefaultAction={"Allow": {}},
        VisibilityConfig=VISIBILITY,
    )["Summary"]["ARN"]
    pool = cognito().create_user_pool(PoolName="users")["UserPool"]["Arn"]
    waf().associate_web_acl(WebACLArn=acl, ResourceArn=pool)
    return str(acl), str(pool)


def hcl(acl: str, pool: str) -> str:
    return f"""
resource "aws_wafv2_web_acl_association" "users" {{
  web_acl_arn  = "{acl}"
  resource_arn = "{pool}"
}}
"""


def test_an_association_is_in_sync_another_one_unmanaged_and_removed(
    aws: None, tmp_path: Path
) -> None:
    acl, pool = create()
    other = cognito().create_user_pool(PoolName="by-hand")["UserPool"]["Arn"]
    waf().associate_web_acl(WebACLArn=acl, ResourceArn=other)
    directory = write(tmp_path / "tf", hcl(acl, pool))
    report = scan(directory)
    # the pools and the ACL are not declared here: only the associations are looked at
    assert [d for d in drifts(report) if d[1].startswith(TYPE)] == [
        ("unmanaged", f"{TYPE}.{acl},{other}", [])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    removing = [c for c in calls if c.name.endswith("associate_web_acl")]  # the ACL undeclared
    assert [c.name for c in removing] == ["wafv2.disassociate_web_acl"]
    run(removing)
    assert waf().get_web_acl_for_resource(ResourceArn=other).get("WebACL") is None
    assert waf().get_web_acl_for_resource(ResourceArn=pool)["WebACL"]["ARN"] == acl


def test_a_removed_association_is_missing_and_made_again(aws: None, tmp_path: Path) -> None:
    acl, pool = create()
    waf().disassociate_web_acl(ResourceArn=pool)
    directory = write(tmp_path / "tf", hcl(acl, pool))
    assert [d for d in drifts(scan(directory)) if d[1].startswith(TYPE)] == [
        ("missing", f"{TYPE}.users", [])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    making = [c for c in calls if c.name.endswith("associate_web_acl")]
    assert [c.name for c in making] == ["wafv2.associate_web_acl"]
    run(making)
    assert waf().get_web_acl_for_resource(ResourceArn=pool)["WebACL"]["ARN"] == acl


def test_cloudformation_declares_it(aws: None, tmp_path: Path) -> None:
    acl, pool = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Protect:
    Type: AWS::WAFv2::WebACLAssociation
    Properties:
      WebACLArn: {acl}
      ResourceArn: {pool}
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["type"] == TYPE] == []
    assert report["summary"]["managed"] == 1
