"""The values the HCL evaluator computes with: conversions, equality, resource handles.

Values are plain JSON-like Python data (None, bool, int, float, str, list, dict) plus
`Unknown`, `Ref`, and `Instance` (a handle on one declared resource instance, turned into
an `Unknown` by `finalize` when it reaches an attribute). Sets are sorted lists.

Any value, or any element of a list or map, may be wrapped in `Sensitive`: Terraform's
sensitive mark (docs/sensitive.md). The evaluator takes marks off where it computes with a
value (operators, function calls, templates, traversals, conditions, for expressions) and
puts them back on the result, so built-in functions never see one.
"""

from __future__ import annotations

import dataclasses
import decimal
import json
import re
from typing import Any, TypeAlias, TypeGuard

from driftctl.model import Ref, Unknown


class EvalFailure(Exception):
    """A dynamic evaluation error; the evaluator adds file:line and raises HclEvalError."""


def key_suffix(key: int | str | None) -> str:
    """`[0]`, `["k"]` or nothing: the instance key as Terraform writes it in addresses."""
    if key is None:
        return ""
    if isinstance(key, int):
        return f"[{key}]"
    return f"[{json.dumps(key, ensure_ascii=False)}]"


def instance_address(
    type_: str, name: str, key: int | str | None, module: str = "", mode: str = "managed"
) -> str:
    prefix = f"{module}." if module else ""
    data = "data." if mode == "data" else ""
    return f"{prefix}{data}{type_}.{name}{key_suffix(key)}"


@dataclasses.dataclass(frozen=True)
class Instance:
    """One instance of a declared resource or data source, as a value (`aws_subnet.a[0]`).

    `module` is the address of the module instance that declares it ("" for the root,
    `module.net["a"]` for a child); `mode` is "managed" or "data".
    """

    type: str
    name: str
    key: int | str | None = None
    module: str = ""
    mode: str = "managed"

    @property
    def address(self) -> str:
        return instance_address(self.type, self.name, self.key, self.module, self.mode)


Expansion: TypeAlias = (
    int | tuple[str, ...] | Unknown | None
)  # count, for_each keys, unknown, single


@dataclasses.dataclass(frozen=True)
class ResourceBlock:
    """A declared resource before an instance is chosen (`aws_subnet.a`)."""

    type: str
    name: str
    expansion: Expansion
    module: str = ""
    mode: str = "managed"

    @property
    def address(self) -> str:
        return instance_address(self.type, self.name, None, self.module, self.mode)

    def instance(self, key: int | str | None = None) -> Instance:
        return Instance(self.type, self.name, key, self.module, self.mode)

    def instances(self) -> list[Instance]:
        if self.expansion is None:
            return [self.instance()]
        if isinstance(self.expansion, int):
            return [self.instance(i) for i in range(self.expansion)]
        if isinstance(self.expansion, tuple):
            return [self.instance(k) for k in self.expansion]
        return []

    def as_value(self) -> Any:
        """The resource as Terraform exposes it: object, list (count) or map (for_each)."""
        if isinstance(self.expansion, Unknown):
            return self.expansion
        if self.expansion is None:
            return self.instance()
        if isinstance(self.expansion, int):
            return self.instances()
        return {inst.key: inst for inst in self.instances()}


@dataclasses.dataclass(frozen=True)
class Sensitive:
    """A value Terraform marks sensitive: `variable`/`output` with `sensitive = true`,
    `sensitive()`, or an attribute the provider's schema marks. Never nested in itself."""

    value: Any

    def __repr__(self) -> str:  # never the value, should a message ever show one
        return "(sensitive value)"

    __str__ = __repr__


def mark(value: Any) -> Any:
    """value marked sensitive (once)."""
    return value if isinstance(value, Sensitive) else Sensitive(value)


def mark_if(marked: bool, value: Any) -> Any:
    return mark(value) if marked else value


def unmark(value: Any) -> tuple[Any, bool]:
    """(value without its own mark, whether it had one); marks inside it stay."""
    if isinstance(value, Sensitive):
        return value.value, True
    return value, False


_SCALARS = frozenset({str, int, float, bool, type(None)})


def unmark_deep(value: Any) -> tuple[Any, bool]:
    """(value without any mark, at any depth; whether it had one)."""
    if type(value) in _SCALARS:  # the common case, first
        return value, False
    if isinstance(value, Sensitive):
        return unmark_deep(value.value)[0], True
    if isinstance(value, dict):
        found = False
        out: dict[Any, Any] = {}
        for key, item in value.items():
            out[key], inner = unmark_deep(item)
            found = found or inner
        return (out, True) if found else (value, False)
    if isinstance(value, list):
        items = [unmark_deep(item) for item in value]
        if any(inner for _, inner in items):
            return [item for item, _ in items], True
        return value, False
    return value, False


