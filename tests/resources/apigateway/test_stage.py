"""aws_api_gateway_stage on moto: an API's stages read with one GetStages, matched by API
and name (Terraform's defaults for what a declaration leaves out), one added by hand
unmanaged, a stage changed by hand put back with UpdateStage and the tag calls, a
deleted one created again (its access logging by UpdateStage after), the drift
codified, and every declared format."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
LOGS = "arn:aws:logs:us-east-1:123456789012:log-group:api-access"
HCL = f"""
resource "aws_api_gateway_rest_api" "shop" {{
  name = "shop"
}}

resource "aws_api_gateway_deployment" "v1" {{
  rest_api_id = aws_api_gateway_rest_api.shop.id
  description = "release 1"
}}

resource "aws_api_gateway_stage" "prod" {{
  rest_api_id   = aws_api_gateway_rest_api.shop.id
  deployment_id = aws_api_gateway_deployment.v1.id
  stage_name    = "prod"
  description   = "production"
  variables = {{
    backend = "blue"
  }}
  access_log_settings {{
    destination_arn = "{LOGS}"
    format          = "$context.requestId"
  }}
  tags = {{ team = "web" }}
}}
"""


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def create() -> tuple[str, str]:
    """The API (with a method and integration, as a deployment needs), its deployment and
    the stage `prod` as HCL declares it."""
    api = client().create_rest_api(name="shop")
    api_id, root = str(api["id"]), str(api["rootResourceId"])
    client().put_method(
        restApiId=api_id, resourceId=root, httpMethod="GET", authorizationType="NONE"
    )
    client().put_integration(restApiId=api_id, resourceId=root, httpMethod="GET", type="MOCK")
    deployment = str(client().create_deployment(restApiId=api_id, description="release 1")["id"])
    client().create_stage(restApiId=api_id, stageName="prod", deploymentId=deployment,
                          description="production", variables={"backend": "blue"},
                          tags={"team": "web"})  # fmt: skip
    client().update_stage(restApiId=api_id, stageName="prod", patchOperations=[
        {"op": "replace", "path": "/accessLogSettings/destinationArn", "value": LOGS},
        {"op": "replace", "path": "/accessLogSettings/format", "value": "$context.requestId"},
    ])  # fmt: skip
    return api_id, deployment


def stage_drifts(report: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    """The drift of the stages (the method and integration are not declared here)."""
    return [d for d in drifts(report) if d[1].startswith("aws_api_gateway_stage")]


def test_an_applied_stage_is_in_sync_and_one_added_by_hand_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    api_id, deployment = create()
    client().create_stage(restApiId=api_id, stageName="test", deploymentId=deployment)
    report = scan(write(tmp_path / "tf", HCL))
    assert stage_drifts(report) == [("unmanaged", f"aws_api_gateway_stage.ags-{api_id}-test", [])]


def test_a_stage_changed_by_hand_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    api_id, _ = create()
    client().update_stage(restApiId=api_id, stageName="prod", patchOperations=[
        {"op": "replace", "path": "/description", "value": "by hand"},
        {"op": "replace", "path": "/variables/backend", "value": "green"},
        {"op": "replace", "path": "/variables/debug", "value": "on"},
        {"op": "replace", "path": "/tracingEnabled", "value": "true"},
        {"op": "remove", "path": "/accessLogSettings"},
    ])  # fmt: skip
    arn = f"arn:aws:apigateway:{REGION}::/restapis/{api_id}/stages/prod"
    client().tag_resource(resourceArn=arn, tags={"owner": "someone"})
    directory = write(tmp_path / "tf", HCL)
    assert stage_drifts(scan(directory)) == [
        (
            "changed",
            "aws_api_gateway_stage.prod",
            ["access_log_settings", "description", "tags.owner", "variables.backend",
             "variables.debug", "xray_tracing_enabled"],
        )
    ]  # fmt: skip
    calls, refusals = plan_calls(tmp_path, directory)
    calls = [c for c in calls if c.name.endswith(("_stage", "tag_resource"))]
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "apigateway.untag_resource",
        "apigateway.update_stage",
    ]
    run(calls)
    assert stage_drifts(scan(directory)) == []


def test_a_changed_description_is_codified(aws: None, tmp_path: Path) -> None:
    api_id, _ = create()
    client().update_stage(restApiId=api_id, stageName="prod", patchOperations=[
        {"op": "replace", "path": "/description", "value": "by hand"}
    ])  # fmt: skip
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert 'description   = "by hand"' in plan.diff


def test_a_deleted_stage_is_created_again_with_its_access_logging(
    aws: None, tmp_path: Path
) -> None:
    api_id, _ = create()
    client().delete_stage(restApiId=api_id, stageName="prod")
    directory = write(tmp_path / "tf", HCL)
    assert stage_drifts(scan(directory)) == [("missing", "aws_api_gateway_stage.prod", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    calls = [c for c in calls if c.name.endswith("_stage")]
    assert refusals == []
    assert [c.name for c in calls] == ["apigateway.create_stage", "apigateway.update_stage"]
    run(calls)
    assert stage_drifts(scan(directory)) == []
    found = client().get_stage(restApiId=api_id, stageName="prod")
    assert found["accessLogSettings"]["destinationArn"] == LOGS


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api_id, deployment = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Prod:
    Type: AWS::ApiGateway::Stage
    Properties:
      RestApiId: {api_id}
      DeploymentId: {deployment}
      StageName: prod
      Description: production
      Variables: {{backend: blue}}
      AccessLogSetting:
        DestinationArn: {LOGS}
        Format: $context.requestId
      Tags:
        - Key: team
          Value: web
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: apigateway.services.k8s.aws/v1alpha1
kind: Stage
metadata:
  name: prod
spec:
  restAPIID: {api_id}
  deploymentID: {deployment}
  stageName: prod
  description: production
  variables: {{backend: blue}}
  tags: {{team: web}}
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: Stage
metadata:
  name: prod
  annotations:
    crossplane.io/external-name: ags-{api_id}-prod
spec:
  forProvider:
    region: us-east-1
    restApiId: {api_id}
    deploymentId: {deployment}
    stageName: prod
    description: changed in git
    variables: {{backend: blue}}
    accessLogSettings:
      - destinationArn: {LOGS}
        format: $context.requestId
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        changed = [d for d in report["drifts"] if d["kind"] != "unmanaged"]
        assert changed == [], (source, [d["changes"] for d in changed])
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] == "changed"]  # fmt: skip
    assert changed == [("aws_api_gateway_stage", ["description", "tags.crossplane-kind",
                       "tags.crossplane-name", "tags.crossplane-providerconfig",
                       "tags.team"])]  # fmt: skip
