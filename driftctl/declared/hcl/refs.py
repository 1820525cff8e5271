"""Traversals: `.attr`, `[index]` and splats applied to values and declared resources.

`aws_s3_bucket.b["k"].arn` is a root (`aws_s3_bucket`) and steps (`.b`, `["k"]`, `.arn`).
On a declared resource instance the steps resolve to the value written in the target's
configuration when it sets that attribute, otherwise to a `Ref` that matching resolves.
An attribute the configuration sets to null that the provider computes (`ipv6_cidr_block
= null` on an aws_vpc) is a `Ref` too: Terraform knows it only after apply.

On plain values the steps follow HCL's `hcl.Index` and `hcl.GetAttr`.
A step into a sensitive value, or with a sensitive key, gives a sensitive value; so does
an attribute the provider's schema marks sensitive (`aws_db_instance.x.password`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol, TypeAlias

from driftctl.core import sensitive
from driftctl.core.model import Ref, Unknown
from driftctl.declared.hcl import number
from driftctl.declared.hcl.computed import is_computed
from driftctl.declared.hcl.convert import ConversionError, convert, make_list
from driftctl.declared.hcl.types import (
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
from driftctl.declared.hcl.values import (
    EvalFailure,
    Instance,
    ResourceBlock,
    Sensitive,
    as_unknown,
    is_pending,
    mark,
    mark_if,
    ref_text,
    to_number,
    to_str,
    type_name,
    unmark,
    unmark_deep,
)

MISSING: Any = object()  # "not set in the configuration"


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


class AttrSource(Protocol):
    def resource_attr(self, instance: Instance, name: str) -> Any:
        """The evaluated attribute of a declared instance, or MISSING if it does not set it.

        A source may also have `bound_value(ref, sensitive)`: ref's live value once its
        resource is matched (driftctl.declared.binding), else ref itself (module instances
        have it); sensitive: the value is, and is recorded masked."""


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


def apply_steps(value: Any, steps: Sequence[Step], source: AttrSource) -> Any:
    for step in steps:
        if type(step) is not Attr:  # an index or a splat: its key may be sensitive
            plain, marked = unmark_steps(steps)
            if marked:
                return mark(apply_steps(value, plain, source))
            break
    i = 0
    while i < len(steps):
        step = steps[i]
        if isinstance(value, Sensitive):  # into a sensitive value: the result is too
            return mark(apply_steps(value.value, steps[i:], source))
        if isinstance(value, ResourceBlock) and value.expansion is None:
            value = value.instance()
        if isinstance(step, Splat):
            value = _splat(value, step, source)
            i += 1
        elif isinstance(value, ResourceBlock):
            value = _select(value, step)
            i += 1
        elif isinstance(value, Instance):
            end = _path_end(steps, i)
            value = _resolve(value, steps[i:end], source)
            i = end
        else:
            value = apply_step(value, step)
            i += 1
    return value.as_value() if isinstance(value, ResourceBlock) else value


def _path_end(steps: Sequence[Step], start: int) -> int:
    end = start
    while end < len(steps) and not isinstance(steps[end], Splat):
        end += 1
    return end


def _splat(value: Any, splat: Splat, source: AttrSource) -> Any:
    """HCL's SplatExpr: over a list, set or tuple; any other value is a one-element
    tuple (null an empty one). A list or set gives a list, anything else a tuple."""
    if isinstance(value, (Unknown, Ref)):
        return as_unknown(value)
    if isinstance(value, ResourceBlock):
        items = _splat_block(value)
        if isinstance(items, Unknown):
            return items
        return [apply_steps(item, splat.steps, source) for item in items]
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
    from driftctl.declared.hcl.types import DYNAMIC

    return value.etype if not splat.steps else DYNAMIC


def _splat_block(block: ResourceBlock) -> list[Instance] | Unknown:
    if isinstance(block.expansion, Unknown):
        return block.expansion
    if isinstance(block.expansion, tuple):
        raise EvalFailure(
            f"{block.address} uses for_each: a splat needs a list, use values({block.address})[*]"
        )
    return block.instances()


def _select(block: ResourceBlock, step: Attr | Index) -> Any:
    """Pick one instance of a resource that has count or for_each."""
    if isinstance(block.expansion, Unknown):
        return block.expansion
    meta = "count" if isinstance(block.expansion, int) else "for_each"
    if isinstance(step, Attr):
        raise EvalFailure(
            f"{block.address} has {meta} set: refer to one instance, e.g. {block.address}[...]"
        )
    if is_pending(step.key):
        return as_unknown(step.key)
    key: Any = to_number(step.key) if meta == "count" else to_str(step.key)
    if meta == "count":
        whole = number.to_int(key)
        if whole is None:
            raise EvalFailure(f"invalid index [{number.text(key)}] of {block.address}")
        key = whole
    instance = block.instance(key)
    if instance not in block.instances():
        raise EvalFailure(f"{instance.address} is not declared ({meta} does not produce it)")
    return instance


def _resolve(instance: Instance, path: Sequence[Step], source: AttrSource) -> Any:
    """instance.path: the configured value; when the configuration does not set it (or sets
    it to null and the provider computes it), its live value once the resource is matched
    (declared/binding.py), else a Ref."""
    first = path[0]
    if not isinstance(first, Attr):
        raise EvalFailure(f"{instance.address} is a single resource and cannot be indexed")
    keys: list[str | int] = []
    for step in path:
        if isinstance(step, Index) and is_pending(step.key):
            return as_unknown(step.key)
        keys.append(_path_key(step))
    ref: Any = Ref(instance.address, tuple(keys))
    if instance.mode == "data":  # data sources are read by terraform, never matched
        ref = Unknown(f"{ref_text(ref)} is read from AWS when terraform plans")
    marked = sensitive.covers(
        sensitive.provider_paths(instance.type, instance.mode), sensitive.join_keys(keys)
    )
    value = source.resource_attr(instance, first.name)
    if is_null(value) and instance.mode == "managed" and is_computed(instance.type, first.name):
        value = MISSING
    for step in path[1:]:
        value, inner = unmark(value)
        marked = marked or inner
        if value is MISSING:
            break
        value = lookup(value, step) if isinstance(value, (dict, list)) else apply_step(value, step)
    if value is not MISSING:
        return mark_if(marked, value)
    bind = getattr(source, "bound_value", None)
    if bind is None or not isinstance(ref, Ref):
        return mark_if(marked, ref)
    # a live value bound in place of a sensitive attribute stays sensitive (and is recorded
    # as "(sensitive)" for the report's provenance)
    return mark_if(marked, bind(ref, sensitive=marked))


def _path_key(step: Step) -> str | int:
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
    return Ref(ref.address, (*ref.path, _path_key(step)))


def lookup(value: Any, step: Step) -> Any:
    """value.name / value[key] inside a resource's configured value; MISSING when the
    configuration does not set that key (a block attribute left to the provider)."""
    if isinstance(step, Splat):
        raise EvalFailure("unexpected splat")
    if isinstance(step, Index) and is_pending(step.key):
        return as_unknown(step.key)
    if isinstance(value, dict):
        key = step.name if isinstance(step, Attr) else to_str(step.key)
        return value.get(key, MISSING)
    if isinstance(value, list) and isinstance(step, Index):
        if type(value) is CSet:
            return index(value, step.key)
        position = number.to_int(to_number(step.key))
        if position is None or position < 0:
            raise EvalFailure(f"invalid index {_show(step.key)}")
        return value[position] if position < len(value) else MISSING
    return apply_step(value, step)


def _show(key: Any) -> str:
    if number.is_number(key):
        return number.text(key)
    return repr(key)


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


__all__ = ["CList", "CMap", "TupleType"]
