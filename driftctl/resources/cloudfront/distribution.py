"""aws_cloudfront_distribution: a distribution's state, comment, price class, aliases,
default root object, origins (by id: domain name and path), default cache behavior (its
origin, viewer protocol policy, methods, compression and cache policy), viewer
certificate and tags.

Live (global, once): ListDistributions pages (1000 a page, by Marker), then per
distribution GetDistributionConfig (the listing's summaries lack the default root
object) and ListTagsForResource. Every distribution is the account's own: AWS creates
none by itself. AWS defaults (Terraform's): no comment, aliases or root object, all
price classes, a default cache behavior without compression. A distribution has no name:
it is found by its CloudFormation tags, its aliases, its Name tag, or its comment (two
distributions alike in the first of these a declaration has are an ambiguous match: an
import block chooses). No comment, aliases or root object are held as none. A revert
rewrites the configuration AWS holds (read by the plan, with its ETag) with the declared
values put back, in one UpdateDistribution; an origin added or removed needs a human, as
does the caller reference, and a deleted distribution is not created again (driftctl
holds only part of its configuration). CloudFront's distributions are global: checked against real
Terraform in tests/tf/test_cdn.py (moto deploys a distribution at once).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import as_bool, sorted_known, tag_items, tagger
from driftctl.base.raw import RawResource
from driftctl.base.revert import CannotRevert, Delete, Fact, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    first_block,
)
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_cloudfront_distribution"
SERVICE = "cloudfront"
GONE = frozenset({"NoSuchDistribution"})
TAGS_GONE = frozenset({"NoSuchResource"})  # ListTagsForResource's code for it
CONFIG = (
    "enabled",
    "comment",
    "price_class",
    "aliases",
    "default_root_object",
    "origin",
    "default_cache_behavior",
    "viewer_certificate",
)
COMPARED = frozenset({*CONFIG, "tags"})
DEFAULTS: dict[str, Any] = {
    "comment": "",
    "price_class": "PriceClass_All",
    "aliases": [],
    "default_root_object": "",
    "tags": {},
}
# default_cache_behavior key -> DefaultCacheBehavior field (methods are apart)
BEHAVIOR = {
    "target_origin_id": "TargetOriginId",
    "viewer_protocol_policy": "ViewerProtocolPolicy",
    "compress": "Compress",
    "cache_policy_id": "CachePolicyId",
}
BEHAVIOR_DEFAULTS: dict[str, Any] = {"compress": False}
# viewer_certificate key -> ViewerCertificate field
CERTIFICATE = {
    "cloudfront_default_certificate": "CloudFrontDefaultCertificate",
    "acm_certificate_arn": "ACMCertificateArn",
    "iam_certificate_id": "IAMCertificateId",
    "minimum_protocol_version": "MinimumProtocolVersion",
    "ssl_support_method": "SSLSupportMethod",
}
# CloudFormation spells three of them its own way
CFN_CERTIFICATE = {
    **CERTIFICATE,
    "acm_certificate_arn": "AcmCertificateArn",
    "iam_certificate_id": "IamCertificateId",
    "ssl_support_method": "SslSupportMethod",
}
ORIGIN_KEYS = ("origin_id", "domain_name", "origin_path")


def _items(block: Any) -> list[Any]:
    """CloudFront's {"Quantity": n, "Items": [...]} as its items."""
    return list((block or {}).get("Items") or ()) if isinstance(block, Mapping) else []


def _origin(found: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "origin_id": found.get("Id"),
        "domain_name": found.get("DomainName"),
        "origin_path": found.get("OriginPath") or "",
    }


def _behavior(found: Mapping[str, Any]) -> dict[str, Any]:
    methods = found.get("AllowedMethods") or {}
    out = {k: found.get(f) for k, f in BEHAVIOR.items()}
    out["allowed_methods"] = sorted(_items(methods))
    out["cached_methods"] = sorted(_items(methods.get("CachedMethods")))
    return _clean(out)


