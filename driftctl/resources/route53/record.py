"""aws_route53_record: a record set of a hosted zone: its TTL and values, or its alias
target, and its weight where it is one of a weighted set; read with its zone (zone.py).

Live: ListResourceRecordSets pages (300 a page) per zone, in aws_route53_zone's scan. The
id is Terraform's, `ZONEID_NAME_TYPE` or `ZONEID_NAME_TYPE_SETIDENTIFIER`. Names are
compared fully qualified, lower case, without the trailing dot and with `*` for the
`\\052` AWS answers with; a name declared relative to its zone (`name = "www"`) is
matched below the zone `zone_id` refers to, and expanded as Terraform expands it (where
`zone_id` is a literal id, it is not; where the reference was bound to the zone's live id,
because some record waits on a distribution, it still is). TXT and
SPF values are compared without the quotes AWS holds them in, as Terraform writes them.
The NS and SOA record sets AWS creates at a zone's apex are never unmanaged. Failover,
latency, geolocation and CIDR routing policies are not compared yet. A record set's zone,
name, type and set identifier are its identity: a revert says "replace needed"; the rest
is put back with one UPSERT. ACK's RecordSet names a record relative to its zone's
domain: by `hostedZoneRef` it is expanded with the HostedZone manifest's name, as a
Terraform name relative to `zone_id`; with a literal `hostedZoneID` it is not. A
relative name beside an alias to a CloudFront distribution, and the validation records
of a certificate declared with `for_each`, are checked against real Terraform in
tests/tf/test_patterns.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, as_int, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType, first_block
from driftctl.core.model import Ref, Resource
from driftctl.resources.route53.common import SERVICE, across_scopes, apex_own, dns_name

TYPE = "aws_route53_record"
ZONE = "aws_route53_zone"
ZONE_SCAN = "route53_zones"  # zone.py's scan reads the record sets
IDENTITY = ("zone_id", "name", "type", "set_identifier")
# a name declared relative to its zone ("www"): matched by its fqdn, the name followed by
# the name of the zone `zone_id` refers to, and expanded as Terraform expands it
RELATIVE = ("zone_id", "fqdn", "type", "set_identifier")
SETTABLE = ("ttl", "records", "alias", "weighted_routing_policy", "health_check_id")
COMPARED = frozenset({*IDENTITY, *SETTABLE})
QUOTED = ("TXT", "SPF")  # types whose values AWS holds in quotes


def record_id(zone: Any, name: Any, rtype: Any, set_identifier: Any) -> str:
    """Terraform's id (and import id) of a record set."""
    base = f"{zone}_{dns_name(name)}_{rtype}"
    return f"{base}_{set_identifier}" if set_identifier else base


def expand(name: Any, zone_name: Any) -> Any:
    """A declared name as Terraform expands it in its zone: the zone's name appended to a
    name that does not end with it ("" is the apex)."""
    name, zone = dns_name(name), dns_name(zone_name)
    if not (isinstance(name, str) and isinstance(zone, str)) or name.endswith(zone):
        return name
    return f"{name}.{zone}" if name else zone


def _unquoted(value: str) -> str:
    """A TXT value as Terraform writes it: AWS's `"a" "b"` chunks joined, quotes dropped."""
    if len(value) >= 2 and value.startswith('"') and value.endswith('"'):
        return value[1:-1].replace('" "', "")
    return value


def _alias(found: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "name": dns_name(found.get("DNSName")),
        "zone_id": found.get("HostedZoneId"),
        "evaluate_target_health": bool(found.get("EvaluateTargetHealth")),
    }


