"""aws_cloudwatch_event_rule: an EventBridge rule on the default event bus: its event
pattern or schedule, state, description, role and tags; and the scan that reads each
rule with its targets (aws_cloudwatch_event_target, beside this module).

Live: ListRules pages of the default bus, plus per rule ListTagsForResource and
ListTargetsByRule (a rule has at most five targets: one call). The default event bus
itself is AWS's and is not a resource here; rules an AWS service manages for itself
(`ManagedBy`: Auto Scaling, GuardDuty, ...) are never unmanaged. Rules on custom event
buses are not read yet: a declaration of one is not compared (docs/resource-types.md).
The event pattern is compared as a JSON document. A rule cannot be renamed: a revert
says "replace needed"; anything else is put back with PutRule, the whole rule.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, json_document, json_text, reader, tag_items, tagger
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
from driftctl.core.model import Ref, Resource
from driftctl.resources.events.common import (
    DEFAULT_BUS,
    on_default_bus,
    target_attrs,
    target_resource,
)

TYPE = "aws_cloudwatch_event_rule"
TARGET = "aws_cloudwatch_event_target"
COMPARED = frozenset(
    {
        "name",
        "description",
        "event_bus_name",
        "event_pattern",
        "schedule_expression",
        "role_arn",
        "state",
        "tags",
    }
)
_PUT = {
    "description": "Description",
    "event_pattern": "EventPattern",
    "schedule_expression": "ScheduleExpression",
    "role_arn": "RoleArn",
    "state": "State",
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("Tags")
    attrs = {
        "name": item["Name"],
        "description": item.get("Description") or "",
        "event_bus_name": item.get("EventBusName") or DEFAULT_BUS,
        "event_pattern": item.get("EventPattern"),
        "schedule_expression": item.get("ScheduleExpression") or "",
        "role_arn": item.get("RoleArn") or "",
        "state": item.get("State") or "ENABLED",
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": item.get("Arn"),
        "managed_by": item.get("ManagedBy"),
    }
    out = [Resource(TYPE, item["Name"], None, attrs, region=region)]
    for target in (details.get("targets") or {}).get("Targets") or ():
        out.append(target_resource(item["Name"], target, region))
    return out


SCAN = ScanSpec(
    name="events_rules",
    service="events",
    listing=ListCall("list_rules", "Rules", page_size=100),
    details=(
        DetailCall(
            "tags",
            "list_tags_for_resource",
            lambda item: {"ResourceARN": item["Arn"]},
            frozenset({"ResourceNotFoundException"}),
        ),
        DetailCall(
            "targets",
            "list_targets_by_rule",
            lambda item: {"Rule": item["Name"], "Limit": 100},
            frozenset({"ResourceNotFoundException"}),
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "event_pattern" in out:
        out["event_pattern"] = json_document(out["event_pattern"])
    for attr in ("description", "schedule_expression", "role_arn"):
        if attr in out and out[attr] is None:
            out[attr] = ""
    return out


def _declared(raw: RawResource) -> list[Resource]:
    """The rule (on the default bus); the deprecated `is_enabled` read as `state`."""
    if not on_default_bus(raw.attrs.get("event_bus_name")):
        return []  # a custom bus: not read yet (see the docstring)
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    enabled = raw.attrs.get("is_enabled")
    if "state" not in attrs and isinstance(enabled, bool):
        attrs["state"] = "ENABLED" if enabled else "DISABLED"
    attrs["event_bus_name"] = DEFAULT_BUS
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::Events::Rule: the rule, and a target per entry of `Targets` (its
    `EventBusName` is not read yet: the rule is compared with the default bus's)."""
    p = d.props
    attrs = {
        "name": p.get("Name"),
        "description": p.get("Description"),
        "event_pattern": p.get("EventPattern"),
        "schedule_expression": p.get("ScheduleExpression"),
        "role_arn": p.get("RoleArn"),
        "state": p.get("State"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)
    for target in p.get("Targets") or ():
        if isinstance(target, dict):
            found = target_attrs(target, "Id", "Arn", "Input", "InputPath", "RoleArn")
            d.emit(TARGET, {**found, "rule": Ref(d.logical, ("name",))}, owner=TYPE)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    pattern = a.get("event_pattern")
    return {
        "Name": a.get("name"),
        "Description": a.get("description") or None,
        "EventPattern": pattern,
        "ScheduleExpression": a.get("schedule_expression") or None,
        "RoleArn": a.get("role_arn") or None,
        "State": a.get("state"),
        "Tags": cfn_tags(a),
    }


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The external name is the rule's name (`bus/name` on a custom bus)."""
    found = external or name
    attrs.setdefault("name", found.rsplit("/", 1)[-1])
    return found if "/" not in found else None


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's eventbridge Rule: the rule and its inline `targets`."""
    s = c.spec
    attrs = {
        "name": c.name(),
        "description": s.get("description"),
        "event_bus_name": s.get("eventBusName"),
        "event_pattern": s.get("eventPattern"),
        "schedule_expression": s.get("scheduleExpression"),
        "role_arn": s.get("roleARN"),
        "state": s.get("state"),
        "tags": c.tags(s.get("tags")),
    }
    out = [c.raw(TYPE, attrs, c.adoption.get("name"))]
    for target in s.get("targets") or ():
        if isinstance(target, dict):
            found = target_attrs(target, "id", "arn", "input", "inputPath", "roleARN")
            out.append(c.raw(TARGET, {**found, "rule": attrs["name"]}, owner=TYPE))
    return out


# --- revert ---------------------------------------------------------------------------------


def _params(name: Any, attrs: Attrs) -> dict[str, Any]:
    params: dict[str, Any] = {"Name": name}
    for attr, field in _PUT.items():
        value = attrs.get(attr)
        if value not in (None, ""):
            params[field] = json_text(value) if attr == "event_pattern" else value
    return params


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [ctx.call("events", "put_rule", **_params(ctx.id, {**before, **after}))]


_TAGS = tagger(
    "events",
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {"ResourceARN": attrs.get("arn") or str(ctx.id)},
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = _params(desired["name"], desired)
    tags = desired.get("tags") or {}
    if tags:
        params["Tags"] = [{"Key": k, "Value": str(v)} for k, v in sorted(tags.items())]
    return [ctx.call("events", "put_rule", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """Its targets are removed first (AWS refuses to delete a rule that has any)."""
    calls = []
    ids = sorted(str(c.attrs.get("target_id")) for c in children if c.type == TARGET)
    if ids:
        calls.append(ctx.call("events", "remove_targets", Rule=ctx.id, Ids=ids))
    calls.append(ctx.call("events", "delete_rule", Name=ctx.id))
    return calls


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """an AWS service manages it"""
    owner = live.get("managed_by")
    return f"cannot delete {ctx.label}: managed by {owner}" if owner else None


def _describe(answer: Any) -> Item | None:
    if not answer:
        return None
    return {k: v for k, v in answer.items() if k != "ResponseMetadata"}


EMITS = (TYPE, TARGET)

EVENTS = Events(
    source="events.amazonaws.com",
    service="events",
    create=("PutRule",),
    change=(
        "PutRule",
        "EnableRule",
        "DisableRule",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteRule",),
    ids=("requestParameters.name",),
    touches={
        "EnableRule": frozenset({"state"}),
        "DisableRule": frozenset({"state"}),
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
            exact=frozenset({"tags", "event_pattern"}),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={
                "description": "",
                "schedule_expression": "",
                "role_arn": "",
                "state": "ENABLED",
                "tags": {},
            },
            normalize=_normalize,
            is_aws_default=lambda r: bool(r.attrs.get("managed_by")),
            from_terraform={TYPE: _declared},
            tags=True,
            documents=frozenset({"event_pattern"}),
            computed=frozenset({"arn", "name"}),
            id_doc="rule name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(_PUT), _put), Updater(("tags",), _TAGS)),
            fixed={"name": REPLACE, "event_bus_name": REPLACE},
            create=Create(_create, dict, _new_id, ("name",)),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            "events",
            "describe_rule",
            lambda rid: {"Name": rid},
            _describe,
            frozenset({"ResourceNotFoundException"}),
        )
    },
    cfn=(
        CfnType(
            "AWS::Events::Rule",
            _cfn,
            emits=EMITS,
            ref=("name",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("Description",)),
                    "state": ("scalar", ("State",)),
                    "schedule_expression": ("scalar", ("ScheduleExpression",)),
                    "event_pattern": ("document", ("EventPattern",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudwatchevents",
            "Rule",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
                "state": ("scalar", ("state",)),
                "schedule_expression": ("scalar", ("scheduleExpression",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "eventbridge",
            "Rule",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "description": ("scalar", ("description",)),
                    "state": ("scalar", ("state",)),
                    "schedule_expression": ("scalar", ("scheduleExpression",)),
                }
            },
        ),
    ),
)
