"""Input variables: defaults, TF_VAR_* environment variables, tfvars files, --var-file
and --var, converted to their types.

Precedence (later wins), as in Terraform
(https://developer.hashicorp.com/terraform/language/values/variables#variable-definition-precedence):
the `default`, TF_VAR_* environment variables, terraform.tfvars, terraform.tfvars.json,
*.auto.tfvars(.json) in lexical order, each --var-file in order, then --var.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from driftctl import safejson
from driftctl.declared import listing
from driftctl.declared.hcl.eval import Evaluator, Frame, HclEvalError, Origin, Scope
from driftctl.declared.hcl.functions.base import CallContext
from driftctl.declared.hcl.parse import (
    Node,
    attribute_name,
    attribute_value,
    body_items,
    name_of,
    parse,
    trees,
    unwrap,
    where,
)
from driftctl.declared.hcl.refs import MISSING, Step
from driftctl.declared.hcl.values import (
    EvalFailure,
    Instance,
    ResourceBlock,
    Sensitive,
    equal,
    is_pending,
    mark,
    mark_if,
    norm_number,
    sort_key,
    to_bool,
    to_number,
    to_str,
    type_name,
)
from driftctl.errors import DriftctlError

Warn = Callable[[str], None]


@dataclasses.dataclass(frozen=True)
class VariableDecl:
    name: str
    file: str
    line: int
    default: Node | None
    type: Node | None
    # (condition, error_message) of each validation block
    validations: tuple[tuple[Node, Node], ...] = ()
    nullable: Node | None = None
    block: Node | None = None
    sensitive: bool = False  # `sensitive = true`: its value is marked (values.Sensitive)

    @property
    def where(self) -> str:
        column = f":{self.block.meta.column}" if self.block is not None else ""
        return f"{self.file}:{self.line}{column}"


@dataclasses.dataclass(frozen=True)
class VariableValue:
    value: Any
    origin: Origin | None  # the HCL expression that wrote it; None for --var and JSON


class LiteralScope:
    """The scope of tfvars files and variable defaults: no references allowed."""

    def __init__(self, warn: Warn) -> None:
        self.warn = warn

    def variable(self, name: str) -> Any:
        raise EvalFailure("variables cannot be used here")

    def local(self, name: str) -> Any:
        raise EvalFailure("locals cannot be used here")

    def resource(self, type_: str, name: str, mode: str = "managed") -> ResourceBlock | None:
        raise EvalFailure("resources cannot be referenced here")

    def module_ref(self, steps: list[Step]) -> Any:
        raise EvalFailure("modules cannot be referenced here")

    def meta_value(self, root: str, name: str) -> Any:
        raise EvalFailure(f"{root}.{name} cannot be used here")

    def resource_attr(self, instance: Instance, name: str) -> Any:
        return MISSING

    def origin(self, kind: str, name: str) -> Origin | None:
        return None

    def output_origin(self, call: str, key: int | str | None, output: str) -> Origin | None:
        return None

    def call_context(self) -> CallContext:
        return _NO_FILES


_NO_FILES = CallContext(None)


class TemplateScope:
    """The scope of a templatefile()/templatestring() template: only its own variables
    (bound as frame names) and functions; no var., local. or resource references."""

    def __init__(self, outer: Scope) -> None:
        self._outer = outer

    def variable(self, name: str) -> Any:
        raise EvalFailure("a template can only use the variables passed to it")

    local = variable

    def resource(self, type_: str, name: str, mode: str = "managed") -> ResourceBlock | None:
        raise EvalFailure("a template can only use the variables passed to it")

    def module_ref(self, steps: list[Step]) -> Any:
        raise EvalFailure("a template can only use the variables passed to it")

    def meta_value(self, root: str, name: str) -> Any:
        raise EvalFailure("a template can only use the variables passed to it")

    def resource_attr(self, instance: Any, name: str) -> Any:
        return self._outer.resource_attr(instance, name)

    def origin(self, kind: str, name: str) -> Origin | None:
        return None

    def output_origin(self, call: str, key: int | str | None, output: str) -> Origin | None:
        return None

    def warn(self, message: str) -> None:
        self._outer.warn(message)

    def call_context(self) -> CallContext:
        return self._outer.call_context()


def default_value(decl: VariableDecl, warn: Warn) -> VariableValue | None:
    if decl.default is None:
        return None
    evaluator = Evaluator(LiteralScope(warn), Frame(decl.file))
    return VariableValue(
        evaluator.evaluate(decl.default), Origin(decl.file, decl.default, evaluator)
    )


def resolve_variables(
    decls: Mapping[str, VariableDecl],
    directory: Path,
    var_files: Sequence[Path],
    cli: Mapping[str, str],
    warn: Warn,
    env: Mapping[str, str] | None = None,
) -> dict[str, VariableValue]:
    """The root module's variables, converted to their types (validations not run)."""
    scope = LiteralScope(warn)
    values: dict[str, VariableValue] = {}
    for decl in decls.values():
        default = default_value(decl, warn)
        if default is not None:
            values[decl.name] = default
    for env_name, text in sorted((env or {}).items()):
        name = env_name.removeprefix("TF_VAR_")
        if env_name.startswith("TF_VAR_") and name in decls:  # others are ignored, as Terraform
            values[name] = VariableValue(_cli_value(decls[name], text, scope, env_name), None)
    for path in tfvars_files(directory, var_files):
        display = _display(path, directory)
        for name, assigned in _read_tfvars(path, display, scope).items():
            if name not in decls:
                warn(f"{display}: value for undeclared variable {name!r} is ignored")
            else:
                values[name] = assigned
    for name, text in cli.items():
        if name not in decls:
            raise DriftctlError(
                f"--var {name}: no variable {name!r} is declared", hint="declare it or drop --var"
            )
        values[name] = VariableValue(_cli_value(decls[name], text, scope, f"--var {name}"), None)
    return {name: finish(decl, values.get(name), warn) for name, decl in sorted(decls.items())}


