"""aws_iam_group: a group: its name and path; read with its attached policies
(group_policy_attachment.py), which CloudFormation and ACK may declare inline.

Live: GetAccountAuthorizationDetails pages (shared with roles, users and policies),
nothing per group. IAM groups have no tags and no description. A group's inline
policies (group_policy.py) are read with it too. A group that
has members or inline policies is never deleted by a revert (remove them by hand).
A changed path is tested on boto3-seeded moto: moto's UpdateGroup changes a path only
together with a new name, so the real-Terraform stack changes attachments instead.
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
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ResourceType, ScanSpec
from driftctl.core.model import Ref, Resource
from driftctl.resources.iam import group_policy, group_policy_attachment
from driftctl.resources.iam.common import DELETE, MOVE, auth_details, fresh, named

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_iam_group"
COMPARED = frozenset({"name", "path"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    name = item["GroupName"]
    attrs = {"name": name, "path": item.get("Path", "/"), "arn": item["Arn"]}
    attached = item.get("AttachedManagedPolicies") or ()
    return [
        Resource(TYPE, name, None, attrs),
        *(group_policy_attachment.live(name, a) for a in attached),
        *(group_policy.live(name, p) for p in item.get("GroupPolicyList") or ()),
    ]


SCAN = ScanSpec(
    name="iam_groups",
    service="iam",
    global_service=True,
    listing=auth_details("GroupDetailList"),
    build=build,
)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    d.emit(TYPE, {"name": p.get("GroupName"), "path": p.get("Path")})
    for arn in p.get("ManagedPolicyArns") or ():
        attachment = {"group": Ref(d.logical, ("id",)), "policy_arn": arn}
        d.emit(group_policy_attachment.TYPE, attachment, owner=TYPE)
    for block in p.get("Policies") or ():
        if isinstance(block, dict):
            inline = {"name": block.get("PolicyName"), "policy": block.get("PolicyDocument")}
            d.emit(group_policy.TYPE, {"group": Ref(d.logical, ("id",)), **inline}, TYPE)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"GroupName": a.get("name"), "Path": a.get("path")}


# The external name is the group's name, and its id.
_xp_external_name = xp_same_name("name", overwrite=True, annotated_only=True)


def _ack(c: AckContext) -> list[RawResource]:
    out = [c.raw(TYPE, {"name": c.name(), "path": c.spec.get("path")}, c.name())]
    for arn in c.policy_arns():
        attachment = {"group": c.name(), "policy_arn": arn}
        out.append(c.raw(group_policy_attachment.TYPE, attachment, owner=TYPE))
    for block in c.inline_policies():
        out.append(c.raw(group_policy.TYPE, {"group": c.name(), **block}, owner=TYPE))
    return out


# --- revert ---------------------------------------------------------------------------------


def _path(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [ctx.call("iam", "update_group", GroupName=ctx.id, NewPath=after.get("path") or "/")]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"GroupName": desired["name"], "Path": desired.get("path") or "/"}
    return [ctx.call("iam", "create_group", **params)]


def _holds(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """it has members or inline policies"""
    members = (ctx.facts.get("group") or {}).get("Users") or []
    inline = (ctx.facts.get("inline_policies") or {}).get("PolicyNames") or []
    held = [what for what, there in (("members", members), ("inline policies", inline)) if there]
    if held:
        return (
            f"cannot delete group {ctx.id}: it has {' and '.join(held)}; driftctl never "
            "removes permissions it cannot restore (remove them by hand)"
        )
    return None


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    out = [
        ctx.call("iam", "detach_group_policy", GroupName=ctx.id, PolicyArn=c.attrs["policy_arn"])
        for c in sorted(children, key=lambda r: str(r.id))
        if c.type == group_policy_attachment.TYPE
    ]
    return [*out, ctx.call("iam", "delete_group", GroupName=ctx.id)]


def _fact(name: str, operation: str) -> Fact:
    return Fact(name, "iam", operation, lambda ctx, live: {"GroupName": ctx.id}, DELETE)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One group with its attached and inline policies, read by name."""
    by_group, region = {"GroupName": unit.id}, unit.region
    group = reader.call("iam", region, "get_group", by_group, gone=reader.NO_ENTITY)["Group"]
    attached = reader.pages(
        "iam", region, "list_attached_group_policies", by_group, "AttachedPolicies"
    )
    names = reader.pages("iam", region, "list_group_policies", by_group, "PolicyNames")
    inline = [
        {
            "PolicyName": policy,
            "PolicyDocument": reader.call(
                "iam", region, "get_group_policy", {**by_group, "PolicyName": policy}
            )["PolicyDocument"],
        }
        for policy in sorted(names)
    ]
    item = {**group, "AttachedManagedPolicies": attached, "GroupPolicyList": inline}
    return build(item, {}, region)


EMITS = (TYPE, group_policy_attachment.TYPE, group_policy.TYPE)

EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("CreateGroup",),
    change=("UpdateGroup",),
    delete=("DeleteGroup",),
    ids=("requestParameters.groupName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("name",),),
            declared_id=lambda a: a.get("name"),
            declared_defaults={"path": "/"},
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"arn"}),
            id_doc="group name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("path",), _path),),
            fixed={"name": MOVE},
            create=Create(_create, fresh, named, ("name",)),
            delete=Delete(_delete, _holds),
            facts=(_fact("group", "get_group"), _fact("inline_policies", "list_group_policies")),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::IAM::Group",
            _cfn,
            emits=EMITS,
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
            "Group",
            TYPE,
            regional=False,
            external_name=_xp_external_name,
            fields={"path": ("scalar", ("path",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "iam",
            "Group",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"path": ("scalar", ("path",))}},
        ),
    ),
)