def _certificate(found: Mapping[str, Any]) -> dict[str, Any]:
    return _clean({k: found.get(f) for k, f in CERTIFICATE.items()})


def _clean(block: Mapping[str, Any]) -> dict[str, Any]:
    """A block without its empty values (AWS answers "" for what is not set)."""
    return {k: v for k, v in block.items() if v is not None and v != ""}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    answer = details.get("config")
    if answer is None:
        return []  # deleted between the listing and the read
    config = answer.get("DistributionConfig") or {}
    tags = ((details.get("tags") or {}).get("Tags") or {}).get("Items")
    attrs = {
        "enabled": bool(config.get("Enabled")),
        "comment": config.get("Comment") or "",
        "price_class": config.get("PriceClass") or "PriceClass_All",
        "aliases": sorted(_items(config.get("Aliases"))),
        "default_root_object": config.get("DefaultRootObject") or "",
        "origin": sorted(
            (_origin(o) for o in _items(config.get("Origins"))), key=lambda o: o["origin_id"]
        ),
        "default_cache_behavior": _behavior(config.get("DefaultCacheBehavior") or {}),
        "viewer_certificate": _certificate(config.get("ViewerCertificate") or {}),
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": item.get("ARN"),
        "domain_name": item.get("DomainName"),
        "status": item.get("Status"),
        "etag": answer.get("ETag"),
        "caller_reference": config.get("CallerReference"),
        "hosted_zone_id": "Z2FDTNDATAQYW2",  # CloudFront's one zone for alias records
    }
    return [Resource(TYPE, item["Id"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="cloudfront_distributions",
    service=SERVICE,
    listing=ListCall("list_distributions", "DistributionList.Items", page_size=1000),
    details=(
        DetailCall("config", "get_distribution_config", lambda i: {"Id": i["Id"]}, GONE),
        DetailCall("tags", "list_tags_for_resource", lambda i: {"Resource": i["ARN"]}, TAGS_GONE),
    ),
    build=build,
    global_service=True,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    answer = reader.call(SERVICE, unit.region, "get_distribution", {"Id": unit.id}, gone=GONE)
    found = (answer or {}).get("Distribution")
    if not found:
        return []
    item = {"Id": found["Id"], "ARN": found.get("ARN"), "DomainName": found.get("DomainName")}
    item["Status"] = found.get("Status")
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


# --- both sides -------------------------------------------------------------------------------


def _origin_key(origin: Any) -> str:
    return str(origin.get("origin_id")) if isinstance(origin, dict) else ""


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if isinstance(out.get("enabled"), str):
        out["enabled"] = as_bool(out["enabled"])
    for name in ("comment", "default_root_object"):  # "" is none (and no natural key)
        if out.get(name) == "":
            out[name] = None
    if "aliases" in out:
        out["aliases"] = sorted_known(out["aliases"]) or None
    if isinstance(out.get("origin"), list):
        origins = [
            {k: o.get(k) or ("" if k == "origin_path" else None) for k in ORIGIN_KEYS}
            if isinstance(o, dict)
            else o
            for o in out["origin"]
        ]
        out["origin"] = sorted(origins, key=_origin_key)
    behavior = out.get("default_cache_behavior")
    if isinstance(behavior, dict):
        behavior = _clean(behavior)
        for key in ("allowed_methods", "cached_methods"):
            if key in behavior:
                behavior[key] = sorted_known(behavior[key])
        if isinstance(behavior.get("compress"), str):
            behavior["compress"] = as_bool(behavior["compress"])
        out["default_cache_behavior"] = behavior
    certificate = out.get("viewer_certificate")
    if isinstance(certificate, dict):
        certificate = _clean(certificate)
        flag = certificate.get("cloudfront_default_certificate")
        if isinstance(flag, str):
            certificate["cloudfront_default_certificate"] = as_bool(flag)
        out["viewer_certificate"] = certificate
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    if isinstance(attrs.get("origin"), list):
        attrs["origin"] = [
            {k: o.get(k) for k in ORIGIN_KEYS if k in o} if isinstance(o, dict) else o
            for o in attrs["origin"]
        ]
    if "default_cache_behavior" in attrs:
        block = first_block(attrs["default_cache_behavior"])
        keys = (*BEHAVIOR, "allowed_methods", "cached_methods")
        kept = {k: v for k, v in block.items() if k in keys}
        attrs["default_cache_behavior"] = {**BEHAVIOR_DEFAULTS, **kept}
    if "viewer_certificate" in attrs:
        block = first_block(attrs["viewer_certificate"])
        attrs["viewer_certificate"] = {k: v for k, v in block.items() if k in CERTIFICATE}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane ---------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::CloudFront::Distribution: its DistributionConfig, read like the live one."""
    config = d.props.get("DistributionConfig")
    config = config if isinstance(config, dict) else {}
    origins = config.get("Origins")
    behavior = config.get("DefaultCacheBehavior")
    certificate = config.get("ViewerCertificate")
    attrs: dict[str, Any] = {
        "enabled": config.get("Enabled"),
        "comment": config.get("Comment"),
        "price_class": config.get("PriceClass"),
        "aliases": config.get("Aliases"),
        "default_root_object": config.get("DefaultRootObject"),
        # CloudFormation lists origins, methods and aliases as plain lists
        "origin": [_origin(o) for o in origins if isinstance(o, dict)]
        if isinstance(origins, list)
        else None,
        "default_cache_behavior": {
            **BEHAVIOR_DEFAULTS,
            **_clean({k: behavior.get(f) for k, f in BEHAVIOR.items()}),
            **{
                k: behavior[f]
                for k, f in (
                    ("allowed_methods", "AllowedMethods"),
                    ("cached_methods", "CachedMethods"),
                )
                if isinstance(behavior.get(f), list)
            },
        }
        if isinstance(behavior, dict)
        else None,
        "viewer_certificate": _clean({k: certificate.get(f) for k, f in CFN_CERTIFICATE.items()})
        if isinstance(certificate, dict)
        else None,
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    behavior = a.get("default_cache_behavior") or {}
    certificate = a.get("viewer_certificate") or {}
    config = {
        "Enabled": a.get("enabled"),
        "Comment": a.get("comment") or None,
        "PriceClass": a.get("price_class"),
        "Aliases": a.get("aliases") or None,
        "DefaultRootObject": a.get("default_root_object") or None,
        "Origins": [
            {"Id": o["origin_id"], "DomainName": o["domain_name"], "OriginPath": o["origin_path"]}
            for o in a.get("origin") or ()
        ],
        "DefaultCacheBehavior": {
            **{f: behavior[k] for k, f in BEHAVIOR.items() if k in behavior},
            "AllowedMethods": behavior.get("allowed_methods"),
            "CachedMethods": behavior.get("cached_methods"),
        },
        "ViewerCertificate": {
            f: certificate[k] for k, f in CFN_CERTIFICATE.items() if k in certificate
        },
    }
    return {"DistributionConfig": config, "Tags": cfn_tags(a)}


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The external name is the distribution's id once CloudFront assigned it."""
    return external if external and external != name else None


_ACK_BEHAVIOR = {
    "target_origin_id": "targetOriginID",
    "viewer_protocol_policy": "viewerProtocolPolicy",
    "compress": "compress",
    "cache_policy_id": "cachePolicyID",
}
_ACK_CERTIFICATE = {
    "cloudfront_default_certificate": "cloudFrontDefaultCertificate",
    "acm_certificate_arn": "acmCertificateARN",
    "iam_certificate_id": "iamCertificateID",
    "minimum_protocol_version": "minimumProtocolVersion",
    "ssl_support_method": "sslSupportMethod",
}


def _ack_items(block: Any) -> list[Any] | None:
    return list(block.get("items") or ()) if isinstance(block, dict) else None


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's Distribution: spec.distributionConfig in the API's shape ({items: [...]})."""
    config = c.spec.get("distributionConfig")
    config = config if isinstance(config, dict) else {}
    behavior = config.get("defaultCacheBehavior")
    certificate = config.get("viewerCertificate")
    origins = _ack_items(config.get("origins"))
    attrs: dict[str, Any] = {
        "enabled": config.get("enabled"),
        "comment": config.get("comment"),
        "price_class": config.get("priceClass"),
        "aliases": _ack_items(config.get("aliases")),
        "default_root_object": config.get("defaultRootObject"),
        "origin": [
            {
                "origin_id": o.get("id"),
                "domain_name": o.get("domainName"),
                "origin_path": o.get("originPath") or "",
            }
            for o in origins
            if isinstance(o, dict)
        ]
        if origins is not None
        else None,
        "default_cache_behavior": None,
        "viewer_certificate": None,
        "tags": c.tags(c.spec.get("tags")),
    }
    if isinstance(behavior, dict):
        methods = behavior.get("allowedMethods")
        block = {k: behavior.get(f) for k, f in _ACK_BEHAVIOR.items()}
        block["allowed_methods"] = _ack_items(methods)
        block["cached_methods"] = _ack_items((methods or {}).get("cachedMethods"))
        attrs["default_cache_behavior"] = {**BEHAVIOR_DEFAULTS, **_clean(block)}
    if isinstance(certificate, dict):
        block = {k: certificate.get(f) for k, f in _ACK_CERTIFICATE.items()}
        attrs["viewer_certificate"] = _clean(block)
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _quantity(items: list[Any]) -> dict[str, Any]:
    return {"Quantity": len(items), "Items": items}


def _origins(config: dict[str, Any], origins: list[Any]) -> None:
    held = {o.get("Id"): o for o in _items(config.get("Origins"))}
    wanted = {o.get("origin_id"): o for o in origins if isinstance(o, dict)}
    if set(held) != set(wanted):
        raise CannotRevert(
            "origins added or removed: CloudFront needs each origin's whole configuration "
            "(replace needed: a human decides, e.g. with terraform apply)"
        )
    for origin_id, origin in wanted.items():
        held[origin_id]["DomainName"] = origin.get("domain_name")
        held[origin_id]["OriginPath"] = origin.get("origin_path") or ""


def _put_behavior(config: dict[str, Any], behavior: Mapping[str, Any]) -> None:
    held = config.setdefault("DefaultCacheBehavior", {})
    for key, field in BEHAVIOR.items():
        if key in behavior:
            held[field] = as_bool(behavior[key]) if key == "compress" else behavior[key]
    methods = held.setdefault("AllowedMethods", {})
    if "allowed_methods" in behavior:
        methods.update(_quantity(sorted(behavior["allowed_methods"])))
    if "cached_methods" in behavior:
        methods["CachedMethods"] = _quantity(sorted(behavior["cached_methods"]))


def _put_certificate(config: dict[str, Any], certificate: Mapping[str, Any]) -> None:
    held = config.setdefault("ViewerCertificate", {})
    for key, field in CERTIFICATE.items():
        if key in certificate:
            value = certificate[key]
            held[field] = as_bool(value) if key == "cloudfront_default_certificate" else value
    held.pop("Certificate", None)  # deprecated: AWS rejects it beside the fields above
    held.pop("CertificateSource", None)


def _from_attrs(before: Attrs) -> dict[str, Any]:
    """The configuration driftctl's attributes describe, where the plan did not read the
    one AWS holds (an origin then has only its domain and path)."""
    config: dict[str, Any] = {
        "CallerReference": str(before.get("caller_reference") or ""),
        "Origins": _quantity(
            [
                {"Id": o.get("origin_id"), "DomainName": o.get("domain_name")}
                for o in before.get("origin") or ()
                if isinstance(o, dict)
            ]
        ),
        "DefaultCacheBehavior": {},
        "Comment": "",
        "Enabled": False,
    }
    _put_behavior(config, before.get("default_cache_behavior") or {})
    return config


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """UpdateDistribution: the configuration AWS holds, with the declared values put back."""
    read = ctx.facts.get("config") or {}
    held = read.get("DistributionConfig")
    config = copy.deepcopy(held) if isinstance(held, dict) else _from_attrs(before)
    scalars = {
        "enabled": "Enabled",
        "comment": "Comment",
        "price_class": "PriceClass",
        "default_root_object": "DefaultRootObject",
    }
    for key, field in scalars.items():
        if key in after:
            value = after[key]
            config[field] = as_bool(value) if key == "enabled" else (value or "")
    if "aliases" in after:
        config["Aliases"] = _quantity(sorted(after["aliases"] or []))
    if "origin" in after:
        _origins(config, list(after["origin"] or []))
    if "default_cache_behavior" in after:
        _put_behavior(config, after["default_cache_behavior"] or {})
    if "viewer_certificate" in after:
        _put_certificate(config, after["viewer_certificate"] or {})
    etag = read.get("ETag") or before.get("etag") or ""
    return [
        ctx.call(
            SERVICE, "update_distribution", Id=ctx.id, IfMatch=str(etag), DistributionConfig=config
        )
    ]


TAGS = tagger(
    SERVICE,
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {"Resource": attrs.get("arn") or _arn(ctx)},
    shape=lambda tags: {"Items": [{"Key": k, "Value": v} for k, v in sorted(tags.items())]},
)


def _arn(ctx: Ctx) -> str:
    return f"arn:aws:cloudfront::{ctx.account}:distribution/{ctx.id}"


def _untag_keys(calls: list[Call]) -> list[Call]:
    """UntagResource takes its keys as {"Items": [...]}."""
    out = []
    for call in calls:
        if call.operation == "untag_resource":
            keys = call.params["TagKeys"]
            call = Call(call.service, call.operation, {**call.params, "TagKeys": {"Items": keys}},
                        call.region, dict(call.outputs))  # fmt: skip
        out.append(call)
    return out


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return _untag_keys(TAGS(ctx, before, after))


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call(SERVICE, "delete_distribution", Id=ctx.id, IfMatch=str(live.get("etag") or ""))
    ]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    if as_bool(live.get("enabled")):
        return (
            f"cannot delete {ctx.label}: CloudFront deletes only a disabled, deployed "
            "distribution (disable it and wait for the deployment first)"
        )
    return None


EVENTS = Events(
    source="cloudfront.amazonaws.com",
    service="cloudfront",
    create=(
        "CreateDistribution",
        "CreateDistributionWithTags",
    ),
    change=(
        "UpdateDistribution",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteDistribution",),
    ids=(
        "responseElements.distribution.id",
        "requestParameters.id",
    ),
    touches={
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
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
            sets=frozenset({"aliases", "origin"}),
            natural_keys=(CFN_KEY, ("aliases",), ("tags.Name",), ("comment",)),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: _from_tf},
            tags=True,
            shape={"default_cache_behavior": "single", "viewer_certificate": "single"},
            computed=frozenset(
                {"arn", "domain_name", "status", "etag", "caller_reference", "hosted_zone_id"}
            ),
            id_doc="distribution id (`E…`)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(CONFIG, _update),
                Updater(("tags",), _tags),
            ),
            delete=Delete(_delete, _refuse),
            facts=(
                Fact(
                    "config",
                    SERVICE,
                    "get_distribution_config",
                    lambda ctx, live: {"Id": ctx.id},
                    frozenset({"update"}),
                ),
            ),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::CloudFront::Distribution",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"DomainName": ("domain_name",), "Id": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudfront",
            "Distribution",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={"tags": ("map", ("tags",))},
        ),
    ),
    ack=(AckKind("cloudfront", "Distribution", TYPE, _ack, emits=(TYPE,)),),
)
