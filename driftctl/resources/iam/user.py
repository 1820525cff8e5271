"""aws_iam_user: a user: its name, path, permissions boundary and tags; read with its
inline policies (user_policy.py), attached policies (user_policy_attachment.py) and
groups (user_group_membership.py), which CloudFormation and ACK may declare inline.

Live: GetAccountAuthorizationDetails pages (shared with roles, groups and policies),
nothing per user. A user that holds credentials or
permissions (access keys, a password, MFA devices, ...) is never deleted by a revert:
that cannot be undone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import keep, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Ref, Resource
from driftctl.resources.iam import user_group_membership, user_policy, user_policy_attachment
from driftctl.resources.iam.common import (
    DELETE,
    MOVE,
    auth_details,
    boundary,
    boundary_arn,
    fresh,
    iam_tagger,
    named,
    optional,
    tags_param,
)

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_iam_user"
COMPARED = frozenset({"name", "path", "permissions_boundary", "tags"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {
        "name": item["UserName"],
        "path": item.get("Path", "/"),
        "permissions_boundary": boundary_arn(item),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": item["Arn"],
    }
    name = item["UserName"]
    return [
        Resource(TYPE, name, None, attrs),
        *(user_policy.live(name, p) for p in item.get("UserPolicyList") or ()),
        *(user_policy_attachment.live(name, a) for a in item.get("AttachedManagedPolicies") or ()),
        *user_group_membership.live(name, list(item.get("GroupList") or ())),
    ]


SCAN = ScanSpec(
    name="iam_users",
    service="iam",
    global_service=True,
    listing=auth_details("UserDetailList"),
    build=build,
)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("UserName"),
        "path": p.get("Path"),
        "permissions_boundary": p.get("PermissionsBoundary"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)
    user = Ref(d.logical, ("id",))
    for arn in p.get("ManagedPolicyArns") or ():
        attachment = {"user": user, "policy_arn": arn}
        d.emit(user_policy_attachment.TYPE, attachment, owner=TYPE)
    for block in p.get("Policies") or ():
        if isinstance(block, dict):
            inline = {"name": block.get("PolicyName"), "policy": block.get("PolicyDocument")}
            d.emit(user_policy.TYPE, {"user": user, **inline}, TYPE)
    if p.get("Groups"):
        membership = {"user": user, "groups": p.get("Groups")}
        d.emit(user_group_membership.TYPE, membership, owner=TYPE)


# The external name is the user's name, and its id.
_xp_external_name = xp_same_name("name", overwrite=True, annotated_only=True)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "path": s.get("path"),
        "permissions_boundary": c.ref(
            s.get("permissionsBoundary"), s.get("permissionsBoundaryRef"), "Policy", ("arn",)
        ),
        "tags": c.tags(s.get("tags")),
    }
    out = [c.raw(TYPE, attrs, c.name())]
    for arn in c.policy_arns():
        attachment = {"user": c.name(), "policy_arn": arn}
        out.append(c.raw(user_policy_attachment.TYPE, attachment, owner=TYPE))
    for block in c.inline_policies():
        out.append(c.raw(user_policy.TYPE, {"user": c.name(), **block}, owner=TYPE))
    return out


# --- revert ---------------------------------------------------------------------------------


def _path(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [ctx.call("iam", "update_user", UserName=ctx.id, NewPath=after.get("path") or "/")]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "UserName": desired["name"],
        "Path": desired.get("path") or "/",
        **optional(desired, PermissionsBoundary="permissions_boundary"),
        **tags_param(desired),
    }
    return [ctx.call("iam", "create_user", **params)]


# fact name -> (what it means, response key listing them)
_HOLDINGS = {
    "access_keys": ("access keys", "AccessKeyMetadata"),
    "login_profile": ("a console password", "LoginProfile"),
    "mfa_devices": ("MFA devices", "MFADevices"),
    "certificates": ("signing certificates", "Certificates"),
    "ssh_keys": ("SSH public keys", "SSHPublicKeys"),
    "groups": ("group memberships", "Groups"),
    "inline_policies": ("inline policies", "PolicyNames"),
    "attached_policies": ("attached policies", "AttachedPolicies"),
}
_FACTS = (
    ("access_keys", "list_access_keys"),
    ("login_profile", "get_login_profile"),
    ("mfa_devices", "list_mfa_devices"),
    ("certificates", "list_signing_certificates"),
    ("ssh_keys", "list_ssh_public_keys"),
    ("groups", "list_groups_for_user"),
    ("inline_policies", "list_user_policies"),
    ("attached_policies", "list_attached_user_policies"),
)


def _holds(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """it holds credentials, group memberships or policies"""
    held = [what for fact, (what, key) in _HOLDINGS.items() if (ctx.facts.get(fact) or {}).get(key)]
    if held:
        return (
            f"cannot delete user {ctx.id}: it has {', '.join(held)}; driftctl never deletes "
            "credentials or permissions it cannot restore (remove them by hand)"
        )
    return None


def _fact(name: str, operation: str) -> Fact:
    absent = frozenset({"NoSuchEntity"}) if operation == "get_login_profile" else frozenset()
    return Fact(name, "iam", operation, lambda ctx, live: {"UserName": ctx.id}, DELETE, absent)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One user by name, with its tags, inline and attached policies and groups."""
    by_user, region = {"UserName": unit.id}, unit.region
    user = reader.call("iam", region, "get_user", by_user, gone=reader.NO_ENTITY)["User"]
    names = reader.pages("iam", region, "list_user_policies", by_user, "PolicyNames")
    inline = [
        {
            "PolicyName": policy,
            "PolicyDocument": reader.call(
                "iam", region, "get_user_policy", {**by_user, "PolicyName": policy}
            )["PolicyDocument"],
        }
        for policy in sorted(names)
    ]
    groups = reader.pages("iam", region, "list_groups_for_user", by_user, "Groups")
    item = {
        **user,
        "Tags": reader.pages("iam", region, "list_user_tags", by_user, "Tags"),
        "UserPolicyList": inline,
        "AttachedManagedPolicies": reader.pages(
            "iam", region, "list_attached_user_policies", by_user, "AttachedPolicies"
        ),
        "GroupList": [g["GroupName"] for g in groups],
    }
    return build(item, {}, region)


