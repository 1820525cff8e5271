"""aws_ecs_service: a service's desired count, task definition, launch type, network
configuration, load balancers, deployment percents, scheduling strategy and tags.

Live: per cluster (ListClusters pages, the listing aws_ecs_cluster's scan makes too, made
once), ListServices (every page, 100 a page), then DescribeServices in batches of 10 with
include=[TAGS]; a cluster deleted meanwhile has none. Terraform's id is the service's
ARN; a declaration is matched by its cluster and name. A service being deleted (DRAINING)
or deleted (INACTIVE) is gone.

`cluster` is compared by the cluster's name (Terraform holds the ARN, a configuration may
give either); `task_definition` as `family:revision` (the ARN's tail), so a declaration
by `aws_ecs_task_definition.x.arn` and one by `"web:3"` agree. A family without a revision
is compared as it is written (AWS always answers with a revision). `desired_count` is
compared (terraform reports it unless `ignore_changes` says otherwise; an autoscaled
service wants a driftctl rule that ignores it); for a DAEMON service AWS sets it and it
is not compared. Deployment percents default to 200 and 100 (AWS's and Terraform's).
Launch type, scheduling strategy and the cluster are fixed at creation ("replace needed");
the rest is put back by UpdateService and the tag calls.

moto (5.2): CreateService drops deploymentConfiguration (DescribeServices has none until an
UpdateService sets it; read as AWS's 200/100), UpdateService keeps taskDefinition as given
(`web:2`, not the ARN), and neither ListServices pages nor DescribeServices holds to 10.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_bool, new_id, pending, xp_no_id
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, same
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    first_block,
)
from driftctl.core.model import Ref, Resource, is_known
from driftctl.resources.ecs.common import CLUSTERS, SERVICE, TAGS, ecs_tags, live_tags, name_of

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_ecs_service"
CLUSTER = "aws_ecs_cluster"
BATCH = 10  # DescribeServices takes up to 10 services a call
FIXED = ("name", "cluster", "launch_type", "scheduling_strategy")
UPDATED = (
    "desired_count",
    "task_definition",
    "network_configuration",
    "load_balancer",
    "deployment_maximum_percent",
    "deployment_minimum_healthy_percent",
)
COMPARED = frozenset({*FIXED, *UPDATED, "tags"})
DEFAULTS: dict[str, Any] = {
    "deployment_maximum_percent": 200,
    "deployment_minimum_healthy_percent": 100,
    "scheduling_strategy": "REPLICA",
    "load_balancer": [],
    "tags": {},
}
GONE_STATUS = frozenset({"DRAINING", "INACTIVE"})


def _arns(pages: Any) -> list[str]:
    return [a for page in pages or () for a in page.get("serviceArns") or ()]


def _listings(item: Item) -> list[dict[str, Any]]:
    """ListServices of each cluster of a listed page."""
    return [{"cluster": arn, "maxResults": 100} for arn in item["clusterArns"]]


def _batches(item: Item) -> list[dict[str, Any]]:
    """DescribeServices of each cluster's services, 10 at a time."""
    out: list[dict[str, Any]] = []
    for cluster, pages in zip(item["clusterArns"], item.get("arns") or (), strict=False):
        arns = _arns(pages)
        out.extend(
            {"cluster": cluster, "services": arns[i : i + BATCH], "include": ["TAGS"]}
            for i in range(0, len(arns), BATCH)
        )
    return out


def _network(found: Any) -> dict[str, Any] | None:
    vpc = (found or {}).get("awsvpcConfiguration")
    if not vpc:
        return None
    return {
        "subnets": sorted(vpc.get("subnets") or ()),
        "security_groups": sorted(vpc.get("securityGroups") or ()),
        "assign_public_ip": vpc.get("assignPublicIp") == "ENABLED",
    }


def _load_balancers(found: Any) -> list[dict[str, Any]]:
    out = []
    for lb in found or ():
        block = {
            "container_name": lb.get("containerName"),
            "container_port": lb.get("containerPort"),
            "target_group_arn": lb.get("targetGroupArn"),
            "elb_name": lb.get("loadBalancerName"),
        }
        out.append({k: v for k, v in block.items() if v is not None})
    return out


