"""How a canonical type is reverted, as data plus small functions (docs/architecture.md §3).

A `RevertSpec` says, for one canonical type:

- `updaters`: which API calls change which attributes in place (`before` -> `after`);
- `fixed`: attributes no API changes in place, and why;
- `create`: the calls that re-create it from a fully known declared state, and the state
  AWS gives it right after (the updaters then converge that state to the declared one);
- `delete`: the calls that delete it (its children given), or why it must not be;
- `facts`: read-only calls the plan needs first (is the bucket empty? how many versions
  does the policy have?), recorded in the plan so it is reproducible.

The three generic functions below read a spec; nothing else knows a type.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any

from driftctl.core.model import Ref, Resource, Unknown, is_known
from driftctl.engine.diff import compare
from driftctl.revert.calls import Attrs, Call, Ctx, Pending

Handler = Callable[[Ctx, Attrs, Attrs], list[Call]]  # (ctx, before, after) -> calls


class CannotRevert(Exception):
    """Raised by a handler for a change no API makes (the reason is the message)."""


@dataclasses.dataclass(frozen=True)
class Updater:
    attrs: tuple[str, ...]  # any of them differing calls `calls` (once)
    calls: Handler


@dataclasses.dataclass(frozen=True)
class Fact:
    """A read the plan needs: `params` returns None when the fact is not needed."""

    name: str
    service: str
    operation: str
    params: Callable[[Ctx, Attrs], dict[str, Any] | None]
    when: frozenset[str]  # "update" | "create" | "delete"
    absent: frozenset[str] = frozenset()  # error codes that mean "none" (response None)


def _never(ctx: Ctx, attrs: Attrs, children: list[Resource]) -> str | None:
    return None


def no_calls(ctx: Ctx, desired: Attrs) -> list[Call]:
    """Create.calls of a setting that exists as soon as its parent does: the updaters
    alone put its values."""
    return []


@dataclasses.dataclass(frozen=True)
class Create:
    calls: Callable[[Ctx, Attrs], list[Call]]
    fresh: Callable[[Attrs], Attrs]  # the state right after `calls`, before the updaters
    new_id: Callable[[Ctx, Attrs], str | Pending]
    required: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Delete:
    calls: Callable[[Ctx, Attrs, list[Resource]], list[Call]]  # (ctx, live, live children)
    refuse: Callable[[Ctx, Attrs, list[Resource]], str | None] = _never
    # deleting the parent deletes this too (a bucket's settings): never deleted on its own
    with_parent: bool = False
    # AWS refuses to delete it while it has children (a zone's record sets): its live
    # children are deleted first, each by its own type's Delete, except those AWS made
    # itself and removes with it (a zone's apex NS and SOA); one that must not be deleted
    # keeps the parent too
    children_first: bool = False


def _same_id(rid: str, attrs: Attrs) -> str:
    return rid


@dataclasses.dataclass(frozen=True)
class RevertSpec:
    type: str
    updaters: tuple[Updater, ...] = ()
    fixed: Mapping[str, str] = dataclasses.field(default_factory=dict)
    create: Create | None = None
    delete: Delete | None = None
    facts: tuple[Fact, ...] = ()
    # the id of the read unit holding it (a bucket setting's bucket, a role policy's role)
    unit_id: Callable[[str, Attrs], str] = _same_id


@dataclasses.dataclass
class Outcome:
    calls: list[Call] = dataclasses.field(default_factory=list)
    refusals: list[str] = dataclasses.field(default_factory=list)

    def extend(self, other: Outcome) -> None:
        self.calls.extend(other.calls)
        self.refusals.extend(other.refusals)


def same(a: Any, b: Any) -> bool:
    """Equal as the diff sees it (Terraform's "3600" == 3600), every key counted."""
    return not any(compare("", b, a, True))


def update(
    spec: RevertSpec,
    compared: frozenset[str],
    ctx: Ctx,
    before: Attrs,
    after: Attrs,
    verbatim: Attrs | None = None,
) -> Outcome:
    """The calls that turn `before` into `after`, for the compared attrs `after` sets.

    `verbatim` holds values to write as they are instead of their normalized form in
    `after` (an undo writes a policy document back byte for byte)."""
    changed = sorted(a for a in compared if a in after and not same(before.get(a), after[a]))
    out = Outcome()
    unknown = [a for a in changed if not is_known(after[a])]
    if unknown:
        why = unknown_reason(after[unknown[0]])
        out.refusals.append(f"cannot revert {ctx.label}: {unknown[0]} unknown ({why})")
        return out
    covered: set[str] = set()
    target = {**after, **(verbatim or {})}
    for updater in spec.updaters:
        if any(a in changed for a in updater.attrs):
            covered.update(updater.attrs)
            try:
                out.calls.extend(updater.calls(ctx, before, target))
            except CannotRevert as exc:
                out.refusals.append(f"cannot revert {ctx.label}: {exc}")
    for attr in changed:
        if attr not in covered:
            why = spec.fixed.get(attr, "no AWS API changes it")
            out.refusals.append(f"cannot revert {attr} of {ctx.label} in place: {why}")
    return out


def create(
    spec: RevertSpec,
    compared: frozenset[str],
    ctx: Ctx,
    desired: Attrs,
    verbatim: Attrs | None = None,
) -> Outcome:
    """The calls that re-create a resource from its declared state, or why they cannot."""
    if spec.create is None:
        return Outcome(refusals=[f"{ctx.label}: cannot re-create: not supported for {spec.type}"])
    for attr in (*spec.create.required, *sorted(compared)):
        value = desired.get(attr)
        if not is_known(value) or (attr in spec.create.required and value is None):
            why = unknown_reason(value)
            detail = f" ({why})" if why else ""
            return Outcome(refusals=[f"{ctx.label}: cannot re-create: {attr} unknown{detail}"])
    out = Outcome(calls=spec.create.calls(ctx, {**desired, **(verbatim or {})}))
    created = dataclasses.replace(ctx, id=spec.create.new_id(ctx, desired))
    out.extend(update(spec, compared, created, spec.create.fresh(desired), desired, verbatim))
    return out


def delete(spec: RevertSpec, ctx: Ctx, live: Attrs, children: list[Resource]) -> Outcome:
    if spec.delete is None:
        return Outcome(refusals=[f"cannot delete {ctx.label}: not supported for {spec.type}"])
    refusal = spec.delete.refuse(ctx, live, children)
    if refusal:
        return Outcome(refusals=[refusal])
    out = _children_deleted(ctx, children) if spec.delete.children_first else Outcome()
    if not out.refusals:
        out.calls.extend(spec.delete.calls(ctx, live, children))
    return out


def _children_deleted(ctx: Ctx, children: list[Resource]) -> Outcome:
    """The deletes of a parent's children that AWS does not remove with it (Delete.
    children_first), in a stable order; or why the parent cannot be deleted."""
    from driftctl.resources.registry import REVERTS, TYPES  # it imports the type modules

    out = Outcome()
    for child in sorted(children, key=lambda r: (r.type, str(r.id))):
        if TYPES[child.type].is_aws_default(child):
            continue
        label = f"{child.type}.{child.id}"
        got = delete(
            REVERTS[child.type],
            dataclasses.replace(ctx, id=str(child.id), label=label, facts={}),
            child.attrs,
            [],
        )
        if got.refusals:
            return Outcome(refusals=[f"cannot delete {ctx.label}: {r}" for r in got.refusals])
        out.calls.extend(got.calls)
    return out


# -- small helpers the type modules share ---------------------------------------------


def unknown_reason(value: Any) -> str | None:
    """Why the first Unknown (or unresolved Ref) inside value is unknown."""
    if isinstance(value, Unknown):
        return value.reason
    if isinstance(value, Ref):
        return f"{value.expression} is known after apply"
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        why = unknown_reason(item)
        if why:
            return why
    return None


def document(policy: Any) -> str:
    """A policy document as the JSON text AWS takes (a string is sent as it is)."""
    return policy if isinstance(policy, str) else json.dumps(policy)


def as_bool(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() == "true"
    return bool(value)


def as_int(value: Any) -> int:
    return int(value)


def tag_list(tags: Mapping[str, Any]) -> list[dict[str, str]]:
    return [{"Key": k, "Value": str(v)} for k, v in sorted(tags.items())]


def tag_delta(before: Attrs, after: Attrs) -> tuple[dict[str, str], list[str]]:
    """(tags to set, keys to remove) that turn before's tags into after's."""
    old = before.get("tags") or {}
    new = after.get("tags") or {}
    to_set = {k: str(v) for k, v in sorted(new.items()) if k not in old or not same(old[k], v)}
    to_remove = sorted(k for k in old if k not in new)
    return to_set, to_remove
