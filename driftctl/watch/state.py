"""The live state of one scan, kept current by events, and the drifts it holds.

`Watched` starts from a complete scan (its declared state bound, its live state, its
decided drifts). An event names the resources it wrote (events.writes); each is read
again as its read unit (the bucket with its settings, the role with its policies: what
the type's family reads together, revert's fresh read), spliced into the live state in
place of what was read of that unit before, and the report made again. The drifts that
appeared or changed are `drift` lines, those gone are `resolved` lines: a drift already
reported is not reported again until it changes or goes. A unit that could not be read
keeps its last state and its resources are `unknown` lines, never in sync.
"""

from __future__ import annotations

import collections
import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from driftctl.attribution.culprit import attribution
from driftctl.aws.canonical import Declared
from driftctl.aws.session import CallCounter, ClientFactory
from driftctl.base.calls import Unit
from driftctl.core.model import Drift, Report
from driftctl.engine import pipeline
from driftctl.engine.scopes import LiveRun
from driftctl.engine.selection import only_kinds
from driftctl.errors import DriftctlError
from driftctl.resources.registry import SCANS, TYPES
from driftctl.revert.readers import Reader
from driftctl.revert.verify import splice, unit_key
from driftctl.rules.policy import Policy, apply
from driftctl.settings import Selection
from driftctl.watch.events import Event, Write, id_forms, writes