def _service(found: dict[str, Any], region: str) -> Resource | None:
    if found.get("status") in GONE_STATUS:
        return None
    tags, identity = live_tags(found.get("tags"))
    deployment = found.get("deploymentConfiguration") or {}
    attrs = {
        "name": found.get("serviceName"),
        "cluster": found.get("clusterArn"),
        "desired_count": found.get("desiredCount"),
        "task_definition": found.get("taskDefinition"),
        "launch_type": found.get("launchType"),
        "scheduling_strategy": found.get("schedulingStrategy") or "REPLICA",
        "network_configuration": _network(found.get("networkConfiguration")),
        "load_balancer": _load_balancers(found.get("loadBalancers")),
        "deployment_maximum_percent": deployment.get("maximumPercent", 200),
        "deployment_minimum_healthy_percent": deployment.get("minimumHealthyPercent", 100),
        "tags": tags,
        **identity,
        "arn": found.get("serviceArn"),
    }
    return Resource(TYPE, found["serviceArn"], None, attrs, region=region)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    out = []
    for answer in details.get("services") or ():
        for found in (answer or {}).get("services") or ():
            service = _service(found, region)
            if service is not None:
                out.append(service)
    return out


SCAN = ScanSpec(
    name="ecs_services",
    service=SERVICE,
    listing=CLUSTERS,
    details=(
        DetailCall(
            "arns",
            "list_services",
            _listings,
            frozenset({"ClusterNotFoundException"}),
            paged=True,
            batch=1,
        ),
        DetailCall(
            "services",
            "describe_services",
            _batches,
            frozenset({"ClusterNotFoundException"}),
            needs="arns",
            batch=BATCH,
        ),
    ),
    build=build,
)


def _cluster_of(arn: str) -> str:
    """The cluster named in a service ARN (`…:service/CLUSTER/NAME`); "default" for the
    old ARN format, which names none."""
    parts = arn.split(":", 5)[-1].split("/")
    return parts[1] if len(parts) == 3 else "default"


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    params = {"cluster": _cluster_of(str(unit.id)), "services": [unit.id], "include": ["TAGS"]}
    gone = frozenset({"ClusterNotFoundException"})
    answer = reader.call(SERVICE, unit.region, "describe_services", params, gone, gone)
    return build({}, {"services": [answer]}, unit.region)


# --- both sides -------------------------------------------------------------------------------


def task_definition_id(value: Any) -> Any:
    """A task definition ARN as `family:revision`; a family (or family:revision) as it is."""
    if isinstance(value, str) and value.startswith("arn:") and "task-definition/" in value:
        return value.split("task-definition/", 1)[1]
    return value


def _network_block(value: Any) -> Any:
    block = first_block(value)
    if not block:
        return None if value in (None, []) else value
    out = dict(block)
    for key in ("subnets", "security_groups"):
        if isinstance(out.get(key), list):
            out[key] = sorted(out[key], key=str)
    out.setdefault("security_groups", [])
    out["assign_public_ip"] = as_bool(out.get("assign_public_ip", False))
    return out


def _lb_blocks(value: Any) -> Any:
    if not isinstance(value, list):
        return value
    return [
        {k: v for k, v in block.items() if v not in (None, "")}
        if isinstance(block, dict)
        else block
        for block in value
    ]


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "cluster" in out:
        out["cluster"] = name_of(out["cluster"])
    if "task_definition" in out:
        out["task_definition"] = task_definition_id(out["task_definition"])
    if "network_configuration" in out:
        out["network_configuration"] = _network_block(out["network_configuration"])
    if "load_balancer" in out:
        out["load_balancer"] = _lb_blocks(out["load_balancer"])
    if out.get("scheduling_strategy") == "DAEMON":
        out.pop("desired_count", None)  # AWS runs one task per instance
    return out


