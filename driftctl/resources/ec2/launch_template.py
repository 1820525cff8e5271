"""aws_launch_template: a launch template's name, default version, tags, and the data of
its latest version as Terraform reads it: image, instance type, key pair, user data,
security groups, EBS optimization, termination and stop protection, shutdown behaviour,
monitoring, instance profile, metadata options and description.

Live: DescribeLaunchTemplates pages (200 a call), then per template
DescribeLaunchTemplateVersions of its `$Latest` version. Every template is the
account's own. A version is never edited: someone who creates a version with other data
moves the latest version, and the template then differs where that data differs
(`latest_version` itself is computed and not compared). A revert creates a version with
the declared data; the default version is set back with ModifyLaunchTemplate. The name is
fixed at creation: a revert says "replace needed". Block devices, network interfaces and
tag specifications are not compared.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, new_id, pending, reader, xp_prefixed
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
    first_block,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.ec2.common import TAGS, tag_spec

TYPE = "aws_launch_template"
GONE = frozenset(
    {"InvalidLaunchTemplateId.NotFound", "InvalidLaunchTemplateId.Malformed",
     "InvalidLaunchTemplateName.NotFoundException"}
)  # fmt: skip
# Terraform attribute -> LaunchTemplateData key (scalars)
SCALARS = {
    "image_id": "ImageId",
    "instance_type": "InstanceType",
    "key_name": "KeyName",
    "user_data": "UserData",
    "kernel_id": "KernelId",
    "ram_disk_id": "RamDiskId",
    "disable_api_termination": "DisableApiTermination",
    "disable_api_stop": "DisableApiStop",
    "instance_initiated_shutdown_behavior": "InstanceInitiatedShutdownBehavior",
}
SETS = {"vpc_security_group_ids": "SecurityGroupIds", "security_group_names": "SecurityGroups"}
METADATA = {
    "http_endpoint": "HttpEndpoint",
    "http_tokens": "HttpTokens",
    "http_put_response_hop_limit": "HttpPutResponseHopLimit",
    "http_protocol_ipv6": "HttpProtocolIpv6",
    "instance_metadata_tags": "InstanceMetadataTags",
}
BLOCKS = ("monitoring", "iam_instance_profile", "metadata_options")
DATA = (*SCALARS, *SETS, "ebs_optimized", *BLOCKS, "description")
COMPARED = frozenset({"name", "default_version", *DATA, "tags"})
DEFAULTS: dict[str, Any] = {"tags": {}}


def template_data(data: dict[str, Any]) -> dict[str, Any]:
    """A version's LaunchTemplateData in Terraform's attributes."""
    out: dict[str, Any] = {attr: data.get(key) for attr, key in SCALARS.items()}
    for attr, key in SETS.items():
        out[attr] = sorted(data.get(key) or ())
    optimized = data.get("EbsOptimized")
    out["ebs_optimized"] = None if optimized is None else str(bool(optimized)).lower()
    monitoring = data.get("Monitoring")
    out["monitoring"] = (
        {"enabled": bool(monitoring.get("Enabled"))} if isinstance(monitoring, dict) else None
    )
    profile = data.get("IamInstanceProfile")
    out["iam_instance_profile"] = (
        {"arn": profile.get("Arn"), "name": profile.get("Name")}
        if isinstance(profile, dict)
        else None
    )
    metadata = data.get("MetadataOptions")
    out["metadata_options"] = (
        {attr: metadata.get(key) for attr, key in METADATA.items()}
        if isinstance(metadata, dict)
        else None
    )
    return out


def build(item: Item, details: Details, region: str) -> list[Resource]:
    versions = (details.get("latest") or {}).get("LaunchTemplateVersions") or ()
    if not versions:
        return []  # deleted between the listing and the read
    latest = versions[0]
    attrs = {
        "name": item.get("LaunchTemplateName"),
        "default_version": item.get("DefaultVersionNumber"),
        **template_data(latest.get("LaunchTemplateData") or {}),
        "description": latest.get("VersionDescription") or None,
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "latest_version": item.get("LatestVersionNumber"),
        "arn": f"arn:aws:ec2:{region}::launch-template/{item['LaunchTemplateId']}",
    }
    return [Resource(TYPE, item["LaunchTemplateId"], None, _normalize(attrs), region=region)]


SCAN = ScanSpec(
    name="ec2_launch_templates",
    service="ec2",
    listing=ListCall("describe_launch_templates", "LaunchTemplates", page_size=200),
    details=(
        DetailCall(
            "latest",
            "describe_launch_template_versions",
            lambda i: {"LaunchTemplateId": i["LaunchTemplateId"], "Versions": ["$Latest"]},
            GONE,
        ),
    ),
    build=build,
)


def _item(answer: Any) -> Item | None:
    found = (answer or {}).get("LaunchTemplates") or []
    return dict(found[0]) if found else None


_READ = reader(
    SCAN, "ec2", "describe_launch_templates", lambda i: {"LaunchTemplateIds": [i]}, _item, GONE
)


# --- both sides -------------------------------------------------------------------------------


def _clean(block: Any) -> Any:
    found = first_block(block) if isinstance(block, list) else block
    if not isinstance(found, dict):
        return found
    return {k: v for k, v in found.items() if v is not None and v != ""} or None


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for name in BLOCKS:
        if name in out:
            out[name] = _clean(out[name])
    if isinstance(out.get("metadata_options"), dict):
        hops = out["metadata_options"].get("http_put_response_hop_limit")
        if isinstance(hops, str) and hops.isdigit():
            out["metadata_options"] = {
                **out["metadata_options"],
                "http_put_response_hop_limit": int(hops),
            }
    if isinstance(out.get("monitoring"), dict) and isinstance(
        out["monitoring"].get("enabled"), str
    ):
        out["monitoring"] = {"enabled": as_bool(out["monitoring"]["enabled"])}
    for name in ("disable_api_termination", "disable_api_stop"):
        if isinstance(out.get(name), str):
            out[name] = as_bool(out[name])
        elif out.get(name) is None and name in out:
            out[name] = False  # AWS's default, and Terraform's false
    if isinstance(out.get("ebs_optimized"), bool):
        out["ebs_optimized"] = str(out["ebs_optimized"]).lower()
    if isinstance(out.get("default_version"), str) and out["default_version"].isdigit():
        out["default_version"] = int(out["default_version"])
    for name in (*SCALARS, "ebs_optimized", "description"):
        if out.get(name) == "":
            out[name] = None
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED | {"name_prefix"}}
    for name in BLOCKS:
        if name in attrs:
            attrs[name] = first_block(attrs[name]) or None
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    data = p.get("LaunchTemplateData")
    data = data if isinstance(data, dict) else {}
    attrs = {
        "name": p.get("LaunchTemplateName"),
        **{k: v for k, v in template_data(data).items() if v not in (None, [])},
        "description": p.get("VersionDescription"),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "LaunchTemplateName": a.get("name"),
        "VersionDescription": a.get("description"),
        "LaunchTemplateData": _data(a),
    }


# The external name is the template's id once AWS assigned it.
_xp_external_name = xp_prefixed("lt-")


# --- revert ---------------------------------------------------------------------------------


def _data(a: Attrs) -> dict[str, Any]:
    """Terraform's attributes as a LaunchTemplateData request."""
    out: dict[str, Any] = {}
    for attr, key in SCALARS.items():
        if a.get(attr) is not None and a[attr] is not False:  # False: AWS's default
            out[key] = a[attr]
    for attr, key in SETS.items():
        if a.get(attr):
            out[key] = sorted(a[attr])
    if a.get("ebs_optimized") not in (None, ""):
        out["EbsOptimized"] = as_bool(a["ebs_optimized"])
    monitoring = a.get("monitoring")
    if isinstance(monitoring, dict) and "enabled" in monitoring:
        out["Monitoring"] = {"Enabled": as_bool(monitoring["enabled"])}
    profile = a.get("iam_instance_profile")
    if isinstance(profile, dict):
        found = {k.title(): v for k, v in profile.items() if v}
        if found:
            out["IamInstanceProfile"] = found
    metadata = a.get("metadata_options")
    if isinstance(metadata, dict):
        found = {key: metadata[attr] for attr, key in METADATA.items() if metadata.get(attr)}
        if found:
            out["MetadataOptions"] = found
    return out


