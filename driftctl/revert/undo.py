"""`driftctl revert --undo JOURNAL`: put back the live state a journal recorded.

The same machinery as a revert, with the journal as the declared side: for every
resource of every journaled unit, the calls that turn what is live now into what was live
before: an update when both exist, a re-creation when it was deleted, a deletion when
the revert created it. A child goes with its parent: deleting a role removes its
policies, deleting a bucket its settings.

A resource re-created gets a new id (a VPC, a subnet, a group): every journaled value
equal to its old id (a subnet's vpc_id, a rule's source group) is rewritten to the new one
(the id the creating call returns, or the id an earlier undo of the same journal gave it),
so children are re-created in the new parent. A resource that held data (a table, a
queue: ResourceType.holds_data) comes back empty, and the plan says so; deleting one the
revert created takes `--delete-data TYPE.ID`, as a revert's delete does. An undo records
where its own journal is in the journal it undoes, so a retry after an undo stopped
midway finds what that undo re-created (by the ids its journal recorded) and does not
create it again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from driftctl.base.calls import Ctx, Pending, Unit
from driftctl.base.revert import RevertSpec, same
from driftctl.core.model import Resource
from driftctl.resources.registry import TYPES
from driftctl.revert import spec as revert
from driftctl.revert.actions import REVERTS, rank
from driftctl.revert.journal import Entry, JournalData
from driftctl.revert.planner import Plan, Step, data_refusal
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


def renamed_ids(data: JournalData, outputs: Mapping[str, Any]) -> dict[str, str]:
    """Old id -> new id of each journaled resource an undo re-created (`outputs`: those of
    the undo runs, by the Pending names the re-creation used)."""
    out = {}
    for r in (r for e in data.entries for r in e.before):
        new = outputs.get(_pending_name(r.type, str(r.id)))
        if isinstance(new, str) and r.id is not None:
            out[str(r.id)] = new
    return out


def _pending_name(rtype: str, rid: str) -> str:
    """The Pending name a re-creation of (rtype, rid) produces its new id under (the type
    modules name it after the step's label, `type.old-id`)."""
    return f"{rtype}.{rid}.id"


def rewrite(value: Any, ids: Mapping[str, Any]) -> Any:
    """value with every string equal to an old id replaced by its new id (or Pending)."""
    if isinstance(value, str):
        return ids.get(value, value)
    if isinstance(value, dict):
        return {k: rewrite(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [rewrite(v, ids) for v in value]
    return value


LOST = "re-created empty: the data is lost"


def plan_undo(
    data: JournalData,
    reader: Reader,
    account: str,
    earlier: Mapping[str, Any] | None = None,
    delete_data: frozenset[str] = frozenset(),
) -> tuple[Plan, dict[Unit, list[Resource]]]:
    """The undo plan, and what is live now of every journaled unit (for the new journal).

    `earlier`: the outputs of earlier undo runs of this journal (journal.earlier_outputs):
    what they re-created is read under its new id, not created again. delete_data:
    --delete-data TYPE.ID, the resources holding data the undo may delete."""
    outputs = data.outputs
    moved = renamed_ids(data, earlier or {})
    reads: list[tuple[Entry, Unit | None, list[Resource]]] = []
    now_reads: dict[Unit, list[Resource]] = {}
    for entry in data.entries:
        units = resolved([entry.unit], outputs)
        unit = units[0] if units else None
        if unit is not None and unit.id in moved:
            unit = dataclasses.replace(unit, id=moved[unit.id])
        now = reader.unit(unit) if unit else []
        if unit is not None:
            now_reads[unit] = now
        reads.append((entry, unit, now))
    back = {new: old for old, new in moved.items()}
    live_keys = {(r.type, back.get(str(r.id), str(r.id))) for _, _, now in reads for r in now}
    # what this run re-creates: its children take the Pending id of the new parent
    ids: dict[str, Any] = dict(moved)
    for r in (r for e in data.entries for r in e.before):
        key = (r.type, str(r.id))
        spec = REVERTS[r.type]
        if key not in live_keys and key[1] not in moved and spec.create is not None:
            ctx = Ctx(key[1], "", f"{key[0]}.{key[1]}", account)
            new_id = spec.create.new_id(ctx, dict(r.attrs))
            if isinstance(new_id, Pending):
                ids[key[1]] = new_id
    steps: list[Step] = []
    for entry, unit, now in reads:
        steps.extend(_entry_steps(entry, unit, now, reader, account, ids, back, delete_data))
    ordered = _orphans_refused(sorted(steps, key=lambda s: s.order))
    return Plan(ordered, lost(ordered)), now_reads


def lost(steps: Iterable[Step]) -> list[str]:
    """One line for each resource that held data and is re-created: it comes back empty."""
    return [
        f"{s.label}: {LOST}" for s in steps if s.kind == "missing" and s.calls and _data(s.type)
    ]


def _data(rtype: str) -> bool:
    return TYPES[rtype].holds_data


def _orphans_refused(steps: list[Step]) -> list[Step]:
    """A step waiting for an id no earlier call produces (its parent's re-creation was
    refused) is refused too, never sent with a placeholder."""
    produced: set[str] = set()
    out = []
    for step in steps:
        waits = sorted({p.name for c in step.calls for p in _pendings(c.params)} - produced)
        if waits:
            parent = waits[0].removesuffix(".id")
            why = f"{step.label}: cannot re-create: {parent} is not re-created"
            step = dataclasses.replace(step, calls=(), refusals=(*step.refusals, why))
        produced.update(name for c in step.calls for name in c.outputs)
        out.append(step)
    return out


def _pendings(value: Any) -> list[Pending]:
    if isinstance(value, Pending):
        return [value]
    if isinstance(value, Mapping):
        return [p for v in value.values() for p in _pendings(v)]
    if isinstance(value, (list, tuple)):
        return [p for v in value for p in _pendings(v)]
    return []


def _entry_steps(
    entry: Entry,
    unit: Unit | None,
    now_list: list[Resource],
    reader: Reader,
    account: str,
    ids: Mapping[str, Any],  # old id -> new id (or Pending) of what is re-created
    back: Mapping[str, str],  # new id -> old id of what an earlier undo re-created
    delete_data: frozenset[str] = frozenset(),
) -> list[Step]:
    journaled = [dataclasses.replace(r, attrs=rewrite(r.attrs, ids)) for r in entry.before]
    before = _normalized(journaled)
    now = {
        (k[0], back.get(k[1], k[1])): r
        for k, r in _normalized(now_list).items()  # keyed by the journaled (old) id
    }
    raw = {(r.type, str(r.id)): r for r in journaled}
    region = (unit or entry.unit).region
    created = {k for k in now if k not in before}  # made by the revert: to delete
    steps = []
    for key in sorted(set(before) | set(now), key=lambda k: (rank(k[0]), k[1])):
        b, n = before.get(key), now.get(key)
        rtype, spec = TYPES[key[0]], REVERTS[key[0]]
        if (b is None or n is None) and _aws_made(b or n):
            continue  # AWS makes and removes it with its parent (a zone's apex NS and SOA)
        live_id = str(n.id) if n is not None else key[1]
        ctx = Ctx(live_id, region, f"{key[0]}.{key[1]}", account)
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
            kind, step_unit = "unmanaged", unit or entry.unit
            if _data(key[0]) and ctx.label not in delete_data:  # with what was written since
                out = revert.Outcome(refusals=[data_refusal(ctx.label)])
            else:
                ctx = dataclasses.replace(ctx, facts=reader.facts(spec, ctx, n.attrs, "delete"))
                out = revert.delete(spec, ctx, n.attrs, children)
        if out.calls or out.refusals:
            steps.append(_step(kind, key, ctx, out, step_unit))
    return steps


def _aws_made(r: Resource | None) -> bool:
    return r is not None and TYPES[r.type].is_aws_default(r)


def _created_unit(spec: RevertSpec, ctx: Ctx, b: Resource, region: str, fallback: Unit) -> Unit:
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


def not_restored(
    data: JournalData,
    fresh: Mapping[Unit, list[Resource]],
    moved: Mapping[str, str] | None = None,  # old id -> new id of what an undo re-created
) -> list[str]:
    """What differs from the journaled state, read fresh after an undo: one line each."""
    moved = moved or {}
    back = {new: old for old, new in moved.items()}
    expected = _normalized(
        dataclasses.replace(r, attrs=rewrite(r.attrs, moved))
        for e in data.entries
        for r in e.before
        if not _aws_made(r)  # AWS's own values (a re-created zone has new name servers)
    )
    actual = {
        (k[0], back.get(k[1], k[1])): r
        for k, r in _normalized(r for rs in fresh.values() for r in rs if not _aws_made(r)).items()
    }
    out = []
    unmatched = dict(actual)
    for key, b in sorted(expected.items()):
        n = unmatched.pop(key, None)
        if n is None:  # re-created under a new id: same type, same compared attributes
            twin = next(
                (
                    k
                    for k, r in sorted(unmatched.items())
                    if k[0] == key[0] and same(_shape(r), _shape(b))
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
            if not same(_shape(n).get(k), _shape(b).get(k))
        )
        if differs:
            out.append(f"not restored: {key[0]}.{key[1]} ({', '.join(differs)})")
    for key in sorted(unmatched):
        out.append(f"not restored: {key[0]}.{key[1]} exists but did not before")
    return out
