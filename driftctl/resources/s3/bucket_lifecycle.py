"""aws_s3_bucket_lifecycle_configuration: a bucket's lifecycle rules.

Live: GetBucketLifecycleConfiguration per bucket; NoSuchLifecycleConfiguration reads as
no rule, AWS's own default (never unmanaged). The rules are compared as a set of whole
rules (held sorted by `id`; order never matters, a changed rule is the declared one
gone and the live one extra), each normalized on both sides so that
the spellings S3 treats alike compare equal: an absent or empty `filter`, a filter with
`prefix = ""` and a rule-level `prefix` (deprecated) all select every object, and a
rule-level prefix is the filter's prefix; values at their zero (`0`, `false`, `""`) are
the unset ones; transitions are a set; dates are RFC 3339 at UTC.

moto (5.2) keeps no `object_size_greater_than`/`object_size_less_than` of a filter, no
`newer_noncurrent_versions` of a noncurrent version expiration, and always answers
`transition_default_minimum_object_size = "all_storage_classes_128K"`: those are tested
on the normalizers, not on moto. Checked against real Terraform in tests/tf/test_s3b.py
(a rule's expiration changed out of band).
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.revert import Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType, first_block
from driftctl.core.model import Ref, Resource, Unknown, to_plain
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

TYPE = "aws_s3_bucket_lifecycle_configuration"
MIN_SIZE = "transition_default_minimum_object_size"

# a rule's (and a filter's) single nested blocks: held as one dict each
SINGLE = ("expiration", "noncurrent_version_expiration", "abort_incomplete_multipart_upload")
SETS = ("transition", "noncurrent_version_transition")
NUMBERS = frozenset(
    {
        "days",
        "noncurrent_days",
        "newer_noncurrent_versions",
        "days_after_initiation",
        "object_size_greater_than",
        "object_size_less_than",
    }
)

# Terraform attribute <-> the API's key, for the blocks that map one to one
API_KEYS = {
    "prefix": "Prefix",
    "object_size_greater_than": "ObjectSizeGreaterThan",
    "object_size_less_than": "ObjectSizeLessThan",
    "days": "Days",
    "date": "Date",
    "expired_object_delete_marker": "ExpiredObjectDeleteMarker",
    "storage_class": "StorageClass",
    "noncurrent_days": "NoncurrentDays",
    "newer_noncurrent_versions": "NewerNoncurrentVersions",
    "days_after_initiation": "DaysAfterInitiation",
}


def _snake(block: Any) -> dict[str, Any]:
    """An API struct (Expiration, Transition, ...) in Terraform's attribute names."""
    names = {api: tf for tf, api in API_KEYS.items()}
    return {names[k]: v for k, v in (block or {}).items() if k in names}


def _api(block: dict[str, Any]) -> dict[str, Any]:
    return {API_KEYS[k]: v for k, v in block.items() if k in API_KEYS}


def _tag_map(tags: Any) -> dict[str, str]:
    return {t["Key"]: t.get("Value", "") for t in tags or ()}


# --- live -------------------------------------------------------------------------------------


def _live_filter(rule: dict[str, Any]) -> dict[str, Any]:
    found = rule.get("Filter")
    if found is None:
        return {"prefix": rule.get("Prefix")}  # the rule-level prefix (the older form)
    out = _snake(found)
    if found.get("Tag"):
        out["tag"] = {"key": found["Tag"]["Key"], "value": found["Tag"].get("Value", "")}
    if found.get("And") is not None:
        both = found["And"]
        out["and"] = {**_snake(both), "tags": _tag_map(both.get("Tags"))}
    return out


def _live_rule(rule: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": rule.get("ID"),
        "status": rule.get("Status"),
        "filter": _live_filter(rule),
        "expiration": _snake(rule.get("Expiration")),
        "transition": [_snake(t) for t in rule.get("Transitions") or ()],
        "noncurrent_version_expiration": _snake(rule.get("NoncurrentVersionExpiration")),
        "noncurrent_version_transition": [
            _snake(t) for t in rule.get("NoncurrentVersionTransitions") or ()
        ],
        "abort_incomplete_multipart_upload": _snake(rule.get("AbortIncompleteMultipartUpload")),
    }


def _live(response: Any) -> dict[str, Any]:
    conf = response or {}
    attrs: dict[str, Any] = {"rule": [_live_rule(r) for r in conf.get("Rules") or ()]}
    if conf.get("TransitionDefaultMinimumObjectSize"):
        attrs[MIN_SIZE] = conf["TransitionDefaultMinimumObjectSize"]
    return attrs


