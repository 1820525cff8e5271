"""aws_iam_role: a role, its trust policy, path, description, session length, boundary
and tags; read with its inline policies and attached policies (role_policy.py,
role_policy_attachment.py), which it may also declare inline.

Live: GetAccountAuthorizationDetails pages (shared with users and policies) joined with
ListRoles pages (description and maximum session duration), nothing per role.
A role under `/aws-service-role/` is read as an aws_iam_service_linked_role
(service_linked_role.py); `/aws-reserved/` roles (IAM Identity Center's) are AWS's own,
never unmanaged. A role in an instance profile is never deleted by a revert. A role
deleted out of band is missing with its inline and attached policies, as Terraform's
refresh says (checked against real Terraform in tests/tf/test_patterns.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater, document
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    Join,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_attrs,
    tag_dict,
)
from driftctl.core.model import Ref, Resource
from driftctl.resources.iam import role_policy, role_policy_attachment, service_linked_role
from driftctl.resources.iam.common import (
    DELETE,
    GENERATED,
    MOVE,
    PREFIX,
    auth_details,
    boundary,
    boundary_arn,
    fresh,
    iam_tagger,
    named,
    normalize_documents,
    optional,
    tags_param,
)

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_iam_role"
COMPARED = frozenset(
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


def build(item: Item, details: Details, region: str) -> list[Resource]:
    name = item["RoleName"]
    listed = details.get("listed") or {}
    if service_linked_role.linked(item):
        return [service_linked_role.live(item, listed)]
    attrs = {
        "name": name,
        "path": item.get("Path", "/"),
        "description": listed.get("Description", ""),
        "max_session_duration": listed.get("MaxSessionDuration", 3600),
        "assume_role_policy": item.get("AssumeRolePolicyDocument"),
        "permissions_boundary": boundary_arn(item),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": item["Arn"],
    }
    return [
        Resource(TYPE, name, None, attrs),
        *(role_policy.live(name, p) for p in item.get("RolePolicyList") or ()),
        *(role_policy_attachment.live(name, a) for a in item.get("AttachedManagedPolicies") or ()),
    ]


SCAN = ScanSpec(
    name="iam_roles",
    service="iam",
    global_service=True,
    listing=auth_details("RoleDetailList"),
    joins=(
        Join("listed", ListCall("list_roles", "Roles", page_size=1000), "RoleName", "RoleName"),
    ),
    build=build,
)


# --- Terraform: inline_policy blocks and managed_policy_arns become their own types ------


def _from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    role_name = a.get("name", Ref(raw.address, ("id",)))
    own = {k: v for k, v in a.items() if k in COMPARED | PREFIX}
    out = [Resource(TYPE, raw.import_id, raw.address, own, raw.source, provenance=raw.provenance)]
    for block in a.get("inline_policy") or ():
        if block.get("name") is None and not block.get("name_prefix"):
            continue  # an empty inline_policy block means "no inline policies" in Terraform
        names = {k: block[k] for k in GENERATED if block.get(k) is not None}
        attrs = {"role": role_name, **names, "policy": block.get("policy")}
        out.append(Resource(role_policy.TYPE, None, raw.address, attrs, raw.source))
    arns = a.get("managed_policy_arns")
    for arn in arns if isinstance(arns, list) else ():
        attrs = {"role": role_name, "policy_arn": arn}
        out.append(Resource(role_policy_attachment.TYPE, None, raw.address, attrs, raw.source))
    return out


def _state_drop(attrs: dict[str, Any], has: Callable[[str, tuple[str, ...]], bool]) -> None:
    """State lists the role's separate policies and attachments in its computed
    inline_policy and managed_policy_arns too."""
    role = str(attrs.get("name"))
    attrs["inline_policy"] = [
        b
        for b in attrs.get("inline_policy") or ()
        if isinstance(b, dict)
        and b.get("name")
        and not has(role_policy.TYPE, (role, str(b["name"])))
    ]
    attrs["managed_policy_arns"] = [
        arn
        for arn in attrs.get("managed_policy_arns") or ()
        if not has(role_policy_attachment.TYPE, (role, str(arn)))
    ]


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _inline_policies(value: Any) -> list[dict[str, Any]]:
    return [
        {"name": p.get("PolicyName"), "policy": p.get("PolicyDocument")}
        for p in value or ()
        if isinstance(p, dict)
    ]


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("RoleName"),
        "assume_role_policy": p.get("AssumeRolePolicyDocument"),
        "description": p.get("Description"),
        "max_session_duration": p.get("MaxSessionDuration"),
        "path": p.get("Path"),
        "permissions_boundary": p.get("PermissionsBoundary"),
        "tags": d.tags(),
        "inline_policy": _inline_policies(p.get("Policies")),
        "managed_policy_arns": p.get("ManagedPolicyArns"),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "RoleName": a.get("name"),
        "Path": a.get("path"),
        "Description": a.get("description") or None,
        "AssumeRolePolicyDocument": a.get("assume_role_policy"),
        "MaxSessionDuration": a.get("max_session_duration"),
        "Tags": cfn_tags(a),
    }


# The external name is the role's name, and its id.
_xp_external_name = xp_same_name("name", overwrite=True, annotated_only=True)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "assume_role_policy": s.get("assumeRolePolicyDocument"),
        "description": s.get("description"),
        "max_session_duration": s.get("maxSessionDuration"),
        "path": s.get("path"),
        "permissions_boundary": c.ref(
            s.get("permissionsBoundary"), s.get("permissionsBoundaryRef"), "Policy", ("arn",)
        ),
        "tags": c.tags(s.get("tags")),
        "inline_policy": c.inline_policies(),
        "managed_policy_arns": c.policy_arns(),
    }
    return [c.raw(TYPE, attrs, c.name())]


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Description": after.get("description") or ""}
    if after.get("max_session_duration") is not None:
        params["MaxSessionDuration"] = int(after["max_session_duration"])
    return [ctx.call("iam", "update_role", RoleName=ctx.id, **params)]


def _trust(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    doc = document(after["assume_role_policy"])
    return [ctx.call("iam", "update_assume_role_policy", RoleName=ctx.id, PolicyDocument=doc)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "RoleName": desired["name"],
        "Path": desired.get("path") or "/",
        "AssumeRolePolicyDocument": document(desired["assume_role_policy"]),
        **optional(desired, Description="description", PermissionsBoundary="permissions_boundary"),
        **tags_param(desired),
    }
    if desired.get("max_session_duration") is not None:
        params["MaxSessionDuration"] = int(desired["max_session_duration"])
    return [ctx.call("iam", "create_role", **params)]


def _in_profiles(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """it is in an instance profile"""
    profiles = (ctx.facts.get("instance_profiles") or {}).get("InstanceProfiles") or []
    if profiles:
        names = ", ".join(sorted(p["InstanceProfileName"] for p in profiles))
        return f"cannot delete role {ctx.id}: it is in instance profile {names}"
    return None


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    out = []
    for child in sorted(children, key=lambda r: (r.type, str(r.id))):
        if child.type == role_policy.TYPE:
            name = child.attrs["name"]
            out.append(ctx.call("iam", "delete_role_policy", RoleName=ctx.id, PolicyName=name))
        elif child.type == role_policy_attachment.TYPE:
            arn = child.attrs["policy_arn"]
            out.append(ctx.call("iam", "detach_role_policy", RoleName=ctx.id, PolicyArn=arn))
    out.append(ctx.call("iam", "delete_role", RoleName=ctx.id))
    return out


# what GetRole alone gives of a role (the watch's read of an event that touches only these)
_GET_ROLE = frozenset({"tags", "description", "max_session_duration", "permissions_boundary"})


def _read_attrs(reader: Reader, unit: Unit, touched: frozenset[str]) -> dict[str, Any] | None:
    if not touched <= _GET_ROLE:
        return None
    params = {"RoleName": unit.id}
    role = reader.call("iam", unit.region, "get_role", params, gone=reader.NO_ENTITY)["Role"]
    return {
        **tag_attrs(role.get("Tags")),
        "description": role.get("Description", ""),
        "max_session_duration": role.get("MaxSessionDuration", 3600),
        "permissions_boundary": boundary_arn(role),
    }


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One role with its inline and attached policies, read by name."""
    name, region = unit.id, unit.region
    role = reader.call("iam", region, "get_role", {"RoleName": name}, gone=reader.NO_ENTITY)["Role"]
    by_role = {"RoleName": name}
    names = reader.pages("iam", region, "list_role_policies", by_role, "PolicyNames")
    inline = [
        {
            "PolicyName": policy,
            "PolicyDocument": reader.call(
                "iam", region, "get_role_policy", {**by_role, "PolicyName": policy}
            )["PolicyDocument"],
        }
        for policy in sorted(names)
    ]
    item = {
        **role,
        "Tags": reader.pages("iam", region, "list_role_tags", by_role, "Tags"),
        "RolePolicyList": inline,
        "AttachedManagedPolicies": reader.pages(
            "iam", region, "list_attached_role_policies", by_role, "AttachedPolicies"
        ),
    }
    return build(item, {"listed": role}, region)


