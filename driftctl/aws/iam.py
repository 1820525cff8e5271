"""IAM: roles (with inline policies and attachments), customer-managed policies, users.

One paginated GetAccountAuthorizationDetails call carries every role with its inline
policies, attached policies and tags, every user, and every local policy with its
document, so the only per-resource calls left are the ones AWS forces (policy tags).
"""

from __future__ import annotations

from typing import Any

from driftctl.aws.policy import canonical_policy
from driftctl.aws.types import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    Join,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.declared.raw import RawResource
from driftctl.model import Ref, Resource

_FILTERS = {"Filter": ["Role", "User", "LocalManagedPolicy"]}


def _auth_details(result_key: str) -> ListCall:
    return ListCall("get_account_authorization_details", result_key, _FILTERS, page_size=1000)


def build_role(item: Item, details: Details, region: str) -> list[Resource]:
    name = item["RoleName"]
    listed = details.get("listed") or {}
    attrs = {
        "name": name,
        "path": item.get("Path", "/"),
        "description": listed.get("Description", ""),
        "max_session_duration": listed.get("MaxSessionDuration", 3600),
        "assume_role_policy": item.get("AssumeRolePolicyDocument"),
        "permissions_boundary": (item.get("PermissionsBoundary") or {}).get(
            "PermissionsBoundaryArn"
        ),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": item["Arn"],
    }
    out = [Resource("aws_iam_role", name, None, attrs)]
    for pol in item.get("RolePolicyList") or ():
        pattrs = {"role": name, "name": pol["PolicyName"], "policy": pol.get("PolicyDocument")}
        out.append(Resource("aws_iam_role_policy", f"{name}:{pol['PolicyName']}", None, pattrs))
    for att in item.get("AttachedManagedPolicies") or ():
        aattrs = {"role": name, "policy_arn": att["PolicyArn"]}
        out.append(
            Resource("aws_iam_role_policy_attachment", f"{name}/{att['PolicyArn']}", None, aattrs)
        )
    return out


