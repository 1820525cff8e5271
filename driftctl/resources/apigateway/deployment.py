"""aws_api_gateway_deployment: a snapshot of a REST API that stages serve: its API and
description.

Live: read with its API (aws_api_gateway_rest_api's scan): GetDeployments pages per API
(500 a call), made only for an API some declaration names. AWS creates none of its own;
a deployment made by hand (the console's "Deploy API") is unmanaged. Without Terraform
state, a declared deployment is found by its API and description. The stage Terraform's
deprecated `stage_name` makes, and `triggers`, are not compared. The description is put
back with UpdateDeployment; another API is another deployment (replace needed: a human
decides); a deleted deployment is created again (a new snapshot of the API as it is).
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
from driftctl.resources.apigateway.common import DEPLOYMENT, REST_API, SERVICE, replaced

TYPE = DEPLOYMENT
COMPARED = frozenset({"rest_api_id", "description"})


def deployment_of(api_id: str, found: dict[str, Any], region: str) -> Resource:
    """One deployment of GetDeployments' answer."""
    attrs = {"rest_api_id": api_id, "description": found.get("description") or ""}
    return Resource(TYPE, str(found["id"]), None, attrs, region=region)


def _cfn(d: Declaring) -> None:
    p = d.props
    d.emit(TYPE, {"rest_api_id": p.get("RestApiId"), "description": p.get("Description")})


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "rest_api_id": c.ref(s.get("restAPIID"), s.get("restAPIRef"), "RestAPI"),
        "description": s.get("description"),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    ops = replaced(before, after, {"description": "/description"})
    if not ops:
        return []
    api = after.get("rest_api_id") or before["rest_api_id"]
    return [
        ctx.call(
            SERVICE, "update_deployment", restApiId=api, deploymentId=ctx.id, patchOperations=ops
        )
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"restApiId": desired["rest_api_id"]}
    if desired.get("description"):
        params["description"] = desired["description"]
    return [ctx.producing({pending(ctx).name: "id"}, SERVICE, "create_deployment", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    api = live["rest_api_id"]
    return [ctx.call(SERVICE, "delete_deployment", restApiId=api, deploymentId=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service="apigateway",
    create=("CreateDeployment",),
    change=("UpdateDeployment",),
    delete=("DeleteDeployment",),
    ids=("responseElements.id", "requestParameters.deploymentId"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="apigateway_rest_apis",
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("rest_api_id", "description"),),
            declared_defaults={"description": ""},
            parent=(REST_API, "rest_api_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="deployment id (6 characters AWS assigns)",
            after=("aws_api_gateway_integration",),
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("description",), _update),),
            fixed={"rest_api_id": REPLACE},
            create=Create(_create, dict, new_id, ("rest_api_id",)),
            delete=Delete(_delete),
            unit_id=lambda rid, attrs: str(attrs.get("rest_api_id") or rid),
        ),
    ),
    cfn=(
        CfnType(
            "AWS::ApiGateway::Deployment",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"DeploymentId": ("id",)},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "apigateway",
            "Deployment",
            TYPE,
            external_name=xp_prefixed(),
            refs={"restApiId": ("RestAPI", ("id",))},
        ),
    ),
    ack=(AckKind("apigateway", "Deployment", TYPE, _ack, emits=EMITS),),
)
