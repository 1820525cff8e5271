"""aws_iam_user_group_membership: the groups a user is in.

Live: read with its user (GetAccountAuthorizationDetails' GroupList of each user),
nothing per user: one resource per user in at least one group, its id the user's name.
Terraform's id is one it makes up (`terraform-…`), not AWS's: a declaration is matched on
its `user`, and `groups` is compared as a set. driftctl reports a group added by hand to a
declared membership too, where `terraform plan -refresh-only` does not (the provider
reads only the groups the configuration names); a user whose groups are split over
several membership resources is therefore not supported. Declared as its own resource,
or by CloudFormation's AWS::IAM::User `Groups`.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import keep
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource
from driftctl.resources.iam.common import fresh, owner_of

TYPE = "aws_iam_user_group_membership"
COMPARED = frozenset({"user", "groups"})


def live(user: str, groups: list[str]) -> list[Resource]:
    """A user's GroupList as its membership (none when it is in no group)."""
    if not groups:
        return []
    return [Resource(TYPE, user, None, {"user": user, "groups": sorted(groups)})]


def _names(value: Any) -> set[str]:
    return {str(g) for g in value or ()}


def _add(ctx: Ctx, user: str, groups: set[str]) -> list[Call]:
    return [
        ctx.call("iam", "add_user_to_group", GroupName=g, UserName=user) for g in sorted(groups)
    ]


def _remove(ctx: Ctx, user: str, groups: set[str]) -> list[Call]:
    return [
        ctx.call("iam", "remove_user_from_group", GroupName=g, UserName=user)
        for g in sorted(groups)
    ]


def _groups(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    had, wanted = _names(before.get("groups")), _names(after.get("groups"))
    user = str(after.get("user") or ctx.id)
    return [*_add(ctx, user, wanted - had), *_remove(ctx, user, had - wanted)]


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("AddUserToGroup",),
    change=(
        "AddUserToGroup",
        "RemoveUserFromGroup",
    ),
    delete=("RemoveUserFromGroup",),
    ids=("requestParameters.userName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="iam_users",
            events=EVENTS,
            compared=COMPARED,
            sets=frozenset({"groups"}),
            natural_keys=(("user",),),
            parent=("aws_iam_user", "user"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="user name (Terraform's own id is not AWS's)",
            after=("aws_iam_group",),
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("groups",), _groups),),
            fixed={"user": "a membership belongs to one user (declare another for another)"},
            create=Create(
                lambda ctx, d: _add(ctx, str(d["user"]), _names(d.get("groups"))),
                fresh,
                lambda ctx, d: str(d["user"]),
                ("user", "groups"),
            ),
            delete=Delete(
                lambda ctx, live, children: _remove(ctx, str(live["user"]), _names(live["groups"]))
            ),
            unit_id=owner_of("user"),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "UserGroupMembership",
            TYPE,
            refs={"user": ("User", ("id",))},
        ),
    ),
)