# a role declares its inline policies and attached policies too
EMITS = (TYPE, role_policy.TYPE, role_policy_attachment.TYPE)

EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("CreateRole",),
    change=(
        "UpdateRole",
        "UpdateRoleDescription",
        "UpdateAssumeRolePolicy",
        "PutRolePermissionsBoundary",
        "DeleteRolePermissionsBoundary",
        "TagRole",
        "UntagRole",
    ),
    delete=("DeleteRole",),
    ids=("requestParameters.roleName",),
    touches={
        "UpdateRole": frozenset({"description", "max_session_duration"}),
        "UpdateRoleDescription": frozenset({"description"}),
        "UpdateAssumeRolePolicy": frozenset({"assume_role_policy"}),
        "PutRolePermissionsBoundary": frozenset({"permissions_boundary"}),
        "DeleteRolePermissionsBoundary": frozenset({"permissions_boundary"}),
        "TagRole": frozenset({"tags"}),
        "UntagRole": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "assume_role_policy"}),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=GENERATED,
            declared_id=lambda a: a.get("name"),
            declared_defaults={"path": "/", "max_session_duration": 3600, "tags": {}},
            normalize=normalize_documents("assume_role_policy"),
            is_aws_default=lambda r: str(r.attrs.get("path", "")).startswith(
                ("/aws-service-role/", "/aws-reserved/")
            ),
            from_terraform={TYPE: _from_tf},
            tags=True,
            documents=frozenset({"assume_role_policy"}),
            computed=frozenset({"arn", "name"}),
            id_doc="role name",
            after=("aws_iam_policy",),
            state_id=True,
            state_drop=_state_drop,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("description", "max_session_duration"), _update),
                Updater(("assume_role_policy",), _trust),
                Updater(("permissions_boundary",), boundary("role", "RoleName")),
                Updater(("tags",), iam_tagger("role", "RoleName")),
            ),
            fixed={"name": MOVE, "path": MOVE},
            create=Create(_create, fresh, named, ("name", "assume_role_policy")),
            delete=Delete(_delete, _in_profiles),
            facts=(
                Fact(
                    "instance_profiles",
                    "iam",
                    "list_instance_profiles_for_role",
                    lambda ctx, live: {"RoleName": ctx.id},
                    DELETE,
                ),
            ),
        ),
    ),
    readers={SCAN.name: _read},
    attr_readers={SCAN.name: _read_attrs},
    cfn=(
        CfnType(
            "AWS::IAM::Role",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "assume_role_policy": ("document", ("AssumeRolePolicyDocument",)),
                    "description": ("scalar", ("Description",)),
                    "max_session_duration": ("scalar", ("MaxSessionDuration",)),
                    "path": ("scalar", ("Path",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "Role",
            TYPE,
            regional=False,
            external_name=_xp_external_name,
            refs={"permissionsBoundary": ("Policy", ("arn",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
                "max_session_duration": ("scalar", ("maxSessionDuration",)),
                "path": ("scalar", ("path",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "iam",
            "Role",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "description": ("scalar", ("description",)),
                    "max_session_duration": ("scalar", ("maxSessionDuration",)),
                    "path": ("scalar", ("path",)),
                }
            },
        ),
    ),
)
