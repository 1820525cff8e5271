"""aws_api_gateway_method on moto: read with its API's resources (no call of its own),
what Terraform leaves unset compared as AWS's "none", every declared format, a deleted
method created again and one made by hand deleted. moto has no UpdateMethod: a changed
method is not made here (the revert's PATCH is checked against botocore's model by the
registry lint)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_api_gateway_rest_api" "shop" {
  name = "shop"
}

resource "aws_api_gateway_resource" "items" {
  rest_api_id = aws_api_gateway_rest_api.shop.id
  parent_id   = aws_api_gateway_rest_api.shop.root_resource_id
  path_part   = "items"
}

resource "aws_api_gateway_method" "list" {
  rest_api_id        = aws_api_gateway_rest_api.shop.id
  resource_id        = aws_api_gateway_resource.items.id
  http_method        = "GET"
  authorization      = "NONE"
  request_parameters = { "method.request.querystring.page" = false }
}
"""


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def create() -> tuple[str, str]:
    """The API and its /items resource, with GET."""
    api = client().create_rest_api(name="shop")
    root = str(api["rootResourceId"])
    items = str(
        client().create_resource(restApiId=api["id"], parentId=root, pathPart="items")["id"]
    )
    client().put_method(
        restApiId=api["id"],
        resourceId=items,
        httpMethod="GET",
        authorizationType="NONE",
        requestParameters={"method.request.querystring.page": False},
    )
    return str(api["id"]), items


def test_a_method_is_in_sync_and_another_unmanaged(aws: None, tmp_path: Path) -> None:
    api, items = create()
    client().put_method(
        restApiId=api, resourceId=items, httpMethod="POST", authorizationType="NONE"
    )
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_api_gateway_method.agm-{api}-{items}-POST", [])]
    assert report["summary"]["managed"] == 3


def test_a_method_needing_an_api_key_is_drift_where_terraform_leaves_it_unset(
    aws: None, tmp_path: Path
) -> None:
    api, items = create()
    client().delete_method(restApiId=api, resourceId=items, httpMethod="GET")
    client().put_method(
        restApiId=api,
        resourceId=items,
        httpMethod="GET",
        authorizationType="NONE",
        apiKeyRequired=True,
        requestParameters={"method.request.querystring.page": False},
    )
    assert drifts(scan(write(tmp_path / "tf", HCL))) == [
        ("changed", "aws_api_gateway_method.list", ["api_key_required"])
    ]


def test_a_deleted_method_is_created_again_and_one_made_by_hand_deleted(
    aws: None, tmp_path: Path
) -> None:
    api, items = create()
    client().delete_method(restApiId=api, resourceId=items, httpMethod="GET")
    client().put_method(restApiId=api, resourceId=items, httpMethod="PUT", authorizationType="NONE")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("missing", "aws_api_gateway_method.list", []),
        ("unmanaged", f"aws_api_gateway_method.agm-{api}-{items}-PUT", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["apigateway.delete_method", "apigateway.put_method"]
    run(calls)
    assert drifts(scan(directory)) == []
    method = client().get_method(restApiId=api, resourceId=items, httpMethod="GET")
    assert method["requestParameters"] == {"method.request.querystring.page": False}


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api, items = create()
    cfn = template(
        tmp_path / "cfn",
        f"""  List:
    Type: AWS::ApiGateway::Method
    Properties:
      RestApiId: {api}
      ResourceId: {items}
      HttpMethod: GET
      AuthorizationType: NONE
      RequestParameters:
        method.request.querystring.page: "false"
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: apigateway.services.k8s.aws/v1alpha1
kind: Method
metadata:
  name: list
spec:
  restAPIID: {api}
  resourceID: {items}
  httpMethod: GET
  authorizationType: NONE
  requestParameters:
    method.request.querystring.page: false
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: Method
metadata:
  name: list
spec:
  forProvider:
    region: us-east-1
    restApiId: {api}
    resourceId: {items}
    httpMethod: GET
    authorization: AWS_IAM
    requestParameters:
      method.request.querystring.page: false
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        changed = [d for d in report["drifts"] if d["kind"] != "unmanaged"]
        assert changed == [], (source, changed)
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] == "changed"]  # fmt: skip
    assert changed == [("aws_api_gateway_method", ["authorization"])], report["drifts"][0][
        "changes"
    ]
