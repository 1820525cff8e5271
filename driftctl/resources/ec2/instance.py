"""aws_instance: an EC2 instance: its AMI, type, subnet, security groups, key pair,
instance profile, monitoring, EBS optimization, source/destination check and tags.

Live: DescribeInstances pages (1,000 a call), nothing per instance; terminated and
shutting-down instances are left out. Instances an Auto Scaling group launched (EKS node
groups' among them) are the group's, never unmanaged. Source/destination check is on
unless declared otherwise; the rest is compared where declared (Terraform computes it).
The volume at its root device (`RootDeviceName`) is its `root_block_device`: never an
unmanaged volume, whether or not it is deleted on termination (ebs_volume.py).
Security groups, source/destination check, monitoring and tags are put back in place;
the instance type only while the instance is stopped (a human decides); AMI, subnet and
key pair are fixed at launch. Not read here: user data, the termination-protection flag
and block devices (each a call per instance). Moto has no MonitorInstances /
UnmonitorInstances (the monitoring revert is tested as a plan only).
"""

from __future__ import annotations

from typing import Any

from driftctl.core.model import Resource
from driftctl.declared.cfn.declaring import Declaring
from driftctl.declared.k8s.ack_context import AckContext
from driftctl.declared.raw import RawResource
from driftctl.resources.ec2.common import RECREATE, TAGS, by_id, new_id, pending, tag_spec
from driftctl.resources.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.resources.spec import (
    CFN_KEY,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.revert.calls import Attrs, Call, Ctx
from driftctl.revert.spec import CannotRevert, Create, Delete, RevertSpec, Updater, as_bool

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
    }
    return Resource(TYPE, i["InstanceId"], None, attrs, region=region)


def _root_volume(i: Item) -> str | None:
    """The volume attached at the instance's root device: its `root_block_device`."""
    root = i.get("RootDeviceName")
    for mapping in i.get("BlockDeviceMappings") or ():
        if mapping.get("DeviceName") == root:
            return (mapping.get("Ebs") or {}).get("VolumeId")
    return None


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
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
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


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The external name is the instance id once AWS assigned it: then the explicit id."""
    return external if external and external.startswith("i-") else None


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
    return [ctx.producing(output, "ec2", "run_instances", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "source_dest_check": True}


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "terminate_instances", InstanceIds=[ctx.id])]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """An instance an Auto Scaling group launched is the group's: never terminated here."""
    if live.get("launched_by_group"):
        return f"{ctx.label}: launched by an Auto Scaling group, which replaces it"
    return None


FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
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
                TAGS,
            ),
            fixed={"ami": RECREATE, "subnet_id": RECREATE, "key_name": RECREATE},
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
