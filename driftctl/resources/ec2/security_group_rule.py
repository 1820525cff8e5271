"""Security-group rules: a set attribute of the group (`ingress`, `egress`), one rule per
source, in the shape of Terraform's inline blocks.

An inline block with three CIDRs, three `aws_security_group_rule`s, three
`aws_vpc_security_group_ingress_rule`s, CloudFormation's SecurityGroupIngress resources
and Crossplane's rule kinds all become the same three rules of the same group: the
separate rule types are folded into the group they name (security_group.py). Rules are
reverted one at a time: a rule added out of band is revoked (exactly that rule), a
removed one authorized again, one whose description alone changed relabelled.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Callable, Mapping
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.cfn import Declaring
from driftctl.base.family import CfnType, CrossplaneKind, Family, SnykIds
from driftctl.base.raw import RawResource
from driftctl.base.spec import Fold
from driftctl.core.model import Drift, Ref, Resource, Unknown, to_plain

GROUP = "aws_security_group"
_PROTOCOLS = {"6": "tcp", "17": "udp", "1": "icmp", "58": "icmpv6", "all": "-1", "-1": "-1"}
# canonical rule source key -> (AWS IpPermission list, its value key)
SOURCES = {
    "cidr_blocks": ("IpRanges", "CidrIp"),
    "ipv6_cidr_blocks": ("Ipv6Ranges", "CidrIpv6"),
    "prefix_list_ids": ("PrefixListIds", "PrefixListId"),
    "security_groups": ("UserIdGroupPairs", "GroupId"),
}
# the rule AWS gives every new group
ALLOW_ALL_EGRESS = {"protocol": "-1", "from_port": 0, "to_port": 0, "cidr_blocks": ["0.0.0.0/0"]}


def live_rules(perms: list[dict[str, Any]], own_id: str) -> list[dict[str, Any]]:
    """AWS's IpPermissions as canonical rules (a rule naming the group itself: `self`)."""
    rules = []
    for perm in perms:
        base = {
            "protocol": perm.get("IpProtocol", "-1"),
            "from_port": perm.get("FromPort", 0),
            "to_port": perm.get("ToPort", 0),
        }
        for tf_key, (aws_list, aws_key) in SOURCES.items():
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


def expand_rule(block: dict[str, Any]) -> list[dict[str, Any]]:
    """One Terraform rule block (inline or aws_security_group_rule) -> one rule per source."""
    base: dict[str, Any] = {k: block[k] for k in ("protocol", "from_port", "to_port") if k in block}
    if block.get("description"):
        base["description"] = block["description"]
    rules = []
    for key in SOURCES:
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


def _fragment(raw: RawResource, direction: Any, rules: list[dict[str, Any]]) -> list[Resource]:
    attrs = {"security_group_id": raw.attrs.get("security_group_id"), str(direction): rules}
    return [Resource(GROUP, None, raw.address, attrs, raw.source)]


def _rule_from_tf(raw: RawResource) -> list[Resource]:
    return _fragment(raw, raw.attrs.get("type"), expand_rule(raw.attrs))


def _vpc_rule_from_tf(direction: str) -> Callable[[RawResource], list[Resource]]:
    def convert(raw: RawResource) -> list[Resource]:
        return _fragment(raw, direction, expand_rule(_vpc_rule(raw.attrs)))

    return convert


# Terraform types that declare rules of a group: folded into the group they name
FOLDS = {
    "aws_security_group_rule": Fold("security_group_id", _rule_from_tf),
    "aws_vpc_security_group_ingress_rule": Fold("security_group_id", _vpc_rule_from_tf("ingress")),
    "aws_vpc_security_group_egress_rule": Fold("security_group_id", _vpc_rule_from_tf("egress")),
}


# --- normalizer (both sides) ----------------------------------------------------------------


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


