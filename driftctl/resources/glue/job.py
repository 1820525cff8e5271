"""aws_glue_job: a Glue ETL job: the role it runs as, its command (kind and script), its
arguments, connections, retries, timeout, Glue version, workers, concurrency and
security configuration.

Live: GetJobs pages (every job whole), nothing per job. AWS makes no jobs of its own.
Terraform's defaults are declared when unset: no description, arguments, connections or
security configuration, no retries, one concurrent run, command `glueetl`; the timeout,
Glue version and workers are compared where declared (AWS picks them otherwise). The
command's Python version and runtime, the log URI, notifications, execution class,
source control and the tags are not compared yet (Glue's GetTags takes the job's ARN,
which no Glue call gives and the scan cannot build). UpdateJob puts the job back whole
(AWS resets what an update leaves out: what is not compared is sent as read); a job
cannot be renamed ("replace needed"). moto has no UpdateJob: the tests emulate it
(tests/tf/moto_gaps.py).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_int, keep, reader, xp_same_name
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec, first_block
from driftctl.core.model import Resource

TYPE = "aws_glue_job"
SERVICE = "glue"
GONE = frozenset({"EntityNotFoundException"})
# scalar attributes -> the job's fields
FIELDS = {
    "role_arn": "Role",
    "description": "Description",
    "max_retries": "MaxRetries",
    "timeout": "Timeout",
    "glue_version": "GlueVersion",
    "worker_type": "WorkerType",
    "number_of_workers": "NumberOfWorkers",
    "security_configuration": "SecurityConfiguration",
}
MAPS = {"default_arguments": "DefaultArguments",
        "non_overridable_arguments": "NonOverridableArguments"}  # fmt: skip
SETTINGS = frozenset({*FIELDS, *MAPS, "command", "connections", "execution_property"})
COMPARED = SETTINGS | {"name"}
# the job's fields not compared, sent back as read by UpdateJob (which resets what it lacks)
KEPT = ("LogUri", "NotificationProperty", "ExecutionClass", "SourceControlDetails")
DEFAULTS = {
    "description": "",
    "default_arguments": {},
    "non_overridable_arguments": {},
    "connections": [],
    "max_retries": 0,
    "security_configuration": "",
    "execution_property": {"max_concurrent_runs": 1},
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    command = item.get("Command") or {}
    attrs: dict[str, Any] = {name: item.get(key) for name, key in FIELDS.items()}
    attrs.update({name: dict(item.get(key) or {}) for name, key in MAPS.items()})
    attrs.update(
        {
            "name": item["Name"],
            "command": {
                "name": command.get("Name"),
                "script_location": command.get("ScriptLocation"),
            },
            "connections": list((item.get("Connections") or {}).get("Connections") or ()),
            "execution_property": {
                "max_concurrent_runs": (item.get("ExecutionProperty") or {}).get(
                    "MaxConcurrentRuns"
                )
            },
            "kept": {key: item[key] for key in KEPT if item.get(key) is not None},
            "python_version": command.get("PythonVersion"),
        }
    )
    return [Resource(TYPE, item["Name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="glue_jobs",
    service=SERVICE,
    listing=ListCall("get_jobs", "Jobs", page_size=1000),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Text left empty as ""; numbers as numbers (no retries as 0); the maps as maps
    (Crossplane's as blocks); the command as its kind (`glueetl` unset) and script; one
    concurrent run unset."""
    out = dict(attrs)
    for name in ("description", "security_configuration"):
        if name in out and out[name] is None:
            out[name] = ""
    if "max_retries" in out and out["max_retries"] is None:
        out["max_retries"] = 0  # AWS's, where a job has none
    for name in ("max_retries", "timeout", "number_of_workers"):
        if out.get(name) is not None:
            out[name] = as_int(out[name])
    for name in MAPS:
        if name in out:
            out[name] = {k: str(v) for k, v in first_block(out[name]).items()}
    if "connections" in out:
        out["connections"] = sorted(str(c) for c in out["connections"] or ())
    if out.get("command") is not None:
        block = first_block(out["command"])
        out["command"] = {
            "name": block.get("name") or "glueetl",
            "script_location": block.get("script_location"),
        }
    if "execution_property" in out:
        block = first_block(out["execution_property"])
        out["execution_property"] = {
            "max_concurrent_runs": as_int(block.get("max_concurrent_runs"), 1)
        }
    return out


