"""aws_iam_role_policy: a policy document embedded in a role (an inline policy).

Live: read with its role (GetAccountAuthorizationDetails' RolePolicyList). Declared as
its own resource, as a role's `inline_policy` block (role.py), as CloudFormation's
AWS::IAM::Policy naming roles, or a role's `Policies`. Its id is `role:name`.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
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
    role_of,
)

TYPE = "aws_iam_role_policy"
COMPARED = frozenset({"role", "name", "policy"})


def live(role: str, item: dict[str, Any]) -> Resource:
    """One entry of a role's RolePolicyList."""
    attrs = {"role": role, "name": item["PolicyName"], "policy": item.get("PolicyDocument")}
    return Resource(TYPE, f"{role}:{item['PolicyName']}", None, attrs)


def _cfn_policy(d: Declaring) -> None:
    """AWS::IAM::Policy: an inline policy of each role (user, group) it names."""
    p = d.props
    name, doc = p.get("PolicyName"), p.get("PolicyDocument")
    for who in ("role", "user", "group"):
        for principal in p.get(f"{who.capitalize()}s") or ():
            attrs = {who: principal, "name": name, "policy": doc}
            d.emit(f"aws_iam_{who}_policy", attrs, owner="cfn:AWS::IAM::Policy")


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params = {
        "RoleName": after["role"],
        "PolicyName": after["name"],
        "PolicyDocument": document(after["policy"]),
    }
    return [ctx.call("iam", "put_role_policy", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"RoleName": live["role"], "PolicyName": live["name"]}
    return [ctx.call("iam", "delete_role_policy", **params)]


# The external name is the policy's name (its id, `role:name`, follows from it).
_xp_external_name = xp_no_id("name", overwrite=True)


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("PutRolePolicy",),
    change=("PutRolePolicy",),
    delete=("DeleteRolePolicy",),
    ids=("{requestParameters.roleName}:{requestParameters.policyName}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="iam_roles",
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"policy"}),
            natural_keys=(("role", "name"),),
            name_prefix=GENERATED,
            declared_id=joined(":", "role", "name"),
            normalize=normalize_documents("policy"),
            parent=("aws_iam_role", "role"),
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            documents=frozenset({"policy"}),
            computed=frozenset({"name"}),
            id_doc="`role:name`",
            state_id=True,
            state_key=lambda a: (str(a.get("role")), str(a.get("name"))),
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("policy",), _put),),
            fixed={"role": MOVE, "name": MOVE},
            create=Create(
                lambda ctx, d: _put(ctx, {}, d),
                fresh,
                joined_id(":", "name"),
                ("role", "name", "policy"),
            ),
            delete=Delete(_delete),
            unit_id=role_of,
        ),
    ),
    cfn=(
        CfnType(
            "AWS::IAM::Policy",
            _cfn_policy,
            emits=(TYPE, "aws_iam_user_policy", "aws_iam_group_policy"),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "RolePolicy",
            TYPE,
            external_name=_xp_external_name,
            refs={"role": ("Role", ("id",))},
        ),
    ),
)
