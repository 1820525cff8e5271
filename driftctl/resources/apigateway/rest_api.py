"""aws_api_gateway_rest_api: an API Gateway REST API: its name, description, API key
source, binary media types, endpoint types and VPC endpoints, whether the default
execute-api endpoint is off, the minimum compression size, its resource policy and tags.

Live: GetRestApis pages (500 a call; tags and policy come with each API), nothing per API
for the API itself; the scan reads each declared API's resources, methods and
integrations too (GetResources pages: aws_api_gateway_resource), and its deployments
(GetDeployments pages). AWS creates no API of its own. AWS returns the policy with its quotes
escaped: it is read back as the JSON document it is, so formatting is never drift. An
OpenAPI `body` (and `parameters`, `fail_on_warnings`, `put_rest_api_mode`) is how
Terraform writes the API, not something AWS reads back: it is not compared. Everything
compared is put back with UpdateRestApi's PATCH operations (binary media types and
endpoint types item by item), tags with TagResource/UntagResource; a deleted API is
created again (without the resources it held: those are created by their own types).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    ack_map_tags,
    as_int,
    keep,
    map_cfn_identity,
    map_tags,
    new_id,
    pending,
    reader,
    xp_prefixed,
)
from driftctl.base.policy import canonical_policy
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, document, same
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    detail_items,
    first_block,
)
from driftctl.core.model import Resource, is_known
from driftctl.resources.apigateway.common import (
    REST_API,
    SERVICE,
    api_arn,
    arn_tagger,
    replaced,
    set_ops,
    text,
)
from driftctl.resources.apigateway.deployment import deployment_of
from driftctl.resources.apigateway.integration import integration_of
from driftctl.resources.apigateway.method import method_of
from driftctl.resources.apigateway.resource import resource_of

TYPE = REST_API
SETTINGS = (
    "name",
    "description",
    "api_key_source",
    "binary_media_types",
    "disable_execute_api_endpoint",
    "endpoint_configuration",
    "minimum_compression_size",
    "policy",
)
COMPARED = frozenset({*SETTINGS, "tags"})
# canonical attribute -> PATCH path of UpdateRestApi
_PATHS = {
    "name": "/name",
    "description": "/description",
    "api_key_source": "/apiKeySource",
    "disable_execute_api_endpoint": "/disableExecuteApiEndpoint",
}


def _endpoint(found: Any) -> dict[str, Any] | None:
    if not isinstance(found, dict):
        return None
    return {
        "types": list(found.get("types") or ()),
        "vpc_endpoint_ids": sorted(found.get("vpcEndpointIds") or ()),
    }


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = item.get("tags")
    size = item.get("minimumCompressionSize")
    attrs = {
        "name": item.get("name"),
        "description": item.get("description") or "",
        "api_key_source": item.get("apiKeySource") or "HEADER",
        "binary_media_types": list(item.get("binaryMediaTypes") or ()),
        "disable_execute_api_endpoint": bool(item.get("disableExecuteApiEndpoint")),
        "endpoint_configuration": _endpoint(item.get("endpointConfiguration")),
        "minimum_compression_size": "" if size is None else str(size),
        "policy": item.get("policy"),
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
        "arn": api_arn(region, f"/restapis/{item['id']}"),
        "root_resource_id": item.get("rootResourceId"),
    }
    out = [Resource(TYPE, item["id"], None, attrs, region=region)]
    for found in detail_items(details.get("resources"), "items"):
        out.append(resource_of(item["id"], found, region))
        for method in (found.get("resourceMethods") or {}).values():
            out.append(method_of(item["id"], found["id"], method, region))
            if method.get("methodIntegration"):
                verb = str(method.get("httpMethod"))
                integration = method["methodIntegration"]
                out.append(integration_of(item["id"], found["id"], verb, integration, region))
    for found in detail_items(details.get("deployments"), "items"):
        out.append(deployment_of(item["id"], found, region))
    return out


SCAN = ScanSpec(
    name="apigateway_rest_apis",
    service=SERVICE,
    listing=ListCall("get_rest_apis", "items", page_size=500),
    details=(
        # the API's resources, each with its methods and their integrations
        DetailCall(
            "resources",
            "get_resources",
            lambda item: {"restApiId": item["id"], "embed": ["methods"]},
            frozenset({"NotFoundException"}),
            paged=True,
            page_size=500,
        ),
        # the API's deployments
        DetailCall(
            "deployments",
            "get_deployments",
            lambda item: {"restApiId": item["id"]},
            frozenset({"NotFoundException"}),
            paged=True,
            page_size=500,
        ),
    ),
    item_id=lambda item: str(item["id"]),
    build=build,
)


def policy_document(value: Any) -> Any:
    """A policy as a document: AWS's text with escaped quotes (`{\\"Version\\":...}`)
    parsed as the text it escapes; "" is no policy."""
    if isinstance(value, str) and is_known(value):
        if not value.strip():
            return None
        if '\\"' in value and not value.lstrip().startswith('{"'):
            value = value.replace('\\"', '"')
    return canonical_policy(value)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The policy as a document; the compression size as Terraform's string ("" for
    none); the endpoint block as one dict with its VPC endpoints sorted."""
    out = dict(attrs)
    if "policy" in out:
        out["policy"] = policy_document(out["policy"])
    if "minimum_compression_size" in out:
        size = out["minimum_compression_size"]
        number = as_int(size)
        if number is not None:
            out["minimum_compression_size"] = str(number)
        elif size is None or size == "" or size == "-1":
            out["minimum_compression_size"] = ""
    if out.get("endpoint_configuration") is not None:
        block = dict(first_block(out["endpoint_configuration"]))
        ids = block.get("vpc_endpoint_ids")
        if isinstance(ids, list) and all(isinstance(i, str) for i in ids):
            block["vpc_endpoint_ids"] = sorted(ids)
        out["endpoint_configuration"] = {
            k: v for k, v in block.items() if k in _ENDPOINT and v is not None
        }
    return out


