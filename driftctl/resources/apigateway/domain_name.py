"""aws_api_gateway_domain_name: a custom domain name of REST APIs: its certificate (edge)
or regional certificate, its endpoint types, TLS security policy, mutual TLS truststore,
ownership verification certificate and tags.

Live: GetDomainNames pages (500 a call; tags come with each domain), nothing per
domain. AWS creates none of its own. The endpoint types are compared where a
configuration declares them (unset, AWS picks EDGE), and so is the security policy
(unset, AWS picks TLS_1_2 or TLS_1_0 by endpoint); unset, there is no certificate,
regional certificate, truststore nor ownership certificate (Terraform's defaults). What
a certificate is uploaded with (`certificate_body`, `certificate_chain`,
`certificate_private_key`, the certificate names) AWS never answers back: not compared;
nor are a private domain's `policy` and the endpoint's IP address type. UpdateDomainName's
PATCH operations put back the certificates, endpoint type, security policy and
truststore, TagResource and UntagResource the tags; the name is fixed ("replace
needed"); a deleted domain is created again.

moto (5.x) has no UpdateDomainName and tags no domain after its creation: the type's
tests seed a changed domain with boto3 and check the plan's calls; the tf group deletes
a domain by hand.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, map_cfn_identity, map_tags, reader, xp_same_name
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, same
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    first_block,
)
from driftctl.core.model import Resource, is_known
from driftctl.resources.apigateway.common import (
    DOMAIN_NAME,
    SERVICE,
    api_arn,
    arn_tagger,
    replaced,
)

TYPE = DOMAIN_NAME
# canonical attribute -> GetDomainNames' (and CreateDomainName's) field
FIELDS = {
    "certificate_arn": "certificateArn",
    "regional_certificate_arn": "regionalCertificateArn",
    "security_policy": "securityPolicy",
    "ownership_verification_certificate_arn": "ownershipVerificationCertificateArn",
}
TLS = {"truststore_uri": "truststoreUri", "truststore_version": "truststoreVersion"}
SETTINGS = (*FIELDS, "endpoint_configuration", "mutual_tls_authentication")
COMPARED = frozenset({"domain_name", *SETTINGS, "tags"})
_PATHS = {n: f"/{key}" for n, key in FIELDS.items()}
_TEXT = ("certificate_arn", "regional_certificate_arn", "ownership_verification_certificate_arn")


def _tls(found: Any, keys: dict[str, str] = TLS) -> dict[str, Any] | None:
    if not isinstance(found, dict) or not found.get(keys["truststore_uri"]):
        return None
    return {n: found.get(key) or "" for n, key in keys.items()}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    name = str(item["domainName"])
    endpoint = item.get("endpointConfiguration")
    attrs: dict[str, Any] = {n: item.get(key) or "" for n, key in FIELDS.items()}
    attrs.update(
        {
            "domain_name": name,
            "endpoint_configuration": (
                {"types": list(endpoint.get("types") or ())} if isinstance(endpoint, dict) else None
            ),
            "mutual_tls_authentication": _tls(item.get("mutualTlsAuthentication")),
            "tags": map_tags(item.get("tags")),
            **map_cfn_identity(item.get("tags")),
            "arn": api_arn(region, f"/domainnames/{name}"),
            "regional_domain_name": item.get("regionalDomainName"),
            "regional_zone_id": item.get("regionalHostedZoneId"),
            "cloudfront_domain_name": item.get("distributionDomainName"),
            "cloudfront_zone_id": item.get("distributionHostedZoneId"),
        }
    )
    return [Resource(TYPE, name, None, _normalize(attrs), region=region)]


SCAN = ScanSpec(
    name="apigateway_domain_names",
    service=SERVICE,
    listing=ListCall("get_domain_names", "items", page_size=500),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """None as Terraform's empty values; the endpoint as its types alone; mutual TLS as
    one block (none without a truststore)."""
    out = dict(attrs)
    for name in _TEXT:
        if name in out and out[name] is None:
            out[name] = ""
    endpoint = out.get("endpoint_configuration")
    if endpoint is not None and is_known(endpoint):
        block = first_block(endpoint)
        out["endpoint_configuration"] = {"types": block.get("types")} if block else None
    tls = out.get("mutual_tls_authentication")
    if tls is not None and is_known(tls):
        block = first_block(tls)
        out["mutual_tls_authentication"] = (
            {n: block.get(n) or "" for n in TLS} if block.get("truststore_uri") else None
        )
    return out


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    endpoint = p.get("EndpointConfiguration")
    attrs = {
        "domain_name": p.get("DomainName"),
        "certificate_arn": p.get("CertificateArn"),
        "regional_certificate_arn": p.get("RegionalCertificateArn"),
        "security_policy": p.get("SecurityPolicy"),
        "ownership_verification_certificate_arn": p.get("OwnershipVerificationCertificateArn"),
        "endpoint_configuration": (
            {"types": endpoint.get("Types")} if isinstance(endpoint, dict) else None
        ),
        "mutual_tls_authentication": _tls(
            p.get("MutualTlsAuthentication"),
            {"truststore_uri": "TruststoreUri", "truststore_version": "TruststoreVersion"},
        ),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    endpoint, tls = a.get("endpoint_configuration"), a.get("mutual_tls_authentication")
    return {
        "DomainName": a.get("domain_name"),
        "CertificateArn": a.get("certificate_arn") or None,
        "RegionalCertificateArn": a.get("regional_certificate_arn") or None,
        "SecurityPolicy": a.get("security_policy") or None,
        "OwnershipVerificationCertificateArn": (
            a.get("ownership_verification_certificate_arn") or None
        ),
        "EndpointConfiguration": {"Types": endpoint.get("types")} if endpoint else None,
        "MutualTlsAuthentication": (
            {
                "TruststoreUri": tls.get("truststore_uri"),
                "TruststoreVersion": tls.get("truststore_version") or None,
            }
            if tls
            else None
        ),
        "Tags": cfn_tags(a),
    }


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """One UpdateDomainName with a PATCH operation per changed setting."""
    ops = replaced(before, after, _PATHS)
    old = (before.get("endpoint_configuration") or {}).get("types") or []
    new = (after.get("endpoint_configuration") or {}).get("types")
    if new is not None and list(old) != list(new) and len(old) == 1 == len(new):
        path = f"/endpointConfiguration/types/{old[0]}"
        ops.append({"op": "replace", "path": path, "value": new[0]})
    if "mutual_tls_authentication" in after:
        tls_before, tls_after = (
            before.get("mutual_tls_authentication"),
            after["mutual_tls_authentication"],
        )
        if not same(tls_before, tls_after):
            tls = tls_after or {}
            ops += [
                {"op": "replace", "path": f"/mutualTlsAuthentication/{key}",
                 "value": str(tls.get(n) or "")}
                for n, key in TLS.items()
            ]  # fmt: skip
    if not ops:
        return []
    return [ctx.call(SERVICE, "update_domain_name", domainName=ctx.id, patchOperations=ops)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        key: desired[n] for n, key in FIELDS.items() if desired.get(n) not in (None, "")
    }
    endpoint = desired.get("endpoint_configuration")
    if endpoint and endpoint.get("types"):
        params["endpointConfiguration"] = {"types": list(endpoint["types"])}
    tls = desired.get("mutual_tls_authentication")
    if tls:
        params["mutualTlsAuthentication"] = {
            key: tls[n] for n, key in TLS.items() if tls.get(n) not in (None, "")
        }
    if desired.get("tags"):
        params["tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.call(SERVICE, "create_domain_name", domainName=desired["domain_name"], **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["domain_name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_domain_name", domainName=ctx.id)]


def _item(answer: Any) -> Item | None:
    return dict(answer) if answer and answer.get("domainName") else None


EMITS = (TYPE,)

EVENTS = Events(
    source="apigateway.amazonaws.com",
    service=SERVICE,
    create=("CreateDomainName",),
    change=("UpdateDomainName",),
    delete=("DeleteDomainName",),
    ids=("requestParameters.domainName",),
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
            declared_id=lambda a: a.get("domain_name"),
            declared_defaults={
                "certificate_arn": "",
                "regional_certificate_arn": "",
                "ownership_verification_certificate_arn": "",
                "mutual_tls_authentication": None,
                "tags": {},
            },
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            shape={"endpoint_configuration": "single", "mutual_tls_authentication": "single"},
            computed=frozenset(
                {
                    "arn",
                    "regional_domain_name",
                    "regional_zone_id",
                    "cloudfront_domain_name",
                    "cloudfront_zone_id",
                }
            ),
            id_doc="the domain name",
            after=("aws_acm_certificate",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(SETTINGS, _update),
                Updater(("tags",), arn_tagger(lambda ctx, a: f"/domainnames/{ctx.id}")),
            ),
            fixed={"domain_name": REPLACE},
            create=Create(_create, dict, _new_id, ("domain_name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            SERVICE,
            "get_domain_name",
            lambda rid: {"domainName": rid},
            _item,
            frozenset({"NotFoundException"}),
        )
    },
    cfn=(
        CfnType(
            "AWS::ApiGateway::DomainName",
            _cfn,
            emits=EMITS,
            ref=("domain_name",),
            getatt={
                "DistributionDomainName": ("cloudfront_domain_name",),
                "DistributionHostedZoneId": ("cloudfront_zone_id",),
                "RegionalDomainName": ("regional_domain_name",),
                "RegionalHostedZoneId": ("regional_zone_id",),
            },
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "DomainName",
            TYPE,
            external_name=xp_same_name("domain_name"),
            refs={
                "certificateArn": ("Certificate", ("arn",)),
                "regionalCertificateArn": ("Certificate", ("arn",)),
            },
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
)
