"""aws_kms_key: a customer-managed KMS key: description, usage, spec, key policy, enabled,
rotation, multi-Region and tags.

Live: ListKeys pages, joined with ListAliases pages (one list, shared with aws_kms_alias)
so that AWS-managed keys (those behind `alias/aws/*`) are never read further and never
unmanaged; per customer key DescribeKey, GetKeyPolicy, GetKeyRotationStatus and
ListResourceTags (KMS has no batch read). A key pending deletion reads as gone, as
Terraform reads it. A key has no name: HCL matches it by its `Name` tag, else by its
description. Its usage, spec and multi-Region flag are fixed at creation (a revert says
"replace needed"); the deletion window and the lockout-check bypass are never read back.
moto cannot create an AWS-managed key: its test marks one on moto's backend (moto does
list every `alias/aws/*` alias, without keys behind them).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    as_bool,
    json_text,
    keep,
    pairs,
    reader,
    tag_items,
    tagger,
    xp_prefixed,
)
from driftctl.base.policy import canonical_policy
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    Join,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
)
from driftctl.core.model import Resource

TYPE = "aws_kms_key"
COMPARED = frozenset(
    {
        "description",
        "key_usage",
        "customer_master_key_spec",
        "policy",
        "is_enabled",
        "enable_key_rotation",
        "multi_region",
        "tags",
    }
)
GONE_STATES = frozenset({"PendingDeletion", "PendingReplicaDeletion"})
AWS_ALIAS = "alias/aws/"
# the list of aliases, shared with aws_kms_alias's scan (made once)
ALIASES = ListCall("list_aliases", "Aliases", page_size=100)


def _aws_managed(item: Item) -> bool:
    alias = (item.get("__joins__") or {}).get("alias") or {}
    return str(alias.get("AliasName", "")).startswith(AWS_ALIAS)


def _customer(item: Item) -> bool:
    return not _aws_managed(item)


def _key(item: Item) -> dict[str, Any]:
    return {"KeyId": item["KeyId"]}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    meta = (details.get("key") or {}).get("KeyMetadata") or {}
    if meta.get("KeyState") in GONE_STATES:
        return []
    managed = _aws_managed(item) or meta.get("KeyManager") == "AWS"
    arn = meta.get("Arn") or item.get("KeyArn")
    if managed:
        return [
            Resource(TYPE, item["KeyId"], None, {"arn": arn, "aws_managed": True}, region=region)
        ]
    tags = (details.get("tags") or {}).get("Tags")
    rotation = details.get("rotation") or {}
    policy = (details.get("policy") or {}).get("Policy")
    attrs = {
        "description": meta.get("Description", ""),
        # every key has both; an answer without them (moto's) means AWS's defaults
        "key_usage": meta.get("KeyUsage") or "ENCRYPT_DECRYPT",
        "customer_master_key_spec": meta.get("KeySpec")
        or meta.get("CustomerMasterKeySpec")
        or "SYMMETRIC_DEFAULT",
        "policy": policy,
        "is_enabled": bool(meta.get("Enabled", True)),
        "enable_key_rotation": bool(rotation.get("KeyRotationEnabled", False)),
        "multi_region": bool(meta.get("MultiRegion", False)),
        "tags": tag_items(tags, "TagKey", "TagValue"),
        **cfn_identity([{"Key": t["TagKey"], "Value": t["TagValue"]} for t in tags or ()]),
        "arn": arn,
        "key_id": item["KeyId"],
    }
    return [Resource(TYPE, item["KeyId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="kms_keys",
    service="kms",
    listing=ListCall("list_keys", "Keys", page_size=1000),
    joins=(Join("alias", ALIASES, "TargetKeyId", "KeyId"),),
    details=(
        DetailCall("key", "describe_key", _key, when=_customer),
        DetailCall(
            "policy", "get_key_policy", lambda i: {**_key(i), "PolicyName": "default"},
            frozenset({"KMSInvalidStateException"}), when=_customer,
        ),
        DetailCall(
            "rotation", "get_key_rotation_status", _key,
            frozenset({"UnsupportedOperationException", "KMSInvalidStateException"}),
            when=_customer,
        ),
        DetailCall("tags", "list_resource_tags", _key, when=_customer),
    ),
    build=build,
)  # fmt: skip


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "policy" in out:
        out["policy"] = canonical_policy(out["policy"])
    if "description" in out and out["description"] is None:
        out["description"] = ""
    return out


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "description": p.get("Description"),
        "key_usage": p.get("KeyUsage"),
        "customer_master_key_spec": p.get("KeySpec"),
        "policy": p.get("KeyPolicy"),
        "is_enabled": p.get("Enabled"),
        "enable_key_rotation": p.get("EnableKeyRotation"),
        "multi_region": p.get("MultiRegion"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Description": a.get("description") or None,
        "KeyUsage": a.get("key_usage"),
        "KeySpec": a.get("customer_master_key_spec"),
        "KeyPolicy": a.get("policy"),
        "Enabled": a.get("is_enabled"),
        "EnableKeyRotation": a.get("enable_key_rotation"),
        "MultiRegion": a.get("multi_region"),
        "Tags": cfn_tags(a),
    }


# The external name is the key id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed()


def _ack_tags(c: AckContext, declared: Any) -> dict[str, Any] | None:
    """ACK's KMS tags are KMS's [{tagKey, tagValue}]."""
    as_pairs = [
        {"key": t.get("tagKey"), "value": t.get("tagValue")}
        for t in declared if isinstance(t, dict)
    ] if isinstance(declared, list) else declared  # fmt: skip
    return c.tags(as_pairs)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "description": s.get("description"),
        "key_usage": s.get("keyUsage"),
        "customer_master_key_spec": s.get("keySpec"),
        "policy": s.get("policy"),
        "multi_region": s.get("multiRegion"),
        "tags": _ack_tags(c, s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("keyID"))]


# --- revert ---------------------------------------------------------------------------------


def _description(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    desc = after.get("description") or ""
    return [ctx.call("kms", "update_key_description", KeyId=ctx.id, Description=desc)]


def _policy(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    doc = json_text(after["policy"])
    return [ctx.call("kms", "put_key_policy", KeyId=ctx.id, PolicyName="default", Policy=doc)]


def _enabled(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    op = "enable_key" if as_bool(after["is_enabled"]) else "disable_key"
    return [ctx.call("kms", op, KeyId=ctx.id)]


def _rotation(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    on = as_bool(after["enable_key_rotation"])
    return [ctx.call("kms", "enable_key_rotation" if on else "disable_key_rotation", KeyId=ctx.id)]


_TAGS = tagger(
    "kms",
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {"KeyId": ctx.id},
    lambda tags: pairs(tags, "TagKey", "TagValue"),
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "Description": desired.get("description") or "",
        "KeyUsage": desired.get("key_usage") or "ENCRYPT_DECRYPT",
        "KeySpec": desired.get("customer_master_key_spec") or "SYMMETRIC_DEFAULT",
        "MultiRegion": as_bool(desired.get("multi_region") or False),
    }
    if desired.get("policy") is not None:
        params["Policy"] = json_text(desired["policy"])
    tags = desired.get("tags") or {}
    if tags:
        params["Tags"] = pairs(tags, "TagKey", "TagValue")
    outputs = {f"{ctx.label}.id": "KeyMetadata.KeyId"}
    return [ctx.producing(outputs, "kms", "create_key", **params)]


def _fresh(desired: Attrs) -> Attrs:
    # created enabled, without rotation, with what create_key sets
    return {**desired, "is_enabled": True, "enable_key_rotation": False}


def _new_id(ctx: Ctx, desired: Attrs) -> Pending:
    return Pending(f"{ctx.label}.id")


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """KMS never deletes a key at once: the deletion is scheduled (30 days, cancellable)."""
    return [ctx.call("kms", "schedule_key_deletion", KeyId=ctx.id, PendingWindowInDays=30)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """an AWS-managed key is AWS's own"""
    if live.get("aws_managed"):
        return f"cannot delete {ctx.label}: an AWS-managed key is AWS's own"
    return None


