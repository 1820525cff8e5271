"""aws_instance: an EC2 instance: its AMI, type, subnet, security groups, key pair,
instance profile, monitoring, EBS optimization, source/destination check, whether its
root volume is deleted on termination, and tags.

Live: DescribeInstances pages (1,000 a call), nothing per instance; terminated and
shutting-down instances are left out. Instances an Auto Scaling group launched (EKS node
groups' among them) are the group's, never unmanaged. Source/destination check is on
unless declared otherwise; the rest is compared where declared (Terraform computes it).
The volume at its root device (`RootDeviceName`) is its `root_block_device`: never an
unmanaged volume, whether or not it is deleted on termination (ebs_volume.py). Of a
declared `root_block_device`, `delete_on_termination` is compared (true unless declared
otherwise, as Terraform defaults it), from DescribeInstances' block device mappings: a
root volume switched to be deleted with its instance is drift. Security groups,
source/destination check, monitoring, the root volume's delete-on-termination flag and
tags are put back in place (the flag also on an instance launched again); the instance
type only while the instance is stopped (a human decides); AMI, subnet and key pair are
fixed at launch. Not read here: user data, the termination-protection flag, and the root
volume's size, type and encryption (DescribeVolumes). Moto has no MonitorInstances /
UnmonitorInstances (the monitoring revert is tested as a plan only). The root volume's
flag is checked against real Terraform in tests/tf/test_patterns.py.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
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
    first_block,
    tag_dict,
)
from driftctl.core.model import Resource, is_known
from driftctl.resources.ec2.common import TAGS, by_id, tag_spec

TYPE = "aws_instance"
COMPARED = frozenset(
    {
        "ami",
        "instance_type",
        "subnet_id",
        "vpc_security_group_ids",
        "key_name",
        "iam_instance_profile",
        "monitoring",
        "ebs_optimized",
        "source_dest_check",
        "root_block_device",
        "tags",
    }
)
GONE = ("terminated", "shutting-down")


def _profile_name(profile: Any) -> str:
    arn = (profile or {}).get("Arn") or ""
    return str(arn.rsplit("/", 1)[-1]) if arn else ""


def _instance(i: Item, region: str) -> Resource:
    raw_tags = i.get("Tags")
    attrs = {
        "ami": i.get("ImageId"),
        "instance_type": i.get("InstanceType"),
        "subnet_id": i.get("SubnetId") or "",
        "vpc_security_group_ids": sorted(g["GroupId"] for g in i.get("SecurityGroups") or ()),
        "key_name": i.get("KeyName") or "",
        "iam_instance_profile": _profile_name(i.get("IamInstanceProfile")),
        "monitoring": (i.get("Monitoring") or {}).get("State") in ("enabled", "pending"),
        "ebs_optimized": bool(i.get("EbsOptimized", False)),
        "source_dest_check": bool(i.get("SourceDestCheck", True)),
        "tags": tag_dict(raw_tags),
        **cfn_identity(raw_tags),
        "private_ip": i.get("PrivateIpAddress") or "",
        "public_ip": i.get("PublicIpAddress") or "",
        "instance_state": (i.get("State") or {}).get("Name", ""),
        "arn": f"arn:aws:ec2:{region}::instance/{i['InstanceId']}",
        "launched_by_group": any(t["Key"] == "aws:autoscaling:groupName" for t in raw_tags or ()),
        "root_volume_id": _root_volume(i),
        "root_block_device": _root_block_device(i),
    }
    return Resource(TYPE, i["InstanceId"], None, attrs, region=region)


def _root_ebs(i: Item) -> Item | None:
    """The EBS mapping at the instance's root device, if its root device is EBS."""
    root = i.get("RootDeviceName")
    for mapping in i.get("BlockDeviceMappings") or ():
        if mapping.get("DeviceName") == root and isinstance(mapping.get("Ebs"), dict):
            ebs: Item = mapping["Ebs"]
            return ebs
    return None


def _root_volume(i: Item) -> str | None:
    """The volume attached at the instance's root device: its `root_block_device`."""
    return (_root_ebs(i) or {}).get("VolumeId")


def _root_block_device(i: Item) -> dict[str, Any] | None:
    """Terraform's `root_block_device`, as far as DescribeInstances tells it."""
    ebs = _root_ebs(i)
    if ebs is None:
        return None
    return {
        "device_name": i.get("RootDeviceName"),
        "delete_on_termination": ebs.get("DeleteOnTermination"),
    }


