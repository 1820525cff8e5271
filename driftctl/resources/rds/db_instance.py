"""aws_db_instance: an RDS DB instance: what its owner changes in the console (class,
storage, engine version, backups and maintenance windows, Multi-AZ, deletion protection,
public access, parameter and subnet groups, security groups, monitoring) and tags.

Live: DescribeDBInstances pages (100 a page; tags come in its TagList, no call per
instance). The master password is never read. Instances of an Aurora cluster are
`aws_rds_cluster_instance`, not compared here: they are left out. AWS defaults
(Terraform's): no deletion protection, not public, minor versions upgraded, no
encryption, tags not copied to snapshots, no enhanced monitoring, no Performance
Insights, no IAM authentication. A declared engine version that names only the major
version ("16", "8.0") is not compared: AWS picks the minor one. The identifier, engine,
encryption and KMS key, master user name and database name cannot change in place: a
revert says "replace needed"; everything else is put back by one ModifyDBInstance
(applied immediately). A missing instance is not created by a revert (it needs the
password driftctl never reads): the plan refuses it. An unmanaged instance is deleted
with a final snapshot, never one with deletion protection on. Terraform creates it on moto (moto
answers "available" at once).
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

TYPE = "aws_db_instance"
GONE = frozenset({"DBInstanceNotFound"})

# Terraform attribute -> (ModifyDBInstance parameter, how the value is sent)
MODIFY: dict[str, tuple[str, str]] = {
    "instance_class": ("DBInstanceClass", "str"),
    "allocated_storage": ("AllocatedStorage", "int"),
    "max_allocated_storage": ("MaxAllocatedStorage", "int"),
    "storage_type": ("StorageType", "str"),
    "iops": ("Iops", "int"),
    "engine_version": ("EngineVersion", "str"),
    "backup_retention_period": ("BackupRetentionPeriod", "int"),
    "backup_window": ("PreferredBackupWindow", "str"),
    "maintenance_window": ("PreferredMaintenanceWindow", "str"),
    "multi_az": ("MultiAZ", "bool"),
    "deletion_protection": ("DeletionProtection", "bool"),
    "publicly_accessible": ("PubliclyAccessible", "bool"),
    "auto_minor_version_upgrade": ("AutoMinorVersionUpgrade", "bool"),
    "copy_tags_to_snapshot": ("CopyTagsToSnapshot", "bool"),
    "monitoring_interval": ("MonitoringInterval", "int"),
    "performance_insights_enabled": ("EnablePerformanceInsights", "bool"),
    "iam_database_authentication_enabled": ("EnableIAMDatabaseAuthentication", "bool"),
    "parameter_group_name": ("DBParameterGroupName", "str"),
    "db_subnet_group_name": ("DBSubnetGroupName", "str"),
    "vpc_security_group_ids": ("VpcSecurityGroupIds", "list"),
    "port": ("DBPortNumber", "int"),
}
FIXED = ("identifier", "engine", "storage_encrypted", "kms_key_id", "username", "db_name")
COMPARED = frozenset({*MODIFY, *FIXED, "tags"})
PREFIX = frozenset({"identifier_prefix"})
DEFAULTS: dict[str, Any] = {
    "deletion_protection": False,
    "publicly_accessible": False,
    "auto_minor_version_upgrade": True,
    "storage_encrypted": False,
    "copy_tags_to_snapshot": False,
    "monitoring_interval": 0,
    "performance_insights_enabled": False,
    "iam_database_authentication_enabled": False,
    "tags": {},
}
# how many dot-separated parts a full engine version has ("16.3", "8.0.35")


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("DBClusterIdentifier"):
        return []  # an Aurora cluster's member: aws_rds_cluster_instance
    tags = item.get("TagList")
    groups = item.get("DBParameterGroups") or ()
    attrs = {
        "identifier": item["DBInstanceIdentifier"],
        "engine": item.get("Engine"),
        "engine_version": item.get("EngineVersion"),
        "instance_class": item.get("DBInstanceClass"),
        "allocated_storage": item.get("AllocatedStorage"),
        "max_allocated_storage": item.get("MaxAllocatedStorage") or 0,
        "storage_type": item.get("StorageType"),
        "iops": item.get("Iops") or 0,
        "backup_retention_period": item.get("BackupRetentionPeriod"),
        "backup_window": item.get("PreferredBackupWindow"),
        "maintenance_window": item.get("PreferredMaintenanceWindow"),
        "multi_az": bool(item.get("MultiAZ")),
        "deletion_protection": bool(item.get("DeletionProtection")),
        "publicly_accessible": bool(item.get("PubliclyAccessible")),
        "auto_minor_version_upgrade": bool(item.get("AutoMinorVersionUpgrade", True)),
        "storage_encrypted": bool(item.get("StorageEncrypted")),
        "kms_key_id": item.get("KmsKeyId") or "",
        "copy_tags_to_snapshot": bool(item.get("CopyTagsToSnapshot")),
        "monitoring_interval": item.get("MonitoringInterval") or 0,
        "performance_insights_enabled": bool(item.get("PerformanceInsightsEnabled")),
        "iam_database_authentication_enabled": bool(item.get("IAMDatabaseAuthenticationEnabled")),
        "parameter_group_name": groups[0].get("DBParameterGroupName") if groups else None,
        "db_subnet_group_name": (item.get("DBSubnetGroup") or {}).get("DBSubnetGroupName"),
        "vpc_security_group_ids": sorted(
            g["VpcSecurityGroupId"]
            for g in item.get("VpcSecurityGroups") or ()
            if g.get("VpcSecurityGroupId")
        ),
        "port": (item.get("Endpoint") or {}).get("Port") or item.get("DbInstancePort"),
        "username": item.get("MasterUsername"),
        "db_name": item.get("DBName"),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": item.get("DBInstanceArn"),
        "address": (item.get("Endpoint") or {}).get("Address"),
        "endpoint": _endpoint(item),
        "resource_id": item.get("DbiResourceId"),
    }
    return [Resource(TYPE, item["DBInstanceIdentifier"], None, attrs, region=region)]


def _endpoint(item: Item) -> str | None:
    found = item.get("Endpoint") or {}
    if not found.get("Address"):
        return None
    return f"{found['Address']}:{found.get('Port')}"


SCAN = ScanSpec(
    name="rds_db_instances",
    service="rds",
    listing=ListCall("describe_db_instances", "DBInstances", page_size=100),
    build=build,
)


_normalize = normalize("maintenance_window")


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _int(value: Any) -> Any:
    """CloudFormation gives some numbers as strings ("20")."""
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "identifier": p.get("DBInstanceIdentifier"),
        "engine": p.get("Engine"),
        "engine_version": p.get("EngineVersion"),
        "instance_class": p.get("DBInstanceClass"),
        "allocated_storage": _int(p.get("AllocatedStorage")),
        "max_allocated_storage": p.get("MaxAllocatedStorage"),
        "storage_type": p.get("StorageType"),
        "iops": p.get("Iops"),
        "backup_retention_period": p.get("BackupRetentionPeriod"),
        "backup_window": p.get("PreferredBackupWindow"),
        "maintenance_window": p.get("PreferredMaintenanceWindow"),
        "multi_az": p.get("MultiAZ"),
        "deletion_protection": p.get("DeletionProtection"),
        "publicly_accessible": p.get("PubliclyAccessible"),
        "auto_minor_version_upgrade": p.get("AutoMinorVersionUpgrade"),
        "storage_encrypted": p.get("StorageEncrypted"),
        "kms_key_id": p.get("KmsKeyId"),
        "copy_tags_to_snapshot": p.get("CopyTagsToSnapshot"),
        "monitoring_interval": p.get("MonitoringInterval"),
        "performance_insights_enabled": p.get("EnablePerformanceInsights"),
        "iam_database_authentication_enabled": p.get("EnableIAMDatabaseAuthentication"),
        "parameter_group_name": p.get("DBParameterGroupName"),
        "db_subnet_group_name": p.get("DBSubnetGroupName"),
        "vpc_security_group_ids": p.get("VPCSecurityGroups"),
        "port": _int(p.get("Port")),
        "username": p.get("MasterUsername"),
        "db_name": p.get("DBName"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "DBInstanceIdentifier": a.get("identifier"),
        "Engine": a.get("engine"),
        "EngineVersion": a.get("engine_version"),
        "DBInstanceClass": a.get("instance_class"),
        "AllocatedStorage": str(a["allocated_storage"]) if a.get("allocated_storage") else None,
        "BackupRetentionPeriod": a.get("backup_retention_period"),
        "MultiAZ": a.get("multi_az"),
        "DeletionProtection": a.get("deletion_protection"),
        "PubliclyAccessible": a.get("publicly_accessible"),
        "StorageEncrypted": a.get("storage_encrypted"),
        "DBSubnetGroupName": a.get("db_subnet_group_name"),
        "DBParameterGroupName": a.get("parameter_group_name"),
        "VPCSecurityGroups": a.get("vpc_security_group_ids") or None,
        "MasterUsername": a.get("username"),
        "Tags": cfn_tags(a),
    }


# The external name is the instance's identifier, its id too.
_xp_external_name = xp_same_name("identifier")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "identifier": s.get("dbInstanceIdentifier") or c.name(),
        "engine": s.get("engine"),
        "engine_version": s.get("engineVersion"),
        "instance_class": s.get("dbInstanceClass"),
        "allocated_storage": s.get("allocatedStorage"),
        "max_allocated_storage": s.get("maxAllocatedStorage"),
        "storage_type": s.get("storageType"),
        "iops": s.get("iops"),
        "backup_retention_period": s.get("backupRetentionPeriod"),
        "backup_window": s.get("preferredBackupWindow"),
        "maintenance_window": s.get("preferredMaintenanceWindow"),
        "multi_az": s.get("multiAZ"),
        "deletion_protection": s.get("deletionProtection"),
        "publicly_accessible": s.get("publiclyAccessible"),
        "auto_minor_version_upgrade": s.get("autoMinorVersionUpgrade"),
        "storage_encrypted": s.get("storageEncrypted"),
        "kms_key_id": c.ref(s.get("kmsKeyID"), s.get("kmsKeyRef"), "Key", ("arn",)),
        "copy_tags_to_snapshot": s.get("copyTagsToSnapshot"),
        "monitoring_interval": s.get("monitoringInterval"),
        "performance_insights_enabled": s.get("performanceInsightsEnabled"),
        "parameter_group_name": c.ref(
            s.get("dbParameterGroupName"), s.get("dbParameterGroupRef"), "DBParameterGroup",
            ("name",),
        ),
        "db_subnet_group_name": c.ref(
            s.get("dbSubnetGroupName"), s.get("dbSubnetGroupRef"), "DBSubnetGroup", ("name",)
        ),
        "vpc_security_group_ids": s.get("vpcSecurityGroupIDs"),
        "port": s.get("port"),
        "username": s.get("masterUsername"),
        "db_name": s.get("dbName"),
        "tags": c.tags(s.get("tags")),
    }  # fmt: skip
    return [c.raw(TYPE, attrs, c.adoption.get("dbInstanceIdentifier"))]


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
    """One ModifyDBInstance, applied at once, with every attribute that differs."""
    params: dict[str, Any] = {}
    for attr, (param, kind) in MODIFY.items():
        if attr in after and after[attr] is not None and not same(after[attr], before.get(attr)):
            params[param] = _value(kind, after[attr])
    if not params:
        return []
    if "EngineVersion" in params:
        major = str(before.get("engine_version") or "").split(".")[0]
        params["AllowMajorVersionUpgrade"] = not str(params["EngineVersion"]).startswith(major)
    return [
        ctx.call(
            "rds", "modify_db_instance", DBInstanceIdentifier=ctx.id, ApplyImmediately=True,
            **params,
        )
    ]  # fmt: skip


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call(
            "rds", "delete_db_instance", DBInstanceIdentifier=ctx.id, SkipFinalSnapshot=False,
            FinalDBSnapshotIdentifier=f"{ctx.id}-driftctl-final",
        )
    ]  # fmt: skip


def _refuse_delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """An instance with deletion protection on is never deleted (a final snapshot is
    taken of any other)."""
    if live.get("deletion_protection"):
        return "deletion protection is on: a human decides"
    return None


EMITS = (TYPE,)
_MODIFIED = tuple(MODIFY)

EVENTS = Events(
    source="rds.amazonaws.com",
    service="rds",
    create=("CreateDBInstance",),
    change=(
        "ModifyDBInstance",
        "AddTagsToResource",
        "RemoveTagsFromResource",
    ),
    delete=("DeleteDBInstance",),
    ids=(
        "requestParameters.dBInstanceIdentifier",
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
            sets=frozenset({"vpc_security_group_ids"}),
            natural_keys=(CFN_KEY, ("identifier",)),
            name_prefix=("identifier", "identifier_prefix"),
            declared_id=lambda a: (
                a.get("identifier") if isinstance(a.get("identifier"), str) else None
            ),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            tags=True,
            computed=frozenset({"arn", "address", "endpoint", "resource_id", "identifier"}),
            id_doc="DB instance identifier",
            after=("aws_db_subnet_group", "aws_db_parameter_group"),
            state_id=False,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(_MODIFIED, _modify),
                Updater(("tags",), resource_name_tagger("rds", "db")),
            ),
            fixed={name: REPLACE for name in FIXED},
            delete=Delete(_delete, refuse=_refuse_delete),
        ),
    ),
    readers={
        SCAN.name: read_first(SCAN, "rds", "describe_db_instances", "DBInstanceIdentifier", GONE)
    },
    cfn=(
        CfnType(
            "AWS::RDS::DBInstance",
            _cfn,
            emits=EMITS,
            ref=("identifier",),
            getatt={
                "DBInstanceArn": ("arn",),
                "Endpoint.Address": ("address",),
                "Endpoint.Port": ("port",),
                "DbiResourceId": ("resource_id",),
            },
            name_attr="identifier",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "instance_class": ("scalar", ("DBInstanceClass",)),
                    "backup_retention_period": ("scalar", ("BackupRetentionPeriod",)),
                    "multi_az": ("scalar", ("MultiAZ",)),
                    "deletion_protection": ("scalar", ("DeletionProtection",)),
                    "publicly_accessible": ("scalar", ("PubliclyAccessible",)),
                    "engine_version": ("scalar", ("EngineVersion",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "rds",
            "Instance",
            TYPE,
            external_name=_xp_external_name,
            refs={
                "dbSubnetGroupName": ("SubnetGroup", ("name",)),
                "parameterGroupName": ("ParameterGroup", ("name",)),
                "vpcSecurityGroupIds": ("SecurityGroup", ("id",)),
                "kmsKeyId": ("Key", ("arn",)),
            },
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "instance_class": ("scalar", ("instanceClass",)),
                "allocated_storage": ("scalar", ("allocatedStorage",)),
                "backup_retention_period": ("scalar", ("backupRetentionPeriod",)),
                "multi_az": ("scalar", ("multiAz",)),
                "deletion_protection": ("scalar", ("deletionProtection",)),
                "publicly_accessible": ("scalar", ("publiclyAccessible",)),
                "engine_version": ("scalar", ("engineVersion",)),
            },
            import_refuse={"username": "the master password must be declared by a human"},
        ),
    ),
    ack=(
        AckKind(
            "rds",
            "DBInstance",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "instance_class": ("scalar", ("dbInstanceClass",)),
                    "allocated_storage": ("scalar", ("allocatedStorage",)),
                    "backup_retention_period": ("scalar", ("backupRetentionPeriod",)),
                    "multi_az": ("scalar", ("multiAZ",)),
                    "deletion_protection": ("scalar", ("deletionProtection",)),
                    "publicly_accessible": ("scalar", ("publiclyAccessible",)),
                    "engine_version": ("scalar", ("engineVersion",)),
                }
            },
        ),
    ),
)
