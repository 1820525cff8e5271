"""A new CloudFormation resource for an unmanaged one, added to the template's Resources.

CloudFormation does not adopt a resource because a template names it: it has to be
brought into the stack with a resource import (an IMPORT change set), which requires a
DeletionPolicy on every imported resource. The declaration gets `DeletionPolicy: Retain`
and a comment saying so (JSON has no comments: a Metadata note instead). Its properties
are the live attributes, mapped back the way declared/cfn/resources.py maps them forward.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from driftctl.codify.base import Context, Outcome, human, live_of, wrap_words
from driftctl.codify.spans import Doc
from driftctl.codify.yaml_edit import Editor, Refuse, TextEdit, to_outcome
from driftctl.model import Drift

NOTE = (
    "Imported by driftctl from live AWS ({id}). CloudFormation does not adopt it by "
    "itself: bring it into the stack with a resource import (an IMPORT change set). "
    "DeletionPolicy Retain keeps it if it is removed from the stack again."
)


def _tags(attrs: dict[str, Any]) -> list[dict[str, Any]] | None:
    tags = attrs.get("tags") or {}
    return [{"Key": k, "Value": v} for k, v in sorted(tags.items())] or None


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


def _rules(attrs: dict[str, Any], attr: str, peer: str) -> list[dict[str, Any]] | None:
    return [cfn_rule(r, peer) for r in attrs.get(attr) or []] or None


Props = Callable[[dict[str, Any]], dict[str, Any]]
# Terraform type -> (CloudFormation type, its properties from the live attributes)
TYPES: dict[str, tuple[str, Props]] = {
    "aws_s3_bucket": (
        "AWS::S3::Bucket",
        lambda a: {"BucketName": a.get("bucket"), "Tags": _tags(a)},
    ),
    "aws_vpc": (
        "AWS::EC2::VPC",
        lambda a: {
            "CidrBlock": a.get("cidr_block"),
            "EnableDnsHostnames": a.get("enable_dns_hostnames"),
            "EnableDnsSupport": a.get("enable_dns_support"),
            "InstanceTenancy": a.get("instance_tenancy"),
            "Tags": _tags(a),
        },
    ),
    "aws_subnet": (
        "AWS::EC2::Subnet",
        lambda a: {
            "VpcId": a.get("vpc_id"),
            "CidrBlock": a.get("cidr_block"),
            "AvailabilityZone": a.get("availability_zone"),
            "MapPublicIpOnLaunch": a.get("map_public_ip_on_launch"),
            "Tags": _tags(a),
        },
    ),
    "aws_security_group": (
        "AWS::EC2::SecurityGroup",
        lambda a: {
            "GroupName": a.get("name"),
            "GroupDescription": a.get("description"),
            "VpcId": a.get("vpc_id"),
            "SecurityGroupIngress": _rules(a, "ingress", "Source"),
            "SecurityGroupEgress": _rules(a, "egress", "Destination"),
            "Tags": _tags(a),
        },
    ),
    "aws_iam_role": (
        "AWS::IAM::Role",
        lambda a: {
            "RoleName": a.get("name"),
            "Path": a.get("path"),
            "Description": a.get("description") or None,
            "AssumeRolePolicyDocument": a.get("assume_role_policy"),
            "MaxSessionDuration": a.get("max_session_duration"),
            "Tags": _tags(a),
        },
    ),
}


def declare(drift: Drift, ctx: Context, doc: Doc) -> Outcome:
    found = live_of(drift, ctx)
    if isinstance(found, Outcome):
        return found
    rid, live = found
    if drift.type not in TYPES:
        return human(drift, f"driftctl cannot declare a {drift.type} in CloudFormation yet")
    resources = doc.root.get("Resources")
    if resources is None or resources.kind != "map" or not resources.pairs:
        return human(drift, "the template has no Resources mapping to add it to")
    cfn_type, props_of = TYPES[drift.type]
    props = {k: v for k, v in props_of(live.attrs).items() if v is not None}
    logical = ctx.claim(
        f"cfn:{doc.name}",
        lambda taken: logical_id(rid, taken),
        (str(k.data) for k, _ in resources.pairs),
    )
    note = NOTE.format(id=drift.id)
    body: dict[str, Any] = {"Type": cfn_type, "DeletionPolicy": "Retain", "Properties": props}
    editor = Editor(doc, lambda n: False, lambda n, w: [])
    if doc.json or resources.flow:
        body = {"Type": cfn_type, "DeletionPolicy": "Retain", "Metadata": {"driftctl": note}}
        body["Properties"] = props
        try:
            return to_outcome(drift, doc, editor.insert(resources, [(logical, body)]))
        except Refuse as exc:
            return human(drift, exc.reason, where=doc.where(exc.node or resources))
    last_key, last_value = resources.pairs[-1]
    col = doc.col(last_key.start)
    at = doc.line_end(last_value.end)
    gap = "\n" if _blank_between(doc, resources) else ""
    prefix = "" if doc.text[:at].endswith("\n") else "\n"
    comment = "".join(f"{' ' * col}# {line}\n" for line in wrap_words(note, 88 - col))
    entry = " " * col + logical + ":" + editor.render.after_key(body, col, None) + "\n"
    return to_outcome(drift, doc, [TextEdit(at, at, prefix + gap + comment + entry)])


def logical_id(rid: str, taken: set[str]) -> str:
    """A logical id from a live id: `acme-scratch` -> AcmeScratch, unique among taken."""
    words = [w for w in re.split(r"[^A-Za-z0-9]+", rid) if w]
    base = "".join(w[:1].upper() + w[1:] for w in words) or "Imported"
    if not base[0].isalpha():
        base = "Imported" + base
    name, n = base, 2
    while name in taken:
        name, n = f"{base}{n}", n + 1
    return name


def _blank_between(doc: Doc, resources: Any) -> bool:
    """Whether the template separates its resources with blank lines."""
    if len(resources.pairs) < 2:
        return False
    between = doc.text[resources.pairs[-2][1].end : resources.pairs[-1][0].start]
    return "\n\n" in between.replace(" ", "").replace("\r", "")