def live(zone: str, zone_name: str, found: Mapping[str, Any], region: str) -> Resource:
    """A record set ListResourceRecordSets answered, in the zone `zone` named zone_name."""
    rtype = found.get("Type")
    values = [str(r.get("Value")) for r in found.get("ResourceRecords") or ()]
    if rtype in QUOTED:
        values = [_unquoted(v) for v in values]
    alias = found.get("AliasTarget")
    weight = found.get("Weight")
    name = dns_name(found["Name"])
    attrs: dict[str, Any] = {
        "zone_id": zone,
        "name": name,
        "type": rtype,
        "set_identifier": found.get("SetIdentifier"),
        "ttl": found.get("TTL"),
        "records": sorted(values) if values else None,
        "alias": _alias(alias) if isinstance(alias, dict) else None,
        "weighted_routing_policy": {"weight": weight} if weight is not None else None,
        "health_check_id": found.get("HealthCheckId"),
        "fqdn": name,
        "zone_name": dns_name(zone_name),
    }
    rid = record_id(zone, name, rtype, attrs["set_identifier"])
    return Resource(TYPE, rid, None, attrs, region=region)


# --- both sides -------------------------------------------------------------------------------


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "name" in out:
        out["name"] = dns_name(out["name"])
    name, fqdn = out.get("name"), out.get("fqdn")
    if isinstance(name, str) and isinstance(fqdn, str) and name != fqdn:
        # declared: fqdn is the name followed by its zone's name (_from_tf)
        zone = fqdn[len(name) + 1 :] if name else fqdn
        out["name"] = out["fqdn"] = expand(name, zone)
    if isinstance(out.get("ttl"), str):
        out["ttl"] = as_int(out["ttl"], None) or out["ttl"]
    if out.get("ttl") == 0 and first_block(out.get("alias")):
        out["ttl"] = None  # an alias has no TTL: a Terraform state writes 0
    if isinstance(out.get("records"), list):
        out["records"] = sorted(out["records"], key=str)
    alias = first_block(out.get("alias")) if "alias" in out else None
    if alias:
        out["alias"] = {
            "name": dns_name(alias.get("name")),
            "zone_id": alias.get("zone_id"),
            "evaluate_target_health": alias.get("evaluate_target_health"),
        }
    weighted = first_block(out.get("weighted_routing_policy"))
    if weighted:
        weight = weighted.get("weight")
        if isinstance(weight, str):
            weight = as_int(weight, None) or weight
        out["weighted_routing_policy"] = {"weight": weight}
    for name in ("set_identifier", "health_check_id"):
        if out.get(name) == "":
            out[name] = None
    return out


def _aws_default(r: Resource) -> bool:
    """The NS and SOA record sets AWS creates at the zone's apex."""
    return apex_own(r.attrs.get("zone_name"), r.attrs.get("name"), r.attrs.get("type"))


ZONE_IDS = (("zone_id",), ("id",))


def _zone_address(raw: RawResource, zone: Any) -> str | None:
    """The zone `zone_id` refers to (a reference to its zone_id or id), or None. Once the
    declared side is evaluated again with live values (driftctl.engine.bind: some record waits on
    a distribution), the reference is the zone's live id: what it read says which zone."""
    if isinstance(zone, Ref):
        by_ref = zone.path in ZONE_IDS and not zone.prefix
        return zone.address if by_ref else None
    reads = raw.bound.get("zone_id") or {}
    if not isinstance(zone, str) or len(reads) != 1:
        return None
    ((text, value),) = reads.items()
    for path in ZONE_IDS:
        suffix = f".{path[0]}"
        if value == zone and text.endswith(suffix):
            return text[: -len(suffix)]
    return None


def _from_tf(raw: RawResource) -> list[Resource]:
    """`fqdn`: the name followed by the name of the zone `zone_id` refers to, so that a
    name relative to its zone is matched, and compared once expanded (_normalize).

    A Terraform state holds the fqdn itself, and an id made of the name as written
    (`Z1_www_A` for `name = "www"`, `Z1__x.example.com._CNAME` for a certificate's
    validation name with its dot): the id is made again from the fqdn, driftctl's and
    AWS's form, so that the record matches its live one."""
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    for attr in ("alias", "records", "health_check_id"):
        if attr in attrs:
            attrs[attr] = across_scopes(attrs[attr])
    zone_address = _zone_address(raw, attrs.get("zone_id"))
    name = attrs.get("name")
    if zone_address is not None and isinstance(name, str):
        prefix = f"{dns_name(name)}." if dns_name(name) else ""
        attrs["fqdn"] = Ref(zone_address, ("name",), prefix=prefix)
    rid = raw.import_id
    fqdn, zone = raw.attrs.get("fqdn"), attrs.get("zone_id")
    if isinstance(fqdn, str) and fqdn and isinstance(zone, str) and "fqdn" not in attrs:
        attrs["fqdn"] = dns_name(fqdn)
        rid = record_id(zone, fqdn, attrs.get("type"), attrs.get("set_identifier"))
    return [Resource(TYPE, rid, raw.address, attrs, raw.source, provenance=raw.provenance)]


