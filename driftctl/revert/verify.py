"""Fresh reads of the touched units, spliced into the scan, and what is still not reverted.

The verifying re-scan reads exactly the units a plan touched and puts them in place of
what the scan had read of them; everything else stays as scanned, so matching (and the
Refs it resolves) works exactly as in the scan. Whatever revert drift is left for the
touched resources did not converge.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from driftctl.base.calls import Unit
from driftctl.core.model import Drift, Resource
from driftctl.engine.scopes import LiveRun
from driftctl.resources.registry import TYPES
from driftctl.revert.actions import REVERTS
from driftctl.revert.planner import Plan, selected
from driftctl.revert.readers import Reader
from driftctl.util.globs import Glob

UnitKey = tuple[str, str]  # (scan, id)


def resolved(units: Iterable[Unit], outputs: Mapping[str, Any]) -> list[Unit]:
    """Units with the ids of resources the plan created filled in (unmade ones dropped)."""
    out = []
    for unit in units:
        if unit.id is None and unit.pending and isinstance(outputs.get(unit.pending), str):
            unit = dataclasses.replace(unit, id=outputs[unit.pending])
        if unit.id is not None:
            out.append(unit)
    return sorted(set(out))


def read_units(reader: Reader, units: Iterable[Unit]) -> dict[Unit, list[Resource]]:
    return {unit: reader.unit(unit) for unit in sorted(set(units)) if unit.id is not None}


def unit_key(rtype: str, rid: str | None, attrs: Mapping[str, Any]) -> UnitKey | None:
    if rid is None:
        return None
    return (TYPES[rtype].scan, REVERTS[rtype].unit_id(rid, dict(attrs)))


def splice(run: LiveRun, account: str, fresh: Mapping[Unit, list[Resource]]) -> LiveRun:
    """The scan with the fresh reads in place of what it had read of those units."""
    keys = {(u.scan, u.id) for u in fresh}
    state = run.states[account]
    kept = [r for r in state.resources if unit_key(r.type, r.id, r.attrs) not in keys]
    added = [dataclasses.replace(r, account=account) for rs in fresh.values() for r in rs]
    states = {**run.states, account: dataclasses.replace(state, resources=kept + added)}
    return dataclasses.replace(run, states=states)


def leftovers(
    plan: Plan, drifts: Sequence[Drift], only: Sequence[Glob], touched: Iterable[Unit]
) -> list[str]:
    """Revert drifts still there for what the plan touched, as one line each."""
    steps = {(s.type, s.address or s.id) for s in plan.steps}
    units = {(u.scan, u.id) for u in touched}
    out = []
    for d in selected(drifts, only):
        if d.observe_only:
            continue
        if (d.type, d.address or d.id) in steps or unit_key(d.type, d.id, {}) in units:
            where = d.address or f"{d.type}.{d.id}"
            paths = ", ".join(c.path for c in d.changes)
            out.append(f"{d.kind} {where}" + (f" ({paths})" if paths else ""))
    return out
