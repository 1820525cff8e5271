"""aws_sns_topic: a topic's display name, delivery policy, encryption, FIFO settings and
tags; read with its access policy (aws_sns_topic_policy, topic_policy.py), which it may
also declare inline.

Live: ListTopics pages, then GetTopicAttributes and ListTagsForResource per topic: SNS
has no batch read. Every topic is the account's own. AWS defaults (Terraform's): no
display name, no delivery policy, no KMS key, not FIFO. `delivery_policy` is compared
as parsed JSON. A topic cannot become FIFO or be renamed: a revert says "replace
needed" instead of trying.
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
    as_bool,
    as_int,
    attr_text,
    json_value,
    new_id,
    pairs,
    pending,
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
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Ref, Resource
from driftctl.resources.sns import topic_policy

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_sns_topic"
GONE = frozenset({"NotFound"})

# Terraform attribute -> SNS attribute name
ATTRIBUTES = {
    "display_name": "DisplayName",
    "delivery_policy": "DeliveryPolicy",
    "kms_master_key_id": "KmsMasterKeyId",
    "fifo_topic": "FifoTopic",
    "content_based_deduplication": "ContentBasedDeduplication",
    "signature_version": "SignatureVersion",
    "tracing_config": "TracingConfig",
}
SETTABLE = tuple(sorted(a for a in ATTRIBUTES if a != "fifo_topic"))
COMPARED = frozenset({"name", *ATTRIBUTES, "tags"})
PREFIX = frozenset({"name_prefix"})
DEFAULTS: dict[str, Any] = {
    "display_name": "",
    "delivery_policy": None,
    "kms_master_key_id": None,
    "fifo_topic": False,
    "content_based_deduplication": False,
    "tags": {},
}


def name_of(arn: str) -> str:
    return arn.rsplit(":", 1)[-1]


def live_attrs(found: dict[str, Any]) -> dict[str, Any]:
    return {
        "display_name": found.get("DisplayName", ""),
        "delivery_policy": json_value(found.get("DeliveryPolicy")),
        "kms_master_key_id": found.get("KmsMasterKeyId") or None,
        "fifo_topic": as_bool(found.get("FifoTopic", "false")),
        "content_based_deduplication": as_bool(found.get("ContentBasedDeduplication", "false")),
        "signature_version": as_int(found.get("SignatureVersion"), 1),
        "tracing_config": found.get("TracingConfig") or "PassThrough",
    }


def build(item: Item, details: Details, region: str) -> list[Resource]:
    arn = item["TopicArn"]
    found = (details.get("attributes") or {}).get("Attributes")
    if found is None:
        return []  # deleted between the listing and the read
    tags = (details.get("tags") or {}).get("Tags")
    attrs = {
        "name": name_of(arn),
        **live_attrs(found),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": arn,
    }
    return [
        Resource(TYPE, arn, None, attrs, region=region),
        topic_policy.live(arn, found.get("Policy"), region),
    ]


def _by_arn(item: Item) -> dict[str, Any]:
    return {"TopicArn": item["TopicArn"]}


SCAN = ScanSpec(
    name="sns_topics",
    service="sns",
    listing=ListCall("list_topics", "Topics"),
    details=(
        DetailCall("attributes", "get_topic_attributes", _by_arn, GONE),
        DetailCall(
            "tags", "list_tags_for_resource", lambda i: {"ResourceArn": i["TopicArn"]},
            frozenset({"ResourceNotFound"}),
        ),
    ),
    build=build,
)  # fmt: skip


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One topic with its policy, read by ARN."""
    item = {"TopicArn": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "delivery_policy" in out:
        out["delivery_policy"] = json_value(out["delivery_policy"])
    if out.get("kms_master_key_id") == "":
        out["kms_master_key_id"] = None
    return out


# --- Terraform: an inline `policy` is the topic's aws_sns_topic_policy ----------------------


def _from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    own = {k: v for k, v in a.items() if k in COMPARED | PREFIX}
    out = [Resource(TYPE, raw.import_id, raw.address, own, raw.source, provenance=raw.provenance)]
    policy = a.get("policy")
    if policy is not None and policy != "":
        attrs = {"arn": Ref(raw.address, ("arn",)), "policy": policy}
        out.append(Resource(topic_policy.TYPE, None, raw.address, attrs, raw.source))
    return out


def _state_drop(attrs: dict[str, Any], has: Callable[[str, tuple[str, ...]], bool]) -> None:
    """State repeats the topic's policy (its own or a separate resource's) in `policy`."""
    if has(topic_policy.TYPE, (str(attrs.get("arn")),)):
        attrs.pop("policy", None)
    elif isinstance(attrs.get("policy"), str) and topic_policy.DEFAULT_ID in attrs["policy"]:
        attrs.pop("policy", None)  # SNS's default, which the provider reads back


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------

_CFN = {
    "display_name": "DisplayName",
    "kms_master_key_id": "KmsMasterKeyId",
    "fifo_topic": "FifoTopic",
    "content_based_deduplication": "ContentBasedDeduplication",
    "signature_version": "SignatureVersion",
    "tracing_config": "TracingConfig",
}


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {attr: p.get(prop) for attr, prop in _CFN.items()}
    d.emit(TYPE, {"name": p.get("TopicName"), **attrs, "tags": d.tags()})
    arn = Ref(d.logical, ("arn",))
    subscriptions = p.get("Subscription")
    for sub in subscriptions if isinstance(subscriptions, list) else ():
        attrs = {"topic_arn": arn, "protocol": sub.get("Protocol"), "endpoint": sub.get("Endpoint")}
        d.emit("aws_sns_topic_subscription", attrs, TYPE)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {prop: a.get(attr) for attr, prop in _CFN.items()}
    return {"TopicName": a.get("name"), **props, "Tags": cfn_tags(a)}


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The external name is the topic's ARN once AWS assigned it: then the explicit id."""
    if external and external.startswith("arn:"):
        attrs.setdefault("name", name_of(external))
        return external
    attrs.setdefault("name", name)
    return None


_XP_FIELDS = {
    "display_name": "displayName",
    "kms_master_key_id": "kmsMasterKeyId",
    "fifo_topic": "fifoTopic",
    "content_based_deduplication": "contentBasedDeduplication",
    "signature_version": "signatureVersion",
    "tracing_config": "tracingConfig",
}
# ACK's Topic (sns-controller): spec field -> Terraform attribute
_ACK = {
    "displayName": "display_name",
    "deliveryPolicy": "delivery_policy",
    "kmsMasterKeyID": "kms_master_key_id",
    "fifoTopic": "fifo_topic",
    "contentBasedDeduplication": "content_based_deduplication",
    "signatureVersion": "signature_version",
    "tracingConfig": "tracing_config",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {attr: s.get(field) for field, attr in _ACK.items()}
    out = [c.raw(TYPE, {"name": s.get("name") or c.name(), **attrs, "tags": c.tags(s.get("tags"))})]
    if s.get("policy") is not None:
        policy = {"arn": Ref(c.m.address, ("arn",)), "policy": s["policy"]}
        out.append(c.raw(topic_policy.TYPE, policy, owner=TYPE))
    return out


# --- revert --------------------------------------------------------------------------------


def _set(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = [a for a in SETTABLE if a in after and before.get(a) != after.get(a)]
    return [
        ctx.call(
            "sns", "set_topic_attributes", TopicArn=ctx.id, AttributeName=ATTRIBUTES[a],
            AttributeValue=attr_text(after.get(a)),
        )
        for a in changed
    ]  # fmt: skip


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    calls = []
    if to_set:
        calls.append(ctx.call("sns", "tag_resource", ResourceArn=ctx.id, Tags=pairs(to_set)))
    if to_remove:
        calls.append(ctx.call("sns", "untag_resource", ResourceArn=ctx.id, TagKeys=to_remove))
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    attributes = {
        ATTRIBUTES[a]: attr_text(desired[a])
        for a in sorted(ATTRIBUTES)
        if desired.get(a) not in (None, "", False)
    }
    params: dict[str, Any] = {"Name": desired["name"], "Attributes": attributes}
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.producing({pending(ctx).name: "TopicArn"}, "sns", "create_topic", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("sns", "delete_topic", TopicArn=ctx.id)]


EMITS = (TYPE, "aws_sns_topic_subscription")

EVENTS = Events(
    source="sns.amazonaws.com",
    service="sns",
    create=("CreateTopic",),
    change=(
        "SetTopicAttributes",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteTopic",),
    ids=(
        "responseElements.topicArn",
        "requestParameters.topicArn",
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
            exact=frozenset({"tags", "delivery_policy"}),
            documents=frozenset({"delivery_policy"}),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: _from_tf},
            tags=True,
            computed=frozenset({"arn", "name"}),
            id_doc="topic ARN",
            state_id=True,
            state_drop=_state_drop,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(SETTABLE, _set), Updater(("tags",), _tags)),
            fixed={"name": REPLACE, "fifo_topic": REPLACE},
            create=Create(_create, dict, new_id, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::SNS::Topic",
            _cfn,
            emits=EMITS,
            ref=("arn",),
            getatt={"TopicArn": ("arn",), "TopicName": ("name",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    **{a: ("scalar", (p,)) for a, p in _CFN.items()},
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "sns",
            "Topic",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                **{a: ("scalar", (f,)) for a, f in _XP_FIELDS.items()},
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "sns",
            "Topic",
            TYPE,
            _ack,
            emits=(TYPE, topic_policy.TYPE),
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    **{a: ("scalar", (f,)) for f, a in _ACK.items() if a != "delivery_policy"},
                }
            },
        ),
    ),
)
