"""aws_api_gateway_resource on moto: read with its API (the root resource `/` is AWS's:
never unmanaged), every declared format, a deleted resource created again and one made
by hand deleted. moto has no UpdateResource: a moved or renamed resource is not made
here (the revert's PATCH is checked against botocore's model by the registry lint)."""

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
"""


def client() -> Any:
    return boto3.client("apigateway", region_name=REGION)


def create() -> tuple[str, str, str]:
    """The API, its root resource and its /items resource."""
    api = client().create_rest_api(name="shop")
    root = str(api["rootResourceId"])
    items = client().create_resource(restApiId=api["id"], parentId=root, pathPart="items")
    return str(api["id"]), root, str(items["id"])


def test_a_resource_is_in_sync_the_root_is_aws_own_and_another_is_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    api, root, _ = create()
    extra = client().create_resource(restApiId=api, parentId=root, pathPart="admin")["id"]
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_api_gateway_resource.{extra}", [])]
    assert report["summary"]["managed"] == 2


def test_a_deleted_resource_is_created_again_and_one_made_by_hand_deleted(
    aws: None, tmp_path: Path
) -> None:
    api, root, items = create()
    client().delete_resource(restApiId=api, resourceId=items)
    extra = client().create_resource(restApiId=api, parentId=root, pathPart="admin")["id"]
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("missing", "aws_api_gateway_resource.items", []),
        ("unmanaged", f"aws_api_gateway_resource.{extra}", []),
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "apigateway.create_resource",
        "apigateway.delete_resource",
    ]
    run(calls)
    assert drifts(scan(directory)) == []
    paths = sorted(r["path"] for r in client().get_resources(restApiId=api)["items"])
    assert paths == ["/", "/items"]


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    api, root, items = create()
    cfn = template(
        tmp_path / "cfn",
        """  Shop:
    Type: AWS::ApiGateway::RestApi
    Properties:
      Name: shop
  Items:
    Type: AWS::ApiGateway::Resource
    Properties:
      RestApiId: !Ref Shop
      ParentId: !GetAtt Shop.RootResourceId
      PathPart: items
""",
    )
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: apigateway.services.k8s.aws/v1alpha1
kind: RestAPI
metadata:
  name: shop
spec:
  name: shop
---
apiVersion: apigateway.services.k8s.aws/v1alpha1
kind: Resource
metadata:
  name: items
spec:
  restAPIID: {api}
  parentID: {root}
  pathPart: items
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: apigateway.aws.upbound.io/v1beta1
kind: Resource
metadata:
  name: items
  annotations:
    crossplane.io/external-name: {items}
spec:
  forProvider:
    region: us-east-1
    restApiId: {api}
    parentId: {root}
    pathPart: products
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], (source, report["drifts"])
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]
               if d["kind"] == "changed"]  # fmt: skip
    assert changed == [("aws_api_gateway_resource", ["path_part"])]
