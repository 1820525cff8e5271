"""aws_cloudwatch_log_group: a CloudWatch Logs group: retention, KMS key, class and tags.

Live: DescribeLogGroups pages, plus ListTagsLogGroup per group. Groups that AWS services
create for themselves (`/aws/…`: `/aws/lambda/<fn>`, `/aws/codebuild/…`, `/aws/rds/…`;
`API-Gateway-Execution-Logs_…`, `RDSOSMetrics`) are never unmanaged, but one that is
declared (a function's group with its retention set in Terraform) is compared like any
other. Retention left unset means "never expire" (0); no KMS key is "". The name and
the class cannot change in place: a revert says "replace needed".
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, reader, tagger, xp_same_name
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

TYPE = "aws_cloudwatch_log_group"
SUBSCRIPTION = "aws_cloudwatch_log_subscription_filter"
COMPARED = frozenset({"name", "retention_in_days", "kms_key_id", "log_group_class", "tags"})
PREFIX = frozenset({"name_prefix"})
# names AWS services give the groups they create for themselves
SERVICE_PREFIXES = ("/aws/", "API-Gateway-Execution-Logs_", "RDSOSMetrics")


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("tags") or {}
    arn = item.get("logGroupArn") or str(item.get("arn", "")).removesuffix(":*")
    attrs = {
        "name": item["logGroupName"],
        "retention_in_days": item.get("retentionInDays") or 0,
        "kms_key_id": item.get("kmsKeyId") or "",
        "log_group_class": item.get("logGroupClass") or "STANDARD",
        "tags": {k: v for k, v in tags.items() if not k.startswith("aws:")},
        **cfn_identity([{"Key": k, "Value": v} for k, v in tags.items()]),
        "arn": arn,
    }
    return [Resource(TYPE, item["logGroupName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="logs_log_groups",
    service="logs",
    listing=ListCall("describe_log_groups", "logGroups", page_size=50),
    details=(
        DetailCall(
            "tags",
            "list_tags_log_group",
            lambda item: {"logGroupName": item["logGroupName"]},
            frozenset({"ResourceNotFoundException"}),
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    if "kms_key_id" in attrs and attrs["kms_key_id"] is None:
        return {**attrs, "kms_key_id": ""}
    return attrs


def _aws_default(r: Resource) -> bool:
    return str(r.attrs.get("name", "")).startswith(SERVICE_PREFIXES)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("LogGroupName"),
        "retention_in_days": p.get("RetentionInDays"),
        "kms_key_id": p.get("KmsKeyId"),
        "log_group_class": p.get("LogGroupClass"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "LogGroupName": a.get("name"),
        "RetentionInDays": a.get("retention_in_days") or None,
        "KmsKeyId": a.get("kms_key_id") or None,
        "LogGroupClass": a.get("log_group_class"),
        "Tags": cfn_tags(a),
    }


# The external name is the group's name, its id too.
_xp_external_name = xp_same_name("name")


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's LogGroup: `retentionDays`, `tags` as a map, and its `subscriptionFilters`."""
    s = c.spec
    tags = s.get("tags")
    as_list = [{"key": k, "value": v} for k, v in tags.items()] if isinstance(tags, dict) else tags
    attrs = {
        "name": c.name(),
        "retention_in_days": s.get("retentionDays"),
        "kms_key_id": c.ref(s.get("kmsKeyID"), s.get("kmsKeyRef"), "Key", ("arn",)),
        "tags": c.tags(as_list),
    }
    out = [c.raw(TYPE, attrs, c.adoption.get("name"))]
    for entry in s.get("subscriptionFilters") or ():
        if isinstance(entry, dict):
            out.append(c.raw(SUBSCRIPTION, _ack_filter(entry, attrs["name"]), owner=TYPE))
    return out


def _ack_filter(entry: dict[str, Any], group: Any) -> dict[str, Any]:
    return {
        "name": entry.get("filterName"),
        "log_group_name": group,
        "filter_pattern": entry.get("filterPattern"),
        "destination_arn": entry.get("destinationARN"),
        "role_arn": entry.get("roleARN"),
        "distribution": entry.get("distribution"),
    }


