"""aws_lambda_event_source_mapping: what feeds a function (an SQS queue, a Kinesis or
DynamoDB stream): its source, batch size and window, whether it is enabled, the
response types it reports, and tags.

Live: ListEventSourceMappings pages (they carry the configuration), then ListTags per
mapping that has an ARN. Every mapping is the account's own. AWS's batch size depends
on the source (10 for SQS, 100 for streams): compared where declared. Terraform's
default is enabled. The function is compared by name (an ARN names it too). A mapping
cannot move to another source or starting position: a revert says "replace needed".
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, as_int, keep, new_id, pending
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, tag_delta
from driftctl.base.spec import DetailCall, Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Ref, Resource, is_known

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_lambda_event_source_mapping"
GONE = frozenset({"ResourceNotFoundException"})
SETTABLE = (
    "function_name",
    "enabled",
    "batch_size",
    "maximum_batching_window_in_seconds",
    "function_response_types",
)
COMPARED = frozenset({*SETTABLE, "event_source_arn", "starting_position", "tags"})


def function_name(value: Any) -> Any:
    """A function named by ARN (`arn:...:function:name[:qualifier]`) as its name."""
    if isinstance(value, str) and is_known(value) and value.startswith("arn:"):
        parts = value.split(":")
        return parts[6] if len(parts) > 6 else value
    return value


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("Tags")
    attrs = {
        "function_name": function_name(item.get("FunctionArn")),
        "event_source_arn": item.get("EventSourceArn"),
        "enabled": item.get("State") in ("Enabled", "Enabling", "Updating", "Creating"),
        "batch_size": item.get("BatchSize"),
        "maximum_batching_window_in_seconds": item.get("MaximumBatchingWindowInSeconds", 0),
        "starting_position": item.get("StartingPosition"),
        "function_response_types": sorted(item.get("FunctionResponseTypes") or ()),
        "tags": {k: v for k, v in (tags or {}).items() if not k.startswith("aws:")},
        "arn": item.get("EventSourceMappingArn"),
        "function_arn": item.get("FunctionArn"),
        "uuid": item["UUID"],
    }
    return [Resource(TYPE, item["UUID"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="lambda_event_source_mappings",
    service="lambda",
    listing=ListCall("list_event_source_mappings", "EventSourceMappings", page_size=100),
    details=(
        DetailCall(
            "tags", "list_tags", lambda i: {"Resource": i["EventSourceMappingArn"]}, GONE,
            when=lambda i: bool(i.get("EventSourceMappingArn")),
        ),
    ),
    build=build,
)  # fmt: skip


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    found = reader.call(
        "lambda", unit.region, "get_event_source_mapping", {"UUID": unit.id}, gone=GONE
    )
    item = {k: v for k, v in found.items() if k != "ResponseMetadata"}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "function_name" in out:
        out["function_name"] = function_name(out["function_name"])
    if isinstance(out.get("function_response_types"), list):
        out["function_response_types"] = sorted(out["function_response_types"])
    if out.get("starting_position") == "":
        out["starting_position"] = None
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    resources = keep(TYPE, COMPARED)(raw)
    for r in resources:
        fn = r.attrs.get("function_name")
        if isinstance(fn, Ref) and fn.path == ("arn",) and not (fn.prefix or fn.suffix):
            r.attrs["function_name"] = dataclasses.replace(fn, path=("id",))  # its name
    return resources


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "function_name": p.get("FunctionName"),
        "event_source_arn": p.get("EventSourceArn"),
        "enabled": p.get("Enabled"),
        "batch_size": p.get("BatchSize"),
        "maximum_batching_window_in_seconds": p.get("MaximumBatchingWindowInSeconds"),
        "starting_position": p.get("StartingPosition"),
        "function_response_types": p.get("FunctionResponseTypes"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "function_name": c.ref(s.get("functionName"), s.get("functionRef"), "Function"),
        "event_source_arn": s.get("eventSourceARN"),
        "enabled": s.get("enabled"),
        "batch_size": s.get("batchSize"),
        "maximum_batching_window_in_seconds": s.get("maximumBatchingWindowInSeconds"),
        "starting_position": s.get("startingPosition"),
        "function_response_types": s.get("functionResponseTypes"),
    }
    return [c.raw(TYPE, attrs)]


# --- revert --------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = [a for a in SETTABLE if a in after and before.get(a) != after.get(a)]
    params: dict[str, Any] = {}
    for attr in changed:
        value = after.get(attr)
        if attr == "function_name":
            params["FunctionName"] = value
        elif attr == "enabled":
            params["Enabled"] = as_bool(value)
        elif attr == "batch_size" and as_int(value) is not None:
            params["BatchSize"] = as_int(value)
        elif attr == "maximum_batching_window_in_seconds" and as_int(value) is not None:
            params["MaximumBatchingWindowInSeconds"] = as_int(value)
        elif attr == "function_response_types":
            params["FunctionResponseTypes"] = list(value or ())
    if not params:
        return []
    return [ctx.call("lambda", "update_event_source_mapping", UUID=ctx.id, **params)]


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    arn = (
        before.get("arn")
        or f"arn:aws:lambda:{ctx.region}:{ctx.account}:event-source-mapping:{ctx.id}"
    )
    calls = []
    if to_set:
        calls.append(ctx.call("lambda", "tag_resource", Resource=arn, Tags=to_set))
    if to_remove:
        calls.append(ctx.call("lambda", "untag_resource", Resource=arn, TagKeys=to_remove))
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "FunctionName": desired["function_name"],
        "EventSourceArn": desired["event_source_arn"],
        "Enabled": as_bool(desired.get("enabled", True)),
    }
    for attr, param in (
        ("batch_size", "BatchSize"),
        ("maximum_batching_window_in_seconds", "MaximumBatchingWindowInSeconds"),
    ):
        if as_int(desired.get(attr)) is not None:
            params[param] = as_int(desired[attr])
    if desired.get("starting_position"):
        params["StartingPosition"] = desired["starting_position"]
    if desired.get("function_response_types"):
        params["FunctionResponseTypes"] = list(desired["function_response_types"])
    if desired.get("tags"):
        params["Tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    uuid = {pending(ctx).name: "UUID"}
    return [ctx.producing(uuid, "lambda", "create_event_source_mapping", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("lambda", "delete_event_source_mapping", UUID=ctx.id)]


EVENTS = Events(
    source="lambda.amazonaws.com",
    service="lambda",
    create=("CreateEventSourceMapping20150331",),
    change=("UpdateEventSourceMapping20150331",),
    delete=("DeleteEventSourceMapping20150331",),
    ids=(
        "responseElements.uUID",
        "requestParameters.uUID",
    ),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset({"function_response_types"}),
            natural_keys=(("function_name", "event_source_arn"),),
            declared_defaults={"enabled": True, "tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: _from_tf},
            tags=True,
            computed=frozenset({"arn", "function_arn", "uuid"}),
            id_doc="mapping UUID",
            after=("aws_lambda_function", "aws_sqs_queue", "aws_kinesis_stream"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(SETTABLE, _update), Updater(("tags",), _tags)),
            fixed={"event_source_arn": REPLACE, "starting_position": REPLACE},
            create=Create(_create, dict, new_id, ("function_name", "event_source_arn")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Lambda::EventSourceMapping",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "enabled": ("scalar", ("Enabled",)),
                    "batch_size": ("scalar", ("BatchSize",)),
                }
            },
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "lambda",
            "EventSourceMapping",
            TYPE,
            external_name=lambda e, n, a: e if e and len(e) == 36 else None,
            refs={"functionName": ("Function", ("function_name",))},
            fields={"enabled": ("scalar", ("enabled",)), "batch_size": ("scalar", ("batchSize",))},
        ),
    ),
    ack=(
        AckKind(
            "lambda",
            "EventSourceMapping",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={
                TYPE: {
                    "enabled": ("scalar", ("enabled",)),
                    "batch_size": ("scalar", ("batchSize",)),
                }
            },
        ),
    ),
)
