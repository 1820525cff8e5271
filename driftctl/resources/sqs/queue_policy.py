"""aws_sqs_queue_policy: a queue's access policy, compared as a canonical IAM document.

Live: the queue's `Policy` attribute, read with the queue (GetQueueAttributes): no call
of its own. A queue without a policy (AWS's default) has none, never unmanaged. The
document is compared whole (`exact`): a statement added live is drift.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import json_value
from driftctl.base.policy import canonical_policy
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, document, no_calls
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource

TYPE = "aws_sqs_queue_policy"
PARENT = ("aws_sqs_queue", "queue_url")


def live(url: str, policy: Any, region: str) -> Resource:
    attrs = {"queue_url": url, "policy": json_value(policy)}
    return Resource(TYPE, url, None, attrs, region=region)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    if "policy" not in attrs:
        return attrs
    policy = attrs["policy"]
    return {**attrs, "policy": None if policy == "" else canonical_policy(policy)}


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs: dict[str, Any] = {k: raw.attrs[k] for k in ("queue_url", "policy") if k in raw.attrs}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(attrs.get("queue_url") or attrs.get("id")),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    policy = after.get("policy")
    value = "" if policy is None else document(policy)
    return [ctx.call("sqs", "set_queue_attributes", QueueUrl=ctx.id, Attributes={"Policy": value})]


def _remove(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("sqs", "set_queue_attributes", QueueUrl=ctx.id, Attributes={"Policy": ""})]


def _queue(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("queue_url") or ctx.id)


def _cfn(d: Declaring) -> None:
    """AWS::SQS::QueuePolicy: one document for each queue it lists."""
    queues = d.props.get("Queues")
    for url in queues if isinstance(queues, list) else ():
        d.emit(TYPE, {"queue_url": url, "policy": d.props.get("PolicyDocument")})


EVENTS = Events(
    source="sqs.amazonaws.com",
    service="sqs",
    create=("SetQueueAttributes",),
    change=("SetQueueAttributes",),
    ids=("requestParameters.queueUrl",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="sqs_queues",
            events=EVENTS,
            compared=frozenset({"policy"}),
            exact=frozenset({"policy"}),
            natural_keys=(("queue_url",),),
            declared_id=lambda a: a.get("queue_url"),
            normalize=_normalize,
            is_aws_default=lambda r: r.attrs.get("policy") is None,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            documents=frozenset({"policy"}),
            id_doc="queue URL",
            state_key=_state_key,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("policy",), _put),),
            # a new queue has no policy: the updater then puts the declared one
            create=Create(
                no_calls,
                lambda d: {"queue_url": d.get("queue_url"), "policy": None},
                _queue,
                ("queue_url",),
            ),
            delete=Delete(_remove, with_parent=True),
        ),
    ),
    cfn=(CfnType("AWS::SQS::QueuePolicy", _cfn, emits=(TYPE,)),),
    crossplane=(
        CrossplaneKind("sqs", "QueuePolicy", TYPE, refs={"queueUrl": ("Queue", ("url",))}),
    ),
)