# --- declared: Terraform's blocks (lists of one) as dicts ------------------------------------


def _tf_filter(value: Any) -> Any:
    if not isinstance(value, list):
        return value
    found = dict(first_block(value))
    for name in ("and", "tag"):
        if name in found:
            found[name] = first_block(found[name]) if isinstance(found[name], list) else found[name]
    return found


def _tf_rule(rule: Any) -> Any:
    if not isinstance(rule, dict):
        return rule
    out = dict(rule)
    for name in SINGLE:
        if isinstance(out.get(name), list):
            out[name] = first_block(out[name])
    if "filter" in out:
        out["filter"] = _tf_filter(out["filter"])
    return out


def _tf_rules(value: Any) -> Any:
    return [_tf_rule(r) for r in value] if isinstance(value, list) else value


def _from_tf(raw: Any) -> list[Resource]:
    attrs = {"bucket": raw.attrs.get("bucket"), "rule": _tf_rules(raw.attrs.get("rule"))}
    if MIN_SIZE in raw.attrs:
        attrs[MIN_SIZE] = raw.attrs[MIN_SIZE]
    return [plain(raw, TYPE, attrs)]


def _inline_rule(rule: dict[str, Any]) -> dict[str, Any]:
    """One of aws_s3_bucket's inline `lifecycle_rule` blocks (provider v3) as a rule."""
    prefix, tags = rule.get("prefix"), rule.get("tags")
    filter_: dict[str, Any] = {"prefix": prefix}
    if tags:
        filter_ = {"and": {"prefix": prefix, "tags": tags}}
    expiration = first_block(rule.get("expiration"))
    noncurrent = first_block(rule.get("noncurrent_version_expiration"))
    aimu = rule.get("abort_incomplete_multipart_upload_days")
    return {
        "id": rule.get("id"),
        "status": "Enabled" if rule.get("enabled") in (True, "true") else "Disabled",
        "filter": filter_,
        "expiration": expiration,
        "transition": rule.get("transition") or [],
        "noncurrent_version_expiration": {"noncurrent_days": noncurrent.get("days")},
        "noncurrent_version_transition": [
            {"noncurrent_days": t.get("days"), "storage_class": t.get("storage_class")}
            for t in rule.get("noncurrent_version_transition") or ()
        ],
        "abort_incomplete_multipart_upload": {"days_after_initiation": aimu},
    }


def _tf_inline(value: Any) -> dict[str, Any] | None:
    if not isinstance(value, list) or not value:
        return None
    return {"rule": [_inline_rule(r) if isinstance(r, dict) else r for r in value]}


# --- CloudFormation and ACK: AWS::S3::Bucket's and Bucket's inline lifecycle --------------


def _cfn_filter(rule: dict[str, Any]) -> dict[str, Any]:
    """CloudFormation's Prefix, TagFilters and sizes: one condition, or all under `and`."""
    sizes = {
        k: rule[api]
        for k, api in (
            ("object_size_greater_than", "ObjectSizeGreaterThan"),
            ("object_size_less_than", "ObjectSizeLessThan"),
        )
        if rule.get(api) is not None
    }
    tags = _tag_map(rule.get("TagFilters"))
    prefix = rule.get("Prefix")
    if len(tags) + len(sizes) + bool(prefix) <= 1:
        if tags:
            key, value = next(iter(tags.items()))
            return {"tag": {"key": key, "value": value}}
        return {"prefix": prefix, **sizes}
    return {"and": {"prefix": prefix, "tags": tags, **sizes}}


def _cfn_transition(t: dict[str, Any], noncurrent: bool) -> dict[str, Any]:
    if noncurrent:
        return {
            "noncurrent_days": t.get("TransitionInDays"),
            "newer_noncurrent_versions": t.get("NewerNoncurrentVersions"),
            "storage_class": t.get("StorageClass"),
        }
    return {
        "days": t.get("TransitionInDays"),
        "date": t.get("TransitionDate"),
        "storage_class": t.get("StorageClass"),
    }


def _many(rule: dict[str, Any], plural: str, single: str) -> list[Any]:
    found = list(rule.get(plural) or ())
    if isinstance(rule.get(single), dict):
        found.append(rule[single])
    return [t for t in found if isinstance(t, dict)]


