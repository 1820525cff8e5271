"""aws_iam_group_policy: a policy document embedded in a group (an inline policy).

Live: read with its group (GetAccountAuthorizationDetails' GroupPolicyList), nothing per
policy. Declared as its own resource, as CloudFormation's AWS::IAM::Policy naming groups
or a group's `Policies`, or ACK's Group `inlinePolicies`. Its id is `group:name`.
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

TYPE = "aws_iam_group_policy"
COMPARED = frozenset({"group", "name", "policy"})


def live(group: str, item: dict[str, Any]) -> Resource:
    """One entry of a group's GroupPolicyList."""
    attrs = {"group": group, "name": item["PolicyName"], "policy": item.get("PolicyDocument")}
    return Resource(TYPE, f"{group}:{item['PolicyName']}", None, attrs)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params = {
        "GroupName": after["group"],
        "PolicyName": after["name"],
        "PolicyDocument": document(after["policy"]),
    }
    return [ctx.call("iam", "put_group_policy", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"GroupName": live["group"], "PolicyName": live["name"]}
    return [ctx.call("iam", "delete_group_policy", **params)]


# The external name is the policy's name (its id, `group:name`, follows from it).
_xp_external_name = xp_no_id("name", overwrite=True)


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("PutGroupPolicy",),
    change=("PutGroupPolicy",),
    delete=("DeleteGroupPolicy",),
    ids=("{requestParameters.groupName}:{requestParameters.policyName}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="iam_groups",
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"policy"}),
            natural_keys=(("group", "name"),),
            name_prefix=GENERATED,
            declared_id=joined(":", "group", "name"),
            normalize=normalize_documents("policy"),
            parent=("aws_iam_group", "group"),
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            documents=frozenset({"policy"}),
            computed=frozenset({"name"}),
            id_doc="`group:name`",
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("policy",), _put),),
            fixed={"group": MOVE, "name": MOVE},
            create=Create(
                lambda ctx, d: _put(ctx, {}, d),
                fresh,
                joined_id(":", "name", "group"),
                ("group", "name", "policy"),
            ),
            delete=Delete(_delete),
            unit_id=owner_of("group"),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "GroupPolicy",
            TYPE,
            external_name=_xp_external_name,
            refs={"group": ("Group", ("id",))},
        ),
    ),
)
