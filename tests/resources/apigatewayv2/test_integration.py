"""aws_apigatewayv2_integration on moto: an API's integrations read per API, matched by
API, type and URI (Terraform's defaults for what a declaration leaves out, AWS's timeout
not compared unless declared), one added by hand unmanaged, every declared format, a
changed integration put back with UpdateIntegration, a deleted one created again, and
the drift codified."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
URI = "https://backend.example.com/items"
HCL = f"""
resource "aws_apigatewayv2_api" "web" {{
  name          = "web"
  protocol_type = "HTTP"
}}

resource "aws_apigatewayv2_integration" "backend" {{
  api_id             = aws_apigatewayv2_api.web.id
  integration_type   = "HTTP_PROXY"
  integration_method = "GET"
  integration_uri    = "{URI}"
  description        = "the items backend"
}}
"""


def client() -> Any:
    return boto3.client("apigatewayv2", region_name=REGION)


def unmanaged_left_out(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for d in report["drifts"] if d["kind"] != "unmanaged"]


def create() -> tuple[str, str]:
    api_id = client().create_api(Name="web", ProtocolType="HTTP")["ApiId"]
    found = client().create_integration(
        ApiId=api_id, IntegrationType="HTTP_PROXY", IntegrationMethod="GET",
        IntegrationUri=URI, Description="the items backend", ConnectionType="INTERNET",
        PayloadFormatVersion="1.0",
    )  # fmt: skip
    return str(api_id), str(found["IntegrationId"])


def test_an_applied_integration_is_in_sync_and_one_added_by_hand_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    api_id, _ = create()
    other = client().create_integration(ApiId=api_id, IntegrationType="MOCK")["IntegrationId"]
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_apigatewayv2_integration.{other}", [])]
    assert report["summary"]["managed"] == 2


def test_a_changed_integration_is_drift_and_put_back(aws: None, tmp_path: Path) -> None:
    api_id, integration_id = create()
    client().update_integration(ApiId=api_id, IntegrationId=integration_id,
                                IntegrationMethod="POST", PayloadFormatVersion="2.0")  # fmt: skip
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_apigatewayv2_integration.backend",
            ["integration_method", "payload_format_version"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.name, c.params.get("IntegrationMethod")) for c in calls] == [
        ("apigatewayv2.update_integration", "GET")
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_changed_description_is_codified(aws: None, tmp_path: Path) -> None:
    api_id, integration_id = create()
    client().update_integration(ApiId=api_id, IntegrationId=integration_id, Description="by hand")
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert 'description        = "by hand"' in plan.diff


def test_a_deleted_integration_is_created_again(aws: None, tmp_path: Path) -> None:
    api_id, integration_id = create()
    client().delete_integration(ApiId=api_id, IntegrationId=integration_id)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_apigatewayv2_integration.backend", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["apigatewayv2.create_integration"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api_id, integration_id = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Backend:
    Type: AWS::ApiGatewayV2::Integration
    Properties:
      ApiId: {api_id}
      IntegrationType: HTTP_PROXY
      IntegrationMethod: GET
      IntegrationUri: {URI}
      Description: the items backend
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: apigatewayv2.services.k8s.aws/v1alpha1
kind: Integration
metadata:
  name: backend
spec:
  apiID: {api_id}
  integrationType: HTTP_PROXY
  integrationMethod: GET
  integrationURI: {URI}
  description: the items backend
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigatewayv2.aws.upbound.io/v1beta1
kind: Integration
metadata:
  name: backend
  annotations:
    crossplane.io/external-name: {integration_id}
spec:
  forProvider:
    region: us-east-1
    apiId: {api_id}
    integrationType: HTTP_PROXY
    integrationMethod: GET
    integrationUri: {URI}
    description: changed in git
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert unmanaged_left_out(report) == [], source
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in unmanaged_left_out(report)]
    assert changed == [("aws_apigatewayv2_integration", ["description"])]


def test_a_uri_changed_by_hand_is_missing_and_unmanaged_without_a_state(
    aws: None, tmp_path: Path
) -> None:
    """Nothing but the URI tells two integrations of one API and type apart."""
    api_id, integration_id = create()
    client().update_integration(
        ApiId=api_id, IntegrationId=integration_id, IntegrationUri="https://elsewhere.example.com"
    )
    assert drifts(scan(write(tmp_path / "tf", HCL))) == [
        ("missing", "aws_apigatewayv2_integration.backend", []),
        ("unmanaged", f"aws_apigatewayv2_integration.{integration_id}", []),
    ]
