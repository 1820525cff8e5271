"""aws_eks_cluster: a Kubernetes control plane's version, IAM role, VPC configuration
(subnets, security groups, endpoint access and the CIDRs allowed to reach the public
endpoint), control plane log types and tags.

Live: ListClusters pages (100 names a page), then DescribeCluster per cluster (it carries
the tags). Every cluster is the account's own: AWS creates none by itself. AWS defaults
(Terraform's): a public endpoint open to 0.0.0.0/0, no private endpoint, no control plane
logs, no extra security groups. The role, the subnets and the security groups are fixed
at creation (replace needed: a human decides); the endpoint access is put back by
UpdateClusterConfig, the log types by UpdateClusterConfig's logging, the version by
UpdateClusterVersion (AWS upgrades one minor version at a time and never downgrades),
tags by TagResource/UntagResource. moto's UpdateClusterConfig replaces the whole VPC
configuration where AWS merges the fields sent, and moto has no UpdateClusterVersion: the
endpoint and version reverts are checked call by call, not against moto. Checked against
real Terraform in tests/tf/test_eks.py (log types and tags changed out of band).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    ack_map_tags,
    as_bool,
    map_cfn_identity,
    map_tags,
    sorted_known,
    tagger,
    xp_same_name,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import CannotRevert, Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    first_block,
)
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_eks_cluster"
SERVICE = "eks"
GONE = frozenset({"ResourceNotFoundException"})
COMPARED = frozenset(
    {"name", "version", "role_arn", "vpc_config", "enabled_cluster_log_types", "tags"}
)
DEFAULTS: dict[str, Any] = {"enabled_cluster_log_types": [], "tags": {}}
# Terraform's defaults inside a declared vpc_config block (public_access_cidrs is computed)
VPC_DEFAULTS: dict[str, Any] = {
    "endpoint_private_access": False,
    "endpoint_public_access": True,
    "security_group_ids": [],
}
# vpc_config key -> resourcesVpcConfig field
VPC = {
    "subnet_ids": "subnetIds",
    "security_group_ids": "securityGroupIds",
    "endpoint_private_access": "endpointPrivateAccess",
    "endpoint_public_access": "endpointPublicAccess",
    "public_access_cidrs": "publicAccessCidrs",
}
VPC_SETS = ("subnet_ids", "security_group_ids", "public_access_cidrs")
VPC_FIXED = ("subnet_ids", "security_group_ids")  # fixed at creation
ENDPOINT = ("endpoint_private_access", "endpoint_public_access", "public_access_cidrs")
LOG_TYPES = ("api", "audit", "authenticator", "controllerManager", "scheduler")


def _vpc_config(found: dict[str, Any]) -> dict[str, Any]:
    public = found.get("endpointPublicAccess")
    public = True if public is None else bool(public)
    cidrs = found.get("publicAccessCidrs")
    return {
        "subnet_ids": sorted(found.get("subnetIds") or ()),
        "security_group_ids": sorted(found.get("securityGroupIds") or ()),
        "endpoint_private_access": bool(found.get("endpointPrivateAccess")),
        "endpoint_public_access": public,
        "public_access_cidrs": sorted(cidrs) if cidrs else ["0.0.0.0/0"],
    }


def _log_types(logging: dict[str, Any] | None) -> list[str]:
    entries = (logging or {}).get("clusterLogging") or ()
    return sorted({t for e in entries if e.get("enabled") for t in e.get("types") or ()})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = (details.get("cluster") or {}).get("cluster")
    if found is None:
        return []  # deleted between the listing and the read
    tags = found.get("tags")
    vpc = found.get("resourcesVpcConfig") or {}
    attrs = {
        "name": found["name"],
        "version": found.get("version"),
        "role_arn": found.get("roleArn"),
        "vpc_config": _vpc_config(vpc),
        "enabled_cluster_log_types": _log_types(found.get("logging")),
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
        "arn": found.get("arn"),
        "endpoint": found.get("endpoint"),
        "platform_version": found.get("platformVersion"),
        "cluster_security_group_id": vpc.get("clusterSecurityGroupId"),
        "vpc_id": vpc.get("vpcId"),
    }
    return [Resource(TYPE, found["name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="eks_clusters",
    service=SERVICE,
    listing=ListCall("list_clusters", "clusters", page_size=100, item_key="name"),
    details=(DetailCall("cluster", "describe_cluster", lambda i: {"name": i["name"]}, GONE),),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    item = {"name": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


# --- both sides -------------------------------------------------------------------------------


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    vpc = out.get("vpc_config")
    if isinstance(vpc, list):
        vpc = first_block(vpc)
    if isinstance(vpc, dict):
        vpc = {k: v for k, v in vpc.items() if v is not None}
        for key in VPC_SETS:
            if key in vpc:
                vpc[key] = sorted_known(vpc[key])
        for key in ("endpoint_private_access", "endpoint_public_access"):
            if isinstance(vpc.get(key), str):
                vpc[key] = as_bool(vpc[key])
        out["vpc_config"] = vpc
    if "enabled_cluster_log_types" in out:
        out["enabled_cluster_log_types"] = sorted_known(out["enabled_cluster_log_types"] or [])
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    if "vpc_config" in attrs:
        attrs["vpc_config"] = {**VPC_DEFAULTS, **first_block(attrs["vpc_config"])}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------

_CFN_VPC = {
    "subnet_ids": "SubnetIds",
    "security_group_ids": "SecurityGroupIds",
    "endpoint_private_access": "EndpointPrivateAccess",
    "endpoint_public_access": "EndpointPublicAccess",
    "public_access_cidrs": "PublicAccessCidrs",
}


def _cfn(d: Declaring) -> None:
    """AWS::EKS::Cluster: its ResourcesVpcConfig (CloudFormation's defaults are
    Terraform's) and Logging.ClusterLogging.EnabledTypes."""
    p = d.props
    vpc = p.get("ResourcesVpcConfig")
    logging = ((p.get("Logging") or {}).get("ClusterLogging") or {}).get("EnabledTypes")
    attrs = {
        "name": p.get("Name"),
        "version": p.get("Version"),
        "role_arn": p.get("RoleArn"),
        "vpc_config": {
            **VPC_DEFAULTS,
            **{k: vpc[f] for k, f in _CFN_VPC.items() if vpc.get(f) is not None},
        }
        if isinstance(vpc, dict)
        else None,
        "enabled_cluster_log_types": [e.get("Type") for e in logging if isinstance(e, dict)]
        if isinstance(logging, list)
        else [],
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    vpc = a.get("vpc_config") or {}
    types = a.get("enabled_cluster_log_types") or []
    return {
        "Name": a.get("name"),
        "Version": a.get("version"),
        "RoleArn": a.get("role_arn"),
        "ResourcesVpcConfig": {f: vpc[k] for k, f in _CFN_VPC.items() if k in vpc},
        "Logging": {"ClusterLogging": {"EnabledTypes": [{"Type": t} for t in types]}}
        if types
        else None,
        "Tags": cfn_tags(a),
    }


# The external name is the cluster's name, its id too.
_xp_external_name = xp_same_name("name")


_ACK_VPC = {
    "subnet_ids": "subnetIDs",
    "security_group_ids": "securityGroupIDs",
    "endpoint_private_access": "endpointPrivateAccess",
    "endpoint_public_access": "endpointPublicAccess",
    "public_access_cidrs": "publicAccessCIDRs",
}


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's Cluster: resourcesVPCConfig, logging.clusterLogging (enabled entries), tags
    as a map."""
    s = c.spec
    vpc = s.get("resourcesVPCConfig")
    entries = (s.get("logging") or {}).get("clusterLogging")
    attrs = {
        "name": c.name(),
        "version": s.get("version"),
        "role_arn": c.ref(s.get("roleARN"), s.get("roleRef"), "Role", ("arn",)),
        "vpc_config": {
            **VPC_DEFAULTS,
            **{k: vpc[f] for k, f in _ACK_VPC.items() if vpc.get(f) is not None},
        }
        if isinstance(vpc, dict)
        else None,
        "enabled_cluster_log_types": _log_types({"clusterLogging": entries})
        if isinstance(entries, list)
        else None,
        "tags": ack_map_tags(c, s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


# --- revert ---------------------------------------------------------------------------------


def _same_set(a: Any, b: Any) -> bool:
    return sorted(map(str, a or ())) == sorted(map(str, b or ()))


def _vpc_update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """UpdateClusterConfig with the endpoint access only (AWS merges it into the rest)."""
    was, want = before.get("vpc_config") or {}, after.get("vpc_config") or {}
    for key in VPC_FIXED:
        if key in want and not _same_set(was.get(key), want[key]):
            raise CannotRevert(f"vpc_config.{key}: {REPLACE}")
    config: dict[str, Any] = {}
    for key in ENDPOINT:
        if key in want and want[key] is not None:
            value = want[key]
            config[VPC[key]] = list(value) if key == "public_access_cidrs" else as_bool(value)
    if not config:
        return []
    return [ctx.call(SERVICE, "update_cluster_config", name=ctx.id, resourcesVpcConfig=config)]


def logging(types: Any) -> dict[str, Any]:
    """UpdateClusterConfig's logging: the declared types on, every other type off."""
    on = sorted(str(t) for t in types or ())
    off = [t for t in LOG_TYPES if t not in on]
    entries = [{"types": on, "enabled": True}] if on else []
    if off:
        entries.append({"types": off, "enabled": False})
    return {"clusterLogging": entries}


def _logs(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    types = after.get("enabled_cluster_log_types")
    return [
        ctx.call(SERVICE, "update_cluster_config", name=ctx.id, logging=logging(types))
    ]  # fmt: skip


def _version(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    version = after.get("version")
    if not version:
        return []
    return [ctx.call(SERVICE, "update_cluster_version", name=ctx.id, version=str(version))]


TAGS = tagger(
    SERVICE,
    ("tag_resource", "tags"),
    ("untag_resource", "tagKeys"),
    lambda ctx, attrs: {"resourceArn": attrs.get("arn") or _arn(ctx)},
    shape=dict,
)


def _arn(ctx: Ctx) -> str:
    return f"arn:aws:eks:{ctx.region}:{ctx.account}:cluster/{ctx.id}"


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    vpc = desired.get("vpc_config") or {}
    config = {VPC[k]: v for k, v in vpc.items() if k in VPC and v is not None}
    params: dict[str, Any] = {
        "name": desired["name"],
        "roleArn": desired["role_arn"],
        "resourcesVpcConfig": config,
    }
    if desired.get("version"):
        params["version"] = str(desired["version"])
    if desired.get("enabled_cluster_log_types"):
        params["logging"] = logging(desired["enabled_cluster_log_types"])
    if desired.get("tags"):
        params["tags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.call(SERVICE, "create_cluster", **params)]


def _named(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("name") or ctx.id)


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """After its node groups (deletes run in reverse creation order); AWS refuses while
    any is left."""
    return [ctx.call(SERVICE, "delete_cluster", name=ctx.id)]


_CFN_FIELDS = {
    "tags": ("tags", ("Tags",)),
    "version": ("scalar", ("Version",)),
}

EVENTS = Events(
    source="eks.amazonaws.com",
    service="eks",
    create=("CreateCluster",),
    change=(
        "UpdateClusterConfig",
        "UpdateClusterVersion",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteCluster",),
    ids=("requestParameters.name",),
    touches={
        "UpdateClusterVersion": frozenset({"version"}),
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
            sets=frozenset({"enabled_cluster_log_types"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: _from_tf},
            tags=True,
            shape={"vpc_config": "single"},
            computed=frozenset({"arn", "endpoint", "platform_version"}),
            id_doc="cluster name",
            after=("aws_iam_role", "aws_subnet", "aws_security_group"),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("version",), _version),
                Updater(("vpc_config",), _vpc_update),
                Updater(("enabled_cluster_log_types",), _logs),
                Updater(("tags",), TAGS),
            ),
            fixed={"name": REPLACE, "role_arn": REPLACE},
            create=Create(_create, dict, _named, ("name", "role_arn", "vpc_config")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::EKS::Cluster",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            getatt={"Arn": ("arn",), "Endpoint": ("endpoint",)},
            name_attr="name",
            properties={TYPE: _CFN_FIELDS},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "eks",
            "Cluster",
            TYPE,
            external_name=_xp_external_name,
            refs={"roleArn": ("Role", ("arn",))},
            tagged=True,
            fields={"tags": ("map", ("tags",)), "version": ("scalar", ("version",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "eks",
            "Cluster",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"version": ("scalar", ("version",))}},
        ),
    ),
)