def build(item: Item, details: Details, region: str) -> list[Resource]:
    """One reservation: each of its instances that is not gone."""
    return [
        _instance(i, region)
        for i in item.get("Instances") or ()
        if (i.get("State") or {}).get("Name") not in GONE
    ]


SCAN = ScanSpec(
    name="ec2_instances",
    service="ec2",
    listing=ListCall("describe_instances", "Reservations", page_size=1000),
    build=build,
)


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED - {"root_block_device"}}
    if raw.attrs.get("root_block_device"):
        # of the block, what DescribeInstances tells; Terraform's default is true
        root = first_block(raw.attrs["root_block_device"])
        attrs["root_block_device"] = {
            "delete_on_termination": root.get("delete_on_termination", True)
        }
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK ----------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "ami": p.get("ImageId"),
        "instance_type": p.get("InstanceType"),
        "subnet_id": p.get("SubnetId"),
        "vpc_security_group_ids": p.get("SecurityGroupIds"),
        "key_name": p.get("KeyName"),
        "iam_instance_profile": p.get("IamInstanceProfile"),
        "monitoring": p.get("Monitoring"),
        "ebs_optimized": p.get("EbsOptimized"),
        "source_dest_check": p.get("SourceDestCheck"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "ImageId": a.get("ami"),
        "InstanceType": a.get("instance_type"),
        "SubnetId": a.get("subnet_id") or None,
        "SecurityGroupIds": a.get("vpc_security_group_ids") or None,
        "KeyName": a.get("key_name") or None,
        "Tags": cfn_tags(a),
    }


# The external name is the instance id once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("i-")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    monitoring = s.get("monitoring")
    attrs = {
        "ami": s.get("imageID"),
        "instance_type": s.get("instanceType"),
        "subnet_id": s.get("subnetID"),
        "vpc_security_group_ids": s.get("securityGroupIDs"),
        "key_name": s.get("keyName"),
        "monitoring": monitoring.get("enabled") if isinstance(monitoring, dict) else None,
        "ebs_optimized": s.get("ebsOptimized"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("instanceID"))]


# --- revert -----------------------------------------------------------------------------


