"""aws_backup_plan: an AWS Backup plan: its name, its rules (when, into which vault, how
long recovery points are kept, where they are copied) and advanced settings, and its tags.

Live: ListBackupPlans pages, plus GetBackupPlan per plan (its rules are read by no list
call) and ListTags per plan. A plan an AWS Organizations backup policy made (its id
starts `orgs/`) is the organization's, not the account's: never unmanaged, never
deleted. Rules and advanced settings are sets (a plan's rule names and settings' resource
types are unique: compared in their order). Terraform's defaults for a rule's unset
windows (start 60, completion 180 minutes), time zone (`Etc/UTC`), continuous backup
(off) and tags (none) are declared when unset; a rule's lifecycle left out is none, its
unset day counts 0. CloudFormation's unset windows are AWS's defaults (480 and 10080
minutes). UpdateBackupPlan puts back the rules and advanced settings whole, TagResource
and UntagResource the tags; the name is fixed at creation ("replace needed").
moto has no UpdateBackupPlan: the tests emulate it (tests/tf/moto_gaps.py).
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import (
    REPLACE,
    as_bool,
    as_int,
    keep,
    map_cfn_identity,
    map_tags,
    new_id,
    pending,
    reader,
    xp_prefixed,
)
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    first_block,
)
from driftctl.core.model import Resource
from driftctl.resources.backup.common import GONE, SERVICE, tag_calls, tags_detail

TYPE = "aws_backup_plan"
SETTINGS = frozenset({"rule", "advanced_backup_setting"})
COMPARED = SETTINGS | {"name", "tags"}
# a rule's attributes -> AWS's fields (a lifecycle and copy actions apart)
RULE = {
    "rule_name": "RuleName",
    "target_vault_name": "TargetBackupVaultName",
    "schedule": "ScheduleExpression",
    "schedule_expression_timezone": "ScheduleExpressionTimezone",
    "start_window": "StartWindowMinutes",
    "completion_window": "CompletionWindowMinutes",
    "enable_continuous_backup": "EnableContinuousBackup",
    "recovery_point_tags": "RecoveryPointTags",
}
LIFECYCLE = {
    "cold_storage_after": "MoveToColdStorageAfterDays",
    "delete_after": "DeleteAfterDays",
    "opt_in_to_archive_for_supported_resources": "OptInToArchiveForSupportedResources",
}
# Terraform's defaults of a rule's unset attributes
RULE_DEFAULTS = {"schedule_expression_timezone": "Etc/UTC", "start_window": 60,
                 "completion_window": 180}  # fmt: skip
# AWS's, where CloudFormation leaves them out
AWS_WINDOWS = {"start_window": 480, "completion_window": 10080}


def _lifecycle(found: Any) -> dict[str, Any] | None:
    return {n: found.get(k) for n, k in LIFECYCLE.items()} if found else None


def _rule(found: dict[str, Any]) -> dict[str, Any]:
    rule = {name: found.get(key) for name, key in RULE.items()}
    rule["lifecycle"] = _lifecycle(found.get("Lifecycle"))
    rule["copy_action"] = [
        {
            "destination_vault_arn": c.get("DestinationBackupVaultArn"),
            "lifecycle": _lifecycle(c.get("Lifecycle")),
        }
        for c in found.get("CopyActions") or ()
    ]
    return rule


def _advanced(found: Any) -> list[dict[str, Any]]:
    return [
        {"resource_type": a.get("ResourceType"), "backup_options": a.get("BackupOptions")}
        for a in found or ()
    ]


def build(item: Item, details: Details, region: str) -> list[Resource]:
    plan = (details.get("plan") or {}).get("BackupPlan") or {}
    tags = (details.get("tags") or {}).get("Tags")
    attrs: dict[str, Any] = {
        "name": plan.get("BackupPlanName") or item.get("BackupPlanName"),
        "rule": [_rule(r) for r in plan.get("Rules") or ()],
        "advanced_backup_setting": _advanced(
            plan.get("AdvancedBackupSettings") or item.get("AdvancedBackupSettings")
        ),
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
        "arn": item.get("BackupPlanArn"),
        "version": item.get("VersionId"),
    }
    return [Resource(TYPE, item["BackupPlanId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="backup_plans",
    service=SERVICE,
    listing=ListCall("list_backup_plans", "BackupPlansList", page_size=1000),
    details=(
        DetailCall("plan", "get_backup_plan", lambda i: {"BackupPlanId": i["BackupPlanId"]}, GONE),
        tags_detail("BackupPlanArn"),
    ),
    build=build,
    tags_detail="tags",
)


# --- normalize ------------------------------------------------------------------------------


def _days(found: Any) -> dict[str, Any] | None:
    block = first_block(found)
    if not block or not any(block.get(n) for n in LIFECYCLE):
        return None
    return {
        "cold_storage_after": as_int(block.get("cold_storage_after"), 0),
        "delete_after": as_int(block.get("delete_after"), 0),
        "opt_in_to_archive_for_supported_resources": as_bool(
            block.get("opt_in_to_archive_for_supported_resources")
        ),
    }


def _canonical_rule(rule: dict[str, Any]) -> dict[str, Any]:
    out = {name: rule.get(name) for name in RULE}
    for name, default in RULE_DEFAULTS.items():
        if out[name] in (None, ""):
            out[name] = default
    out["start_window"] = as_int(out["start_window"])
    out["completion_window"] = as_int(out["completion_window"])
    out["enable_continuous_backup"] = as_bool(out["enable_continuous_backup"])
    out["recovery_point_tags"] = dict(out["recovery_point_tags"] or {})
    out["lifecycle"] = _days(rule.get("lifecycle"))
    copies = [
        {
            "destination_vault_arn": c.get("destination_vault_arn"),
            "lifecycle": _days(c.get("lifecycle")),
        }
        for c in rule.get("copy_action") or ()
        if isinstance(c, dict)
    ]
    out["copy_action"] = sorted(copies, key=lambda c: json.dumps(c, sort_keys=True, default=str))
    return out


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The rules (sets: ordered by their names, unique in a plan) with Terraform's
    defaults filled in; the advanced settings ordered by resource type."""
    out = dict(attrs)
    if isinstance(out.get("rule"), list):
        rules = [_canonical_rule(r) for r in out["rule"] if isinstance(r, dict)]
        out["rule"] = sorted(rules, key=lambda r: str(r["rule_name"]))
    if "advanced_backup_setting" in out:
        out["advanced_backup_setting"] = [
            {
                "resource_type": a.get("resource_type"),
                "backup_options": dict(a.get("backup_options") or {}),
            }
            for a in out["advanced_backup_setting"] or ()
            if isinstance(a, dict)
        ]
    return out