# --- CloudFormation, Crossplane ---------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::Route53::RecordSet (by HostedZoneId; a zone named by HostedZoneName is not
    resolved)."""
    p = d.props
    alias = p.get("AliasTarget")
    records = p.get("ResourceRecords")
    attrs = {
        "zone_id": p.get("HostedZoneId"),
        "name": p.get("Name"),
        "type": p.get("Type"),
        "set_identifier": p.get("SetIdentifier"),
        "ttl": p.get("TTL"),
        "records": list(records) if isinstance(records, list) else None,
        "alias": {
            "name": alias.get("DNSName"),
            "zone_id": alias.get("HostedZoneId"),
            "evaluate_target_health": alias.get("EvaluateTargetHealth", False),
        }
        if isinstance(alias, dict)
        else None,
        "weighted_routing_policy": {"weight": p["Weight"]} if p.get("Weight") is not None else None,
        "health_check_id": p.get("HealthCheckId"),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    alias = a.get("alias") or None
    weighted = a.get("weighted_routing_policy") or {}
    return {
        "HostedZoneId": a.get("zone_id"),
        "Name": a.get("name"),
        "Type": a.get("type"),
        "SetIdentifier": a.get("set_identifier"),
        "TTL": str(a["ttl"]) if a.get("ttl") is not None else None,
        "ResourceRecords": a.get("records"),
        "AliasTarget": {
            "DNSName": alias.get("name"),
            "HostedZoneId": alias.get("zone_id"),
            "EvaluateTargetHealth": bool(alias.get("evaluate_target_health")),
        }
        if alias
        else None,
        "Weight": weighted.get("weight"),
        "HealthCheckId": a.get("health_check_id"),
    }


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's RecordSet: `name` is relative to the zone (none: its apex), the zone by
    `hostedZoneID` or `hostedZoneRef` (a HostedZone manifest, whose name expands it)."""
    s = c.spec
    alias = s.get("aliasTarget")
    records = [r.get("value") for r in s.get("resourceRecords") or () if isinstance(r, dict)]
    attrs = {
        "zone_id": c.ref(s.get("hostedZoneID"), s.get("hostedZoneRef"), "HostedZone"),
        "name": s.get("name") or "",
        "type": s.get("recordType"),
        "set_identifier": s.get("setIdentifier"),
        "ttl": s.get("ttl"),
        "records": records if s.get("resourceRecords") is not None else None,
        "alias": {
            "name": alias.get("dnsName"),
            "zone_id": alias.get("hostedZoneID"),
            "evaluate_target_health": alias.get("evaluateTargetHealth", False),
        }
        if isinstance(alias, dict)
        else None,
        "weighted_routing_policy": {"weight": s["weight"]} if s.get("weight") is not None else None,
        "health_check_id": s.get("healthCheckID"),
    }
    return [c.raw(TYPE, attrs)]


# The external name is Terraform's id, ZONEID_NAME_TYPE[_SETIDENTIFIER].
_xp_external_name = xp_prefixed()


# --- revert ---------------------------------------------------------------------------------


