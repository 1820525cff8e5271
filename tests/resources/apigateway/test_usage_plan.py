"""aws_api_gateway_usage_plan on moto: read with GetUsagePlans (nothing per plan),
matched by name (Terraform's defaults for what a declaration leaves out), one added by
hand unmanaged, one changed by hand (description, quota, an API stage removed) put back
with UpdateUsagePlan, a deleted one created again, the drift codified, and CloudFormation
and Crossplane (ACK has no usage plan)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_api_gateway_usage_plan" "basic" {
  name        = "basic"
  description = "for everyone"
  api_stages {
    api_id = "%(api)s"
    stage  = "prod"
  }
  quota_settings {
    limit  = 1000
    period = "DAY"
  }
  throttle_settings {
    burst_limit = 10
    rate_limit  = 5
  }
  tags = { team = "web" }
}
"""


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def create() -> tuple[str, str]:
    """An API with a stage `prod`, and the plan as HCL declares it."""
    api_id = str(client().create_rest_api(name="shop")["id"])
    plan = client().create_usage_plan(
        name="basic", description="for everyone", apiStages=[{"apiId": api_id, "stage": "prod"}],
        quota={"limit": 1000, "period": "DAY"}, throttle={"burstLimit": 10, "rateLimit": 5.0},
        tags={"team": "web"},
    )  # fmt: skip
    return api_id, str(plan["id"])


def hcl(tmp_path: Path, api_id: str) -> Path:
    return write(tmp_path / "tf", HCL % {"api": api_id})


def plan_drifts(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    return [d for d in drifts(report) if d[1].startswith("aws_api_gateway_usage_plan")]


def test_a_plan_is_in_sync_and_one_added_by_hand_unmanaged(aws: None, tmp_path: Path) -> None:
    api_id, _ = create()
    by_hand = client().create_usage_plan(name="free")["id"]
    report = scan(hcl(tmp_path, api_id))
    assert plan_drifts(report) == [("unmanaged", f"aws_api_gateway_usage_plan.{by_hand}", [])]


def test_a_plan_changed_by_hand_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    api_id, plan = create()
    client().update_usage_plan(usagePlanId=plan, patchOperations=[
        {"op": "replace", "path": "/description", "value": "by hand"},
        {"op": "replace", "path": "/quota/limit", "value": "5000"},
        {"op": "remove", "path": "/apiStages", "value": f"{api_id}:prod"},
    ])  # fmt: skip
    directory = hcl(tmp_path, api_id)
    assert plan_drifts(scan(directory)) == [
        (
            "changed",
            "aws_api_gateway_usage_plan.basic",
            ["api_stages[0]", "description", "quota_settings.limit"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    calls = [c for c in calls if c.name.endswith("_usage_plan")]  # not the API, unmanaged here
    assert refusals == []
    assert [c.name for c in calls] == ["apigateway.update_usage_plan"]
    run(calls)
    assert plan_drifts(scan(directory)) == []


def test_a_changed_description_is_codified(aws: None, tmp_path: Path) -> None:
    api_id, plan = create()
    client().update_usage_plan(usagePlanId=plan, patchOperations=[
        {"op": "replace", "path": "/description", "value": "by hand"},
    ])  # fmt: skip
    directory = hcl(tmp_path, api_id)
    _, found = scan_source(f"hcl://{directory}")
    result = codify(directory, [d for d in found if d.kind == "changed"])
    assert result.humans == []
    assert 'description = "by hand"' in result.diff


def test_a_deleted_plan_is_created_again(aws: None, tmp_path: Path) -> None:
    api_id, plan = create()
    client().delete_usage_plan(usagePlanId=plan)
    directory = hcl(tmp_path, api_id)
    assert plan_drifts(scan(directory)) == [("missing", "aws_api_gateway_usage_plan.basic", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    calls = [c for c in calls if c.name.endswith("_usage_plan")]  # not the API, unmanaged here
    assert refusals == []
    assert [c.name for c in calls] == ["apigateway.create_usage_plan"]
    run(calls)
    assert plan_drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    api_id, plan = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Basic:
    Type: AWS::ApiGateway::UsagePlan
    Properties:
      UsagePlanName: basic
      Description: for everyone
      ApiStages:
        - ApiId: {api_id}
          Stage: prod
      Quota: {{Limit: 1000, Period: DAY}}
      Throttle: {{BurstLimit: 10, RateLimit: 5}}
      Tags:
        - Key: team
          Value: web
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: UsagePlan
metadata:
  name: basic
  annotations:
    crossplane.io/external-name: {plan}
spec:
  forProvider:
    region: us-east-1
    name: basic
    description: changed in git
    apiStages:
      - apiId: {api_id}
        stage: prod
    quotaSettings:
      - limit: 1000
        period: DAY
    throttleSettings:
      - burstLimit: 10
        rateLimit: 5
    tags:
      team: web
""",
    )
    report, _ = scan_source(cfn)
    changed = [d for d in report["drifts"] if d["kind"] != "unmanaged"]
    assert changed == [], [d["changes"] for d in changed]
    assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] == "changed"]  # fmt: skip
    assert changed == [("aws_api_gateway_usage_plan", ["description", "tags.crossplane-kind",
                       "tags.crossplane-name", "tags.crossplane-providerconfig"])]  # fmt: skip