def _is_aws_default(r: Resource) -> bool:
    """A plan an AWS Organizations backup policy made: the organization's own."""
    return str(r.id).startswith("orgs/")


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn_lifecycle(found: Any) -> dict[str, Any] | None:
    return _lifecycle(found) if isinstance(found, dict) else None


def _cfn_rule(found: dict[str, Any]) -> dict[str, Any]:
    rule = _rule({**found, "TargetBackupVaultName": found.get("TargetBackupVault")})
    for name, default in AWS_WINDOWS.items():
        if rule[name] is None:
            rule[name] = default
    rule["lifecycle"] = _cfn_lifecycle(found.get("Lifecycle"))
    return rule


def _cfn(d: Declaring) -> None:
    """AWS::Backup::BackupPlan: the plan under BackupPlan, its rules as BackupPlanRule."""
    plan = d.props.get("BackupPlan") or {}
    tags = d.props.get("BackupPlanTags")
    d.emit(
        TYPE,
        {
            "name": plan.get("BackupPlanName"),
            "rule": [_cfn_rule(r) for r in plan.get("BackupPlanRule") or () if isinstance(r, dict)],
            "advanced_backup_setting": _advanced(plan.get("AdvancedBackupSettings")),
            "tags": dict(tags) if isinstance(tags, dict) else {},
        },
    )


# --- revert ---------------------------------------------------------------------------------


def _aws_lifecycle(block: Any) -> dict[str, Any] | None:
    days = _days(block)
    if days is None:
        return None
    out = {key: days[name] for name, key in LIFECYCLE.items() if days[name]}
    return out or None


