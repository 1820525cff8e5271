"""aws_network_acl: a VPC's network ACL: its ingress and egress rules, subnets and tags.

Live: DescribeNetworkAcls pages (1,000 a call), nothing per ACL. Each VPC's default
network ACL is AWS's own, never unmanaged, and the catch-all deny rule (number 32767)
AWS puts in every ACL is never drift. Rules left undeclared are not compared (Terraform
then manages them as separate `aws_network_acl_rule`s). Protocols compare by number
("tcp" is "6"), and ICMP type and code default to 0. Rules are reverted one rule number
at a time; a subnet is moved between ACLs by hand (that needs the association id of the
ACL it is in now).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, new_id, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.ec2.common import TAGS, arn, by_id, deleter, tag_spec

TYPE = "aws_network_acl"
COMPARED = frozenset({"vpc_id", "subnet_ids", "ingress", "egress", "tags"})
CATCH_ALL = 32767
_PROTOCOLS = {"all": "-1", "tcp": "6", "udp": "17", "icmp": "1", "icmpv6": "58"}
_INTS = ("rule_no", "from_port", "to_port", "icmp_type", "icmp_code")


def _live_rule(entry: Item) -> dict[str, Any]:
    ports = entry.get("PortRange") or {}
    icmp = entry.get("IcmpTypeCode") or {}
    return {
        "rule_no": entry["RuleNumber"],
        "action": entry.get("RuleAction", ""),
        "protocol": entry.get("Protocol", "-1"),
        "cidr_block": entry.get("CidrBlock") or "",
        "ipv6_cidr_block": entry.get("Ipv6CidrBlock") or "",
        "from_port": ports.get("From", 0),
        "to_port": ports.get("To", 0),
        "icmp_type": icmp.get("Type", 0),
        "icmp_code": icmp.get("Code", 0),
    }


def build(item: Item, details: Details, region: str) -> list[Resource]:
    entries = [e for e in item.get("Entries") or () if e.get("RuleNumber") != CATCH_ALL]
    attrs = {
        "vpc_id": item["VpcId"],
        "subnet_ids": sorted(
            a["SubnetId"] for a in item.get("Associations") or () if a.get("SubnetId")
        ),
        "ingress": [_live_rule(e) for e in entries if not e.get("Egress")],
        "egress": [_live_rule(e) for e in entries if e.get("Egress")],
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": arn(region, item, "network-acl", "NetworkAclId"),
        "owner_id": item.get("OwnerId"),
        "is_default": bool(item.get("IsDefault")),
    }
    return [Resource(TYPE, item["NetworkAclId"], None, normalize(attrs), region=region)]


SCAN = ScanSpec(
    name="ec2_network_acls",
    service="ec2",
    listing=ListCall("describe_network_acls", "NetworkAcls", page_size=1000),
    build=build,
)


def _int(value: Any) -> Any:
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    return value


def _norm_rule(rule: Any) -> Any:
    if not isinstance(rule, dict):
        return rule
    out = {k: v for k, v in rule.items() if v not in (None, "")}
    proto = str(out.get("protocol", "-1")).lower()
    out["protocol"] = _PROTOCOLS.get(proto, proto)
    if isinstance(out.get("action"), str):
        out["action"] = out["action"].lower()
    for key in _INTS:
        out[key] = _int(out.get(key, 0))
    if out["protocol"] == "-1":
        out["from_port"], out["to_port"] = 0, 0
    return out


def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for key in ("ingress", "egress"):
        if isinstance(out.get(key), list):
            out[key] = [_norm_rule(r) for r in out[key]]
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK ----------------------------------------------------


def _cfn(d: Declaring) -> None:
    d.emit(TYPE, {"vpc_id": d.props.get("VpcId"), "tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"VpcId": a.get("vpc_id"), "Tags": cfn_tags(a)}


# The external name is the ACL id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("acl-")


def _ack_rule(e: dict[str, Any]) -> dict[str, Any]:
    ports = e.get("portRange") or {}
    icmp = e.get("icmpTypeCode") or {}
    return {
        "rule_no": e.get("ruleNumber"),
        "action": e.get("ruleAction"),
        "protocol": e.get("protocol"),
        "cidr_block": e.get("cidrBlock"),
        "ipv6_cidr_block": e.get("ipv6CIDRBlock"),
        "from_port": ports.get("from", 0),
        "to_port": ports.get("to", 0),
        "icmp_type": icmp.get("type", 0),
        "icmp_code": icmp.get("code", 0),
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    entries = s.get("entries")
    rules = [e for e in entries if isinstance(e, dict)] if isinstance(entries, list) else None
    attrs = {
        "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
        "ingress": None
        if rules is None
        else [
            _ack_rule(e) for e in rules if not e.get("egress") and e.get("ruleNumber") != CATCH_ALL
        ],
        "egress": None
        if rules is None
        else [_ack_rule(e) for e in rules if e.get("egress") and e.get("ruleNumber") != CATCH_ALL],
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("networkACLID"))]


# --- revert -----------------------------------------------------------------------------


def _entry(ctx: Ctx, rule: dict[str, Any], egress: bool) -> dict[str, Any]:
    params: dict[str, Any] = {
        "NetworkAclId": ctx.id,
        "RuleNumber": int(rule["rule_no"]),
        "Protocol": str(rule["protocol"]),
        "RuleAction": rule["action"],
        "Egress": egress,
    }
    if rule.get("cidr_block"):
        params["CidrBlock"] = rule["cidr_block"]
    if rule.get("ipv6_cidr_block"):
        params["Ipv6CidrBlock"] = rule["ipv6_cidr_block"]
    if params["Protocol"] in ("6", "17"):
        params["PortRange"] = {"From": int(rule["from_port"]), "To": int(rule["to_port"])}
    if params["Protocol"] in ("1", "58"):
        params["IcmpTypeCode"] = {"Type": int(rule["icmp_type"]), "Code": int(rule["icmp_code"])}
    return params


def _rules(direction: str) -> Any:
    egress = direction == "egress"

    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        old = {r["rule_no"]: r for r in map(_norm_rule, before.get(direction) or ())}
        new = {r["rule_no"]: r for r in map(_norm_rule, after.get(direction) or ())}
        out = [
            ctx.call(
                "ec2",
                "delete_network_acl_entry",
                NetworkAclId=ctx.id,
                RuleNumber=int(number),
                Egress=egress,
            )
            for number in sorted(old.keys() - new.keys())
        ]
        for number in sorted(new):
            if number not in old:
                out.append(
                    ctx.call("ec2", "create_network_acl_entry", **_entry(ctx, new[number], egress))
                )
            elif old[number] != new[number]:
                out.append(
                    ctx.call("ec2", "replace_network_acl_entry", **_entry(ctx, new[number], egress))
                )
        return out

    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"VpcId": desired["vpc_id"], **tag_spec("network-acl", desired)}
    output = {pending(ctx).name: "NetworkAcl.NetworkAclId"}
    return [ctx.producing(output, "ec2", "create_network_acl", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "ingress": [], "egress": [], "subnet_ids": []}


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """A VPC's default network ACL is AWS's own: never deleted."""
    return (
        f"{ctx.label}: a VPC's default network ACL is AWS's own" if live.get("is_default") else None
    )


EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateNetworkAcl",),
    change=(
        "CreateNetworkAclEntry",
        "ReplaceNetworkAclEntry",
        "DeleteNetworkAclEntry",
        "ReplaceNetworkAclAssociation",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteNetworkAcl",),
    ids=(
        "responseElements.networkAcl.networkAclId",
        "requestParameters.networkAclId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "ReplaceNetworkAclAssociation": frozenset({"subnet_ids"}),
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
            sets=frozenset({"ingress", "egress", "subnet_ids"}),
            natural_keys=(CFN_KEY, ("vpc_id", "tags.Name")),
            declared_defaults={"tags": {}},
            normalize=normalize,
            is_aws_default=lambda r: bool(r.attrs.get("is_default")),
            from_terraform={TYPE: _from_tf},
            tags=True,
            computed=frozenset({"arn", "owner_id"}),
            id_doc="`acl-…`",
            after=("aws_vpc", "aws_subnet"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("ingress",), _rules("ingress")),
                Updater(("egress",), _rules("egress")),
                TAGS,
            ),
            fixed={
                "vpc_id": REPLACE,
                "subnet_ids": "a subnet moves between network ACLs with the association id "
                "of the ACL it is in now (ReplaceNetworkAclAssociation): by hand",
            },
            create=Create(_create, _fresh, new_id, ("vpc_id",)),
            delete=Delete(deleter("delete_network_acl", "NetworkAclId"), _refuse),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "network-acl-id")},
    cfn=(
        CfnType(
            "AWS::EC2::NetworkAcl",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"Id": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "NetworkACL",
            TYPE,
            external_name=_xp_external_name,
            refs={"vpcId": ("VPC", ("id",))},
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
            import_refuse={
                "ingress": "declare its rules by hand",
                "egress": "declare its rules by hand",
            },
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "NetworkACL",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
