"""The declared and live resources behind each drift, matched per scope as the scan does.

A drift names a resource; reverting it needs the resources themselves: the declared one
with its Refs resolved, the live one, their children. `World` matches each (account,
region) scope exactly as pipeline.scan_report does and indexes the result by the keys a
drift carries.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from driftctl.aws.canonical import Declared
from driftctl.aws.scanner import GLOBAL
from driftctl.base.raw import Gap
from driftctl.core.model import Drift, Ref, Resource, Unknown
from driftctl.engine import scopes
from driftctl.engine.bind import bind_live
from driftctl.engine.match import Matched, match, missing_parent, resolve
from driftctl.engine.pipeline import normalize_live
from driftctl.engine.scopes import LiveRun
from driftctl.resources.registry import TYPES

ScopeKey = tuple[str, str]  # (account, region or GLOBAL)


@dataclasses.dataclass
class Scope:
    declared: list[Resource]  # as loaded, Refs unresolved
    live: list[Resource]  # normalized
    matched: Matched


def address_type(address: str) -> str:
    """'module.a.aws_s3_bucket.b["k"]' -> 'aws_s3_bucket'."""
    parts = address.split("[")[0].split(".")
    return parts[-2] if len(parts) >= 2 else ""


def owns_address(r: Resource) -> bool:
    """Whether a Ref to r.address means r (the bucket), not a setting split out of it."""
    return bool(r.address) and (r.address_type or address_type(str(r.address))) == r.type


def label(r: Resource) -> str:
    if r.address and owns_address(r):
        return r.address
    if r.address:
        return f"{r.address} ({r.type})"
    return f"{r.type}.{r.id}"


def declared_id(r: Resource) -> str | None:
    if r.id:
        return r.id
    derive = TYPES[r.type].declared_id
    rid = derive(r.attrs) if derive else None
    return rid if isinstance(rid, str) else None


@dataclasses.dataclass
class World:
    scopes: dict[ScopeKey, Scope]
    default_region: str
    empty_sources: tuple[str, ...] = ()  # Declared.empty_sources
    gaps: tuple[Gap, ...] = ()  # Declared.gaps: what could not be read whole

    def unfounded_delete(self, drift: Drift) -> str | None:
        """Why deleting an unmanaged resource of this drift's scope is not founded: a
        declared side that is empty (a source that declares nothing, or nothing declared
        in the scope) is what a misread source looks like, and would make everything live
        there look unmanaged; a part of the declared state that could not be read whole
        (a module not installed, a for_each known only after apply) may declare it."""
        for gap in self.gaps:
            if gap.types is None or drift.type in gap.types:
                what = "a resource of any type" if gap.types is None else f"a {drift.type}"
                return (
                    f"the declared state is incomplete: {gap.where}: {gap.reason}; it may "
                    f"declare {what}, so this one is not proven unmanaged"
                )
        if self.empty_sources:
            return (
                f"{self.empty_sources[0]} declares no resource (a misread source would look "
                "like this); revert deletes nothing while a source declares nothing"
            )
        scope = self.scopes.get((drift.account or "", drift.region or ""))
        if scope is None or not scope.declared:
            where = f"{drift.account}/{drift.region}" if drift.account else str(drift.region)
            return (
                f"nothing is declared in {where} (a misread source would look like this); "
                "revert deletes only where something is declared"
            )
        return None

    def scope(self, drift: Drift) -> Scope:
        return self.scopes[(drift.account or "", drift.region or "")]

    def pair(self, drift: Drift) -> tuple[Resource, Resource] | None:
        for d, lv in self.scope(drift).matched.pairs:
            if (d.type, lv.id, d.address) == (drift.type, drift.id, drift.address):
                return d, lv
        return None

    def missing(self, drift: Drift) -> Resource | None:
        """The missing declared resource, its Refs resolved against everything matched
        (matching resolves a missing resource's Refs only as far as it had got)."""
        scope = self.scope(drift)
        for d in scope.matched.missing:
            if (d.type, d.address, declared_id(d)) == (drift.type, drift.address, drift.id):
                bound, gone = _bound(scope)
                return _resolved(d, bound, gone)
        return None

    def missing_parent(self, drift: Drift) -> Resource | None:
        """The missing parent of this missing drift's resource (a deleted role, for its
        policy attachment), or None."""
        d = self.missing(drift)
        missing = self.scope(drift).matched.missing
        return None if d is None else missing_parent(TYPES, d, missing)

    def unmanaged(self, drift: Drift) -> Resource | None:
        for lv in self.scope(drift).matched.unmanaged:
            if (lv.type, lv.id) == (drift.type, drift.id):
                return lv
        return None

    def live_children(self, drift: Drift, parent: Resource) -> list[Resource]:
        return [r for r in self.scope(drift).live if _child_of(r, parent.type, parent.id)]

    def declared_children(self, drift: Drift, parent: Resource, pid: str) -> list[Resource]:
        """The declared children of a missing parent, their Refs to it resolved to `pid`."""
        scope = self.scope(drift)
        bound, gone = _bound(scope)
        if parent.address:
            bound[parent.address] = dataclasses.replace(parent, id=pid)
            gone.discard(parent.address)
        out = []
        for child in scope.declared:
            rtype = TYPES[child.type]
            if rtype.parent is None or rtype.parent[0] != parent.type or child is parent:
                continue
            if not _refers_to(child.attrs.get(rtype.parent[1]), parent, pid):
                continue
            out.append(_resolved(child, bound, gone))
        return out


def _bound(scope: Scope) -> tuple[dict[str, Resource], set[str]]:
    """Declared address -> the live resource it matched; addresses of missing ones."""
    bound = {d.address: lv for d, lv in scope.matched.pairs if d.address and owns_address(d)}
    gone = {d.address for d in scope.matched.missing if d.address and owns_address(d)}
    return bound, gone


def _resolved(d: Resource, bound: dict[str, Resource], gone: set[str]) -> Resource:
    attrs = TYPES[d.type].normalize(resolve(d.attrs, bound, gone))
    return dataclasses.replace(d, attrs=attrs)


def _child_of(r: Resource, parent_type: str, parent_id: str | None) -> bool:
    rtype = TYPES[r.type]
    return bool(
        rtype.parent
        and rtype.parent[0] == parent_type
        and r.attrs.get(rtype.parent[1]) == parent_id
    )


def _refers_to(value: object, parent: Resource, pid: str) -> bool:
    if isinstance(value, Ref):  # aws_s3_bucket.logs.id, aws_iam_role.app.name, ...
        return value.address == parent.address
    if isinstance(value, Unknown):
        return value.depends_on is not None and value.depends_on == parent.address
    return value == pid


def build_world(declared: Declared, run: LiveRun) -> World:
    declared = bind_live(declared, run)  # as scan_report does: values known after apply
    default = run.default_region
    out: dict[ScopeKey, Scope] = {}
    for account, region in run.pairs:
        state = run.states[account]
        live = normalize_live(_in(state.resources, region, default))
        dec = _in(declared.resources, region, default)
        out[(account, region)] = Scope(dec, live, match(TYPES, dec, live))
    every = [*declared.resources, *(r for rs in declared.per_account.values() for r in rs)]
    gaps = sorted(open_gaps(declared.gaps, every), key=lambda g: (g.where, g.reason))
    return World(out, default, tuple(declared.empty_sources), tuple(gaps))


def open_gaps(gaps: Iterable[Gap], resources: Iterable[Resource]) -> list[Gap]:
    """The gaps binding live values did not close: a count/for_each that became known
    once the resources it reads were matched declares its instances (`where[key]...`)."""
    addresses = {str(r.address) for r in resources if r.address}
    return [
        g for g in gaps if not any(a == g.where or a.startswith(f"{g.where}[") for a in addresses)
    ]


def _in(resources: Iterable[Resource], region: str, default: str) -> list[Resource]:
    return [r for r in resources if scopes.scope_region(r, default) == region]


def call_region(world: World, drift: Drift, *resources: Resource | None) -> str:
    """Where a resource's API calls go: its own region, else the scope's, else the default."""
    for r in resources:
        if r is not None and r.region:
            return r.region
    if drift.region and drift.region != GLOBAL:
        return drift.region
    return world.default_region
