"""aws_athena_workgroup: an Athena workgroup: its description, whether it is enabled, and
its configuration (where query results go and how they are encrypted, whether the
workgroup's settings override a client's, CloudWatch metrics, requester pays, the
per-query scan limit, the engine version, the execution role).

Live: ListWorkGroups pages, plus GetWorkGroup per workgroup (its configuration is read by
no list call). The `primary` workgroup is AWS's own (every account has it): never
unmanaged, never deleted. Terraform's defaults are declared when unset: state `ENABLED`,
no description; in a declared configuration, settings enforced, metrics published,
requester pays off, engine version `AUTO`. A configuration left out of the declaration is
not compared (Terraform reads it back whatever AWS holds). The results bucket's ACL and
the tags are not compared yet: no Athena call gives a workgroup's ARN, which the tag
calls take, and the scan does not know the account to build it. UpdateWorkGroup puts
back the description, state and configuration; the name is fixed ("replace needed").
moto has no UpdateWorkGroup: the tests emulate it (tests/tf/moto_gaps.py).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_bool, as_int, keep, reader, xp_same_name
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

TYPE = "aws_athena_workgroup"
SERVICE = "athena"
SETTINGS = frozenset({"description", "state", "configuration"})
COMPARED = SETTINGS | {"name"}
GONE = frozenset({"InvalidRequestException"})
PRIMARY = "primary"
# the configuration's attributes -> AWS's fields (engine version and results apart)
CONFIG = {
    "bytes_scanned_cutoff_per_query": "BytesScannedCutoffPerQuery",
    "enforce_workgroup_configuration": "EnforceWorkGroupConfiguration",
    "publish_cloudwatch_metrics_enabled": "PublishCloudWatchMetricsEnabled",
    "requester_pays_enabled": "RequesterPaysEnabled",
    "execution_role": "ExecutionRole",
}
BOOLS = {
    "enforce_workgroup_configuration": True,
    "publish_cloudwatch_metrics_enabled": True,
    "requester_pays_enabled": False,
}


def _results(found: Any) -> dict[str, Any] | None:
    if not isinstance(found, dict) or not found:
        return None
    encryption = found.get("EncryptionConfiguration")
    return {
        "output_location": found.get("OutputLocation"),
        "expected_bucket_owner": found.get("ExpectedBucketOwner"),
        "encryption_configuration": (
            {
                "encryption_option": encryption.get("EncryptionOption"),
                "kms_key_arn": encryption.get("KmsKey"),
            }
            if isinstance(encryption, dict) and encryption
            else None
        ),
    }


def _config(found: Any) -> dict[str, Any] | None:
    if not isinstance(found, dict):
        return None
    config = {name: found.get(key) for name, key in CONFIG.items()}
    engine = found.get("EngineVersion")
    selected = engine.get("SelectedEngineVersion") if isinstance(engine, dict) else None
    config["engine_version"] = {"selected_engine_version": selected}
    config["result_configuration"] = _results(found.get("ResultConfiguration"))
    return config


def build(item: Item, details: Details, region: str) -> list[Resource]:
    group = (details.get("group") or {}).get("WorkGroup") or {}
    attrs: dict[str, Any] = {
        "name": item["Name"],
        "description": item.get("Description") or "",
        "state": item.get("State"),
        "configuration": _config(group.get("Configuration")),
    }
    return [Resource(TYPE, item["Name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="athena_workgroups",
    service=SERVICE,
    listing=ListCall("list_work_groups", "WorkGroups"),
    details=(DetailCall("group", "get_work_group", lambda i: {"WorkGroup": i["Name"]}, GONE),),
    build=build,
)


# --- normalize ------------------------------------------------------------------------------


def _canonical_config(found: Any) -> dict[str, Any]:
    block = first_block(found)
    out: dict[str, Any] = {name: block.get(name) for name in CONFIG}
    for name, default in BOOLS.items():
        out[name] = default if out[name] is None else as_bool(out[name])
    out["bytes_scanned_cutoff_per_query"] = as_int(out["bytes_scanned_cutoff_per_query"])
    out["execution_role"] = out["execution_role"] or None
    engine = first_block(block.get("engine_version"))
    out["engine_version"] = {
        "selected_engine_version": engine.get("selected_engine_version") or "AUTO"
    }
    results = first_block(block.get("result_configuration"))
    encryption = first_block(results.get("encryption_configuration"))
    out["result_configuration"] = (
        {
            "output_location": results.get("output_location") or None,
            "expected_bucket_owner": results.get("expected_bucket_owner") or None,
            "encryption_configuration": (
                {
                    "encryption_option": encryption.get("encryption_option") or None,
                    "kms_key_arn": encryption.get("kms_key_arn") or None,
                }
                if encryption
                else None
            ),
        }
        if results
        else None
    )
    return out


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The configuration whole, Terraform's defaults filled in; no description as ""."""
    out = dict(attrs)
    if "description" in out and out["description"] is None:
        out["description"] = ""
    if out.get("configuration") is not None:
        out["configuration"] = _canonical_config(out["configuration"])
    return out


def _is_aws_default(r: Resource) -> bool:
    """The `primary` workgroup every account has."""
    return r.attrs.get("name") == PRIMARY


