"""aws_api_gateway_usage_plan: who may call which API stages how much: its name,
description, product code, the API stages it covers (each with per-method throttling),
its request quota, its throttling and tags.

Live: GetUsagePlans pages (500 a call; tags come with each plan), nothing per plan. AWS
creates none of its own. Unset, the description and product code are empty and there is
no quota nor throttling (Terraform's defaults); a quota's offset and a throttle's limits
AWS answers as 0 where none was given. The API stages are a set (each with its
per-method throttles). UpdateUsagePlan's PATCH operations put back everything
(API stages added and removed one by one, a stage's throttles replaced whole), tags with
TagResource/UntagResource; a deleted plan is created again; a plan is deleted after its
API stages are removed from it (AWS refuses otherwise). The API keys of a plan
(aws_api_gateway_usage_plan_key) are not compared.

moto (5.x) tags no usage plan after its creation and cannot PATCH a stage's throttles:
the type's tests change the other settings.
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    as_int,
    keep,
    map_cfn_identity,
    map_tags,
    new_id,
    pending,
    reader,
    xp_prefixed,
)
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, same
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    first_block,
)
from driftctl.core.model import Resource, is_known
from driftctl.resources.apigateway.common import (
    SERVICE,
    STAGE,
    USAGE_PLAN,
    api_arn,
    arn_tagger,
    replaced,
)

TYPE = USAGE_PLAN
SETTINGS = (
    "name",
    "description",
    "product_code",
    "api_stages",
    "quota_settings",
    "throttle_settings",
)
COMPARED = frozenset({*SETTINGS, "tags"})
_PATHS = {"name": "/name", "description": "/description", "product_code": "/productCode"}
QUOTA = {"limit": "limit", "offset": "offset", "period": "period"}
THROTTLE = {"burst_limit": "burstLimit", "rate_limit": "rateLimit"}


def _throttle(found: Any) -> dict[str, Any] | None:
    """AWS's `{burstLimit, rateLimit}` as Terraform's block."""
    if not isinstance(found, dict) or not found:
        return None
    return {"burst_limit": found.get("burstLimit"), "rate_limit": found.get("rateLimit")}


def _stage(found: dict[str, Any]) -> dict[str, Any]:
    """One of AWS's API stages, its throttles (method path -> limits) as Terraform's set."""
    throttles = found.get("throttle") or {}
    return {
        "api_id": found.get("apiId"),
        "stage": found.get("stage"),
        "throttle": [{"path": path, **(_throttle(limits) or {})}
                     for path, limits in sorted(throttles.items())],
    }  # fmt: skip


def build(item: Item, details: Details, region: str) -> list[Resource]:
    quota = item.get("quota")
    attrs = {
        "name": item.get("name"),
        "description": item.get("description") or "",
        "product_code": item.get("productCode") or "",
        "api_stages": [_stage(s) for s in item.get("apiStages") or ()],
        "quota_settings": {n: quota.get(k) for n, k in QUOTA.items()} if quota else None,
        "throttle_settings": _throttle(item.get("throttle")),
        "tags": map_tags(item.get("tags")),
        **map_cfn_identity(item.get("tags")),
        "arn": api_arn(region, f"/usageplans/{item['id']}"),
    }
    return [Resource(TYPE, str(item["id"]), None, _normalize(attrs), region=region)]


SCAN = ScanSpec(
    name="apigateway_usage_plans",
    service=SERVICE,
    listing=ListCall("get_usage_plans", "items", page_size=500),
    build=build,
)


def _limits(block: Any) -> dict[str, Any]:
    """A throttle's limits: the burst an integer, the rate a number, 0 where unset."""
    burst, rate = block.get("burst_limit"), block.get("rate_limit")
    return {
        "burst_limit": as_int(burst, 0) if burst is None or is_known(burst) else burst,
        "rate_limit": float(rate or 0) if rate is None or is_known(rate) else rate,
    }


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """None as Terraform's empty values; the quota and throttling as one block each
    (none when empty), their numbers as numbers; each stage's throttles by path."""
    out = dict(attrs)
    for name in ("description", "product_code"):
        if name in out and out[name] is None:
            out[name] = ""
    if out.get("quota_settings") is not None and is_known(out["quota_settings"]):
        block = first_block(out["quota_settings"])
        out["quota_settings"] = (
            {"limit": as_int(block.get("limit"), 0), "offset": as_int(block.get("offset"), 0),
             "period": block.get("period")}
            if block
            else None
        )  # fmt: skip
    if out.get("throttle_settings") is not None and is_known(out["throttle_settings"]):
        block = first_block(out["throttle_settings"])
        out["throttle_settings"] = _limits(block) if block else None
    stages = out.get("api_stages")
    if isinstance(stages, list):
        out["api_stages"] = [_stage_block(s) if isinstance(s, dict) else s for s in stages]
    elif stages is None and "api_stages" in out:
        out["api_stages"] = []
    return out


