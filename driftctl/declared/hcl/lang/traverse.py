"""Traversals: `.attr`, `[index]` and splats applied to values, as HCL applies them.

`var.m["k"].arn` is a root (`var`) and steps (`.m`, `["k"]`, `.arn`). On plain values the
steps follow HCL's `hcl.Index` and `hcl.GetAttr`; a splat follows hclsyntax's SplatExpr. A
step into a sensitive value, or with a sensitive key, gives a sensitive value. A step on a
`Ref` (an attribute known only after apply) extends it.

A declared resource (a `ResourceBlock` or one of its `Instance`s) is Terraform's: the
steps into it are taken by the scope (`Traverser.traverse`, implemented by the Terraform
layer, driftctl/declared/hcl/refs.py), which knows what its configuration sets.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol, TypeAlias

from driftctl.core.model import Ref, Unknown
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.convert import ConversionError, convert, make_list
from driftctl.declared.hcl.lang.types import (
    DYNAMIC,
    NUMBER,
    STRING,
    CList,
    CMap,
    CSet,
    ListType,
    ObjectType,
    SetType,
    TupleType,
    is_null,
    type_of,
)
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    Instance,
    ResourceBlock,
    Sensitive,
    as_unknown,
    is_pending,
    mark,
    to_str,
    type_name,
    unmark_deep,
)


@dataclasses.dataclass(frozen=True)
class Attr:
    name: str


@dataclasses.dataclass(frozen=True)
class Index:
    key: Any  # an evaluated value


@dataclasses.dataclass(frozen=True)
class Splat:
    steps: tuple[Step, ...]
    full: bool = True  # [*] (False: the attribute-only .* splat)


Step: TypeAlias = "Attr | Index | Splat"


class Traverser(Protocol):
    def traverse(self, value: Any, steps: Sequence[Step], at: int) -> tuple[Any, int]:
        """Take steps[at] (and the steps after it that it consumes) into value, a declared
        resource (ResourceBlock or Instance): the value they give and the index of the
        next step."""
        ...


def unmark_steps(steps: Sequence[Step]) -> tuple[tuple[Step, ...], bool]:
    """steps with their index keys unmarked; whether any key was sensitive."""
    out: list[Step] = []
    marked = False
    for step in steps:
        if isinstance(step, Index):
            key, inner = unmark_deep(step.key)
            step = Index(key) if inner else step
        elif isinstance(step, Splat):
            inner_steps, inner = unmark_steps(step.steps)
            step = Splat(inner_steps) if inner else step
        else:
            inner = False
        out.append(step)
        marked = marked or inner
    return tuple(out), marked


def apply_steps(value: Any, steps: Sequence[Step], source: Traverser) -> Any:
    for step in steps:
        if type(step) is not Attr:  # an index or a splat: its key may be sensitive
            plain, marked = unmark_steps(steps)
            if marked:
                return mark(apply_steps(value, plain, source))
            break
    i = 0
    while i < len(steps):
        if isinstance(value, Sensitive):  # into a sensitive value: the result is too
            return mark(apply_steps(value.value, steps[i:], source))
        if isinstance(value, (ResourceBlock, Instance)):
            value, i = source.traverse(value, steps, i)
            continue
        step = steps[i]
        if isinstance(step, Splat):
            value = apply_splat(value, step, source)
        else:
            value = apply_step(value, step)
        i += 1
    return value.as_value() if isinstance(value, ResourceBlock) else value


def apply_splat(value: Any, splat: Splat, source: Traverser) -> Any:
    """HCL's SplatExpr: over a list, set or tuple; any other value is a one-element
    tuple (null an empty one). A list or set gives a list, anything else a tuple."""
    if isinstance(value, (Unknown, Ref)):
        return as_unknown(value)
    kind = type(value)
    if value is None or (
        is_null(value) and not isinstance(value.type, (ListType, SetType, TupleType))
    ):
        return []
    if is_null(value):
        raise EvalFailure(
            "splat expressions (with the * symbol) cannot be applied to null sequences"
        )
    if kind is CList or kind is CSet:
        results = [apply_steps(item, splat.steps, source) for item in value]
        if not results:
            return CList((), _each_type(value, splat))
        try:
            return make_list(results)
        except ConversionError:
            return results
    items = value if kind is list else [value]
    return [apply_steps(item, splat.steps, source) for item in items]


def _each_type(value: Any, splat: Splat) -> Any:
    return value.etype if not splat.steps else DYNAMIC


def path_key(step: Step) -> str | int:
    if isinstance(step, Attr):
        return step.name
    if isinstance(step, Index):
        key = step.key
        if number.is_number(key):
            whole = number.to_int(key)
            if whole is not None:
                return whole
        return to_str(key)
    raise EvalFailure("splat inside a resource attribute path")


def apply_step(value: Any, step: Step) -> Any:
    """One `.name` or `[key]` on a plain value, Unknown or Ref."""
    if isinstance(value, Unknown):
        return as_unknown(value)  # an element's type is not its collection's
    if isinstance(value, Ref):
        return _extend_ref(value, step)
    if isinstance(value, Instance):
        raise EvalFailure(f"{value.address} cannot be used here")
    if isinstance(step, Attr):
        return get_attr(value, step.name)
    if isinstance(step, Index):
        return index(value, step.key)
    raise EvalFailure("unexpected splat")


def _extend_ref(ref: Ref, step: Step) -> Any:
    if isinstance(step, Index) and is_pending(step.key):
        return as_unknown(step.key)
    if ref.prefix or ref.suffix:
        return as_unknown(ref)
    return Ref(ref.address, (*ref.path, path_key(step)))


# ---------------------------------------------------------------------------- hcl.Index


def get_attr(value: Any, name: str) -> Any:
    """hcl.GetAttr: `value.name`."""
    if is_pending(value):
        return as_unknown(value) if not isinstance(value, Ref) else _extend_ref(value, Attr(name))
    if is_null(value):
        raise EvalFailure("attempt to get attribute from null value: this value is null")
    kind = type(value)
    if kind is dict:
        if name not in value:
            raise EvalFailure(f"unsupported attribute: this object has no attribute named {name!r}")
        return value[name]
    if kind is CMap:
        if name not in value:
            raise EvalFailure(f"missing map element: this map has no element with the key {name!r}")
        return value[name]
    if kind is CList and isinstance(value.etype, ObjectType):
        raise EvalFailure(
            f"unsupported attribute: can't access attributes on a list of objects; did you mean "
            f"to access attribute {name!r} for a specific element of the list, or across all "
            "elements of the list ([*])?"
        )
    if kind is CSet and isinstance(value.etype, ObjectType):
        raise EvalFailure(
            "unsupported attribute: can't access attributes on a set of objects; a set has no "
            "index, use a for expression or a splat ([*]) across its elements"
        )
    if type_of(value).is_primitive:
        raise EvalFailure(
            f"unsupported attribute: can't access attributes on a primitive-typed value "
            f"({type_name(value)})"
        )
    raise EvalFailure(f"unsupported attribute: this {type_name(value)} value has no attributes")


def index(value: Any, key: Any) -> Any:
    """hcl.Index: `value[key]`."""
    if is_pending(value):
        return as_unknown(value) if not isinstance(value, Ref) else _extend_ref(value, Index(key))
    if is_null(value):
        raise EvalFailure("attempt to index null value: this value is null")
    if is_pending(key):
        return as_unknown(key)
    if is_null(key):
        raise EvalFailure("invalid index: can't use a null value as an indexing key")
    kind = type(value)
    if kind is list or kind is CList:
        try:
            position = convert(key, NUMBER)
        except ConversionError as exc:
            raise EvalFailure(_no_element(str(exc))) from None
        whole = number.to_int(position)
        if whole is None:
            raise EvalFailure(
                _no_element(
                    "indexing a sequence requires a whole number, but the given index "
                    f"({number.format_go(position, 'g', -1)}) has a fractional part"
                )
            )
        if not 0 <= whole < len(value):
            raise EvalFailure(_no_element())
        return value[whole]
    if kind is CMap:
        try:
            name = convert(key, STRING)
        except ConversionError as exc:
            raise EvalFailure(_no_element(str(exc))) from None
        if name not in value:
            raise EvalFailure(_no_element())
        return value[name]
    if kind is dict:
        was_number = number.is_number(key)
        try:
            name = convert(key, STRING)
        except ConversionError as exc:
            raise EvalFailure(_no_element(str(exc))) from None
        if name not in value:
            hint = (
                " An object only supports looking up attributes by name, not by numeric index."
                if was_number
                else ""
            )
            raise EvalFailure(_no_element() + hint)
        return value[name]
    if kind is CSet:
        raise EvalFailure(
            "invalid index: elements of a set are identified only by their value and don't have "
            "any separate index or key to select with"
        )
    raise EvalFailure("invalid index: this value does not have any indices")


def _no_element(detail: str = "") -> str:
    tail = f": {detail}" if detail else ""
    return (
        f"invalid index: the given key does not identify an element in this collection value{tail}"
    )