def _declared_id(attrs: dict[str, Any]) -> Any:
    name = attrs.get("name")
    return name if isinstance(name, str) else None


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn_config(found: Any) -> dict[str, Any] | None:
    """WorkGroupConfiguration: AWS's fields, the KMS key as KmsKey."""
    return _config(found) if isinstance(found, dict) else None


def _cfn(d: Declaring) -> None:
    """AWS::Athena::WorkGroup."""
    p = d.props
    d.emit(
        TYPE,
        {
            "name": p.get("Name"),
            "description": p.get("Description"),
            "state": p.get("State") or "ENABLED",
            "configuration": _cfn_config(p.get("WorkGroupConfiguration")),
        },
    )


# --- revert ---------------------------------------------------------------------------------


def _config_updates(config: Any) -> dict[str, Any]:
    c = _canonical_config(config)
    out: dict[str, Any] = {
        "EnforceWorkGroupConfiguration": c["enforce_workgroup_configuration"],
        "PublishCloudWatchMetricsEnabled": c["publish_cloudwatch_metrics_enabled"],
        "RequesterPaysEnabled": c["requester_pays_enabled"],
        "EngineVersion": {"SelectedEngineVersion": c["engine_version"]["selected_engine_version"]},
    }
    if c["bytes_scanned_cutoff_per_query"] is None:
        out["RemoveBytesScannedCutoffPerQuery"] = True
    else:
        out["BytesScannedCutoffPerQuery"] = c["bytes_scanned_cutoff_per_query"]
    if c["execution_role"]:
        out["ExecutionRole"] = c["execution_role"]
    results = c["result_configuration"] or {}
    updates: dict[str, Any] = {}
    for name, key in (("output_location", "OutputLocation"),
                      ("expected_bucket_owner", "ExpectedBucketOwner")):  # fmt: skip
        if results.get(name):
            updates[key] = results[name]
        else:
            updates[f"Remove{key}"] = True
    encryption = results.get("encryption_configuration")
    if encryption and encryption.get("encryption_option"):
        updates["EncryptionConfiguration"] = {"EncryptionOption": encryption["encryption_option"]}
        if encryption.get("kms_key_arn"):
            updates["EncryptionConfiguration"]["KmsKey"] = encryption["kms_key_arn"]
    else:
        updates["RemoveEncryptionConfiguration"] = True
    out["ResultConfigurationUpdates"] = updates
    return out


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"WorkGroup": ctx.id}
    if "description" in after:
        params["Description"] = after.get("description") or ""
    if after.get("state"):
        params["State"] = after["state"]
    if after.get("configuration") is not None:
        params["ConfigurationUpdates"] = _config_updates(after["configuration"])
    return [ctx.call(SERVICE, "update_work_group", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Name": desired["name"]}
    if desired.get("description"):
        params["Description"] = desired["description"]
    if desired.get("configuration") is not None:
        c = _canonical_config(desired["configuration"])
        config: dict[str, Any] = {
            key: c[name] for name, key in CONFIG.items() if c[name] is not None
        }
        config["EngineVersion"] = {
            "SelectedEngineVersion": c["engine_version"]["selected_engine_version"]
        }
        updates = _config_updates(desired["configuration"])["ResultConfigurationUpdates"]
        results = {k: v for k, v in updates.items() if not k.startswith("Remove")}
        if results:
            config["ResultConfiguration"] = results
        params["Configuration"] = config
    calls = [ctx.call(SERVICE, "create_work_group", **params)]
    if desired.get("state") == "DISABLED":
        calls.append(
            ctx.call(SERVICE, "update_work_group", WorkGroup=desired["name"], State="DISABLED")
        )
    return calls


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_work_group", WorkGroup=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    return "the primary workgroup is AWS's own" if ctx.id == PRIMARY else None


def _read_item(answer: Any) -> Item | None:
    group = (answer or {}).get("WorkGroup")
    if not group:
        return None
    return {"Name": group["Name"], "State": group.get("State"),
            "Description": group.get("Description")}  # fmt: skip


_read = reader(SCAN, SERVICE, "get_work_group", lambda rid: {"WorkGroup": rid}, _read_item, GONE)

EMITS = (TYPE,)

EVENTS = Events(
    source="athena.amazonaws.com",
    service=SERVICE,
    create=("CreateWorkGroup",),
    change=("UpdateWorkGroup",),
    delete=("DeleteWorkGroup",),
    ids=("requestParameters.name", "requestParameters.workGroup"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("name",),),
            declared_id=_declared_id,
            declared_defaults={"description": "", "state": "ENABLED"},
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            shape={
                "configuration": "single",
                "configuration.engine_version": "single",
                "configuration.result_configuration": "single",
                "configuration.result_configuration.encryption_configuration": "single",
            },
            id_doc="workgroup name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(sorted(SETTINGS)), _update),),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name",)),
            delete=Delete(_delete, refuse=_refuse),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Athena::WorkGroup",
            _cfn,
            emits=EMITS,
            ref=("name",),
            name_attr="name",
            properties={
                TYPE: {
                    "description": ("scalar", ("Description",)),
                    "state": ("scalar", ("State",)),
                }
            },
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "Workgroup",
            TYPE,
            external_name=xp_same_name("name"),
            tagged=True,
            fields={
                "description": ("scalar", ("description",)),
                "state": ("scalar", ("state",)),
            },
            importable=True,
        ),
    ),
)
