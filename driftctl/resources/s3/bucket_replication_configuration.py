"""aws_s3_bucket_replication_configuration: the rules by which S3 copies a bucket's new
objects to other buckets, and the role it copies them as.

Live: GetBucketReplication per bucket (only for a bucket something declares, unless
--deep-unmanaged); ReplicationConfigurationNotFoundError reads as no replication, AWS's
own default, never unmanaged. The rules are compared in order, each on the attributes
it declares (AWS fills in the rest, such as an id); an empty filter is `prefix = ""`.
Provider v3's inline `replication_configuration` block of aws_s3_bucket is not
read (its shape differs: a bucket declaring it sees its rules unmanaged). A revert puts
the declared configuration whole (PutBucketReplication); an undeclared one on a
declared bucket is deleted.
moto answers every rule with an empty filter and delete-marker replication off, whatever
was put: the tests declare rules of that shape, and a filter set by hand is seen in a
test that patches moto's answer.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.manifest import snake
from driftctl.base.raw import RawResource
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
    per_bucket,
    plain,
)

TYPE = "aws_s3_bucket_replication_configuration"
# AWS's (and CloudFormation's) names where Terraform's are not their snake case
_RENAMED = {"tag_filter": "tag", "tag_filters": "tags", "account_id": "account"}


def _terraform(value: Any) -> Any:
    """A configuration in AWS's, CloudFormation's or ACK's shape (or Terraform's, with its
    one-block lists), as Terraform's names with single blocks as dicts; unset values,
    empty strings and empty blocks dropped (AWS's empty filter is no filter)."""
    if isinstance(value, list):
        items = [_terraform(v) for v in value]
        if len(items) == 1 and isinstance(items[0], dict):
            return items[0]
        return items
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, item in value.items():
        name = _RENAMED.get(snake(key), snake(key))
        got = _tags(item) if name == "tags" else _terraform(item)
        if got in (None, "", {}, []):
            continue
        out[name] = got
    return out


def _tags(value: Any) -> dict[str, Any]:
    """An `And` filter's tags: AWS's [{Key, Value}] list, or Terraform's map."""
    if isinstance(value, dict):
        return value
    pairs = [t for t in value or () if isinstance(t, dict)]
    return {str(t.get("Key")): t.get("Value") for t in pairs}


def _rules(rules: Any) -> list[dict[str, Any]]:
    """Rules as Terraform's; a rule of the current shape (no rule-level `prefix`) always
    has a filter, every object's `{prefix = ""}` when empty, so that a filter set by hand
    on a rule declared with `filter {}` is drift."""
    out = []
    for rule in rules if isinstance(rules, list) else ():
        got = _terraform(rule)
        if isinstance(got, dict):
            if "prefix" not in got and "filter" not in got:
                got["filter"] = {"prefix": ""}
            out.append(got)
    return out


def _live(response: Any) -> dict[str, Any]:
    conf = (response or {}).get("ReplicationConfiguration") or {}
    return {"role": conf.get("Role"), "rule": _rules(conf.get("Rules"))}


def _cfn_inline(props: Any) -> dict[str, Any] | None:
    conf = props.get("ReplicationConfiguration")
    if not isinstance(conf, dict):
        return None
    return {"role": conf.get("Role"), "rule": _rules(conf.get("Rules"))}


def _ack_inline(spec: Any) -> dict[str, Any] | None:
    conf = spec.get("replication")
    if not isinstance(conf, dict):
        return None
    return {"role": conf.get("role"), "rule": _rules(conf.get("rules"))}


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket(
        "replication",
        "get_bucket_replication",
        frozenset({"ReplicationConfigurationNotFoundError"}),
    ),
    live=_live,
    cfn_inline=_cfn_inline,
    ack_inline=_ack_inline,
)


# the rule's nested blocks (one each): dicts, not Terraform's one-item lists
_SINGLE = (
    "filter",
    "filter.and",
    "filter.tag",
    "destination",
    "destination.access_control_translation",
    "destination.encryption_configuration",
    "destination.metrics",
    "destination.metrics.event_threshold",
    "destination.replication_time",
    "destination.replication_time.time",
    "delete_marker_replication",
    "existing_object_replication",
    "source_selection_criteria",
    "source_selection_criteria.replica_modifications",
    "source_selection_criteria.sse_kms_encrypted_objects",
)


def _from_tf(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    return [plain(raw, TYPE, {k: a[k] for k in ("bucket", "role", "rule") if k in a})]


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    if "rule" not in attrs:
        return attrs
    rules = attrs["rule"] if isinstance(attrs["rule"], list) else [attrs["rule"]]
    return {**attrs, "rule": _rules(rules)}


def _aws_default(r: Resource) -> bool:
    return not r.attrs.get("rule")


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _pascal(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


# Terraform's names whose AWS name is not their Pascal case
_AWS_NAMES = {"id": "ID", "replica_kms_key_id": "ReplicaKmsKeyID"}


def _aws(value: Any, key: str = "") -> Any:
    """A Terraform-shaped rule as PutBucketReplication's."""
    if key == "tags" and isinstance(value, dict):
        return [{"Key": k, "Value": v} for k, v in sorted(value.items())]
    if isinstance(value, list):
        return [_aws(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for name, item in value.items():
        aws = _AWS_NAMES.get(name, _pascal(name))
        out["Tags" if name == "tags" else aws] = _aws(item, name)
    return out


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    rules = after.get("rule") or []
    if not rules:
        return [ctx.call("s3", "delete_bucket_replication", Bucket=ctx.id)]
    conf = {"Role": after.get("role"), "Rules": [_aws(r) for r in rules]}
    return [ctx.call("s3", "put_bucket_replication", Bucket=ctx.id, ReplicationConfiguration=conf)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("s3", "delete_bucket_replication", Bucket=ctx.id)]


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketReplication",),
    change=("PutBucketReplication",),
    delete=("DeleteBucketReplication",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"role", "rule"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            normalize=_normalize,
            is_aws_default=_aws_default,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            id_doc=ID_DOC,
            state_key=_state_key,
            shape={f"rule.{path}": "single" for path in _SINGLE},
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("role", "rule"), _put),),
            create=created_with_bucket({"role": None, "rule": []}),
            delete=Delete(_delete, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketReplicationConfiguration",
            TYPE,
            refs={"bucket": ("Bucket", ("id",)), "role": ("Role", ("arn",))},
            fields={"role": ("scalar", ("role",))},
        ),
    ),
)