def _new_version(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"LaunchTemplateId": ctx.id, "LaunchTemplateData": _data(after)}
    if after.get("description"):
        params["VersionDescription"] = after["description"]
    return [ctx.call("ec2", "create_launch_template_version", **params)]


def _default_version(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    version = str(after["default_version"])
    return [
        ctx.call("ec2", "modify_launch_template", LaunchTemplateId=ctx.id, DefaultVersion=version)
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "LaunchTemplateName": desired["name"],
        "LaunchTemplateData": _data(desired),
        **tag_spec("launch-template", desired),
    }
    if desired.get("description"):
        params["VersionDescription"] = desired["description"]
    output = {pending(ctx).name: "LaunchTemplate.LaunchTemplateId"}
    return [ctx.producing(output, "ec2", "create_launch_template", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "delete_launch_template", LaunchTemplateId=ctx.id)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "default_version": 1}


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateLaunchTemplate",),
    change=(
        "CreateLaunchTemplateVersion",
        "ModifyLaunchTemplate",
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteLaunchTemplate",),
    ids=(
        "responseElements.CreateLaunchTemplateResponse.launchTemplate.launchTemplateId",
        "requestParameters.CreateLaunchTemplateVersionRequest.LaunchTemplateId",
        "requestParameters.ModifyLaunchTemplateRequest.LaunchTemplateId",
        "requestParameters.DeleteLaunchTemplateRequest.LaunchTemplateId",
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
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset(SETS),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: _from_tf},
            tags=True,
            shape={name: "single" for name in BLOCKS},
            computed=frozenset({"arn", "name", "latest_version", "default_version"}),
            id_doc="`lt-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(DATA, _new_version),
                Updater(("default_version",), _default_version),
                TAGS,
            ),
            fixed={"name": REPLACE},
            create=Create(_create, _fresh, new_id, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _READ},
    cfn=(
        CfnType(
            "AWS::EC2::LaunchTemplate",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={
                "LaunchTemplateId": ("id",),
                "LatestVersionNumber": ("latest_version",),
                "DefaultVersionNumber": ("default_version",),
            },
            name_attr="name",
            properties={
                TYPE: {
                    "image_id": ("scalar", ("LaunchTemplateData", "ImageId")),
                    "instance_type": ("scalar", ("LaunchTemplateData", "InstanceType")),
                    "key_name": ("scalar", ("LaunchTemplateData", "KeyName")),
                    "user_data": ("scalar", ("LaunchTemplateData", "UserData")),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "LaunchTemplate",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "image_id": ("scalar", ("imageId",)),
                "instance_type": ("scalar", ("instanceType",)),
                "key_name": ("scalar", ("keyName",)),
                "description": ("scalar", ("description",)),
            },
            importable=True,
        ),
    ),
)
