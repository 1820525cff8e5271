"""aws_cloudfront_function: a CloudFront function (JavaScript run at the edge on viewer
requests and responses): its name, runtime, comment, code and key value stores.

Live (global, once): ListFunctions of the DEVELOPMENT stage (by Marker), whose summaries
hold the configuration, plus GetFunction per function for its code (answered as a
stream, read whole). As Terraform does, the DEVELOPMENT stage is compared: the code a
function runs once published. AWS creates none of its own. Terraform's `publish` (true
unless set) is not compared: AWS holds no such setting. A revert puts the configuration
and code back with UpdateFunction (against the ETag DescribeFunction answers when the
plan is made) and publishes them with PublishFunction, as Terraform's default does; the
name is fixed (replace needed: a human decides); a deleted function is created again and
published. moto has no UpdateFunction nor PublishFunction: the tests answer them
(tests/tf/moto_gaps.py).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, reader, sorted_known, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource

TYPE = "aws_cloudfront_function"
SERVICE = "cloudfront"
GONE = frozenset({"NoSuchFunctionExists"})
STAGE = {"Stage": "DEVELOPMENT"}
CONFIG = ("runtime", "comment", "code", "key_value_store_associations")
COMPARED = frozenset({"name", *CONFIG})


def _stores(config: dict[str, Any]) -> list[str]:
    items = (config.get("KeyValueStoreAssociations") or {}).get("Items") or ()
    return sorted(str(i.get("KeyValueStoreARN")) for i in items)


def _text(code: Any) -> Any:
    return code.decode("utf-8", "replace") if isinstance(code, bytes) else code


def build(item: Item, details: Details, region: str) -> list[Resource]:
    answer = details.get("code")
    if answer is None:
        return []  # deleted between the listing and the read
    config = item.get("FunctionConfig") or {}
    attrs = {
        "name": item["Name"],
        "runtime": config.get("Runtime"),
        "comment": config.get("Comment") or "",
        "code": _text(answer.get("FunctionCode")),
        "key_value_store_associations": _stores(config),
        "arn": (item.get("FunctionMetadata") or {}).get("FunctionARN"),
        "status": item.get("Status"),
    }
    return [Resource(TYPE, item["Name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="cloudfront_functions",
    service=SERVICE,
    listing=ListCall(
        "list_functions",
        "FunctionList.Items",
        STAGE,
        paginated=False,
        marker="Marker",
        next_marker="FunctionList.NextMarker",
    ),
    details=(DetailCall("code", "get_function", lambda i: {"Name": i["Name"], **STAGE}, GONE),),
    build=build,
    global_service=True,
)


def _read(r: Any, unit: Any) -> list[Resource]:
    """One function: DescribeFunction of its DEVELOPMENT stage, then its code."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get("FunctionSummary")
        return dict(found) if found else None

    params = {**STAGE}
    read = reader(SCAN, SERVICE, "describe_function", lambda n: {"Name": n, **params}, pick, GONE)
    return read(r, unit)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The key value stores as a sorted list; no comment is none."""
    out = dict(attrs)
    if "key_value_store_associations" in out:
        out["key_value_store_associations"] = sorted_known(out["key_value_store_associations"])
    if out.get("comment") == "":
        out["comment"] = None
    return out


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    config = p.get("FunctionConfig")
    config = config if isinstance(config, dict) else {}
    stores = config.get("KeyValueStoreAssociations")
    d.emit(
        TYPE,
        {
            "name": p.get("Name"),
            "code": p.get("FunctionCode"),
            "runtime": config.get("Runtime"),
            "comment": config.get("Comment"),
            "key_value_store_associations": [
                s.get("KeyValueStoreARN") for s in stores if isinstance(s, dict)
            ]
            if isinstance(stores, list)
            else None,
        },
    )


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    config: dict[str, Any] = {"Comment": a.get("comment") or "", "Runtime": a.get("runtime")}
    stores = a.get("key_value_store_associations") or []
    if stores:
        config["KeyValueStoreAssociations"] = [{"KeyValueStoreARN": s} for s in stores]
    return {
        "Name": a.get("name"),
        "FunctionCode": a.get("code"),
        "FunctionConfig": config,
        "AutoPublish": True,
    }


def _ack_code(value: Any) -> Any:
    """ACK's functionCode is bytes, written base64 in a manifest."""
    if not isinstance(value, str):
        return value
    try:
        return base64.b64decode(value, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return value


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    config = s.get("functionConfig")
    config = config if isinstance(config, dict) else {}
    stores = config.get("keyValueStoreAssociations")
    items = stores.get("items") if isinstance(stores, dict) else None
    attrs = {
        "name": s.get("name") or c.m.name,
        "code": _ack_code(s.get("functionCode")),
        "runtime": config.get("runtime"),
        "comment": config.get("comment"),
        "key_value_store_associations": [
            i.get("keyValueStoreARN") for i in items if isinstance(i, dict)
        ]
        if isinstance(items, list)
        else None,
    }
    return [c.raw(TYPE, attrs, s.get("name"))]


# --- revert ---------------------------------------------------------------------------------


def _config(attrs: Attrs) -> dict[str, Any]:
    config: dict[str, Any] = {"Comment": attrs.get("comment") or "", "Runtime": attrs["runtime"]}
    stores = sorted(attrs.get("key_value_store_associations") or ())
    if stores:
        items = [{"KeyValueStoreARN": s} for s in stores]
        config["KeyValueStoreAssociations"] = {"Quantity": len(items), "Items": items}
    return config


def _code(attrs: Attrs) -> bytes:
    return str(attrs.get("code") or "").encode("utf-8")


def _publish(ctx: Ctx, name: Any, etag: Pending) -> Call:
    return ctx.call(SERVICE, "publish_function", Name=name, IfMatch=etag)


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    wanted = {**before, **after}
    etag = Pending(f"{ctx.label}.etag")
    held = str((ctx.facts.get("function") or {}).get("ETag") or "")
    update = ctx.producing(
        {etag.name: "ETag"},
        SERVICE,
        "update_function",
        Name=ctx.id,
        IfMatch=held,
        FunctionConfig=_config(wanted),
        FunctionCode=_code(wanted),
    )
    return [update, _publish(ctx, ctx.id, etag)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    etag = Pending(f"{ctx.label}.etag")
    create = ctx.producing(
        {etag.name: "ETag"},
        SERVICE,
        "create_function",
        Name=desired["name"],
        FunctionConfig=_config(desired),
        FunctionCode=_code(desired),
    )
    return [create, _publish(ctx, desired["name"], etag)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    held = str((ctx.facts.get("function") or {}).get("ETag") or "")
    return [ctx.call(SERVICE, "delete_function", Name=ctx.id, IfMatch=held)]


EMITS = (TYPE,)

EVENTS = Events(
    source="cloudfront.amazonaws.com",
    service=SERVICE,
    create=("CreateFunction",),
    change=("UpdateFunction", "PublishFunction"),
    delete=("DeleteFunction",),
    ids=("requestParameters.name",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            sets=frozenset({"key_value_store_associations"}),
            natural_keys=(("name",),),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={"comment": "", "key_value_store_associations": []},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"arn", "status"}),
            id_doc="function name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(CONFIG, _update),),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "runtime", "code")),
            delete=Delete(_delete),
            facts=(
                Fact(
                    "function",
                    SERVICE,
                    "describe_function",
                    lambda ctx, live: {"Name": ctx.id, **STAGE},
                    frozenset({"update", "delete"}),
                    GONE,
                ),
            ),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::CloudFront::Function",
            _cfn,
            emits=EMITS,
            ref=("arn",),
            getatt={"FunctionARN": ("arn",)},
            name_attr="name",
            properties={
                TYPE: {
                    "code": ("scalar", ("FunctionCode",)),
                    "runtime": ("scalar", ("FunctionConfig", "Runtime")),
                    "comment": ("scalar", ("FunctionConfig", "Comment")),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudfront",
            "Function",
            TYPE,
            external_name=xp_same_name("name"),
            fields={
                "code": ("scalar", ("code",)),
                "runtime": ("scalar", ("runtime",)),
                "comment": ("scalar", ("comment",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "cloudfront",
            "Function",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "runtime": ("scalar", ("functionConfig", "runtime")),
                    "comment": ("scalar", ("functionConfig", "comment")),
                }
            },
        ),
    ),
)
