"""The three generic functions that read a type's `RevertSpec` (driftctl/base/revert.py).

`update`, `create` and `delete` turn a spec, the live state and the declared state into
the calls a revert makes, or the reasons it cannot; nothing here knows a type.
"""

from __future__ import annotations

import dataclasses

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.revert import CannotRevert, RevertSpec, same, unknown_reason
from driftctl.core.model import Resource, is_known


@dataclasses.dataclass
class Outcome:
    calls: list[Call] = dataclasses.field(default_factory=list)
    refusals: list[str] = dataclasses.field(default_factory=list)

    def extend(self, other: Outcome) -> None:
        self.calls.extend(other.calls)
        self.refusals.extend(other.refusals)


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
