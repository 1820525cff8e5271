"""aws_security_group: a group, its name, description, VPC, tags and rules.

Live: DescribeSecurityGroups pages, nothing per group; its rules become the `ingress`
and `egress` sets (security_group_rule.py, which also folds the separate rule types
into the group). Every VPC's `default` group is AWS's own, never unmanaged. No ingress
declared means none is wanted; egress left undeclared is not compared: AWS gives every
new group an allow-all egress rule of its own (Terraform revokes it only when egress is
declared).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, new_id, pending
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
from driftctl.core.model import Resource, Unknown
from driftctl.resources.ec2.common import TAGS, arn, by_id, deleter, tag_spec
from driftctl.resources.ec2.security_group_rule import (
    ALLOW_ALL_EGRESS,
    FOLDS,
    cfn_rule,
    expand_rule,
    live_rules,
    normalize_rules,
    revert_rules,
    rule_block,
)

TYPE = "aws_security_group"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    gid = item["GroupId"]
    attrs = {
        "name": item["GroupName"],
        "description": item.get("Description", ""),
        "vpc_id": item.get("VpcId"),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "ingress": live_rules(item.get("IpPermissions") or [], gid),
        "egress": live_rules(item.get("IpPermissionsEgress") or [], gid),
        "arn": arn(region, item, "security-group", "GroupId"),
    }
    return [Resource(TYPE, gid, None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_security_groups",
    service="ec2",
    listing=ListCall("describe_security_groups", "SecurityGroups", page_size=1000),
    build=build,
)


def _from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    keep = ("name", "name_prefix", "description", "vpc_id", "tags")
    attrs = {k: v for k, v in a.items() if k in keep}
    for direction in ("ingress", "egress"):
        if isinstance(a.get(direction), Unknown):  # a dynamic block over an unknown set
            attrs[direction] = a[direction]
        elif direction in a:
            attrs[direction] = [r for block in a[direction] or () for r in expand_rule(block)]
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs: dict[str, Any] = {
        "name": p.get("GroupName"),
        "description": p.get("GroupDescription"),
        "vpc_id": p.get("VpcId"),
        "tags": d.tags(),
        "ingress": [rule_block(r, "Source") for r in p.get("SecurityGroupIngress") or ()],
    }
    if "SecurityGroupEgress" in p:  # left out: AWS's own allow-all egress, not compared
        attrs["egress"] = [rule_block(r, "Destination") for r in p["SecurityGroupEgress"] or ()]
    d.emit(TYPE, attrs)


def _cfn_rules(a: dict[str, Any], attr: str, peer: str) -> list[dict[str, Any]] | None:
    return [cfn_rule(r, peer) for r in a.get(attr) or []] or None


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "GroupName": a.get("name"),
        "GroupDescription": a.get("description"),
        "VpcId": a.get("vpc_id"),
        "SecurityGroupIngress": _cfn_rules(a, "ingress", "Source"),
        "SecurityGroupEgress": _cfn_rules(a, "egress", "Destination"),
        "Tags": cfn_tags(a),
    }


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The external name is the group id once AWS assigned it: then the explicit id. The
    provider names the group itself unless forProvider says."""
    if external and external.startswith("sg-"):
        return external
    if "name" not in attrs:
        attrs["name"] = Unknown("the provider generates the security group's name")
    return None


def _ack_rules(c: AckContext, perms: Any) -> list[dict[str, Any]]:
    """ACK IPPermissions -> Terraform inline rule blocks, one per source (each has its own
    description in AWS's shape)."""
    blocks: list[dict[str, Any]] = []
    for perm in perms if isinstance(perms, list) else ():
        if not isinstance(perm, dict):
            continue
        base = {
            "protocol": perm.get("ipProtocol"),
            "from_port": perm.get("fromPort", 0),
            "to_port": perm.get("toPort", 0),
        }
        sources = [
            ("ipRanges", "cidrIP", "cidr_blocks"),
            ("ipv6Ranges", "cidrIPv6", "ipv6_cidr_blocks"),
            ("prefixListIDs", "prefixListID", "prefix_list_ids"),
        ]
        for list_key, value_key, tf_key in sources:
            for entry in perm.get(list_key) or ():
                blocks.append(
                    {
                        **base,
                        tf_key: [entry.get(value_key)],
                        "description": entry.get("description"),
                    }
                )
        for pair in perm.get("userIDGroupPairs") or ():
            group = c.ref(pair.get("groupID"), pair.get("groupRef"), "SecurityGroup")
            blocks.append(
                {**base, "security_groups": [group], "description": pair.get("description")}
            )
    return blocks


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": s.get("name"),
        "description": s.get("description"),
        "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
        "tags": c.tags(s.get("tags")),
        "ingress": _ack_rules(c, s.get("ingressRules")),
    }
    if "egressRules" in s:  # left out: AWS's own allow-all egress, not compared
        attrs["egress"] = _ack_rules(c, s.get("egressRules"))
    group_id = c.adoption.get("id") or c.adoption.get("groupID")
    return [c.raw(TYPE, attrs, group_id)]


