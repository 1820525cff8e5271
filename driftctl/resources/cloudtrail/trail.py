"""aws_cloudtrail: a CloudTrail trail: where it delivers (S3 bucket and prefix, SNS
topic, CloudWatch Logs group and role), its KMS key, which events it takes (global
services, every region, the organization's accounts), log file validation, whether it
is logging, and tags.

Live: DescribeTrails (one call, no paging) of the trails whose home region is the
scanned one (a multi-region trail's shadow copies in other regions are not listed
again), plus GetTrailStatus per trail (`enable_logging`: a trail stopped by hand with
StopLogging is drift) and ListTags per trail. AWS creates no trails of its own. Event,
advanced event and insight selectors are not compared. Every setting is put back with
UpdateTrail, logging with StartLogging or StopLogging, tags with AddTags and RemoveTags;
a trail cannot be renamed ("replace needed"); a deleted trail is created again.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, pairs, reader, xp_same_name
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

TYPE = "aws_cloudtrail"
GONE = frozenset({"TrailNotFoundException"})
# ListTags of a trail deleted since the listing
TAGS_GONE = frozenset({"ResourceNotFoundException", "CloudTrailARNInvalidException"})
# canonical attribute -> DescribeTrails' field, CreateTrail's and UpdateTrail's parameter
FIELDS = {
    "s3_bucket_name": ("S3BucketName", "S3BucketName"),
    "s3_key_prefix": ("S3KeyPrefix", "S3KeyPrefix"),
    "sns_topic_name": ("SnsTopicName", "SnsTopicName"),
    "include_global_service_events": (
        "IncludeGlobalServiceEvents",
        "IncludeGlobalServiceEvents",
    ),
    "is_multi_region_trail": ("IsMultiRegionTrail", "IsMultiRegionTrail"),
    "enable_log_file_validation": ("LogFileValidationEnabled", "EnableLogFileValidation"),
    "is_organization_trail": ("IsOrganizationTrail", "IsOrganizationTrail"),
    "cloud_watch_logs_group_arn": ("CloudWatchLogsLogGroupArn", "CloudWatchLogsLogGroupArn"),
    "cloud_watch_logs_role_arn": ("CloudWatchLogsRoleArn", "CloudWatchLogsRoleArn"),
    "kms_key_id": ("KmsKeyId", "KmsKeyId"),
}
FLAGS = frozenset(
    {
        "include_global_service_events",
        "is_multi_region_trail",
        "enable_log_file_validation",
        "is_organization_trail",
    }
)
COMPARED = frozenset({"name", *FIELDS, "enable_logging", "tags"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("HomeRegion") not in (None, region):
        return []  # a multi-region trail's shadow: scanned in its home region
    status = details.get("status") or {}
    found = details.get("tags") or {}
    listed: list[dict[str, Any]] = found.get("ResourceTagList") or []
    tags = listed[0].get("TagsList") if listed else None
    attrs: dict[str, Any] = {
        name: (bool(item.get(key)) if name in FLAGS else item.get(key) or "")
        for name, (key, _) in FIELDS.items()
    }
    attrs.update(
        {
            "name": item["Name"],
            "enable_logging": bool(status.get("IsLogging")),
            "tags": tag_dict(tags),
            **cfn_identity(tags),
            "arn": item.get("TrailARN"),
            "home_region": item.get("HomeRegion") or region,
            "sns_topic_arn": item.get("SnsTopicARN") or "",
        }
    )
    return [Resource(TYPE, item["Name"], None, attrs, region=region)]


def _arn(item: Item) -> str:
    return str(item.get("TrailARN") or item["Name"])


SCAN = ScanSpec(
    name="cloudtrail_trails",
    service="cloudtrail",
    listing=ListCall(
        "describe_trails", "trailList", params={"includeShadowTrails": False}, paginated=False
    ),
    details=(
        DetailCall("status", "get_trail_status", lambda item: {"Name": _arn(item)}, GONE),
        DetailCall("tags", "list_tags", lambda item: {"ResourceIdList": [_arn(item)]}, TAGS_GONE),
    ),
    build=build,
    tags_detail="tags",
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """An unset text setting as "" (AWS answers none, Terraform holds null or "")."""
    out = dict(attrs)
    for name in FIELDS:
        if name in out and name not in FLAGS and out[name] is None:
            out[name] = ""
    return out


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------

# CloudFormation's property -> canonical attribute (CloudFormation names the key KMSKeyId)
CFN_PROPS = {
    "S3BucketName": "s3_bucket_name",
    "S3KeyPrefix": "s3_key_prefix",
    "SnsTopicName": "sns_topic_name",
    "IncludeGlobalServiceEvents": "include_global_service_events",
    "IsMultiRegionTrail": "is_multi_region_trail",
    "EnableLogFileValidation": "enable_log_file_validation",
    "IsOrganizationTrail": "is_organization_trail",
    "CloudWatchLogsLogGroupArn": "cloud_watch_logs_group_arn",
    "CloudWatchLogsRoleArn": "cloud_watch_logs_role_arn",
    "KMSKeyId": "kms_key_id",
    "IsLogging": "enable_logging",
}


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {name: p.get(key) for key, name in CFN_PROPS.items()}
    d.emit(TYPE, {"name": p.get("TrailName"), **attrs, "tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    props = {key: a.get(name) for key, name in CFN_PROPS.items()}
    return {"TrailName": a.get("name"), **props, "Tags": cfn_tags(a)}


_xp_external_name = xp_same_name("name")

# ACK's spec field -> canonical attribute (ACK's Trail has no logging switch)
ACK_FIELDS = {
    "s3BucketName": "s3_bucket_name",
    "s3KeyPrefix": "s3_key_prefix",
    "snsTopicName": "sns_topic_name",
    "includeGlobalServiceEvents": "include_global_service_events",
    "isMultiRegionTrail": "is_multi_region_trail",
    "enableLogFileValidation": "enable_log_file_validation",
    "isOrganizationTrail": "is_organization_trail",
    "cloudWatchLogsLogGroupARN": "cloud_watch_logs_group_arn",
    "cloudWatchLogsRoleARN": "cloud_watch_logs_role_arn",
    "kmsKeyID": "kms_key_id",
}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    name = s.get("name") or c.adoption.get("name") or c.m.name
    attrs = {name_: s.get(key) for key, name_ in ACK_FIELDS.items()}
    attrs.update({"name": name, "tags": c.tags(s.get("tags"))})
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


# --- revert ---------------------------------------------------------------------------------


def _settings(desired: Attrs, names: Any) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for name in names:
        value = desired.get(name)
        if name in FLAGS:
            params[FIELDS[name][1]] = bool(value)
        else:
            params[FIELDS[name][1]] = value or ""
    return params


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = [n for n in FIELDS if (before or {}).get(n) != after.get(n)]
    params = _settings(after, changed)
    # AWS takes a CloudWatch Logs group only with its role, and the other way round
    if {"cloud_watch_logs_group_arn", "cloud_watch_logs_role_arn"} & set(changed):
        params.update(_settings(after, ("cloud_watch_logs_group_arn", "cloud_watch_logs_role_arn")))
    return [ctx.call("cloudtrail", "update_trail", Name=ctx.id, **params)]


def _logging(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    operation = "start_logging" if after.get("enable_logging") else "stop_logging"
    return [ctx.call("cloudtrail", operation, Name=ctx.id)]


def _arn_of(ctx: Ctx, attrs: Attrs) -> str:
    found = attrs.get("arn")
    if isinstance(found, str) and found.startswith("arn:"):
        return found
    return f"arn:aws:cloudtrail:{ctx.region}:{ctx.account}:trail/{ctx.id}"


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    arn = _arn_of(ctx, before or after)
    out = []
    if to_set:
        out.append(ctx.call("cloudtrail", "add_tags", ResourceId=arn, TagsList=pairs(to_set)))
    if to_remove:
        keys = [{"Key": k} for k in sorted(to_remove)]
        out.append(ctx.call("cloudtrail", "remove_tags", ResourceId=arn, TagsList=keys))
    return out


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        k: v
        for k, v in _settings(desired, FIELDS).items()
        if v != "" and not (k == "IsOrganizationTrail" and v is False)
    }
    tags = desired.get("tags") or {}
    if tags:
        params["TagsList"] = pairs(tags)
    return [ctx.call("cloudtrail", "create_trail", Name=str(desired["name"]), **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("cloudtrail", "delete_trail", Name=ctx.id)]


def _read(r: Any, unit: Any) -> list[Resource]:
    """One trail: DescribeTrails by its name, then its status and tags."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get("trailList") or ()
        return next((dict(t) for t in found if t.get("Name") == unit.id), None)

    read = reader(
        SCAN,
        "cloudtrail",
        "describe_trails",
        lambda rid: {"trailNameList": [rid], "includeShadowTrails": False},
        pick,
        GONE,
    )
    return read(r, unit)