def tfvars_files(directory: Path, var_files: Sequence[Path]) -> list[Path]:
    auto = [
        p
        for p in listing.files(directory, read=(".auto.tfvars", ".auto.tfvars.json"))
        if p.name.endswith((".auto.tfvars", ".auto.tfvars.json"))
    ]
    defaults = [directory / "terraform.tfvars", directory / "terraform.tfvars.json"]
    return [p for p in defaults if p.is_file()] + auto + list(var_files)


def _display(path: Path, directory: Path) -> str:
    try:
        return path.resolve().relative_to(directory.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def read_text(path: Path, display: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DriftctlError(f"{display}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DriftctlError(f"{display}: cannot read: {exc}") from None


def _read_tfvars(path: Path, display: str, scope: LiteralScope) -> dict[str, VariableValue]:
    text = read_text(path, display)
    if path.name.endswith(".json"):
        return _read_json_tfvars(text, display)
    body = trees(parse(text, display))[0]
    evaluator = Evaluator(scope, Frame(display))
    out: dict[str, VariableValue] = {}
    for item in body_items(body):
        if item.data != "attribute":
            raise DriftctlError(
                f"{display}:{item.meta.line}: only `name = value` lines belong here"
            )
        node = attribute_value(item)
        value = evaluator.evaluate(node)
        out[attribute_name(item)] = VariableValue(value, Origin(display, node, evaluator))
    return out


def _read_json_tfvars(text: str, display: str) -> dict[str, VariableValue]:
    try:
        data = safejson.loads(text, parse_float=lambda t: norm_number(float(t)))
    except json.JSONDecodeError as exc:
        raise DriftctlError(
            f"{display}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}"
        ) from None
    if not isinstance(data, dict):
        raise DriftctlError(f"{display}: expected a JSON object of variable values")
    return {name: VariableValue(value, None) for name, value in data.items()}


def _cli_value(decl: VariableDecl, text: str, scope: LiteralScope, display: str) -> Any:
    """--var and TF_VAR_ values are strings unless the variable's type is not a primitive
    type, when they are parsed as HCL (as Terraform does)."""
    spec = _type_spec(decl.type) if decl.type is not None else "string"
    if spec in ("string", "number", "bool", "any"):
        return text
    body = trees(parse(f"value = {text}", display))[0]
    return Evaluator(scope, Frame(display)).evaluate(attribute_value(next(body_items(body))))


def finish(
    decl: VariableDecl, assigned: VariableValue | None, warn: Warn, required: str = ""
) -> VariableValue:
    """The assigned value converted to the variable's type. `required` is the error for a
    missing value of a module call; a missing root value is an error too, as in Terraform
    (`No value for required variable`): guessing it would declare what nobody declared."""
    if assigned is not None and assigned.value is None and _not_nullable(decl):
        assigned = default_value(decl, warn)
    if assigned is None:
        raise HclEvalError(
            required
            or f"{decl.file}:{decl.line}: no value for required variable {decl.name!r}: set it "
            f"in terraform.tfvars, with --var-file, --var {decl.name}=VALUE or "
            f"TF_VAR_{decl.name}"
        )
    if decl.type is None:
        return VariableValue(mark_if(decl.sensitive, assigned.value), assigned.origin)
    try:
        value = convert(assigned.value, _type_spec(decl.type))
    except EvalFailure as exc:
        origin = assigned.origin
        place = where(origin.file, origin.node) if origin else f"--var/TF_VAR_{decl.name}"
        detail = "(the value is sensitive, not shown)" if decl.sensitive else str(exc)
        raise HclEvalError(f"{place}: invalid value for var.{decl.name}: {detail}") from None
    return VariableValue(mark_if(decl.sensitive, value), assigned.origin)


def _not_nullable(decl: VariableDecl) -> bool:
    node = decl.nullable
    return node is not None and unwrap(node).data == "literal_value" and name_of(node) == "false"


# ---------------------------------------------------------------------------- type constraints

TypeSpec = Any  # "string" | "number" | "bool" | "any" | (kind, element spec / attribute specs)


def _type_spec(node: Node) -> TypeSpec:
    inner = unwrap(node)
    if inner.data == "identifier":
        return name_of(inner)
    if inner.data != "function_call":
        raise DriftctlError(f"line {node.meta.line}: unsupported type constraint")
    parts = trees(inner)
    kind = name_of(parts[0])
    args = [a for p in parts if p.data == "arguments" for a in trees(p)]
    if kind == "object":
        return ("object", _object_spec(unwrap(args[0])))
    if kind == "tuple":
        return ("tuple", [_type_spec(t) for t in trees(unwrap(args[0]))])
    if kind == "optional":
        return ("optional", _type_spec(args[0]), args[1] if len(args) > 1 else None)
    return (kind, _type_spec(args[0]))


def _object_spec(node: Node) -> dict[str, TypeSpec]:
    spec: dict[str, TypeSpec] = {}
    for elem in trees(node):
        key_node, value_node = trees(elem)
        spec[name_of(unwrap(trees(key_node)[0]))] = _type_spec(value_node)
    return spec


def convert(value: Any, spec: TypeSpec) -> Any:
    """Convert value to a type constraint, as Terraform does for variables (marks kept)."""
    if isinstance(value, Sensitive):
        return mark(convert(value.value, spec))
    if value is None or is_pending(value) or spec == "any":
        return value
    if isinstance(spec, str):
        return {"string": to_str, "number": to_number, "bool": to_bool}[spec](value)
    kind, inner = spec[0], spec[1]
    if kind in ("list", "set"):
        items = [convert(v, inner) for v in _expect(value, list, kind)]
        return _as_set(items) if kind == "set" else items
    if kind == "map":
        return {k: convert(v, inner) for k, v in _expect(value, dict, kind).items()}
    if kind == "tuple":
        return [convert(v, s) for v, s in zip(_expect(value, list, kind), inner, strict=False)]
    if kind == "object":
        return _convert_object(_expect(value, dict, kind), inner)
    return convert(value, inner)  # optional(T) outside an object


def _convert_object(value: dict[str, Any], spec: dict[str, TypeSpec]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, attr_spec in spec.items():
        if name in value:
            out[name] = convert(value[name], attr_spec)
        elif isinstance(attr_spec, tuple) and attr_spec[0] == "optional":
            default = attr_spec[2]
            literal = (
                None
                if default is None
                else Evaluator(LiteralScope(_ignore), Frame("")).evaluate(default)
            )
            out[name] = convert(literal, attr_spec[1])
        else:
            raise EvalFailure(f"attribute {name!r} is required")
    return out


def _as_set(items: list[Any]) -> list[Any]:
    distinct: list[Any] = []
    for item in items:
        if not any(equal(item, seen) for seen in distinct):
            distinct.append(item)
    return sorted(distinct, key=sort_key)


def _ignore(message: str) -> None:
    """Warnings while evaluating a literal default are not expected."""


def _expect(value: Any, kind: type, name: str) -> Any:
    if not isinstance(value, kind):
        raise EvalFailure(f"expected a {name}, got {type_name(value)}")
    return value
