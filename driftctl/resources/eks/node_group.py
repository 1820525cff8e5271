"""aws_eks_node_group: a managed node group's cluster, IAM role, subnets, scaling
(desired, min, max), instance types, Kubernetes labels, AMI type, capacity type, disk
size and tags.

Live: the clusters ListClusters gives (the listing cluster.py makes; the scanner makes it
once), ListNodegroups per cluster (100 a call: AWS allows at most 30 managed node groups a
cluster), then DescribeNodegroup per node group (it carries the tags). The id is
Terraform's, `CLUSTER:NODE_GROUP`. Every node group is the account's own (EKS creates
none by itself). Scaling and labels are put back by UpdateNodegroupConfig, tags by
TagResource/UntagResource on the node group's ARN; the cluster, role, subnets, instance
types, AMI type, capacity type and disk size are fixed at creation (replace needed: a
human decides). moto's TagResource/ListTagsForResource tag clusters only: a node group's
tags are checked on moto by DescribeNodegroup, their revert call by call. Checked against
real Terraform in tests/tf/test_eks.py (scaling and labels changed out of band).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import (
    REPLACE,
    ack_map_tags,
    as_int,
    map_cfn_identity,
    map_tags,
    sorted_known,
    tagger,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    first_block,
)
from driftctl.core.model import Resource
from driftctl.resources.eks.cluster import GONE, SERVICE
from driftctl.resources.eks.cluster import SCAN as CLUSTERS

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_eks_node_group"
CLUSTER = "aws_eks_cluster"
FIXED = (
    "cluster_name",
    "node_group_name",
    "node_role_arn",
    "subnet_ids",
    "instance_types",
    "ami_type",
    "capacity_type",
    "disk_size",
)
COMPARED = frozenset({*FIXED, "scaling_config", "labels", "tags"})
DEFAULTS: dict[str, Any] = {"labels": {}, "tags": {}}
SCALING = {"desired_size": "desiredSize", "min_size": "minSize", "max_size": "maxSize"}


def node_group_id(cluster: str, name: str) -> str:
    return f"{cluster}:{name}"


def _named(item: Item) -> list[dict[str, Any]]:
    """DescribeNodegroup's parameters, one call per node group ListNodegroups named."""
    names = (item.get("nodegroups") or {}).get("nodegroups") or ()
    return [{"clusterName": item["name"], "nodegroupName": n} for n in names]


def _one(found: dict[str, Any], region: str) -> Resource:
    tags = found.get("tags")
    scaling = found.get("scalingConfig") or {}
    rid = node_group_id(found["clusterName"], found["nodegroupName"])
    attrs = {
        "cluster_name": found["clusterName"],
        "node_group_name": found["nodegroupName"],
        "node_role_arn": found.get("nodeRole"),
        "subnet_ids": sorted(found.get("subnets") or ()),
        "scaling_config": {k: as_int(scaling.get(f)) for k, f in SCALING.items()},
        "instance_types": list(found.get("instanceTypes") or ()),
        "labels": dict(found.get("labels") or {}),
        "ami_type": found.get("amiType"),
        "capacity_type": found.get("capacityType"),
        "disk_size": as_int(found.get("diskSize")),
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
        "arn": found.get("nodegroupArn"),
        "release_version": found.get("releaseVersion"),
        "version": found.get("version"),
        "status": found.get("status"),
    }
    return Resource(TYPE, rid, None, attrs, region=region)


def build(item: Item, details: Details, region: str) -> list[Resource]:
    answers = details.get("described") or ()
    found = [(a or {}).get("nodegroup") for a in answers]
    return [_one(f, region) for f in found if f]


