"""EC2 networking: VPCs, subnets, security groups and their rules.

Security-group rules are a set attribute of the group (`ingress`, `egress`), one rule
per source, in the shape of Terraform's inline blocks: an inline block with three
CIDRs, three `aws_security_group_rule`s and three `aws_vpc_security_group_ingress_rule`s
all become the same three rules of the same group.
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.aws.types import (
    CFN_KEY,
    DetailCall,
    Details,
    Fold,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.declared.raw import RawResource
from driftctl.model import Ref, Resource, Unknown, to_plain

_PROTOCOLS = {"6": "tcp", "17": "udp", "1": "icmp", "58": "icmpv6", "all": "-1", "-1": "-1"}
# Terraform's inline-rule source keys -> (AWS IpPermissions list, its value key)
_SOURCES = {
    "cidr_blocks": ("IpRanges", "CidrIp"),
    "ipv6_cidr_blocks": ("Ipv6Ranges", "CidrIpv6"),
    "prefix_list_ids": ("PrefixListIds", "PrefixListId"),
    "security_groups": ("UserIdGroupPairs", "GroupId"),
}


def _arn(region: str, item: Item, kind: str, key: str) -> str:
    return f"arn:aws:ec2:{region}:{item.get('OwnerId', '')}:{kind}/{item[key]}"


def build_vpc(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {
        "cidr_block": item["CidrBlock"],
        "instance_tenancy": item.get("InstanceTenancy", "default"),
        "enable_dns_support": (details.get("dns_support") or {})
        .get("EnableDnsSupport", {})
        .get("Value", True),
        "enable_dns_hostnames": (details.get("dns_hostnames") or {})
        .get("EnableDnsHostnames", {})
        .get("Value", False),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": _arn(region, item, "vpc", "VpcId"),
        "is_default": bool(item.get("IsDefault")),
    }
    return [Resource("aws_vpc", item["VpcId"], None, attrs, region=region)]


def build_subnet(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {
        "vpc_id": item["VpcId"],
        "cidr_block": item["CidrBlock"],
        "availability_zone": item.get("AvailabilityZone"),
        "map_public_ip_on_launch": bool(item.get("MapPublicIpOnLaunch", False)),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": item.get("SubnetArn") or _arn(region, item, "subnet", "SubnetId"),
        "default_for_az": bool(item.get("DefaultForAz")),
    }
    return [Resource("aws_subnet", item["SubnetId"], None, attrs, region=region)]


def _live_rules(perms: list[dict[str, Any]], own_id: str) -> list[dict[str, Any]]:
    rules = []
    for perm in perms:
        base = {
            "protocol": perm.get("IpProtocol", "-1"),
            "from_port": perm.get("FromPort", 0),
            "to_port": perm.get("ToPort", 0),
        }
        for tf_key, (aws_list, aws_key) in _SOURCES.items():
            for entry in perm.get(aws_list) or ():
                rule = dict(base)
                if tf_key == "security_groups" and entry.get(aws_key) == own_id:
                    rule["self"] = True
                else:
                    rule[tf_key] = [entry[aws_key]]
                if entry.get("Description"):
                    rule["description"] = entry["Description"]
                rules.append(rule)
    return rules


def build_security_group(item: Item, details: Details, region: str) -> list[Resource]:
    gid = item["GroupId"]
    attrs = {
        "name": item["GroupName"],
        "description": item.get("Description", ""),
        "vpc_id": item.get("VpcId"),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "ingress": _live_rules(item.get("IpPermissions") or [], gid),
        "egress": _live_rules(item.get("IpPermissionsEgress") or [], gid),
        "arn": _arn(region, item, "security-group", "GroupId"),
    }
    return [Resource("aws_security_group", gid, None, attrs, region=region)]


def _vpc_attr(name: str) -> Any:
    return lambda item: {"VpcId": item["VpcId"], "Attribute": name}


def _not_default(item: Item) -> bool:
    return not item.get("IsDefault")  # the default VPC is AWS's own: no need for its details


SCANS = [
    ScanSpec(
        name="ec2_vpcs",
        service="ec2",
        listing=ListCall("describe_vpcs", "Vpcs", page_size=1000),
        details=(
            # AWS returns these two only one attribute per call, per VPC
            DetailCall(
                "dns_support",
                "describe_vpc_attribute",
                _vpc_attr("enableDnsSupport"),
                when=_not_default,
            ),
            DetailCall(
                "dns_hostnames",
                "describe_vpc_attribute",
                _vpc_attr("enableDnsHostnames"),
                when=_not_default,
            ),
        ),
        build=build_vpc,
    ),
    ScanSpec(
        name="ec2_subnets",
        service="ec2",
        listing=ListCall("describe_subnets", "Subnets", page_size=1000),
        build=build_subnet,
    ),
    ScanSpec(
        name="ec2_security_groups",
        service="ec2",
        listing=ListCall("describe_security_groups", "SecurityGroups", page_size=1000),
        build=build_security_group,
    ),
]


# --- declared side -----------------------------------------------------------------------


def expand_rule(block: dict[str, Any]) -> list[dict[str, Any]]:
    """One Terraform rule block (inline or aws_security_group_rule) -> one rule per source."""
    base: dict[str, Any] = {k: block[k] for k in ("protocol", "from_port", "to_port") if k in block}
    if block.get("description"):
        base["description"] = block["description"]
    rules = []
    for key in _SOURCES:
        sources = block.get(key)
        if isinstance(sources, (Unknown, Ref)):  # a list known only after apply
            rules.append({**base, key: sources})
            continue
        for source in sources or ():
            rules.append({**base, key: [source]})
    if block.get("source_security_group_id") is not None:
        rules.append({**base, "security_groups": [block["source_security_group_id"]]})
    if block.get("self") is True:
        rules.append({**base, "self": True})
    return rules


def _vpc_rule(a: dict[str, Any]) -> dict[str, Any]:
    """aws_vpc_security_group_*_rule (one source each) -> the inline-rule shape."""
    block: dict[str, Any] = {
        "protocol": a.get("ip_protocol", "-1"),
        "from_port": a.get("from_port", 0),
        "to_port": a.get("to_port", 0),
        "description": a.get("description"),
    }
    for src, key in (
        ("cidr_ipv4", "cidr_blocks"),
        ("cidr_ipv6", "ipv6_cidr_blocks"),
        ("prefix_list_id", "prefix_list_ids"),
        ("referenced_security_group_id", "security_groups"),
    ):
        if a.get(src) is not None:
            block[key] = [a[src]]
    return block


def sg_from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    keep = ("name", "name_prefix", "description", "vpc_id", "tags")
    attrs = {k: v for k, v in a.items() if k in keep}
    for direction in ("ingress", "egress"):
        if isinstance(a.get(direction), Unknown):  # a dynamic block over an unknown set
            attrs[direction] = a[direction]
        elif direction in a:
            attrs[direction] = [r for block in a[direction] or () for r in expand_rule(block)]
    return [
        Resource(
            "aws_security_group",
            raw.import_id,
            raw.address,
            attrs,
            raw.source,
            provenance=raw.provenance,
        )
    ]


def _fragment(raw: RawResource, direction: Any, rules: list[dict[str, Any]]) -> list[Resource]:
    attrs = {"security_group_id": raw.attrs.get("security_group_id"), str(direction): rules}
    return [Resource("aws_security_group", None, raw.address, attrs, raw.source)]


def sg_rule_from_tf(raw: RawResource) -> list[Resource]:
    return _fragment(raw, raw.attrs.get("type"), expand_rule(raw.attrs))


def vpc_rule_from_tf(direction: str) -> Any:
    def convert(raw: RawResource) -> list[Resource]:
        return _fragment(raw, direction, expand_rule(_vpc_rule(raw.attrs)))

    return convert


def _plain(rtype: str, keep: frozenset[str]) -> Any:
    def convert(raw: RawResource) -> list[Resource]:
        attrs = {k: v for k, v in raw.attrs.items() if k in keep}
        return [
            Resource(
                rtype, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance
            )
        ]

    return convert


# --- normalizers ---------------------------------------------------------------------------


def _norm_rule(rule: dict[str, Any]) -> dict[str, Any]:
    out = dict(rule)
    proto = str(out.get("protocol", "-1")).lower()
    out["protocol"] = _PROTOCOLS.get(proto, proto)
    if out["protocol"] == "-1":
        out["from_port"], out["to_port"] = 0, 0
    for port in ("from_port", "to_port"):
        if isinstance(out.get(port), str) and out[port].lstrip("-").isdigit():
            out[port] = int(out[port])
    if not out.get("description"):
        out.pop("description", None)
    return out


def _rule_key(rule: Any) -> str:
    return json.dumps(to_plain(rule), sort_keys=True)


def norm_security_group(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for direction in ("ingress", "egress"):
        if isinstance(out.get(direction), list):
            rules = {_rule_key(r): r for r in map(_norm_rule, out[direction])}
            out[direction] = [rules[k] for k in sorted(rules)]
    return out


_VPC_KEYS = frozenset(
    {"cidr_block", "instance_tenancy", "enable_dns_support", "enable_dns_hostnames", "tags"}
)
_SUBNET_KEYS = frozenset(
    {"vpc_id", "cidr_block", "availability_zone", "map_public_ip_on_launch", "tags"}
)

TYPES = [
    ResourceType(
        name="aws_vpc",
        scan="ec2_vpcs",
        compared=_VPC_KEYS,
        exact=frozenset({"tags"}),
        natural_keys=(CFN_KEY, ("cidr_block", "tags.Name")),
        declared_defaults={
            "instance_tenancy": "default",
            "enable_dns_support": True,
            "enable_dns_hostnames": False,
            "tags": {},
        },
        is_aws_default=lambda r: bool(r.attrs.get("is_default")),
        from_terraform={"aws_vpc": _plain("aws_vpc", _VPC_KEYS)},
        tags=True,
    ),
    ResourceType(
        name="aws_subnet",
        scan="ec2_subnets",
        compared=_SUBNET_KEYS,
        exact=frozenset({"tags"}),
        natural_keys=(CFN_KEY, ("vpc_id", "cidr_block")),
        declared_defaults={"map_public_ip_on_launch": False, "tags": {}},
        is_aws_default=lambda r: bool(r.attrs.get("default_for_az")),
        from_terraform={"aws_subnet": _plain("aws_subnet", _SUBNET_KEYS)},
        tags=True,
    ),
    ResourceType(
        name="aws_security_group",
        scan="ec2_security_groups",
        compared=frozenset({"name", "description", "vpc_id", "tags", "ingress", "egress"}),
        exact=frozenset({"tags"}),
        sets=frozenset({"ingress", "egress"}),
        natural_keys=(CFN_KEY, ("vpc_id", "name")),
        name_prefix=("name", "name_prefix"),
        # No rule declared for ingress means none is wanted. Egress left undeclared is not
        # compared: AWS gives every new group an allow-all egress rule of its own.
        declared_defaults={"description": "Managed by Terraform", "ingress": [], "tags": {}},
        normalize=norm_security_group,
        is_aws_default=lambda r: r.attrs.get("name") == "default",
        from_terraform={"aws_security_group": sg_from_tf},
        folds={
            "aws_security_group_rule": Fold("security_group_id", sg_rule_from_tf),
            "aws_vpc_security_group_ingress_rule": Fold(
                "security_group_id", vpc_rule_from_tf("ingress")
            ),
            "aws_vpc_security_group_egress_rule": Fold(
                "security_group_id", vpc_rule_from_tf("egress")
            ),
        },
        tags=True,
    ),
]
