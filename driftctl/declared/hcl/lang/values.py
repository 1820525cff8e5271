"""The values the HCL evaluator computes with: cty values as Python data (`types.py`,
`number.py`), plus `Unknown`, `Ref` and `Instance` (a handle on one declared resource
instance, turned into an `Unknown` by `finalize` when it reaches an attribute).

`finalize` turns an evaluated value into the plain JSON-like data the rest of driftctl
reads: typed collections become lists and dicts, typed nulls None, numbers int or float.

Any value, or any element of a list or map, may be wrapped in `Sensitive`: Terraform's
sensitive mark (docs/sensitive.md). The evaluator takes marks off where it computes with a
value (operators, function calls, templates, traversals, conditions, for expressions) and
puts them back on the result, so built-in functions never see one.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, TypeAlias, TypeGuard

from driftctl.core.model import Ref, Unknown
from driftctl.declared.hcl.lang import convert as _convert
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.convert import ConversionError, convert, equals, to_string_text
from driftctl.declared.hcl.lang.number import BigFloat
from driftctl.declared.hcl.lang.types import (
    BOOL,
    NUMBER,
    STRING,
    CList,
    CMap,
    CSet,
    Null,
    Sensitive,
    TypedUnknown,
    is_null,
    type_of,
)


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
        """The resource as Terraform exposes it: object, tuple (count) or object (for_each)."""
        if isinstance(self.expansion, Unknown):
            return self.expansion
        if self.expansion is None:
            return self.instance()
        if isinstance(self.expansion, int):
            return self.instances()
        return {inst.key: inst for inst in self.instances()}


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
        if not found:
            return value, False
        return (CMap(out, value.etype) if type(value) is CMap else out), True
    if isinstance(value, list):
        items = [unmark_deep(item) for item in value]
        if any(inner for _, inner in items):
            plain = [item for item, _ in items]
            if type(value) is CList:
                return CList(plain, value.etype), True
            if type(value) is CSet:
                return CSet(plain, value.etype), True
            return plain, True
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
    if kind is dict or kind is CMap:
        return {k: _finalized(v, seen) for k, v in value.items()}
    if kind is list or kind is CList or kind is CSet:
        return [_finalized(v, seen) for v in value]
    if kind is Sensitive:
        seen.append(True)
        return mark(_finalized(value.value, seen))
    return finalize(value)


def _marked_paths(value: Any, path: str, found: set[str]) -> None:
    if isinstance(value, Sensitive):
        found.add(path)
    elif isinstance(value, dict):
        for key, item in value.items():
            _marked_paths(item, f"{path}.{key}" if path else str(key), found)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _marked_paths(item, f"{path}[{index}]", found)


HIDDEN = "(sensitive value)"


def hidden(exc: EvalFailure, marked: bool, values: list[Any]) -> EvalFailure:
    """The failure to raise: when sensitive values took part, their text in the message
    is "(sensitive value)", as Terraform hides them."""
    return EvalFailure(scrub(str(exc), values)) if marked else exc


def scrub(message: str, values: list[Any]) -> str:
    """message with the text of every scalar inside values replaced by HIDDEN."""
    texts: set[str] = set()
    stack = list(values)
    while stack:
        item = stack.pop()
        if isinstance(item, Sensitive):
            stack.append(item.value)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item:
            texts |= {item, repr(item), json.dumps(item, ensure_ascii=False)}
        elif number.is_number(item) and not isinstance(item, bool):
            texts |= {str(item), number.text(item) if type(item) is BigFloat else str(item)}
    for text in sorted(texts, key=len, reverse=True):
        message = message.replace(text, HIDDEN)
    return message


PENDING = (Unknown, Ref, Instance)
_convert.PENDING_TYPES = PENDING


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
    if type(value) is TypedUnknown:  # a function's unknown result has its own type
        return Unknown(value.reason, value.depends_on)
    if isinstance(value, Unknown):
        return value
    if isinstance(value, Instance) and value.mode == "data":
        return Unknown(f"{value.address} is read from AWS when terraform plans")
    text = ref_text(value) if isinstance(value, Ref) else value.address
    return Unknown(f"{text} is known after apply", depends_on=value.address)


def finalize(value: Any) -> Any:
    """value as plain data: Instance handles become Unknown, typed collections plain
    lists and dicts, typed nulls None, numbers int or float (deeply)."""
    kind = type(value)
    if kind is str or kind is bool or kind is int or value is None:
        return value
    if kind is Sensitive:
        return mark(finalize(value.value))
    if kind is dict or kind is CMap:
        return {k: finalize(v) for k, v in value.items()}
    if kind is list or kind is CList or kind is CSet:
        return [finalize(v) for v in value]
    if kind is BigFloat or kind is number.I64:
        return plain_number(value)
    if kind is Null:
        return None
    if kind is Instance or kind is TypedUnknown:
        return as_unknown(value)
    return value


def plain_number(value: Any) -> int | float:
    """A whole number as the int Terraform writes (the shortest decimal that reads back
    as the same number at its precision: pow(2, 100) is 1267650600228229400000000000000,
    as jsonencode gives), any other as a float."""
    if number.is_neg_zero(value) or not number.is_whole(value):
        return number.to_float(value)
    if type(value) is BigFloat:
        return int(number.text(value))
    return int(value)


def from_plain(value: Any) -> Any:
    """Plain data from outside (JSON tfvars, a scan's context) as evaluator values."""
    if isinstance(value, float):
        parsed = number.parse(repr(value))
        return parsed if parsed is not None else number.from_float(value)
    if isinstance(value, dict):
        return {str(k): from_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [from_plain(v) for v in value]
    return value


def is_number(value: Any) -> bool:
    return number.is_number(value)


def type_name(value: Any) -> str:
    if isinstance(value, Sensitive):
        return type_name(value.value)
    if is_pending(value):
        return "unknown"
    if value is None:
        return "null"
    return type_of(value).friendly()


def to_str(value: Any) -> str:
    """A value as a string, as cty converts it (numbers and bools), or EvalFailure."""
    if type(value) is str:
        return value
    if is_null(value):
        raise EvalFailure("a string is required, but the value is null")
    try:
        result = convert(value, STRING)
    except ConversionError as exc:
        raise EvalFailure(exc.args[0]) from None
    return str(result)


def to_number(value: Any) -> Any:
    if number.is_number(value):
        return value
    if is_null(value):
        raise EvalFailure("a number is required, but the value is null")
    try:
        return convert(value, NUMBER)
    except ConversionError as exc:
        raise EvalFailure(exc.args[0]) from None


def to_bool(value: Any) -> bool:
    if type(value) is bool:
        return value
    if is_null(value):
        raise EvalFailure("a bool is required, but the value is null")
    try:
        return bool(convert(value, BOOL))
    except ConversionError as exc:
        raise EvalFailure(exc.args[0]) from None


def equal(a: Any, b: Any) -> bool:
    """Terraform equality: values of different types are never equal (1 != "1")."""
    return equals(a, b) is True


def format_number(value: Any) -> str:
    return number.text(value)


def norm_number(value: Any) -> Any:
    """A Python number from outside as an evaluator number."""
    if isinstance(value, float):
        return from_plain(value)
    return value


__all__ = [
    "ConversionError",
    "Sensitive",
    "to_string_text",
]