def unmark_all(values: list[Any]) -> tuple[list[Any], bool]:
    """Each value without any mark; whether any had one."""
    pairs = [unmark_deep(v) for v in values]
    return [v for v, _ in pairs], any(m for _, m in pairs)


def sensitive_paths(value: Any) -> tuple[Any, set[str]]:
    """(value finalized and without marks, the attribute paths that were marked: `a.b`,
    `list[0]`). One walk when nothing is marked (the common case), three when something is."""
    seen: list[bool] = []
    plain = _finalized(value, seen)
    found: set[str] = set()
    if seen:
        _marked_paths(plain, "", found)
        plain = unmark_deep(plain)[0]
    return plain, found


def _finalized(value: Any, seen: list[bool]) -> Any:
    """finalize(value); appends to seen when value holds a mark."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        return {k: _finalized(v, seen) for k, v in value.items()}
    if kind is list:
        return [_finalized(v, seen) for v in value]
    if kind is Sensitive:
        seen.append(True)
        return mark(_finalized(value.value, seen))
    return as_unknown(value) if kind is Instance else value


def _marked_paths(value: Any, path: str, found: set[str]) -> None:
    if isinstance(value, Sensitive):
        found.add(path)
    elif isinstance(value, dict):
        for key, item in value.items():
            _marked_paths(item, f"{path}.{key}" if path else str(key), found)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _marked_paths(item, f"{path}[{index}]", found)


PENDING = (Unknown, Ref, Instance)


def is_pending(value: Any) -> TypeGuard[Unknown | Ref | Instance]:
    """Whether value (marked or not) is only known after apply."""
    if isinstance(value, Sensitive):
        value = value.value
    return isinstance(value, PENDING)


def find_pending(value: Any) -> Unknown | Ref | Instance | None:
    """The first Unknown, Ref or Instance anywhere inside value (deterministic order)."""
    if isinstance(value, Sensitive):
        value = value.value
    if isinstance(value, PENDING):
        return value
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        found = find_pending(item)
        if found is not None:
            return found
    return None


def ref_text(ref: Ref) -> str:
    tail = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in ref.path)
    return f"{ref.address}{tail}"


def as_unknown(value: Unknown | Ref | Instance | Sensitive) -> Unknown:
    """The Unknown a pending value stands for (a mark is dropped: an Unknown is never
    compared nor shown with a value)."""
    if isinstance(value, Sensitive):
        return as_unknown(value.value)
    if isinstance(value, Unknown):
        return value
    if isinstance(value, Instance) and value.mode == "data":
        return Unknown(f"{value.address} is read from AWS when terraform plans")
    text = ref_text(value) if isinstance(value, Ref) else value.address
    return Unknown(f"{text} is known after apply", depends_on=value.address)


def finalize(value: Any) -> Any:
    """Replace Instance handles (a whole resource used as a value) by Unknown, deeply."""
    if isinstance(value, Instance):
        return as_unknown(value)
    if isinstance(value, Sensitive):
        return mark(finalize(value.value))
    if isinstance(value, dict):
        return {k: finalize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finalize(v) for v in value]
    return value


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def norm_number(value: int | float) -> int | float:
    """Terraform numbers are exact: 2.0 is the number 2."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**63:
        return int(value)
    return value


def type_name(value: Any) -> str:
    if isinstance(value, Sensitive):
        return type_name(value.value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if is_number(value):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def format_number(value: int | float) -> str:
    value = norm_number(value)
    if isinstance(value, int):
        return str(value)
    return format(decimal.Decimal(repr(value)).normalize(), "f")


def to_str(value: Any) -> str:
    """String conversion as in templates and tostring()."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if is_number(value):
        return format_number(value)
    raise EvalFailure(f"cannot convert {type_name(value)} to string")


_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?")


def to_number(value: Any) -> int | float:
    if is_number(value):
        return norm_number(value)
    if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        text = value.strip()
        return int(text) if text.lstrip("-").isdigit() else norm_number(float(text))
    raise EvalFailure(f"cannot convert {type_name(value)} {value!r} to number")


def to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("true", "false"):
        return bool(value == "true")
    raise EvalFailure(f"cannot convert {type_name(value)} {value!r} to bool")


def equal(a: Any, b: Any) -> bool:
    """Terraform equality: values of different types are never equal (1 != "1", 1 != true)."""
    if is_number(a) and is_number(b):
        return bool(a == b)
    if type_name(a) != type_name(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    return bool(a == b)


def sort_key(value: Any) -> tuple[int, Any]:
    """A total order over known values, for sets (toset) and sorted outputs."""
    if isinstance(value, bool):
        return (0, value)
    if is_number(value):
        return (1, value)
    if isinstance(value, str):
        return (2, value)
    return (3, json.dumps(value, sort_keys=True, default=str))