SCAN = ScanSpec(
    name="eks_node_groups",
    service=SERVICE,
    listing=CLUSTERS.listing,
    details=(
        DetailCall(
            "nodegroups",
            "list_nodegroups",
            lambda i: {"clusterName": i["name"], "maxResults": 100},
            GONE,
        ),
        DetailCall(
            "described",
            "describe_nodegroup",
            _named,
            GONE,
            needs="nodegroups",
            batch=1,
        ),
    ),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    item = {"name": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


def _cluster_of(rid: str, attrs: Attrs) -> str:
    return str(attrs.get("cluster_name") or rid.split(":", 1)[0])


# --- both sides -------------------------------------------------------------------------------


def _number(value: Any) -> Any:
    """Terraform's and moto's numbers held as text ("20") as numbers."""
    number = as_int(value) if isinstance(value, str) else None
    return value if number is None else number


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    scaling = out.get("scaling_config")
    if isinstance(scaling, list):
        scaling = first_block(scaling)
    if isinstance(scaling, dict):
        out["scaling_config"] = {k: _number(v) for k, v in scaling.items()}
    if "disk_size" in out:
        out["disk_size"] = _number(out["disk_size"])
    if "subnet_ids" in out:
        out["subnet_ids"] = sorted_known(out["subnet_ids"])
    return out


def _declared_id(attrs: dict[str, Any]) -> str | None:
    cluster, name = attrs.get("cluster_name"), attrs.get("node_group_name")
    if isinstance(cluster, str) and isinstance(name, str):
        return node_group_id(cluster, name)
    return None


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED | {"node_group_name_prefix"}}
    if "scaling_config" in attrs:
        attrs["scaling_config"] = dict(first_block(attrs["scaling_config"]))
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------

_CFN = {
    "cluster_name": "ClusterName",
    "node_group_name": "NodegroupName",
    "node_role_arn": "NodeRole",
    "subnet_ids": "Subnets",
    "instance_types": "InstanceTypes",
    "ami_type": "AmiType",
    "capacity_type": "CapacityType",
    "disk_size": "DiskSize",
}


def _scaling(block: Any, fields: dict[str, str]) -> dict[str, Any] | None:
    if not isinstance(block, dict):
        return None
    return {k: block[f] for k, f in fields.items() if block.get(f) is not None}


def _cfn(d: Declaring) -> None:
    """AWS::EKS::Nodegroup: its ScalingConfig, Labels, and Tags as a map."""
    p = d.props
    tags, labels = p.get("Tags"), p.get("Labels")
    cfn_scaling = {k: f[0].upper() + f[1:] for k, f in SCALING.items()}
    attrs = {
        **{k: p.get(f) for k, f in _CFN.items()},
        "scaling_config": _scaling(p.get("ScalingConfig"), cfn_scaling),
        "labels": dict(labels) if isinstance(labels, dict) else {},
        "tags": dict(tags) if isinstance(tags, dict) else {},
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    scaling = a.get("scaling_config") or {}
    return {
        **{f: a.get(k) for k, f in _CFN.items()},
        "ScalingConfig": {f[0].upper() + f[1:]: scaling.get(k) for k, f in SCALING.items()},
        "Labels": dict(a.get("labels") or {}) or None,
        "Tags": dict(a.get("tags") or {}) or None,
    }


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The external name is the node group's name; its id is `CLUSTER:NAME` (upjet's
    template), known once the cluster name is."""
    found = external or name
    attrs.setdefault("node_group_name", found)
    cluster = attrs.get("cluster_name")
    return node_group_id(cluster, found) if isinstance(cluster, str) else None


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's Nodegroup: nodeRole, subnets, scalingConfig, labels, tags as a map."""
    s = c.spec
    attrs = {
        "cluster_name": c.ref(s.get("clusterName"), s.get("clusterRef"), "Cluster", ("name",)),
        "node_group_name": c.name(),
        "node_role_arn": c.ref(s.get("nodeRole"), s.get("nodeRoleRef"), "Role", ("arn",)),
        "subnet_ids": s.get("subnets"),
        "scaling_config": _scaling(s.get("scalingConfig"), SCALING),
        "instance_types": s.get("instanceTypes"),
        "labels": s.get("labels"),
        "ami_type": s.get("amiType"),
        "capacity_type": s.get("capacityType"),
        "disk_size": s.get("diskSize"),
        "tags": ack_map_tags(c, s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _names(ctx: Ctx, attrs: Attrs) -> dict[str, str]:
    cluster, _, name = str(ctx.id).partition(":")
    return {
        "clusterName": str(attrs.get("cluster_name") or cluster),
        "nodegroupName": str(attrs.get("node_group_name") or name),
    }


def _scaling_params(block: Any) -> dict[str, int]:
    found = block if isinstance(block, dict) else {}
    return {f: int(found[k]) for k, f in SCALING.items() if found.get(k) is not None}


def _config(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {}
    if "scaling_config" in after:
        params["scalingConfig"] = _scaling_params(after["scaling_config"])
    if "labels" in after:
        old, new = before.get("labels") or {}, after.get("labels") or {}
        labels: dict[str, Any] = {}
        changed = {k: str(v) for k, v in sorted(new.items()) if old.get(k) != v}
        removed = sorted(k for k in old if k not in new)
        if changed:
            labels["addOrUpdateLabels"] = changed
        if removed:
            labels["removeLabels"] = removed
        if labels:
            params["labels"] = labels
    if not params:
        return []
    return [
        ctx.call(
            SERVICE, "update_nodegroup_config", **_names(ctx, before or after), **params
        )
    ]  # fmt: skip


TAGS = tagger(
    SERVICE,
    ("tag_resource", "tags"),
    ("untag_resource", "tagKeys"),
    lambda ctx, attrs: {"resourceArn": attrs.get("arn") or str(ctx.id)},
    shape=dict,
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        **_names(ctx, desired),
        "nodeRole": desired["node_role_arn"],
        "subnets": list(desired.get("subnet_ids") or ()),
    }
    if desired.get("scaling_config"):
        params["scalingConfig"] = _scaling_params(desired["scaling_config"])
    for attr, field in (
        ("instance_types", "instanceTypes"),
        ("ami_type", "amiType"),
        ("capacity_type", "capacityType"),
    ):
        if desired.get(attr):
            params[field] = desired[attr]
    if desired.get("disk_size") is not None:
        params["diskSize"] = int(desired["disk_size"])
    if desired.get("labels"):
        params["labels"] = {k: str(v) for k, v in sorted(desired["labels"].items())}
    if desired.get("tags"):
        params["tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.call(SERVICE, "create_nodegroup", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return node_group_id(str(desired["cluster_name"]), str(desired["node_group_name"]))


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_nodegroup", **_names(ctx, live))]


EVENTS = Events(
    source="eks.amazonaws.com",
    service="eks",
    create=("CreateNodegroup",),
    change=(
        "UpdateNodegroupConfig",
        "UpdateNodegroupVersion",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteNodegroup",),
    ids=("{requestParameters.name}:{requestParameters.nodegroupName}",),
    touches={
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
    },
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"labels", "tags"}),
            natural_keys=(CFN_KEY, ("cluster_name", "node_group_name")),
            name_prefix=("node_group_name", "node_group_name_prefix"),
            declared_id=_declared_id,
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            parent=(CLUSTER, "cluster_name"),
            from_terraform={TYPE: _from_tf},
            tags=True,
            shape={"scaling_config": "single"},
            computed=frozenset({"arn", "release_version", "version", "status"}),
            id_doc="`CLUSTER:NODE_GROUP`",
            after=("aws_iam_role", "aws_subnet"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("scaling_config", "labels"), _config),
                Updater(("tags",), TAGS),
            ),
            fixed={attr: REPLACE for attr in FIXED},
            create=Create(
                _create, dict, _new_id, ("cluster_name", "node_group_name", "node_role_arn")
            ),
            delete=Delete(_delete),
            unit_id=_cluster_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::EKS::Nodegroup",
            _cfn,
            emits=(TYPE,),
            getatt={"Arn": ("arn",), "NodegroupName": ("node_group_name",)},
            name_attr="node_group_name",
            properties={
                TYPE: {
                    "tags": ("scalar", ("Tags",)),
                    "labels": ("scalar", ("Labels",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "eks",
            "NodeGroup",
            TYPE,
            external_name=_xp_external_name,
            refs={
                "clusterName": ("Cluster", ("name",)),
                "nodeRoleArn": ("Role", ("arn",)),
            },
            tagged=True,
            fields={"tags": ("map", ("tags",)), "labels": ("map", ("labels",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "eks",
            "Nodegroup",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"labels": ("scalar", ("labels",))}},
        ),
    ),
)
