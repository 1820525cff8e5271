"""aws_ecs_task_definition: a task definition family's latest ACTIVE revision: its container
definitions, task size, network mode, launch types, roles and tags.

Live: ListTaskDefinitionFamilies (status ACTIVE, 100 a page), then per family
DescribeTaskDefinition by the family name (the latest ACTIVE revision) with include=[TAGS].
Terraform's id is the family. Terraform reads the revision it registered, unless
`track_latest = true`: driftctl always reads the latest ACTIVE revision, so a revision
registered out of band is drift here (and in terraform only with `track_latest`).

`container_definitions` is compared as a JSON document in the provider's own equivalence
(containerDefinitionsAreEquivalent): containers and their environment and secrets sorted by
name; `essential` true, a health check's interval 30 / retries 3 / timeout 5, protocol
"tcp" and cpu 0 are AWS's defaults; a host port 0 is none, and in awsvpc mode a missing
host port is the container port; empty lists and nulls are left out.

A task definition revision is immutable: a revert of anything but tags registers a NEW
revision with the declared values (what `terraform apply` does), keeping the live
revision's settings driftctl does not compare (volumes, placement constraints, proxy,
runtime platform, ephemeral storage, IPC/PID modes). Tags are put back on the latest
revision. Deleting an unmanaged family deregisters its latest revision (older ACTIVE
revisions then show as the family's latest).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import json_document, keep
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, same
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
)
from driftctl.core.model import Resource, is_known
from driftctl.resources.ecs.common import SERVICE, TAGS, ecs_tags, live_tags

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_ecs_task_definition"
GONE = frozenset({"ClientException"})
# Terraform attribute -> RegisterTaskDefinition / DescribeTaskDefinition field
FIELDS = {
    "cpu": "cpu",
    "memory": "memory",
    "network_mode": "networkMode",
    "execution_role_arn": "executionRoleArn",
    "task_role_arn": "taskRoleArn",
    "requires_compatibilities": "requiresCompatibilities",
}
REGISTERED = ("container_definitions", *FIELDS)
COMPARED = frozenset({"family", *REGISTERED, "tags"})
# the live revision's fields a new revision keeps (driftctl does not compare them)
KEPT = (
    "volumes",
    "placementConstraints",
    "proxyConfiguration",
    "inferenceAccelerators",
    "ephemeralStorage",
    "runtimePlatform",
    "ipcMode",
    "pidMode",
    "enableFaultInjection",
)
# a container health check's defaults
HEALTH_DEFAULTS = {"interval": 30, "retries": 3, "timeout": 5}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    answer = details.get("definition") or {}
    found = answer.get("taskDefinition")
    if not found or found.get("status") != "ACTIVE":
        return []  # deregistered between the listing and the read
    tags, identity = live_tags(answer.get("tags"))
    attrs: dict[str, Any] = {
        "family": found["family"],
        # as Terraform holds it: JSON text (normalize parses it)
        "container_definitions": json.dumps(found.get("containerDefinitions") or []),
        **{attr: found.get(field) for attr, field in FIELDS.items()},
        "tags": tags,
        **identity,
        "arn": found.get("taskDefinitionArn"),
        "revision": found.get("revision"),
        "kept_settings": {k: found[k] for k in KEPT if found.get(k) not in (None, [], {})},
    }
    return [Resource(TYPE, found["family"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ecs_task_definitions",
    service=SERVICE,
    listing=ListCall(
        "list_task_definition_families",
        "families",
        params={"status": "ACTIVE"},
        page_size=100,
        item_key="family",
    ),
    details=(
        DetailCall(
            "definition",
            "describe_task_definition",
            lambda i: {"taskDefinition": i["family"], "include": ["TAGS"]},
            GONE,
        ),
    ),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    item = {"family": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


# --- both sides -------------------------------------------------------------------------------


def _by_name(items: Any) -> Any:
    if isinstance(items, list) and all(isinstance(i, dict) for i in items):
        return sorted(items, key=lambda i: str(i.get("name", "")))
    return items


def _port_mapping(mapping: Any, awsvpc: bool) -> Any:
    if not isinstance(mapping, dict):
        return mapping
    out = {k: v for k, v in mapping.items() if v is not None}
    if out.get("protocol") == "tcp":
        del out["protocol"]
    if out.get("hostPort") == 0:
        del out["hostPort"]
    if awsvpc and "hostPort" not in out and "containerPort" in out:
        out["hostPort"] = out["containerPort"]
    return out


def _container(container: Any, awsvpc: bool) -> Any:
    if not isinstance(container, dict):
        return container
    out = {k: v for k, v in container.items() if v not in (None, [], {})}
    out.setdefault("essential", True)
    if out.get("cpu") == 0:
        del out["cpu"]
    if isinstance(out.get("healthCheck"), dict):
        out["healthCheck"] = {**HEALTH_DEFAULTS, **out["healthCheck"]}
    for key in ("environment", "secrets"):
        if key in out:
            out[key] = _by_name(out[key])
    if isinstance(out.get("portMappings"), list):
        out["portMappings"] = [_port_mapping(m, awsvpc) for m in out["portMappings"]]
    return out


def containers(value: Any, network_mode: Any) -> Any:
    """Container definitions in the provider's equivalence (see the module's docstring)."""
    value = json_document(value)
    if not isinstance(value, list):
        return value
    awsvpc = network_mode == "awsvpc"
    return _by_name([_container(c, awsvpc) for c in value])


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "container_definitions" in out:
        out["container_definitions"] = containers(
            out["container_definitions"], out.get("network_mode")
        )
    for attr in ("cpu", "memory"):  # strings in Terraform and the API; numbers in CFN
        value = out.get(attr)
        if isinstance(value, int) and not isinstance(value, bool):
            out[attr] = str(value)
    return out


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------

# CloudFormation keys whose values are the user's own maps (their keys are not fields)
_USER_MAPS = frozenset({"DockerLabels", "Options", "DriverOpts", "Labels"})


def _camel(value: Any) -> Any:
    """CloudFormation's PascalCase container definitions in the API's camelCase."""
    if isinstance(value, list):
        return [_camel(v) for v in value]
    if not isinstance(value, dict):
        return value
    return {
        (k[:1].lower() + k[1:] if isinstance(k, str) else k): (v if k in _USER_MAPS else _camel(v))
        for k, v in value.items()
    }


def _cfn(d: Declaring) -> None:
    """AWS::ECS::TaskDefinition: the family, its containers and task settings."""
    p = d.props
    attrs = {
        "family": p.get("Family"),
        "container_definitions": _camel(p.get("ContainerDefinitions")),
        "cpu": p.get("Cpu"),
        "memory": p.get("Memory"),
        "network_mode": p.get("NetworkMode"),
        "requires_compatibilities": p.get("RequiresCompatibilities"),
        "execution_role_arn": p.get("ExecutionRoleArn"),
        "task_role_arn": p.get("TaskRoleArn"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Family": a.get("family"),
        "Cpu": a.get("cpu"),
        "Memory": a.get("memory"),
        "Tags": cfn_tags(a),
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "family": s.get("family") or c.name(),
        "container_definitions": s.get("containerDefinitions"),
        "cpu": s.get("cpu"),
        "memory": s.get("memory"),
        "network_mode": s.get("networkMode"),
        "requires_compatibilities": s.get("requiresCompatibilities"),
        "execution_role_arn": s.get("executionRoleARN"),
        "task_role_arn": s.get("taskRoleARN"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _registration(family: str, desired: Attrs, kept: Attrs | None) -> dict[str, Any]:
    params: dict[str, Any] = {**(kept or {}), "family": family}
    params["containerDefinitions"] = json_document(desired.get("container_definitions")) or []
    for attr, field in FIELDS.items():
        value = desired.get(attr)
        if value not in (None, [], ""):
            params[field] = sorted(value) if isinstance(value, list) else value
        else:
            params.pop(field, None)
    if desired.get("tags"):
        params["tags"] = ecs_tags(desired["tags"])
    return params


def _register(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """A new revision: task definitions are immutable (Terraform does the same)."""
    merged = {**before, **{k: after[k] for k in REGISTERED if k in after}}
    merged["tags"] = after.get("tags", before.get("tags"))
    params = _registration(str(ctx.id), merged, before.get("kept_settings"))
    return [ctx.call(SERVICE, "register_task_definition", **params)]


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    if any(k in after and not same(before.get(k), after[k]) for k in REGISTERED):
        return []  # the new revision carries the declared tags
    return TAGS(ctx, before, after)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = _registration(str(desired["family"]), desired, None)
    return [ctx.call(SERVICE, "register_task_definition", **params)]


def _family(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["family"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """Deregisters the latest ACTIVE revision (the one read)."""
    arn = live.get("arn") or str(ctx.id)
    return [ctx.call(SERVICE, "deregister_task_definition", taskDefinition=arn)]


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The family is a parameter; the external name (a revision's ARN) is not the id."""
    if external and not is_known(attrs.get("family")):
        attrs["family"] = external.rsplit("/", 1)[-1].split(":", 1)[0]
    return None


