"""aws_sfn_state_machine: a Step Functions state machine's definition (compared as parsed
JSON), role, type, logging, tracing and tags.

Live: ListStateMachines pages, then DescribeStateMachine and ListTagsForResource per
state machine. Every state machine is the account's own. AWS defaults (Terraform's):
STANDARD type, logging OFF, tracing off. A state machine cannot be renamed or change its
type: a revert says "replace needed" instead of trying. Checked against real
Terraform in tests/tf/test_msg.py, whose moto answers the two calls the provider makes
that moto lacks (ValidateStateMachineDefinition, ListStateMachineVersions:
tests/tf/moto_gaps.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, json_value, keep, new_id, pending
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, document, tag_delta
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
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_sfn_state_machine"
GONE = frozenset({"StateMachineDoesNotExist"})
COMPARED = frozenset(
    {
        "name",
        "definition",
        "role_arn",
        "type",
        "logging_configuration",
        "tracing_configuration",
        "tags",
    }
)
PREFIX = frozenset({"name_prefix"})
DEFAULTS: dict[str, Any] = {
    "type": "STANDARD",
    "logging_configuration": [{"level": "OFF"}],
    "tracing_configuration": [{"enabled": False}],
    "tags": {},
}


def _logging(found: dict[str, Any]) -> list[dict[str, Any]]:
    destinations = found.get("destinations") or []
    group = (destinations[0].get("cloudWatchLogsLogGroup") or {}) if destinations else {}
    out: dict[str, Any] = {
        "level": found.get("level", "OFF"),
        "include_execution_data": bool(found.get("includeExecutionData")),
    }
    if group.get("logGroupArn"):
        out["log_destination"] = group["logGroupArn"]
    return [out]


def _tags(found: Any) -> dict[str, str]:
    return {t["key"]: t.get("value", "") for t in found or () if not t["key"].startswith("aws:")}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = details.get("machine")
    if found is None:
        return []  # deleted between the listing and the read
    tags = (details.get("tags") or {}).get("tags")
    pairs = [{"Key": t["key"], "Value": t.get("value", "")} for t in tags or ()]
    arn = found["stateMachineArn"]
    attrs = {
        "name": found["name"],
        "definition": json_value(found.get("definition")),
        "role_arn": found.get("roleArn"),
        "type": found.get("type", "STANDARD"),
        "logging_configuration": _logging(found.get("loggingConfiguration") or {}),
        "tracing_configuration": [
            {"enabled": bool((found.get("tracingConfiguration") or {}).get("enabled"))}
        ],
        "tags": _tags(tags),
        **cfn_identity(pairs),
        "arn": arn,
    }
    return [Resource(TYPE, arn, None, attrs, region=region)]


def _by_arn(item: Item) -> dict[str, Any]:
    return {"stateMachineArn": item["stateMachineArn"]}


SCAN = ScanSpec(
    name="sfn_state_machines",
    service="stepfunctions",
    listing=ListCall("list_state_machines", "stateMachines", page_size=1000),
    details=(
        DetailCall("machine", "describe_state_machine", _by_arn, GONE),
        DetailCall(
            "tags", "list_tags_for_resource",
            lambda i: {"resourceArn": i["stateMachineArn"]}, frozenset({"ResourceNotFound"}),
        ),
    ),
    build=build,
)  # fmt: skip


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    item = {"stateMachineArn": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


def _block(value: Any) -> Any:
    return [value] if isinstance(value, dict) else value


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "definition" in out:
        out["definition"] = json_value(out["definition"])
    for name in ("logging_configuration", "tracing_configuration"):
        if name in out:
            out[name] = _block(out[name])
    logging = out.get("logging_configuration")
    if isinstance(logging, list) and logging and isinstance(logging[0], dict):
        block = {k: v for k, v in logging[0].items() if v not in ("", None)}
        if isinstance(block.get("log_destination"), str):
            block["log_destination"] = block["log_destination"].removesuffix(":*")
        out["logging_configuration"] = [block]
    return out


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    logging = p.get("LoggingConfiguration") or {}
    destinations = logging.get("Destinations") or []
    group = (destinations[0].get("CloudWatchLogsLogGroup") or {}) if destinations else {}
    tracing = p.get("TracingConfiguration") or {}
    attrs = {
        "name": p.get("StateMachineName"),
        "definition": p.get("DefinitionString") or p.get("Definition"),
        "role_arn": p.get("RoleArn"),
        "type": p.get("StateMachineType"),
        "logging_configuration": (
            [
                {
                    "level": logging.get("Level"),
                    "include_execution_data": logging.get("IncludeExecutionData"),
                    "log_destination": group.get("LogGroupArn"),
                }
            ]
            if logging
            else None
        ),
        "tracing_configuration": [{"enabled": tracing.get("Enabled")}] if tracing else None,
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "StateMachineName": a.get("name"),
        "DefinitionString": document(a["definition"]) if a.get("definition") else None,
        "RoleArn": a.get("role_arn"),
        "StateMachineType": a.get("type"),
        "Tags": cfn_tags(a),
    }


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The external name is the state machine's ARN once AWS assigned it."""
    if external and external.startswith("arn:"):
        attrs.setdefault("name", external.rsplit(":", 1)[-1])
        return external
    attrs.setdefault("name", name)
    return None


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    tracing = s.get("tracingConfiguration") or {}
    attrs = {
        "name": s.get("name") or c.name(),
        "definition": s.get("definition"),
        "role_arn": c.ref(s.get("roleARN"), s.get("roleRef"), "Role", ("arn",)),
        "type": s.get("type_") or s.get("type"),
        "tracing_configuration": [{"enabled": tracing.get("enabled")}] if tracing else None,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert --------------------------------------------------------------------------------


def _first(value: Any) -> dict[str, Any]:
    value = _block(value)
    return value[0] if isinstance(value, list) and value and isinstance(value[0], dict) else {}


def _logging_param(value: Any) -> dict[str, Any]:
    block = _first(value)
    out: dict[str, Any] = {
        "level": block.get("level") or "OFF",
        "includeExecutionData": bool(block.get("include_execution_data")),
    }
    if block.get("log_destination"):
        arn = str(block["log_destination"])
        out["destinations"] = [{"cloudWatchLogsLogGroup": {"logGroupArn": arn}}]
    return out


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {}
    if "definition" in after and before.get("definition") != after.get("definition"):
        params["definition"] = document(after["definition"])
    if "role_arn" in after and before.get("role_arn") != after.get("role_arn"):
        params["roleArn"] = after["role_arn"]
    if before.get("logging_configuration") != after.get("logging_configuration"):
        params["loggingConfiguration"] = _logging_param(after.get("logging_configuration"))
    if before.get("tracing_configuration") != after.get("tracing_configuration"):
        enabled = bool(_first(after.get("tracing_configuration")).get("enabled"))
        params["tracingConfiguration"] = {"enabled": enabled}
    if not params:
        return []
    return [ctx.call("stepfunctions", "update_state_machine", stateMachineArn=ctx.id, **params)]


def _tag_calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    calls = []
    if to_set:
        tags = [{"key": k, "value": v} for k, v in to_set.items()]
        calls.append(ctx.call("stepfunctions", "tag_resource", resourceArn=ctx.id, tags=tags))
    if to_remove:
        calls.append(
            ctx.call("stepfunctions", "untag_resource", resourceArn=ctx.id, tagKeys=to_remove)
        )
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "name": desired["name"],
        "definition": document(desired["definition"]),
        "roleArn": desired["role_arn"],
        "type": desired.get("type") or "STANDARD",
        "loggingConfiguration": _logging_param(desired.get("logging_configuration")),
        "tracingConfiguration": {
            "enabled": bool(_first(desired.get("tracing_configuration")).get("enabled"))
        },
    }
    if desired.get("tags"):
        params["tags"] = [{"key": k, "value": str(v)} for k, v in sorted(desired["tags"].items())]
    arn = {pending(ctx).name: "stateMachineArn"}
    return [ctx.producing(arn, "stepfunctions", "create_state_machine", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("stepfunctions", "delete_state_machine", stateMachineArn=ctx.id)]


EVENTS = Events(
    source="states.amazonaws.com",
    service="stepfunctions",
    create=("CreateStateMachine",),
    change=(
        "UpdateStateMachine",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteStateMachine",),
    ids=(
        "responseElements.stateMachineArn",
        "requestParameters.stateMachineArn",
        "requestParameters.resourceArn",
    ),
    touches={
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
            exact=frozenset({"tags", "definition"}),
            documents=frozenset({"definition"}),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            tags=True,
            computed=frozenset({"arn", "name"}),
            id_doc="state machine ARN",
            after=("aws_iam_role",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(
                    ("definition", "role_arn", "logging_configuration", "tracing_configuration"),
                    _update,
                ),
                Updater(("tags",), _tag_calls),
            ),
            fixed={"name": REPLACE, "type": REPLACE},
            create=Create(_create, dict, new_id, ("name", "definition", "role_arn")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::StepFunctions::StateMachine",
            _cfn,
            emits=(TYPE,),
            ref=("arn",),
            getatt={"Arn": ("arn",), "Name": ("name",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "role_arn": ("scalar", ("RoleArn",)),
                    "definition": ("document", ("DefinitionString",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "sfn",
            "StateMachine",
            TYPE,
            external_name=_xp_external_name,
            refs={"roleArn": ("Role", ("arn",))},
            tagged=True,
            fields={"tags": ("map", ("tags",)), "role_arn": ("scalar", ("roleArn",))},
        ),
    ),
    ack=(
        AckKind(
            "sfn",
            "StateMachine",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"tags": ("tag_list", ("tags",)), "role_arn": ("scalar", ("roleARN",))}},
        ),
    ),
)