def _cfn_rule(rule: dict[str, Any]) -> dict[str, Any]:
    noncurrent = rule.get("NoncurrentVersionExpiration") or {}
    transitions = _many(rule, "Transitions", "Transition")
    noncurrent_transitions = _many(
        rule, "NoncurrentVersionTransitions", "NoncurrentVersionTransition"
    )
    return {
        "id": rule.get("Id"),
        "status": rule.get("Status"),
        "filter": _cfn_filter(rule),
        "expiration": {
            "days": rule.get("ExpirationInDays"),
            "date": rule.get("ExpirationDate"),
            "expired_object_delete_marker": rule.get("ExpiredObjectDeleteMarker"),
        },
        "transition": [_cfn_transition(t, False) for t in transitions],
        "noncurrent_version_expiration": {
            "noncurrent_days": noncurrent.get("NoncurrentDays")
            or rule.get("NoncurrentVersionExpirationInDays"),
            "newer_noncurrent_versions": noncurrent.get("NewerNoncurrentVersions"),
        },
        "noncurrent_version_transition": [_cfn_transition(t, True) for t in noncurrent_transitions],
        "abort_incomplete_multipart_upload": _snake(rule.get("AbortIncompleteMultipartUpload")),
    }


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    conf = props.get("LifecycleConfiguration")
    if not isinstance(conf, dict):
        return None
    rules = conf.get("Rules")
    attrs: dict[str, Any] = {
        "rule": [_cfn_rule(r) for r in rules if isinstance(r, dict)]
        if isinstance(rules, list)
        else rules
    }
    if conf.get("TransitionDefaultMinimumObjectSize") is not None:
        attrs[MIN_SIZE] = conf["TransitionDefaultMinimumObjectSize"]
    return attrs


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p.title() for p in rest)


def _ack_block(block: Any) -> dict[str, Any]:
    """An ACK struct (camelCase of the API's) in Terraform's attribute names."""
    found = block if isinstance(block, dict) else {}
    return {tf: found[_camel(tf)] for tf in API_KEYS if _camel(tf) in found}


def _ack_rule(rule: dict[str, Any]) -> dict[str, Any]:
    found = rule.get("filter")
    filter_: dict[str, Any] = {"prefix": rule.get("prefix")}
    if isinstance(found, dict):
        filter_ = _ack_block(found)
        if isinstance(found.get("tag"), dict):
            filter_["tag"] = found["tag"]
        if isinstance(found.get("and"), dict):
            both = found["and"]
            tags = {t.get("key"): t.get("value", "") for t in both.get("tags") or ()}
            filter_["and"] = {**_ack_block(both), "tags": tags}
    return {
        "id": rule.get("id"),
        "status": rule.get("status"),
        "filter": filter_,
        "expiration": _ack_block(rule.get("expiration")),
        "transition": [_ack_block(t) for t in rule.get("transitions") or ()],
        "noncurrent_version_expiration": _ack_block(rule.get("noncurrentVersionExpiration")),
        "noncurrent_version_transition": [
            _ack_block(t) for t in rule.get("noncurrentVersionTransitions") or ()
        ],
        "abort_incomplete_multipart_upload": _ack_block(rule.get("abortIncompleteMultipartUpload")),
    }


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    lifecycle = spec.get("lifecycle")
    if not isinstance(lifecycle, dict):
        return None
    return {"rule": [_ack_rule(r) for r in lifecycle.get("rules") or () if isinstance(r, dict)]}


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket(
        "lifecycle",
        "get_bucket_lifecycle_configuration",
        frozenset({"NoSuchLifecycleConfiguration"}),
    ),
    live=_live,
    tf_inline=("lifecycle_rule", _tf_inline),
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
)


# --- normalization: the spellings S3 treats alike --------------------------------------------


def _date(value: Any) -> Any:
    if isinstance(value, datetime.datetime):
        moment = value
    elif isinstance(value, str):
        try:
            moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return value
    else:
        return value
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.timezone.utc)
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _number(value: Any) -> Any:
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return value


def _unset(value: Any) -> bool:
    """A value S3 reads as not set: None, "", 0, false, and an empty block or list."""
    if isinstance(value, (Unknown, Ref)):
        return False
    if isinstance(value, bool):
        return not value
    return value is None or value == "" or value == 0 or value == [] or value == {}