_ENDPOINT = ("types", "vpc_endpoint_ids")


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    endpoint = p.get("EndpointConfiguration")
    size = p.get("MinimumCompressionSize")
    attrs = {
        "name": p.get("Name"),
        "description": p.get("Description"),
        "api_key_source": p.get("ApiKeySourceType"),
        "binary_media_types": p.get("BinaryMediaTypes"),
        "disable_execute_api_endpoint": p.get("DisableExecuteApiEndpoint"),
        "endpoint_configuration": {
            "types": endpoint.get("Types"),
            "vpc_endpoint_ids": endpoint.get("VpcEndpointIds"),
        }
        if isinstance(endpoint, dict)
        else None,
        "minimum_compression_size": None if size is None else str(size),
        "policy": p.get("Policy"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    endpoint = a.get("endpoint_configuration") or {}
    return {
        "Name": a.get("name"),
        "Description": a.get("description") or None,
        "ApiKeySourceType": a.get("api_key_source"),
        "BinaryMediaTypes": a.get("binary_media_types") or None,
        "DisableExecuteApiEndpoint": a.get("disable_execute_api_endpoint") or None,
        "EndpointConfiguration": {
            "Types": endpoint.get("types"),
            "VpcEndpointIds": endpoint.get("vpc_endpoint_ids") or None,
        }
        if endpoint
        else None,
        "MinimumCompressionSize": as_int(a.get("minimum_compression_size")),
        "Policy": policy_document(a.get("policy")),
        "Tags": cfn_tags(a),
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    endpoint = s.get("endpointConfiguration")
    size = s.get("minimumCompressionSize")
    attrs = {
        "name": s.get("name") or c.name(),
        "description": s.get("description"),
        "api_key_source": s.get("apiKeySource"),
        "binary_media_types": s.get("binaryMediaTypes"),
        "disable_execute_api_endpoint": s.get("disableExecuteAPIEndpoint"),
        "endpoint_configuration": {
            "types": endpoint.get("types"),
            "vpc_endpoint_ids": endpoint.get("vpcEndpointIDs"),
        }
        if isinstance(endpoint, dict)
        else None,
        "minimum_compression_size": None if size is None else str(size),
        "policy": s.get("policy"),
        "tags": ack_map_tags(c, s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """One UpdateRestApi with a PATCH operation per changed setting."""
    ops = replaced(before, after, _PATHS)
    if "binary_media_types" in after:
        ops += set_ops("/binaryMediaTypes", before.get("binary_media_types"),
                       after["binary_media_types"])  # fmt: skip
    if "minimum_compression_size" in after and not same(
        before.get("minimum_compression_size"), after["minimum_compression_size"]
    ):
        size = as_int(after["minimum_compression_size"])
        ops.append({"op": "replace", "path": "/minimumCompressionSize", "value": text(size)})
    if "policy" in after and not same(before.get("policy"), after["policy"]):
        policy = after["policy"]
        ops.append(
            {"op": "replace", "path": "/policy", "value": document(policy) if policy else ""}
        )
    old = (before.get("endpoint_configuration") or {}).get("types") or []
    new = (after.get("endpoint_configuration") or {}).get("types")
    if new is not None and list(old) != list(new) and len(old) == 1 == len(new):
        path = f"/endpointConfiguration/types/{old[0]}"
        ops.append({"op": "replace", "path": path, "value": new[0]})
    old_ids = (before.get("endpoint_configuration") or {}).get("vpc_endpoint_ids")
    new_ids = (after.get("endpoint_configuration") or {}).get("vpc_endpoint_ids")
    if new_ids is not None:
        ops += set_ops("/endpointConfiguration/vpcEndpointIds", old_ids, new_ids)
    if not ops:
        return []
    return [ctx.call(SERVICE, "update_rest_api", restApiId=ctx.id, patchOperations=ops)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"name": desired["name"]}
    for attr, key in (
        ("description", "description"),
        ("api_key_source", "apiKeySource"),
        ("binary_media_types", "binaryMediaTypes"),
        ("disable_execute_api_endpoint", "disableExecuteApiEndpoint"),
    ):
        if desired.get(attr) not in (None, "", []):
            params[key] = desired[attr]
    size = as_int(desired.get("minimum_compression_size"))
    if size is not None:
        params["minimumCompressionSize"] = size
    if desired.get("policy"):
        params["policy"] = document(desired["policy"])
    endpoint = desired.get("endpoint_configuration")
    if endpoint:
        params["endpointConfiguration"] = {"types": list(endpoint.get("types") or ())}
        if endpoint.get("vpc_endpoint_ids"):
            params["endpointConfiguration"]["vpcEndpointIds"] = endpoint["vpc_endpoint_ids"]
    if desired.get("tags"):
        params["tags"] = dict(desired["tags"])
    return [ctx.producing({pending(ctx).name: "id"}, SERVICE, "create_rest_api", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_rest_api", restApiId=ctx.id)]


def _item(answer: Any) -> Item | None:
    return dict(answer) if answer and answer.get("id") else None


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service="apigateway",
    create=("CreateRestApi", "ImportRestApi"),
    change=("UpdateRestApi", "PutRestApi", "TagResource", "UntagResource"),
    delete=("DeleteRestApi",),
    ids=("responseElements.id", "requestParameters.restApiId"),
    touches={"TagResource": frozenset({"tags"}), "UntagResource": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "policy"}),
            sets=frozenset({"binary_media_types"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_defaults={"tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            documents=frozenset({"policy"}),
            shape={"endpoint_configuration": "single"},
            computed=frozenset({"arn", "root_resource_id"}),
            id_doc="API id (10 characters AWS assigns)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(SETTINGS, _update),
                Updater(("tags",), arn_tagger(lambda ctx, a: f"/restapis/{ctx.id}")),
            ),
            create=Create(_create, dict, new_id, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            SERVICE,
            "get_rest_api",
            lambda rid: {"restApiId": rid},
            _item,
            frozenset({"NotFoundException"}),
        )
    },
    cfn=(
        CfnType(
            "AWS::ApiGateway::RestApi",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"RestApiId": ("id",), "RootResourceId": ("root_resource_id",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "name": ("scalar", ("Name",)),
                    "description": ("scalar", ("Description",)),
                    "policy": ("document", ("Policy",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "apigateway",
            "RestAPI",
            TYPE,
            external_name=xp_prefixed(),
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "name": ("scalar", ("name",)),
                "description": ("scalar", ("description",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "apigateway",
            "RestAPI",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("map", ("tags",)),
                    "description": ("scalar", ("description",)),
                }
            },
        ),
    ),
)
