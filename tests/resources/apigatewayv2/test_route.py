"""aws_apigatewayv2_route on moto: an API's routes read per API, matched by API and route
key (Terraform's defaults for what a declaration leaves out), one added by hand
unmanaged, every declared format, a changed route put back with UpdateRoute, a deleted
one created again, and the drift codified."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_apigatewayv2_api" "web" {
  name          = "web"
  protocol_type = "HTTP"
}

resource "aws_apigatewayv2_route" "items" {
  api_id         = aws_apigatewayv2_api.web.id
  route_key      = "GET /items"
  operation_name = "ListItems"
}
"""


def drifts_of(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for d in report["drifts"] if d["kind"] != "unmanaged"]


def client() -> Any:
    return boto3.client("apigatewayv2", region_name=REGION)


def create() -> tuple[str, str]:
    api_id = client().create_api(Name="web", ProtocolType="HTTP")["ApiId"]
    route = client().create_route(ApiId=api_id, RouteKey="GET /items", OperationName="ListItems")
    return str(api_id), str(route["RouteId"])


def test_an_applied_route_is_in_sync_and_one_added_by_hand_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    api_id, _ = create()
    other = client().create_route(ApiId=api_id, RouteKey="DELETE /items")["RouteId"]
    # an API nobody declared: its routes are not reported (the API is, unmanaged)
    stray = client().create_api(Name="by-hand", ProtocolType="HTTP")["ApiId"]
    client().create_route(ApiId=stray, RouteKey="GET /x")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [
        ("unmanaged", f"aws_apigatewayv2_api.{stray}", []),
        ("unmanaged", f"aws_apigatewayv2_route.{other}", []),
    ]
    assert report["summary"]["managed"] == 2


def test_a_changed_route_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    api_id, route_id = create()
    client().update_route(ApiId=api_id, RouteId=route_id, AuthorizationType="AWS_IAM",
                          OperationName="by hand", ApiKeyRequired=True)  # fmt: skip
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_apigatewayv2_route.items",
            ["api_key_required", "authorization_type", "operation_name"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.name, c.params.get("AuthorizationType")) for c in calls] == [
        ("apigatewayv2.update_route", "NONE")
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_route_is_created_again(aws: None, tmp_path: Path) -> None:
    api_id, route_id = create()
    client().delete_route(ApiId=api_id, RouteId=route_id)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_apigatewayv2_route.items", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["apigatewayv2.create_route"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_changed_operation_name_is_codified(aws: None, tmp_path: Path) -> None:
    api_id, route_id = create()
    client().update_route(ApiId=api_id, RouteId=route_id, OperationName="renamed")
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert 'operation_name = "renamed"' in plan.diff


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api_id, route_id = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  Items:
    Type: AWS::ApiGatewayV2::Route
    Properties:
      ApiId: {api_id}
      RouteKey: GET /items
      OperationName: ListItems
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: apigatewayv2.services.k8s.aws/v1alpha1
kind: Route
metadata:
  name: items
spec:
  apiID: {api_id}
  routeKey: GET /items
  operationName: ListItems
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigatewayv2.aws.upbound.io/v1beta1
kind: Route
metadata:
  name: items
  annotations:
    crossplane.io/external-name: {route_id}
spec:
  forProvider:
    region: us-east-1
    apiId: {api_id}
    routeKey: GET /items
    operationName: changed in git
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        # the API is declared nowhere here: it alone is unmanaged
        kinds = [(d["kind"], d["type"]) for d in report["drifts"]]
        assert kinds == [("unmanaged", "aws_apigatewayv2_api")], source
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in drifts_of(report)]
    assert changed == [("aws_apigatewayv2_route", ["operation_name"])]