def _aws_rule(rule: dict[str, Any]) -> dict[str, Any]:
    canonical = _canonical_rule(rule)
    out: dict[str, Any] = {
        key: canonical[name] for name, key in RULE.items() if canonical[name] not in (None, {})
    }
    lifecycle = _aws_lifecycle(canonical["lifecycle"])
    if lifecycle:
        out["Lifecycle"] = lifecycle
    copies = []
    for c in canonical["copy_action"]:
        copy: dict[str, Any] = {"DestinationBackupVaultArn": c["destination_vault_arn"]}
        if _aws_lifecycle(c["lifecycle"]):
            copy["Lifecycle"] = _aws_lifecycle(c["lifecycle"])
        copies.append(copy)
    if copies:
        out["CopyActions"] = copies
    return out


def _plan(desired: Attrs, name: Any) -> dict[str, Any]:
    plan: dict[str, Any] = {
        "BackupPlanName": name,
        "Rules": [_aws_rule(r) for r in desired.get("rule") or () if isinstance(r, dict)],
    }
    advanced = _normalize({"advanced_backup_setting": desired.get("advanced_backup_setting")})
    settings = [
        {"ResourceType": a["resource_type"], "BackupOptions": a["backup_options"]}
        for a in advanced["advanced_backup_setting"]
    ]
    if settings:
        plan["AdvancedBackupSettings"] = settings
    return plan


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    name = after.get("name") or before.get("name")
    return [
        ctx.call(SERVICE, "update_backup_plan", BackupPlanId=ctx.id, BackupPlan=_plan(after, name))
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"BackupPlan": _plan(desired, desired["name"])}
    if desired.get("tags"):
        params["BackupPlanTags"] = {k: str(v) for k, v in sorted(desired["tags"].items())}
    output = {pending(ctx).name: "BackupPlanId"}
    return [ctx.producing(output, SERVICE, "create_backup_plan", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_backup_plan", BackupPlanId=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    if str(ctx.id).startswith("orgs/"):
        return "an AWS Organizations backup policy made this plan: only the policy changes it"
    return None


def _read_item(answer: Any) -> Item | None:
    if not answer or answer.get("DeletionDate"):
        return None
    return {
        "BackupPlanId": answer["BackupPlanId"],
        "BackupPlanArn": answer.get("BackupPlanArn"),
        "BackupPlanName": (answer.get("BackupPlan") or {}).get("BackupPlanName"),
        "VersionId": answer.get("VersionId"),
    }


_read = reader(
    SCAN, SERVICE, "get_backup_plan", lambda rid: {"BackupPlanId": rid}, _read_item, GONE
)

EMITS = (TYPE,)

EVENTS = Events(
    source="backup.amazonaws.com",
    service=SERVICE,
    create=("CreateBackupPlan",),
    change=("UpdateBackupPlan", "TagResource", "UntagResource"),
    delete=("DeleteBackupPlan",),
    ids=("responseElements.backupPlanId", "requestParameters.backupPlanId"),
    touches={
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
        "UpdateBackupPlan": SETTINGS,
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
            natural_keys=(("name",),),
            declared_defaults={"advanced_backup_setting": [], "tags": {}},
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            shape={
                "rule.lifecycle": "single",
                "rule.copy_action.lifecycle": "single",
            },
            computed=frozenset({"arn", "version"}),
            id_doc="plan id (a UUID)",
            after=("aws_backup_vault",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(tuple(sorted(SETTINGS)), _update),
                Updater(("tags",), tag_calls("backup-plan")),
            ),
            fixed={"name": REPLACE},
            create=Create(_create, dict, new_id, ("name", "rule")),
            delete=Delete(_delete, refuse=_refuse),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Backup::BackupPlan",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={
                "BackupPlanId": ("id",),
                "BackupPlanArn": ("arn",),
                "VersionId": ("version",),
            },
            properties={TYPE: {"tags": ("map", ("BackupPlanTags",))}},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "Plan",
            TYPE,
            external_name=xp_prefixed(),
            tagged=True,
            fields={"tags": ("map", ("tags",))},
        ),
    ),
)
