"""Input variables: defaults, TF_VAR_* environment variables, tfvars files, --var-file
and --var, converted to their types.

Precedence (later wins), as in Terraform
(https://developer.hashicorp.com/terraform/language/values/variables#variable-definition-precedence):
the `default`, TF_VAR_* environment variables, terraform.tfvars, terraform.tfvars.json,
*.auto.tfvars(.json) in lexical order, then each --var-file and --var in the order they
are given on the command line.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from driftctl.declared import listing
from driftctl.declared.hcl import refs
from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.convert import ConversionError, convert
from driftctl.declared.hcl.lang.eval import Evaluator, Frame, HclEvalError, Origin, where
from driftctl.declared.hcl.lang.functions.base import CallContext
from driftctl.declared.hcl.lang.reads import record_file, record_listing
from driftctl.declared.hcl.lang.syntax import parse_expression, parse_file
from driftctl.declared.hcl.lang.traverse import Step
from driftctl.declared.hcl.lang.typeexpr import Defaults, get_type
from driftctl.declared.hcl.lang.types import DYNAMIC, Type, is_null
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    Instance,
    ResourceBlock,
    from_plain,
    mark_if,
)
from driftctl.declared.hcl.refs import MISSING
from driftctl.errors import DriftctlError
from driftctl.util import safejson

Warn = Callable[[str], None]

# One command-line input, in command-line order: ("file", Path) or ("var", (name, text))
VarInput = tuple[str, Any]


@dataclasses.dataclass(frozen=True)
class VariableDecl:
    name: str
    file: str
    line: int
    default: n.Expr | None
    type: n.Expr | None
    # (condition, error_message) of each validation block
    validations: tuple[tuple[n.Expr, n.Expr], ...] = ()
    nullable: n.Expr | None = None
    block: n.Block | None = None
    sensitive: bool = False  # `sensitive = true`: its value is marked (values.Sensitive)

    @property
    def where(self) -> str:
        column = f":{self.block.column}" if self.block is not None else ""
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

    def traverse(self, value: Any, steps: Sequence[Step], at: int) -> tuple[Any, int]:
        return refs.traverse(value, steps, at, self)

    def origin(self, kind: str, name: str) -> Origin | None:
        return None

    def output_origin(self, call: str, key: int | str | None, output: str) -> Origin | None:
        return None

    def call_context(self) -> CallContext:
        return _NO_FILES


_NO_FILES = CallContext(None)


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
    inputs: Sequence[VarInput] | None = None,
) -> dict[str, VariableValue]:
    """The root module's variables, converted to their types (validations not run).

    inputs: --var-file and --var in command-line order; without it, var_files then cli."""
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
    for path in _auto_files(directory):
        _apply_file(path, directory, decls, scope, warn, values)
    ordered: Sequence[VarInput] = (
        inputs
        if inputs is not None
        else [("file", p) for p in var_files] + [("var", item) for item in cli.items()]
    )
    for kind, item in ordered:
        if kind == "file":
            _apply_file(Path(item), directory, decls, scope, warn, values)
            continue
        name, text = item
        if name not in decls:
            raise DriftctlError(
                f"--var {name}: no variable {name!r} is declared", hint="declare it or drop --var"
            )
        values[name] = VariableValue(_cli_value(decls[name], text, scope, f"--var {name}"), None)
    return {name: finish(decl, values.get(name), warn) for name, decl in sorted(decls.items())}


def _apply_file(
    path: Path,
    directory: Path,
    decls: Mapping[str, VariableDecl],
    scope: LiteralScope,
    warn: Warn,
    values: dict[str, VariableValue],
) -> None:
    display = _display(path, directory)
    for name, assigned in _read_tfvars(path, display, scope).items():
        if name not in decls:
            warn(f"{display}: value for undeclared variable {name!r} is ignored")
        else:
            values[name] = assigned


def tfvars_files(
    directory: Path, var_files: Sequence[Path], inputs: Sequence[VarInput] | None = None
) -> list[Path]:
    """Every tfvars file a load reads: terraform.tfvars(.json), *.auto.tfvars(.json), then
    the --var-file ones (those of inputs when given, as resolve_variables reads them)."""
    given = [Path(item) for kind, item in inputs if kind == "file"] if inputs is not None else []
    return _auto_files(directory) + (given if inputs is not None else list(var_files))


def _auto_files(directory: Path) -> list[Path]:
    found = listing.files(directory, read=(".auto.tfvars", ".auto.tfvars.json"))
    record_listing(directory, found)
    auto = [p for p in found if p.name.endswith((".auto.tfvars", ".auto.tfvars.json"))]
    defaults = [directory / "terraform.tfvars", directory / "terraform.tfvars.json"]
    present = [p for p in defaults if p.is_file()]
    return present + auto


def _display(path: Path, directory: Path) -> str:
    try:
        return path.resolve().relative_to(directory.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def read_text(path: Path, display: str) -> str:
    try:
        data = path.read_bytes()
        record_file(path, data)
        return data.decode("utf-8")
    except FileNotFoundError:
        raise DriftctlError(f"{display}: file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DriftctlError(f"{display}: cannot read: {exc}") from None


def _read_tfvars(path: Path, display: str, scope: LiteralScope) -> dict[str, VariableValue]:
    text = read_text(path, display)
    if path.name.endswith(".json"):
        return _read_json_tfvars(text, display)
    body = parse_file(text, display)
    evaluator = Evaluator(scope, Frame(display))
    out: dict[str, VariableValue] = {}
    for item in body.items:
        if type(item) is not n.Attribute:
            raise DriftctlError(f"{display}:{item.line}: only `name = value` lines belong here")
        value = evaluator.evaluate(item.expr)
        out[item.name] = VariableValue(value, Origin(display, item.expr, evaluator))
    return out


def _read_json_tfvars(text: str, display: str) -> dict[str, VariableValue]:
    from driftctl.declared.hcl.lang.functions.encoding import json_value

    try:
        safejson.loads(text)  # bounded depth and size, before the typed reading
        data = json_value(text)
    except json.JSONDecodeError as exc:
        raise DriftctlError(
            f"{display}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}"
        ) from None
    except EvalFailure as exc:
        raise DriftctlError(f"{display}: {exc}") from None
    if not isinstance(data, dict):
        raise DriftctlError(f"{display}: expected a JSON object of variable values")
    return {name: VariableValue(from_plain(value), None) for name, value in data.items()}


def _cli_value(decl: VariableDecl, text: str, scope: LiteralScope, display: str) -> Any:
    """--var and TF_VAR_ values are strings unless the variable's type is not a primitive
    type, when they are parsed as HCL (as Terraform does)."""
    if decl.type is None:
        return text
    type_node = n.unwrap(decl.type)
    if type(type_node) is n.ScopeTraversal and type_node.root in ("string", "number", "bool"):
        return text
    expr = parse_expression(text, display)
    return Evaluator(scope, Frame(display)).evaluate(expr)


def constraint(decl: VariableDecl, warn: Warn) -> tuple[Type, Defaults | None]:
    """The variable's type constraint and its optional-attribute defaults."""
    if decl.type is None:
        return DYNAMIC, None
    evaluator = Evaluator(LiteralScope(warn), Frame(decl.file))
    try:
        return get_type(decl.type, evaluator.evaluate)
    except EvalFailure as exc:
        raise HclEvalError(f"{where(decl.file, decl.type)}: {exc}") from None


