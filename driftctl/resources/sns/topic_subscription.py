"""aws_sns_topic_subscription: a topic's subscription: its endpoint and protocol, raw
delivery, filter policy, redrive and delivery policies, and the role Firehose uses.

Live: ListSubscriptions pages (the account's, in the region), then
GetSubscriptionAttributes per confirmed subscription (none for one still pending
confirmation: AWS has no ARN for it yet, so it is not compared). AWS defaults
(Terraform's): raw delivery off, no filter, redrive or delivery policy. JSON policies
are compared parsed. A subscription cannot move to another topic, protocol or endpoint:
a revert says "replace needed" instead of trying.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, attr_text, json_value, keep, new_id, pending
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_sns_topic_subscription"
GONE = frozenset({"NotFound"})
_JSONS = {
    "filter_policy": "FilterPolicy",
    "redrive_policy": "RedrivePolicy",
    "delivery_policy": "DeliveryPolicy",
}
ATTRIBUTES = {
    "raw_message_delivery": "RawMessageDelivery",
    "filter_policy_scope": "FilterPolicyScope",
    "subscription_role_arn": "SubscriptionRoleArn",
    **_JSONS,
}
IDENTITY = ("topic_arn", "protocol", "endpoint")
COMPARED = frozenset({*IDENTITY, *ATTRIBUTES})
DEFAULTS: dict[str, Any] = {
    "raw_message_delivery": False,
    "filter_policy": None,
    "redrive_policy": None,
    "delivery_policy": None,
    "subscription_role_arn": None,
}


def _confirmed(item: Item) -> bool:
    return str(item.get("SubscriptionArn", "")).startswith("arn:")


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if not _confirmed(item):
        return []  # pending confirmation: no ARN, nothing to read or compare yet
    arn = item["SubscriptionArn"]
    found = (details.get("attributes") or {}).get("Attributes")
    if found is None:
        return []  # deleted between the listing and the read
    attrs = {
        "topic_arn": found.get("TopicArn", item.get("TopicArn")),
        "protocol": found.get("Protocol", item.get("Protocol")),
        "endpoint": found.get("Endpoint", item.get("Endpoint")),
        "raw_message_delivery": as_bool(found.get("RawMessageDelivery", "false")),
        "filter_policy_scope": found.get("FilterPolicyScope")
        or ("MessageAttributes" if found.get("FilterPolicy") else None),
        "subscription_role_arn": found.get("SubscriptionRoleArn") or None,
        **{attr: json_value(found.get(key)) for attr, key in _JSONS.items()},
        "arn": arn,
    }
    return [Resource(TYPE, arn, None, attrs, region=region)]


SCAN = ScanSpec(
    name="sns_subscriptions",
    service="sns",
    listing=ListCall("list_subscriptions", "Subscriptions"),
    details=(
        DetailCall(
            "attributes", "get_subscription_attributes",
            lambda i: {"SubscriptionArn": i["SubscriptionArn"]}, GONE, when=_confirmed,
        ),
    ),
    build=build,
)  # fmt: skip


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    item = {"SubscriptionArn": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for name in _JSONS:
        if name in out:
            out[name] = json_value(out[name])
    for name in ("subscription_role_arn", "filter_policy_scope"):
        if out.get(name) == "":
            out[name] = None
    return out


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------

_CFN = {
    "topic_arn": "TopicArn",
    "protocol": "Protocol",
    "endpoint": "Endpoint",
    "raw_message_delivery": "RawMessageDelivery",
    "filter_policy": "FilterPolicy",
    "filter_policy_scope": "FilterPolicyScope",
    "redrive_policy": "RedrivePolicy",
    "delivery_policy": "DeliveryPolicy",
    "subscription_role_arn": "SubscriptionRoleArn",
}


def _cfn(d: Declaring) -> None:
    d.emit(TYPE, {attr: d.props.get(prop) for attr, prop in _CFN.items()})


_ACK = {
    "topicARN": "topic_arn",
    "protocol": "protocol",
    "endpoint": "endpoint",
    "rawMessageDelivery": "raw_message_delivery",
    "filterPolicy": "filter_policy",
    "filterPolicyScope": "filter_policy_scope",
    "redrivePolicy": "redrive_policy",
    "deliveryPolicy": "delivery_policy",
    "subscriptionRoleARN": "subscription_role_arn",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {attr: s.get(field) for field, attr in _ACK.items()}
    attrs["topic_arn"] = c.ref(s.get("topicARN"), s.get("topicRef"), "Topic", ("arn",))
    return [c.raw(TYPE, attrs)]


# --- revert --------------------------------------------------------------------------------


def _set(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = [a for a in sorted(ATTRIBUTES) if a in after and before.get(a) != after.get(a)]
    return [
        ctx.call(
            "sns", "set_subscription_attributes", SubscriptionArn=ctx.id,
            AttributeName=ATTRIBUTES[a], AttributeValue=attr_text(after.get(a)),
        )
        for a in changed
    ]  # fmt: skip


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    attributes = {
        ATTRIBUTES[a]: attr_text(desired[a])
        for a in sorted(ATTRIBUTES)
        if desired.get(a) not in (None, "", False)
    }
    params = {
        "TopicArn": desired["topic_arn"],
        "Protocol": desired["protocol"],
        "Endpoint": desired["endpoint"],
        "Attributes": attributes,
        "ReturnSubscriptionArn": True,
    }
    return [ctx.producing({pending(ctx).name: "SubscriptionArn"}, "sns", "subscribe", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("sns", "unsubscribe", SubscriptionArn=ctx.id)]


EVENTS = Events(
    source="sns.amazonaws.com",
    service="sns",
    create=("Subscribe",),
    change=("SetSubscriptionAttributes",),
    delete=("Unsubscribe",),
    ids=(
        "responseElements.subscriptionArn",
        "requestParameters.subscriptionArn",
    ),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset(_JSONS),
            documents=frozenset(_JSONS),
            natural_keys=(IDENTITY,),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"arn"}),
            id_doc="subscription ARN",
            after=("aws_sns_topic", "aws_sqs_queue"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(sorted(ATTRIBUTES)), _set),),
            fixed={a: REPLACE for a in IDENTITY},
            create=Create(_create, dict, new_id, IDENTITY),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::SNS::Subscription",
            _cfn,
            emits=(TYPE,),
            ref=("arn",),
            properties={
                TYPE: {
                    "raw_message_delivery": ("scalar", ("RawMessageDelivery",)),
                    "filter_policy_scope": ("scalar", ("FilterPolicyScope",)),
                    "subscription_role_arn": ("scalar", ("SubscriptionRoleArn",)),
                    "filter_policy": ("document", ("FilterPolicy",)),
                }
            },
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "sns",
            "TopicSubscription",
            TYPE,
            external_name=lambda e, n, a: e if e and e.startswith("arn:") else None,
            refs={"topicArn": ("Topic", ("arn",)), "endpoint": ("Queue", ("arn",))},
            fields={
                "raw_message_delivery": ("scalar", ("rawMessageDelivery",)),
                "filter_policy_scope": ("scalar", ("filterPolicyScope",)),
                "subscription_role_arn": ("scalar", ("subscriptionRoleArn",)),
            },
        ),
    ),
    ack=(
        AckKind(
            "sns",
            "Subscription",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={
                TYPE: {
                    "raw_message_delivery": ("scalar", ("rawMessageDelivery",)),
                    "filter_policy_scope": ("scalar", ("filterPolicyScope",)),
                }
            },
        ),
    ),
)
