"""aws_elasticache_cluster: a Memcached or single-node Redis cluster: node type and count,
engine version, parameter group, security groups, maintenance and snapshot windows,
snapshot retention and tags.

Live: DescribeCacheClusters pages (100 a page), then ListTagsForResource per cluster.
Members of a replication group are `aws_elasticache_replication_group`'s, not compared
here: they are left out. AWS defaults (Terraform's): no snapshot retention. A declared
engine version naming only the major and minor version ("7.1") is not compared: AWS
picks the patch. The identifier, engine, subnet group and port cannot change in place:
a revert says "replace needed"; the rest is put back by one ModifyCacheCluster (applied
immediately), which moto does not implement (tested as a planned call; the
real-Terraform test changes a tag). A missing cluster is re-created by CreateCacheCluster.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    keep,
    pairs,
    read_first,
    resource_name_tagger,
    resource_name_tags,
    xp_same_name,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, same
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
from driftctl.core.model import Resource, is_known

TYPE = "aws_elasticache_cluster"
GONE = frozenset({"CacheClusterNotFound"})

# Terraform attribute -> (ModifyCacheCluster parameter, how the value is sent)
MODIFY: dict[str, tuple[str, str]] = {
    "node_type": ("CacheNodeType", "str"),
    "num_cache_nodes": ("NumCacheNodes", "int"),
    "engine_version": ("EngineVersion", "str"),
    "parameter_group_name": ("CacheParameterGroupName", "str"),
    "security_group_ids": ("SecurityGroupIds", "list"),
    "maintenance_window": ("PreferredMaintenanceWindow", "str"),
    "snapshot_window": ("SnapshotWindow", "str"),
    "snapshot_retention_limit": ("SnapshotRetentionLimit", "int"),
}
FIXED = ("cluster_id", "engine", "subnet_group_name", "port")
COMPARED = frozenset({*MODIFY, *FIXED, "tags"})
DEFAULTS: dict[str, Any] = {"snapshot_retention_limit": 0, "tags": {}}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("ReplicationGroupId"):
        return []  # a replication group's member: aws_elasticache_replication_group
    tags = (details.get("tags") or {}).get("TagList")
    endpoint = item.get("ConfigurationEndpoint") or {}
    attrs = {
        "cluster_id": item["CacheClusterId"],
        "engine": item.get("Engine"),
        "engine_version": item.get("EngineVersion"),
        "node_type": item.get("CacheNodeType"),
        "num_cache_nodes": item.get("NumCacheNodes"),
        "parameter_group_name": (item.get("CacheParameterGroup") or {}).get(
            "CacheParameterGroupName"
        ),
        "subnet_group_name": item.get("CacheSubnetGroupName"),
        "security_group_ids": sorted(
            g["SecurityGroupId"]
            for g in item.get("SecurityGroups") or ()
            if g.get("SecurityGroupId")
        ),
        "maintenance_window": item.get("PreferredMaintenanceWindow"),
        "snapshot_window": item.get("SnapshotWindow"),
        "snapshot_retention_limit": item.get("SnapshotRetentionLimit") or 0,
        "port": endpoint.get("Port") or _node_port(item),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": item.get("ARN"),
        "configuration_endpoint": endpoint.get("Address"),
    }
    return [Resource(TYPE, item["CacheClusterId"], None, attrs, region=region)]


def _node_port(item: Item) -> Any:
    for node in item.get("CacheNodes") or ():
        port = (node.get("Endpoint") or {}).get("Port")
        if port:
            return port
    return None


SCAN = ScanSpec(
    name="elasticache_clusters",
    service="elasticache",
    listing=ListCall(
        "describe_cache_clusters", "CacheClusters", {"ShowCacheNodeInfo": True}, page_size=100
    ),
    details=(resource_name_tags("ARN", frozenset()),),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    window = out.get("maintenance_window")
    if isinstance(window, str) and is_known(window):
        out["maintenance_window"] = window.lower()  # AWS keeps it in lower case
    version = out.get("engine_version")
    if isinstance(version, str) and is_known(version) and len(version.split(".")) < 3:
        out.pop("engine_version")  # "7.1", "6.x": AWS picks the patch version
    return out


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "cluster_id": p.get("ClusterName"),
        "engine": p.get("Engine"),
        "engine_version": p.get("EngineVersion"),
        "node_type": p.get("CacheNodeType"),
        "num_cache_nodes": p.get("NumCacheNodes"),
        "parameter_group_name": p.get("CacheParameterGroupName"),
        "subnet_group_name": p.get("CacheSubnetGroupName"),
        "security_group_ids": p.get("VpcSecurityGroupIds"),
        "maintenance_window": p.get("PreferredMaintenanceWindow"),
        "snapshot_window": p.get("SnapshotWindow"),
        "snapshot_retention_limit": p.get("SnapshotRetentionLimit"),
        "port": p.get("Port"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "ClusterName": a.get("cluster_id"),
        "Engine": a.get("engine"),
        "EngineVersion": a.get("engine_version"),
        "CacheNodeType": a.get("node_type"),
        "NumCacheNodes": a.get("num_cache_nodes"),
        "CacheSubnetGroupName": a.get("subnet_group_name"),
        "VpcSecurityGroupIds": a.get("security_group_ids") or None,
        "Tags": cfn_tags(a),
    }


# The external name is the cluster's id.
_xp_external_name = xp_same_name("cluster_id")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "cluster_id": s.get("cacheClusterID") or c.name(),
        "engine": s.get("engine"),
        "engine_version": s.get("engineVersion"),
        "node_type": s.get("cacheNodeType"),
        "num_cache_nodes": s.get("numCacheNodes"),
        "parameter_group_name": s.get("cacheParameterGroupName"),
        "subnet_group_name": c.ref(
            s.get("cacheSubnetGroupName"), s.get("cacheSubnetGroupRef"), "CacheSubnetGroup",
            ("name",),
        ),
        "security_group_ids": s.get("securityGroupIDs"),
        "maintenance_window": s.get("preferredMaintenanceWindow"),
        "snapshot_window": s.get("snapshotWindow"),
        "snapshot_retention_limit": s.get("snapshotRetentionLimit"),
        "port": s.get("port"),
        "tags": c.tags(s.get("tags")),
    }  # fmt: skip
    return [c.raw(TYPE, attrs, c.adoption.get("cacheClusterID"))]


# --- revert ---------------------------------------------------------------------------------


def _value(kind: str, value: Any) -> Any:
    if kind == "int":
        return int(value)
    if kind == "list":
        return sorted(str(v) for v in value or ())
    return str(value)


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """One ModifyCacheCluster, applied at once, with every attribute that differs."""
    params: dict[str, Any] = {}
    for attr, (param, kind) in MODIFY.items():
        if attr in after and after[attr] is not None and not same(after[attr], before.get(attr)):
            params[param] = _value(kind, after[attr])
    if not params:
        return []
    return [
        ctx.call(
            "elasticache", "modify_cache_cluster", CacheClusterId=ctx.id, ApplyImmediately=True,
            **params,
        )
    ]  # fmt: skip


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "CacheClusterId": desired["cluster_id"],
        "Engine": desired["engine"],
        "CacheNodeType": desired["node_type"],
        "NumCacheNodes": int(desired.get("num_cache_nodes") or 1),
    }
    optional = {
        "EngineVersion": desired.get("engine_version"),
        "CacheSubnetGroupName": desired.get("subnet_group_name"),
        "CacheParameterGroupName": desired.get("parameter_group_name"),
        "PreferredMaintenanceWindow": desired.get("maintenance_window"),
        "SnapshotWindow": desired.get("snapshot_window"),
        "Port": desired.get("port"),
    }
    params.update({k: v for k, v in optional.items() if v is not None})
    if desired.get("snapshot_retention_limit"):
        params["SnapshotRetentionLimit"] = int(desired["snapshot_retention_limit"])
    if desired.get("security_group_ids"):
        params["SecurityGroupIds"] = sorted(desired["security_group_ids"])
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    return [ctx.call("elasticache", "create_cache_cluster", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["cluster_id"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("elasticache", "delete_cache_cluster", CacheClusterId=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="elasticache.amazonaws.com",
    service="elasticache",
    create=("CreateCacheCluster",),
    change=(
        "ModifyCacheCluster",
        "AddTagsToResource",
        "RemoveTagsFromResource",
    ),
    delete=("DeleteCacheCluster",),
    ids=(
        "requestParameters.cacheClusterId",
        "requestParameters.resourceName",
    ),
    touches={
        "AddTagsToResource": frozenset({"tags"}),
        "RemoveTagsFromResource": frozenset({"tags"}),
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
            sets=frozenset({"security_group_ids"}),
            natural_keys=(CFN_KEY, ("cluster_id",)),
            declared_id=lambda a: (
                a.get("cluster_id") if isinstance(a.get("cluster_id"), str) else None
            ),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "configuration_endpoint"}),
            id_doc="cluster id",
            after=("aws_elasticache_subnet_group",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(tuple(MODIFY), _modify),
                Updater(("tags",), resource_name_tagger("elasticache", "cluster")),
            ),
            fixed={name: REPLACE for name in FIXED},
            create=Create(
                _create,
                lambda desired: dict(desired),
                _new_id,
                ("cluster_id", "engine", "node_type"),
            ),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: read_first(
            SCAN, "elasticache", "describe_cache_clusters", "CacheClusterId", GONE
        )
    },
    cfn=(
        CfnType(
            "AWS::ElastiCache::CacheCluster",
            _cfn,
            emits=EMITS,
            ref=("cluster_id",),
            getatt={
                "ConfigurationEndpoint.Address": ("configuration_endpoint",),
                "ConfigurationEndpoint.Port": ("port",),
            },
            name_attr="cluster_id",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "node_type": ("scalar", ("CacheNodeType",)),
                    "num_cache_nodes": ("scalar", ("NumCacheNodes",)),
                    "snapshot_retention_limit": ("scalar", ("SnapshotRetentionLimit",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "elasticache",
            "Cluster",
            TYPE,
            external_name=_xp_external_name,
            refs={
                "subnetGroupName": ("SubnetGroup", ("name",)),
                "securityGroupIds": ("SecurityGroup", ("id",)),
            },
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "node_type": ("scalar", ("nodeType",)),
                "num_cache_nodes": ("scalar", ("numCacheNodes",)),
                "snapshot_retention_limit": ("scalar", ("snapshotRetentionLimit",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "elasticache",
            "CacheCluster",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "node_type": ("scalar", ("cacheNodeType",)),
                    "num_cache_nodes": ("scalar", ("numCacheNodes",)),
                    "snapshot_retention_limit": ("scalar", ("snapshotRetentionLimit",)),
                }
            },
        ),
    ),
)
