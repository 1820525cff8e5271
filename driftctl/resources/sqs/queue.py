"""aws_sqs_queue: a queue's timing and size limits, FIFO settings, dead-letter
(redrive) policies, encryption and tags; read with its access policy
(aws_sqs_queue_policy, queue_policy.py), which it may also declare inline.

Live: ListQueues pages, then GetQueueAttributes (All) and ListQueueTags per queue:
SQS has no batch read. Every queue is the account's own: SQS creates none by itself.
AWS defaults (Terraform's): delay 0 s, maximum message size 262144 bytes, retention
345600 s (4 days), receive wait 0 s, visibility timeout 30 s, not FIFO, no KMS key.
`redrive_policy` and `redrive_allow_policy` are compared as parsed JSON
(`maxReceiveCount` as a number). A queue cannot become FIFO or lose it, nor be renamed:
a revert says "replace needed" instead of trying. (AWS, and moto, now give a queue
created without it a 1 MiB maximum message size; Terraform 5.x sends its 262144.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    ack_map_tags,
    as_bool,
    as_int,
    attr_text,
    json_value,
    map_cfn_identity,
    map_tags,
    new_id,
    pending,
    xp_no_id,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, tag_delta
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
)
from driftctl.core.model import Ref, Resource
from driftctl.resources.sqs import queue_policy

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_sqs_queue"
GONE = frozenset({"AWS.SimpleQueueService.NonExistentQueue", "QueueDoesNotExist"})

# Terraform attribute -> SQS attribute name, and how its text reads
_NUMBERS = {
    "delay_seconds": "DelaySeconds",
    "max_message_size": "MaximumMessageSize",
    "message_retention_seconds": "MessageRetentionPeriod",
    "receive_wait_time_seconds": "ReceiveMessageWaitTimeSeconds",
    "visibility_timeout_seconds": "VisibilityTimeout",
    "kms_data_key_reuse_period_seconds": "KmsDataKeyReusePeriodSeconds",
}
_BOOLS = {
    "fifo_queue": "FifoQueue",
    "content_based_deduplication": "ContentBasedDeduplication",
    "sqs_managed_sse_enabled": "SqsManagedSseEnabled",
}
_TEXTS = {
    "kms_master_key_id": "KmsMasterKeyId",
    "deduplication_scope": "DeduplicationScope",
    "fifo_throughput_limit": "FifoThroughputLimit",
}
_JSONS = {"redrive_policy": "RedrivePolicy", "redrive_allow_policy": "RedriveAllowPolicy"}
ATTRIBUTES = {**_NUMBERS, **_BOOLS, **_TEXTS, **_JSONS}
# changed in place by SetQueueAttributes (FifoQueue only at creation)
SETTABLE = tuple(sorted(a for a in ATTRIBUTES if a != "fifo_queue"))
COMPARED = frozenset({"name", *ATTRIBUTES, "tags"})
PREFIX = frozenset({"name_prefix"})
DEFAULTS: dict[str, Any] = {
    "delay_seconds": 0,
    "max_message_size": 262144,
    "message_retention_seconds": 345600,
    "receive_wait_time_seconds": 0,
    "visibility_timeout_seconds": 30,
    "fifo_queue": False,
    "content_based_deduplication": False,
    "kms_master_key_id": None,
    "tags": {},
}


def name_of(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[-1]


def live_attrs(found: dict[str, Any]) -> dict[str, Any]:
    """SQS's attribute map as Terraform's attributes."""
    out: dict[str, Any] = {}
    for attr, key in _NUMBERS.items():
        out[attr] = as_int(found.get(key))
    for attr, key in _BOOLS.items():
        out[attr] = as_bool(found.get(key, "false"))
    for attr, key in _TEXTS.items():
        out[attr] = found.get(key) or None
    for attr, key in _JSONS.items():
        out[attr] = _redrive(json_value(found.get(key)))
    if out["kms_data_key_reuse_period_seconds"] is None:
        out["kms_data_key_reuse_period_seconds"] = 300  # AWS's answer once a key is set
    return out


def build(item: Item, details: Details, region: str) -> list[Resource]:
    url = item["QueueUrl"]
    found = (details.get("attributes") or {}).get("Attributes")
    if found is None:
        return []  # deleted between the listing and the read
    tags = (details.get("tags") or {}).get("Tags")
    attrs = {
        "name": name_of(url),
        **live_attrs(found),
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
        "arn": found.get("QueueArn"),
        "url": url,
    }
    queue = Resource(TYPE, url, None, attrs, region=region)
    if not found.get("Policy"):  # no policy: no aws_sqs_queue_policy (a declared one is missing)
        return [queue]
    return [queue, queue_policy.live(url, found["Policy"], region)]


def _by_url(item: Item) -> dict[str, Any]:
    return {"QueueUrl": item["QueueUrl"]}


SCAN = ScanSpec(
    name="sqs_queues",
    service="sqs",
    listing=ListCall("list_queues", "QueueUrls", page_size=1000, item_key="QueueUrl"),
    details=(
        DetailCall(
            "attributes",
            "get_queue_attributes",
            lambda i: {**_by_url(i), "AttributeNames": ["All"]},
            GONE,
        ),
        DetailCall("tags", "list_queue_tags", _by_url, GONE),
    ),
    build=build,
    item_id=lambda item: str(item["QueueUrl"]),
    tags_detail="tags",
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One queue with its policy, read by URL."""
    item = {"QueueUrl": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


# --- normalization: Terraform's JSON strings, AWS's numbers as text -------------------------


def _redrive(value: Any) -> Any:
    """maxReceiveCount as a number (AWS answers "5" or 5 as it was given)."""
    if isinstance(value, dict) and isinstance(value.get("maxReceiveCount"), str):
        count = as_int(value["maxReceiveCount"])
        return {**value, "maxReceiveCount": count if count is not None else value}
    return value


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for name in _JSONS:
        if name in out:
            out[name] = _redrive(json_value(out[name]))
    for name in _TEXTS:
        if out.get(name) == "":
            out[name] = None
    return out


# --- Terraform: an inline `policy` is the queue's aws_sqs_queue_policy ----------------------


def _from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    own = {k: v for k, v in a.items() if k in COMPARED | PREFIX}
    out = [Resource(TYPE, raw.import_id, raw.address, own, raw.source, provenance=raw.provenance)]
    policy = a.get("policy")
    if policy is not None and policy != "":
        attrs = {"queue_url": Ref(raw.address, ("id",)), "policy": policy}
        out.append(Resource(queue_policy.TYPE, None, raw.address, attrs, raw.source))
    return out


def _state_drop(attrs: dict[str, Any], has: Callable[[str, tuple[str, ...]], bool]) -> None:
    """State repeats a separate aws_sqs_queue_policy in the queue's computed `policy`."""
    if has(queue_policy.TYPE, (str(attrs.get("url") or attrs.get("id")),)):
        attrs.pop("policy", None)


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------

_CFN = {
    "delay_seconds": "DelaySeconds",
    "max_message_size": "MaximumMessageSize",
    "message_retention_seconds": "MessageRetentionPeriod",
    "receive_wait_time_seconds": "ReceiveMessageWaitTimeSeconds",
    "visibility_timeout_seconds": "VisibilityTimeout",
    "kms_data_key_reuse_period_seconds": "KmsDataKeyReusePeriodSeconds",
    "fifo_queue": "FifoQueue",
    "content_based_deduplication": "ContentBasedDeduplication",
    "sqs_managed_sse_enabled": "SqsManagedSseEnabled",
    "kms_master_key_id": "KmsMasterKeyId",
    "deduplication_scope": "DeduplicationScope",
    "fifo_throughput_limit": "FifoThroughputLimit",
    "redrive_policy": "RedrivePolicy",
    "redrive_allow_policy": "RedriveAllowPolicy",
}


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {attr: p.get(prop) for attr, prop in _CFN.items()}
    d.emit(TYPE, {"name": p.get("QueueName"), **attrs, "tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {prop: a.get(attr) for attr, prop in _CFN.items()}
    if not a.get("fifo_queue"):
        for attr in ("fifo_queue", "content_based_deduplication"):
            props[_CFN[attr]] = None  # FIFO-only properties
    return {"QueueName": a.get("name"), **props, "Tags": cfn_tags(a)}


def _camel(attr: str) -> str:
    head, *rest = attr.split("_")
    return head + "".join(w.title() for w in rest)


_XP_FIELDS = {attr: ("scalar", (_camel(attr),)) for attr in ATTRIBUTES if attr not in _JSONS}


# The external name is the queue's name (upjet builds the URL from it).
_xp_external_name = xp_no_id("name", overwrite=True)


# ACK's Queue (sqs-controller): spec field -> Terraform attribute
_ACK = {
    "delaySeconds": "delay_seconds",
    "maximumMessageSize": "max_message_size",
    "messageRetentionPeriod": "message_retention_seconds",
    "receiveMessageWaitTimeSeconds": "receive_wait_time_seconds",
    "visibilityTimeout": "visibility_timeout_seconds",
    "kmsDataKeyReusePeriodSeconds": "kms_data_key_reuse_period_seconds",
    "fifoQueue": "fifo_queue",
    "contentBasedDeduplication": "content_based_deduplication",
    "sqsManagedSSEEnabled": "sqs_managed_sse_enabled",
    "kmsMasterKeyID": "kms_master_key_id",
    "deduplicationScope": "deduplication_scope",
    "fifoThroughputLimit": "fifo_throughput_limit",
    "redrivePolicy": "redrive_policy",
    "redriveAllowPolicy": "redrive_allow_policy",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    name = s.get("queueName") or c.name()
    attrs = {attr: s.get(field) for field, attr in _ACK.items()}
    out = [c.raw(TYPE, {"name": name, **attrs, "tags": ack_map_tags(c, s.get("tags"))})]
    if s.get("policy") is not None:
        policy = {"queue_url": Ref(c.m.address, ("id",)), "policy": s["policy"]}
        out.append(c.raw(queue_policy.TYPE, policy, owner=TYPE))
    return out


# --- revert --------------------------------------------------------------------------------


def _attributes(desired: Attrs, names: tuple[str, ...]) -> dict[str, str]:
    return {ATTRIBUTES[a]: attr_text(desired.get(a)) for a in names if a in desired}


def _set(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = tuple(a for a in SETTABLE if a in after and before.get(a) != after.get(a))
    attributes = _attributes(after, changed or SETTABLE)
    return [ctx.call("sqs", "set_queue_attributes", QueueUrl=ctx.id, Attributes=attributes)]


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    calls = []
    if to_set:
        calls.append(ctx.call("sqs", "tag_queue", QueueUrl=ctx.id, Tags=to_set))
    if to_remove:
        calls.append(ctx.call("sqs", "untag_queue", QueueUrl=ctx.id, TagKeys=to_remove))
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    attributes = {
        k: v
        for k, v in _attributes(desired, tuple(sorted(ATTRIBUTES))).items()
        if v != "" and not (k == "FifoQueue" and v == "false")
    }
    params: dict[str, Any] = {"QueueName": desired["name"], "Attributes": attributes}
    if desired.get("tags"):
        params["tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.producing({pending(ctx).name: "QueueUrl"}, "sqs", "create_queue", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("sqs", "delete_queue", QueueUrl=ctx.id)]


EMITS = (TYPE,)
_FIELDS = {attr: ("scalar", (prop,)) for attr, prop in _CFN.items() if attr not in _JSONS}

EVENTS = Events(
    source="sqs.amazonaws.com",
    service="sqs",
    create=("CreateQueue",),
    change=(
        "SetQueueAttributes",
        "TagQueue",
        "UntagQueue",
    ),
    delete=("DeleteQueue",),
    ids=(
        "responseElements.queueUrl",
        "requestParameters.queueUrl",
    ),
    touches={
        "TagQueue": frozenset({"tags"}),
        "UntagQueue": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            holds_data=True,
            compared=COMPARED,
            exact=frozenset({"tags", *_JSONS}),
            documents=frozenset(_JSONS),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: _from_tf},
            tags=True,
            computed=frozenset({"arn", "name", "url"}),
            id_doc="queue URL",
            state_id=True,
            state_drop=_state_drop,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(SETTABLE, _set), Updater(("tags",), _tags)),
            fixed={"name": REPLACE, "fifo_queue": REPLACE},
            create=Create(_create, dict, new_id, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::SQS::Queue",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Arn": ("arn",), "QueueName": ("name",), "QueueUrl": ("url",)},
            name_attr="name",
            properties={TYPE: {"tags": ("tags", ("Tags",)), **_FIELDS}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "sqs",
            "Queue",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={"tags": ("map", ("tags",)), **_XP_FIELDS},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "sqs",
            "Queue",
            TYPE,
            _ack,
            emits=(TYPE, queue_policy.TYPE),
            fields={
                TYPE: {
                    "tags": ("map", ("tags",)),
                    **{a: ("scalar", (f,)) for f, a in _ACK.items() if a not in _JSONS},
                }
            },
        ),
    ),
)
