"""aws_rds_cluster: an Aurora DB cluster: engine version, backups and maintenance windows,
deletion protection, parameter and subnet groups, security groups, port, IAM
authentication, log exports and tags.

Live: DescribeDBClusters pages (100 a page; tags come in its TagList, no call per
cluster). Neptune and DocumentDB clusters, which the same call lists, are other types
(`aws_neptune_cluster`, `aws_docdb_cluster`): left out. The master password is never
read. AWS defaults (Terraform's): one day of backups, no deletion protection, tags not
copied to snapshots, no IAM authentication. A declared engine version naming only the
major version is not compared. The identifier, engine and engine mode, database name,
master user name, encryption and KMS key, and subnet group cannot change in place: a
revert says "replace needed"; the rest is put back by one ModifyDBCluster (applied
immediately). A missing cluster is not re-created (it needs the master password).
Terraform creates it on moto.
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
    as_bool,
    keep,
    read_first,
    resource_name_tagger,
    xp_same_name,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Delete, RevertSpec, Updater, same
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
from driftctl.core.model import Resource
from driftctl.resources.rds.common import normalize

TYPE = "aws_rds_cluster"
GONE = frozenset({"DBClusterNotFoundFault"})
OTHER_ENGINES = ("neptune", "docdb")

# Terraform attribute -> (ModifyDBCluster parameter, how the value is sent)
MODIFY: dict[str, tuple[str, str]] = {
    "engine_version": ("EngineVersion", "str"),
    "backup_retention_period": ("BackupRetentionPeriod", "int"),
    "preferred_backup_window": ("PreferredBackupWindow", "str"),
    "preferred_maintenance_window": ("PreferredMaintenanceWindow", "str"),
    "deletion_protection": ("DeletionProtection", "bool"),
    "db_cluster_parameter_group_name": ("DBClusterParameterGroupName", "str"),
    "vpc_security_group_ids": ("VpcSecurityGroupIds", "list"),
    "port": ("Port", "int"),
    "iam_database_authentication_enabled": ("EnableIAMDatabaseAuthentication", "bool"),
    "copy_tags_to_snapshot": ("CopyTagsToSnapshot", "bool"),
}
FIXED = (
    "cluster_identifier",
    "engine",
    "engine_mode",
    "database_name",
    "master_username",
    "storage_encrypted",
    "kms_key_id",
    "db_subnet_group_name",
)
COMPARED = frozenset({*MODIFY, *FIXED, "enabled_cloudwatch_logs_exports", "tags"})
PREFIX = frozenset({"cluster_identifier_prefix"})
DEFAULTS: dict[str, Any] = {
    "backup_retention_period": 1,
    "deletion_protection": False,
    "copy_tags_to_snapshot": False,
    "engine_mode": "provisioned",
    "tags": {},
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if str(item.get("Engine", "")).startswith(OTHER_ENGINES):
        return []
    tags = item.get("TagList")
    attrs = {
        "cluster_identifier": item["DBClusterIdentifier"],
        "engine": item.get("Engine"),
        "engine_version": item.get("EngineVersion"),
        "engine_mode": item.get("EngineMode") or "provisioned",
        "database_name": item.get("DatabaseName"),
        "master_username": item.get("MasterUsername"),
        "storage_encrypted": bool(item.get("StorageEncrypted")),
        "kms_key_id": item.get("KmsKeyId") or "",
        "backup_retention_period": item.get("BackupRetentionPeriod"),
        "preferred_backup_window": item.get("PreferredBackupWindow"),
        "preferred_maintenance_window": item.get("PreferredMaintenanceWindow"),
        "deletion_protection": bool(item.get("DeletionProtection")),
        "db_subnet_group_name": item.get("DBSubnetGroup"),
        "db_cluster_parameter_group_name": item.get("DBClusterParameterGroup"),
        "vpc_security_group_ids": sorted(
            g["VpcSecurityGroupId"]
            for g in item.get("VpcSecurityGroups") or ()
            if g.get("VpcSecurityGroupId")
        ),
        "port": item.get("Port"),
        "iam_database_authentication_enabled": bool(item.get("IAMDatabaseAuthenticationEnabled")),
        "copy_tags_to_snapshot": bool(item.get("CopyTagsToSnapshot")),
        "enabled_cloudwatch_logs_exports": sorted(item.get("EnabledCloudwatchLogsExports") or ()),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": item.get("DBClusterArn"),
        "endpoint": item.get("Endpoint"),
        "reader_endpoint": item.get("ReaderEndpoint"),
        "cluster_resource_id": item.get("DbClusterResourceId"),
    }
    return [Resource(TYPE, item["DBClusterIdentifier"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="rds_db_clusters",
    service="rds",
    listing=ListCall("describe_db_clusters", "DBClusters", page_size=100),
    build=build,
)


_normalize = normalize("preferred_maintenance_window")


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "cluster_identifier": p.get("DBClusterIdentifier"),
        "engine": p.get("Engine"),
        "engine_version": p.get("EngineVersion"),
        "engine_mode": p.get("EngineMode"),
        "database_name": p.get("DatabaseName"),
        "master_username": p.get("MasterUsername"),
        "storage_encrypted": p.get("StorageEncrypted"),
        "kms_key_id": p.get("KmsKeyId"),
        "backup_retention_period": p.get("BackupRetentionPeriod"),
        "preferred_backup_window": p.get("PreferredBackupWindow"),
        "preferred_maintenance_window": p.get("PreferredMaintenanceWindow"),
        "deletion_protection": p.get("DeletionProtection"),
        "db_subnet_group_name": p.get("DBSubnetGroupName"),
        "db_cluster_parameter_group_name": p.get("DBClusterParameterGroupName"),
        "vpc_security_group_ids": p.get("VpcSecurityGroupIds"),
        "port": p.get("Port"),
        "iam_database_authentication_enabled": p.get("EnableIAMDatabaseAuthentication"),
        "copy_tags_to_snapshot": p.get("CopyTagsToSnapshot"),
        "enabled_cloudwatch_logs_exports": p.get("EnableCloudwatchLogsExports"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "DBClusterIdentifier": a.get("cluster_identifier"),
        "Engine": a.get("engine"),
        "EngineVersion": a.get("engine_version"),
        "BackupRetentionPeriod": a.get("backup_retention_period"),
        "DeletionProtection": a.get("deletion_protection"),
        "DBSubnetGroupName": a.get("db_subnet_group_name"),
        "VpcSecurityGroupIds": a.get("vpc_security_group_ids") or None,
        "MasterUsername": a.get("master_username"),
        "Tags": cfn_tags(a),
    }


# The external name is the cluster's identifier, its id too.
_xp_external_name = xp_same_name("cluster_identifier")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "cluster_identifier": s.get("dbClusterIdentifier") or c.name(),
        "engine": s.get("engine"),
        "engine_version": s.get("engineVersion"),
        "engine_mode": s.get("engineMode"),
        "database_name": s.get("databaseName"),
        "master_username": s.get("masterUsername"),
        "storage_encrypted": s.get("storageEncrypted"),
        "kms_key_id": c.ref(s.get("kmsKeyID"), s.get("kmsKeyRef"), "Key", ("arn",)),
        "backup_retention_period": s.get("backupRetentionPeriod"),
        "preferred_backup_window": s.get("preferredBackupWindow"),
        "preferred_maintenance_window": s.get("preferredMaintenanceWindow"),
        "deletion_protection": s.get("deletionProtection"),
        "db_subnet_group_name": c.ref(
            s.get("dbSubnetGroupName"), s.get("dbSubnetGroupRef"), "DBSubnetGroup", ("name",)
        ),
        "db_cluster_parameter_group_name": s.get("dbClusterParameterGroupName"),
        "vpc_security_group_ids": s.get("vpcSecurityGroupIDs"),
        "port": s.get("port"),
        "iam_database_authentication_enabled": s.get("enableIAMDatabaseAuthentication"),
        "copy_tags_to_snapshot": s.get("copyTagsToSnapshot"),
        "enabled_cloudwatch_logs_exports": s.get("enableCloudwatchLogsExports"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("dbClusterIdentifier"))]


# --- revert ---------------------------------------------------------------------------------


def _value(kind: str, value: Any) -> Any:
    if kind == "int":
        return int(value)
    if kind == "bool":
        return as_bool(value)
    if kind == "list":
        return sorted(str(v) for v in value or ())
    return str(value)


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """One ModifyDBCluster, applied at once, with every attribute that differs."""
    params: dict[str, Any] = {}
    for attr, (param, kind) in MODIFY.items():
        if attr in after and after[attr] is not None and not same(after[attr], before.get(attr)):
            params[param] = _value(kind, after[attr])
    if "enabled_cloudwatch_logs_exports" in after:
        want = set(after.get("enabled_cloudwatch_logs_exports") or ())
        have = set(before.get("enabled_cloudwatch_logs_exports") or ())
        if want != have:
            params["CloudwatchLogsExportConfiguration"] = {
                "EnableLogTypes": sorted(want - have),
                "DisableLogTypes": sorted(have - want),
            }
    if not params:
        return []
    if "EngineVersion" in params:
        major = str(before.get("engine_version") or "").split(".")[0]
        params["AllowMajorVersionUpgrade"] = not str(params["EngineVersion"]).startswith(major)
    return [
        ctx.call(
            "rds", "modify_db_cluster", DBClusterIdentifier=ctx.id, ApplyImmediately=True,
            **params,
        )
    ]  # fmt: skip


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call(
            "rds", "delete_db_cluster", DBClusterIdentifier=ctx.id, SkipFinalSnapshot=False,
            FinalDBSnapshotIdentifier=f"{ctx.id}-driftctl-final",
        )
    ]  # fmt: skip


def _refuse_delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """A cluster with deletion protection on is never deleted (a final snapshot is taken
    of any other)."""
    if live.get("deletion_protection"):
        return "deletion protection is on: a human decides"
    return None


EMITS = (TYPE,)

EVENTS = Events(
    source="rds.amazonaws.com",
    service="rds",
    create=("CreateDBCluster",),
    change=(
        "ModifyDBCluster",
        "AddTagsToResource",
        "RemoveTagsFromResource",
    ),
    delete=("DeleteDBCluster",),
    ids=(
        "requestParameters.dBClusterIdentifier",
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
            holds_data=True,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset({"vpc_security_group_ids", "enabled_cloudwatch_logs_exports"}),
            natural_keys=(CFN_KEY, ("cluster_identifier",)),
            name_prefix=("cluster_identifier", "cluster_identifier_prefix"),
            declared_id=lambda a: (
                a.get("cluster_identifier")
                if isinstance(a.get("cluster_identifier"), str)
                else None
            ),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            tags=True,
            computed=frozenset(
                {"arn", "endpoint", "reader_endpoint", "cluster_resource_id", "cluster_identifier"}
            ),
            id_doc="DB cluster identifier",
            after=("aws_db_subnet_group",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater((*MODIFY, "enabled_cloudwatch_logs_exports"), _modify),
                Updater(("tags",), resource_name_tagger("rds", "cluster")),
            ),
            fixed={name: REPLACE for name in FIXED},
            delete=Delete(_delete, refuse=_refuse_delete),
        ),
    ),
    readers={
        SCAN.name: read_first(SCAN, "rds", "describe_db_clusters", "DBClusterIdentifier", GONE)
    },
    cfn=(
        CfnType(
            "AWS::RDS::DBCluster",
            _cfn,
            emits=EMITS,
            ref=("cluster_identifier",),
            getatt={
                "DBClusterArn": ("arn",),
                "Endpoint.Address": ("endpoint",),
                "ReadEndpoint.Address": ("reader_endpoint",),
                "DBClusterResourceId": ("cluster_resource_id",),
            },
            name_attr="cluster_identifier",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "backup_retention_period": ("scalar", ("BackupRetentionPeriod",)),
                    "deletion_protection": ("scalar", ("DeletionProtection",)),
                    "engine_version": ("scalar", ("EngineVersion",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "rds",
            "Cluster",
            TYPE,
            external_name=_xp_external_name,
            refs={
                "dbSubnetGroupName": ("SubnetGroup", ("name",)),
                "vpcSecurityGroupIds": ("SecurityGroup", ("id",)),
                "kmsKeyId": ("Key", ("arn",)),
            },
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "backup_retention_period": ("scalar", ("backupRetentionPeriod",)),
                "deletion_protection": ("scalar", ("deletionProtection",)),
                "engine_version": ("scalar", ("engineVersion",)),
            },
            import_refuse={"master_username": "the master password must be declared by a human"},
        ),
    ),
    ack=(
        AckKind(
            "rds",
            "DBCluster",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "backup_retention_period": ("scalar", ("backupRetentionPeriod",)),
                    "deletion_protection": ("scalar", ("deletionProtection",)),
                    "engine_version": ("scalar", ("engineVersion",)),
                }
            },
        ),
    ),
)
