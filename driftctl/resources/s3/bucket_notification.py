"""aws_s3_bucket_notification: the events a bucket sends to SQS queues, SNS topics,
Lambda functions and EventBridge.

Live: GetBucketNotificationConfiguration per bucket; an empty configuration is AWS's
own default (never unmanaged). Compared: the `queue`, `topic` and `lambda_function`
blocks (an unset one is none: a configuration added live is drift) and `eventbridge`
(default false). The blocks of a kind are a set of whole blocks (order never matters; a
changed block is the declared one gone and the live one extra); each block's `events`
are a set and its key filter reads as `filter_prefix`/`filter_suffix`. A block's `id`
is a label Terraform or AWS generates when none is given: it is not compared. A revert
writes the whole configuration with PutBucketNotificationConfiguration (the declared
ids with it); an unmanaged one is emptied.

moto (5.2) keeps EventBridgeConfiguration but never answers it: `eventbridge` reads
false there; it is tested on the normalizer, not on moto. Checked against real Terraform
in tests/tf/test_s3b.py (a queue's events changed out of band).
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import as_bool
from driftctl.base.revert import Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource, to_plain
from driftctl.resources.s3.setting import (
    BUCKET_KEY,
    ID_DOC,
    PARENT,
    BucketSetting,
    bucket_of,
    created_with_bucket,
    passthrough,
    per_bucket,
)

TYPE = "aws_s3_bucket_notification"

# Terraform block -> (the API's list of configurations, its ARN key, Terraform's ARN attr)
KINDS = {
    "queue": ("QueueConfigurations", "QueueArn", "queue_arn"),
    "topic": ("TopicConfigurations", "TopicArn", "topic_arn"),
    "lambda_function": (
        "LambdaFunctionConfigurations",
        "LambdaFunctionArn",
        "lambda_function_arn",
    ),
}
# CloudFormation's and ACK's names for the same lists and ARNs
CFN_KINDS = {
    "queue": ("QueueConfigurations", "Queue"),
    "topic": ("TopicConfigurations", "Topic"),
    "lambda_function": ("LambdaConfigurations", "Function"),
}
ACK_KINDS = {
    "queue": ("queueConfigurations", "queueARN"),
    "topic": ("topicConfigurations", "topicARN"),
    "lambda_function": ("lambdaFunctionConfigurations", "lambdaFunctionARN"),
}
EMPTY: dict[str, Any] = {"eventbridge": False, **{kind: [] for kind in KINDS}}


def _filters(rules: Any, name: str, value: str) -> dict[str, Any]:
    """Key filter rules ([{Name: prefix|suffix, Value}]) as filter_prefix/filter_suffix."""
    out: dict[str, Any] = {}
    for rule in rules or ():
        if isinstance(rule, dict) and str(rule.get(name)).lower() in ("prefix", "suffix"):
            out[f"filter_{str(rule[name]).lower()}"] = rule.get(value)
    return out


def _live_block(conf: dict[str, Any], arn_key: str, arn_attr: str) -> dict[str, Any]:
    rules = ((conf.get("Filter") or {}).get("Key") or {}).get("FilterRules")
    return {
        "id": conf.get("Id"),
        arn_attr: conf.get(arn_key),
        "events": list(conf.get("Events") or ()),
        **_filters(rules, "Name", "Value"),
    }


def _live(response: Any) -> dict[str, Any]:
    conf = response or {}
    attrs: dict[str, Any] = {"eventbridge": "EventBridgeConfiguration" in conf}
    for kind, (listed, arn_key, arn_attr) in KINDS.items():
        attrs[kind] = [_live_block(c, arn_key, arn_attr) for c in conf.get(listed) or ()]
    return attrs


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    conf = props.get("NotificationConfiguration")
    if not isinstance(conf, dict):
        return None
    bridge = conf.get("EventBridgeConfiguration")
    attrs: dict[str, Any] = {
        "eventbridge": bool(isinstance(bridge, dict) and bridge.get("EventBridgeEnabled", True))
    }
    for kind, (listed, target) in CFN_KINDS.items():
        arn_attr = KINDS[kind][2]
        attrs[kind] = [
            {
                arn_attr: c.get(target),
                "events": [c.get("Event")],
                **_filters(
                    ((c.get("Filter") or {}).get("S3Key") or {}).get("Rules"), "Name", "Value"
                ),
            }
            for c in conf.get(listed) or ()
            if isinstance(c, dict)
        ]
    return attrs


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    conf = spec.get("notification")
    if not isinstance(conf, dict):
        return None
    attrs: dict[str, Any] = {}
    for kind, (listed, target) in ACK_KINDS.items():
        attrs[kind] = [
            {
                "id": c.get("id"),
                KINDS[kind][2]: c.get(target),
                "events": c.get("events"),
                **_filters(
                    ((c.get("filter") or {}).get("key") or {}).get("filterRules"), "name", "value"
                ),
            }
            for c in conf.get(listed) or ()
            if isinstance(c, dict)
        ]
    return attrs


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket("notification", "get_bucket_notification_configuration"),
    live=_live,
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
)


def _canonical_block(block: Any) -> Any:
    if not isinstance(block, dict):
        return block
    out = {k: v for k, v in block.items() if v is not None and v != "" and k != "id"}
    events = out.get("events")
    if isinstance(events, list):
        out["events"] = sorted(events, key=str)
    return out


def _order(block: Any) -> str:
    return json.dumps(to_plain(block), sort_keys=True, default=str)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for kind in KINDS:
        blocks = out.get(kind)
        if isinstance(blocks, list):
            out[kind] = sorted((_canonical_block(b) for b in blocks), key=_order)
    return out


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _api_block(block: dict[str, Any], arn_key: str, arn_attr: str) -> dict[str, Any]:
    out: dict[str, Any] = {arn_key: block[arn_attr], "Events": list(block.get("events") or ())}
    if block.get("id"):
        out["Id"] = block["id"]
    rules = [
        {"Name": name, "Value": block[f"filter_{name}"]}  # the enum's values: prefix, suffix
        for name in ("prefix", "suffix")
        if block.get(f"filter_{name}")
    ]
    if rules:
        out["Filter"] = {"Key": {"FilterRules": rules}}
    return out


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    conf: dict[str, Any] = {}
    for kind, (listed, arn_key, arn_attr) in KINDS.items():
        blocks = after.get(kind, before.get(kind)) or []
        if blocks:
            conf[listed] = [_api_block(b, arn_key, arn_attr) for b in blocks]
    if as_bool(after.get("eventbridge", before.get("eventbridge", False))):
        conf["EventBridgeConfiguration"] = {}
    return [
        ctx.call(
            "s3",
            "put_bucket_notification_configuration",
            Bucket=ctx.id,
            NotificationConfiguration=conf,
        )
    ]


def _empty(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return _put(ctx, {}, EMPTY)


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketNotification",),
    change=("PutBucketNotification",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"eventbridge", *KINDS}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            sets=frozenset(KINDS),
            declared_defaults=EMPTY,
            normalize=_normalize,
            is_aws_default=lambda r: not any(r.attrs.get(k) for k in ("eventbridge", *KINDS)),
            parent=PARENT,
            from_terraform={TYPE: passthrough(TYPE)},
            id_doc=ID_DOC,
            state_key=_state_key,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("eventbridge", *KINDS), _put),),
            create=created_with_bucket(EMPTY),
            delete=Delete(_empty, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketNotification",
            TYPE,
            refs={
                "bucket": ("Bucket", ("id",)),
                "queueArn": ("Queue", ("arn",)),
                "topicArn": ("Topic", ("arn",)),
                "lambdaFunctionArn": ("Function", ("arn",)),
            },
        ),
    ),
)
