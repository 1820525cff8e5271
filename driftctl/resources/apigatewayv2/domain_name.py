"""aws_apigatewayv2_domain_name: a custom domain name of API Gateway (HTTP, WebSocket and
REST APIs map to it): its name, its configuration (ACM certificate, endpoint type,
security policy, IP address type, ownership verification certificate) and tags.

Live: GetDomainNames pages, nothing per domain (the listed domain carries its
configuration and tags). AWS makes no domain names of its own. The configuration is
compared in the fields declared: API Gateway fills the target domain name, hosted zone
and status (Terraform's computed), and the IP address type and ownership certificate
where the declaration leaves them out. Mutual TLS is not compared yet.

Revert: UpdateDomainName puts back the configuration (moto has none: the tests answer it,
tests/tf/moto_gaps.py), TagResource and UntagResource the tags; the name is the domain
itself (replace needed: a human decides). moto keeps a domain's tags as created: a tag
revert is checked call by call.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import (
    REPLACE,
    keep,
    map_cfn_identity,
    map_tags,
    reader,
    tagger,
    xp_same_name,
)
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import CFN_KEY, Details, Item, ListCall, ResourceType, ScanSpec, first_block
from driftctl.core.model import Resource
from driftctl.resources.apigatewayv2 import api

TYPE = "aws_apigatewayv2_domain_name"
SERVICE = api.SERVICE
GONE = api.GONE
# domain_name_configuration field -> AWS's key
CONFIG = {
    "certificate_arn": "CertificateArn",
    "endpoint_type": "EndpointType",
    "security_policy": "SecurityPolicy",
    "ip_address_type": "IpAddressType",
    "ownership_verification_certificate_arn": "OwnershipVerificationCertificateArn",
    "target_domain_name": "ApiGatewayDomainName",
    "hosted_zone_id": "HostedZoneId",
}
# what a declaration writes (and CloudFormation declares): API Gateway fills the rest
WRITTEN = ("certificate_arn", "endpoint_type", "security_policy", "ip_address_type")
COMPARED = frozenset({"domain_name", "domain_name_configuration", "tags"})


def _config(found: Any, names: Any = CONFIG) -> dict[str, Any]:
    held = found[0] if isinstance(found, list) and found else found
    if not isinstance(held, dict):
        return {}
    return {name: held[CONFIG[name]] for name in names if held.get(CONFIG[name]) is not None}


def domain_arn(region: str, name: Any) -> str:
    return f"arn:aws:apigateway:{region}::/domainnames/{name}"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = item.get("Tags")
    attrs = {
        "domain_name": item["DomainName"],
        "domain_name_configuration": _config(item.get("DomainNameConfigurations")),
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
        "arn": item.get("DomainNameArn"),
        "api_mapping_selection_expression": item.get("ApiMappingSelectionExpression"),
    }
    return [Resource(TYPE, item["DomainName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="apigatewayv2_domain_names",
    service=SERVICE,
    listing=ListCall("get_domain_names", "Items"),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The configuration as one dict (Terraform's block)."""
    if isinstance(attrs.get("domain_name_configuration"), list):
        block = first_block(attrs["domain_name_configuration"])
        return {**attrs, "domain_name_configuration": dict(block)}
    return attrs


def _declared_id(attrs: dict[str, Any]) -> str | None:
    name = attrs.get("domain_name")
    return name if isinstance(name, str) else None


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    configs = p.get("DomainNameConfigurations")
    tags = p.get("Tags")
    d.emit(
        TYPE,
        {
            "domain_name": p.get("DomainName"),
            "domain_name_configuration": (
                _config(configs, WRITTEN) if isinstance(configs, list) else None
            ),
            "tags": map_tags(tags) if isinstance(tags, dict) else {},
        },
    )


def _aws_config(attrs: Attrs) -> list[dict[str, Any]]:
    block = first_block(attrs.get("domain_name_configuration"))
    return [{CONFIG[n]: block[n] for n in WRITTEN if block.get(n) is not None}]


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "DomainName": a.get("domain_name"),
        "DomainNameConfigurations": _aws_config(a),
        "Tags": dict(a.get("tags") or {}) or None,
    }


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [
        ctx.call(
            SERVICE,
            "update_domain_name",
            DomainName=ctx.id,
            DomainNameConfigurations=_aws_config(after),
        )
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "DomainName": desired["domain_name"],
        "DomainNameConfigurations": _aws_config(desired),
    }
    if desired.get("tags"):
        params["Tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.call(SERVICE, "create_domain_name", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_domain_name", DomainName=ctx.id)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["domain_name"])


def _read(r: Any, unit: Any) -> list[Resource]:
    """One domain: GetDomainName by its name gives the listed item."""

    def pick(answer: Any) -> Item | None:
        return dict(answer) if answer and answer.get("DomainName") else None

    params = {"DomainName": unit.id}
    return reader(SCAN, SERVICE, "get_domain_name", lambda rid: params, pick, GONE)(r, unit)


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateDomainName",),
    change=("UpdateDomainName", "TagResource", "UntagResource"),
    delete=("DeleteDomainName",),
    ids=("requestParameters.domainName",),
    touches={
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
        "UpdateDomainName": frozenset({"domain_name_configuration"}),
    },
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(CFN_KEY, ("domain_name",)),
            declared_id=_declared_id,
            declared_defaults={"tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            shape={"domain_name_configuration": "single"},
            tags=True,
            computed=frozenset({"arn", "api_mapping_selection_expression"}),
            id_doc="the domain name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("domain_name_configuration",), _update),
                Updater(
                    ("tags",),
                    tagger(
                        SERVICE,
                        ("tag_resource", "Tags"),
                        ("untag_resource", "TagKeys"),
                        lambda ctx, attrs: {"ResourceArn": domain_arn(ctx.region, ctx.id)},
                        shape=dict,
                    ),
                ),
            ),
            fixed={"domain_name": REPLACE},
            create=Create(_create, dict, _new_id, ("domain_name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ApiGatewayV2::DomainName",
            _cfn,
            emits=EMITS,
            ref=("domain_name",),
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "DomainName",
            TYPE,
            external_name=xp_same_name("domain_name"),
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
)
