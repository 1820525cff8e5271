"""aws_apigatewayv2_stage on boto3-seeded moto: an API's stages read per API, matched by
API and name (Terraform's defaults for what a declaration leaves out), one added by hand
unmanaged, quick create's `$default` stage AWS's own, every declared format, a changed
stage planned back with UpdateStage and the tag calls (moto has no UpdateStage: the plan's
calls are checked, not made), a deleted one created again, and the drift codified."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from driftctl.core.model import Resource
from driftctl.resources.apigatewayv2 import stage
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_apigatewayv2_api" "web" {
  name          = "web"
  protocol_type = "HTTP"
}

resource "aws_apigatewayv2_stage" "prod" {
  api_id      = aws_apigatewayv2_api.web.id
  name        = "prod"
  description = "production"
  stage_variables = {
    backend = "blue"
  }
  tags = { Team = "web" }
}
"""


def client() -> Any:
    return boto3.client("apigatewayv2", region_name=REGION)


def declared_only(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for d in report["drifts"] if d["kind"] != "unmanaged"]


def create(description: str = "production", backend: str = "blue", **tags: str) -> str:
    api_id = str(client().create_api(Name="web", ProtocolType="HTTP")["ApiId"])
    client().create_stage(ApiId=api_id, StageName="prod", Description=description,
                          StageVariables={"backend": backend},
                          Tags=tags or {"Team": "web"})  # fmt: skip
    return api_id


def test_an_applied_stage_is_in_sync_and_one_added_by_hand_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    api_id = create()
    client().create_stage(ApiId=api_id, StageName="test")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_apigatewayv2_stage.{api_id}/test", [])]
    assert report["summary"]["managed"] == 2


def test_quick_creates_default_stage_is_aws_own() -> None:
    attrs = {"api_id": "a1", "name": "$default", "auto_deploy": True}
    made = Resource(stage.TYPE, "a1/$default", None, {**attrs, "api_gateway_managed": True})
    own = Resource(stage.TYPE, "a1/$default", None, {**attrs, "api_gateway_managed": False})
    assert stage.FAMILY.types[0].is_aws_default(made)
    assert not stage.FAMILY.types[0].is_aws_default(own)


def test_a_changed_stage_is_drift_and_planned_back(aws: None, tmp_path: Path) -> None:
    create(description="by hand", backend="green", Team="web", Owner="someone")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_apigatewayv2_stage.prod",
            ["description", "stage_variables.backend", "tags.Owner"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted((c.name, tuple(sorted(c.params))) for c in calls) == [
        ("apigatewayv2.untag_resource", ("ResourceArn", "TagKeys")),
        ("apigatewayv2.update_stage", ("ApiId", "Description", "StageName", "StageVariables")),
    ]
    update = next(c for c in calls if c.name == "apigatewayv2.update_stage")
    assert update.params["StageVariables"] == {"backend": "blue"}


def test_a_changed_description_is_codified(aws: None, tmp_path: Path) -> None:
    create(description="by hand")
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert 'description = "by hand"' in plan.diff


def test_a_deleted_stage_is_created_again(aws: None, tmp_path: Path) -> None:
    api_id = create()
    client().delete_stage(ApiId=api_id, StageName="prod")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_apigatewayv2_stage.prod", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["apigatewayv2.create_stage"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api_id = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Prod:
    Type: AWS::ApiGatewayV2::Stage
    Properties:
      ApiId: {api_id}
      StageName: prod
      Description: production
      StageVariables: {{backend: blue}}
      Tags: {{Team: web}}
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: apigatewayv2.services.k8s.aws/v1alpha1
kind: Stage
metadata:
  name: prod
spec:
  apiID: {api_id}
  stageName: prod
  description: production
  stageVariables: {{backend: blue}}
  tags: {{Team: web}}
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigatewayv2.aws.upbound.io/v1beta1
kind: Stage
metadata:
  name: prod
spec:
  forProvider:
    region: us-east-1
    apiId: {api_id}
    description: changed in git
    stageVariables: {{backend: blue}}
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert declared_only(report) == [], source
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in declared_only(report)]
    assert changed == [("aws_apigatewayv2_stage", ["description", "tags.Team",
                       "tags.crossplane-kind", "tags.crossplane-name",
                       "tags.crossplane-providerconfig"])]  # fmt: skip