EVENTS = Events(
    source="ecs.amazonaws.com",
    service="ecs",
    create=("RegisterTaskDefinition",),
    change=(
        "RegisterTaskDefinition",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeregisterTaskDefinition",),
    ids=(
        "requestParameters.family",
        "responseElements.taskDefinition.family",
    ),
    touches={
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
            exact=frozenset({"tags", "container_definitions"}),
            sets=frozenset({"requires_compatibilities"}),
            natural_keys=(CFN_KEY, ("family",)),
            declared_id=lambda a: a.get("family") if isinstance(a.get("family"), str) else None,
            declared_defaults={"tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            documents=frozenset({"container_definitions"}),
            computed=frozenset({"arn", "revision"}),
            id_doc="family",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(REGISTERED, _register), Updater(("tags",), _tags)),
            fixed={"family": "a family is its name: register the declared one by hand"},
            create=Create(_create, dict, _family, ("family", "container_definitions")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ECS::TaskDefinition",
            _cfn,
            emits=(TYPE,),
            ref=("arn",),
            getatt={"TaskDefinitionArn": ("arn",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "cpu": ("scalar", ("Cpu",)),
                    "memory": ("scalar", ("Memory",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ecs",
            "TaskDefinition",
            TYPE,
            external_name=_xp_external_name,
            refs={
                "executionRoleArn": ("Role", ("arn",)),
                "taskRoleArn": ("Role", ("arn",)),
            },
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "cpu": ("scalar", ("cpu",)),
                "memory": ("scalar", ("memory",)),
            },
        ),
    ),
    ack=(
        AckKind(
            "ecs",
            "TaskDefinition",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
