"""aws_s3_bucket_website_configuration: a bucket served as a website (index and error
documents, or a redirect of every request, and routing rules).

Live: GetBucketWebsite per bucket ("not configured", NoSuchWebsiteConfiguration, reads
as nothing set: AWS's default, never unmanaged). Routing rules declared as blocks
(`routing_rule`) or as JSON (`routing_rules`, AWS's own shape) compare the same. The
provider-v3 inline `website` block of aws_s3_bucket, CloudFormation's
WebsiteConfiguration and ACK's website are read as this type. A revert writes the
declared configuration whole (PutBucketWebsite), or deletes it when none is declared.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.raw import RawResource
from driftctl.base.revert import Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType, first_block
from driftctl.core.model import Resource
from driftctl.resources.s3.setting import (
    BUCKET_KEY,
    ID_DOC,
    PARENT,
    BucketSetting,
    bucket_of,
    created_with_bucket,
    per_bucket,
    plain,
)

TYPE = "aws_s3_bucket_website_configuration"
SINGLE = ("index_document", "error_document", "redirect_all_requests_to")
RULE_PARTS = ("condition", "redirect")
NOTHING: dict[str, Any] = {**{k: {} for k in SINGLE}, "routing_rule": []}


def snake(name: str) -> str:
    """AWS's `ReplaceKeyPrefixWith` (or ACK's `replaceKeyPrefixWith`) as Terraform's
    `replace_key_prefix_with`."""
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def _snake_dict(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        return {}
    return {snake(k): v for k, v in value.items() if v is not None}


def _rules(rules: Any, condition: str, redirect: str) -> list[dict[str, Any]]:
    """AWS's (or a template's) routing rules as Terraform's routing_rule blocks."""
    out = []
    for rule in rules if isinstance(rules, list) else ():
        if isinstance(rule, dict):
            out.append(
                {
                    "condition": _snake_dict(rule.get(condition)),
                    "redirect": _snake_dict(rule.get(redirect)),
                }
            )
    return out


def _from_aws(conf: dict[str, Any], condition: str = "Condition") -> dict[str, Any]:
    """A website configuration in AWS's (or ACK's, camelCase) shape, as Terraform's."""
    keys = {snake(k): v for k, v in conf.items()}
    rules = keys.get("routing_rules")
    return {
        **{k: _snake_dict(keys.get(k)) for k in SINGLE},
        "routing_rule": _rules(
            rules, condition, "Redirect" if condition[0].isupper() else "redirect"
        ),
    }


def _live(response: Any) -> dict[str, Any]:
    if not response:
        return dict(NOTHING)
    return _from_aws({k: v for k, v in response.items() if k != "ResponseMetadata"})


def _tf_inline(value: Any) -> dict[str, Any] | None:
    """aws_s3_bucket's inline `website { index_document = "index.html" ... }` (v3)."""
    block = first_block(value)
    if not block:
        return None
    out: dict[str, Any] = {}
    if block.get("index_document"):
        out["index_document"] = {"suffix": block["index_document"]}
    if block.get("error_document"):
        out["error_document"] = {"key": block["error_document"]}
    redirect = block.get("redirect_all_requests_to")
    if isinstance(redirect, str) and redirect:
        protocol, _, host = redirect.rpartition("://")
        out["redirect_all_requests_to"] = drop_empty({"host_name": host, "protocol": protocol})
    if block.get("routing_rules"):
        out["routing_rules"] = block["routing_rules"]
    return _with_rules(out)


def drop_empty(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in attrs.items() if v not in (None, "")}


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    conf = props.get("WebsiteConfiguration")
    if not isinstance(conf, dict):
        return None
    out: dict[str, Any] = {}
    if conf.get("IndexDocument"):
        out["index_document"] = {"suffix": conf["IndexDocument"]}
    if conf.get("ErrorDocument"):
        out["error_document"] = {"key": conf["ErrorDocument"]}
    if isinstance(conf.get("RedirectAllRequestsTo"), dict):
        out["redirect_all_requests_to"] = _snake_dict(conf["RedirectAllRequestsTo"])
    if conf.get("RoutingRules"):
        out["routing_rule"] = _rules(conf["RoutingRules"], "RoutingRuleCondition", "RedirectRule")
    return out


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    conf = spec.get("website")
    if not isinstance(conf, dict):
        return None
    full = _from_aws(conf, "condition")
    return {k: v for k, v in full.items() if v}


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket("website", "get_bucket_website", frozenset({"NoSuchWebsiteConfiguration"})),
    live=_live,
    tf_inline=("website", _tf_inline),
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
)


def _with_rules(attrs: dict[str, Any]) -> dict[str, Any]:
    """`routing_rules` (AWS's JSON) as `routing_rule` blocks, unless those are declared."""
    text = attrs.pop("routing_rules", None)
    if isinstance(text, str) and text and not attrs.get("routing_rule"):
        with contextlib.suppress(ValueError):  # not JSON: terraform refuses it too
            attrs["routing_rule"] = _rules(json.loads(text), "Condition", "Redirect")
    return attrs


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = _with_rules(dict(raw.attrs))
    return [plain(raw, TYPE, attrs)]


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for key in SINGLE:
        if key in out:
            out[key] = drop_empty(first_block(out[key]))
    if isinstance(out.get("routing_rule"), list):
        out["routing_rule"] = [
            {part: drop_empty(first_block(rule.get(part))) for part in RULE_PARTS}
            for rule in out["routing_rule"]
            if isinstance(rule, dict)
        ]
    return out


def _aws_default(r: Resource) -> bool:
    return not any(r.attrs.get(k) for k in (*SINGLE, "routing_rule"))


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _pascal_dict(value: Any) -> dict[str, Any]:
    return {pascal(k): v for k, v in (value or {}).items()}


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    conf: dict[str, Any] = {pascal(k): _pascal_dict(after.get(k)) for k in SINGLE if after.get(k)}
    rules = [
        {pascal(part): _pascal_dict(rule.get(part)) for part in RULE_PARTS if rule.get(part)}
        for rule in after.get("routing_rule") or ()
    ]
    if rules:
        conf["RoutingRules"] = rules
    if not conf:
        return [ctx.call("s3", "delete_bucket_website", Bucket=ctx.id)]
    return [ctx.call("s3", "put_bucket_website", Bucket=ctx.id, WebsiteConfiguration=conf)]


def _remove(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("s3", "delete_bucket_website", Bucket=ctx.id)]


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketWebsite",),
    change=("PutBucketWebsite",),
    delete=("DeleteBucketWebsite",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({*SINGLE, "routing_rule"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            normalize=_normalize,
            is_aws_default=_aws_default,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            id_doc=ID_DOC,
            state_key=_state_key,
            shape={
                **dict.fromkeys(SINGLE, "single"),
                **{f"routing_rule.{part}": "single" for part in RULE_PARTS},
            },
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater((*SINGLE, "routing_rule"), _put),),
            create=created_with_bucket(NOTHING),
            delete=Delete(_remove, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketWebsiteConfiguration",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
            fields={
                "index_document.suffix": ("scalar", ("indexDocument", "suffix")),
                "error_document.key": ("scalar", ("errorDocument", "key")),
            },
        ),
    ),
)