# --- revert ---------------------------------------------------------------------------------


def _retention(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    days = int(after.get("retention_in_days") or 0)
    if not days:
        return [ctx.call("logs", "delete_retention_policy", logGroupName=ctx.id)]
    return [ctx.call("logs", "put_retention_policy", logGroupName=ctx.id, retentionInDays=days)]


def _kms(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    key = after.get("kms_key_id")
    if not key:
        return [ctx.call("logs", "disassociate_kms_key", logGroupName=ctx.id)]
    return [ctx.call("logs", "associate_kms_key", logGroupName=ctx.id, kmsKeyId=key)]


_TAGS = tagger(
    "logs",
    ("tag_log_group", "tags"),
    ("untag_log_group", "tags"),
    lambda ctx, attrs: {"logGroupName": ctx.id},
    lambda tags: dict(sorted(tags.items())),
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"logGroupName": desired["name"]}
    if desired.get("kms_key_id"):
        params["kmsKeyId"] = desired["kms_key_id"]
    if desired.get("log_group_class"):
        params["logGroupClass"] = desired["log_group_class"]
    if desired.get("tags"):
        params["tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.call("logs", "create_log_group", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "retention_in_days": 0}


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("logs", "delete_log_group", logGroupName=ctx.id)]


def _describe(name: str) -> Any:
    def pick(answer: Any) -> Item | None:
        found = [g for g in (answer or {}).get("logGroups") or () if g["logGroupName"] == name]
        return dict(found[0]) if found else None

    return pick


def _read(r: Any, unit: Any) -> list[Resource]:
    """One group: DescribeLogGroups by its name as prefix, the exact name picked out."""
    read = reader(
        SCAN,
        "logs",
        "describe_log_groups",
        lambda rid: {"logGroupNamePrefix": rid},
        _describe(str(unit.id)),
        frozenset(),
    )
    return read(r, unit)


EMITS = (TYPE,)

EVENTS = Events(
    source="logs.amazonaws.com",
    service="logs",
    create=("CreateLogGroup",),
    change=(
        "PutRetentionPolicy",
        "DeleteRetentionPolicy",
        "AssociateKmsKey",
        "DisassociateKmsKey",
        "TagLogGroup",
        "UntagLogGroup",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteLogGroup",),
    ids=("requestParameters.logGroupName",),
    touches={
        "PutRetentionPolicy": frozenset({"retention_in_days"}),
        "DeleteRetentionPolicy": frozenset({"retention_in_days"}),
        "AssociateKmsKey": frozenset({"kms_key_id"}),
        "DisassociateKmsKey": frozenset({"kms_key_id"}),
        "TagLogGroup": frozenset({"tags"}),
        "UntagLogGroup": frozenset({"tags"}),
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
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={"retention_in_days": 0, "kms_key_id": "", "tags": {}},
            normalize=_normalize,
            is_aws_default=_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            tags=True,
            computed=frozenset({"arn", "name"}),
            id_doc="group name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("retention_in_days",), _retention),
                Updater(("kms_key_id",), _kms),
                Updater(("tags",), _TAGS),
            ),
            fixed={"name": REPLACE, "log_group_class": REPLACE},
            create=Create(_create, _fresh, _new_id, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Logs::LogGroup",
            _cfn,
            emits=EMITS,
            ref=("name",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "retention_in_days": ("scalar", ("RetentionInDays",)),
                    "kms_key_id": ("scalar", ("KmsKeyId",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudwatchlogs",
            "Group",
            TYPE,
            external_name=_xp_external_name,
            refs={"kmsKeyId": ("Key", ("arn",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "retention_in_days": ("scalar", ("retentionInDays",)),
                "kms_key_id": ("scalar", ("kmsKeyId",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "cloudwatchlogs",
            "LogGroup",
            TYPE,
            _ack,
            emits=(TYPE, SUBSCRIPTION),
            fields={
                TYPE: {
                    "retention_in_days": ("scalar", ("retentionDays",)),
                    "kms_key_id": ("scalar", ("kmsKeyID",)),
                }
            },
        ),
    ),
)