def _declared(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    cluster = attrs.get("cluster")
    by_arn = isinstance(cluster, Ref) and cluster.path in (("id",), ("arn",))
    if by_arn and isinstance(cluster, Ref) and not (cluster.prefix or cluster.suffix):
        # the cluster named by its ARN: matched (and compared) by its name
        attrs["cluster"] = dataclasses.replace(cluster, path=("name",))
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn_network(value: Any) -> list[dict[str, Any]] | None:
    vpc = (value or {}).get("AwsvpcConfiguration") if isinstance(value, dict) else None
    if not isinstance(vpc, dict):
        return None
    return [
        {
            "subnets": vpc.get("Subnets"),
            "security_groups": vpc.get("SecurityGroups") or [],
            "assign_public_ip": vpc.get("AssignPublicIp") == "ENABLED",
        }
    ]


def _cfn(d: Declaring) -> None:
    """AWS::ECS::Service: the service in its cluster."""
    p = d.props
    deployment = p.get("DeploymentConfiguration") or {}
    lbs = p.get("LoadBalancers")
    attrs = {
        "name": p.get("ServiceName"),
        "cluster": p.get("Cluster") or "default",
        "desired_count": p.get("DesiredCount"),
        "task_definition": p.get("TaskDefinition"),
        "launch_type": p.get("LaunchType"),
        "scheduling_strategy": p.get("SchedulingStrategy"),
        "network_configuration": _cfn_network(p.get("NetworkConfiguration")),
        "load_balancer": [
            {
                "container_name": lb.get("ContainerName"),
                "container_port": lb.get("ContainerPort"),
                "target_group_arn": lb.get("TargetGroupArn"),
                "elb_name": lb.get("LoadBalancerName"),
            }
            for lb in lbs
            if isinstance(lb, dict)
        ]
        if isinstance(lbs, list)
        else None,
        "deployment_maximum_percent": deployment.get("MaximumPercent"),
        "deployment_minimum_healthy_percent": deployment.get("MinimumHealthyPercent"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "ServiceName": a.get("name"),
        "Cluster": a.get("cluster"),
        "DesiredCount": a.get("desired_count"),
        "TaskDefinition": a.get("task_definition"),
        "LaunchType": a.get("launch_type"),
        "Tags": cfn_tags(a),
    }


# The external name is the service's name (its cluster is a parameter).
_xp_external_name = xp_no_id("name")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    deployment = s.get("deploymentConfiguration") or {}
    vpc = (s.get("networkConfiguration") or {}).get("awsvpcConfiguration")
    attrs = {
        "name": s.get("name") or c.name(),
        "cluster": s.get("cluster") or "default",
        "desired_count": s.get("desiredCount"),
        "task_definition": s.get("taskDefinition"),
        "launch_type": s.get("launchType"),
        "scheduling_strategy": s.get("schedulingStrategy"),
        "network_configuration": [
            {
                "subnets": vpc.get("subnets"),
                "security_groups": vpc.get("securityGroups") or [],
                "assign_public_ip": vpc.get("assignPublicIP") == "ENABLED",
            }
        ]
        if isinstance(vpc, dict)
        else None,
        "deployment_maximum_percent": deployment.get("maximumPercent"),
        "deployment_minimum_healthy_percent": deployment.get("minimumHealthyPercent"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _api_network(block: Any) -> dict[str, Any]:
    block = first_block(block) if isinstance(block, list) else block or {}
    vpc = {
        "subnets": sorted(block.get("subnets") or ()),
        "assignPublicIp": "ENABLED" if as_bool(block.get("assign_public_ip")) else "DISABLED",
    }
    if block.get("security_groups"):
        vpc["securityGroups"] = sorted(block["security_groups"])
    return {"awsvpcConfiguration": vpc}


def _api_load_balancers(blocks: Any) -> list[dict[str, Any]]:
    fields = {
        "container_name": "containerName",
        "container_port": "containerPort",
        "target_group_arn": "targetGroupArn",
        "elb_name": "loadBalancerName",
    }
    return [
        {fields[k]: v for k, v in block.items() if k in fields and v is not None}
        for block in blocks or ()
    ]


def _where(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
    cluster = attrs.get("cluster")
    return {
        "cluster": str(cluster) if is_known(cluster) and cluster else _cluster_of(str(ctx.id)),
        "service": str(attrs.get("arn") or ctx.id),
    }


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """UpdateService with the declared values that differ."""
    params: dict[str, Any] = _where(ctx, before)

    def changed(attr: str) -> bool:
        return attr in after and not same(before.get(attr), after[attr])

    if changed("desired_count"):
        params["desiredCount"] = after["desired_count"]
    if changed("task_definition"):
        params["taskDefinition"] = after["task_definition"]
    if changed("network_configuration") and after["network_configuration"]:
        params["networkConfiguration"] = _api_network(after["network_configuration"])
    if changed("load_balancer"):
        params["loadBalancers"] = _api_load_balancers(after["load_balancer"])
    percents = ("deployment_maximum_percent", "deployment_minimum_healthy_percent")
    if any(changed(k) for k in percents):
        params["deploymentConfiguration"] = {
            "maximumPercent": after.get(percents[0], before.get(percents[0], 200)),
            "minimumHealthyPercent": after.get(percents[1], before.get(percents[1], 100)),
        }
    # the parameter `service` clashes with Ctx.call's own: the Call is built as it builds it
    return [Call(SERVICE, "update_service", params, ctx.region)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"serviceName": desired["name"], "cluster": desired["cluster"]}
    if desired.get("task_definition"):
        params["taskDefinition"] = desired["task_definition"]
    if desired.get("scheduling_strategy"):
        params["schedulingStrategy"] = desired["scheduling_strategy"]
    if desired.get("scheduling_strategy") != "DAEMON":
        params["desiredCount"] = desired.get("desired_count") or 0
    if desired.get("launch_type"):
        params["launchType"] = desired["launch_type"]
    if desired.get("network_configuration"):
        params["networkConfiguration"] = _api_network(desired["network_configuration"])
    if desired.get("load_balancer"):
        params["loadBalancers"] = _api_load_balancers(desired["load_balancer"])
    params["deploymentConfiguration"] = {
        "maximumPercent": desired.get("deployment_maximum_percent", 200),
        "minimumHealthyPercent": desired.get("deployment_minimum_healthy_percent", 100),
    }
    if desired.get("tags"):
        params["tags"] = ecs_tags(desired["tags"])
    output = {pending(ctx).name: "service.serviceArn"}
    return [ctx.producing(output, SERVICE, "create_service", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """Forced: AWS stops the service's tasks (Terraform scales it to 0 first)."""
    return [Call(SERVICE, "delete_service", {**_where(ctx, live), "force": True}, ctx.region)]


EVENTS = Events(
    source="ecs.amazonaws.com",
    service="ecs",
    create=("CreateService",),
    change=(
        "UpdateService",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteService",),
    ids=(
        "responseElements.service.serviceArn",
        "requestParameters.resourceArn",
    ),
    touches={
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
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset({"load_balancer"}),
            natural_keys=(CFN_KEY, ("cluster", "name")),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: _declared},
            tags=True,
            shape={"network_configuration": "single"},
            id_doc="service ARN",
            after=(CLUSTER, "aws_ecs_task_definition"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(UPDATED, _update), Updater(("tags",), TAGS)),
            fixed={attr: REPLACE for attr in FIXED},
            create=Create(_create, dict, new_id, ("name", "cluster")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ECS::Service",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"ServiceArn": ("id",), "Name": ("name",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "desired_count": ("scalar", ("DesiredCount",)),
                    "task_definition": ("scalar", ("TaskDefinition",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ecs",
            "Service",
            TYPE,
            external_name=_xp_external_name,
            refs={
                "cluster": ("Cluster", ("arn",)),
                "taskDefinition": ("TaskDefinition", ("arn",)),
            },
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "desired_count": ("scalar", ("desiredCount",)),
                "task_definition": ("scalar", ("taskDefinition",)),
            },
        ),
    ),
    ack=(
        AckKind(
            "ecs",
            "Service",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "desired_count": ("scalar", ("desiredCount",)),
                }
            },
        ),
    ),
)
