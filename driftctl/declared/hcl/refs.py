"""References into declared resources: the steps after `aws_s3_bucket.b` (Terraform's).

`aws_s3_bucket.b["k"].arn` is a root (`aws_s3_bucket`) and steps (`["k"]`, `.arn`). On a
resource with count or for_each a step picks one instance (or a splat takes them all). On a
declared resource instance the steps resolve to the value written in the target's
configuration when it sets that attribute, otherwise to a `Ref` that matching resolves.
An attribute the configuration sets to null that the provider computes (`ipv6_cidr_block
= null` on an aws_vpc) is a `Ref` too: Terraform knows it only after apply. An attribute
the provider's schema marks sensitive (`aws_db_instance.x.password`) gives a sensitive
value.

The steps on plain values are the language's (lang/traverse.py); `traverse` here is what
a scope answers when the language's traversal meets a declared resource.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from driftctl.core import sensitive
from driftctl.core.model import Ref, Unknown
from driftctl.declared.hcl.computed import is_computed
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.traverse import (
    Attr,
    Index,
    Splat,
    Step,
    Traverser,
    apply_splat,
    apply_step,
    apply_steps,
    index,
    path_key,
)
from driftctl.declared.hcl.lang.types import CSet, is_null
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    Instance,
    ResourceBlock,
    as_unknown,
    is_pending,
    mark_if,
    ref_text,
    to_number,
    to_str,
    unmark,
)

MISSING: Any = object()  # "not set in the configuration"


class AttrSource(Traverser, Protocol):
    def resource_attr(self, instance: Instance, name: str) -> Any:
        """The evaluated attribute of a declared instance, or MISSING if it does not set it.

        A source may also have `bound_value(ref, sensitive)`: ref's live value once its
        resource is matched (driftctl.declared.binding), else ref itself (module instances
        have it); sensitive: the value is, and is recorded masked."""


def traverse(value: Any, steps: Sequence[Step], at: int, source: AttrSource) -> tuple[Any, int]:
    """Traverser.traverse for a scope whose resources are `source`'s: steps[at] into a
    declared resource, a ResourceBlock (a splat over its instances, or one instance
    picked by its count index or for_each key) or an Instance (the attribute path up to
    the next splat, resolved as `_resolve` says)."""
    if isinstance(value, ResourceBlock) and value.expansion is None:
        value = value.instance()
    step = steps[at]
    if isinstance(step, Splat):
        if isinstance(value, ResourceBlock):
            items = _splat_block(value)
            if isinstance(items, Unknown):
                return items, at + 1
            return [apply_steps(item, step.steps, source) for item in items], at + 1
        return apply_splat(value, step, source), at + 1
    if isinstance(value, ResourceBlock):
        return _select(value, step), at + 1
    end = _path_end(steps, at)
    return _resolve(value, steps[at:end], source), end


def _path_end(steps: Sequence[Step], start: int) -> int:
    end = start
    while end < len(steps) and not isinstance(steps[end], Splat):
        end += 1
    return end


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
        keys.append(path_key(step))
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