def _clean(value: Any, key: str = "") -> Any:
    """Values at their zero dropped, numbers as numbers, dates canonical, sets sorted."""
    if isinstance(value, dict) and key != "tags":
        cleaned = {k: _clean(v, k) for k, v in value.items()}
        return {k: v for k, v in cleaned.items() if not _unset(v)}
    if isinstance(value, list):
        items = [v for v in (_clean(v, key) for v in value) if not _unset(v)]
        return sorted(items, key=_order) if key in SETS else items
    if key == "date":
        return _date(value)
    if key in NUMBERS:
        return _number(value)
    return value


def _order(value: Any) -> str:
    return json.dumps(to_plain(value), sort_keys=True, default=str)


def _rule_key(rule: Any) -> str:
    return str(rule.get("id")) if isinstance(rule, dict) else _order(rule)


def _canonical_rule(rule: Any) -> Any:
    if not isinstance(rule, dict):
        return rule
    rule = dict(rule)
    prefix = rule.pop("prefix", None)
    found = rule.get("filter")
    if not isinstance(found, (Unknown, Ref)):
        filter_ = dict(found) if isinstance(found, dict) else {}
        if prefix and not _clean(filter_):
            filter_ = {"prefix": prefix}  # the rule-level prefix is the filter's
        rule["filter"] = filter_
    return _clean(rule)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    rules = attrs.get("rule")
    if not isinstance(rules, list):
        return attrs
    canonical = [_canonical_rule(r) for r in rules]
    return {**attrs, "rule": sorted(canonical, key=_rule_key)}


# --- revert -------------------------------------------------------------------------------------


def _api_filter(found: dict[str, Any]) -> dict[str, Any]:
    out = _api(found)
    if isinstance(found.get("tag"), dict):
        out["Tag"] = {"Key": found["tag"]["key"], "Value": found["tag"].get("value", "")}
    if isinstance(found.get("and"), dict):
        both = found["and"]
        tags = [{"Key": k, "Value": v} for k, v in sorted((both.get("tags") or {}).items())]
        out["And"] = {**_api(both), **({"Tags": tags} if tags else {})}
    return out or {"Prefix": ""}


def _api_transition(t: dict[str, Any], days: str) -> dict[str, Any]:
    out = _api(t)
    if "Date" not in out:
        out.setdefault(API_KEYS[days], 0)  # a zero left out by the normalizer
    return out


def _api_rule(rule: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ID": rule["id"],
        "Status": rule.get("status"),
        "Filter": _api_filter(rule.get("filter") or {}),
    }
    blocks = {
        "Expiration": "expiration",
        "NoncurrentVersionExpiration": "noncurrent_version_expiration",
        "AbortIncompleteMultipartUpload": "abort_incomplete_multipart_upload",
    }
    for api, name in blocks.items():
        if rule.get(name):
            out[api] = _api(rule[name])
    if rule.get("transition"):
        out["Transitions"] = [_api_transition(t, "days") for t in rule["transition"]]
    if rule.get("noncurrent_version_transition"):
        out["NoncurrentVersionTransitions"] = [
            _api_transition(t, "noncurrent_days") for t in rule["noncurrent_version_transition"]
        ]
    return out


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    rules = after.get("rule", before.get("rule")) or []
    if not rules:
        return [ctx.call("s3", "delete_bucket_lifecycle", Bucket=ctx.id)]
    params: dict[str, Any] = {
        "Bucket": ctx.id,
        "LifecycleConfiguration": {"Rules": [_api_rule(r) for r in rules]},
    }
    size = after.get(MIN_SIZE) or before.get(MIN_SIZE)
    if size:
        params["TransitionDefaultMinimumObjectSize"] = size
    return [ctx.call("s3", "put_bucket_lifecycle_configuration", **params)]


def _remove(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("s3", "delete_bucket_lifecycle", Bucket=ctx.id)]


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketLifecycle",),
    change=("PutBucketLifecycle",),
    delete=("DeleteBucketLifecycle",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"rule", MIN_SIZE}),
            exact=frozenset({"rule"}),
            sets=frozenset({"rule"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            normalize=_normalize,
            is_aws_default=lambda r: not r.attrs.get("rule"),
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            id_doc=ID_DOC,
            state_key=_state_key,
            shape={
                **{f"rule.{name}": "single" for name in (*SINGLE, "filter")},
                "rule.filter.and": "single",
                "rule.filter.tag": "single",
            },
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("rule", MIN_SIZE), _put),),
            create=created_with_bucket({"rule": []}),
            delete=Delete(_remove, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketLifecycleConfiguration",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
        ),
    ),
)
