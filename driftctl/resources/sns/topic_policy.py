"""aws_sns_topic_policy: a topic's access policy, compared as a canonical IAM document.

Live: the topic's `Policy` attribute, read with the topic (GetTopicAttributes): no call
of its own. Every topic has a policy: the one SNS writes at creation
(`__default_policy_ID`, the owner's account may do everything) is AWS's own, never
unmanaged; removing a topic policy puts that one back. The document is compared whole.
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

TYPE = "aws_sns_topic_policy"
PARENT = ("aws_sns_topic", "arn")
DEFAULT_ID = "__default_policy_ID"
_ACTIONS = [
    "SNS:GetTopicAttributes",
    "SNS:SetTopicAttributes",
    "SNS:AddPermission",
    "SNS:RemovePermission",
    "SNS:DeleteTopic",
    "SNS:Subscribe",
    "SNS:ListSubscriptionsByTopic",
    "SNS:Publish",
]


def default_policy(arn: str) -> dict[str, Any]:
    """The policy SNS gives a new topic."""
    account = arn.split(":")[4] if arn.count(":") >= 5 else ""
    return {
        "Version": "2008-10-17",
        "Id": DEFAULT_ID,
        "Statement": [
            {
                "Sid": "__default_statement_ID",
                "Effect": "Allow",
                "Principal": {"AWS": "*"},
                "Action": list(_ACTIONS),
                "Resource": arn,
                "Condition": {"StringEquals": {"AWS:SourceOwner": account}},
            }
        ],
    }


def live(arn: str, policy: Any, region: str) -> Resource:
    return Resource(TYPE, arn, None, {"arn": arn, "policy": json_value(policy)}, region=region)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    if "policy" not in attrs:
        return attrs
    policy = attrs["policy"]
    return {**attrs, "policy": None if policy == "" else canonical_policy(policy)}


def _is_default(r: Resource) -> bool:
    policy = r.attrs.get("policy")
    return policy is None or (isinstance(policy, dict) and policy.get("Id") == DEFAULT_ID)


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs: dict[str, Any] = {k: raw.attrs[k] for k in ("arn", "policy") if k in raw.attrs}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(attrs.get("arn") or attrs.get("id")),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    policy = after.get("policy")
    value = document(policy if policy is not None else default_policy(str(ctx.id)))
    return [
        ctx.call(
            "sns", "set_topic_attributes", TopicArn=ctx.id, AttributeName="Policy",
            AttributeValue=value,
        )
    ]  # fmt: skip


def _remove(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return _put(ctx, live, {"policy": None})


def _topic(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("arn") or ctx.id)


def _cfn(d: Declaring) -> None:
    """AWS::SNS::TopicPolicy: one document for each topic it lists."""
    topics = d.props.get("Topics")
    for arn in topics if isinstance(topics, list) else ():
        d.emit(TYPE, {"arn": arn, "policy": d.props.get("PolicyDocument")})


EVENTS = Events(
    source="sns.amazonaws.com",
    service="sns",
    create=("SetTopicAttributes",),
    change=("SetTopicAttributes",),
    ids=("requestParameters.topicArn",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="sns_topics",
            events=EVENTS,
            compared=frozenset({"policy"}),
            exact=frozenset({"policy"}),
            natural_keys=(("arn",),),
            declared_id=lambda a: a.get("arn"),
            normalize=_normalize,
            is_aws_default=_is_default,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            documents=frozenset({"policy"}),
            id_doc="topic ARN",
            state_key=_state_key,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("policy",), _put),),
            # a new topic has SNS's default policy: the updater then puts the declared one
            create=Create(
                no_calls, lambda d: {"arn": d.get("arn"), "policy": None}, _topic, ("arn",)
            ),
            delete=Delete(_remove, with_parent=True),
        ),
    ),
    cfn=(CfnType("AWS::SNS::TopicPolicy", _cfn, emits=(TYPE,)),),
    crossplane=(CrossplaneKind("sns", "TopicPolicy", TYPE, refs={"arn": ("Topic", ("arn",))}),),
)
