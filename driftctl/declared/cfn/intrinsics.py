"""CloudFormation's intrinsic functions, evaluated as far as a template alone allows.

Parameters, pseudo parameters, Mappings and Conditions are known (or Unknown when only the
deployment knows them: the account id, an SSM parameter). A `Ref` or `Fn::GetAtt` to a
resource of the template becomes a `Ref` resolved by matching, as a Terraform reference
does; one inside `Fn::Sub` or `Fn::Join` keeps the text around it (`arn:aws:s3:::${B}/*`).
Everything else that cannot be known is `Unknown`, never guessed.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from driftctl.core.model import Ref, Unknown, is_known
from driftctl.errors import DriftctlError


class _NoValue:
    def __repr__(self) -> str:
        return "AWS::NoValue"


NO_VALUE: Any = _NoValue()  # `!Ref AWS::NoValue`: the property is left out
SUB_VAR = re.compile(r"\$\{([^}]*)\}")

RefOf = Callable[[str], Any]  # logical id -> Ref / Unknown (what `Ref` of a resource gives)
GetAttOf = Callable[[str, str], Any]  # (logical id, attribute) -> Ref / Unknown


class Evaluator:
    def __init__(
        self,
        name: str,
        values: Mapping[str, Any],  # parameters and pseudo parameters
        mappings: Mapping[str, Any],
        conditions: Mapping[str, Any],
        resources: tuple[RefOf, GetAttOf, frozenset[str]],
    ) -> None:
        self.name, self.values, self.mappings = name, values, mappings
        self.condition_defs = conditions
        self.ref_of, self.getatt_of, self.resources = resources
        self._conditions: dict[str, Any] = {}
        self._evaluating: list[str] = []

    def fail(self, where: str, message: str) -> DriftctlError:
        return DriftctlError(f"{self.name}: {where}: {message}")

    # -- conditions -------------------------------------------------------------------

    def condition(self, name: Any, where: str) -> Any:
        """True, False or Unknown."""
        if not isinstance(name, str) or name not in self.condition_defs:
            raise self.fail(where, f"condition {name!r} is not defined in Conditions")
        if name in self._conditions:
            return self._conditions[name]
        if name in self._evaluating:
            cycle = " -> ".join([*self._evaluating[self._evaluating.index(name) :], name])
            raise self.fail(where, f"circular condition: {cycle}")
        self._evaluating.append(name)
        value = self.evaluate(self.condition_defs[name], f"Conditions.{name}")
        self._evaluating.pop()
        if is_known(value) and not isinstance(value, bool):
            raise self.fail(f"Conditions.{name}", f"evaluates to {value!r}, not true or false")
        self._conditions[name] = value if isinstance(value, bool) else _unknown(value)
        return self._conditions[name]

    # -- values -----------------------------------------------------------------------

    def evaluate(self, value: Any, where: str) -> Any:
        if isinstance(value, dict):
            if len(value) == 1:
                ((key, arg),) = value.items()
                function = _FUNCTIONS.get(key)
                if function is not None:
                    return function(self, arg, f"{where}.{key}")
            out = {}
            for k, v in value.items():
                got = self.evaluate(v, f"{where}.{k}")
                if got is not NO_VALUE:
                    out[k] = got
            return out
        if isinstance(value, list):
            items = [self.evaluate(v, f"{where}[{i}]") for i, v in enumerate(value)]
            return [v for v in items if v is not NO_VALUE]
        return value

    def ref(self, name: Any, where: str) -> Any:
        if name == "AWS::NoValue":
            return NO_VALUE
        if isinstance(name, str) and name in self.values:
            return self.values[name]
        if isinstance(name, str) and name in self.resources:
            return self.ref_of(name)
        raise self.fail(where, f"Ref to {name!r}, which is neither a parameter nor a resource")

    def getatt(self, arg: Any, where: str) -> Any:
        parts = arg.split(".", 1) if isinstance(arg, str) else arg
        if not isinstance(parts, list) or len(parts) != 2:
            raise self.fail(where, "Fn::GetAtt takes [LogicalId, Attribute]")
        resource, attribute = parts[0], self.evaluate(parts[1], where)
        if resource not in self.resources:
            raise self.fail(where, f"Fn::GetAtt of {resource!r}, which is not a resource")
        if not isinstance(attribute, str):
            return _unknown(attribute)
        return self.getatt_of(resource, attribute)


def _unknown(value: Any) -> Unknown:
    if isinstance(value, Unknown):
        return value
    if isinstance(value, Ref):
        return Unknown(f"{value.expression} is known after apply", depends_on=value.address)
    return Unknown("depends on values known only when the stack is deployed")


def concat(parts: list[Any]) -> Any:
    """Strings and at most one Ref joined into a string or a Ref with prefix/suffix."""
    refs = [i for i, p in enumerate(parts) if isinstance(p, Ref)]
    unknown = next((p for p in parts if isinstance(p, Unknown)), None)
    if unknown is not None:
        return unknown
    if any(isinstance(p, (dict, list)) for p in parts):
        return Unknown("joins a value that is not a string")
    text = ["" if p is None else str(p).lower() if isinstance(p, bool) else str(p) for p in parts]
    if not refs:
        return "".join(text)
    if len(refs) > 1:
        return _unknown(parts[refs[0]])
    i, ref = refs[0], parts[refs[0]]
    prefix, suffix = "".join(text[:i]) + ref.prefix, ref.suffix + "".join(text[i + 1 :])
    return Ref(ref.address, ref.path, prefix=prefix, suffix=suffix)


def _sub(ev: Evaluator, arg: Any, where: str) -> Any:
    template, variables = (arg[0], arg[1]) if isinstance(arg, list) and len(arg) == 2 else (arg, {})
    if not isinstance(template, str) or not isinstance(variables, dict):
        raise ev.fail(where, "Fn::Sub takes a string or [string, {variables}]")
    parts: list[Any] = []
    at = 0
    for found in SUB_VAR.finditer(template):
        parts.append(template[at : found.start()])
        at = found.end()
        name = found.group(1).strip()
        if name.startswith("!"):
            parts.append("${" + name[1:] + "}")
        elif name in variables:
            parts.append(ev.evaluate(variables[name], f"{where}.{name}"))
        elif "." in name and name.split(".", 1)[0] in ev.resources:
            parts.append(ev.getatt(name, where))
        else:
            parts.append(ev.ref(name, where))
    parts.append(template[at:])
    return concat(parts)


def _join(ev: Evaluator, arg: Any, where: str) -> Any:
    if not isinstance(arg, list) or len(arg) != 2:
        raise ev.fail(where, "Fn::Join takes [delimiter, [values]]")
    delimiter, items = arg[0], ev.evaluate(arg[1], where)
    if not isinstance(items, list):
        return _unknown(items)
    parts: list[Any] = []
    for i, item in enumerate(items):
        parts += [delimiter, item] if i else [item]
    return concat(parts)


def _if(ev: Evaluator, arg: Any, where: str) -> Any:
    if not isinstance(arg, list) or len(arg) != 3:
        raise ev.fail(where, "Fn::If takes [condition, value if true, value if false]")
    chosen = ev.condition(arg[0], where)
    if not isinstance(chosen, bool):
        return Unknown(f"condition {arg[0]} is known only when the stack is deployed")
    return ev.evaluate(arg[1] if chosen else arg[2], where)


def _select(ev: Evaluator, arg: Any, where: str) -> Any:
    if not isinstance(arg, list) or len(arg) != 2:
        raise ev.fail(where, "Fn::Select takes [index, [values]]")
    index, items = ev.evaluate(arg[0], where), ev.evaluate(arg[1], where)
    if not is_known(index) or not isinstance(items, list):
        return _unknown(items if is_known(index) else index)
    try:
        return items[int(index)]
    except (ValueError, IndexError) as exc:
        raise ev.fail(where, f"Fn::Select index {index!r} is out of range") from exc


def _split(ev: Evaluator, arg: Any, where: str) -> Any:
    if not isinstance(arg, list) or len(arg) != 2:
        raise ev.fail(where, "Fn::Split takes [delimiter, string]")
    text = ev.evaluate(arg[1], where)
    return text.split(arg[0]) if isinstance(text, str) else _unknown(text)


def _find_in_map(ev: Evaluator, arg: Any, where: str) -> Any:
    if not isinstance(arg, list) or len(arg) not in (3, 4):
        raise ev.fail(where, "Fn::FindInMap takes [map, top-level key, second-level key]")
    keys = [ev.evaluate(a, where) for a in arg[:3]]
    if not is_known(keys):
        return _unknown(next(k for k in keys if not is_known(k)))
    found = ev.mappings.get(keys[0], {})
    for key in keys[1:]:
        found = found.get(str(key)) if isinstance(found, dict) else None
    if found is None:
        default = arg[3].get("DefaultValue") if len(arg) == 4 and isinstance(arg[3], dict) else None
        if default is None:
            raise ev.fail(where, f"Fn::FindInMap: {'.'.join(map(str, keys))} is not in Mappings")
        return ev.evaluate(default, where)
    return found


def _equals(ev: Evaluator, arg: Any, where: str) -> Any:
    if not isinstance(arg, list) or len(arg) != 2:
        raise ev.fail(where, "Fn::Equals takes [value, value]")
    a, b = ev.evaluate(arg[0], where), ev.evaluate(arg[1], where)
    if not (is_known(a) and is_known(b)):
        return _unknown(a if not is_known(a) else b)
    return _text(a) == _text(b)


def _text(value: Any) -> Any:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _logic(op: str) -> Any:
    def function(ev: Evaluator, arg: Any, where: str) -> Any:
        values = [ev.evaluate(a, where) for a in (arg if isinstance(arg, list) else [arg])]
        if op == "not":
            if len(values) != 1:
                raise ev.fail(where, "Fn::Not takes [condition]")
            return not values[0] if isinstance(values[0], bool) else _unknown(values[0])
        decided = op == "or"  # the value that decides Or (True) or And (False) on its own
        if any(v is decided for v in values):
            return decided
        unknown = [v for v in values if not isinstance(v, bool)]
        return _unknown(unknown[0]) if unknown else not decided

    return function


def _base64(ev: Evaluator, arg: Any, where: str) -> Any:
    text = ev.evaluate(arg, where)
    return base64.b64encode(text.encode()).decode() if isinstance(text, str) else _unknown(text)


def _cidr(ev: Evaluator, arg: Any, where: str) -> Any:
    values = ev.evaluate(arg, where)
    if not isinstance(values, list) or len(values) != 3 or not is_known(values):
        return _unknown(values)
    try:
        network = ipaddress.ip_network(str(values[0]), strict=False)
        prefix = network.max_prefixlen - int(values[2])
        return [
            str(n)
            for _, n in zip(range(int(values[1])), network.subnets(new_prefix=prefix), strict=False)
        ]
    except ValueError as exc:
        raise ev.fail(where, f"Fn::Cidr: {exc}") from exc


def _length(ev: Evaluator, arg: Any, where: str) -> Any:
    items = ev.evaluate(arg, where)
    return len(items) if isinstance(items, list) else _unknown(items)


def _to_json(ev: Evaluator, arg: Any, where: str) -> Any:
    value = ev.evaluate(arg, where)
    return json.dumps(value, separators=(",", ":")) if is_known(value) else _unknown(value)


def _condition_fn(ev: Evaluator, arg: Any, where: str) -> Any:
    return ev.condition(arg, where)


def _deploy_time(reason: str) -> Any:
    return lambda ev, arg, where: Unknown(reason)


_FUNCTIONS: dict[str, Callable[[Evaluator, Any, str], Any]] = {
    "Ref": lambda ev, arg, where: ev.ref(arg, where),
    "Fn::GetAtt": lambda ev, arg, where: ev.getatt(arg, where),
    "Fn::Sub": _sub,
    "Fn::Join": _join,
    "Fn::If": _if,
    "Fn::Select": _select,
    "Fn::Split": _split,
    "Fn::FindInMap": _find_in_map,
    "Fn::Equals": _equals,
    "Fn::And": _logic("and"),
    "Fn::Or": _logic("or"),
    "Fn::Not": _logic("not"),
    "Fn::Base64": _base64,
    "Fn::Cidr": _cidr,
    "Fn::Length": _length,
    "Fn::ToJsonString": _to_json,
    "Condition": _condition_fn,
    "Fn::GetAZs": _deploy_time("the availability zones are known only in the account"),
    "Fn::ImportValue": _deploy_time("exported by another stack"),
    "Fn::Transform": _deploy_time("a macro's output is known only when the stack is deployed"),
}


def references(value: Any) -> set[str]:
    """Every name a value refers to with Ref, Fn::GetAtt or Fn::Sub (for the cycle check)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, arg in value.items():
            if key == "Ref" and isinstance(arg, str):
                found.add(arg)
            elif key == "Fn::GetAtt":
                head = arg.split(".", 1)[0] if isinstance(arg, str) else (arg or [None])[0]
                if isinstance(head, str):
                    found.add(head)
            elif key == "Fn::Sub":
                text = arg[0] if isinstance(arg, list) and arg else arg
                for name in SUB_VAR.findall(text if isinstance(text, str) else ""):
                    found.add(name.strip().split(".", 1)[0])
            found |= references(arg)
    elif isinstance(value, list):
        for item in value:
            found |= references(item)
    return found
