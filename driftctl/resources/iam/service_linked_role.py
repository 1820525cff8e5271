"""aws_iam_service_linked_role: a role linked to an AWS service (`AWSServiceRoleFor…`,
under `/aws-service-role/<service>/`): its service, custom suffix, description and tags.

Live: read with every other role (GetAccountAuthorizationDetails joined with ListRoles,
role.py), nothing more: a role under `/aws-service-role/` is this type, not an
`aws_iam_role`. As Terraform reads it, the service is the path's second part and the
custom suffix the part of the name after its one `_` (none where the name has none or
several); Application Auto Scaling names its roles `…_<ResourceType>` itself, so its
suffix is not compared (Terraform suppresses it too).

Which ones are AWS's own: every undeclared one. A service creates its role the first
time it is used (an Auto Scaling group, an RDS instance, Organizations), and IAM keeps no
trace of whether a service or a person's CreateServiceLinkedRole made it; the service
owns its trust and permissions and refuses a delete while the role is in use. So an
undeclared service-linked role is never reported unmanaged (`--strict` reports them);
a declared one is compared like any resource: deleted, it is missing; its description
or tags changed, it has drifted. Its policies are the service's (IAM refuses to attach
or detach them): they are not read as attachments. A role a revert created again is
left by an undo (deleting it could break the service that now uses it). Revert: the description with
UpdateRole, tags with TagRole/UntagRole, a deleted one created again with
CreateServiceLinkedRole; the service and suffix cannot change ("replace needed").
CloudFormation's AWS::IAM::ServiceLinkedRole and Crossplane's ServiceLinkedRole declare
it; ACK's IAM controller has no kind for it.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Item, ResourceType, cfn_identity, tag_dict
from driftctl.core.model import Resource
from driftctl.resources.iam.common import iam_tagger, tags_param

TYPE = "aws_iam_service_linked_role"
PATH = "/aws-service-role/"
COMPARED = frozenset({"aws_service_name", "custom_suffix", "description", "tags"})
# Application Auto Scaling's role names carry the resource type after `_` themselves
_SUFFIXED_BY_AWS = ".application-autoscaling."


def linked(item: Item) -> bool:
    """Whether a role listed by the roles' scan is a service-linked role."""
    return str(item.get("Path", "")).startswith(PATH)


def live(item: Item, listed: dict[str, Any]) -> Resource:
    """One role of GetAccountAuthorizationDetails under /aws-service-role/."""
    name = str(item["RoleName"])
    parts = name.split("_")
    attrs = {
        "aws_service_name": str(item.get("Path", "")).split("/")[2],
        "custom_suffix": parts[1] if len(parts) == 2 else "",
        "description": listed.get("Description", item.get("Description")) or "",
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "name": name,
        "path": item.get("Path"),
        "arn": item["Arn"],
    }
    return Resource(TYPE, name, None, attrs)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    if _SUFFIXED_BY_AWS in str(attrs.get("aws_service_name", "")) and "custom_suffix" in attrs:
        return {**attrs, "custom_suffix": ""}
    return attrs


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "aws_service_name": p.get("AWSServiceName"),
        "custom_suffix": p.get("CustomSuffix"),
        "description": p.get("Description"),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "AWSServiceName": a.get("aws_service_name"),
        "CustomSuffix": a.get("custom_suffix") or None,
        "Description": a.get("description") or None,
    }


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """Upjet's external name is the role's ARN once AWS made it: its last part is our id."""
    return external.rsplit("/", 1)[-1] if external and external.startswith("arn:") else None


# --- revert ---------------------------------------------------------------------------------


def _describe(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    description = after.get("description") or ""
    return [ctx.call("iam", "update_role", RoleName=ctx.id, Description=description)]


def _pending(ctx: Ctx) -> Pending:
    return Pending(f"{ctx.label}.name")


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"AWSServiceName": desired["aws_service_name"]}
    if desired.get("custom_suffix"):
        params["CustomSuffix"] = desired["custom_suffix"]
    if desired.get("description"):
        params["Description"] = desired["description"]
    outputs = {_pending(ctx).name: "Role.RoleName"}
    calls = [ctx.producing(outputs, "iam", "create_service_linked_role", **params)]
    if desired.get("tags"):
        calls.append(ctx.call("iam", "tag_role", RoleName=_pending(ctx), **tags_param(desired)))
    return calls


def _new_name(ctx: Ctx, desired: Attrs) -> Pending:
    return _pending(ctx)


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("iam", "delete_service_linked_role", RoleName=ctx.id)]


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("CreateServiceLinkedRole",),
    change=("UpdateRole", "UpdateRoleDescription", "TagRole", "UntagRole"),
    delete=("DeleteServiceLinkedRole",),
    ids=("requestParameters.roleName", "responseElements.role.roleName"),
    touches={
        "UpdateRole": frozenset({"description"}),
        "UpdateRoleDescription": frozenset({"description"}),
        "TagRole": frozenset({"tags"}),
        "UntagRole": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="iam_roles",
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(("aws_service_name", "custom_suffix"),),
            declared_defaults={"custom_suffix": "", "tags": {}},
            normalize=_normalize,
            # every undeclared one: a service made it, or IAM cannot say who did (docstring)
            is_aws_default=lambda r: True,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "name", "path"}),
            id_doc="role name (`AWSServiceRoleFor…`)",
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("description",), _describe),
                Updater(("tags",), iam_tagger("role", "RoleName")),
            ),
            fixed={"aws_service_name": REPLACE, "custom_suffix": REPLACE},
            create=Create(_create, dict, _new_name, ("aws_service_name",)),
            delete=Delete(_delete),
        ),
    ),
    cfn=(
        CfnType(
            "AWS::IAM::ServiceLinkedRole",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            properties={TYPE: {"description": ("scalar", ("Description",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "ServiceLinkedRole",
            TYPE,
            regional=False,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
            },
        ),
    ),
)