def normalize_rules(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for direction in ("ingress", "egress"):
        if isinstance(out.get(direction), list):
            rules = {_rule_key(r): r for r in map(_norm_rule, out[direction])}
            out[direction] = [rules[k] for k in sorted(rules)]
    return out


# --- CloudFormation ---------------------------------------------------------------------


def rule_block(rule: dict[str, Any], peer: str) -> dict[str, Any]:
    """An inline SecurityGroupIngress/Egress entry as a Terraform inline rule block."""
    return {
        "protocol": rule.get("IpProtocol"),
        "from_port": rule.get("FromPort", 0),
        "to_port": rule.get("ToPort", 0),
        "description": rule.get("Description"),
        "cidr_blocks": [rule["CidrIp"]] if rule.get("CidrIp") is not None else None,
        "ipv6_cidr_blocks": [rule["CidrIpv6"]] if rule.get("CidrIpv6") is not None else None,
        "security_groups": [rule[f"{peer}SecurityGroupId"]]
        if rule.get(f"{peer}SecurityGroupId") is not None
        else None,
        "prefix_list_ids": [rule[f"{peer}PrefixListId"]]
        if rule.get(f"{peer}PrefixListId") is not None
        else None,
    }


def cfn_rule(rule: dict[str, Any], peer: str) -> dict[str, Any]:
    """A canonical rule (one source) as an inline SecurityGroupIngress/Egress entry."""
    out: dict[str, Any] = {"IpProtocol": rule.get("protocol", "-1")}
    if not (out["IpProtocol"] == "-1" and not rule.get("from_port") and not rule.get("to_port")):
        out["FromPort"], out["ToPort"] = rule.get("from_port"), rule.get("to_port")
    for key, prop in (
        ("cidr_blocks", "CidrIp"),
        ("ipv6_cidr_blocks", "CidrIpv6"),
        ("security_groups", f"{peer}SecurityGroupId"),
        ("prefix_list_ids", f"{peer}PrefixListId"),
    ):
        if rule.get(key):
            out[prop] = rule[key][0]
    if rule.get("description"):
        out["Description"] = rule["description"]
    return out


def _cfn_rule_resource(direction: str) -> Callable[[Declaring], None]:
    peer = "Source" if direction == "ingress" else "Destination"

    def convert(d: Declaring) -> None:
        p = d.props
        attrs = {
            "security_group_id": p.get("GroupId"),
            "ip_protocol": p.get("IpProtocol"),
            "from_port": p.get("FromPort"),
            "to_port": p.get("ToPort"),
            "description": p.get("Description"),
            "cidr_ipv4": p.get("CidrIp"),
            "cidr_ipv6": p.get("CidrIpv6"),
            "prefix_list_id": p.get(f"{peer}PrefixListId"),
            "referenced_security_group_id": p.get(f"{peer}SecurityGroupId"),
        }
        d.emit(f"aws_vpc_security_group_{direction}_rule", attrs)

    return convert


# --- revert: one rule at a time -------------------------------------------------------------


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


def _revert_key(rule: dict[str, Any], with_description: bool = True) -> str:
    body = {k: v for k, v in rule.items() if with_description or k != "description"}
    return json.dumps(body, sort_keys=True)


def revert_rules(direction: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """The calls that turn a group's rules in one direction from `before` into `after`."""

    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        old = {_revert_key(r): r for r in before.get(direction) or ()}
        new = {_revert_key(r): r for r in after.get(direction) or ()}
        removed = [old[k] for k in sorted(old) if k not in new]
        added = {_revert_key(new[k], False): new[k] for k in sorted(new) if k not in old}
        out: list[Call] = []
        relabel: list[dict[str, Any]] = []
        for rule in removed:
            twin = added.pop(_revert_key(rule, False), None)
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


# --- snyk driftctl's ids: one resource per rule (sgrule-N), where driftctl folds rules --------

_RULE_PATH = re.compile(r"^(ingress|egress)\[(\d+)\]")


def sg_rule_id(group: str, direction: str, rule: Mapping[str, Any]) -> str:
    """snyk driftctl's `sgrule-N` for one rule (one source) of a group: Terraform's
    ipPermissionIDHash, a CRC-32 of the rule's fields (enumeration/resource/aws/
    aws_security_group_rule.go in snyk's source)."""
    text = f"{group}-"
    for port in ("from_port", "to_port"):
        value = rule.get(port)
        if isinstance(value, int) and value > 0:
            text += f"{value}-"
    text += f"{rule.get('protocol', '')}-{direction}-"
    for source in ("cidr_blocks", "ipv6_cidr_blocks", "prefix_list_ids"):
        text += "".join(f"{v}-" for v in rule.get(source) or ())
    groups = [g for g in rule.get("security_groups") or () if isinstance(g, str)]
    if rule.get("self") is True or group in groups:
        text += f"{group}--"
    elif groups:
        text += f"{groups[0]}--"
    return f"sgrule-{zlib.crc32(text.encode())}"


def _snyk_change_id(drift: Drift, path: str) -> str | None:
    """snyk's id for the rule a change of a group's ingress/egress is."""
    found = _RULE_PATH.match(path)
    if drift.type != GROUP or found is None or not drift.id:
        return None
    change = next((c for c in drift.changes if c.path == found.group(0)), None)
    if change is None:
        change = next((c for c in drift.changes if c.path == path), None)
    rule = (
        None
        if change is None
        else (change.actual if change.actual is not None else change.expected)
    )
    if not isinstance(rule, dict):
        return None
    return sg_rule_id(drift.id, found.group(1), rule)


SNYK = SnykIds(
    type="aws_security_group_rule",
    space="snyk-sg-rule",
    snyk_form="aws_security_group_rule.sgrule-N",
    our_form=f"{GROUP}.GROUP_ID.ingress.N",
    claims=lambda rest: True,  # every line of the type: driftctl has no such resources
    of_change=_snyk_change_id,
)

_GROUP_ID = ("SecurityGroup", ("id",))

FAMILY = Family(
    types=(),  # rules are part of their group
    cfn=(
        CfnType("AWS::EC2::SecurityGroupIngress", _cfn_rule_resource("ingress"), emits=(GROUP,)),
        CfnType("AWS::EC2::SecurityGroupEgress", _cfn_rule_resource("egress"), emits=(GROUP,)),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "SecurityGroupRule",
            "aws_security_group_rule",
            refs={"securityGroupId": _GROUP_ID, "sourceSecurityGroupId": _GROUP_ID},
        ),
        CrossplaneKind(
            "ec2",
            "SecurityGroupIngressRule",
            "aws_vpc_security_group_ingress_rule",
            refs={"securityGroupId": _GROUP_ID, "referencedSecurityGroupId": _GROUP_ID},
        ),
        CrossplaneKind(
            "ec2",
            "SecurityGroupEgressRule",
            "aws_vpc_security_group_egress_rule",
            refs={"securityGroupId": _GROUP_ID, "referencedSecurityGroupId": _GROUP_ID},
        ),
    ),
    snyk=(SNYK,),
)
