"""aws_cloudwatch_event_bus: a custom EventBridge event bus: its description, KMS key,
dead-letter queue and tags.

Live: ListEventBuses pages of 100 (botocore has no paginator for it: the scanner follows
its NextToken, so a region with more is read whole), plus per custom
bus DescribeEventBus (the KMS key and the dead-letter queue, which no list call reads)
and ListTagsForResource. Each region's `default` bus is AWS's own: it is listed, never
unmanaged, and read no further. A partner bus's `event_source_name` is not read back by
AWS (nor by Terraform): not compared. Description, KMS key and dead-letter queue are put
back with UpdateEventBus (moto has none: its in-process test checks the call planned,
not made); tags with TagResource / UntagResource; a bus cannot be renamed: "replace
needed".
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, pairs, reader, tag_items, tagger, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
)
from driftctl.core.model import Resource, Unknown
from driftctl.resources.events.common import DEFAULT_BUS

TYPE = "aws_cloudwatch_event_bus"
COMPARED = frozenset({"name", "description", "kms_key_identifier", "dead_letter_config", "tags"})
GONE = frozenset({"ResourceNotFoundException"})
_UPDATED = ("description", "kms_key_identifier", "dead_letter_config")


def _custom(item: Item) -> bool:
    return bool(item.get("Name") != DEFAULT_BUS)


def _dlq(arn: Any) -> list[dict[str, Any]]:
    return [{"arn": arn}] if arn else []


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = details.get("bus") or {}
    tags = (details.get("tags") or {}).get("Tags")
    attrs = {
        "name": item["Name"],
        "description": found.get("Description") or item.get("Description") or "",
        "kms_key_identifier": found.get("KmsKeyIdentifier") or "",
        "dead_letter_config": _dlq((found.get("DeadLetterConfig") or {}).get("Arn")),
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": item.get("Arn"),
    }
    return [Resource(TYPE, item["Name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="events_buses",
    service="events",
    # botocore has no paginator for ListEventBuses: the scanner follows its NextToken
    listing=ListCall("list_event_buses", "EventBuses", params={"Limit": 100}),
    details=(
        DetailCall("bus", "describe_event_bus", lambda item: {"Name": item["Name"]}, GONE, _custom),
        DetailCall(
            "tags",
            "list_tags_for_resource",
            lambda item: {"ResourceARN": item["Arn"]},
            GONE,
            _custom,
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for attr in ("description", "kms_key_identifier"):
        if attr in out and out[attr] is None:
            out[attr] = ""
    dlq = out.get("dead_letter_config")
    if isinstance(dlq, dict):
        dlq = [dlq]
    if isinstance(dlq, list):
        dlq = [d for d in dlq if isinstance(d, dict) and d.get("arn") is not None]
    if "dead_letter_config" in out:
        out["dead_letter_config"] = dlq or []
    return out


def _declared(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    dlq = p.get("DeadLetterConfig")
    attrs = {
        "name": p.get("Name"),
        "description": p.get("Description"),
        "kms_key_identifier": p.get("KmsKeyIdentifier"),
        "dead_letter_config": _dlq(dlq.get("Arn")) if isinstance(dlq, dict) else None,
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    dlq = a.get("dead_letter_config") or []
    return {
        "Name": a.get("name"),
        "Description": a.get("description") or None,
        "KmsKeyIdentifier": a.get("kms_key_identifier") or None,
        "DeadLetterConfig": {"Arn": dlq[0].get("arn")} if dlq else None,
        "Tags": cfn_tags(a),
    }


# The external name is the bus's name, its id too.
_xp_external_name = xp_same_name("name")


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's eventbridge EventBus: its name and tags. The kind cannot declare a description,
    KMS key or dead-letter queue: what AWS holds for them is not compared (not drift)."""
    beyond = "ACK's EventBus kind cannot declare it"
    attrs = {
        "name": c.name(),
        "tags": c.tags(c.spec.get("tags")),
        "description": Unknown(beyond),
        "kms_key_identifier": Unknown(beyond),
        "dead_letter_config": Unknown(beyond),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


# --- revert ---------------------------------------------------------------------------------


def _settings(attrs: Attrs) -> dict[str, Any]:
    """Description, KMS key (none sent: an AWS owned key) and dead-letter queue (an empty
    config: none), as Terraform sends them."""
    dlq = attrs.get("dead_letter_config") or []
    params: dict[str, Any] = {"Description": attrs.get("description") or ""}
    if attrs.get("kms_key_identifier"):
        params["KmsKeyIdentifier"] = attrs["kms_key_identifier"]
    params["DeadLetterConfig"] = {"Arn": dlq[0]["arn"]} if dlq else {}
    return params


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    merged = {**before, **after}
    return [ctx.call("events", "update_event_bus", Name=ctx.id, **_settings(merged))]


_TAGS = tagger(
    "events",
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {
        "ResourceARN": attrs.get("arn")
        or f"arn:aws:events:{ctx.region}:{ctx.account}:event-bus/{ctx.id}"
    },
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"Name": desired["name"], **_settings(desired)}
    if not params["DeadLetterConfig"]:
        del params["DeadLetterConfig"]
    if not params["Description"]:
        del params["Description"]
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.call("events", "create_event_bus", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("events", "delete_event_bus", Name=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """the default bus (AWS's own)"""
    return f"cannot delete {ctx.label}: the default bus is AWS's" if ctx.id == DEFAULT_BUS else None


def _listed(answer: Any) -> Item | None:
    """DescribeEventBus's answer as the listed item the scan builds from."""
    if not answer:
        return None
    return {"Name": answer["Name"], "Arn": answer["Arn"], "Description": answer.get("Description")}


EMITS = (TYPE,)

EVENTS = Events(
    source="events.amazonaws.com",
    service="events",
    create=("CreateEventBus",),
    change=("UpdateEventBus", "TagResource", "UntagResource"),
    delete=("DeleteEventBus",),
    ids=("requestParameters.name",),
    touches={
        "UpdateEventBus": frozenset(_UPDATED),
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={
                "description": "",
                "kms_key_identifier": "",
                "dead_letter_config": [],
                "tags": {},
            },
            normalize=_normalize,
            is_aws_default=lambda r: r.id == DEFAULT_BUS,
            from_terraform={TYPE: _declared},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="bus name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(_UPDATED, _update), Updater(("tags",), _TAGS)),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name",)),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN, "events", "describe_event_bus", lambda rid: {"Name": rid}, _listed, GONE
        )
    },
    cfn=(
        CfnType(
            "AWS::Events::EventBus",
            _cfn,
            emits=EMITS,
            ref=("name",),
            getatt={"Arn": ("arn",), "Name": ("name",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("Description",)),
                    "kms_key_identifier": ("scalar", ("KmsKeyIdentifier",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudwatchevents",
            "Bus",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
    ack=(AckKind("eventbridge", "EventBus", TYPE, _ack, emits=EMITS),),
)
