"""aws_route53_health_check: a Route 53 health check (of an endpoint, of other health
checks, of a CloudWatch alarm or of a recovery control): what it checks and how (type,
domain name or address, port, path, search string, interval, thresholds, regions),
whether it is inverted or disabled, and its tags.

Live (global, once): ListHealthChecks pages (1,000 a page), whose items hold the whole
configuration, plus ListTagsForResource per check. Health checks another service created
and manages (marked by AWS's `LinkedService`, e.g. Cloud Map's) are AWS's own: never
unmanaged. A check has no name: it is found by its CloudFormation tags, its Name tag, or
what it checks. Terraform's defaults (AWS's too): not disabled, not inverted, no latency
measurement, a 30-second interval, 3 failures, no child checks, no tags. `reference_name`
(a prefix of the caller reference) is not compared. The type, interval, latency
measurement and recovery control are fixed at creation (replace needed: a human decides);
everything else is put back with UpdateHealthCheck (values no longer declared reset with
its ResetElements), the tags with ChangeTagsForResource; a deleted check is created again.
moto keeps no alarm, insufficient-data status nor recovery control, and ignores
ResetElements: those are tested as the calls a revert makes.
"""

from __future__ import annotations

import uuid
from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    as_bool,
    as_int,
    keep,
    new_id,
    pending,
    reader,
    sorted_known,
    tag_items,
    tagger,
    xp_prefixed,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
)
from driftctl.core.model import Resource
from driftctl.resources.route53.common import SERVICE

TYPE = "aws_route53_health_check"
GONE = frozenset({"NoSuchHealthCheck"})
# canonical attribute -> HealthCheckConfig's field (CloudFormation's and the API's)
FIELDS = {
    "type": "Type",
    "fqdn": "FullyQualifiedDomainName",
    "ip_address": "IPAddress",
    "port": "Port",
    "resource_path": "ResourcePath",
    "search_string": "SearchString",
    "request_interval": "RequestInterval",
    "failure_threshold": "FailureThreshold",
    "measure_latency": "MeasureLatency",
    "invert_healthcheck": "Inverted",
    "disabled": "Disabled",
    "enable_sni": "EnableSNI",
    "child_healthchecks": "ChildHealthChecks",
    "child_health_threshold": "HealthThreshold",
    "regions": "Regions",
    "insufficient_data_health_status": "InsufficientDataHealthStatus",
    "routing_control_arn": "RoutingControlArn",
}
# CloudFormation's HealthCheckConfig has all but Disabled
CFN_FIELDS = {name: field for name, field in FIELDS.items() if name != "disabled"}
ALARM = {"cloudwatch_alarm_name": "Name", "cloudwatch_alarm_region": "Region"}
SETTINGS = frozenset({*FIELDS, *ALARM})
COMPARED = SETTINGS | {"tags"}
NUMBERS = ("port", "request_interval", "failure_threshold", "child_health_threshold")
FLAGS = ("measure_latency", "invert_healthcheck", "disabled", "enable_sni")
SETS = ("child_healthchecks", "regions")
FIXED = ("type", "request_interval", "measure_latency", "routing_control_arn")
# UpdateHealthCheck's ResetElements: what it can clear (an attribute no longer declared)
RESETTABLE = {
    "fqdn": "FullyQualifiedDomainName",
    "regions": "Regions",
    "resource_path": "ResourcePath",
    "child_healthchecks": "ChildHealthChecks",
}
DEFAULTS: dict[str, Any] = {
    "disabled": False,
    "invert_healthcheck": False,
    "measure_latency": False,
    "request_interval": 30,
    "failure_threshold": 3,
    "child_healthchecks": [],
    "tags": {},
}


