"""Reverting IAM: roles (trust policy, inline policies, attachments), managed policies, users.

A managed policy's document is reverted with a new default version; when the policy
already has AWS's maximum of five versions, the oldest non-default one is deleted first
(its document is read into the plan, so the journal keeps it). Users and roles that hold
credentials or sit in instance profiles are never deleted: that cannot be undone.
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.model import Resource
from driftctl.revert.calls import Attrs, Call, Ctx, Pending
from driftctl.revert.spec import (
    Create,
    Delete,
    Fact,
    RevertSpec,
    Updater,
    as_int,
    tag_delta,
    tag_list,
)

MAX_POLICY_VERSIONS = 5


def document(policy: Any) -> str:
    return policy if isinstance(policy, str) else json.dumps(policy)


def _tagger(noun: str, key: str) -> Any:
    """tag_<noun>/untag_<noun> calls: IAM's TagResource/UntagResource for one kind."""

    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        to_set, to_remove = tag_delta(before, after)
        out = []
        if to_set:
            out.append(ctx.call("iam", f"tag_{noun}", **{key: ctx.id}, Tags=tag_list(to_set)))
        if to_remove:
            out.append(ctx.call("iam", f"untag_{noun}", **{key: ctx.id}, TagKeys=to_remove))
        return out

    return calls


def _boundary(noun: str, key: str) -> Any:
    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        arn = after.get("permissions_boundary")
        if not arn:
            return [ctx.call("iam", f"delete_{noun}_permissions_boundary", **{key: ctx.id})]
        op = f"put_{noun}_permissions_boundary"
        return [ctx.call("iam", op, **{key: ctx.id}, PermissionsBoundary=arn)]

    return calls


def _optional(desired: Attrs, **pairs: str) -> dict[str, Any]:
    """API params for the attrs desired sets: param name -> attr name."""
    return {param: desired[attr] for param, attr in pairs.items() if desired.get(attr)}


def _tags_param(desired: Attrs) -> dict[str, Any]:
    tags = desired.get("tags") or {}
    return {"Tags": tag_list(tags)} if tags else {}


def _fresh(desired: Attrs) -> Attrs:
    return dict(desired)  # created with every compared attribute set


def _named(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("name") or ctx.id)


# -- role -------------------------------------------------------------------------------


