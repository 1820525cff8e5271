"""aws_dynamodb_table: a table's keys and attribute definitions, capacity mode and
throughput, indexes, stream, class, deletion protection, point-in-time recovery,
encryption, time to live and tags.

Live: ListTables pages, then per table DescribeTable, DescribeContinuousBackups
(point-in-time recovery), DescribeTimeToLive and, with the ARN DescribeTable answers,
ListTagsOfResource (its first page): DynamoDB has no batch read. Every table is the
account's own. AWS defaults (Terraform's): provisioned capacity, class STANDARD, no
stream, no deletion protection, point-in-time recovery and time to live off, encryption
with AWS's own key; point-in-time recovery keeps 35 days while on. Index throughput
and warm throughput are not compared. Keys, attribute definitions and local indexes
are fixed at creation, and a global index is added or removed one at a time: a revert
says "replace needed" for those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, as_int, keep, pairs, xp_same_name
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
from driftctl.core.model import Resource, is_known

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_dynamodb_table"
GONE = frozenset({"ResourceNotFoundException"})
NO_TABLE = frozenset({"TableNotFoundException"})
FIXED = ("name", "hash_key", "range_key", "attribute", "local_secondary_index")
SETS = frozenset({"attribute", "global_secondary_index", "local_secondary_index"})
COMPARED = frozenset(
    {
        *FIXED,
        "billing_mode",
        "read_capacity",
        "write_capacity",
        "global_secondary_index",
        "stream_enabled",
        "stream_view_type",
        "table_class",
        "deletion_protection_enabled",
        "point_in_time_recovery",
        "server_side_encryption",
        "ttl",
        "tags",
    }
)
DEFAULTS: dict[str, Any] = {
    "billing_mode": "PROVISIONED",
    "range_key": None,
    "stream_enabled": False,
    "table_class": "STANDARD",
    "deletion_protection_enabled": False,
    "point_in_time_recovery": [{"enabled": False}],
    "server_side_encryption": [{"enabled": False}],
    "ttl": [{"enabled": False}],
    "local_secondary_index": [],
    "global_secondary_index": [],
    "tags": {},
}
PITR_DAYS = 35
GSI_CHANGE = "a global index is added or removed one at a time (UpdateTable): a human decides"


def _key(schema: list[dict[str, Any]] | None, kind: str) -> str | None:
    return next((k["AttributeName"] for k in schema or () if k.get("KeyType") == kind), None)


def _index(found: dict[str, Any]) -> dict[str, Any]:
    projection = found.get("Projection") or {}
    out = {
        "name": found["IndexName"],
        "hash_key": _key(found.get("KeySchema"), "HASH"),
        "range_key": _key(found.get("KeySchema"), "RANGE"),
        "projection_type": projection.get("ProjectionType"),
        "non_key_attributes": sorted(projection.get("NonKeyAttributes") or ()),
    }
    return out


def live_attrs(table: dict[str, Any], pitr: Any, ttl: Any) -> dict[str, Any]:
    throughput = table.get("ProvisionedThroughput") or {}
    stream = table.get("StreamSpecification") or {}
    sse = table.get("SSEDescription") or {}
    pitr_status = ((pitr or {}).get("ContinuousBackupsDescription") or {}).get(
        "PointInTimeRecoveryDescription"
    ) or {}
    ttl_found = (ttl or {}).get("TimeToLiveDescription") or {}
    ttl_on = ttl_found.get("TimeToLiveStatus") in ("ENABLED", "ENABLING")
    return {
        "name": table["TableName"],
        "hash_key": _key(table.get("KeySchema"), "HASH"),
        "range_key": _key(table.get("KeySchema"), "RANGE"),
        "attribute": [
            {"name": a["AttributeName"], "type": a["AttributeType"]}
            for a in table.get("AttributeDefinitions") or ()
        ],
        "billing_mode": (table.get("BillingModeSummary") or {}).get("BillingMode", "PROVISIONED"),
        "read_capacity": throughput.get("ReadCapacityUnits", 0),
        "write_capacity": throughput.get("WriteCapacityUnits", 0),
        "global_secondary_index": [_index(i) for i in table.get("GlobalSecondaryIndexes") or ()],
        "local_secondary_index": [_index(i) for i in table.get("LocalSecondaryIndexes") or ()],
        "stream_enabled": bool(stream.get("StreamEnabled")),
        "stream_view_type": stream.get("StreamViewType") if stream.get("StreamEnabled") else None,
        "table_class": (table.get("TableClassSummary") or {}).get("TableClass", "STANDARD"),
        "deletion_protection_enabled": bool(table.get("DeletionProtectionEnabled")),
        "point_in_time_recovery": [_pitr_live(pitr_status)],
        "server_side_encryption": [
            {"enabled": sse.get("Status") in ("ENABLED", "ENABLING"), **_kms(sse)}
        ],
        "ttl": [
            {
                "enabled": ttl_on,
                **({"attribute_name": ttl_found["AttributeName"]} if ttl_on else {}),
            }
        ],
    }


def _pitr_live(status: dict[str, Any]) -> dict[str, Any]:
    enabled = status.get("PointInTimeRecoveryStatus") == "ENABLED"
    days = status.get("RecoveryPeriodInDays", PITR_DAYS) if enabled else 0
    return {"enabled": enabled, "recovery_period_in_days": days}


def _kms(sse: dict[str, Any]) -> dict[str, Any]:
    arn = sse.get("KMSMasterKeyArn")
    return {"kms_key_arn": arn} if arn else {}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    table = (details.get("table") or {}).get("Table")
    if table is None:
        return []  # deleted between the listing and the read
    tags = (details.get("tags") or {}).get("Tags")
    attrs = {
        **live_attrs(table, details.get("backups"), details.get("ttl")),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": table.get("TableArn"),
        "stream_arn": table.get("LatestStreamArn"),
    }
    return [Resource(TYPE, table["TableName"], None, attrs, region=region)]


def _by_name(item: Item) -> dict[str, Any]:
    return {"TableName": item["TableName"]}


SCAN = ScanSpec(
    name="dynamodb_tables",
    service="dynamodb",
    listing=ListCall("list_tables", "TableNames", page_size=100, item_key="TableName"),
    details=(
        DetailCall("table", "describe_table", _by_name, GONE),
        # after the table: a table deleted since the listing (or by a revert) is not
        # asked for its settings (moto answers those with a code of its own)
        DetailCall("backups", "describe_continuous_backups", _by_name, NO_TABLE, needs="table"),
        DetailCall("ttl", "describe_time_to_live", _by_name, GONE, needs="table"),
        DetailCall(
            "tags", "list_tags_of_resource",
            lambda i: {"ResourceArn": i["table"]["Table"]["TableArn"]}, GONE, needs="table",
        ),
    ),
    build=build,
)  # fmt: skip


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    item = {"TableName": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


# --- normalization: both sides --------------------------------------------------------------


def _one(value: Any) -> Any:
    """A single nested block as Terraform's list of one dict."""
    return [value] if isinstance(value, dict) else value


