"""aws_flow_log: a flow log of a VPC, subnet, network interface, transit gateway or
transit gateway attachment: what traffic it captures, where it delivers (CloudWatch
Logs, S3 or Firehose) with which role, its format and aggregation interval, and tags.

Live: DescribeFlowLogs pages (1,000 a call), nothing per flow log. AWS creates none of
its own. A log group's ARN is compared without the `:*` AWS may append (as Terraform
does). Everything but the tags is fixed at creation (AWS offers no call to change a flow
log): a revert says "replace needed" and a human decides; a deleted flow log is created
again.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_int, keep, new_id, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec
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
from driftctl.core.model import Resource
from driftctl.resources.ec2.common import TAGS, by_id, tag_spec

TYPE = "aws_flow_log"
# the attribute naming the watched resource -> its id prefix, CreateFlowLogs' ResourceType
TARGETS = {
    "transit_gateway_attachment_id": ("tgw-attach-", "TransitGatewayAttachment"),
    "transit_gateway_id": ("tgw-", "TransitGateway"),
    "vpc_id": ("vpc-", "VPC"),
    "subnet_id": ("subnet-", "Subnet"),
    "eni_id": ("eni-", "NetworkInterface"),
}
# canonical attribute -> DescribeFlowLogs' (and CreateFlowLogs') field
FIELDS = {
    "traffic_type": "TrafficType",
    "log_destination_type": "LogDestinationType",
    "log_destination": "LogDestination",
    "log_group_name": "LogGroupName",
    "iam_role_arn": "DeliverLogsPermissionArn",
    "deliver_cross_account_role": "DeliverCrossAccountRole",
    "log_format": "LogFormat",
    "max_aggregation_interval": "MaxAggregationInterval",
}
OPTIONS = {
    "file_format": "FileFormat",
    "hive_compatible_partitions": "HiveCompatiblePartitions",
    "per_hour_partition": "PerHourPartition",
}
SETTINGS = frozenset({*TARGETS, *FIELDS, "destination_options"})
COMPARED = SETTINGS | {"tags"}


def _target(resource_id: str) -> str | None:
    return next((name for name, (p, _) in TARGETS.items() if resource_id.startswith(p)), None)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    target = _target(str(item.get("ResourceId") or ""))
    options = item.get("DestinationOptions")
    attrs: dict[str, Any] = {name: None for name in TARGETS}
    if target:
        attrs[target] = item["ResourceId"]
    attrs.update({name: item.get(key) or "" for name, key in FIELDS.items()})
    attrs.update(
        {
            "max_aggregation_interval": item.get("MaxAggregationInterval"),
            "destination_options": (
                {name: options.get(key) for name, key in OPTIONS.items()} if options else None
            ),
            "tags": tag_dict(item.get("Tags")),
            **cfn_identity(item.get("Tags")),
            "arn": f"arn:aws:ec2:{region}::vpc-flow-log/{item['FlowLogId']}",
        }
    )
    return [Resource(TYPE, item["FlowLogId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ec2_flow_logs",
    service="ec2",
    listing=ListCall("describe_flow_logs", "FlowLogs", page_size=1000),
    build=build,
)


def _log_group_arn(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("arn:") and ":log-group:" in value:
        return value.removesuffix(":*")
    return value


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """A log group's ARN without `:*`; the interval as a number; the destination options
    as one block, Terraform's defaults filled in."""
    out = dict(attrs)
    if "log_destination" in out:
        out["log_destination"] = _log_group_arn(out["log_destination"])
    if out.get("max_aggregation_interval") is not None:
        out["max_aggregation_interval"] = as_int(out["max_aggregation_interval"])
    if "destination_options" in out and out["destination_options"] is not None:
        block = first_block(out["destination_options"])
        out["destination_options"] = {
            "file_format": block.get("file_format") or "plain-text",
            "hive_compatible_partitions": bool(block.get("hive_compatible_partitions")),
            "per_hour_partition": bool(block.get("per_hour_partition")),
        }
    return out


def _declared(resource_type: Any, resource_id: Any, fields: dict[str, Any]) -> dict[str, Any]:
    """A flow log as CloudFormation and ACK declare it: one resource id and its type."""
    target = next((n for n, (_, kind) in TARGETS.items() if kind == resource_type), None)
    attrs = {target: resource_id} if target else {}
    return {**attrs, **fields}


