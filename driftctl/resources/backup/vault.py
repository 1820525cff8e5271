"""aws_backup_vault: an AWS Backup vault: its name, the KMS key its recovery points are
encrypted with, and its tags.

Live: ListBackupVaults pages (backup vaults only: logically air-gapped vaults are another
Terraform type), plus ListTags per vault (no list call carries the tags). The vault AWS
Backup makes itself (`Default`) and those other services make (names starting `aws/`, as
EFS's automatic backups' `aws/efs/automatic-backup-vault`) are AWS's own: never unmanaged.
The key is AWS Backup's own key when Terraform leaves it unset (then not compared). Tags
are put back with TagResource and UntagResource; the name and the key are fixed at
creation ("replace needed"). A vault holds recovery points: a revert never deletes one
(only `--delete-data`). Its access policy, lock and notifications are other Terraform
types, not compared yet.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import (
    REPLACE,
    keep,
    map_cfn_identity,
    map_tags,
    reader,
    xp_same_name,
)
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource
from driftctl.resources.backup.common import GONE, SERVICE, tag_calls, tags_detail

TYPE = "aws_backup_vault"
COMPARED = frozenset({"name", "kms_key_arn", "tags"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("VaultType", "BACKUP_VAULT") != "BACKUP_VAULT":
        return []
    tags = (details.get("tags") or {}).get("Tags")
    attrs: dict[str, Any] = {
        "name": item["BackupVaultName"],
        "kms_key_arn": item.get("EncryptionKeyArn"),
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
        "arn": item.get("BackupVaultArn"),
        "recovery_points": item.get("NumberOfRecoveryPoints"),
    }
    return [Resource(TYPE, item["BackupVaultName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="backup_vaults",
    service=SERVICE,
    listing=ListCall("list_backup_vaults", "BackupVaultList", page_size=1000),
    details=(tags_detail("BackupVaultArn"),),
    build=build,
    tags_detail="tags",
)


def _is_aws_default(r: Resource) -> bool:
    """AWS Backup's `Default` vault and the `aws/…` vaults other services make."""
    return _aws_own(r.attrs.get("name"))


def _aws_own(name: Any) -> bool:
    return isinstance(name, str) and (name == "Default" or name.startswith("aws/"))


def _declared_id(attrs: dict[str, Any]) -> Any:
    name = attrs.get("name")
    return name if isinstance(name, str) else None


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::Backup::BackupVault; its BackupVaultTags are a map."""
    p = d.props
    tags = p.get("BackupVaultTags")
    d.emit(
        TYPE,
        {
            "name": p.get("BackupVaultName"),
            "kms_key_arn": p.get("EncryptionKeyArn"),
            "tags": dict(tags) if isinstance(tags, dict) else {},
        },
    )


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "BackupVaultName": a.get("name"),
        "EncryptionKeyArn": a.get("kms_key_arn"),
        "BackupVaultTags": dict(a.get("tags") or {}) or None,
    }


# --- revert ---------------------------------------------------------------------------------


_TAGS = tag_calls("backup-vault")


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"BackupVaultName": desired["name"]}
    if desired.get("kms_key_arn"):
        params["EncryptionKeyArn"] = desired["kms_key_arn"]
    if desired.get("tags"):
        params["BackupVaultTags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    return [ctx.call(SERVICE, "create_backup_vault", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_backup_vault", BackupVaultName=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    if _aws_own(live.get("name")):
        return "AWS made this vault: it is AWS's own"
    return None


_read = reader(
    SCAN,
    SERVICE,
    "describe_backup_vault",
    lambda rid: {"BackupVaultName": rid},
    lambda answer: {k: v for k, v in (answer or {}).items() if k != "ResponseMetadata"} or None,
    GONE,
)

EMITS = (TYPE,)

EVENTS = Events(
    source="backup.amazonaws.com",
    service=SERVICE,
    create=("CreateBackupVault",),
    change=("TagResource", "UntagResource"),
    delete=("DeleteBackupVault",),
    ids=("requestParameters.backupVaultName", "responseElements.backupVaultName"),
    touches={"TagResource": frozenset({"tags"}), "UntagResource": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(("name",),),
            declared_id=_declared_id,
            declared_defaults={"tags": {}},
            is_aws_default=_is_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "kms_key_arn"}),
            id_doc="vault name",
            holds_data=True,
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("tags",), _TAGS),),
            fixed={"name": REPLACE, "kms_key_arn": REPLACE},
            create=Create(_create, dict, _new_id, ("name",)),
            delete=Delete(_delete, refuse=_refuse),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Backup::BackupVault",
            _cfn,
            emits=EMITS,
            ref=("name",),
            getatt={"BackupVaultName": ("name",), "BackupVaultArn": ("arn",)},
            name_attr="name",
            properties={TYPE: {"tags": ("map", ("BackupVaultTags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "Vault",
            TYPE,
            external_name=xp_same_name("name"),
            refs={"kmsKeyArn": ("Key", ("arn",))},
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
)