# --- revert ---------------------------------------------------------------------------------


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "GroupName": desired["name"],
        "Description": desired.get("description") or "Managed by Terraform",
        "VpcId": desired["vpc_id"],
        **tag_spec("security-group", desired),
    }
    return [ctx.producing({pending(ctx).name: "GroupId"}, "ec2", "create_security_group", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "ingress": [], "egress": [ALLOW_ALL_EGRESS]}


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateSecurityGroup",),
    change=(
        "AuthorizeSecurityGroupIngress",
        "AuthorizeSecurityGroupEgress",
        "RevokeSecurityGroupIngress",
        "RevokeSecurityGroupEgress",
        "ModifySecurityGroupRules",
        "UpdateSecurityGroupRuleDescriptionsIngress",
        "UpdateSecurityGroupRuleDescriptionsEgress",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteSecurityGroup",),
    ids=(
        "responseElements.groupId",
        "requestParameters.groupId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "AuthorizeSecurityGroupIngress": frozenset({"ingress"}),
        "RevokeSecurityGroupIngress": frozenset({"ingress"}),
        "UpdateSecurityGroupRuleDescriptionsIngress": frozenset({"ingress"}),
        "AuthorizeSecurityGroupEgress": frozenset({"egress"}),
        "RevokeSecurityGroupEgress": frozenset({"egress"}),
        "UpdateSecurityGroupRuleDescriptionsEgress": frozenset({"egress"}),
        "ModifySecurityGroupRules": frozenset({"ingress", "egress"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=frozenset({"name", "description", "vpc_id", "tags", "ingress", "egress"}),
            exact=frozenset({"tags"}),
            sets=frozenset({"ingress", "egress"}),
            natural_keys=(CFN_KEY, ("vpc_id", "name")),
            name_prefix=("name", "name_prefix"),
            # No rule declared for ingress means none is wanted. Egress left undeclared is not
            # compared: AWS gives every new group an allow-all egress rule of its own.
            declared_defaults={"description": "Managed by Terraform", "ingress": [], "tags": {}},
            normalize=normalize_rules,
            is_aws_default=lambda r: r.attrs.get("name") == "default",
            from_terraform={TYPE: _from_tf},
            folds=FOLDS,
            tags=True,
            computed=frozenset({"arn", "name"}),
            id_doc="`sg-…`",
            after=("aws_vpc", "aws_subnet"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("ingress",), revert_rules("ingress")),
                Updater(("egress",), revert_rules("egress")),
                TAGS,
            ),
            fixed={"name": REPLACE, "description": REPLACE, "vpc_id": REPLACE},
            create=Create(_create, _fresh, new_id, ("name", "vpc_id")),
            delete=Delete(deleter("delete_security_group", "GroupId")),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "group-id")},
    cfn=(
        CfnType(
            "AWS::EC2::SecurityGroup",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"GroupId": ("id",), "VpcId": ("vpc_id",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("GroupDescription",)),
                    "ingress": ("set", ("SecurityGroupIngress",)),
                    "egress": ("set", ("SecurityGroupEgress",)),
                }
            },
            entries={
                "ingress": lambda rule: cfn_rule(rule, "Source"),
                "egress": lambda rule: cfn_rule(rule, "Destination"),
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "SecurityGroup",
            TYPE,
            external_name=_xp_external_name,
            refs={"vpcId": ("VPC", ("id",))},
            tagged=True,
            fields={"tags": ("map", ("tags",)), "description": ("scalar", ("description",))},
            importable=True,
            import_skip=frozenset({"egress"}),  # not compared when left out (AWS's own rule)
            import_refuse={
                "ingress": "its rules would be SecurityGroupIngressRule manifests: "
                "declare them by hand"
            },
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "SecurityGroup",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {"tags": ("tag_list", ("tags",)), "description": ("scalar", ("description",))}
            },
        ),
    ),
)