def _describe(answer: Any) -> Item | None:
    meta = (answer or {}).get("KeyMetadata")
    return {"KeyId": meta["KeyId"], "KeyArn": meta.get("Arn")} if meta else None


EMITS = (TYPE,)
_FIELDS = {
    "description": ("scalar", ("description",)),
    "enable_key_rotation": ("scalar", ("enableKeyRotation",)),
    "is_enabled": ("scalar", ("isEnabled",)),
    "tags": ("map", ("tags",)),
}

EVENTS = Events(
    source="kms.amazonaws.com",
    service="kms",
    create=("CreateKey",),
    change=(
        "UpdateKeyDescription",
        "EnableKeyRotation",
        "DisableKeyRotation",
        "EnableKey",
        "DisableKey",
        "PutKeyPolicy",
        "TagResource",
        "UntagResource",
    ),
    delete=("ScheduleKeyDeletion",),
    ids=(
        "responseElements.keyMetadata.keyId",
        "requestParameters.keyId",
    ),
    touches={
        "UpdateKeyDescription": frozenset({"description"}),
        "EnableKeyRotation": frozenset({"enable_key_rotation"}),
        "DisableKeyRotation": frozenset({"enable_key_rotation"}),
        "EnableKey": frozenset({"is_enabled"}),
        "DisableKey": frozenset({"is_enabled"}),
        "PutKeyPolicy": frozenset({"policy"}),
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
            exact=frozenset({"tags", "policy"}),
            natural_keys=(CFN_KEY, ("tags.Name",), ("description",)),
            declared_defaults={
                "key_usage": "ENCRYPT_DECRYPT",
                "customer_master_key_spec": "SYMMETRIC_DEFAULT",
                "is_enabled": True,
                "enable_key_rotation": False,
                "tags": {},
            },
            normalize=_normalize,
            is_aws_default=lambda r: bool(r.attrs.get("aws_managed")),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            documents=frozenset({"policy"}),
            computed=frozenset({"arn", "key_id"}),
            id_doc="key id (a UUID)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("description",), _description),
                Updater(("policy",), _policy),
                Updater(("is_enabled",), _enabled),
                Updater(("enable_key_rotation",), _rotation),
                Updater(("tags",), _TAGS),
            ),
            fixed={
                "key_usage": REPLACE,
                "customer_master_key_spec": REPLACE,
                "multi_region": REPLACE,
            },
            create=Create(_create, _fresh, _new_id),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            "kms",
            "describe_key",
            lambda rid: {"KeyId": rid},
            _describe,
            frozenset({"NotFoundException"}),
        )
    },
    cfn=(
        CfnType(
            "AWS::KMS::Key",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Arn": ("arn",), "KeyId": ("key_id",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("Description",)),
                    "enable_key_rotation": ("scalar", ("EnableKeyRotation",)),
                    "is_enabled": ("scalar", ("Enabled",)),
                    "policy": ("document", ("KeyPolicy",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "kms",
            "Key",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields=_FIELDS,
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "kms",
            "Key",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"description": ("scalar", ("description",))}},
        ),
    ),
)
