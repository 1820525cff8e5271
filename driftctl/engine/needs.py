"""The types a scan needs, and the scans that read them (docs/scan.md, "What a scan reads").

A run reads only the scans serving the types it can report on: the Python API's `types`,
narrowed by a --filter that constrains `Type`, by --ignore/.driftignore lines that ignore
every drift of a type, and by --only-managed (no unmanaged discovery: only the declared
types). Then the set is closed so that nothing reported on changes:

- a scan serves several types (s3_buckets reads the bucket and its 14 sub-resources): the
  report covers every type of every scan that runs (`covered`);
- a declared resource of a covered type that refers to another declared resource
  (`vpc_id = aws_vpc.main.id`) matches and binds through that resource's live side: its
  type is read too, transitively;
- a child type (aws_lambda_permission) is reported unmanaged only under a managed parent,
  and missing only when its parent is not: the parent's type is read too.

So the drifts of every covered type are those of a scan that reads everything (when
every scan succeeds). A run that saves its live state (--save-live) reads everything: a
snapshot holds every type.

Within a scan, the detail calls of an item are skipped (`shallow`) where the scan names its
items' ids (`ScanSpec.item_id`) and no declared resource of its types, nor of their
parents another scan reads (an API of its routes), names that id: the item is reported
only as unmanaged (its children, under an unmanaged parent, not at all), and its
settings change nothing (its tags are read: rules match them, reports print them). Not
under --deep-unmanaged or --strict, a --filter (it may read any attribute), --save-live
(a snapshot holds every setting), several accounts (each evaluates its own declarations
after the scan), nor for a scan with a declared resource whose id or parent is not known
before apply.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from driftctl.aws.canonical import Declared
from driftctl.base.spec import DetailCall, Item, ScanSpec
from driftctl.core.model import Resource
from driftctl.engine.bind import waited_on
from driftctl.engine.partial import ref_targets
from driftctl.engine.selection import filter_types
from driftctl.resources.registry import SCANS, TYPES
from driftctl.rules.driftignore import DriftIgnore
from driftctl.settings import Settings


def needed(
    settings: Settings, declared: Declared, ignore: DriftIgnore | None = None
) -> frozenset[str] | None:
    """The types this run reads (`covered`: closed as the module says), or None: all."""
    if settings.save_live is not None or settings.live_file is not None:
        return None
    selection = settings.selection
    wanted = set(selection.types) if selection.types is not None else set(TYPES)
    by_filter = filter_types(selection.filter, TYPES)
    if by_filter is not None:
        wanted &= by_filter
    if ignore is not None:
        wanted -= ignore.ignored_types(TYPES)
    resources = _all_declared(declared)
    if "unmanaged" not in selection.kinds:  # --only-managed: nothing to discover
        wanted &= {r.type for r in resources}
    return closed(wanted, resources)


def closed(wanted: Iterable[str], declared: Iterable[Resource]) -> frozenset[str] | None:
    """`wanted` with every type its scans read, the types their declared resources refer
    to and their parents, until nothing is added; None when that is every type."""
    resources = list(declared)
    types_at = {r.address: r.type for r in resources if r.address}
    refers: dict[str, set[str]] = {}
    for r in resources:
        targets = ref_targets(r.attrs) | waited_on(r.attrs)
        refers.setdefault(r.type, set()).update(types_at[a] for a in targets if a in types_at)
    found: set[str] = set()
    todo = set(wanted)
    while todo:
        found |= todo
        more = covered(todo) or set()
        for rtype in list(more):
            parent = TYPES[rtype].parent
            if parent and parent[0] in TYPES:
                more.add(parent[0])
            more |= refers.get(rtype, set())
        todo = set(more) - found
    return None if found >= TYPES.keys() else frozenset(found)


def covered(types: Iterable[str] | None) -> set[str] | None:
    """Every type the scans serving `types` read (None: every type)."""
    if types is None:
        return None
    scans = {TYPES[t].scan for t in types}
    return {name for name, t in TYPES.items() if t.scan in scans}


def scans(types: frozenset[str] | None) -> list[ScanSpec]:
    """The scans serving `types`, in the registry's order (None: every scan)."""
    if types is None:
        return list(SCANS.values())
    names = {TYPES[t].scan for t in types}
    return [spec for name, spec in SCANS.items() if name in names]


def shallow(specs: list[ScanSpec], settings: Settings, declared: Declared) -> list[ScanSpec]:
    """`specs`, each making its detail calls only for the items the module says."""
    if (
        settings.deep_unmanaged
        or settings.selection.filter is not None
        or settings.save_live is not None
        or settings.live_file is not None
    ):
        return specs
    resources = _all_declared(declared)
    out = []
    for spec in specs:
        ids = _declared_ids(spec, resources)
        if spec.item_id is None or ids is None:
            out.append(spec)
            continue
        details = tuple(
            d if d.key == spec.tags_detail else _only(d, spec.item_id, ids) for d in spec.details
        )
        out.append(dataclasses.replace(spec, details=details))
    return out


def _declared_ids(spec: ScanSpec, resources: list[Resource]) -> frozenset[str] | None:
    """The ids the declared resources of `spec`'s types name, and those of their parents
    another scan reads (an API's routes are reported under a declared API, none of them
    declared); None: one is not known."""
    parents = {t.parent[0] for t in TYPES.values() if t.scan == spec.name and t.parent}
    ids: set[str] = set()
    for r in resources:
        rtype = TYPES.get(r.type)
        if rtype is None or (rtype.scan != spec.name and r.type not in parents):
            continue
        own = rtype.scan == spec.name
        keys = [r.id] + ([r.attrs.get(rtype.parent[1])] if own and rtype.parent else [])
        if not all(isinstance(k, str) for k in keys):
            return None
        ids.update(keys)
    return frozenset(ids)


def _only(detail: DetailCall, item_id: Callable[[Item], str], ids: frozenset[str]) -> DetailCall:
    when = detail.when

    def wanted(item: Item) -> bool:
        return item_id(item) in ids and (when is None or when(item))

    return dataclasses.replace(detail, when=wanted)


def _all_declared(declared: Declared) -> list[Resource]:
    """Every declared resource: the run's, and each account's own evaluation."""
    out = list(declared.resources)
    for resources in declared.per_account.values():
        out.extend(resources)
    return out
