"""Reverting EC2 networking: VPCs, subnets and security groups with their rules.

Security-group rules are reverted one rule at a time, in the canonical one-source shape:
a rule added out of band is revoked (exactly that rule), a removed one authorized again,
one whose description alone changed gets its description back.
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.model import Resource
from driftctl.revert.calls import Attrs, Call, Ctx, Pending
from driftctl.revert.spec import (
    CannotRevert,
    Create,
    Delete,
    RevertSpec,
    Updater,
    as_bool,
    tag_delta,
    tag_list,
)

# canonical rule source key -> (IpPermission list, its value key)
SOURCES = {
    "cidr_blocks": ("IpRanges", "CidrIp"),
    "ipv6_cidr_blocks": ("Ipv6Ranges", "CidrIpv6"),
    "prefix_list_ids": ("PrefixListIds", "PrefixListId"),
    "security_groups": ("UserIdGroupPairs", "GroupId"),
}
# the rule AWS gives every new group
ALLOW_ALL_EGRESS = {"protocol": "-1", "from_port": 0, "to_port": 0, "cidr_blocks": ["0.0.0.0/0"]}


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    calls = []
    if to_set:
        calls.append(ctx.call("ec2", "create_tags", Resources=[ctx.id], Tags=tag_list(to_set)))
    if to_remove:
        tags = [{"Key": k} for k in to_remove]
        calls.append(ctx.call("ec2", "delete_tags", Resources=[ctx.id], Tags=tags))
    return calls


def _tag_spec(kind: str, desired: Attrs) -> dict[str, Any]:
    tags = desired.get("tags") or {}
    return {"TagSpecifications": [{"ResourceType": kind, "Tags": tag_list(tags)}]} if tags else {}


def _pending(ctx: Ctx) -> Pending:
    return Pending(f"{ctx.label}.id")


def _new_id(ctx: Ctx, desired: Attrs) -> Pending:
    return _pending(ctx)


# -- VPC ------------------------------------------------------------------------------


def _vpc_attr(name: str, attr: str) -> Any:
    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        value = {"Value": as_bool(after[attr])}
        return [ctx.call("ec2", "modify_vpc_attribute", VpcId=ctx.id, **{name: value})]

    return calls


def _tenancy(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    if after.get("instance_tenancy") != "default":
        raise CannotRevert("a VPC's tenancy can only be changed to default")
    return [ctx.call("ec2", "modify_vpc_tenancy", VpcId=ctx.id, InstanceTenancy="default")]


def _create_vpc(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "CidrBlock": desired["cidr_block"],
        "InstanceTenancy": desired.get("instance_tenancy") or "default",
        **_tag_spec("vpc", desired),
    }
    return [ctx.producing({_pending(ctx).name: "Vpc.VpcId"}, "ec2", "create_vpc", **params)]


def _fresh_vpc(desired: Attrs) -> Attrs:
    return {**desired, "enable_dns_support": True, "enable_dns_hostnames": False}


# -- subnet ---------------------------------------------------------------------------


def _map_public_ip(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    value = {"Value": as_bool(after["map_public_ip_on_launch"])}
    return [ctx.call("ec2", "modify_subnet_attribute", SubnetId=ctx.id, MapPublicIpOnLaunch=value)]


def _create_subnet(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"VpcId": desired["vpc_id"], "CidrBlock": desired["cidr_block"]}
    if desired.get("availability_zone"):
        params["AvailabilityZone"] = desired["availability_zone"]
    params.update(_tag_spec("subnet", desired))
    return [
        ctx.producing({_pending(ctx).name: "Subnet.SubnetId"}, "ec2", "create_subnet", **params)
    ]


def _fresh_subnet(desired: Attrs) -> Attrs:
    return {**desired, "map_public_ip_on_launch": False}


# -- security group -------------------------------------------------------------------


def ip_permission(rule: dict[str, Any], group: str | Pending) -> Any:
    """One canonical rule (one source) as AWS's IpPermission."""
    perm: dict[str, Any] = {"IpProtocol": str(rule.get("protocol", "-1"))}
    if perm["IpProtocol"] != "-1":
        perm["FromPort"] = int(rule.get("from_port", 0))
        perm["ToPort"] = int(rule.get("to_port", 0))
    extra = {"Description": rule["description"]} if rule.get("description") else {}
    for key, (aws_list, aws_key) in SOURCES.items():
        for value in rule.get(key) or ():
            perm[aws_list] = [{aws_key: value, **extra}]
    if rule.get("self") is True:
        perm["UserIdGroupPairs"] = [{"GroupId": group, **extra}]
    return perm


