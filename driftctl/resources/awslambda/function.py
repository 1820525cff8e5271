"""aws_lambda_function: a function's configuration (role, handler, runtime, memory,
timeout, environment, layers, tracing, VPC, dead-letter target, encryption key,
ephemeral storage), its reserved concurrency and tags. The code itself is not compared.

Live: ListFunctions pages (they carry the configuration), then ListTags and
GetFunctionConcurrency per function. Every function is the account's own. AWS defaults
(Terraform's): no description, 3 s timeout, 128 MB, no environment, no layers,
PassThrough tracing, Zip package, no reserved concurrency (-1). VPC subnets and
security groups are compared as sets. A revert changes the configuration in place; a
function's name, package type or architecture needs a replacement, and a missing
function is never re-created (its code is not in the declaration): a human decides.
Tested on moto, which stores a function's code and never runs it.
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
    as_int,
    keep,
    map_cfn_identity,
    map_tags,
    xp_same_name,
)
from driftctl.base.raw import RawResource
from driftctl.base.revert import Delete, RevertSpec, Updater, tag_delta
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
)
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_lambda_function"
GONE = frozenset({"ResourceNotFoundException"})
CONFIGURATION = (
    "role",
    "handler",
    "runtime",
    "description",
    "timeout",
    "memory_size",
    "environment",
    "tracing_config",
    "layers",
    "kms_key_arn",
    "dead_letter_config",
    "vpc_config",
    "ephemeral_storage",
)
COMPARED = frozenset(
    {
        "function_name",
        *CONFIGURATION,
        "package_type",
        "architectures",
        "reserved_concurrent_executions",
        "tags",
    }
)
DEFAULTS: dict[str, Any] = {
    "description": "",
    "timeout": 3,
    "memory_size": 128,
    "environment": [],
    "layers": [],
    "tracing_config": [{"mode": "PassThrough"}],
    "kms_key_arn": None,
    "dead_letter_config": [],
    "vpc_config": [],
    "package_type": "Zip",
    "reserved_concurrent_executions": -1,
    "tags": {},
}
CODE = "changed with the code (UpdateFunctionCode): a human decides"


def live_attrs(item: Item) -> dict[str, Any]:
    env = (item.get("Environment") or {}).get("Variables")
    vpc = item.get("VpcConfig") or {}
    dlq = (item.get("DeadLetterConfig") or {}).get("TargetArn")
    storage = (item.get("EphemeralStorage") or {}).get("Size")
    return {
        "function_name": item["FunctionName"],
        "role": item.get("Role"),
        "handler": item.get("Handler"),
        "runtime": item.get("Runtime"),
        "description": item.get("Description", ""),
        "timeout": item.get("Timeout", 3),
        "memory_size": item.get("MemorySize", 128),
        "environment": [{"variables": dict(env)}] if env else [],
        "tracing_config": [{"mode": (item.get("TracingConfig") or {}).get("Mode", "PassThrough")}],
        "layers": [layer["Arn"] for layer in item.get("Layers") or ()],
        "kms_key_arn": item.get("KMSKeyArn") or None,
        "dead_letter_config": [{"target_arn": dlq}] if dlq else [],
        "vpc_config": (
            [
                {
                    "subnet_ids": list(vpc.get("SubnetIds") or ()),
                    "security_group_ids": list(vpc.get("SecurityGroupIds") or ()),
                }
            ]
            if vpc.get("SubnetIds")
            else []
        ),
        "ephemeral_storage": [{"size": storage}] if storage else [],
        "package_type": item.get("PackageType", "Zip"),
        "architectures": list(item.get("Architectures") or ["x86_64"]),
    }


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("Tags")
    concurrency = (details.get("concurrency") or {}).get("ReservedConcurrentExecutions")
    attrs = {
        **live_attrs(item),
        "reserved_concurrent_executions": concurrency if concurrency is not None else -1,
        "tags": map_tags(tags),
        **map_cfn_identity(tags),
        "arn": item["FunctionArn"],
    }
    return [Resource(TYPE, item["FunctionName"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="lambda_functions",
    service="lambda",
    listing=ListCall("list_functions", "Functions", page_size=50),
    details=(
        DetailCall("tags", "list_tags", lambda i: {"Resource": i["FunctionArn"]}, GONE),
        DetailCall(
            "concurrency", "get_function_concurrency",
            lambda i: {"FunctionName": i["FunctionName"]}, GONE,
        ),
    ),
    build=build,
)  # fmt: skip


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    found = reader.call(
        "lambda", unit.region, "get_function_configuration", {"FunctionName": unit.id}, gone=GONE
    )
    item = {k: v for k, v in found.items() if k != "ResponseMetadata"}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


# --- normalization --------------------------------------------------------------------------


def _one(value: Any) -> Any:
    return [value] if isinstance(value, dict) else value


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for name in ("environment", "tracing_config", "dead_letter_config", "vpc_config"):
        if name in out:
            out[name] = _one(out[name])
    env = out.get("environment")
    if isinstance(env, list) and env and isinstance(env[0], dict) and not env[0].get("variables"):
        out["environment"] = []  # an empty environment block is no environment
    vpc = out.get("vpc_config")
    if isinstance(vpc, list) and vpc and isinstance(vpc[0], dict):
        block = {k: v for k, v in vpc[0].items() if k in ("subnet_ids", "security_group_ids")}
        for key in ("subnet_ids", "security_group_ids"):
            if isinstance(block.get(key), list) and all(isinstance(i, str) for i in block[key]):
                block[key] = sorted(block[key])
        out["vpc_config"] = [block] if block.get("subnet_ids") else []
    for name in ("kms_key_arn",):
        if out.get(name) == "":
            out[name] = None
    return out


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    env = (p.get("Environment") or {}).get("Variables")
    vpc = p.get("VpcConfig") or {}
    dlq = (p.get("DeadLetterConfig") or {}).get("TargetArn")
    storage = (p.get("EphemeralStorage") or {}).get("Size")
    tracing = (p.get("TracingConfig") or {}).get("Mode")
    attrs = {
        "function_name": p.get("FunctionName"),
        "role": p.get("Role"),
        "handler": p.get("Handler"),
        "runtime": p.get("Runtime"),
        "description": p.get("Description"),
        "timeout": p.get("Timeout"),
        "memory_size": p.get("MemorySize"),
        "environment": [{"variables": env}] if env else None,
        "tracing_config": [{"mode": tracing}] if tracing else None,
        "layers": p.get("Layers"),
        "kms_key_arn": p.get("KmsKeyArn"),
        "dead_letter_config": [{"target_arn": dlq}] if dlq else None,
        "vpc_config": (
            [
                {
                    "subnet_ids": vpc.get("SubnetIds"),
                    "security_group_ids": vpc.get("SecurityGroupIds"),
                }
            ]
            if vpc.get("SubnetIds")
            else None
        ),
        "ephemeral_storage": [{"size": storage}] if storage else None,
        "package_type": p.get("PackageType"),
        "architectures": p.get("Architectures"),
        "reserved_concurrent_executions": p.get("ReservedConcurrentExecutions"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    reserved = a.get("reserved_concurrent_executions")
    return {
        "FunctionName": a.get("function_name"),
        "Role": a.get("role"),
        "Handler": a.get("handler"),
        "Runtime": a.get("runtime"),
        "Description": a.get("description") or None,
        "Timeout": a.get("timeout"),
        "MemorySize": a.get("memory_size"),
        "Layers": a.get("layers") or None,
        "PackageType": a.get("package_type"),
        "Architectures": a.get("architectures"),
        "ReservedConcurrentExecutions": reserved if reserved not in (None, -1) else None,
        "Tags": cfn_tags(a),
    }


# The external name is the function's name, and its id.
_xp_external_name = xp_same_name("function_name", overwrite=True, annotated_only=True)


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    env = (s.get("environment") or {}).get("variables")
    vpc = s.get("vpcConfig") or {}
    dlq = (s.get("deadLetterConfig") or {}).get("targetARN")
    storage = (s.get("ephemeralStorage") or {}).get("size")
    tracing = (s.get("tracingConfig") or {}).get("mode")
    attrs = {
        "function_name": s.get("name") or c.name(),
        "role": c.ref(s.get("role"), s.get("roleRef"), "Role", ("arn",)),
        "handler": s.get("handler"),
        "runtime": s.get("runtime"),
        "description": s.get("description"),
        "timeout": s.get("timeout"),
        "memory_size": s.get("memorySize"),
        "environment": [{"variables": env}] if env else None,
        "tracing_config": [{"mode": tracing}] if tracing else None,
        "layers": s.get("layers"),
        "kms_key_arn": s.get("kmsKeyARN"),
        "dead_letter_config": [{"target_arn": dlq}] if dlq else None,
        "vpc_config": (
            [
                {
                    "subnet_ids": vpc.get("subnetIDs"),
                    "security_group_ids": vpc.get("securityGroupIDs"),
                }
            ]
            if vpc.get("subnetIDs")
            else None
        ),
        "ephemeral_storage": [{"size": storage}] if storage else None,
        "package_type": s.get("packageType"),
        "architectures": s.get("architectures"),
        "reserved_concurrent_executions": s.get("reservedConcurrentExecutions"),
        "tags": ack_map_tags(c, s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.name())]


# --- revert --------------------------------------------------------------------------------


def _first(value: Any) -> dict[str, Any]:
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return value[0]
    return {}


def _configuration(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    changed = [a for a in CONFIGURATION if a in after and before.get(a) != after.get(a)]
    params: dict[str, Any] = {}
    for attr in changed:
        value = after.get(attr)
        if attr == "environment":
            params["Environment"] = {"Variables": dict(_first(value).get("variables") or {})}
        elif attr == "tracing_config":
            params["TracingConfig"] = {"Mode": _first(value).get("mode") or "PassThrough"}
        elif attr == "dead_letter_config":
            params["DeadLetterConfig"] = {"TargetArn": _first(value).get("target_arn") or ""}
        elif attr == "vpc_config":
            block = _first(value)
            params["VpcConfig"] = {
                "SubnetIds": list(block.get("subnet_ids") or ()),
                "SecurityGroupIds": list(block.get("security_group_ids") or ()),
            }
        elif attr == "ephemeral_storage":
            params["EphemeralStorage"] = {"Size": as_int(_first(value).get("size"), 512)}
        elif attr == "layers":
            params["Layers"] = list(value or ())
        elif attr in ("timeout", "memory_size"):
            params["Timeout" if attr == "timeout" else "MemorySize"] = as_int(value)
        elif attr == "kms_key_arn":
            params["KMSKeyArn"] = value or ""
        else:
            params[attr.title().replace("_", "")] = value if value is not None else ""
    if not params:
        return []
    return [ctx.call("lambda", "update_function_configuration", FunctionName=ctx.id, **params)]


def _concurrency(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    value = as_int(after.get("reserved_concurrent_executions"), -1)
    if value is None or value < 0:
        return [ctx.call("lambda", "delete_function_concurrency", FunctionName=ctx.id)]
    return [
        ctx.call(
            "lambda", "put_function_concurrency", FunctionName=ctx.id,
            ReservedConcurrentExecutions=value,
        )
    ]  # fmt: skip


def _arn(ctx: Ctx, before: Attrs) -> str:
    return str(before.get("arn") or f"arn:aws:lambda:{ctx.region}:{ctx.account}:function:{ctx.id}")


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    to_set, to_remove = tag_delta(before, after)
    arn = _arn(ctx, before)
    calls = []
    if to_set:
        calls.append(ctx.call("lambda", "tag_resource", Resource=arn, Tags=to_set))
    if to_remove:
        calls.append(ctx.call("lambda", "untag_resource", Resource=arn, TagKeys=to_remove))
    return calls


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("lambda", "delete_function", FunctionName=ctx.id)]


EVENTS = Events(
    source="lambda.amazonaws.com",
    service="lambda",
    create=("CreateFunction20150331",),
    change=(
        "UpdateFunctionConfiguration20150331v2",
        "UpdateFunctionCode20150331v2",
        "PutFunctionConcurrency20171031",
        "DeleteFunctionConcurrency20171031",
        "TagResource20170331v2",
        "UntagResource20170331v2",
    ),
    delete=("DeleteFunction20150331",),
    ids=(
        "requestParameters.functionName",
        "responseElements.functionName",
        "requestParameters.resource",
    ),
    touches={
        "PutFunctionConcurrency20171031": frozenset({"reserved_concurrent_executions"}),
        "DeleteFunctionConcurrency20171031": frozenset({"reserved_concurrent_executions"}),
        "TagResource20170331v2": frozenset({"tags"}),
        "UntagResource20170331v2": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "environment"}),
            natural_keys=(CFN_KEY, ("function_name",)),
            declared_id=lambda a: a.get("function_name"),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="function name",
            after=("aws_iam_role",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(CONFIGURATION, _configuration),
                Updater(("reserved_concurrent_executions",), _concurrency),
                Updater(("tags",), _tags),
            ),
            fixed={"function_name": REPLACE, "package_type": REPLACE, "architectures": CODE},
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Lambda::Function",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"Arn": ("arn",)},
            name_attr="function_name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "handler": ("scalar", ("Handler",)),
                    "runtime": ("scalar", ("Runtime",)),
                    "description": ("scalar", ("Description",)),
                    "timeout": ("scalar", ("Timeout",)),
                    "memory_size": ("scalar", ("MemorySize",)),
                    "role": ("scalar", ("Role",)),
                    "reserved_concurrent_executions": (
                        "scalar",
                        ("ReservedConcurrentExecutions",),
                    ),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "lambda",
            "Function",
            TYPE,
            external_name=_xp_external_name,
            refs={"role": ("Role", ("arn",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "handler": ("scalar", ("handler",)),
                "runtime": ("scalar", ("runtime",)),
                "description": ("scalar", ("description",)),
                "timeout": ("scalar", ("timeout",)),
                "memory_size": ("scalar", ("memorySize",)),
                "reserved_concurrent_executions": ("scalar", ("reservedConcurrentExecutions",)),
            },
        ),
    ),
    ack=(
        AckKind(
            "lambda",
            "Function",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={
                TYPE: {
                    "tags": ("map", ("tags",)),
                    "handler": ("scalar", ("handler",)),
                    "runtime": ("scalar", ("runtime",)),
                    "description": ("scalar", ("description",)),
                    "timeout": ("scalar", ("timeout",)),
                    "memory_size": ("scalar", ("memorySize",)),
                    "reserved_concurrent_executions": ("scalar", ("reservedConcurrentExecutions",)),
                }
            },
        ),
    ),
)