def build_user(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {
        "name": item["UserName"],
        "path": item.get("Path", "/"),
        "permissions_boundary": (item.get("PermissionsBoundary") or {}).get(
            "PermissionsBoundaryArn"
        ),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": item["Arn"],
    }
    return [Resource("aws_iam_user", item["UserName"], None, attrs)]


def build_policy(item: Item, details: Details, region: str) -> list[Resource]:
    default = [v for v in item.get("PolicyVersionList") or () if v.get("IsDefaultVersion")]
    attrs = {
        # the name is the ARN's last segment (some emulators leave PolicyName out)
        "name": item.get("PolicyName") or item["Arn"].rsplit("/", 1)[-1],
        "path": item.get("Path", "/"),
        "description": item.get("Description", ""),
        "policy": default[0].get("Document") if default else None,
        "tags": tag_dict((details.get("tags") or {}).get("Tags")),
        **cfn_identity((details.get("tags") or {}).get("Tags")),
        "arn": item["Arn"],
    }
    return [Resource("aws_iam_policy", item["Arn"], None, attrs)]


SCANS = [
    ScanSpec(
        name="iam_roles",
        service="iam",
        global_service=True,
        listing=_auth_details("RoleDetailList"),
        joins=(
            Join("listed", ListCall("list_roles", "Roles", page_size=1000), "RoleName", "RoleName"),
        ),
        build=build_role,
    ),
    ScanSpec(
        name="iam_users",
        service="iam",
        global_service=True,
        listing=_auth_details("UserDetailList"),
        build=build_user,
    ),
    ScanSpec(
        name="iam_policies",
        service="iam",
        global_service=True,
        listing=_auth_details("Policies"),
        details=(DetailCall("tags", "list_policy_tags", lambda item: {"PolicyArn": item["Arn"]}),),
        build=build_policy,
    ),
]


# --- declared side ---------------------------------------------------------------------


def _keep(raw: RawResource, rtype: str, keys: frozenset[str]) -> Resource:
    attrs = {k: v for k, v in raw.attrs.items() if k in keys}
    return Resource(rtype, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)


_ROLE_KEYS = frozenset(
    {
        "name",
        "path",
        "description",
        "assume_role_policy",
        "max_session_duration",
        "permissions_boundary",
        "tags",
    }
)
_POLICY_KEYS = frozenset({"name", "path", "description", "policy", "tags"})
_USER_KEYS = frozenset({"name", "path", "permissions_boundary", "tags"})
# read for matching a name Terraform generated from it, never compared
_PREFIX = frozenset({"name_prefix"})
_GENERATED = ("name", "name_prefix")


def role_from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    role_name = a.get("name", Ref(raw.address, ("id",)))
    out = [_keep(raw, "aws_iam_role", _ROLE_KEYS | _PREFIX)]
    for block in a.get("inline_policy") or ():
        if block.get("name") is None and not block.get("name_prefix"):
            continue  # an empty inline_policy block means "no inline policies" in Terraform
        named = {k: block[k] for k in _GENERATED if block.get(k) is not None}
        attrs = {"role": role_name, **named, "policy": block.get("policy")}
        out.append(Resource("aws_iam_role_policy", None, raw.address, attrs, raw.source))
    arns = a.get("managed_policy_arns")
    for arn in arns if isinstance(arns, list) else ():
        attrs = {"role": role_name, "policy_arn": arn}
        out.append(Resource("aws_iam_role_policy_attachment", None, raw.address, attrs, raw.source))
    return out


def keep(rtype: str, keys: frozenset[str]) -> Any:
    return lambda raw: [_keep(raw, rtype, keys)]


def _norm_policy_attrs(*names: str) -> Any:
    def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
        out = dict(attrs)
        for name in names:
            if name in out:
                out[name] = canonical_policy(out[name])
        if out.get("description") is None and "description" in out:
            out["description"] = ""
        return out

    return normalize


def _joined(sep: str, *keys: str) -> Any:
    """Terraform's id of a role's policy ("role:name") or attachment ("role/arn")."""

    def declared_id(a: dict[str, Any]) -> str | None:
        values = [a.get(k) for k in keys]
        return sep.join(str(v) for v in values) if all(isinstance(v, str) for v in values) else None

    return declared_id


_ROLE_PARENT = ("aws_iam_role", "role")

TYPES = [
    ResourceType(
        name="aws_iam_role",
        scan="iam_roles",
        compared=_ROLE_KEYS,
        exact=frozenset({"tags", "assume_role_policy"}),
        natural_keys=(CFN_KEY, ("name",)),
        name_prefix=_GENERATED,
        declared_id=lambda a: a.get("name"),
        declared_defaults={"path": "/", "max_session_duration": 3600, "tags": {}},
        normalize=_norm_policy_attrs("assume_role_policy"),
        is_aws_default=lambda r: str(r.attrs.get("path", "")).startswith(
            ("/aws-service-role/", "/aws-reserved/")
        ),
        from_terraform={"aws_iam_role": role_from_tf},
        tags=True,
    ),
    ResourceType(
        name="aws_iam_role_policy",
        scan="iam_roles",
        compared=frozenset({"role", "name", "policy"}),
        exact=frozenset({"policy"}),
        natural_keys=(("role", "name"),),
        name_prefix=_GENERATED,
        declared_id=_joined(":", "role", "name"),
        normalize=_norm_policy_attrs("policy"),
        parent=_ROLE_PARENT,
        from_terraform={
            "aws_iam_role_policy": keep(
                "aws_iam_role_policy", frozenset({"role", "name", "policy"}) | _PREFIX
            )
        },
    ),
    ResourceType(
        name="aws_iam_role_policy_attachment",
        scan="iam_roles",
        compared=frozenset({"role", "policy_arn"}),
        natural_keys=(("role", "policy_arn"),),
        declared_id=_joined("/", "role", "policy_arn"),
        parent=_ROLE_PARENT,
        from_terraform={
            "aws_iam_role_policy_attachment": keep(
                "aws_iam_role_policy_attachment", frozenset({"role", "policy_arn"})
            )
        },
    ),
    ResourceType(
        name="aws_iam_policy",
        scan="iam_policies",
        compared=_POLICY_KEYS,
        exact=frozenset({"tags", "policy"}),
        natural_keys=(CFN_KEY, ("name",)),
        name_prefix=_GENERATED,
        declared_defaults={"path": "/", "tags": {}},
        normalize=_norm_policy_attrs("policy"),
        from_terraform={"aws_iam_policy": keep("aws_iam_policy", _POLICY_KEYS | _PREFIX)},
        tags=True,
    ),
    ResourceType(
        name="aws_iam_user",
        scan="iam_users",
        compared=_USER_KEYS,
        exact=frozenset({"tags"}),
        natural_keys=(CFN_KEY, ("name",)),
        declared_id=lambda a: a.get("name"),
        declared_defaults={"path": "/", "tags": {}},
        from_terraform={"aws_iam_user": keep("aws_iam_user", _USER_KEYS)},
        tags=True,
    ),
]
