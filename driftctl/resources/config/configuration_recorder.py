"""aws_config_configuration_recorder: the AWS Config recorder of a region (one per
account and region, its name `default` unless set): the role it records with and what it
records (every supported type or a list of them, global resource types too).

Live: DescribeConfigurationRecorders, one call per region (no paging), nothing per
recorder. A service-linked recorder (one an AWS service made and owns, naming its
service principal) is AWS's own: never unmanaged. Whether it is recording is
aws_config_configuration_recorder_status, not compared here; so are the recording
group's exclusions and strategy and the recording mode (Terraform computes them when
unset). The role and the recording group are put back with PutConfigurationRecorder
(the rest of the live recorder kept); a recorder cannot be renamed ("replace needed"); a
deleted one is put again.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, reader, xp_same_name
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec, first_block
from driftctl.core.model import Resource

TYPE = "aws_config_configuration_recorder"
COMPARED = frozenset({"name", "role_arn", "recording_group"})
GONE = frozenset({"NoSuchConfigurationRecorderException"})
# the recording group's compared fields: canonical -> the API's
GROUP = {
    "all_supported": "allSupported",
    "include_global_resource_types": "includeGlobalResourceTypes",
    "resource_types": "resourceTypes",
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    group = item.get("recordingGroup")
    attrs: dict[str, Any] = {
        "name": item["name"],
        "role_arn": item.get("roleARN"),
        "recording_group": (
            {name: group.get(key) for name, key in GROUP.items()} if group else None
        ),
        "service_principal": item.get("servicePrincipal"),
    }
    return [Resource(TYPE, item["name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="config_configuration_recorders",
    service="config",
    listing=ListCall("describe_configuration_recorders", "ConfigurationRecorders", paginated=False),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The recording group as one block, Terraform's defaults filled in, its types a
    sorted list."""
    out = dict(attrs)
    if out.get("recording_group") is not None:
        block = first_block(out["recording_group"])
        all_supported = block.get("all_supported")
        out["recording_group"] = {
            "all_supported": True if all_supported is None else bool(all_supported),
            "include_global_resource_types": bool(block.get("include_global_resource_types")),
            "resource_types": sorted(block.get("resource_types") or ()),
        }
    return out


def _is_aws_default(r: Resource) -> bool:
    """A service-linked recorder: an AWS service made it and owns it."""
    return bool(r.attrs.get("service_principal"))


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    group = p.get("RecordingGroup")
    attrs: dict[str, Any] = {"name": p.get("Name"), "role_arn": p.get("RoleARN")}
    if isinstance(group, dict):
        attrs["recording_group"] = {
            "all_supported": group.get("AllSupported"),
            "include_global_resource_types": group.get("IncludeGlobalResourceTypes"),
            "resource_types": group.get("ResourceTypes"),
        }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    group = first_block(a.get("recording_group"))
    props: dict[str, Any] = {"Name": a.get("name"), "RoleARN": a.get("role_arn")}
    if group:
        props["RecordingGroup"] = {
            "AllSupported": group.get("all_supported"),
            "IncludeGlobalResourceTypes": group.get("include_global_resource_types"),
            "ResourceTypes": group.get("resource_types"),
        }
    return props


# --- revert ---------------------------------------------------------------------------------


def _recorder(ctx: Ctx, live: Attrs, desired: Attrs) -> dict[str, Any]:
    recorder: dict[str, Any] = {
        "name": desired.get("name") or ctx.id,
        "roleARN": desired.get("role_arn") or live.get("role_arn"),
    }
    group = first_block(desired.get("recording_group") or live.get("recording_group"))
    if group:
        recorder["recordingGroup"] = {
            "allSupported": bool(group.get("all_supported", True)),
            "includeGlobalResourceTypes": bool(group.get("include_global_resource_types")),
            "resourceTypes": sorted(group.get("resource_types") or ()),
        }
    return recorder


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    recorder = _recorder(ctx, before or {}, after)
    return [ctx.call("config", "put_configuration_recorder", ConfigurationRecorder=recorder)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired.get("name") or "default")


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("config", "delete_configuration_recorder", ConfigurationRecorderName=ctx.id)]


def _read(r: Any, unit: Any) -> list[Resource]:
    """One recorder, by its name."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get("ConfigurationRecorders") or ()
        return next((dict(x) for x in found if x.get("name") == unit.id), None)

    read = reader(
        SCAN,
        "config",
        "describe_configuration_recorders",
        lambda rid: {"ConfigurationRecorderNames": [rid]},
        pick,
        GONE,
    )
    return read(r, unit)


EVENTS = Events(
    source="config.amazonaws.com",
    service="config",
    create=("PutConfigurationRecorder",),
    change=("PutConfigurationRecorder",),
    delete=("DeleteConfigurationRecorder",),
    ids=(
        "requestParameters.configurationRecorder.name",
        "requestParameters.configurationRecorderName",
    ),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("name",),),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={"name": "default"},
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            shape={"recording_group": "single"},
            id_doc="recorder name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("role_arn", "recording_group"), _put),),
            fixed={"name": REPLACE},
            create=Create(lambda ctx, d: _put(ctx, {}, d), dict, _new_id, ("role_arn",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Config::ConfigurationRecorder",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            name_attr="name",
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "configservice",
            "ConfigurationRecorder",
            TYPE,
            external_name=xp_same_name("name"),
            refs={"roleArn": ("Role", ("arn",))},
            importable=True,
        ),
    ),
)