def _record_set(a: Attrs) -> dict[str, Any]:
    """A record set as ChangeResourceRecordSets takes it."""
    out: dict[str, Any] = {"Name": a["name"], "Type": a["type"]}
    if a.get("set_identifier"):
        out["SetIdentifier"] = a["set_identifier"]
    weighted = a.get("weighted_routing_policy") or {}
    if weighted.get("weight") is not None:
        out["Weight"] = int(weighted["weight"])
    alias = a.get("alias") or None
    if alias:
        out["AliasTarget"] = {
            "HostedZoneId": alias.get("zone_id"),
            "DNSName": alias.get("name"),
            "EvaluateTargetHealth": as_bool(alias.get("evaluate_target_health")),
        }
    else:
        if a.get("ttl") is not None:
            out["TTL"] = int(a["ttl"])
        values = [str(v) for v in a.get("records") or ()]
        if a["type"] in QUOTED:
            values = [v if v.startswith('"') else f'"{v}"' for v in values]
        out["ResourceRecords"] = [{"Value": v} for v in values]
    if a.get("health_check_id"):
        out["HealthCheckId"] = a["health_check_id"]
    return out


def _change(ctx: Ctx, zone: Any, action: str, a: Attrs) -> Call:
    batch = {"Changes": [{"Action": action, "ResourceRecordSet": _record_set(a)}]}
    return ctx.call(SERVICE, "change_resource_record_sets", HostedZoneId=zone, ChangeBatch=batch)


def _upsert(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [_change(ctx, after.get("zone_id") or before.get("zone_id"), "UPSERT", after)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    return [_change(ctx, desired["zone_id"], "CREATE", desired)]


def _new_id(ctx: Ctx, desired: Attrs) -> Any:
    zone = desired.get("zone_id")
    if not isinstance(zone, str):
        return pending(ctx)
    return record_id(zone, desired["name"], desired["type"], desired.get("set_identifier"))


def _delete(ctx: Ctx, live_attrs: Attrs, children: list[Resource]) -> list[Call]:
    """DELETE names the record set with every value it holds (the live ones)."""
    return [_change(ctx, live_attrs["zone_id"], "DELETE", live_attrs)]


def _refuse(ctx: Ctx, live_attrs: Attrs, children: list[Resource]) -> str | None:
    """it is the zone's own NS or SOA record set"""
    if _aws_default(Resource(TYPE, str(ctx.id), None, live_attrs)):
        return f"cannot delete {ctx.label}: AWS keeps a zone's apex NS and SOA record sets"
    return None


EVENTS = Events(
    source="route53.amazonaws.com",
    service="route53",
    create=("ChangeResourceRecordSets",),
    change=("ChangeResourceRecordSets",),
    delete=("ChangeResourceRecordSets",),
    ids=(
        "{requestParameters.hostedZoneId}_{requestParameters.changeBatch.changes[].resourceRecordSet.name}_{requestParameters.changeBatch.changes[].resourceRecordSet.type}",
    ),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=ZONE_SCAN,
            events=EVENTS,
            compared=COMPARED,
            sets=frozenset({"records"}),
            natural_keys=(IDENTITY, RELATIVE),
            normalize=_normalize,
            is_aws_default=_aws_default,
            parent=(ZONE, "zone_id"),
            from_terraform={TYPE: _from_tf},
            shape={"alias": "single", "weighted_routing_policy": "single"},
            computed=frozenset({"fqdn"}),
            id_doc="`ZONEID_NAME_TYPE[_SETIDENTIFIER]` (Terraform's)",
            shared=True,
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(SETTABLE, _upsert),),
            fixed={"zone_id": REPLACE, "name": REPLACE, "type": REPLACE, "set_identifier": REPLACE},
            create=Create(_create, dict, _new_id, ("zone_id", "name", "type")),
            delete=Delete(_delete, _refuse),
            unit_id=lambda rid, attrs: str(attrs.get("zone_id") or rid.split("_", 1)[0]),
        ),
    ),
    cfn=(
        CfnType(
            "AWS::Route53::RecordSet",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            properties={
                TYPE: {
                    "ttl": ("scalar", ("TTL",)),
                    "records": ("scalar", ("ResourceRecords",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "route53",
            "Record",
            TYPE,
            external_name=_xp_external_name,
            refs={"zoneId": ("Zone", ("zone_id",))},
            fields={
                "ttl": ("scalar", ("ttl",)),
                "records": ("scalar", ("records",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "route53",
            "RecordSet",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"ttl": ("scalar", ("ttl",))}},
        ),
    ),
)