def _groups(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    groups = sorted(after.get("vpc_security_group_ids") or ())
    return [ctx.call("ec2", "modify_instance_attribute", InstanceId=ctx.id, Groups=groups)]


def _source_dest(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    value = {"Value": as_bool(after["source_dest_check"])}
    return [ctx.call("ec2", "modify_instance_attribute", InstanceId=ctx.id, SourceDestCheck=value)]


def _monitoring(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    operation = "monitor_instances" if as_bool(after["monitoring"]) else "unmonitor_instances"
    return [ctx.call("ec2", operation, InstanceIds=[ctx.id])]


def _stopped_only(what: str) -> Any:
    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        if before.get("instance_state") != "stopped":
            raise CannotRevert(
                f"{what} changes only while the instance is stopped: a human decides"
            )
        if what == "the instance type":
            value = {"Value": str(after["instance_type"])}
            return [
                ctx.call("ec2", "modify_instance_attribute", InstanceId=ctx.id, InstanceType=value)
            ]
        value_b = {"Value": as_bool(after["ebs_optimized"])}
        return [
            ctx.call("ec2", "modify_instance_attribute", InstanceId=ctx.id, EbsOptimized=value_b)
        ]

    return calls


def _root_delete_on_termination(
    ctx: Ctx, device: Any, after: Attrs, instance_id: Any = None
) -> list[Call]:
    value = as_bool(first_block(after.get("root_block_device")).get("delete_on_termination"))
    mapping = {"DeviceName": device, "Ebs": {"DeleteOnTermination": value}}
    return [
        ctx.call(
            "ec2",
            "modify_instance_attribute",
            InstanceId=instance_id or ctx.id,
            BlockDeviceMappings=[mapping],
        )
    ]


def _root_block(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    device = first_block(before.get("root_block_device")).get("device_name")
    if not device:
        raise CannotRevert("the instance has no EBS root volume")
    return _root_delete_on_termination(ctx, device, after)


def _profile(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    raise CannotRevert(
        "an instance profile is swapped with its association id (ReplaceIamInstanceProfile"
        "Association): by hand"
    )


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "ImageId": desired["ami"],
        "InstanceType": desired.get("instance_type") or "t3.micro",
        "MinCount": 1,
        "MaxCount": 1,
        **tag_spec("instance", desired),
    }
    if desired.get("subnet_id"):
        params["SubnetId"] = desired["subnet_id"]
    if desired.get("vpc_security_group_ids"):
        params["SecurityGroupIds"] = sorted(desired["vpc_security_group_ids"])
    if desired.get("key_name"):
        params["KeyName"] = desired["key_name"]
    if desired.get("iam_instance_profile"):
        params["IamInstanceProfile"] = {"Name": desired["iam_instance_profile"]}
    if desired.get("monitoring") is not None:
        params["Monitoring"] = {"Enabled": as_bool(desired["monitoring"])}
    if desired.get("ebs_optimized") is not None:
        params["EbsOptimized"] = as_bool(desired["ebs_optimized"])
    output = {pending(ctx).name: "Instances.0.InstanceId"}
    root = first_block(desired.get("root_block_device"))
    flag = root.get("delete_on_termination")
    if flag is None or not is_known(flag):
        return [ctx.producing(output, "ec2", "run_instances", **params)]
    # the root device is the AMI's: known once the instance runs
    device = Pending(f"{ctx.label}.root_device")
    output[device.name] = "Instances.0.RootDeviceName"
    return [
        ctx.producing(output, "ec2", "run_instances", **params),
        *_root_delete_on_termination(ctx, device, desired, pending(ctx)),
    ]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "source_dest_check": True}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "terminate_instances", InstanceIds=[ctx.id])]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """An instance an Auto Scaling group launched is the group's: never terminated here."""
    if live.get("launched_by_group"):
        return f"{ctx.label}: launched by an Auto Scaling group, which replaces it"
    return None


EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("RunInstances",),
    change=(
        "ModifyInstanceAttribute",
        "MonitorInstances",
        "UnmonitorInstances",
        "AssociateIamInstanceProfile",
        "ReplaceIamInstanceProfileAssociation",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("TerminateInstances",),
    ids=(
        "responseElements.instancesSet.items[].instanceId",
        "requestParameters.instanceId",
        "requestParameters.instancesSet.items[].instanceId",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
        "MonitorInstances": frozenset({"monitoring"}),
        "UnmonitorInstances": frozenset({"monitoring"}),
        "AssociateIamInstanceProfile": frozenset({"iam_instance_profile"}),
        "ReplaceIamInstanceProfileAssociation": frozenset({"iam_instance_profile"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset({"vpc_security_group_ids"}),
            natural_keys=(CFN_KEY, ("tags.Name",), ("subnet_id", "ami")),
            declared_defaults={"source_dest_check": True, "tags": {}},
            is_aws_default=lambda r: bool(r.attrs.get("launched_by_group")),
            from_terraform={TYPE: _from_tf},
            tags=True,
            computed=frozenset({"arn", "private_ip", "public_ip"}),
            id_doc="`i-…`",
            after=("aws_subnet", "aws_security_group", "aws_key_pair"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("vpc_security_group_ids",), _groups),
                Updater(("source_dest_check",), _source_dest),
                Updater(("monitoring",), _monitoring),
                Updater(("instance_type",), _stopped_only("the instance type")),
                Updater(("ebs_optimized",), _stopped_only("EBS optimization")),
                Updater(("iam_instance_profile",), _profile),
                Updater(("root_block_device",), _root_block),
                TAGS,
            ),
            fixed={"ami": REPLACE, "subnet_id": REPLACE, "key_name": REPLACE},
            create=Create(_create, _fresh, new_id, ("ami",)),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "instance-id")},
    cfn=(
        CfnType(
            "AWS::EC2::Instance",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={
                "InstanceId": ("id",),
                "PrivateIp": ("private_ip",),
                "PublicIp": ("public_ip",),
            },
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "instance_type": ("scalar", ("InstanceType",)),
                    "monitoring": ("scalar", ("Monitoring",)),
                    "source_dest_check": ("scalar", ("SourceDestCheck",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "Instance",
            TYPE,
            external_name=_xp_external_name,
            refs={"subnetId": ("Subnet", ("id",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "instance_type": ("scalar", ("instanceType",)),
                "monitoring": ("scalar", ("monitoring",)),
                "source_dest_check": ("scalar", ("sourceDestCheck",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "Instance",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "instance_type": ("scalar", ("instanceType",)),
                }
            },
        ),
    ),
)