def _norm_index(index: Any) -> Any:
    if not isinstance(index, dict):
        return index
    out = {k: index.get(k) for k in ("name", "hash_key", "range_key", "projection_type")}
    non_key = index.get("non_key_attributes")
    out["non_key_attributes"] = sorted(non_key) if isinstance(non_key, list) else non_key or []
    return out


def _on(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.lower() == "true")


def _pitr_block(block: dict[str, Any]) -> dict[str, Any]:
    if block.get("recovery_period_in_days") in (None, ""):
        # AWS's (and Terraform's) period: 35 days while on, none while off
        block["recovery_period_in_days"] = PITR_DAYS if _on(block.get("enabled")) else 0
    return block


def _ttl_block(block: dict[str, Any]) -> dict[str, Any]:
    if block.get("enabled") is False or block.get("enabled") == "false":
        block.pop("attribute_name", None)  # AWS keeps no name for a disabled TTL
    return block


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for name, fix in (("point_in_time_recovery", _pitr_block), ("ttl", _ttl_block)):
        if name in out:
            out[name] = [fix(dict(b)) if isinstance(b, dict) else b for b in _one(out[name]) or ()]
    if "server_side_encryption" in out:
        out["server_side_encryption"] = [
            {k: v for k, v in b.items() if not (k == "kms_key_arn" and v in ("", None))}
            if isinstance(b, dict)
            else b
            for b in _one(out["server_side_encryption"]) or ()
        ]
    for name in ("global_secondary_index", "local_secondary_index"):
        if isinstance(out.get(name), list):
            out[name] = [_norm_index(i) for i in out[name]]
    for name in ("stream_view_type", "range_key"):
        if out.get(name) == "":
            out[name] = None
    if out.get("billing_mode") == "PAY_PER_REQUEST":
        out.pop("read_capacity", None)  # on demand: AWS answers 0, Terraform holds 0 or none
        out.pop("write_capacity", None)
    return out


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn_index(index: Any) -> dict[str, Any]:
    index = index if isinstance(index, dict) else {}
    projection = index.get("Projection") or {}
    keys = index.get("KeySchema") or []
    return {
        "name": index.get("IndexName"),
        "hash_key": _key(keys, "HASH"),
        "range_key": _key(keys, "RANGE"),
        "projection_type": projection.get("ProjectionType"),
        "non_key_attributes": projection.get("NonKeyAttributes"),
    }