def _settings(config: dict[str, Any], fields: dict[str, str] = FIELDS) -> dict[str, Any]:
    """HealthCheckConfig (the API's or CloudFormation's) as canonical attributes."""
    alarm = config.get("AlarmIdentifier")
    alarm = alarm if isinstance(alarm, dict) else {}
    attrs = {name: config.get(field) for name, field in fields.items()}
    attrs.update({name: alarm.get(field) for name, field in ALARM.items()})
    return attrs


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = ((details.get("tags") or {}).get("ResourceTagSet") or {}).get("Tags")
    attrs = _settings(item.get("HealthCheckConfig") or {})
    attrs.update({name: attrs[name] or [] for name in SETS})
    attrs.update(
        {
            "tags": tag_items(tags),
            **cfn_identity(tags),
            "linked_service": (item.get("LinkedService") or {}).get("ServicePrincipal"),
            "arn": f"arn:aws:route53:::healthcheck/{item['Id']}",
        }
    )
    return [Resource(TYPE, item["Id"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="route53_health_checks",
    service=SERVICE,
    listing=ListCall("list_health_checks", "HealthChecks", page_size=1000),
    details=(
        DetailCall(
            "tags",
            "list_tags_for_resource",
            lambda i: {"ResourceType": "healthcheck", "ResourceId": i["Id"]},
            GONE,
        ),
    ),
    build=build,
    global_service=True,
)


def _read(r: Any, unit: Any) -> list[Resource]:
    """One check: GetHealthCheck, then its tags."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get("HealthCheck")
        return dict(found) if found else None

    read = reader(SCAN, SERVICE, "get_health_check", lambda i: {"HealthCheckId": i}, pick, GONE)
    return read(r, unit)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Numbers as numbers, flags as booleans, the sets sorted, the type upper case (as
    Terraform holds it), and no value for what is empty."""
    out = dict(attrs)
    for name in NUMBERS:
        if isinstance(out.get(name), str):
            out[name] = as_int(out[name])
    for name in FLAGS:
        if isinstance(out.get(name), str):
            out[name] = as_bool(out[name])
    for name in SETS:
        if name in out:
            out[name] = sorted_known(out[name] or [])
    if isinstance(out.get("type"), str):
        out["type"] = out["type"].upper()
    for name in ("fqdn", "ip_address", "resource_path", "search_string"):
        if out.get(name) == "":
            out[name] = None
    return out


def _aws_own(resource: Resource) -> bool:
    """A check another service created and manages (Cloud Map's)."""
    return bool(resource.attrs.get("linked_service"))


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    config = d.props.get("HealthCheckConfig")
    config = config if isinstance(config, dict) else {}
    d.emit(TYPE, {**_settings(config, CFN_FIELDS), "tags": d.tags("HealthCheckTags")})


def _api_config(a: Attrs) -> dict[str, Any]:
    """HealthCheckConfig from canonical attributes: what they set, typed as AWS takes it."""
    config: dict[str, Any] = {}
    for name, field in FIELDS.items():
        value = a.get(name)
        if value in (None, "", []):
            continue
        if name in NUMBERS:
            value = as_int(value)
        elif name in FLAGS:
            value = as_bool(value)
        config[field] = sorted(value) if name in SETS and isinstance(value, list) else value
    alarm = {field: a[name] for name, field in ALARM.items() if a.get(name)}
    if alarm:
        config["AlarmIdentifier"] = alarm
    return config


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    config = _api_config(a)
    config.pop("Disabled", None)
    return {"HealthCheckConfig": config, "HealthCheckTags": cfn_tags(a)}


# ACK's HealthCheckConfig spells the API's fields in lowerCamel case
_ACK = {
    **{name: field[0].lower() + field[1:] for name, field in FIELDS.items()},
    "ip_address": "ipAddress",
    "enable_sni": "enableSNI",
    "routing_control_arn": "routingControlARN",
}


def _ack(c: AckContext) -> list[RawResource]:
    config = c.spec.get("healthCheckConfig")
    config = config if isinstance(config, dict) else {}
    alarm = config.get("alarmIdentifier")
    alarm = alarm if isinstance(alarm, dict) else {}
    attrs = {name: config.get(field) for name, field in _ACK.items()}
    attrs["cloudwatch_alarm_name"] = alarm.get("name")
    attrs["cloudwatch_alarm_region"] = alarm.get("region")
    attrs["tags"] = c.tags(c.spec.get("tags"))
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = {n: after.get(n) for n in SETTINGS - set(FIXED) if n in after}
    params: dict[str, Any] = {"HealthCheckId": ctx.id}
    config = _api_config(changed)
    config.pop("Type", None)
    for name in SETS:  # an emptied set is reset, not sent empty
        if name in changed and not changed[name]:
            config.pop(FIELDS[name], None)
    params.update(config)
    reset = sorted(
        field
        for name, field in RESETTABLE.items()
        if name in changed and changed[name] in (None, "", []) and before.get(name)
    )
    if reset:
        params["ResetElements"] = reset
    return [ctx.call(SERVICE, "update_health_check", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    output = {pending(ctx).name: "HealthCheck.Id"}
    return [
        ctx.producing(
            output,
            SERVICE,
            "create_health_check",
            CallerReference=f"driftctl-{uuid.uuid4()}",
            HealthCheckConfig=_api_config(desired),
        )
    ]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "tags": {}}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_health_check", HealthCheckId=ctx.id)]


TAGS = tagger(
    SERVICE,
    ("change_tags_for_resource", "AddTags"),
    ("change_tags_for_resource", "RemoveTagKeys"),
    lambda ctx, attrs: {"ResourceId": ctx.id},
    extra={"ResourceType": "healthcheck"},
)

EMITS = (TYPE,)

EVENTS = Events(
    source="route53.amazonaws.com",
    service=SERVICE,
    create=("CreateHealthCheck",),
    change=("UpdateHealthCheck", "ChangeTagsForResource"),
    delete=("DeleteHealthCheck",),
    ids=(
        "responseElements.healthCheck.id",
        "requestParameters.healthCheckId",
        "requestParameters.resourceId",
    ),
    touches={"ChangeTagsForResource": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset(SETS),
            natural_keys=(
                CFN_KEY,
                ("tags.Name",),
                ("type", "fqdn", "port", "resource_path"),
                ("type", "ip_address", "port", "resource_path"),
                ("type", "fqdn", "resource_path"),
                ("type", "ip_address", "resource_path"),
                ("type", "fqdn"),
                ("type", "ip_address"),
                ("cloudwatch_alarm_name", "cloudwatch_alarm_region"),
            ),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            is_aws_default=_aws_own,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="health check id (a UUID)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(tuple(sorted(SETTINGS - set(FIXED))), _update),
                Updater(("tags",), TAGS),
            ),
            fixed={name: REPLACE for name in FIXED},
            create=Create(_create, _fresh, new_id, ("type",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Route53::HealthCheck",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"HealthCheckId": ("id",)},
            properties={
                TYPE: {
                    **{
                        name: ("scalar", ("HealthCheckConfig", field))
                        for name, field in CFN_FIELDS.items()
                        if name not in SETS
                    },
                    "tags": ("tags", ("HealthCheckTags",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "route53",
            "HealthCheck",
            TYPE,
            external_name=xp_prefixed(),
            tagged=True,
            fields={
                "port": ("scalar", ("port",)),
                "resource_path": ("scalar", ("resourcePath",)),
                "failure_threshold": ("scalar", ("failureThreshold",)),
                "disabled": ("scalar", ("disabled",)),
                "tags": ("map", ("tags",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "route53",
            "HealthCheck",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "port": ("scalar", ("healthCheckConfig", "port")),
                    "resource_path": ("scalar", ("healthCheckConfig", "resourcePath")),
                    "failure_threshold": ("scalar", ("healthCheckConfig", "failureThreshold")),
                    "disabled": ("scalar", ("healthCheckConfig", "disabled")),
                    "tags": ("tag_list", ("tags",)),
                }
            },
        ),
    ),
)