def _stage_block(stage: dict[str, Any]) -> dict[str, Any]:
    throttles = stage.get("throttle") or []
    if not isinstance(throttles, list):
        return dict(stage)
    found = [{"path": t.get("path"), **_limits(t)} for t in throttles if isinstance(t, dict)]
    return {
        "api_id": stage.get("api_id"),
        "stage": stage.get("stage"),
        "throttle": sorted(found, key=lambda t: str(t["path"])),
    }


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn_throttle(found: Any) -> dict[str, Any] | None:
    if not isinstance(found, dict):
        return None
    return {"burst_limit": found.get("BurstLimit"), "rate_limit": found.get("RateLimit")}


def _cfn(d: Declaring) -> None:
    p = d.props
    quota = p.get("Quota")
    stages = []
    for found in p.get("ApiStages") or ():
        if isinstance(found, dict):
            throttles = found.get("Throttle") or {}
            stages.append(
                {
                    "api_id": found.get("ApiId"),
                    "stage": found.get("Stage"),
                    "throttle": [
                        {"path": path, **(_cfn_throttle(limits) or {})}
                        for path, limits in sorted(throttles.items())
                    ]
                    if isinstance(throttles, dict)
                    else throttles,
                }
            )
    attrs = {
        "name": p.get("UsagePlanName"),
        "description": p.get("Description"),
        "api_stages": stages,
        "quota_settings": {"limit": quota.get("Limit"), "offset": quota.get("Offset"),
                           "period": quota.get("Period")}
        if isinstance(quota, dict)
        else None,
        "throttle_settings": _cfn_throttle(p.get("Throttle")),
        "tags": d.tags(),
    }  # fmt: skip
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    quota, throttle = a.get("quota_settings"), a.get("throttle_settings")
    return {
        "UsagePlanName": a.get("name"),
        "Description": a.get("description") or None,
        "ApiStages": [_aws_stage(s, "ApiId", "Stage", "Throttle", _cfn_limits)
                      for s in a.get("api_stages") or ()] or None,
        "Quota": {"Limit": quota.get("limit"), "Offset": quota.get("offset"),
                  "Period": quota.get("period")} if quota else None,
        "Throttle": _cfn_limits(throttle) if throttle else None,
        "Tags": cfn_tags(a),
    }  # fmt: skip


def _cfn_limits(block: dict[str, Any]) -> dict[str, Any]:
    return {"BurstLimit": block.get("burst_limit"), "RateLimit": block.get("rate_limit")}


# --- revert ---------------------------------------------------------------------------------


def _aws_limits(block: dict[str, Any]) -> dict[str, Any]:
    return {"burstLimit": as_int(block.get("burst_limit"), 0),
            "rateLimit": float(block.get("rate_limit") or 0)}  # fmt: skip


def _aws_stage(stage: dict[str, Any], api: str, name: str, throttle: str, limits: Any) -> Any:
    """A canonical API stage in AWS's (or CloudFormation's) shape."""
    out = {api: stage["api_id"], name: stage["stage"]}
    if stage.get("throttle"):
        out[throttle] = {t["path"]: limits(t) for t in stage["throttle"]}
    return out


def _key(stage: dict[str, Any]) -> str:
    return f"{stage['api_id']}:{stage['stage']}"


def _stage_ops(before: Any, after: Any) -> list[dict[str, str]]:
    """API stages added and removed; a kept or added stage's throttles replaced whole."""
    old = {_key(s): s for s in before or ()}
    new = {_key(s): s for s in after or ()}
    ops = [{"op": "add", "path": "/apiStages", "value": k} for k in sorted(new.keys() - old)]
    ops += [{"op": "remove", "path": "/apiStages", "value": k} for k in sorted(old.keys() - new)]
    for k, stage in sorted(new.items()):
        throttles = stage.get("throttle") or []
        if not same(throttles, (old.get(k) or {}).get("throttle") or []):
            value = json.dumps({t["path"]: _aws_limits(t) for t in throttles}, sort_keys=True)
            ops.append({"op": "replace", "path": f"/apiStages/{k}/throttle", "value": value})
    return ops


