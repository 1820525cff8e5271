"""aws_efs_file_system: an EFS file system's creation token, encryption, performance and
throughput modes, provisioned throughput, lifecycle policies and tags.

Live: DescribeFileSystems pages (100 a page; it carries the tags), plus
DescribeLifecycleConfiguration per file system. AWS creates no file systems of its own in
an account. Terraform's defaults: bursting throughput, no lifecycle policy; the
performance mode and encryption are AWS's when left unset (generalPurpose, not
encrypted) and compared only where declared. The creation token, encryption, KMS key and
performance mode are fixed at creation: a revert says "replace needed: a human decides";
throughput goes back with UpdateFileSystem, lifecycle policies with
PutLifecycleConfiguration. A deleting revert never forces: AWS refuses to delete a file
system that has mount targets. (moto has no UpdateFileSystem: the throughput revert is
tested as a planned call on boto3-seeded moto, and not changed in the Terraform group.)
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    as_bool,
    keep,
    new_id,
    pending,
    reader,
    tag_items,
    tagger,
    xp_prefixed,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
)
from driftctl.core.model import Resource

TYPE = "aws_efs_file_system"
SERVICE = "efs"
FIXED = ("creation_token", "encrypted", "kms_key_id", "performance_mode")
THROUGHPUT = ("throughput_mode", "provisioned_throughput_in_mibps")
COMPARED = frozenset({*FIXED, *THROUGHPUT, "lifecycle_policy", "tags"})
GONE = frozenset({"FileSystemNotFound"})
# Terraform's lifecycle_policy attribute -> AWS's LifecyclePolicy field
TRANSITIONS = {
    "transition_to_ia": "TransitionToIA",
    "transition_to_primary_storage_class": "TransitionToPrimaryStorageClass",
    "transition_to_archive": "TransitionToArchive",
}


# AWS's LifecyclePolicy field -> Terraform's attribute, and Terraform's as they are
FROM_AWS = {field: attr for attr, field in TRANSITIONS.items()}
AS_IS = {attr: attr for attr in TRANSITIONS}


def _policies(found: Any, names: dict[str, str] = AS_IS) -> list[dict[str, Any]]:
    """Lifecycle policies in Terraform's shape (one transition a block), sorted; `names`
    maps the fields read to Terraform's attributes."""
    out = []
    for policy in found or ():
        if not isinstance(policy, dict):
            continue
        block = {
            attr: policy[key] for key, attr in names.items() if policy.get(key) not in (None, "")
        }
        if block:
            out.append(block)
    return sorted(out, key=lambda b: sorted(b.items()))


def build(item: Item, details: Details, region: str) -> list[Resource]:
    fid = item["FileSystemId"]
    lifecycle = details.get("lifecycle")
    tags = item.get("Tags")
    attrs = {
        "creation_token": item.get("CreationToken"),
        "encrypted": bool(item.get("Encrypted")),
        "kms_key_id": item.get("KmsKeyId") or "",
        "performance_mode": item.get("PerformanceMode") or "generalPurpose",
        "throughput_mode": item.get("ThroughputMode") or "bursting",
        "provisioned_throughput_in_mibps": item.get("ProvisionedThroughputInMibps") or 0,
        "lifecycle_policy": _policies((lifecycle or {}).get("LifecyclePolicies"), FROM_AWS),
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": item.get("FileSystemArn"),
        "name": item.get("Name"),
    }
    return [Resource(TYPE, fid, None, attrs, region=region)]