def _cfn(d: Declaring) -> None:
    p = d.props
    options = p.get("DestinationOptions")
    fields = {name: p.get(key) for name, key in FIELDS.items()}
    if isinstance(options, dict):
        fields["destination_options"] = {n: options.get(k) for n, k in OPTIONS.items()}
    attrs = _declared(p.get("ResourceType"), p.get("ResourceId"), fields)
    d.emit(TYPE, {**attrs, "tags": d.tags()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    target = next((n for n in TARGETS if a.get(n)), None)
    props: dict[str, Any] = {key: a.get(name) or None for name, key in FIELDS.items()}
    if target:
        props.update({"ResourceId": a[target], "ResourceType": TARGETS[target][1]})
    options = a.get("destination_options")
    if options:
        props["DestinationOptions"] = {k: options.get(n) for n, k in OPTIONS.items()}
    return {**props, "Tags": cfn_tags(a)}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    options = s.get("destinationOptions")
    fields: dict[str, Any] = {
        "traffic_type": s.get("trafficType"),
        "log_destination_type": s.get("logDestinationType"),
        "log_destination": s.get("logDestination"),
        "log_group_name": s.get("logGroupName"),
        "iam_role_arn": s.get("deliverLogsPermissionARN"),
        "log_format": s.get("logFormat"),
        "max_aggregation_interval": s.get("maxAggregationInterval"),
        "tags": c.tags(s.get("tags")),
    }
    if isinstance(options, dict):
        fields["destination_options"] = {
            "file_format": options.get("fileFormat"),
            "hive_compatible_partitions": options.get("hiveCompatiblePartitions"),
            "per_hour_partition": options.get("perHourPartition"),
        }
    attrs = _declared(s.get("resourceType"), s.get("resourceID"), fields)
    return [c.raw(TYPE, attrs, c.adoption.get("flowLogID"))]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    target = next(n for n in TARGETS if desired.get(n))
    params: dict[str, Any] = {
        "ResourceIds": [desired[target]],
        "ResourceType": TARGETS[target][1],
        **tag_spec("vpc-flow-log", desired),
    }
    for name, key in FIELDS.items():
        if desired.get(name) not in (None, ""):
            params[key] = desired[name]
    if "MaxAggregationInterval" in params:
        params["MaxAggregationInterval"] = as_int(params["MaxAggregationInterval"])
    options = desired.get("destination_options")
    if options:
        params["DestinationOptions"] = {k: options[n] for n, k in OPTIONS.items() if n in options}
    output = {pending(ctx).name: "FlowLogIds.0"}
    return [ctx.producing(output, "ec2", "create_flow_logs", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "delete_flow_logs", FlowLogIds=[ctx.id])]


EMITS = (TYPE,)

EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=("CreateFlowLogs",),
    change=("CreateTags", "DeleteTags"),
    delete=("DeleteFlowLogs",),
    ids=(
        "responseElements.CreateFlowLogsResponse.flowLogIdSet.item",
        "requestParameters.DeleteFlowLogsRequest.FlowLogId.content",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={"CreateTags": frozenset({"tags"}), "DeleteTags": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(
                CFN_KEY,
                ("tags.Name",),
                *((target, "log_destination", "traffic_type") for target in TARGETS),
                *((target, "log_group_name", "traffic_type") for target in TARGETS),
            ),
            declared_defaults={
                "log_destination_type": "cloud-watch-logs",
                "max_aggregation_interval": 600,
                "tags": {},
            },
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            shape={"destination_options": "single"},
            computed=frozenset({"arn"}),
            id_doc="`fl-…`",
            after=("aws_vpc", "aws_subnet"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(TAGS,),
            fixed={name: REPLACE for name in SETTINGS},
            create=Create(_create, dict, new_id),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: by_id(SCAN, "flow-log-id")},
    cfn=(
        CfnType(
            "AWS::EC2::FlowLog",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Id": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "FlowLog",
            TYPE,
            external_name=xp_prefixed("fl-"),
            refs={
                "vpcId": ("VPC", ("id",)),
                "subnetId": ("Subnet", ("id",)),
                "iamRoleArn": ("Role", ("arn",)),
            },
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ec2",
            "FlowLog",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