# a user declares its inline policies, attached policies and groups too
EMITS = (TYPE, user_policy.TYPE, user_policy_attachment.TYPE, user_group_membership.TYPE)
ACK_EMITS = (TYPE, user_policy.TYPE, user_policy_attachment.TYPE)

EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("CreateUser",),
    change=(
        "UpdateUser",
        "PutUserPermissionsBoundary",
        "DeleteUserPermissionsBoundary",
        "TagUser",
        "UntagUser",
    ),
    delete=("DeleteUser",),
    ids=("requestParameters.userName",),
    touches={
        "UpdateUser": frozenset({"name", "path"}),
        "PutUserPermissionsBoundary": frozenset({"permissions_boundary"}),
        "DeleteUserPermissionsBoundary": frozenset({"permissions_boundary"}),
        "TagUser": frozenset({"tags"}),
        "UntagUser": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=lambda a: a.get("name"),
            declared_defaults={"path": "/", "tags": {}},
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="user name",
            after=("aws_iam_policy",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("path",), _path),
                Updater(("permissions_boundary",), boundary("user", "UserName")),
                Updater(("tags",), iam_tagger("user", "UserName")),
            ),
            fixed={"name": MOVE},
            create=Create(_create, fresh, named, ("name",)),
            delete=Delete(
                lambda ctx, live, children: [ctx.call("iam", "delete_user", UserName=ctx.id)],
                _holds,
            ),
            facts=tuple(_fact(name, op) for name, op in _FACTS),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::IAM::User",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "User",
            TYPE,
            regional=False,
            external_name=_xp_external_name,
            refs={"permissionsBoundary": ("Policy", ("arn",))},
            tagged=True,
            fields={"tags": ("map", ("tags",)), "path": ("scalar", ("path",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "iam",
            "User",
            TYPE,
            _ack,
            emits=ACK_EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",)), "path": ("scalar", ("path",))}},
        ),
    ),
)
