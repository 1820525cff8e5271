"""From decided drifts to a revert plan: ordered steps of exact API calls.

Only drifts whose action is `revert` are planned. A changed resource is updated toward
live-with-the-reverted-changes-undone (driftctl.revert.merge); a missing one is
re-created with its declared children when its declared state fully determines it (a
missing child of a missing parent is re-created with it, never on its own); an
unmanaged one is deleted only when the rule that decided it names `kind: unmanaged`
explicitly, the declared state is complete for its type (World.unfounded_delete) and,
for a type that holds data, `--delete-data TYPE.ID` names it. Observe-only resources are
never touched. Steps run creates first (parents before children), then updates, then
deletes (children before parents), each group in a stable order, so the same inputs
always give the same plan.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from driftctl.attribution.text import who_line
from driftctl.base.calls import Call, Ctx, Pending, Unit
from driftctl.core import sensitive
from driftctl.core.model import Change, Drift, Resource
from driftctl.errors import DriftctlError
from driftctl.resources.registry import TYPES
from driftctl.revert import guards
from driftctl.revert import spec as revert
from driftctl.revert.actions import REVERTS, rank
from driftctl.revert.merge import desired_attrs
from driftctl.revert.readers import Reader
from driftctl.revert.state import World, call_region, declared_id, label
from driftctl.rules.policy import Policy
from driftctl.util.globs import Glob

PHASES = {"missing": 0, "changed": 1, "unmanaged": 2}


@dataclasses.dataclass(frozen=True)
class Step:
    kind: str
    type: str
    label: str
    id: str | None
    rule: str | None
    address: str | None = None
    changes: tuple[Change, ...] = ()
    calls: tuple[Call, ...] = ()
    refusals: tuple[str, ...] = ()
    units: tuple[Unit, ...] = ()
    facts: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    # the texts of the sensitive values this step reads or writes: never shown
    secrets: frozenset[str] = dataclasses.field(default=frozenset(), compare=False)
    # who caused its drift, in the words of every output (--attribute; else None)
    who: str | None = dataclasses.field(default=None, compare=False)

    @property
    def order(self) -> tuple[int, int, str]:
        position = rank(self.type)
        return (PHASES[self.kind], -position if self.kind == "unmanaged" else position, self.label)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "type": self.type,
            "label": self.label,
            "id": self.id,
            "address": self.address,
            "rule": self.rule,
            "changes": [c.to_json() for c in self.changes],
            "calls": [c.to_json() for c in self.calls],
            "refusals": list(self.refusals),
            "units": [u.to_json() for u in self.units],
            "facts": dict(self.facts),
        }


@dataclasses.dataclass
class Plan:
    steps: list[Step]
    notes: list[str] = dataclasses.field(default_factory=list)  # drifts left alone, and why

    @property
    def calls(self) -> list[Call]:
        return [c for s in self.steps for c in s.calls]

    @property
    def units(self) -> list[Unit]:
        return sorted({u for s in self.steps for u in s.units})

    @property
    def refusals(self) -> list[str]:
        return [r for s in self.steps for r in s.refusals]

    @property
    def secrets(self) -> frozenset[str]:
        """The texts of every sensitive value the plan reads or writes (never shown)."""
        return frozenset().union(*(s.secrets for s in self.steps))

    def to_json(self) -> dict[str, Any]:
        return {"steps": [s.to_json() for s in self.steps], "notes": list(self.notes)}


def selected(drifts: Sequence[Drift], only: Sequence[Glob]) -> list[Drift]:
    """Drifts to revert, rule-split parts of one resource joined, --only applied."""
    groups: dict[tuple[Any, ...], Drift] = {}
    for d in drifts:
        if d.action != "revert" or not guards.wanted(d, only):
            continue
        key = (d.kind, d.type, d.account, d.region, d.address, d.id)
        if key in groups:
            first = groups[key]
            rules = sorted({r for r in (first.rule, d.rule) if r})
            changes = tuple(sorted({*first.changes, *d.changes}, key=lambda c: c.path))
            groups[key] = dataclasses.replace(first, changes=changes, rule=",".join(rules) or None)
        else:
            groups[key] = d
    return [groups[k] for k in sorted(groups, key=lambda k: tuple(str(p) for p in k))]


def plan(
    drifts: Sequence[Drift],
    world: World,
    reader: Reader,
    policy: Policy,
    account: str = "",
    delete_data: frozenset[str] = frozenset(),  # --delete-data TYPE.ID
) -> Plan:
    notes: list[str] = []
    steps: list[Step] = []
    created = {(d.type, d.address) for d in drifts if d.kind == "missing" and not d.observe_only}
    for drift in drifts:
        where = drift.address or f"{drift.type}.{drift.id}"
        if drift.observe_only:
            notes.append(f"not reverting {where}: declared observe-only")
            continue
        parent = world.missing_parent(drift) if drift.kind == "missing" else None
        if parent is not None:  # re-created with its parent, or not at all
            if (parent.type, parent.address) in created:
                notes.append(f"{where} is re-created with {label(parent)}")
            else:
                refusal = (
                    f"not re-creating {where}: {label(parent)} is missing too (a revert "
                    f"of {label(parent)} re-creates it with its children)"
                )
                steps.append(_step(drift, where, revert.Outcome(refusals=[refusal])))
            continue
        planner = _PLANNERS[drift.kind]
        if drift.kind == "unmanaged":
            planner = functools.partial(_unmanaged, delete_data=delete_data)
        step = planner(drift, world, reader, policy, account)
        if isinstance(step, str):
            notes.append(step)
        else:
            steps.append(step)
    return Plan(sorted(steps, key=lambda s: s.order), notes)


def _step(drift: Drift, where: str, out: revert.Outcome, **extra: Any) -> Step:
    return Step(
        kind=drift.kind,
        type=drift.type,
        label=where,
        id=drift.id,
        rule=drift.rule,
        address=drift.address,
        changes=drift.changes,
        calls=tuple(out.calls),
        refusals=tuple(out.refusals),
        who=who_line(drift),
        **extra,
    )


def _unit(rtype: str, region: str, rid: str | Pending | None, attrs: Mapping[str, Any]) -> Unit:
    scan = TYPES[rtype].scan
    if isinstance(rid, Pending):
        return Unit(scan, region, None, rid.name)
    return Unit(scan, region, REVERTS[rtype].unit_id(str(rid), dict(attrs)) if rid else None)


def _changed(
    drift: Drift, world: World, reader: Reader, policy: Policy, account: str
) -> Step | str:
    found = world.pair(drift)
    if found is None:
        return f"not reverting {drift.address}: not found in the scan"
    d, lv = found
    if d.observe_only:
        return f"not reverting {label(d)}: declared observe-only"
    rtype, spec = TYPES[drift.type], REVERTS[drift.type]
    region = call_region(world, drift, lv, d)
    desired = desired_attrs(rtype, d.attrs, lv.attrs, drift.changes)
    ctx = Ctx(str(lv.id), region, label(d), account)
    ctx = dataclasses.replace(ctx, facts=reader.facts(spec, ctx, lv.attrs, "update"))
    out = revert.update(spec, rtype.compared, ctx, lv.attrs, desired)
    unit = _unit(drift.type, region, lv.id, lv.attrs)
    secrets = _secrets(d, d.attrs, lv.attrs, whole=_sensitive_values(drift))
    return _step(drift, label(d), out, units=(unit,), facts=_facts(ctx), secrets=secrets)


def _missing(
    drift: Drift, world: World, reader: Reader, policy: Policy, account: str
) -> Step | str:
    d = world.missing(drift)
    if d is None:
        return f"not reverting {drift.address}: not found in the scan"
    if d.observe_only:
        return f"not reverting {label(d)}: declared observe-only"
    rtype, spec = TYPES[d.type], REVERTS[d.type]
    region = call_region(world, drift, d)
    rid = declared_id(d)
    ctx = Ctx(rid or label(d), region, label(d), account)
    out = revert.create(spec, rtype.compared, ctx, d.attrs)
    new_id = spec.create.new_id(ctx, d.attrs) if spec.create and not out.refusals else None
    units = [_unit(d.type, region, new_id, d.attrs)] if new_id else []
    secrets = _secrets(d, d.attrs)
    if not out.refusals and rid is not None:
        for child in sorted(world.declared_children(drift, d, rid), key=_child_order):
            child_id = declared_id(child) or rid
            cctx = Ctx(child_id, region, label(child), account)
            out.extend(
                revert.create(REVERTS[child.type], TYPES[child.type].compared, cctx, child.attrs)
            )
            secrets |= _secrets(child, child.attrs)
    return _step(drift, label(d), out, units=tuple(units), secrets=secrets)


def _child_order(r: Resource) -> tuple[int, str]:
    return (rank(r.type), label(r))


def _unmanaged(
    drift: Drift,
    world: World,
    reader: Reader,
    policy: Policy,
    account: str,
    delete_data: frozenset[str] = frozenset(),
) -> Step | str:
    where = f"{drift.type}.{drift.id}"
    if not _explicit_unmanaged(policy, drift.rule):
        return (
            f"not deleting unmanaged {where}: rule {drift.rule} does not name kind: unmanaged "
            "(deleting needs a rule that says so explicitly)"
        )
    lv = world.unmanaged(drift)
    if lv is None:
        return f"not deleting {where}: not found in the scan"
    unfounded = world.unfounded_delete(drift)
    if unfounded is not None:
        return _step(drift, where, revert.Outcome(refusals=[f"not deleting {where}: {unfounded}"]))
    if TYPES[lv.type].holds_data and where not in delete_data:
        return _step(drift, where, revert.Outcome(refusals=[data_refusal(where)]))
    spec = REVERTS[lv.type]
    region = call_region(world, drift, lv)
    ctx = Ctx(str(lv.id), region, where, account)
    ctx = dataclasses.replace(ctx, facts=reader.facts(spec, ctx, lv.attrs, "delete"))
    out = revert.delete(spec, ctx, lv.attrs, world.live_children(drift, lv))
    unit = _unit(lv.type, region, lv.id, lv.attrs)
    secrets = _secrets(lv, lv.attrs)
    return _step(drift, where, out, units=(unit,), facts=_facts(ctx), secrets=secrets)


def data_refusal(where: str) -> str:
    """Why a resource that holds data is not deleted, and how to delete it all the same."""
    return (
        f"not deleting {where}: it holds data, which a delete loses for good (an undo "
        f"re-creates it empty); no rule deletes data: pass --delete-data {where} to delete it"
    )


def check_delete_data(names: Sequence[str], plan_: Plan) -> None:
    """Refuse a --delete-data value naming no resource the plan would delete (a typo must
    not look like a data guard that held)."""
    deleted = sorted({s.label for s in plan_.steps if s.kind == "unmanaged"})
    for name in names:
        if name not in deleted:
            near = difflib.get_close_matches(name, deleted, n=1, cutoff=0.8)
            hint = f"did you mean {near[0]!r}?" if near else "name it TYPE.ID as the plan prints it"
            raise DriftctlError(f"--delete-data {name}: the plan deletes no such resource", hint)


def _sensitive_values(drift: Drift) -> list[Any]:
    """The values of the drift's sensitive changes (both sides)."""
    return [v for c in drift.changes if c.sensitive for v in (c.expected, c.actual)]


def _secrets(r: Resource, *attrs: Mapping[str, Any], whole: Sequence[Any] = ()) -> frozenset[str]:
    """The texts of r's sensitive values: at its sensitive paths in each of attrs (its
    declared and live attributes), and in the values given whole."""
    patterns = sensitive.of(r.type, r.sensitive)
    found = [v for a in attrs for v in sensitive.values_at(a, patterns)]
    found += [v for value in whole for v in sensitive.scalars(value)]
    return sensitive.secret_texts(found)


def _explicit_unmanaged(policy: Policy, names: str | None) -> bool:
    rules = {r.name: r for r in policy.rules}
    wanted = [rules.get(n) for n in (names or "").split(",") if n]
    return bool(wanted) and all(r is not None and "unmanaged" in r.match.kinds for r in wanted)


def _facts(ctx: Ctx) -> dict[str, Any]:
    return {ctx.label: dict(ctx.facts)} if ctx.facts else {}


_PLANNERS: dict[str, Callable[[Drift, World, Reader, Policy, str], Step | str]] = {
    "changed": _changed,
    "missing": _missing,
    "unmanaged": _unmanaged,
}
