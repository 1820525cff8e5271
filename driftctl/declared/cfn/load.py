"""CloudFormation templates (YAML or JSON) as declared state.

Parameters take their Default, then `--parameters-file`, then `--parameter K=V`;
pseudo parameters are known where driftctl knows them (AWS::Region from --region or the
environment, AWS::StackName from --stack-name) and Unknown otherwise. Conditions and
Mappings are evaluated; a resource whose Condition is false is not declared. Resources
of the types driftctl reads are mapped onto Terraform's shape by their resource type's
module (`CfnType.convert`), with the logical id as address; a `Ref`/`Fn::GetAtt` to
another resource is a `Ref` resolved by matching. A circular dependency between
resources (or conditions) is an error naming the cycle, as CloudFormation would reject
the template. NoEcho parameters, secret dynamic references and `Ref`/`Fn::GetAtt` of
attributes the provider's schema marks sensitive are sensitive (cfn.secrets).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from driftctl.base.cfn import Declaring
from driftctl.base.family import CfnType
from driftctl.base.raw import Gap, RawDeclared, RawResource
from driftctl.core import sensitive
from driftctl.core.model import Ref, SourceRef, Unknown
from driftctl.declared.binding import NOT_BOUND, Binding, State
from driftctl.declared.cfn import secrets
from driftctl.declared.cfn.intrinsics import Evaluator, references
from driftctl.errors import DriftctlError
from driftctl.resources.registry import CFN_TYPES, terraform_types
from driftctl.util import safejson

SECTIONS = frozenset(
    {
        "AWSTemplateFormatVersion",
        "Description",
        "Metadata",
        "Parameters",
        "Rules",
        "Mappings",
        "Conditions",
        "Transform",
        "Resources",
        "Outputs",
    }
)


def is_template(data: Any) -> bool:
    """A CloudFormation template: its version key, or Resources with `Type: AWS::...`."""
    if not isinstance(data, dict):
        return False
    if "AWSTemplateFormatVersion" in data:
        return True
    resources = data.get("Resources")
    return isinstance(resources, dict) and any(
        isinstance(r, dict) and str(r.get("Type", "")).startswith(("AWS::", "Custom::"))
        for r in resources.values()
    )


def read_parameters_file(path: Path) -> dict[str, str]:
    """`[{"ParameterKey": K, "ParameterValue": V}, ...]` (the CLI's format) or `{K: V}`."""
    try:
        data = safejson.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DriftctlError(f"cannot read {path}: {exc.strerror}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        line = getattr(exc, "lineno", 1)
        raise DriftctlError(f"{path}:{line}: not a JSON parameters file") from exc
    if isinstance(data, dict):
        return {str(k): _param_text(v) for k, v in data.items()}
    if isinstance(data, list) and all(isinstance(p, dict) and "ParameterKey" in p for p in data):
        return {str(p["ParameterKey"]): _param_text(p.get("ParameterValue")) for p in data}
    raise DriftctlError(
        f"{path}: expected a list of ParameterKey/ParameterValue objects or a {{key: value}} map"
    )


def _param_text(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def load_cloudformation(
    name: str,
    data: dict[str, Any],
    lines: Mapping[str, int],
    parameters: Mapping[str, str],
    stack_name: str | None = None,
    region: str | None = None,
    state: State | None = None,
) -> RawDeclared:
    """state: matched logical id -> live values of its computed attributes (binding.py):
    a `!Ref` or `!GetAtt` to one takes the live value, so a `!Sub` or `!Join` of several
    becomes known."""
    resources = data.get("Resources")
    if not isinstance(resources, dict) or not resources:
        raise DriftctlError(f"{name}: a template needs a Resources section with resources")
    warnings: list[str] = []
    if data.get("Transform"):
        warnings.append(f"{name}: Transform {data['Transform']} is not applied by driftctl")
    _check_cycles(name, resources)
    values = {**_pseudo(stack_name, region), **_parameters(name, data, parameters, warnings)}
    types = {k: str(v.get("Type", "")) for k, v in resources.items() if isinstance(v, dict)}
    binding = Binding(state)
    # what a Ref/GetAtt of a sensitive attribute gave (a Ref, or its bound live value)
    secret_refs: list[Any] = []
    ev = Evaluator(
        name,
        values,
        data.get("Mappings") or {},
        data.get("Conditions") or {},
        (
            _ref_of(types, binding, secret_refs),
            _getatt_of(types, binding, secret_refs),
            frozenset(types),
        ),
    )
    out: list[RawResource] = []
    gaps: list[Gap] = []
    unsupported: Counter[str] = Counter()
    known = set(terraform_types())
    hidden = secrets.noecho_texts(data.get("Parameters"), values)
    for logical in sorted(resources):
        body = resources[logical]
        where = f"Resources.{logical}"
        if not isinstance(body, dict) or "Type" not in body:
            raise DriftctlError(f"{name}:{lines.get(where, 1)}: {where} has no Type")
        if "Condition" in body:
            included = ev.condition(body["Condition"], where)
            if included is False:
                continue
            if not isinstance(included, bool):
                why = f"its condition {body['Condition']} is known only when the stack is deployed"
                warnings.append(f"{name}: {logical} not compared: {why}")
                gaps.extend(_gap(name, logical, types[logical], why))
                continue
        given = body.get("Properties")
        if given is not None and not isinstance(given, dict):
            raise DriftctlError(
                f"{name}:{lines.get(where, 1)}: {where}.Properties: expected a mapping of "
                f"property names to values, got {_kind(given)}",
                "see the resource type's page in the CloudFormation reference",
            )
        secure: list[Any] = []
        with binding.recording() as reads:
            props = ev.evaluate(given or {}, f"{where}.Properties")
        if not isinstance(props, dict):  # e.g. a whole Fn::If known only at deploy time
            why = f"its Properties are {_kind(props)}"
            warnings.append(f"{name}: {logical} not compared: {why}")
            gaps.extend(_gap(name, logical, types[logical], why))
            continue
        props = secrets.resolve_dynamic(props, secure)
        source = SourceRef(name, lines.get(where, 1))
        raws = to_raw(logical, types[logical], props, source)
        if raws is None:
            unsupported[types[logical]] += 1
            continue
        for raw in raws:
            if raw.type not in known:
                unsupported[raw.type] += 1
                continue
            secrets.mark(raw, hidden, [*secure, *secret_refs])
            if reads:  # which property read which bound value is not kept: all of them
                raw.bound = {attr: dict(sorted(reads.items())) for attr in raw.attrs}
            out.append(raw)
            if raw.address_type is not None:
                continue  # split out of (or attached to) the resource its address names
            if stack_name:
                raw.identity = {"cfn_stack": stack_name, "cfn_logical_id": logical}
            elif (name_attr := _generated_name(types[logical])) and name_attr not in raw.attrs:
                warnings.append(
                    f"{name}: {logical}: CloudFormation generates its name; pass --stack-name "
                    "to find it by the stack's tags"
                )
    for rtype, count in sorted(unsupported.items()):
        warnings.append(f"{count} {rtype} not compared (a type driftctl does not read yet)")
    unread = dict(sorted(unsupported.items()))
    return RawDeclared(out, warnings=warnings, unsupported=unread, gaps=gaps)


def _gap(name: str, logical: str, cfn_type: str, why: str) -> list[Gap]:
    """What a resource left out of the comparison could declare (none for a type
    driftctl does not read)."""
    cfn = CFN_TYPES.get(cfn_type)
    return [Gap(f"{name}: {logical}", why, frozenset(cfn.emits))] if cfn else []


def _kind(value: Any) -> str:
    if isinstance(value, (Unknown, Ref)):
        return "known only when the stack is deployed"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else f"a {type(value).__name__}"


def to_raw(
    logical: str, rtype: str, props: dict[str, Any], source: SourceRef
) -> list[RawResource] | None:
    """The Terraform-shaped resources of one template resource; None for a type not read yet."""
    cfn = CFN_TYPES.get(rtype)
    if cfn is None:
        return None
    declaring = Declaring(logical, source, props)
    cfn.convert(declaring)
    return declaring.out


def _generated_name(rtype: str) -> str | None:
    """The name attribute CloudFormation generates for the type when a template omits it."""
    cfn = CFN_TYPES.get(rtype)
    return cfn.name_attr if cfn is not None else None


def _pseudo(stack_name: str | None, region: str | None) -> dict[str, Any]:
    at_deploy = "known only when the stack is deployed"
    partition: Any = Unknown(f"AWS::Partition is {at_deploy}")
    if region:
        partition = "aws-cn" if region.startswith("cn-") else "aws"
        partition = "aws-us-gov" if region.startswith("us-gov-") else partition
    return {
        "AWS::Region": region or Unknown("AWS::Region: pass --region"),
        "AWS::AccountId": Unknown(f"AWS::AccountId is {at_deploy}"),
        "AWS::StackName": stack_name or Unknown("AWS::StackName: pass --stack-name"),
        "AWS::StackId": Unknown(f"AWS::StackId is {at_deploy}"),
        "AWS::Partition": partition,
        "AWS::URLSuffix": "amazonaws.com.cn"
        if region and region.startswith("cn-")
        else "amazonaws.com"
        if region
        else Unknown(f"AWS::URLSuffix is {at_deploy}"),
        "AWS::NotificationARNs": Unknown(f"AWS::NotificationARNs is {at_deploy}"),
    }


def _parameters(
    name: str, data: dict[str, Any], given: Mapping[str, str], warnings: list[str]
) -> dict[str, Any]:
    declared = data.get("Parameters") or {}
    if not isinstance(declared, dict):
        raise DriftctlError(f"{name}: Parameters must be a mapping")
    for key in sorted(set(given) - set(declared)):
        raise DriftctlError(
            f"--parameter {key}: the template declares no such parameter",
            f"declared: {', '.join(sorted(declared)) or 'none'}",
        )
    out: dict[str, Any] = {}
    for key, spec in declared.items():
        spec = spec if isinstance(spec, dict) else {}
        ptype = str(spec.get("Type", "String"))
        if key in given:
            text: Any = given[key]
        elif "Default" in spec:
            text = _param_text(spec["Default"])
        else:
            warnings.append(f"{name}: parameter {key} has no value (pass --parameter {key}=...)")
            out[key] = Unknown(f"parameter {key} has no value")
            continue
        allowed = spec.get("AllowedValues")
        if isinstance(allowed, list) and text not in [_param_text(a) for a in allowed]:
            raise DriftctlError(f"{name}: parameter {key}={text!r} is not one of {allowed}")
        out[key] = _typed(ptype, text, key)
    return out


def _typed(ptype: str, text: str, key: str) -> Any:
    if ptype.startswith("AWS::SSM::Parameter::Value"):
        return Unknown(f"parameter {key} is read from SSM when the stack is deployed")
    if ptype.startswith("List<") or ptype == "CommaDelimitedList":
        return [t.strip() for t in text.split(",")] if text else []
    if ptype == "Number":
        try:
            return int(text)
        except ValueError:
            try:
                return float(text)
            except ValueError:
                return text
    return text


def _bound(cfn: CfnType, binding: Binding, ref: Ref, secret_refs: list[Any]) -> Any:
    """ref's live value once its resource is matched, else ref; one the provider's schema
    marks sensitive (for the Terraform type the reference names) is kept in secret_refs."""
    tf_type = cfn.emits[0] if cfn.emits else None
    secret = tf_type is not None and sensitive.covers(
        sensitive.provider_paths(tf_type), sensitive.join_keys(ref.path)
    )
    found = binding.lookup(ref, secret)
    value = ref if found is NOT_BOUND else found
    if secret:
        secret_refs.append(value)
    return value


def _ref_of(types: Mapping[str, str], binding: Binding, secret_refs: list[Any]) -> Any:
    def ref_of(logical: str) -> Any:
        cfn = CFN_TYPES.get(types[logical])
        path = cfn.ref if cfn is not None else None
        if cfn is None or path is None:
            return Unknown(f"{logical} is a {types[logical]}, which driftctl does not read")
        return _bound(cfn, binding, Ref(logical, path), secret_refs)

    return ref_of


def _getatt_of(types: Mapping[str, str], binding: Binding, secret_refs: list[Any]) -> Any:
    def getatt_of(logical: str, attribute: str) -> Any:
        cfn = CFN_TYPES.get(types[logical])
        path = cfn.getatt.get(attribute) if cfn is not None else None
        if cfn is None or path is None:
            return Unknown(f"{logical}.{attribute} is known after apply")
        return _bound(cfn, binding, Ref(logical, path), secret_refs)

    return getatt_of


def _check_cycles(name: str, resources: Mapping[str, Any]) -> None:
    """CloudFormation rejects circular dependencies; so does driftctl, naming the cycle."""
    graph: dict[str, list[str]] = {}
    for logical, body in resources.items():
        body = body if isinstance(body, dict) else {}
        depends = body.get("DependsOn") or []
        deps = references(body.get("Properties")) | set(
            [depends] if isinstance(depends, str) else depends
        )
        graph[logical] = sorted(d for d in deps if d in resources)
    state: dict[str, int] = {}  # 1 visiting, 2 done
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for dep in graph[node]:
            if state.get(dep) == 1:
                cycle = " -> ".join([*stack[stack.index(dep) :], dep])
                raise DriftctlError(
                    f"{name}: circular dependency between resources: {cycle}",
                    "CloudFormation rejects such a template: break the cycle",
                )
            if dep not in state:
                visit(dep)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