def _update_role(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Description": after.get("description") or ""}
    if after.get("max_session_duration") is not None:
        params["MaxSessionDuration"] = as_int(after["max_session_duration"])
    return [ctx.call("iam", "update_role", RoleName=ctx.id, **params)]


def _trust(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    doc = document(after["assume_role_policy"])
    return [ctx.call("iam", "update_assume_role_policy", RoleName=ctx.id, PolicyDocument=doc)]


def _create_role(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "RoleName": desired["name"],
        "Path": desired.get("path") or "/",
        "AssumeRolePolicyDocument": document(desired["assume_role_policy"]),
        **_optional(desired, Description="description", PermissionsBoundary="permissions_boundary"),
        **_tags_param(desired),
    }
    if desired.get("max_session_duration") is not None:
        params["MaxSessionDuration"] = as_int(desired["max_session_duration"])
    return [ctx.call("iam", "create_role", **params)]


def _role_in_profiles(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    profiles = (ctx.facts.get("instance_profiles") or {}).get("InstanceProfiles") or []
    if profiles:
        names = ", ".join(sorted(p["InstanceProfileName"] for p in profiles))
        return f"cannot delete role {ctx.id}: it is in instance profile {names}"
    return None


def _delete_role(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    out = []
    for child in sorted(children, key=lambda r: (r.type, str(r.id))):
        if child.type == "aws_iam_role_policy":
            name = child.attrs["name"]
            out.append(ctx.call("iam", "delete_role_policy", RoleName=ctx.id, PolicyName=name))
        elif child.type == "aws_iam_role_policy_attachment":
            arn = child.attrs["policy_arn"]
            out.append(ctx.call("iam", "detach_role_policy", RoleName=ctx.id, PolicyArn=arn))
    out.append(ctx.call("iam", "delete_role", RoleName=ctx.id))
    return out


def _role_of(rid: str, attrs: Attrs) -> str:
    return str(attrs.get("role") or rid.split(":")[0].split("/")[0])


# -- inline role policy and attachment --------------------------------------------------


def _put_role_policy(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params = {
        "RoleName": after["role"],
        "PolicyName": after["name"],
        "PolicyDocument": document(after["policy"]),
    }
    return [ctx.call("iam", "put_role_policy", **params)]


def _delete_role_policy(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"RoleName": live["role"], "PolicyName": live["name"]}
    return [ctx.call("iam", "delete_role_policy", **params)]


def _attach(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"RoleName": desired["role"], "PolicyArn": desired["policy_arn"]}
    return [ctx.call("iam", "attach_role_policy", **params)]


def _detach(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"RoleName": live["role"], "PolicyArn": live["policy_arn"]}
    return [ctx.call("iam", "detach_role_policy", **params)]


def _joined_id(sep: str, key: str) -> Any:
    def new_id(ctx: Ctx, desired: Attrs) -> str:
        return f"{desired['role']}{sep}{desired[key]}"

    return new_id


# -- managed policy ---------------------------------------------------------------------


def _versions(ctx: Ctx) -> list[dict[str, Any]]:
    return list((ctx.facts.get("versions") or {}).get("Versions") or [])


def _version_number(version: dict[str, Any]) -> int:
    text = str(version.get("VersionId", "v0")).lstrip("v")
    return int(text) if text.isdigit() else 0


def oldest_spare_version(versions: list[dict[str, Any]]) -> str | None:
    """The version to delete before a new one fits, when the policy has the maximum."""
    if len(versions) < MAX_POLICY_VERSIONS:
        return None
    spare = [v for v in versions if not v.get("IsDefaultVersion")]
    return str(min(spare, key=_version_number)["VersionId"]) if spare else None


def _oldest_params(ctx: Ctx, live: Attrs) -> dict[str, Any] | None:
    oldest = oldest_spare_version(_versions(ctx))
    return {"PolicyArn": ctx.id, "VersionId": oldest} if oldest else None


def _policy_document(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    out = []
    oldest = oldest_spare_version(_versions(ctx))
    if oldest:
        out.append(ctx.call("iam", "delete_policy_version", PolicyArn=ctx.id, VersionId=oldest))
    doc = document(after["policy"])
    params = {"PolicyArn": ctx.id, "PolicyDocument": doc, "SetAsDefault": True}
    out.append(ctx.call("iam", "create_policy_version", **params))
    return out


def _create_policy(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "PolicyName": desired["name"],
        "Path": desired.get("path") or "/",
        "PolicyDocument": document(desired["policy"]),
        **_optional(desired, Description="description"),
        **_tags_param(desired),
    }
    outputs = {f"{ctx.label}.arn": "Policy.Arn"}
    return [ctx.producing(outputs, "iam", "create_policy", **params)]


def _new_policy_arn(ctx: Ctx, desired: Attrs) -> Pending:
    return Pending(f"{ctx.label}.arn")


def _policy_attached(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    entities = ctx.facts.get("entities") or {}
    names = sorted(
        [f"group {g['GroupName']}" for g in entities.get("PolicyGroups") or ()]
        + [f"user {u['UserName']}" for u in entities.get("PolicyUsers") or ()]
        + [f"role {r['RoleName']}" for r in entities.get("PolicyRoles") or ()]
    )
    if names:
        return f"cannot delete policy {ctx.id}: attached to {', '.join(names)} (detach it first)"
    return None


def _delete_policy(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    spare = sorted(
        (v for v in _versions(ctx) if not v.get("IsDefaultVersion")), key=_version_number
    )
    out = [
        ctx.call("iam", "delete_policy_version", PolicyArn=ctx.id, VersionId=v["VersionId"])
        for v in spare
    ]
    out.append(ctx.call("iam", "delete_policy", PolicyArn=ctx.id))
    return out


# -- user -------------------------------------------------------------------------------


def _user_path(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [ctx.call("iam", "update_user", UserName=ctx.id, NewPath=after.get("path") or "/")]


def _create_user(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "UserName": desired["name"],
        "Path": desired.get("path") or "/",
        **_optional(desired, PermissionsBoundary="permissions_boundary"),
        **_tags_param(desired),
    }
    return [ctx.call("iam", "create_user", **params)]


# fact name -> (what it means, response key listing them)
_USER_HOLDINGS = {
    "access_keys": ("access keys", "AccessKeyMetadata"),
    "login_profile": ("a console password", "LoginProfile"),
    "mfa_devices": ("MFA devices", "MFADevices"),
    "certificates": ("signing certificates", "Certificates"),
    "ssh_keys": ("SSH public keys", "SSHPublicKeys"),
    "groups": ("group memberships", "Groups"),
    "inline_policies": ("inline policies", "PolicyNames"),
    "attached_policies": ("attached policies", "AttachedPolicies"),
}


def _user_holds(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    held = [
        what for fact, (what, key) in _USER_HOLDINGS.items() if (ctx.facts.get(fact) or {}).get(key)
    ]
    if held:
        return (
            f"cannot delete user {ctx.id}: it has {', '.join(held)}; driftctl never deletes "
            "credentials or permissions it cannot restore (remove them by hand)"
        )
    return None


def _user_fact(name: str, operation: str) -> Fact:
    absent = frozenset({"NoSuchEntity"}) if operation == "get_login_profile" else frozenset()
    return Fact(name, "iam", operation, lambda ctx, live: {"UserName": ctx.id}, _DELETE, absent)


_DELETE = frozenset({"delete"})
_MOVE = "IAM cannot rename it or move it to another path (re-create it by hand)"

REVERTS = [
    RevertSpec(
        type="aws_iam_role",
        updaters=(
            Updater(("description", "max_session_duration"), _update_role),
            Updater(("assume_role_policy",), _trust),
            Updater(("permissions_boundary",), _boundary("role", "RoleName")),
            Updater(("tags",), _tagger("role", "RoleName")),
        ),
        fixed={"name": _MOVE, "path": _MOVE},
        create=Create(_create_role, _fresh, _named, ("name", "assume_role_policy")),
        delete=Delete(_delete_role, _role_in_profiles),
        facts=(
            Fact(
                "instance_profiles",
                "iam",
                "list_instance_profiles_for_role",
                lambda ctx, live: {"RoleName": ctx.id},
                _DELETE,
            ),
        ),
    ),
    RevertSpec(
        type="aws_iam_role_policy",
        updaters=(Updater(("policy",), _put_role_policy),),
        fixed={"role": _MOVE, "name": _MOVE},
        create=Create(
            lambda ctx, d: _put_role_policy(ctx, {}, d),
            _fresh,
            _joined_id(":", "name"),
            ("role", "name", "policy"),
        ),
        delete=Delete(_delete_role_policy),
        unit_id=_role_of,
    ),
    RevertSpec(
        type="aws_iam_role_policy_attachment",
        fixed={"role": _MOVE, "policy_arn": "an attachment is replaced, not changed"},
        create=Create(_attach, _fresh, _joined_id("/", "policy_arn"), ("role", "policy_arn")),
        delete=Delete(_detach),
        unit_id=_role_of,
    ),
    RevertSpec(
        type="aws_iam_policy",
        updaters=(
            Updater(("policy",), _policy_document),
            Updater(("tags",), _tagger("policy", "PolicyArn")),
        ),
        fixed={
            "name": _MOVE,
            "path": _MOVE,
            "description": "IAM cannot change a managed policy's description (re-create it)",
        },
        create=Create(_create_policy, _fresh, _new_policy_arn, ("name", "policy")),
        delete=Delete(_delete_policy, _policy_attached),
        facts=(
            Fact(
                "versions",
                "iam",
                "list_policy_versions",
                lambda ctx, live: {"PolicyArn": ctx.id},
                frozenset({"update", "delete"}),
            ),
            # the document of the version a new one replaces: kept in the journal
            Fact(
                "replaced_version",
                "iam",
                "get_policy_version",
                _oldest_params,
                frozenset({"update"}),
            ),
            Fact(
                "entities",
                "iam",
                "list_entities_for_policy",
                lambda ctx, live: {"PolicyArn": ctx.id},
                _DELETE,
            ),
        ),
    ),
    RevertSpec(
        type="aws_iam_user",
        updaters=(
            Updater(("path",), _user_path),
            Updater(("permissions_boundary",), _boundary("user", "UserName")),
            Updater(("tags",), _tagger("user", "UserName")),
        ),
        fixed={"name": _MOVE},
        create=Create(_create_user, _fresh, _named, ("name",)),
        delete=Delete(
            lambda ctx, live, children: [ctx.call("iam", "delete_user", UserName=ctx.id)],
            _user_holds,
        ),
        facts=tuple(
            _user_fact(name, op)
            for name, op in (
                ("access_keys", "list_access_keys"),
                ("login_profile", "get_login_profile"),
                ("mfa_devices", "list_mfa_devices"),
                ("certificates", "list_signing_certificates"),
                ("ssh_keys", "list_ssh_public_keys"),
                ("groups", "list_groups_for_user"),
                ("inline_policies", "list_user_policies"),
                ("attached_policies", "list_attached_user_policies"),
            )
        ),
    ),
]
