"""aws_apigatewayv2_api_mapping: a mapping of an API stage to a path (the mapping key) of
a custom domain name.

Live: per domain name (GetDomainNames pages, the listing aws_apigatewayv2_domain_name's
scan makes too, made once), one GetApiMappings call (botocore has no paginator for it:
the first 500 mappings of a domain are read); nothing per mapping. AWS makes no
mappings of its own. Terraform's id is the mapping id; a declaration is matched by its
domain and mapping key (unset, the key is empty: the domain's root). UpdateApiMapping
puts back the API, stage and key (moto has none: checked call by call); the domain is
fixed (replace needed: a human decides).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, new_id, pending, xp_prefixed
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec
from driftctl.core.model import Resource
from driftctl.resources.apigatewayv2 import api, domain_name

if TYPE_CHECKING:
    from driftctl.base.calls import Unit
    from driftctl.base.reader import Reader

TYPE = "aws_apigatewayv2_api_mapping"
DOMAIN = domain_name.TYPE
SERVICE = api.SERVICE
# canonical (Terraform) name -> the mapping's field (the API's and CloudFormation's)
FIELDS = {
    "api_id": "ApiId",
    "domain_name": "DomainName",
    "stage": "Stage",
    "api_mapping_key": "ApiMappingKey",
}
COMPARED = frozenset(FIELDS)
# GetApiMappings has no botocore paginator: one call, this many mappings at most
PAGE = "500"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    out = []
    for found in (details.get("mappings") or {}).get("Items") or ():
        attrs = {name: found.get(key) for name, key in FIELDS.items()}
        attrs["domain_name"] = attrs["domain_name"] or item["DomainName"]
        out.append(Resource(TYPE, found["ApiMappingId"], None, _normalize(attrs), region=region))
    return out


SCAN = ScanSpec(
    name="apigatewayv2_api_mappings",
    service=SERVICE,
    listing=domain_name.SCAN.listing,
    details=(
        DetailCall(
            "mappings",
            "get_api_mappings",
            lambda item: {"DomainName": item["DomainName"], "MaxResults": PAGE},
            domain_name.GONE,
        ),
    ),
    item_id=lambda item: str(item["DomainName"]),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """No mapping key is the empty one (the domain's root); a stage named by a reference to
    its id (`API_ID/NAME`, driftctl's id of a stage) is its name (no stage name has a
    slash)."""
    out = dict(attrs)
    if "api_mapping_key" in out and out["api_mapping_key"] is None:
        out["api_mapping_key"] = ""
    stage = out.get("stage")
    if isinstance(stage, str) and "/" in stage:
        out["stage"] = stage.rsplit("/", 1)[-1]
    return out


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    d.emit(TYPE, {name: p.get(key) for name, key in FIELDS.items()})


def _params(attrs: Attrs) -> dict[str, Any]:
    return {key: attrs[name] for name, key in FIELDS.items() if attrs.get(name) not in (None, "")}


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params = {**_params(after), "ApiMappingKey": after.get("api_mapping_key") or ""}
    return [ctx.call(SERVICE, "update_api_mapping", ApiMappingId=ctx.id, **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    output = {pending(ctx).name: "ApiMappingId"}
    return [ctx.producing(output, SERVICE, "create_api_mapping", **_params(desired))]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"ApiMappingId": ctx.id, "DomainName": live["domain_name"]}
    return [ctx.call(SERVICE, "delete_api_mapping", **params)]


def _domain_of(rid: str, attrs: Attrs) -> str:
    return str(attrs["domain_name"])


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One domain's mappings, read by the domain's name."""
    item = {"DomainName": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=domain_name.GONE), unit.region)


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateApiMapping",),
    change=("UpdateApiMapping",),
    delete=("DeleteApiMapping",),
    ids=("responseElements.apiMappingId", "requestParameters.apiMappingId"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("domain_name", "api_mapping_key"),),
            declared_defaults={"api_mapping_key": ""},
            normalize=_normalize,
            parent=(DOMAIN, "domain_name"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="API mapping id (its domain's mappings are read together)",
            after=(DOMAIN, api.TYPE),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("api_id", "stage", "api_mapping_key"), _update),),
            fixed={"domain_name": REPLACE},
            create=Create(_create, dict, new_id, ("api_id", "domain_name", "stage")),
            delete=Delete(_delete),
            unit_id=_domain_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ApiGatewayV2::ApiMapping",
            _cfn,
            emits=EMITS,
            ref=("id",),
            properties={TYPE: {"stage": ("scalar", ("Stage",))}},
            imports={TYPE: _params},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "APIMapping",
            TYPE,
            external_name=xp_prefixed(),
            refs={
                "apiId": ("API", ("id",)),
                "domainName": ("DomainName", ("domain_name",)),
                "stage": ("Stage", ("name",)),
            },
            fields={"stage": ("scalar", ("stage",))},
            importable=True,
        ),
    ),
)
