"""aws_cloudwatch_event_target: a target of an EventBridge rule on the default bus: what
it invokes (`arn`), with which input and role.

Live: read with its rule (ListTargetsByRule per rule, in aws_cloudwatch_event_rule's
scan). Matched by rule and `target_id`, or by rule and `arn` where Terraform generated
the target id. The service-specific blocks (`ecs_target`, `sqs_target`, ...) and the
input transformer are not compared yet. A target is put back with PutTargets (the
whole target); a new `arn` or id is a new target: a revert says "replace needed" for
the id. Targets of a rule an AWS service manages are that service's.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import REPLACE
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource
from driftctl.resources.events.common import (
    TARGET,
    TARGET_ATTRS,
    on_default_bus,
    target_id,
)

TYPE = TARGET
RULE = "aws_cloudwatch_event_rule"
COMPARED = frozenset({"rule", *TARGET_ATTRS})
_PUT = {"arn": "Arn", "input": "Input", "input_path": "InputPath", "role_arn": "RoleArn"}


def _declared(raw: RawResource) -> list[Resource]:
    if not on_default_bus(raw.attrs.get("event_bus_name")):
        return []  # a custom bus: not read yet (aws_cloudwatch_event_rule's docstring)
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


def _declared_id(a: dict[str, Any]) -> str | None:
    rule, tid = a.get("rule"), a.get("target_id")
    return target_id(rule, tid) if isinstance(rule, str) and isinstance(tid, str) else None


def _entry(tid: Any, attrs: Attrs) -> dict[str, Any]:
    entry: dict[str, Any] = {"Id": tid}
    for attr, field in _PUT.items():
        if attrs.get(attr):
            entry[field] = attrs[attr]
    return entry


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    both = {**before, **after}
    entry = _entry(both.get("target_id"), both)
    return [ctx.call("events", "put_targets", Rule=both["rule"], Targets=[entry])]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    entry = _entry(desired["target_id"], desired)
    return [ctx.call("events", "put_targets", Rule=desired["rule"], Targets=[entry])]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return target_id(desired["rule"], desired["target_id"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    ids = [str(live.get("target_id"))]
    return [ctx.call("events", "remove_targets", Rule=live["rule"], Ids=ids)]


def _rule_of(rid: str, attrs: Attrs) -> str:
    """The rule a target belongs to (its revert unit)."""
    return str(attrs.get("rule") or rid.rsplit("-", 1)[0])


EVENTS = Events(
    source="events.amazonaws.com",
    service="events",
    create=("PutTargets",),
    change=("PutTargets",),
    delete=("RemoveTargets",),
    ids=(
        "{requestParameters.rule}-{requestParameters.targets[].id}",
        "{requestParameters.rule}-{requestParameters.ids[]}",
    ),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="events_rules",
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("rule", "target_id"), ("rule", "arn")),
            declared_id=_declared_id,
            declared_defaults={"input": "", "input_path": "", "role_arn": ""},
            parent=(RULE, "rule"),
            from_terraform={TYPE: _declared},
            computed=frozenset({"target_id"}),
            id_doc="`rule-target_id`",
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(_PUT), _put),),
            fixed={"rule": REPLACE, "target_id": REPLACE},
            create=Create(_create, dict, _new_id, ("rule", "target_id", "arn")),
            delete=Delete(_delete),
            unit_id=_rule_of,
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudwatchevents",
            "Target",
            TYPE,
            refs={"rule": ("Rule", ("name",))},
        ),
    ),
)