SEEN_EVENTS = 100_000  # event ids remembered to drop a redelivered event
DriftKey = tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one event gave: its lines, the reads it made, and whether every read worked
    (if not, its message is tried again)."""

    lines: list[dict[str, Any]]
    calls: int = 0
    units: int = 0
    complete: bool = True
    duplicate: bool = False


def drift_key(d: Drift) -> DriftKey:
    return (*d.sort_key(), d.rule or "")


class Watched:
    def __init__(
        self,
        declared: Declared,
        run: LiveRun,
        report: Report,
        policy: Policy,
        selection: Selection,
        account: str,
        factory: ClientFactory,
        clock: Callable[[], float],
    ) -> None:
        self.declared, self.run, self.policy = declared, run, policy
        self.selection, self.account = selection, account
        self.factory, self.clock = factory, clock
        self.known: dict[DriftKey, Drift] = {drift_key(d): d for d in report.drifts}
        self.report = report  # the last report: what the report files (-o) show
        self.conn: Any = None  # the session start() opened: the actions' calls use it
        # as rendered, before binding: a full scan or a re-render binds it again
        self.rendered: Declared = declared
        self.unknown: set[tuple[str, str]] = set()  # (type, id) whose last read failed
        self.seen: collections.OrderedDict[str, None] = collections.OrderedDict()
        self.scopes = {region for _, region in run.pairs}
        self._units: dict[tuple[str, str], str | None] = {}  # (scan, unit id) -> region
        self._arns: dict[str, bool] = {}
        self._index(r for s in run.states.values() for r in s.resources)
        for r in declared.resources:
            if r.id:
                self._arns.setdefault(r.type, str(r.id).startswith("arn:"))

    def _index(self, resources: Iterable[Any]) -> None:
        for r in resources:
            key = unit_key(r.type, str(r.id), r.attrs) if r.id is not None else None
            if key is not None:
                self._units[key] = r.region
                self._arns.setdefault(r.type, str(r.id).startswith("arn:"))

    # -- which units an event wrote ----------------------------------------------------

    def _watched(self, rtype: str) -> bool:
        return self.run.types is None or rtype in self.run.types

    def units(self, event: Event) -> dict[Unit, list[tuple[str, str]]]:
        """The read units the event wrote, each with the (type, id)s it names in it.

        A unit already in the live state is read on any write; one not in it only on a
        create event (a resource made since the scan), never on a change or delete of a
        resource driftctl has not seen (a tag on a resource of another type)."""
        if event.account and event.account != self.account:
            return {}  # another account's resource: this watch did not scan it
        found: dict[Unit, list[tuple[str, str]]] = {}
        for write in writes(event):
            if not self._watched(write.type):
                continue
            for rid, key in self._ids(write):
                region = self._region(write.type, key, event)
                if region is not None:
                    found.setdefault(Unit(key[0], region, key[1]), []).append((write.type, rid))
        return found

    def _ids(self, write: Write) -> list[tuple[str, tuple[str, str]]]:
        """(id, read unit) of each resource the write names that is read again: one whose
        unit is in the live state, or a new one of the id's form the type has."""
        new = id_forms(write.named or write.all, self._arns.get(write.type, False))
        out = []
        for rid in sorted(write.all | new):
            key = unit_key(write.type, rid, {})
            if key is not None and (key in self._units or (write.kind == "create" and rid in new)):
                out.append((rid, key))
        return out

    def _region(self, rtype: str, key: tuple[str, str], event: Event) -> str | None:
        """Where the unit is read: its region in the live state, else the event's; None
        for a region this watch did not scan."""
        known = self._units.get(key)
        region = known or event.region
        if SCANS[TYPES[rtype].scan].global_service:
            return region or self.run.default_region
        if region is None or region not in self.scopes:
            return None
        return region

    # -- an event ------------------------------------------------------------------------

    def handle(self, event: Event) -> Outcome:
        """Read what the event wrote, and the lines of the drifts that changed."""
        if event.event_id in self.seen:
            return Outcome([], duplicate=True)
        units = self.units(event)
        counter = CallCounter()
        reader = Reader(self.factory, counter)
        fresh: dict[Unit, list[Any]] = {}
        failed: dict[Unit, str] = {}
        for unit in sorted(units):
            try:
                narrow = self._narrow(event, unit, units[unit], reader)
                fresh[unit] = reader.unit(unit) if narrow is None else narrow
            except DriftctlError as exc:
                failed[unit] = exc.message
        calls = sum(counter.calls.values())
        lines: list[dict[str, Any]] = []
        if fresh:
            appeared, gone = self.spliced(fresh)
            lines = [self.line(d, "drift", event) for d in appeared]
            lines += [self.line(d, "resolved", event) for d in gone]
        for unit, named in units.items():
            for rtype, rid in named:
                if unit in failed:
                    lines.extend(self._unknown(rtype, rid, unit.region, failed[unit], event))
                else:
                    self.unknown.discard((rtype, rid))
        if not failed:
            self._remember(event.event_id)
        return Outcome(lines, calls, len(units), complete=not failed)

    def _narrow(
        self, event: Event, unit: Unit, named: list[tuple[str, str]], reader: Reader
    ) -> list[Any] | None:
        """The unit as held with only what the event touched read again, where it names
        the unit's own resource alone, changes it (not a create or a delete), lists what
        it touches, and the type reads those attributes alone (family.ReadAttrs); else
        None: the whole unit is read."""
        key = (unit.scan, unit.id)
        held = [
            r
            for r in self.run.states[self.account].resources
            if unit_key(r.type, r.id, r.attrs) == key
        ]
        # types that share a read name the same id (a TagRole names a role, and a
        # service-linked role, which is one): the one the unit holds is the resource
        named = [(t, i) for t, i in named if any(r.type == t and str(r.id) == i for r in held)]
        if len(named) != 1:
            return None
        rtype, rid = named[0]
        events = TYPES[rtype].events
        touched = events.touched(event.name) if events is not None else None
        if touched is None or events is None or events.kind_of(event.name) != "change":
            return None
        own = [r for r in held if r.type == rtype and str(r.id) == rid == unit.id]
        if len(own) != 1:
            return None
        values = reader.attrs(unit, touched)
        if values is None:
            return None
        attrs = {k: v for k, v in own[0].attrs.items() if k not in values}
        attrs.update((k, v) for k, v in values.items() if v is not None)
        patched = dataclasses.replace(own[0], attrs=attrs)
        return [patched if r is own[0] else r for r in held]

    def _remember(self, event_id: str) -> None:
        self.seen[event_id] = None
        while len(self.seen) > SEEN_EVENTS:
            self.seen.popitem(last=False)

    def _report(self) -> Report:
        report = pipeline.scan_report(self.declared, self.run, self.selection)
        return only_kinds(apply(self.policy, report), self.selection.kinds)

    def spliced(self, fresh: Mapping[Unit, list[Any]]) -> tuple[list[Drift], list[Drift]]:
        """Fresh reads of these units (an event's, or a revert's verifying re-read) in
        place of what the live state held of them, the report made again: the drifts that
        appeared or changed, and those gone (as they were last reported)."""
        self.run = splice(self.run, self.account, fresh)
        self._index(r for rs in fresh.values() for r in rs)
        return self._since(self._report())

    def replaced(
        self, declared: Declared, run: LiveRun, report: Report
    ) -> tuple[list[Drift], list[Drift]]:
        """A new declared state (the source moved) or a full scan's live state in place
        of what the watch held, with its report: the drifts that appeared or changed, and
        those gone. A complete scan also answers for the resources whose read failed."""
        if run is not self.run:
            self.unknown.clear()
            self._units.clear()
            self._index(r for s in run.states.values() for r in s.resources)
        self.declared, self.run = declared, run
        return self._since(report)

    def _since(self, report: Report) -> tuple[list[Drift], list[Drift]]:
        now = {drift_key(d): d for d in report.drifts}
        appeared = [now[key] for key in sorted(now.keys() - self.known.keys())]
        appeared += [
            now[key]
            for key in sorted(now.keys() & self.known.keys())
            if now[key].fingerprint != self.known[key].fingerprint
        ]
        gone = [self.known[key] for key in sorted(self.known.keys() - now.keys())]
        self.known, self.report = now, report
        return appeared, gone

    def _unknown(
        self, rtype: str, rid: str, region: str, reason: str, event: Event
    ) -> list[dict[str, Any]]:
        if (rtype, rid) in self.unknown:
            return []
        self.unknown.add((rtype, rid))
        line = {"status": "unknown", "type": rtype, "id": rid, "region": region}
        who = {"attribution": attribution(event.record)}
        return [{**line, "reason": reason, **who, **self._about(event)}]

    def line(self, d: Drift, status: str, event: Event) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        who = attribution(event.record)
        events = TYPES[d.type].events
        if d.kind == "unmanaged" and events is not None and event.name in events.create:
            extra = {"created": who["time"], "age_days": 0}
        body = dataclasses.replace(d, attribution=who, **extra).to_json()
        return {**body, "status": status, **self._about(event)}

    def plain_line(self, d: Drift, status: str, via: str) -> dict[str, Any]:
        """A line no event brought: `via` says what found it (`full-scan`: the periodic
        scan; `declared`: the declared state's source moved)."""
        about = {"via": via, "event_id": None, "event_latency_ms": None}
        return {**d.to_json(), "status": status, **about}

    def _about(self, event: Event) -> dict[str, Any]:
        about: dict[str, Any] = {"event_id": event.event_id}
        if event.time is not None:
            latency = self.clock() - event.time.timestamp()
            about["event_latency_ms"] = max(0, round(latency * 1000))
        else:
            about["event_latency_ms"] = None
        return about