def _block_ops(path: str, fields: dict[str, str], before: Any, after: Any) -> list[dict[str, str]]:
    if same(before, after):
        return []
    if not after:
        return [{"op": "remove", "path": path}]
    op = "replace" if before else "add"
    return [{"op": op, "path": f"{path}/{key}", "value": str(after.get(n) if after.get(n)
             is not None else 0)} for n, key in fields.items()]  # fmt: skip


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """One UpdateUsagePlan with a PATCH operation per changed setting."""
    ops = replaced(before, after, _PATHS)
    if "api_stages" in after:
        ops += _stage_ops(before.get("api_stages"), after["api_stages"])
    if "quota_settings" in after:
        ops += _block_ops("/quota", QUOTA, before.get("quota_settings"), after["quota_settings"])
    if "throttle_settings" in after:
        ops += _block_ops("/throttle", THROTTLE, before.get("throttle_settings"),
                          after["throttle_settings"])  # fmt: skip
    if not ops:
        return []
    return [ctx.call(SERVICE, "update_usage_plan", usagePlanId=ctx.id, patchOperations=ops)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"name": desired["name"]}
    if desired.get("description"):
        params["description"] = desired["description"]
    stages = desired.get("api_stages") or []
    if stages:
        params["apiStages"] = [_aws_stage(s, "apiId", "stage", "throttle", _aws_limits)
                               for s in stages]  # fmt: skip
    quota = desired.get("quota_settings")
    if quota:
        params["quota"] = {
            "limit": as_int(quota.get("limit"), 0),
            "offset": as_int(quota.get("offset"), 0),
            "period": quota["period"],
        }
    if desired.get("throttle_settings"):
        params["throttle"] = _aws_limits(desired["throttle_settings"])
    if desired.get("tags"):
        params["tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    calls = [ctx.producing({pending(ctx).name: "id"}, SERVICE, "create_usage_plan", **params)]
    if desired.get("product_code"):  # not a CreateUsagePlan parameter
        ops = [{"op": "replace", "path": "/productCode", "value": desired["product_code"]}]
        calls.append(
            ctx.call(SERVICE, "update_usage_plan", usagePlanId=pending(ctx), patchOperations=ops)
        )
    return calls


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """Its API stages removed first: AWS refuses to delete a plan that has some."""
    calls = []
    ops = _stage_ops(live.get("api_stages"), [])
    if ops:
        calls.append(
            ctx.call(SERVICE, "update_usage_plan", usagePlanId=ctx.id, patchOperations=ops)
        )
    return [*calls, ctx.call(SERVICE, "delete_usage_plan", usagePlanId=ctx.id)]


def _item(answer: Any) -> Item | None:
    return dict(answer) if answer and answer.get("id") else None


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateUsagePlan",),
    change=("UpdateUsagePlan",),
    delete=("DeleteUsagePlan",),
    ids=("responseElements.id", "requestParameters.usagePlanId"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset({"api_stages"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_defaults={
                "description": "",
                "product_code": "",
                "api_stages": [],
                "quota_settings": None,
                "throttle_settings": None,
                "tags": {},
            },
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            shape={"quota_settings": "single", "throttle_settings": "single"},
            computed=frozenset({"arn"}),
            id_doc="usage plan id (6 characters AWS assigns)",
            after=(STAGE,),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(SETTINGS, _update),
                Updater(("tags",), arn_tagger(lambda ctx, a: f"/usageplans/{ctx.id}")),
            ),
            create=Create(_create, dict, new_id, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            SERVICE,
            "get_usage_plan",
            lambda rid: {"usagePlanId": rid},
            _item,
            frozenset({"NotFoundException"}),
        )
    },
    cfn=(
        CfnType(
            "AWS::ApiGateway::UsagePlan",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Id": ("id",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "name": ("scalar", ("UsagePlanName",)),
                    "description": ("scalar", ("Description",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "UsagePlan",
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
)