def _cfn(d: Declaring) -> None:
    p = d.props
    keys = p.get("KeySchema") or []
    throughput = p.get("ProvisionedThroughput") or {}
    stream = p.get("StreamSpecification")
    sse = p.get("SSESpecification")
    pitr = p.get("PointInTimeRecoverySpecification")
    ttl = p.get("TimeToLiveSpecification")
    attrs = {
        "name": p.get("TableName"),
        "hash_key": _key(keys, "HASH"),
        "range_key": _key(keys, "RANGE"),
        "attribute": [
            {"name": a.get("AttributeName"), "type": a.get("AttributeType")}
            for a in p.get("AttributeDefinitions") or ()
        ],
        "billing_mode": p.get("BillingMode"),
        "read_capacity": throughput.get("ReadCapacityUnits"),
        "write_capacity": throughput.get("WriteCapacityUnits"),
        "global_secondary_index": [_cfn_index(i) for i in p.get("GlobalSecondaryIndexes") or ()],
        "local_secondary_index": [_cfn_index(i) for i in p.get("LocalSecondaryIndexes") or ()],
        "stream_enabled": True if stream else None,
        "stream_view_type": stream.get("StreamViewType") if stream else None,
        "table_class": p.get("TableClass"),
        "deletion_protection_enabled": p.get("DeletionProtectionEnabled"),
        "point_in_time_recovery": (
            [{"enabled": pitr.get("PointInTimeRecoveryEnabled")}] if pitr else None
        ),
        "server_side_encryption": (
            [{"enabled": sse.get("SSEEnabled"), "kms_key_arn": sse.get("KMSMasterKeyId")}]
            if sse
            else None
        ),
        "ttl": (
            [{"enabled": ttl.get("Enabled"), "attribute_name": ttl.get("AttributeName")}]
            if ttl
            else None
        ),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _ack_index(index: Any) -> dict[str, Any]:
    index = index if isinstance(index, dict) else {}
    projection = index.get("projection") or {}
    keys = [
        {"AttributeName": k.get("attributeName"), "KeyType": k.get("keyType")}
        for k in index.get("keySchema") or ()
    ]
    return {
        "name": index.get("indexName"),
        "hash_key": _key(keys, "HASH"),
        "range_key": _key(keys, "RANGE"),
        "projection_type": projection.get("projectionType"),
        "non_key_attributes": projection.get("nonKeyAttributes"),
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    keys = [
        {"AttributeName": k.get("attributeName"), "KeyType": k.get("keyType")}
        for k in s.get("keySchema") or ()
    ]
    throughput = s.get("provisionedThroughput") or {}
    stream = s.get("streamSpecification") or {}
    sse = s.get("sseSpecification")
    ttl = s.get("timeToLive")
    backups = s.get("continuousBackups")
    attrs = {
        "name": s.get("tableName") or c.name(),
        "hash_key": _key(keys, "HASH"),
        "range_key": _key(keys, "RANGE"),
        "attribute": [
            {"name": a.get("attributeName"), "type": a.get("attributeType")}
            for a in s.get("attributeDefinitions") or ()
        ],
        "billing_mode": s.get("billingMode"),
        "read_capacity": throughput.get("readCapacityUnits"),
        "write_capacity": throughput.get("writeCapacityUnits"),
        "global_secondary_index": [_ack_index(i) for i in s.get("globalSecondaryIndexes") or ()],
        "local_secondary_index": [_ack_index(i) for i in s.get("localSecondaryIndexes") or ()],
        "stream_enabled": stream.get("streamEnabled"),
        "stream_view_type": stream.get("streamViewType"),
        "table_class": s.get("tableClass"),
        "deletion_protection_enabled": s.get("deletionProtectionEnabled"),
        "point_in_time_recovery": (
            [{"enabled": backups.get("pointInTimeRecoveryEnabled")}] if backups else None
        ),
        "server_side_encryption": (
            [{"enabled": sse.get("enabled"), "kms_key_arn": sse.get("kmsMasterKeyID")}]
            if sse
            else None
        ),
        "ttl": (
            [{"enabled": ttl.get("enabled"), "attribute_name": ttl.get("attributeName")}]
            if ttl
            else None
        ),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.name())]


# The external name is the table's name, and its id.
_xp_external_name = xp_same_name("name", overwrite=True, annotated_only=True)


# --- revert --------------------------------------------------------------------------------


def _first(value: Any) -> dict[str, Any]:
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return value[0]
    return value if isinstance(value, dict) else {}


def _throughput(desired: Attrs) -> dict[str, Any]:
    if desired.get("billing_mode") == "PAY_PER_REQUEST":
        return {}
    read, write = as_int(desired.get("read_capacity")), as_int(desired.get("write_capacity"))
    if read is None or write is None:
        return {}
    return {"ProvisionedThroughput": {"ReadCapacityUnits": read, "WriteCapacityUnits": write}}


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {}
    changed = {
        a for a in COMPARED if a in after and before.get(a) != after.get(a)
    }  # what differs; each goes in one UpdateTable
    if changed & {"billing_mode", "read_capacity", "write_capacity"}:
        params["BillingMode"] = after.get("billing_mode") or "PROVISIONED"
        params.update(_throughput(after))
    if changed & {"stream_enabled", "stream_view_type"}:
        enabled = as_bool(after.get("stream_enabled"))
        spec: dict[str, Any] = {"StreamEnabled": enabled}
        if enabled and after.get("stream_view_type"):
            spec["StreamViewType"] = after["stream_view_type"]
        params["StreamSpecification"] = spec
    if "table_class" in changed:
        params["TableClass"] = after.get("table_class") or "STANDARD"
    if "deletion_protection_enabled" in changed:
        params["DeletionProtectionEnabled"] = as_bool(after.get("deletion_protection_enabled"))
    if "server_side_encryption" in changed:
        sse = _first(after.get("server_side_encryption"))
        sse_spec: dict[str, Any] = {"Enabled": as_bool(sse.get("enabled"))}
        if sse.get("enabled") and sse.get("kms_key_arn"):
            sse_spec.update(SSEType="KMS", KMSMasterKeyId=sse["kms_key_arn"])
        params["SSESpecification"] = sse_spec
    return [ctx.call("dynamodb", "update_table", TableName=ctx.id, **params)] if params else []


def _pitr(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    block = _first(after.get("point_in_time_recovery"))
    enabled = as_bool(block.get("enabled"))
    spec: dict[str, Any] = {"PointInTimeRecoveryEnabled": enabled}
    days = as_int(block.get("recovery_period_in_days"))
    if enabled and days:
        spec["RecoveryPeriodInDays"] = days
    return [
        ctx.call(
            "dynamodb", "update_continuous_backups", TableName=ctx.id,
            PointInTimeRecoverySpecification=spec,
        )
    ]  # fmt: skip


def _ttl(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    want, had = _first(after.get("ttl")), _first(before.get("ttl"))
    enabled = as_bool(want.get("enabled"))
    name = want.get("attribute_name") if enabled else had.get("attribute_name")
    if not name:
        return []  # disabled on both sides
    spec = {"Enabled": enabled, "AttributeName": name}
    return [
        ctx.call("dynamodb", "update_time_to_live", TableName=ctx.id, TimeToLiveSpecification=spec)
    ]


def _arn(ctx: Ctx) -> str:
    return f"arn:aws:dynamodb:{ctx.region}:{ctx.account}:table/{ctx.id}"


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    arn = before.get("arn") or _arn(ctx)
    calls = []
    if to_set:
        calls.append(ctx.call("dynamodb", "tag_resource", ResourceArn=arn, Tags=pairs(to_set)))
    if to_remove:
        calls.append(ctx.call("dynamodb", "untag_resource", ResourceArn=arn, TagKeys=to_remove))
    return calls


def _keys(desired: Attrs, hash_key: Any, range_key: Any) -> list[dict[str, str]]:
    keys = [{"AttributeName": hash_key, "KeyType": "HASH"}]
    if range_key:
        keys.append({"AttributeName": range_key, "KeyType": "RANGE"})
    return keys


def _index_spec(desired: Attrs, index: dict[str, Any], glob: bool) -> dict[str, Any]:
    projection: dict[str, Any] = {"ProjectionType": index.get("projection_type")}
    if index.get("non_key_attributes"):
        projection["NonKeyAttributes"] = list(index["non_key_attributes"])
    hash_key = index.get("hash_key") if glob else desired.get("hash_key")
    spec = {
        "IndexName": index.get("name"),
        "KeySchema": _keys(desired, hash_key, index.get("range_key")),
        "Projection": projection,
    }
    if glob:
        spec.update(_throughput(desired))
    return spec


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "TableName": desired["name"],
        "AttributeDefinitions": [
            {"AttributeName": a["name"], "AttributeType": a["type"]}
            for a in desired.get("attribute") or ()
        ],
        "KeySchema": _keys(desired, desired["hash_key"], desired.get("range_key")),
        "BillingMode": desired.get("billing_mode") or "PROVISIONED",
        **_throughput(desired),
    }
    gsis = desired.get("global_secondary_index") or []
    lsis = desired.get("local_secondary_index") or []
    if gsis:
        params["GlobalSecondaryIndexes"] = [_index_spec(desired, i, True) for i in gsis]
    if lsis:
        params["LocalSecondaryIndexes"] = [_index_spec(desired, i, False) for i in lsis]
    if desired.get("stream_enabled"):
        params["StreamSpecification"] = {
            "StreamEnabled": True,
            "StreamViewType": desired.get("stream_view_type"),
        }
    if desired.get("table_class"):
        params["TableClass"] = desired["table_class"]
    if desired.get("deletion_protection_enabled"):
        params["DeletionProtectionEnabled"] = True
    sse = _first(desired.get("server_side_encryption"))
    if sse.get("enabled"):
        params["SSESpecification"] = {"Enabled": True}
        if sse.get("kms_key_arn"):
            params["SSESpecification"].update(SSEType="KMS", KMSMasterKeyId=sse["kms_key_arn"])
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.call("dynamodb", "create_table", **params)]


def _fresh(desired: Attrs) -> Attrs:
    """Created with everything but point-in-time recovery and TTL (their own calls)."""
    off = [{"enabled": False, "recovery_period_in_days": 0}]
    return {**desired, "point_in_time_recovery": off, "ttl": [{"enabled": False}]}


def _named(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("name") or ctx.id)


def _protected(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """deletion protection is on"""
    if live.get("deletion_protection_enabled") is True:
        return f"cannot delete table {ctx.id}: deletion protection is on (a human decides)"
    return None


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("dynamodb", "delete_table", TableName=ctx.id)]


def _known_name(attrs: dict[str, Any]) -> Any:
    name = attrs.get("name")
    return name if is_known(name) else None


EVENTS = Events(
    source="dynamodb.amazonaws.com",
    service="dynamodb",
    create=("CreateTable",),
    change=(
        "UpdateTable",
        "UpdateTimeToLive",
        "UpdateContinuousBackups",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteTable",),
    ids=(
        "requestParameters.tableName",
        "requestParameters.resourceArn",
    ),
    touches={
        "UpdateTimeToLive": frozenset({"ttl"}),
        "UpdateContinuousBackups": frozenset({"point_in_time_recovery"}),
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
            holds_data=True,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=SETS,
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=_known_name,
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "stream_arn"}),
            id_doc="table name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(
                    (
                        "billing_mode",
                        "read_capacity",
                        "write_capacity",
                        "stream_enabled",
                        "stream_view_type",
                        "table_class",
                        "deletion_protection_enabled",
                        "server_side_encryption",
                    ),
                    _update,
                ),
                Updater(("point_in_time_recovery",), _pitr),
                Updater(("ttl",), _ttl),
                Updater(("tags",), _tags),
            ),
            fixed={**{a: REPLACE for a in FIXED}, "global_secondary_index": GSI_CHANGE},
            create=Create(_create, _fresh, _named, ("name", "hash_key")),
            delete=Delete(_delete, _protected),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::DynamoDB::Table",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"Arn": ("arn",), "StreamArn": ("stream_arn",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "billing_mode": ("scalar", ("BillingMode",)),
                    "table_class": ("scalar", ("TableClass",)),
                    "deletion_protection_enabled": ("scalar", ("DeletionProtectionEnabled",)),
                }
            },
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "dynamodb",
            "Table",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "billing_mode": ("scalar", ("billingMode",)),
                "read_capacity": ("scalar", ("readCapacity",)),
                "write_capacity": ("scalar", ("writeCapacity",)),
                "table_class": ("scalar", ("tableClass",)),
                "deletion_protection_enabled": ("scalar", ("deletionProtectionEnabled",)),
                "stream_enabled": ("scalar", ("streamEnabled",)),
                "stream_view_type": ("scalar", ("streamViewType",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "dynamodb",
            "Table",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "billing_mode": ("scalar", ("billingMode",)),
                    "table_class": ("scalar", ("tableClass",)),
                    "deletion_protection_enabled": ("scalar", ("deletionProtectionEnabled",)),
                }
            },
        ),
    ),
)
