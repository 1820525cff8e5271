"""aws_iam_user_policy: a policy document embedded in a user (an inline policy).

Live: read with its user (GetAccountAuthorizationDetails' UserPolicyList), nothing per
policy. Declared as its own resource, as CloudFormation's AWS::IAM::Policy naming users
or a user's `Policies`, or ACK's User `inlinePolicies`. Its id is `user:name`.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import keep, xp_no_id
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, document
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource
from driftctl.resources.iam.common import (
    GENERATED,
    MOVE,
    PREFIX,
    fresh,
    joined,
    joined_id,
    normalize_documents,
    owner_of,
)

TYPE = "aws_iam_user_policy"
COMPARED = frozenset({"user", "name", "policy"})


def live(user: str, item: dict[str, Any]) -> Resource:
    """One entry of a user's UserPolicyList."""
    attrs = {"user": user, "name": item["PolicyName"], "policy": item.get("PolicyDocument")}
    return Resource(TYPE, f"{user}:{item['PolicyName']}", None, attrs)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params = {
        "UserName": after["user"],
        "PolicyName": after["name"],
        "PolicyDocument": document(after["policy"]),
    }
    return [ctx.call("iam", "put_user_policy", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"UserName": live["user"], "PolicyName": live["name"]}
    return [ctx.call("iam", "delete_user_policy", **params)]


# The external name is the policy's name (its id, `user:name`, follows from it).
_xp_external_name = xp_no_id("name", overwrite=True)


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("PutUserPolicy",),
    change=("PutUserPolicy",),
    delete=("DeleteUserPolicy",),
    ids=("{requestParameters.userName}:{requestParameters.policyName}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="iam_users",
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"policy"}),
            natural_keys=(("user", "name"),),
            name_prefix=GENERATED,
            declared_id=joined(":", "user", "name"),
            normalize=normalize_documents("policy"),
            parent=("aws_iam_user", "user"),
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            documents=frozenset({"policy"}),
            computed=frozenset({"name"}),
            id_doc="`user:name`",
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("policy",), _put),),
            fixed={"user": MOVE, "name": MOVE},
            create=Create(
                lambda ctx, d: _put(ctx, {}, d),
                fresh,
                joined_id(":", "name", "user"),
                ("user", "name", "policy"),
            ),
            delete=Delete(_delete),
            unit_id=owner_of("user"),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "UserPolicy",
            TYPE,
            external_name=_xp_external_name,
            refs={"user": ("User", ("id",))},
        ),
    ),
)
