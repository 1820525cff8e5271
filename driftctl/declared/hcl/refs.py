"""Traversals: `.attr`, `[index]` and splats applied to values and declared resources.

`aws_s3_bucket.b["k"].arn` is a root (`aws_s3_bucket`) and steps (`.b`, `["k"]`, `.arn`).
On a declared resource instance the steps resolve to the value written in the target's
configuration when it sets that attribute, otherwise to a `Ref` that matching resolves.
A step into a sensitive value, or with a sensitive key, gives a sensitive value; so does
an attribute the provider's schema marks sensitive (`aws_db_instance.x.password`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol, TypeAlias

from driftctl import sensitive
from driftctl.declared.hcl.values import (
    EvalFailure,
    Instance,
    ResourceBlock,
    Sensitive,
    as_unknown,
    is_number,
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
from driftctl.model import Ref, Unknown

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
    if isinstance(value, (Unknown, Ref)):
        return as_unknown(value)
    if isinstance(value, ResourceBlock):
        items = _splat_block(value)
        if isinstance(items, Unknown):
            return items
    elif value is None:
        items = []
    else:
        items = value if isinstance(value, list) else [value]
    return [apply_steps(item, splat.steps, source) for item in items]


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
    key = to_number(step.key) if meta == "count" else to_str(step.key)
    if isinstance(key, float):
        raise EvalFailure(f"invalid index [{step.key!r}] of {block.address}")
    instance = block.instance(key)
    if instance not in block.instances():
        raise EvalFailure(f"{instance.address} is not declared ({meta} does not produce it)")
    return instance


def _resolve(instance: Instance, path: Sequence[Step], source: AttrSource) -> Any:
    """instance.path: the configured value, or, when the configuration does not set it, its
    live value once the resource is matched, else a Ref."""
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
        return int(key) if is_number(key) and float(key).is_integer() else to_str(key)
    raise EvalFailure("splat inside a resource attribute path")


def apply_step(value: Any, step: Step) -> Any:
    """One `.name` or `[key]` on a plain value, Unknown or Ref."""
    if isinstance(value, Unknown):
        return value
    if isinstance(value, Ref):
        return _extend_ref(value, step)
    found = lookup(value, step)
    if found is MISSING:
        what = f".{step.name}" if isinstance(step, Attr) else f"[{_show(step)}]"
        raise EvalFailure(f"{type_name(value)} has no element {what}")
    return found


def _extend_ref(ref: Ref, step: Step) -> Any:
    if isinstance(step, Index) and is_pending(step.key):
        return as_unknown(step.key)
    if ref.prefix or ref.suffix:
        return as_unknown(ref)
    return Ref(ref.address, (*ref.path, _path_key(step)))


def _show(step: Step) -> str:
    return repr(step.key) if isinstance(step, Index) else "*"


def lookup(value: Any, step: Step) -> Any:
    """value.name / value[key]; MISSING when the key or index is absent."""
    if isinstance(step, Splat):
        raise EvalFailure("unexpected splat")
    if isinstance(step, Index) and is_pending(step.key):
        return as_unknown(step.key)
    if isinstance(value, dict):
        key = step.name if isinstance(step, Attr) else to_str(step.key)
        return value.get(key, MISSING)
    if isinstance(value, list) and isinstance(step, Index):
        index = to_number(step.key)
        if not isinstance(index, int) or index < 0:
            raise EvalFailure(f"invalid list index {step.key!r}")
        return value[index] if index < len(value) else MISSING
    if value is None:
        raise EvalFailure("attempt to get an element of a null value")
    what = f".{step.name}" if isinstance(step, Attr) else f"[{_show(step)}]"
    raise EvalFailure(f"cannot use {what} on a {type_name(value)} value")
