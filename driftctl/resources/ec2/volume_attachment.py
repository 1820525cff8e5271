"""aws_volume_attachment: an EBS volume attached to an instance under a device name.

Live: the attachments DescribeVolumes already answers for the volumes' own scan
(ebs_volume.py): no call of its own. The id is Terraform's import id,
`DEVICE:VOLUME:INSTANCE`. Attachments made when the instance was launched (its root
volume, on /dev/sda1 or /dev/xvda, and the block devices deleted with it) are the
instance's own, never unmanaged; an unmanaged volume's attachment is reported through
the volume. An attachment cannot be changed in place: another device, volume or
instance is "replace needed"; a missing one is attached again, an unmanaged one
detached.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep
from driftctl.base.revert import Create, Delete, RevertSpec
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource

TYPE = "aws_volume_attachment"
VOLUME_SCAN = "ec2_volumes"  # ebs_volume.py's scan reads the attachments
COMPARED = frozenset({"device_name", "volume_id", "instance_id"})
DETACHED = ("detaching", "detached")
# the root device names of Amazon's and most other AMIs: an instance's own volume there
ROOT_DEVICES = frozenset({"/dev/sda1", "/dev/xvda"})


def attachment_id(attrs: dict[str, Any]) -> str:
    return f"{attrs['device_name']}:{attrs['volume_id']}:{attrs['instance_id']}"


def live(volume: dict[str, Any], region: str) -> list[Resource]:
    """The attachments of one volume DescribeVolumes answered."""
    out = []
    for found in volume.get("Attachments") or ():
        if found.get("State") in DETACHED:
            continue
        attrs = {
            "device_name": found.get("Device"),
            "volume_id": found.get("VolumeId") or volume.get("VolumeId"),
            "instance_id": found.get("InstanceId"),
            "with_instance": bool(found.get("DeleteOnTermination"))
            or found.get("Device") in ROOT_DEVICES,
        }
        out.append(Resource(TYPE, attachment_id(attrs), None, attrs, region=region))
    return out


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "device_name": p.get("Device"),
        "volume_id": p.get("VolumeId"),
        "instance_id": p.get("InstanceId"),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Device": a.get("device_name"),
        "VolumeId": a.get("volume_id"),
        "InstanceId": a.get("instance_id"),
    }


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "Device": desired["device_name"],
        "VolumeId": desired["volume_id"],
        "InstanceId": desired["instance_id"],
    }
    return [ctx.call("ec2", "attach_volume", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return attachment_id(desired)


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"VolumeId": live["volume_id"], "InstanceId": live["instance_id"]}
    return [ctx.call("ec2", "detach_volume", Device=live["device_name"], **params)]


def _volume_of(rid: str, attrs: Attrs) -> str:
    """The read unit holding an attachment: its volume."""
    return str(attrs.get("volume_id") or rid.split(":")[1])


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("AttachVolume",),
    delete=("DetachVolume",),
    ids=(
        "{requestParameters.device}:{requestParameters.volumeId}:{requestParameters.instanceId}",
        "{responseElements.device}:{responseElements.volumeId}:{responseElements.instanceId}",
    ),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=VOLUME_SCAN,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("volume_id", "instance_id"), ("instance_id", "device_name")),
            is_aws_default=lambda r: bool(r.attrs.get("with_instance")),
            parent=("aws_ebs_volume", "volume_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="`DEVICE:VOLUME:INSTANCE` (Terraform's import id)",
            after=("aws_ebs_volume", "aws_instance"),
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            fixed={attr: REPLACE for attr in sorted(COMPARED)},
            create=Create(_create, dict, _new_id, tuple(sorted(COMPARED))),
            delete=Delete(_delete),
            unit_id=_volume_of,
        ),
    ),
    cfn=(
        CfnType(
            "AWS::EC2::VolumeAttachment",
            _cfn,
            emits=EMITS,
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "VolumeAttachment",
            TYPE,
            importable=False,
        ),
    ),
)
