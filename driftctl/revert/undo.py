"""`driftctl revert --undo JOURNAL`: put back the live state a journal recorded.

The same machinery as a revert, with the journal as the declared side: for every
resource of every journaled unit, the calls that turn what is live now into what was live
before: an update when both exist, a re-creation when it was deleted, a deletion when
the revert created it. A child goes with its parent: deleting a role removes its
policies, deleting a bucket its settings.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from driftctl.model import Resource
from driftctl.resources.registry import TYPES
from driftctl.revert import spec as revert
from driftctl.revert.actions import REVERTS, rank
from driftctl.revert.calls import Ctx, Pending, Unit
from driftctl.revert.journal import Entry, JournalData
from driftctl.revert.planner import Plan, Step
from driftctl.revert.readers import Reader
from driftctl.revert.verify import resolved

Key = tuple[str, str]  # (type, id)


def _normalized(resources: Iterable[Resource]) -> dict[Key, Resource]:
    return {
        (r.type, str(r.id)): dataclasses.replace(r, attrs=TYPES[r.type].normalize(dict(r.attrs)))
        for r in resources
    }


# documents an undo writes back exactly as they were (not in canonical form)
VERBATIM = ("policy", "assume_role_policy")


def _verbatim(r: Resource) -> dict[str, Any]:
    return {k: r.attrs[k] for k in VERBATIM if r.attrs.get(k) is not None}


def _parent_key(r: Resource) -> Key | None:
    parent = TYPES[r.type].parent
    return (parent[0], str(r.attrs.get(parent[1]))) if parent else None


def plan_undo(
    data: JournalData, reader: Reader, account: str
) -> tuple[Plan, dict[Unit, list[Resource]]]:
    """The undo plan, and what is live now of every journaled unit (for the new journal)."""
    outputs = data.outputs
    steps: list[Step] = []
    now_reads: dict[Unit, list[Resource]] = {}
    for entry in data.entries:
        units = resolved([entry.unit], outputs)
        unit = units[0] if units else None
        now = reader.unit(unit) if unit else []
        if unit is not None:
            now_reads[unit] = now
        steps.extend(_entry_steps(entry, unit, now, reader, account))
    return Plan(sorted(steps, key=lambda s: s.order)), now_reads


def _entry_steps(
    entry: Entry, unit: Unit | None, now_list: list[Resource], reader: Reader, account: str
) -> list[Step]:
    before, now = _normalized(entry.before), _normalized(now_list)
    raw = {(r.type, str(r.id)): r for r in entry.before}
    region = (unit or entry.unit).region
    created = {k for k in now if k not in before}  # made by the revert: to delete
    steps = []
    for key in sorted(set(before) | set(now), key=lambda k: (rank(k[0]), k[1])):
        b, n = before.get(key), now.get(key)
        rtype, spec = TYPES[key[0]], REVERTS[key[0]]
        ctx = Ctx(key[1], region, f"{key[0]}.{key[1]}", account)
        if b is not None and n is not None:
            ctx = dataclasses.replace(ctx, facts=reader.facts(spec, ctx, n.attrs, "update"))
            out = revert.update(spec, rtype.compared, ctx, n.attrs, b.attrs, _verbatim(raw[key]))
            kind, step_unit = "changed", unit or entry.unit
        elif b is not None:
            out = revert.create(spec, rtype.compared, ctx, b.attrs, _verbatim(raw[key]))
            kind, step_unit = "missing", _created_unit(spec, ctx, b, region, entry.unit)
        else:
            assert n is not None
            if _parent_key(n) in created:
                continue  # deleted with its parent
            children = [r for r in now.values() if _parent_key(r) == key]
            ctx = dataclasses.replace(ctx, facts=reader.facts(spec, ctx, n.attrs, "delete"))
            out = revert.delete(spec, ctx, n.attrs, children)
            kind, step_unit = "unmanaged", unit or entry.unit
        if out.calls or out.refusals:
            steps.append(_step(kind, key, ctx, out, step_unit))
    return steps


def _created_unit(
    spec: revert.RevertSpec, ctx: Ctx, b: Resource, region: str, fallback: Unit
) -> Unit:
    if spec.create is None:
        return fallback
    new_id = spec.create.new_id(ctx, b.attrs)
    if isinstance(new_id, Pending):
        return Unit(fallback.scan, region, None, new_id.name)
    return fallback


def _step(kind: str, key: Key, ctx: Ctx, out: revert.Outcome, unit: Unit) -> Step:
    return Step(
        kind=kind,
        type=key[0],
        label=ctx.label,
        id=key[1],
        rule=None,
        calls=tuple(out.calls),
        refusals=tuple(out.refusals),
        units=(unit,),
        facts={ctx.label: dict(ctx.facts)} if ctx.facts else {},
    )


def _shape(r: Resource) -> dict[str, Any]:
    compared = TYPES[r.type].compared
    return {k: v for k, v in r.attrs.items() if k in compared}


def not_restored(data: JournalData, fresh: Mapping[Unit, list[Resource]]) -> list[str]:
    """What differs from the journaled state, read fresh after an undo: one line each."""
    expected = _normalized(r for e in data.entries for r in e.before)
    actual = _normalized(r for rs in fresh.values() for r in rs)
    out = []
    unmatched = dict(actual)
    for key, b in sorted(expected.items()):
        n = unmatched.pop(key, None)
        if n is None:  # re-created under a new id: same type, same compared attributes
            twin = next(
                (
                    k
                    for k, r in sorted(unmatched.items())
                    if k[0] == key[0] and revert.same(_shape(r), _shape(b))
                ),
                None,
            )
            n = unmatched.pop(twin) if twin else None
            if n is None:
                out.append(f"not restored: {key[0]}.{key[1]} does not exist")
                continue
        differs = sorted(
            k
            for k in set(_shape(b)) | set(_shape(n))
            if not revert.same(_shape(n).get(k), _shape(b).get(k))
        )
        if differs:
            out.append(f"not restored: {key[0]}.{key[1]} ({', '.join(differs)})")
    for key in sorted(unmatched):
        out.append(f"not restored: {key[0]}.{key[1]} exists but did not before")
    return out