def finish(
    decl: VariableDecl, assigned: VariableValue | None, warn: Warn, required: str = ""
) -> VariableValue:
    """The assigned value converted to the variable's type. `required` is the error for a
    missing value of a module call; a missing root value is an error too, as in Terraform
    (`No value for required variable`): guessing it would declare what nobody declared."""
    if assigned is not None and is_null(assigned.value) and _not_nullable(decl):
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
    wanted, defaults = constraint(decl, warn)
    value = assigned.value
    try:
        if defaults is not None:
            value = defaults.apply(value)
        value = convert(value, wanted)
    except (ConversionError, EvalFailure) as exc:
        origin = assigned.origin
        place = where(origin.file, origin.node) if origin else f"--var/TF_VAR_{decl.name}"
        detail = "(the value is sensitive, not shown)" if decl.sensitive else str(exc)
        raise HclEvalError(f"{place}: invalid value for var.{decl.name}: {detail}") from None
    return VariableValue(mark_if(decl.sensitive, value), assigned.origin)


def _not_nullable(decl: VariableDecl) -> bool:
    node = decl.nullable
    return node is not None and type(n.unwrap(node)) is n.Literal and n.unwrap(node).value is False  # type: ignore[attr-defined]


def convert_to_constraint(value: Any, type_node: n.Expr, warn: Warn) -> Any:
    """value converted to a type constraint expression (with its defaults)."""
    evaluator = Evaluator(LiteralScope(warn), Frame(""))
    wanted, defaults = get_type(type_node, evaluator.evaluate)
    if defaults is not None:
        value = defaults.apply(value)
    try:
        return convert(value, wanted)
    except ConversionError as exc:
        raise EvalFailure(str(exc)) from None
