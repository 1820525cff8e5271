"""aws_ebs_volume: an EBS volume: its zone, size, type, IOPS, throughput, encryption,
snapshot, multi-attach and tags.

Live: DescribeVolumes pages (500 a call), nothing per volume. A volume an instance
launched with and deletes on termination, and the volume at an instance's root device
(its `root_block_device`, even with `delete_on_termination = false`: the instance's
RootDeviceName and block device mappings say which), are the instance's, never
unmanaged. Type, IOPS and throughput are compared only where declared (Terraform
computes them). ModifyVolume puts back size (it only grows: a smaller size needs a
human), type, IOPS, throughput and multi-attach; the zone, encryption, key and snapshot
are fixed at creation. ACK's EC2 controller has no volume kind. Moto leaves
DeleteOnTermination out of a root volume's attachment (AWS says true): the root device
mapping still says whose it is.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_bool, new_id, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import CannotRevert, Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.ec2 import volume_attachment
from driftctl.resources.ec2.common import TAGS, by_id, deleter, tag_spec

TYPE = "aws_ebs_volume"
COMPARED = frozenset(
    {
        "availability_zone",
        "size",
        "type",
        "iops",
        "throughput",
        "encrypted",
        "kms_key_id",
        "snapshot_id",
        "multi_attach_enabled",
        "tags",
    }
)
GONE = ("deleting", "deleted", "error")


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("State") in GONE:
        return []
    attrs = {
        "availability_zone": item.get("AvailabilityZone"),
        "size": item.get("Size"),
        "type": item.get("VolumeType"),
        "iops": item.get("Iops") or 0,
        "throughput": item.get("Throughput") or 0,
        "encrypted": bool(item.get("Encrypted", False)),
        "kms_key_id": item.get("KmsKeyId") or "",
        "snapshot_id": item.get("SnapshotId") or "",
        "multi_attach_enabled": bool(item.get("MultiAttachEnabled", False)),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": f"arn:aws:ec2:{region}::volume/{item['VolumeId']}",
        "with_instance": any(a.get("DeleteOnTermination") for a in item.get("Attachments") or ()),
    }
    volume = Resource(TYPE, item["VolumeId"], None, attrs, region=region)
    return [volume, *volume_attachment.live(item, region)]


SCAN = ScanSpec(
    name="ec2_volumes",
    service="ec2",
    listing=ListCall("describe_volumes", "Volumes", page_size=500),
    build=build,
)


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "availability_zone": p.get("AvailabilityZone"),
        "size": p.get("Size"),
        "type": p.get("VolumeType"),
        "iops": p.get("Iops"),
        "throughput": p.get("Throughput"),
        "encrypted": p.get("Encrypted"),
        "kms_key_id": p.get("KmsKeyId"),
        "snapshot_id": p.get("SnapshotId"),
        "multi_attach_enabled": p.get("MultiAttachEnabled"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "AvailabilityZone": a.get("availability_zone"),
        "Size": a.get("size"),
        "VolumeType": a.get("type"),
        "Encrypted": a.get("encrypted"),
        "Tags": cfn_tags(a),
    }


# The external name is the volume id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("vol-")


_MODIFY = {"size": "Size", "type": "VolumeType", "iops": "Iops", "throughput": "Throughput"}


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {}
    for attr, name in _MODIFY.items():
        if attr in after and after[attr] not in (None, "") and after[attr] != before.get(attr):
            params[name] = after[attr] if attr == "type" else int(after[attr])
    if "Size" in params and before.get("size") and params["Size"] < int(before["size"]):
        raise CannotRevert("an EBS volume only grows: a smaller size needs a new volume")
    if "multi_attach_enabled" in after and as_bool(after["multi_attach_enabled"]) != as_bool(
        before.get("multi_attach_enabled")
    ):
        params["MultiAttachEnabled"] = as_bool(after["multi_attach_enabled"])
    return [ctx.call("ec2", "modify_volume", VolumeId=ctx.id, **params)] if params else []


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"AvailabilityZone": desired["availability_zone"]}
    for attr, name in (*_MODIFY.items(), ("snapshot_id", "SnapshotId"), ("kms_key_id", "KmsKeyId")):
        if desired.get(attr) not in (None, "", 0):
            params[name] = (
                desired[attr] if attr not in ("size", "iops", "throughput") else int(desired[attr])
            )
    if desired.get("encrypted") is not None:
        params["Encrypted"] = as_bool(desired["encrypted"])
    if desired.get("multi_attach_enabled") is not None:
        params["MultiAttachEnabled"] = as_bool(desired["multi_attach_enabled"])
    params.update(tag_spec("volume", desired))
    return [ctx.producing({pending(ctx).name: "VolumeId"}, "ec2", "create_volume", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return dict(desired)


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """A volume its instance deletes on termination is the instance's: never deleted."""
    return f"{ctx.label}: the volume of a running instance" if live.get("with_instance") else None


EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateVolume",),
    change=(
        "ModifyVolume",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteVolume",),
    ids=(
        "responseElements.volumeId",
        "requestParameters.volumeId",
        "requestParameters.ModifyVolumeRequest.VolumeId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
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
            natural_keys=(CFN_KEY, ("availability_zone", "tags.Name")),
            declared_defaults={"multi_attach_enabled": False, "tags": {}},
            is_aws_default=lambda r: bool(r.attrs.get("with_instance")),
            owned_by=("aws_instance", "root_volume_id"),
            from_terraform={TYPE: _from_tf},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="`vol-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("size", "type", "iops", "throughput", "multi_attach_enabled"), _modify),
                TAGS,
            ),
            fixed={
                "availability_zone": REPLACE,
                "encrypted": REPLACE,
                "kms_key_id": REPLACE,
                "snapshot_id": REPLACE,
            },
            create=Create(_create, _fresh, new_id, ("availability_zone",)),
            delete=Delete(deleter("delete_volume", "VolumeId"), _refuse),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "volume-id")},
    cfn=(
        CfnType(
            "AWS::EC2::Volume",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"VolumeId": ("id",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "size": ("scalar", ("Size",)),
                    "type": ("scalar", ("VolumeType",)),
                    "iops": ("scalar", ("Iops",)),
                    "throughput": ("scalar", ("Throughput",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "EBSVolume",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "size": ("scalar", ("size",)),
                "type": ("scalar", ("type",)),
                "iops": ("scalar", ("iops",)),
                "throughput": ("scalar", ("throughput",)),
            },
            importable=True,
        ),
    ),
)
