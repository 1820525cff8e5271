"""What the IAM types share: the one batch call that lists them, their declared shape,
policy documents, and the tagging and permissions-boundary calls of a revert.

One paginated GetAccountAuthorizationDetails call carries every role with its inline
policies, attached policies and tags, every user with its inline policies, attached
policies and groups, every group with its attached policies, and every local policy
with its document, so the only per-resource calls left are the ones AWS forces (policy tags).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftctl.aws.policy import canonical_policy
from driftctl.core.model import Resource
from driftctl.declared.raw import RawResource
from driftctl.resources.spec import ListCall
from driftctl.revert.calls import Attrs, Call, Ctx
from driftctl.revert.spec import tag_delta, tag_list

_FILTERS = {"Filter": ["Role", "User", "Group", "LocalManagedPolicy"]}
# read for matching a name Terraform generated from it, never compared
PREFIX = frozenset({"name_prefix"})
GENERATED = ("name", "name_prefix")
MOVE = "IAM cannot rename it or move it to another path (re-create it by hand)"
DELETE = frozenset({"delete"})


def auth_details(result_key: str) -> ListCall:
    """GetAccountAuthorizationDetails, the batch call every IAM scan shares (made once)."""
    return ListCall("get_account_authorization_details", result_key, _FILTERS, page_size=1000)


def boundary_arn(item: dict[str, Any]) -> Any:
    return (item.get("PermissionsBoundary") or {}).get("PermissionsBoundaryArn")


def keep(rtype: str, keys: frozenset[str]) -> Callable[[RawResource], list[Resource]]:
    """A Terraform resource whose compared attributes are its own, as they are."""

    def convert(raw: RawResource) -> list[Resource]:
        attrs = {k: v for k, v in raw.attrs.items() if k in keys}
        return [
            Resource(
                rtype, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance
            )
        ]

    return convert


def normalize_documents(*names: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Policy documents in canonical form; an unset description is the empty one."""

    def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
        out = dict(attrs)
        for name in names:
            if name in out:
                out[name] = canonical_policy(out[name])
        if out.get("description") is None and "description" in out:
            out["description"] = ""
        return out

    return normalize


def joined(sep: str, *keys: str) -> Callable[[dict[str, Any]], str | None]:
    """Terraform's id of a role's policy ("role:name") or attachment ("role/arn")."""

    def declared_id(a: dict[str, Any]) -> str | None:
        values = [a.get(k) for k in keys]
        return sep.join(str(v) for v in values) if all(isinstance(v, str) for v in values) else None

    return declared_id


# -- revert -----------------------------------------------------------------------------


def tagger(noun: str, key: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
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


def boundary(noun: str, key: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        arn = after.get("permissions_boundary")
        if not arn:
            return [ctx.call("iam", f"delete_{noun}_permissions_boundary", **{key: ctx.id})]
        op = f"put_{noun}_permissions_boundary"
        return [ctx.call("iam", op, **{key: ctx.id}, PermissionsBoundary=arn)]

    return calls


def optional(desired: Attrs, **pairs: str) -> dict[str, Any]:
    """API params for the attrs desired sets: param name -> attr name."""
    return {param: desired[attr] for param, attr in pairs.items() if desired.get(attr)}


def tags_param(desired: Attrs) -> dict[str, Any]:
    tags = desired.get("tags") or {}
    return {"Tags": tag_list(tags)} if tags else {}


def fresh(desired: Attrs) -> Attrs:
    return dict(desired)  # created with every compared attribute set


def named(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("name") or ctx.id)


def role_of(rid: str, attrs: Attrs) -> str:
    """The role a role policy or attachment belongs to (its revert unit)."""
    return str(attrs.get("role") or rid.split(":")[0].split("/")[0])


def owner_of(key: str) -> Callable[[str, Attrs], str]:
    """The user or group a policy or attachment belongs to (its revert unit)."""

    def unit_id(rid: str, attrs: Attrs) -> str:
        return str(attrs.get(key) or rid.split(":")[0].split("/")[0])

    return unit_id


def joined_id(sep: str, key: str, owner: str = "role") -> Callable[[Ctx, Attrs], str]:
    def new_id(ctx: Ctx, desired: Attrs) -> str:
        return f"{desired[owner]}{sep}{desired[key]}"

    return new_id
