"""aws_iam_instance_profile: an instance profile: its name, path and role.

Live: ListInstanceProfiles pages (1,000 a page), nothing per profile. Not read from
GetAccountAuthorizationDetails: it lists a profile only under the role in it, so a profile
without a role would never be seen. Tags are not compared: IAM's listing calls leave them
out, and reading them would cost a call per profile. Profiles under `/aws-service-role/`
and `/aws-reserved/` are AWS's own, never unmanaged. IAM cannot rename a profile or move
it to another path: a changed name or path is replaced by a human.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import keep, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource
from driftctl.resources.iam.common import GENERATED, MOVE, PREFIX, fresh, named

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_iam_instance_profile"
COMPARED = frozenset({"name", "path", "role"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    roles = item.get("Roles") or ()
    attrs = {
        "name": item["InstanceProfileName"],
        "path": item.get("Path", "/"),
        "role": roles[0]["RoleName"] if roles else None,
        "arn": item["Arn"],
    }
    return [Resource(TYPE, item["InstanceProfileName"], None, attrs)]


SCAN = ScanSpec(
    name="iam_instance_profiles",
    service="iam",
    global_service=True,
    listing=ListCall("list_instance_profiles", "InstanceProfiles", page_size=1000),
    build=build,
)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    roles = p.get("Roles")
    role = roles[0] if isinstance(roles, list) and roles else None
    attrs = {"name": p.get("InstanceProfileName"), "path": p.get("Path"), "role": role}
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "InstanceProfileName": a.get("name"),
        "Path": a.get("path"),
        "Roles": [a["role"]] if a.get("role") else [],
    }


# The external name is the profile's name, and its id.
_xp_external_name = xp_same_name("name", overwrite=True, annotated_only=True)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "path": s.get("path"),
        "role": c.ref(s.get("role"), s.get("roleRef"), "Role", ("name",)),
    }
    return [c.raw(TYPE, attrs, c.name())]


# --- revert ---------------------------------------------------------------------------------


def _role_calls(ctx: Ctx, name: str, before: Attrs, after: Attrs) -> list[Call]:
    out = []
    if before.get("role"):
        out.append(
            ctx.call(
                "iam",
                "remove_role_from_instance_profile",
                InstanceProfileName=name,
                RoleName=before["role"],
            )
        )
    if after.get("role"):
        out.append(
            ctx.call(
                "iam",
                "add_role_to_instance_profile",
                InstanceProfileName=name,
                RoleName=after["role"],
            )
        )
    return out


def _role(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return _role_calls(ctx, str(ctx.id), before, after)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    name = str(desired["name"])
    params = {"InstanceProfileName": name, "Path": desired.get("path") or "/"}
    return [
        ctx.call("iam", "create_instance_profile", **params),
        *_role_calls(ctx, name, {}, desired),
    ]


def _created(desired: Attrs) -> Attrs:
    return fresh(desired)  # created with its role


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        *_role_calls(ctx, str(ctx.id), live, {}),
        ctx.call("iam", "delete_instance_profile", InstanceProfileName=ctx.id),
    ]


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One instance profile with its role, read by name."""
    params = {"InstanceProfileName": unit.id}
    found = reader.call("iam", unit.region, "get_instance_profile", params, gone=reader.NO_ENTITY)
    return build(found["InstanceProfile"], {}, unit.region)


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("CreateInstanceProfile",),
    change=(
        "AddRoleToInstanceProfile",
        "RemoveRoleFromInstanceProfile",
    ),
    delete=("DeleteInstanceProfile",),
    ids=("requestParameters.instanceProfileName",),
    touches={
        "AddRoleToInstanceProfile": frozenset({"role"}),
        "RemoveRoleFromInstanceProfile": frozenset({"role"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("name",),),
            name_prefix=GENERATED,
            declared_id=lambda a: a.get("name"),
            declared_defaults={"path": "/"},
            is_aws_default=lambda r: str(r.attrs.get("path", "")).startswith(
                ("/aws-service-role/", "/aws-reserved/")
            ),
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            computed=frozenset({"arn", "name"}),
            id_doc="instance profile name",
            after=("aws_iam_role",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("role",), _role),),
            fixed={"name": MOVE, "path": MOVE},
            create=Create(_create, _created, named, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::IAM::InstanceProfile",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
            properties={TYPE: {"path": ("scalar", ("Path",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "InstanceProfile",
            TYPE,
            regional=False,
            external_name=_xp_external_name,
            refs={"role": ("Role", ("id",))},
            fields={"path": ("scalar", ("path",)), "role": ("scalar", ("role",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "iam",
            "InstanceProfile",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"path": ("scalar", ("path",)), "role": ("scalar", ("role",))}},
        ),
    ),
)