def _declared_id(attrs: dict[str, Any]) -> Any:
    name = attrs.get("name")
    return name if isinstance(name, str) else None


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::Glue::Job: its fields are the API's, the role as Role."""
    p = d.props
    attrs: dict[str, Any] = {name: p.get(key) for name, key in FIELDS.items()}
    attrs.update({name: p.get(key) or {} for name, key in MAPS.items()})
    command: dict[str, Any] = p["Command"] if isinstance(p.get("Command"), dict) else {}
    connections: dict[str, Any] = p["Connections"] if isinstance(p.get("Connections"), dict) else {}
    concurrency = p.get("ExecutionProperty")
    attrs.update(
        {
            "name": p.get("Name"),
            "command": {
                "name": command.get("Name"),
                "script_location": command.get("ScriptLocation"),
            },
            "connections": list(connections.get("Connections") or ()),
            "execution_property": {
                "max_concurrent_runs": concurrency.get("MaxConcurrentRuns")
                if isinstance(concurrency, dict)
                else None
            },
        }
    )
    d.emit(TYPE, attrs)


# --- revert ---------------------------------------------------------------------------------


def _job(desired: Attrs, kept: Attrs) -> dict[str, Any]:
    job = _normalize(desired)
    out: dict[str, Any] = {
        key: job[name] for name, key in FIELDS.items() if job.get(name) not in (None, "")
    }
    out.update({key: job[name] for name, key in MAPS.items() if job.get(name)})
    command = job.get("command") or {}
    out["Command"] = {"Name": command.get("name"), "ScriptLocation": command.get("script_location")}
    if kept.get("python_version"):
        out["Command"]["PythonVersion"] = kept["python_version"]
    if job.get("connections"):
        out["Connections"] = {"Connections": job["connections"]}
    concurrency = (job.get("execution_property") or {}).get("max_concurrent_runs")
    out["ExecutionProperty"] = {"MaxConcurrentRuns": concurrency or 1}
    out.update(kept.get("kept") or {})
    return out


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [ctx.call(SERVICE, "update_job", JobName=ctx.id, JobUpdate=_job(after, before))]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    return [ctx.call(SERVICE, "create_job", Name=desired["name"], **_job(desired, {}))]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_job", JobName=ctx.id)]


_read = reader(
    SCAN,
    SERVICE,
    "get_job",
    lambda rid: {"JobName": rid},
    lambda answer: (answer or {}).get("Job"),
    GONE,
)

EMITS = (TYPE,)

EVENTS = Events(
    source="glue.amazonaws.com",
    service=SERVICE,
    create=("CreateJob",),
    change=("UpdateJob",),
    delete=("DeleteJob",),
    ids=("requestParameters.name", "requestParameters.jobName", "responseElements.name"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset(MAPS),
            sets=frozenset({"connections"}),
            natural_keys=(("name",),),
            declared_id=_declared_id,
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            shape={"command": "single", "execution_property": "single"},
            computed=frozenset({"glue_version", "timeout", "worker_type", "number_of_workers"}),
            id_doc="job name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(sorted(SETTINGS)), _update),),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "role_arn", "command")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Glue::Job",
            _cfn,
            emits=EMITS,
            ref=("name",),
            name_attr="name",
            properties={
                TYPE: {
                    "description": ("scalar", ("Description",)),
                    "max_retries": ("scalar", ("MaxRetries",)),
                    "default_arguments": ("map", ("DefaultArguments",)),
                }
            },
        ),
    ),
    crossplane=(
        CrossplaneKind(
            SERVICE,
            "Job",
            TYPE,
            external_name=xp_same_name("name"),
            refs={"roleArn": ("Role", ("arn",))},
            tagged=True,
            fields={
                "description": ("scalar", ("description",)),
                "default_arguments": ("map", ("defaultArguments",)),
            },
        ),
    ),
)