def _rule_key(rule: dict[str, Any], with_description: bool = True) -> str:
    body = {k: v for k, v in rule.items() if with_description or k != "description"}
    return json.dumps(body, sort_keys=True)


def _rules(direction: str) -> Any:
    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        old = {_rule_key(r): r for r in before.get(direction) or ()}
        new = {_rule_key(r): r for r in after.get(direction) or ()}
        removed = [old[k] for k in sorted(old) if k not in new]
        added = {_rule_key(new[k], False): new[k] for k in sorted(new) if k not in old}
        out: list[Call] = []
        relabel: list[dict[str, Any]] = []
        for rule in removed:
            twin = added.pop(_rule_key(rule, False), None)
            if twin is not None:  # only the description differs (omitted: removed)
                relabel.append(twin)
                continue
            # the rule exactly as it is, description included (matched whole, as it exists)
            out.append(_rule_call(ctx, "revoke", direction, ip_permission(rule, ctx.id)))
        for rule in added.values():
            out.append(_rule_call(ctx, "authorize", direction, ip_permission(rule, ctx.id)))
        for rule in relabel:
            op = f"update_security_group_rule_descriptions_{direction}"
            perms = [ip_permission(rule, ctx.id)]
            out.append(ctx.call("ec2", op, GroupId=ctx.id, IpPermissions=perms))
        return out

    return calls


def _rule_call(ctx: Ctx, verb: str, direction: str, perm: Any) -> Call:
    op = f"{verb}_security_group_{direction}"
    return ctx.call("ec2", op, GroupId=ctx.id, IpPermissions=[perm])


def _create_group(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "GroupName": desired["name"],
        "Description": desired.get("description") or "Managed by Terraform",
        "VpcId": desired["vpc_id"],
        **_tag_spec("security-group", desired),
    }
    return [
        ctx.producing({_pending(ctx).name: "GroupId"}, "ec2", "create_security_group", **params)
    ]


def _fresh_group(desired: Attrs) -> Attrs:
    return {**desired, "ingress": [], "egress": [ALLOW_ALL_EGRESS]}


def _delete(operation: str, key: str) -> Any:
    def calls(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
        return [ctx.call("ec2", operation, **{key: ctx.id})]

    return calls


_RECREATE = "AWS cannot change it in place (re-create the resource by hand)"
_TAGS = Updater(("tags",), _tags)

REVERTS = [
    RevertSpec(
        type="aws_vpc",
        updaters=(
            Updater(("enable_dns_support",), _vpc_attr("EnableDnsSupport", "enable_dns_support")),
            Updater(
                ("enable_dns_hostnames",), _vpc_attr("EnableDnsHostnames", "enable_dns_hostnames")
            ),
            Updater(("instance_tenancy",), _tenancy),
            _TAGS,
        ),
        fixed={"cidr_block": _RECREATE},
        create=Create(_create_vpc, _fresh_vpc, _new_id, ("cidr_block",)),
        delete=Delete(_delete("delete_vpc", "VpcId")),
    ),
    RevertSpec(
        type="aws_subnet",
        updaters=(Updater(("map_public_ip_on_launch",), _map_public_ip), _TAGS),
        fixed={"vpc_id": _RECREATE, "cidr_block": _RECREATE, "availability_zone": _RECREATE},
        create=Create(_create_subnet, _fresh_subnet, _new_id, ("vpc_id", "cidr_block")),
        delete=Delete(_delete("delete_subnet", "SubnetId")),
    ),
    RevertSpec(
        type="aws_security_group",
        updaters=(
            Updater(("ingress",), _rules("ingress")),
            Updater(("egress",), _rules("egress")),
            _TAGS,
        ),
        fixed={"name": _RECREATE, "description": _RECREATE, "vpc_id": _RECREATE},
        create=Create(_create_group, _fresh_group, _new_id, ("name", "vpc_id")),
        delete=Delete(_delete("delete_security_group", "GroupId")),
    ),
]
