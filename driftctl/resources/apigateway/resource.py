"""aws_api_gateway_resource: a path of a REST API: its parent resource and path part.

Live: read with its API (aws_api_gateway_rest_api's scan): GetResources pages per API
(500 a call), made only for an API some declaration names; each page carries the
resources' methods and integrations too (`embed=methods`), so they cost no more calls.
The root resource `/` is AWS's, made with the API: never unmanaged, never deleted. A
moved or renamed resource is put back with UpdateResource (`parentId`, `pathPart`); a
resource of another API is a new one (replace needed: a human decides); a deleted one is
created again (its methods by their own type).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, new_id, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource
from driftctl.resources.apigateway.common import RESOURCE, REST_API, SERVICE, replaced

TYPE = RESOURCE
COMPARED = frozenset({"rest_api_id", "parent_id", "path_part"})


def resource_of(api_id: str, item: dict[str, Any], region: str) -> Resource:
    """One resource of GetResources' answer (the root's parent and path part are "")."""
    attrs = {
        "rest_api_id": api_id,
        "parent_id": item.get("parentId") or "",
        "path_part": item.get("pathPart") or "",
        "path": item.get("path"),
    }
    return Resource(TYPE, item["id"], None, attrs, region=region)


def _is_root(r: Resource) -> bool:
    """The root resource `/`: AWS makes it with the API."""
    return not r.attrs.get("parent_id")


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "rest_api_id": p.get("RestApiId"),
        "parent_id": p.get("ParentId"),
        "path_part": p.get("PathPart"),
    }
    d.emit(TYPE, attrs)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "rest_api_id": c.ref(s.get("restAPIID"), s.get("restAPIRef"), "RestAPI"),
        "parent_id": c.ref(s.get("parentID"), s.get("parentRef"), "Resource"),
        "path_part": s.get("pathPart"),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    ops = replaced(before, after, {"parent_id": "/parentId", "path_part": "/pathPart"})
    if not ops:
        return []
    api = after.get("rest_api_id") or before["rest_api_id"]
    return [
        ctx.call(SERVICE, "update_resource", restApiId=api, resourceId=ctx.id, patchOperations=ops)
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "restApiId": desired["rest_api_id"],
        "parentId": desired["parent_id"],
        "pathPart": desired["path_part"],
    }
    return [ctx.producing({pending(ctx).name: "id"}, SERVICE, "create_resource", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    api = live["rest_api_id"]
    return [ctx.call(SERVICE, "delete_resource", restApiId=api, resourceId=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """The root resource `/` is AWS's own, made with the API: never deleted."""
    if not live.get("parent_id"):
        return f"{ctx.label}: the root resource is the API's own"
    return None


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service="apigateway",
    create=("CreateResource",),
    change=("UpdateResource",),
    delete=("DeleteResource",),
    ids=("responseElements.id", "requestParameters.resourceId"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="apigateway_rest_apis",
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("rest_api_id", "parent_id", "path_part"),),
            parent=(REST_API, "rest_api_id"),
            is_aws_default=_is_root,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"path"}),
            id_doc="resource id (10 characters AWS assigns)",
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("parent_id", "path_part"), _update),),
            fixed={"rest_api_id": REPLACE},
            create=Create(_create, dict, new_id, ("rest_api_id", "parent_id", "path_part")),
            delete=Delete(_delete, _refuse),
            unit_id=lambda rid, attrs: str(attrs.get("rest_api_id") or rid),
        ),
    ),
    cfn=(
        CfnType(
            "AWS::ApiGateway::Resource",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"ResourceId": ("id",)},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "apigateway",
            "Resource",
            TYPE,
            external_name=xp_prefixed(),
            refs={
                "restApiId": ("RestAPI", ("id",)),
                "parentId": ("RestAPI", ("root_resource_id",)),
            },
        ),
    ),
    ack=(AckKind("apigateway", "Resource", TYPE, _ack, emits=EMITS),),
)
