"""aws_s3_bucket_cors_configuration: the cross-origin rules of a bucket.

Live: GetBucketCors per bucket ("not configured", NoSuchCORSConfiguration, reads as no
rule: AWS's default, never unmanaged). `cors_rule` is a set in Terraform, and so are
each rule's headers, methods and origins: compared in a canonical order, so an order
changed live is not drift. A revert writes the declared rules whole (PutBucketCors), or
deletes the configuration when none is declared.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.revert import Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource
from driftctl.resources.s3.setting import (
    BUCKET_KEY,
    ID_DOC,
    PARENT,
    BucketSetting,
    bucket_of,
    created_with_bucket,
    passthrough,
    per_bucket,
)

TYPE = "aws_s3_bucket_cors_configuration"

# Terraform's cors_rule attribute -> AWS's CORSRule key (CloudFormation's CorsRule key)
KEYS = {
    "id": ("ID", "Id"),
    "allowed_headers": ("AllowedHeaders", "AllowedHeaders"),
    "allowed_methods": ("AllowedMethods", "AllowedMethods"),
    "allowed_origins": ("AllowedOrigins", "AllowedOrigins"),
    "expose_headers": ("ExposeHeaders", "ExposedHeaders"),
    "max_age_seconds": ("MaxAgeSeconds", "MaxAge"),
}
LISTS = ("allowed_headers", "allowed_methods", "allowed_origins", "expose_headers")
# ACK's CORSRule fields
ACK_KEYS = {
    "id": "id",
    "allowed_headers": "allowedHeaders",
    "allowed_methods": "allowedMethods",
    "allowed_origins": "allowedOrigins",
    "expose_headers": "exposeHeaders",
    "max_age_seconds": "maxAgeSeconds",
}


def _rules(rules: Any, keys: dict[str, str]) -> list[dict[str, Any]]:
    """AWS's (or a template's) rules as Terraform's cors_rule blocks."""
    out = []
    for rule in rules if isinstance(rules, list) else ():
        if isinstance(rule, dict):
            out.append({tf: rule[key] for tf, key in keys.items() if rule.get(key) is not None})
    return out


def _live(response: Any) -> dict[str, Any]:
    rules = (response or {}).get("CORSRules")
    return {"cors_rule": _rules(rules, {tf: aws for tf, (aws, _) in KEYS.items()})}


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    cors = props.get("CorsConfiguration")
    if not isinstance(cors, dict):
        return None
    return {"cors_rule": _rules(cors.get("CorsRules"), {tf: c for tf, (_, c) in KEYS.items()})}


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    cors = spec.get("cors")
    if not isinstance(cors, dict):
        return None
    return {"cors_rule": _rules(cors.get("corsRules"), ACK_KEYS)}


def _tf_inline(value: Any) -> dict[str, Any] | None:
    return {"cors_rule": value} if value else None


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket("cors", "get_bucket_cors", frozenset({"NoSuchCORSConfiguration"})),
    live=_live,
    tf_inline=("cors_rule", _tf_inline),
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
)


def _rule(rule: dict[str, Any]) -> dict[str, Any]:
    """One rule in canonical form: its sets sorted, unset and empty values left out."""
    out: dict[str, Any] = {}
    for key, value in rule.items():
        if key not in KEYS or value is None or value in ("", []):
            continue
        out[key] = sorted(value, key=str) if key in LISTS else value
    if "max_age_seconds" in out:
        with contextlib.suppress(TypeError, ValueError):  # an unknown value: kept as it is
            out["max_age_seconds"] = int(out["max_age_seconds"])
    return out


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    rules = attrs.get("cors_rule")
    if not isinstance(rules, list):
        return attrs
    canonical = [_rule(r) for r in rules if isinstance(r, dict)]
    return {
        **attrs,
        "cors_rule": sorted(canonical, key=lambda r: json.dumps(r, sort_keys=True, default=str)),
    }


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    rules = after.get("cors_rule") or []
    if not rules:
        return [ctx.call("s3", "delete_bucket_cors", Bucket=ctx.id)]
    aws_rules = [{KEYS[k][0]: v for k, v in rule.items() if k in KEYS} for rule in rules]
    return [
        ctx.call("s3", "put_bucket_cors", Bucket=ctx.id, CORSConfiguration={"CORSRules": aws_rules})
    ]


def _remove(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("s3", "delete_bucket_cors", Bucket=ctx.id)]


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketCors",),
    change=("PutBucketCors",),
    delete=("DeleteBucketCors",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"cors_rule"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            normalize=_normalize,
            is_aws_default=lambda r: not r.attrs.get("cors_rule"),
            parent=PARENT,
            from_terraform={TYPE: passthrough(TYPE)},
            id_doc=ID_DOC,
            state_key=_state_key,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("cors_rule",), _put),),
            create=created_with_bucket({"cors_rule": []}),
            delete=Delete(_remove, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketCorsConfiguration",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
        ),
    ),
)
