"""aws_vpc_dhcp_options: a DHCP option set: the domain name, DNS, NTP and NetBIOS servers,
the NetBIOS node type, the IPv6 lease time, and its tags.

Live: DescribeDhcpOptions pages (1,000 a call), nothing per set. The region's default
set is AWS's own, never unmanaged: the one AWS makes holds only the region's domain name
(`ec2.internal` in us-east-1, `REGION.compute.internal` elsewhere) and
`AmazonProvidedDNS`, and so is a set of yours with exactly those options. A set's options
are fixed at creation (replace needed: a human decides); its tags are put back. Its
associations with VPCs are `aws_vpc_dhcp_options_association` (dhcp_options_association.py);
ACK's DHCPOptions declares both.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_int, keep, new_id, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec
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
from driftctl.core.model import Ref, Resource
from driftctl.resources.ec2.common import TAGS, arn, by_id, deleter, tag_spec

TYPE = "aws_vpc_dhcp_options"
ASSOCIATION = "aws_vpc_dhcp_options_association"
# canonical attribute -> the DHCP configuration's key, for the options held as lists
LISTS = {
    "domain_name_servers": "domain-name-servers",
    "ntp_servers": "ntp-servers",
    "netbios_name_servers": "netbios-name-servers",
}
# ... and for those held as one value (text, as Terraform holds them)
SINGLE = {
    "domain_name": "domain-name",
    "netbios_node_type": "netbios-node-type",
    "ipv6_address_preferred_lease_time": "ipv6-address-preferred-lease-time",
}
OPTIONS = frozenset({*LISTS, *SINGLE})
COMPARED = OPTIONS | {"tags"}
# CloudFormation's property of each option
CFN_PROPS = {
    "domain_name": "DomainName",
    "domain_name_servers": "DomainNameServers",
    "ntp_servers": "NtpServers",
    "netbios_name_servers": "NetbiosNameServers",
    "netbios_node_type": "NetbiosNodeType",
    "ipv6_address_preferred_lease_time": "Ipv6AddressPreferredLeaseTime",
}
LISTING = ListCall("describe_dhcp_options", "DhcpOptions", page_size=1000)


def configurations(item: Item | None) -> dict[str, list[str]]:
    """A set's DhcpConfigurations as {key: [values]}."""
    return {
        str(c["Key"]): [str(v.get("Value")) for v in c.get("Values") or ()]
        for c in (item or {}).get("DhcpConfigurations") or ()
    }


def is_default_set(item: Item | None, region: str) -> bool:
    """Whether a set holds exactly the options of the region's default set."""
    domain = "ec2.internal" if region == "us-east-1" else f"{region}.compute.internal"
    expected = {"domain-name": [domain], "domain-name-servers": ["AmazonProvidedDNS"]}
    return item is not None and configurations(item) == expected


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = configurations(item)
    attrs: dict[str, Any] = {name: found.get(key, []) for name, key in LISTS.items()}
    attrs.update({name: (found.get(key) or [""])[0] for name, key in SINGLE.items()})
    attrs.update(
        {
            "tags": tag_dict(item.get("Tags")),
            **cfn_identity(item.get("Tags")),
            "arn": arn(region, item, "dhcp-options", "DhcpOptionsId"),
            "owner_id": item.get("OwnerId"),
            "aws_default": is_default_set(item, region),
        }
    )
    return [Resource(TYPE, item["DhcpOptionsId"], None, attrs, region=region)]


SCAN = ScanSpec(name="ec2_dhcp_options", service="ec2", listing=LISTING, build=build)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Numbers as text (CloudFormation's node type and lease time are integers)."""
    out = dict(attrs)
    for name in ("netbios_node_type", "ipv6_address_preferred_lease_time"):
        if isinstance(out.get(name), int) and not isinstance(out[name], bool):
            out[name] = str(out[name])
    return out


def _cfn(d: Declaring) -> None:
    attrs = {name: d.props.get(prop) for name, prop in CFN_PROPS.items()}
    d.emit(TYPE, {**attrs, "tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {prop: a.get(name) or None for name, prop in CFN_PROPS.items()}
    for prop in ("NetbiosNodeType", "Ipv6AddressPreferredLeaseTime"):
        props[prop] = as_int(props[prop])
    return {**props, "Tags": cfn_tags(a)}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    found = {
        str(entry.get("key")): [str(v) for v in entry.get("values") or ()]
        for entry in s.get("dhcpConfigurations") or ()
        if isinstance(entry, dict)
    }
    attrs: dict[str, Any] = {name: found.get(key) for name, key in LISTS.items()}
    attrs.update({name: next(iter(found.get(key) or ()), None) for name, key in SINGLE.items()})
    out = [c.raw(TYPE, {**attrs, "tags": c.tags(s.get("tags"))}, c.adoption.get("dhcpOptionsID"))]
    vpcs = [*(s.get("vpc") or ()), *(c.ref(None, r, "VPC") for r in s.get("vpcRefs") or ())]
    for vpc in vpcs:
        association = {"dhcp_options_id": Ref(c.m.address, ("id",)), "vpc_id": vpc}
        out.append(c.raw(ASSOCIATION, association, owner=TYPE))
    return out


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    configs = [
        {"Key": key, "Values": [str(v) for v in desired[name]]}
        for name, key in LISTS.items()
        if desired.get(name)
    ]
    configs += [
        {"Key": key, "Values": [str(desired[name])]}
        for name, key in SINGLE.items()
        if desired.get(name) not in (None, "")
    ]
    params = {"DhcpConfigurations": configs, **tag_spec("dhcp-options", desired)}
    output = {pending(ctx).name: "DhcpOptions.DhcpOptionsId"}
    return [ctx.producing(output, "ec2", "create_dhcp_options", **params)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """The region's default DHCP option set is AWS's own: never deleted."""
    if live.get("aws_default"):
        return f"{ctx.label}: the region's default DHCP option set is AWS's own"
    return None


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateDhcpOptions",),
    change=("CreateTags", "DeleteTags"),
    delete=("DeleteDhcpOptions",),
    ids=(
        "responseElements.dhcpOptions.dhcpOptionsId",
        "requestParameters.dhcpOptionsId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={"CreateTags": frozenset({"tags"}), "DeleteTags": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(CFN_KEY, ("tags.Name",), ("domain_name", "domain_name_servers")),
            declared_defaults={"tags": {}},
            normalize=_normalize,
            is_aws_default=lambda r: bool(r.attrs.get("aws_default")),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "owner_id"}),
            id_doc="`dopt-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(TAGS,),
            fixed={name: REPLACE for name in OPTIONS},
            create=Create(_create, dict, new_id),
            delete=Delete(deleter("delete_dhcp_options", "DhcpOptionsId"), _refuse),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "dhcp-options-id")},
    cfn=(
        CfnType(
            "AWS::EC2::DHCPOptions",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"DhcpOptionsId": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "VPCDHCPOptions",
            TYPE,
            external_name=xp_prefixed("dopt-"),
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "DHCPOptions",
            TYPE,
            _ack,
            emits=(TYPE, ASSOCIATION),
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
