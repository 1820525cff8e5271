"""aws_api_gateway_base_path_mapping: which REST API stage a custom domain serves under a
base path: its domain, base path, API and stage.

Live: per domain (GetDomainNames pages, the listing aws_api_gateway_domain_name's scan
makes too, made once), GetBasePathMappings pages (500 a call), made only for a domain
some declaration names; nothing per mapping. AWS creates none of its own. Terraform's id
is `<domain>/<base path>` (`<domain>/` for the root, which AWS answers as `(none)`);
unset, the base path is the root and there is no stage. UpdateBasePathMapping's PATCH
operations put back the API and the stage; another domain or base path is another
mapping ("replace needed"); a deleted mapping is created again.

moto (5.x) fails GetBasePathMappings for a domain without mappings: the domain's tests
and the tf group answer it with none (tests/tf/moto_gaps.py).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, xp_prefixed
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec, detail_items
from driftctl.core.model import Resource, is_known
from driftctl.resources.apigateway import domain_name
from driftctl.resources.apigateway.common import (
    BASE_PATH_MAPPING,
    DOMAIN_NAME,
    GONE,
    SERVICE,
    STAGE,
    api_reader,
    replaced,
)

TYPE = BASE_PATH_MAPPING
WHERE = ("domain_name", "base_path")
COMPARED = frozenset({*WHERE, "api_id", "stage_name"})
ROOT = "(none)"  # AWS's base path of the root


def mapping_id(domain: Any, base_path: Any) -> str:
    """Terraform's id of a mapping."""
    return f"{domain}/{base_path or ''}"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    domain = str(item["domainName"])
    out = []
    for found in detail_items(details.get("mappings"), "items"):
        base_path = found.get("basePath") or ""
        attrs = {
            "domain_name": domain,
            "base_path": "" if base_path == ROOT else base_path,
            "api_id": found.get("restApiId"),
            "stage_name": found.get("stage") or "",
        }
        rid = mapping_id(domain, attrs["base_path"])
        out.append(Resource(TYPE, rid, None, attrs, region=region))
    return out


SCAN = ScanSpec(
    name="apigateway_base_path_mappings",
    service=SERVICE,
    listing=domain_name.SCAN.listing,
    details=(
        DetailCall(
            "mappings",
            "get_base_path_mappings",
            lambda item: {"domainName": item["domainName"]},
            GONE,
            paged=True,
            page_size=500,
        ),
    ),
    item_id=lambda item: str(item["domainName"]),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The root's base path as "" (AWS's `(none)`); no stage as ""."""
    out = dict(attrs)
    if "base_path" in out and out["base_path"] in (None, ROOT):
        out["base_path"] = ""
    if "stage_name" in out and out["stage_name"] is None:
        out["stage_name"] = ""
    return out


def _declared_id(attrs: dict[str, Any]) -> str | None:
    domain, base_path = attrs.get("domain_name"), attrs.get("base_path") or ""
    if isinstance(domain, str) and is_known(domain) and isinstance(base_path, str):
        return mapping_id(domain, "" if base_path == ROOT else base_path)
    return None


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "domain_name": p.get("DomainName"),
        "base_path": p.get("BasePath"),
        "api_id": p.get("RestApiId"),
        "stage_name": p.get("Stage"),
    }
    d.emit(TYPE, attrs)


# --- revert ---------------------------------------------------------------------------------


def _where(attrs: Attrs) -> dict[str, Any]:
    return {"domainName": attrs["domain_name"], "basePath": attrs.get("base_path") or ROOT}


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    ops = replaced(before, after, {"api_id": "/restapiId", "stage_name": "/stage"})
    if not ops:
        return []
    where = _where({**before, **after})
    return [ctx.call(SERVICE, "update_base_path_mapping", **where, patchOperations=ops)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"domainName": desired["domain_name"], "restApiId": desired["api_id"]}
    if desired.get("base_path"):
        params["basePath"] = desired["base_path"]
    if desired.get("stage_name"):
        params["stage"] = desired["stage_name"]
    return [ctx.call(SERVICE, "create_base_path_mapping", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return mapping_id(desired["domain_name"], desired.get("base_path"))


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_base_path_mapping", **_where(live))]


def _domain_of(rid: str, attrs: Attrs) -> str:
    return str(attrs["domain_name"])


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateBasePathMapping",),
    change=("UpdateBasePathMapping",),
    delete=("DeleteBasePathMapping",),
    ids=("{requestParameters.domainName}/{requestParameters.basePath}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(WHERE,),
            declared_id=_declared_id,
            declared_defaults={"base_path": "", "stage_name": ""},
            normalize=_normalize,
            parent=(DOMAIN_NAME, "domain_name"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="`<domain>/<base path>`",
            after=(STAGE,),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("api_id", "stage_name"), _update),),
            fixed={name: REPLACE for name in WHERE},
            create=Create(_create, dict, _new_id, ("domain_name", "api_id")),
            delete=Delete(_delete),
            unit_id=_domain_of,
        ),
    ),
    readers={SCAN.name: api_reader(SCAN, "domainName")},
    cfn=(CfnType("AWS::ApiGateway::BasePathMapping", _cfn, emits=EMITS),),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "BasePathMapping",
            TYPE,
            external_name=xp_prefixed(),
            refs={
                "apiId": ("RestAPI", ("id",)),
                "domainName": ("DomainName", ("domain_name",)),
                "stageName": ("Stage", ("stage_name",)),
            },
        ),
    ),
)
