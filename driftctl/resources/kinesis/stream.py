"""aws_kinesis_stream: a data stream's capacity mode and shard count, retention,
shard-level metrics, encryption and tags.

Live: ListStreams pages (their summaries carry the ARN and mode), then
DescribeStreamSummary and ListTagsForStream (first page) per stream. Every stream is the
account's own. AWS defaults (Terraform's): 24 hours' retention, no shard-level metrics,
no encryption, provisioned mode. An on-demand stream's shard count is AWS's to manage,
never compared. A stream cannot be renamed: a revert says "replace needed". A missing
stream is created, then tagged (moto's CreateStream ignores its Tags). Checked against
real Terraform in tests/tf/test_msg.py (whose moto applies CreateStream's Tags, as AWS
does: tests/tf/moto_gaps.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_int, keep, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, tag_delta
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_kinesis_stream"
GONE = frozenset({"ResourceNotFoundException"})
COMPARED = frozenset(
    {
        "name",
        "shard_count",
        "retention_period",
        "shard_level_metrics",
        "encryption_type",
        "kms_key_id",
        "stream_mode_details",
        "tags",
    }
)
DEFAULTS: dict[str, Any] = {
    "retention_period": 24,
    "shard_level_metrics": [],
    "encryption_type": "NONE",
    "kms_key_id": None,
    "stream_mode_details": [{"stream_mode": "PROVISIONED"}],
    "tags": {},
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = (details.get("summary") or {}).get("StreamDescriptionSummary")
    if found is None:
        return []  # deleted between the listing and the read
    tags = (details.get("tags") or {}).get("Tags")
    metrics = [
        m for e in found.get("EnhancedMonitoring") or () for m in e.get("ShardLevelMetrics") or ()
    ]
    mode = (found.get("StreamModeDetails") or {}).get("StreamMode", "PROVISIONED")
    attrs = {
        "name": found["StreamName"],
        "shard_count": found.get("OpenShardCount"),
        "retention_period": found.get("RetentionPeriodHours", 24),
        "shard_level_metrics": sorted(m for m in metrics if m != "ALL"),
        "encryption_type": found.get("EncryptionType") or "NONE",
        "kms_key_id": found.get("KeyId") or None,
        "stream_mode_details": [{"stream_mode": mode}],
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": found.get("StreamARN"),
    }
    return [Resource(TYPE, found["StreamName"], None, attrs, region=region)]


def _by_name(item: Item) -> dict[str, Any]:
    return {"StreamName": item["StreamName"]}


SCAN = ScanSpec(
    name="kinesis_streams",
    service="kinesis",
    listing=ListCall("list_streams", "StreamSummaries", page_size=1000),
    details=(
        DetailCall("summary", "describe_stream_summary", _by_name, GONE),
        DetailCall("tags", "list_tags_for_stream", _by_name, GONE),
    ),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    item = {"StreamName": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


def _mode(attrs: dict[str, Any]) -> Any:
    block = attrs.get("stream_mode_details")
    if isinstance(block, dict):
        block = [block]
    if isinstance(block, list) and block and isinstance(block[0], dict):
        return block[0].get("stream_mode")
    return None


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if isinstance(out.get("stream_mode_details"), dict):
        out["stream_mode_details"] = [out["stream_mode_details"]]
    if _mode(out) == "ON_DEMAND":
        out.pop("shard_count", None)  # AWS scales an on-demand stream itself
    if isinstance(out.get("shard_level_metrics"), list):
        out["shard_level_metrics"] = sorted(m for m in out["shard_level_metrics"] if m != "ALL")
    if out.get("kms_key_id") == "":
        out["kms_key_id"] = None
    return out


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    encryption = p.get("StreamEncryption") or {}
    mode = (p.get("StreamModeDetails") or {}).get("StreamMode")
    attrs = {
        "name": p.get("Name"),
        "shard_count": p.get("ShardCount"),
        "retention_period": p.get("RetentionPeriodHours"),
        "encryption_type": encryption.get("EncryptionType"),
        "kms_key_id": encryption.get("KeyId"),
        "stream_mode_details": [{"stream_mode": mode}] if mode else None,
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "ShardCount": a.get("shard_count"),
        "RetentionPeriodHours": a.get("retention_period"),
        "Tags": cfn_tags(a),
    }


# The external name is the stream's name, and its id.
_xp_external_name = xp_same_name("name", overwrite=True, annotated_only=True)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    mode = (s.get("streamModeDetails") or {}).get("streamMode")
    attrs = {
        "name": s.get("name") or c.name(),
        "shard_count": s.get("shardCount"),
        "stream_mode_details": [{"stream_mode": mode}] if mode else None,
        "tags": c.tags(s.get("tags")) if isinstance(s.get("tags"), list) else None,
    }
    return [c.raw(TYPE, attrs, c.name())]


# --- revert --------------------------------------------------------------------------------


def _shards(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    count = as_int(after.get("shard_count"))
    if count is None or _mode(after) == "ON_DEMAND":
        return []
    return [
        ctx.call(
            "kinesis", "update_shard_count", StreamName=ctx.id, TargetShardCount=count,
            ScalingType="UNIFORM_SCALING",
        )
    ]  # fmt: skip


def _retention(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    hours = as_int(after.get("retention_period"), 24) or 24
    was = as_int(before.get("retention_period"), 24) or 24
    op = "increase_stream_retention_period" if hours > was else "decrease_stream_retention_period"
    return [ctx.call("kinesis", op, StreamName=ctx.id, RetentionPeriodHours=hours)]


def _metrics(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    want = set(after.get("shard_level_metrics") or ())
    have = set(before.get("shard_level_metrics") or ())
    calls = []
    if want - have:
        calls.append(
            ctx.call(
                "kinesis", "enable_enhanced_monitoring", StreamName=ctx.id,
                ShardLevelMetrics=sorted(want - have),
            )
        )  # fmt: skip
    if have - want:
        calls.append(
            ctx.call(
                "kinesis", "disable_enhanced_monitoring", StreamName=ctx.id,
                ShardLevelMetrics=sorted(have - want),
            )
        )  # fmt: skip
    return calls


def _encryption(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    if after.get("encryption_type") == "KMS" and after.get("kms_key_id"):
        key = after["kms_key_id"]
        return [
            ctx.call(
                "kinesis", "start_stream_encryption", StreamName=ctx.id, EncryptionType="KMS",
                KeyId=key,
            )
        ]  # fmt: skip
    key = before.get("kms_key_id")
    if not key:
        return []
    return [
        ctx.call(
            "kinesis", "stop_stream_encryption", StreamName=ctx.id, EncryptionType="KMS", KeyId=key
        )
    ]


def _stream_mode(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    mode = _mode(after) or "PROVISIONED"
    arn = before.get("arn") or f"arn:aws:kinesis:{ctx.region}:{ctx.account}:stream/{ctx.id}"
    return [
        ctx.call(
            "kinesis", "update_stream_mode", StreamARN=arn,
            StreamModeDetails={"StreamMode": mode},
        )
    ]  # fmt: skip


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    calls = []
    if to_set:
        calls.append(ctx.call("kinesis", "add_tags_to_stream", StreamName=ctx.id, Tags=to_set))
    if to_remove:
        calls.append(
            ctx.call("kinesis", "remove_tags_from_stream", StreamName=ctx.id, TagKeys=to_remove)
        )
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"StreamName": desired["name"]}
    mode = _mode(desired) or "PROVISIONED"
    params["StreamModeDetails"] = {"StreamMode": mode}
    if mode == "PROVISIONED":
        params["ShardCount"] = as_int(desired.get("shard_count"), 1)
    return [ctx.call("kinesis", "create_stream", **params)]


def _fresh(desired: Attrs) -> Attrs:
    """Created with its name, mode and shards; AWS's defaults for the rest (tags are
    added after, by AddTagsToStream)."""
    fresh = {"retention_period": 24, "shard_level_metrics": [], "encryption_type": "NONE"}
    return {**desired, **fresh, "kms_key_id": None, "tags": {}}


def _named(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("name") or ctx.id)


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("kinesis", "delete_stream", StreamName=ctx.id)]


EVENTS = Events(
    source="kinesis.amazonaws.com",
    service="kinesis",
    create=("CreateStream",),
    change=(
        "IncreaseStreamRetentionPeriod",
        "DecreaseStreamRetentionPeriod",
        "UpdateShardCount",
        "StartStreamEncryption",
        "StopStreamEncryption",
        "EnableEnhancedMonitoring",
        "DisableEnhancedMonitoring",
        "UpdateStreamMode",
        "AddTagsToStream",
        "RemoveTagsFromStream",
    ),
    delete=("DeleteStream",),
    ids=("requestParameters.streamName",),
    touches={
        "IncreaseStreamRetentionPeriod": frozenset({"retention_period"}),
        "DecreaseStreamRetentionPeriod": frozenset({"retention_period"}),
        "UpdateShardCount": frozenset({"shard_count"}),
        "StartStreamEncryption": frozenset({"encryption_type", "kms_key_id"}),
        "StopStreamEncryption": frozenset({"encryption_type", "kms_key_id"}),
        "EnableEnhancedMonitoring": frozenset({"shard_level_metrics"}),
        "DisableEnhancedMonitoring": frozenset({"shard_level_metrics"}),
        "UpdateStreamMode": frozenset({"stream_mode_details"}),
        "AddTagsToStream": frozenset({"tags"}),
        "RemoveTagsFromStream": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            holds_data=True,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset({"shard_level_metrics"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=lambda a: a.get("name"),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="stream name",
            state_id=False,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("stream_mode_details",), _stream_mode),
                Updater(("shard_count",), _shards),
                Updater(("retention_period",), _retention),
                Updater(("shard_level_metrics",), _metrics),
                Updater(("encryption_type", "kms_key_id"), _encryption),
                Updater(("tags",), _tags),
            ),
            fixed={"name": REPLACE},
            create=Create(_create, _fresh, _named, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Kinesis::Stream",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "shard_count": ("scalar", ("ShardCount",)),
                    "retention_period": ("scalar", ("RetentionPeriodHours",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "kinesis",
            "Stream",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "shard_count": ("scalar", ("shardCount",)),
                "retention_period": ("scalar", ("retentionPeriod",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "kinesis",
            "Stream",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"shard_count": ("scalar", ("shardCount",))}},
        ),
    ),
)