EMITS = (TYPE,)

EVENTS = Events(
    source="cloudtrail.amazonaws.com",
    service="cloudtrail",
    create=("CreateTrail",),
    change=("UpdateTrail", "StartLogging", "StopLogging", "AddTags", "RemoveTags"),
    delete=("DeleteTrail",),
    ids=("requestParameters.name", "requestParameters.resourceId"),
    touches={
        "StartLogging": frozenset({"enable_logging"}),
        "StopLogging": frozenset({"enable_logging"}),
        "AddTags": frozenset({"tags"}),
        "RemoveTags": frozenset({"tags"}),
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
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={
                "enable_logging": True,
                "include_global_service_events": True,
                "is_multi_region_trail": False,
                "enable_log_file_validation": False,
                "is_organization_trail": False,
                "s3_key_prefix": "",
                "sns_topic_name": "",
                "cloud_watch_logs_group_arn": "",
                "cloud_watch_logs_role_arn": "",
                "kms_key_id": "",
                "tags": {},
            },
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "home_region", "sns_topic_arn"}),
            id_doc="trail name",
            # not state_id: provider 5's state id is the trail's ARN, driftctl's id its name
            # (a trail in a state file was missing, and unmanaged under its name)
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(tuple(FIELDS), _update),
                Updater(("enable_logging",), _logging),
                Updater(("tags",), _tags),
            ),
            fixed={"name": REPLACE},
            create=Create(
                _create,
                lambda d: {**d, "enable_logging": False},
                _new_id,
                ("name", "s3_bucket_name"),
            ),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::CloudTrail::Trail",
            _cfn,
            emits=EMITS,
            ref=("name",),
            getatt={"Arn": ("arn",), "SnsTopicArn": ("sns_topic_arn",)},
            name_attr="name",
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudtrail",
            "Trail",
            TYPE,
            external_name=_xp_external_name,
            refs={
                "s3BucketName": ("Bucket", ("bucket",)),
                "kmsKeyId": ("Key", ("arn",)),
                "cloudWatchLogsRoleArn": ("Role", ("arn",)),
            },
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "cloudtrail",
            "Trail",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