SCAN = ScanSpec(
    name="efs_file_systems",
    service=SERVICE,
    listing=ListCall("describe_file_systems", "FileSystems", page_size=100),
    details=(
        DetailCall(
            "lifecycle",
            "describe_lifecycle_configuration",
            lambda item: {"FileSystemId": item["FileSystemId"]},
            GONE,
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if isinstance(out.get("lifecycle_policy"), list):
        out["lifecycle_policy"] = _policies(out["lifecycle_policy"])
    if "kms_key_id" in out and out["kms_key_id"] is None:
        out["kms_key_id"] = ""
    if "provisioned_throughput_in_mibps" in out and out["provisioned_throughput_in_mibps"] is None:
        out["provisioned_throughput_in_mibps"] = 0
    return out


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::EFS::FileSystem: tags as `FileSystemTags`; CloudFormation makes the token."""
    p = d.props
    policies = p.get("LifecyclePolicies")
    attrs = {
        "encrypted": p.get("Encrypted"),
        "kms_key_id": p.get("KmsKeyId"),
        "performance_mode": p.get("PerformanceMode"),
        "throughput_mode": p.get("ThroughputMode"),
        "provisioned_throughput_in_mibps": p.get("ProvisionedThroughputInMibps"),
        "lifecycle_policy": _policies(policies, FROM_AWS) if isinstance(policies, list) else [],
        "tags": d.tags("FileSystemTags"),
    }
    d.emit(TYPE, attrs)


def _aws_policies(a: Attrs) -> list[dict[str, Any]]:
    return [
        {TRANSITIONS[k]: v for k, v in block.items() if k in TRANSITIONS}
        for block in _policies(a.get("lifecycle_policy"))
    ]


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Encrypted": a.get("encrypted"),
        "KmsKeyId": a.get("kms_key_id") or None,
        "PerformanceMode": a.get("performance_mode"),
        "ThroughputMode": a.get("throughput_mode"),
        "ProvisionedThroughputInMibps": a.get("provisioned_throughput_in_mibps") or None,
        "LifecyclePolicies": _aws_policies(a) or None,
        "FileSystemTags": cfn_tags(a),
    }


# The external name is the file system id AWS assigned.
_xp_external_name = xp_prefixed("fs-")


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's FileSystem: the controller makes the creation token."""
    s = c.spec
    policies = s.get("lifecyclePolicies")
    ack_fields = {
        "transitionToIA": "transition_to_ia",
        "transitionToPrimaryStorageClass": "transition_to_primary_storage_class",
        "transitionToArchive": "transition_to_archive",
    }
    blocks = [
        {ack_fields[k]: v for k, v in p.items() if k in ack_fields}
        for p in policies or ()
        if isinstance(p, dict)
    ]
    attrs = {
        "encrypted": s.get("encrypted"),
        "kms_key_id": c.ref(s.get("kmsKeyID"), s.get("kmsKeyRef"), "Key", ("arn",)),
        "performance_mode": s.get("performanceMode"),
        "throughput_mode": s.get("throughputMode"),
        "provisioned_throughput_in_mibps": s.get("provisionedThroughputInMiBps"),
        "lifecycle_policy": _policies(blocks) if isinstance(policies, list) else None,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("fileSystemID"))]


# --- revert ---------------------------------------------------------------------------------


def _throughput(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"FileSystemId": ctx.id}
    mode = after.get("throughput_mode") or before.get("throughput_mode")
    if mode:
        params["ThroughputMode"] = mode
    if mode == "provisioned" and after.get("provisioned_throughput_in_mibps"):
        params["ProvisionedThroughputInMibps"] = float(after["provisioned_throughput_in_mibps"])
    return [ctx.call(SERVICE, "update_file_system", **params)]


def _lifecycle(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    policies = _aws_policies(after)
    return [
        ctx.call(
            SERVICE, "put_lifecycle_configuration", FileSystemId=ctx.id, LifecyclePolicies=policies
        )
    ]


_TAGS = tagger(
    SERVICE,
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {"ResourceId": ctx.id},
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"CreationToken": desired["creation_token"]}
    if desired.get("performance_mode"):
        params["PerformanceMode"] = desired["performance_mode"]
    if desired.get("encrypted") is not None:
        params["Encrypted"] = as_bool(desired["encrypted"])
    if desired.get("kms_key_id"):
        params["KmsKeyId"] = desired["kms_key_id"]
    if desired.get("throughput_mode"):
        params["ThroughputMode"] = desired["throughput_mode"]
    if desired.get("provisioned_throughput_in_mibps"):
        params["ProvisionedThroughputInMibps"] = float(desired["provisioned_throughput_in_mibps"])
    if desired.get("tags"):
        params["Tags"] = [{"Key": k, "Value": str(v)} for k, v in sorted(desired["tags"].items())]
    output = {pending(ctx).name: "FileSystemId"}
    return [ctx.producing(output, SERVICE, "create_file_system", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "lifecycle_policy": []}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """Never forced: AWS refuses while the file system has mount targets."""
    return [ctx.call(SERVICE, "delete_file_system", FileSystemId=ctx.id)]


def _describe(answer: Any) -> Item | None:
    found = (answer or {}).get("FileSystems") or []
    return dict(found[0]) if found else None


EMITS = (TYPE,)

EVENTS = Events(
    source="elasticfilesystem.amazonaws.com",
    service="efs",
    create=("CreateFileSystem",),
    change=(
        "PutLifecycleConfiguration",
        "UpdateFileSystem",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteFileSystem",),
    ids=(
        "responseElements.fileSystemId",
        "requestParameters.fileSystemId",
        "requestParameters.resourceId",
    ),
    touches={
        "PutLifecycleConfiguration": frozenset({"lifecycle_policy"}),
        "UpdateFileSystem": frozenset({"throughput_mode", "provisioned_throughput_in_mibps"}),
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
            sets=frozenset({"lifecycle_policy"}),
            natural_keys=(CFN_KEY, ("creation_token",), ("tags.Name",)),
            declared_defaults={"throughput_mode": "bursting", "lifecycle_policy": [], "tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "creation_token"}),
            id_doc="`fs-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(THROUGHPUT, _throughput),
                Updater(("lifecycle_policy",), _lifecycle),
                Updater(("tags",), _TAGS),
            ),
            fixed={attr: REPLACE for attr in FIXED},
            create=Create(_create, _fresh, new_id, ("creation_token",)),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            SERVICE,
            "describe_file_systems",
            lambda rid: {"FileSystemId": rid},
            _describe,
            GONE,
        )
    },
    cfn=(
        CfnType(
            "AWS::EFS::FileSystem",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Arn": ("arn",), "FileSystemId": ("id",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("FileSystemTags",)),
                    "throughput_mode": ("scalar", ("ThroughputMode",)),
                    "performance_mode": ("scalar", ("PerformanceMode",)),
                    "encrypted": ("scalar", ("Encrypted",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "efs",
            "FileSystem",
            TYPE,
            external_name=_xp_external_name,
            refs={"kmsKeyId": ("Key", ("arn",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "throughput_mode": ("scalar", ("throughputMode",)),
                "performance_mode": ("scalar", ("performanceMode",)),
                "encrypted": ("scalar", ("encrypted",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "efs",
            "FileSystem",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "throughput_mode": ("scalar", ("throughputMode",)),
                    "performance_mode": ("scalar", ("performanceMode",)),
                    "encrypted": ("scalar", ("encrypted",)),
                }
            },
        ),
    ),
)
