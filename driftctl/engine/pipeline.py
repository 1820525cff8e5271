"""The pipeline as plain functions: load declared, load live, match, diff, report."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.aws import connection, fanout
from driftctl.aws.canonical import Declared, canonicalize, count_unknown
from driftctl.aws.connection import Connection as Connection  # re-exported
from driftctl.aws.connection import open_session as open_session  # re-exported
from driftctl.aws.scanner import LiveState
from driftctl.base.raw import RawDeclared
from driftctl.core import sensitive
from driftctl.core.model import KINDS, Change, Drift, Report, Resource, ScanError
from driftctl.declared import sources as declared_sources
from driftctl.declared.binding import State
from driftctl.declared.hcl.data import SESSION_UNKNOWN
from driftctl.declared.hcl.load import load_hcl
from driftctl.engine import needs, partial, scopes
from driftctl.engine.bind import bind_live, with_bound
from driftctl.engine.diff import diff_attrs
from driftctl.engine.match import match
from driftctl.engine.scopes import LiveRun
from driftctl.engine.selection import filter_types as selection_types
from driftctl.engine.selection import resource_filter, strict_types
from driftctl.errors import DriftctlError
from driftctl.report import progress
from driftctl.resources.registry import TYPES
from driftctl.settings import Selection, Settings, Source
from driftctl.util import gcpause

if TYPE_CHECKING:
    from driftctl.rules.driftignore import DriftIgnore


def load_declared(
    settings: Settings, context: dict[str, str] | None = None, provenance: bool = False
) -> Declared:
    """context: the scan's AWS identity (connect(...).context) for the data sources that
    read it (aws_caller_identity, aws_region, aws_partition); None leaves them Unknown.
    provenance: record where each declared value is written (what `driftctl pr` edits)."""
    hcl = _hcl_loader(settings, context, provenance)
    with gcpause.paused(settle=True):  # the evaluation's results, then their canonical copies
        loaded = declared_sources.load_all(settings, hcl)
        return _declared(settings, context, loaded, provenance)


def _hcl_loader(
    settings: Settings,
    context: dict[str, str] | None,
    provenance: bool = False,
    state: State | None = None,
) -> Callable[[Source], RawDeclared]:
    def hcl(source: Source) -> RawDeclared:
        return load_hcl(
            source.path,
            settings.var_files,
            dict(settings.variables),
            env=dict(settings.tf_env_vars),
            context=context,
            cache_dir=settings.hcl_cache_dir,
            result_cache=settings.hcl_result_cache,
            inputs=settings.var_inputs or None,
            provenance=provenance,
            state=state,
            limits=settings.eval_limits,
        )

    return hcl


def _declared(
    settings: Settings,
    context: dict[str, str] | None,
    loaded: list[tuple[Source, RawDeclared]],
    provenance: bool = False,
    state: State | None = None,
) -> Declared:
    """The canonical declared state of the loaded sources, able to evaluate the sources
    that can be again with live values bound (bind.py; `state`: those bound so far)."""
    merged = Declared([])
    for source, raw in loaded:
        part = canonicalize(raw, state)
        local = source.scheme != "tfstate+s3" and str(source.path) != "-"
        if len(loaded) > 1 and local:
            root = source.path if source.path.is_dir() else source.path.parent
            part.resources = [_prefixed(r, root.as_posix()) for r in part.resources]
        merged.resources.extend(part.resources)
        merged.inputs[str(source.path)] = list(raw.inputs)
        if not part.resources:
            merged.empty_sources.append(f"{source.scheme}://{source.path}")
        merged.unknown.extend(part.unknown)
        merged.waiting.extend(a for a in part.waiting if a not in merged.waiting)
        prefix = f"{source.path.as_posix()}:" if len(loaded) > 1 and local else ""
        merged.outputs.update({f"{prefix}{k}": v for k, v in part.outputs.items()})
        merged.warnings.extend(part.warnings)
        merged.gaps.extend(part.gaps)
        merged.notes.extend(raw.notes)
        for rtype, n in part.unsupported.items():
            merged.unsupported[rtype] = merged.unsupported.get(rtype, 0) + n
        merged.read += part.read
    if any(declared_sources.can_bind(source) for source, _ in loaded):
        merged.rebind = functools.partial(_rebound, settings, context, loaded, provenance)
    return merged


def _rebound(
    settings: Settings,
    context: dict[str, str] | None,
    loaded: list[tuple[Source, RawDeclared]],
    provenance: bool,
    state: State,
    account_context: dict[str, str] | None = None,
) -> Declared:
    """The declared state evaluated again with matched resources' live values (state)."""
    context = account_context or context
    hcl = _hcl_loader(settings, context, provenance, state)
    again = [
        (
            s,
            declared_sources.load_source(s, settings, hcl, state)
            if declared_sources.can_bind(s)
            else raw,
        )
        for s, raw in loaded
    ]
    return _declared(settings, context, again, provenance, state)


def _prefixed(r: Resource, root: str) -> Resource:
    if r.source is None:
        return r
    return dataclasses.replace(
        r, source=dataclasses.replace(r.source, file=f"{root}/{r.source.file}")
    )


def connect(
    settings: Settings,
    pending: connection.Pending | None = None,
    types: frozenset[str] | None = None,
) -> Connection | None:
    """The checked AWS session (one STS call; a clear error if unusable), or None when
    the scan reads a saved snapshot. `pending`: a session already started; `types`: the
    types the scan is known to read (None: not known yet)."""
    if settings.live_file is not None:
        return None
    return (pending or connection.start(settings)).result(_prewarm(settings, pending, types))


def _prewarm(
    settings: Settings,
    pending: connection.Pending | None,
    types: frozenset[str] | None = None,
) -> list[tuple[str, str]]:
    """The clients a single-account scan of the given regions will use, made while the
    identity call is in flight (each costs tens of milliseconds of CPU to make)."""
    if pending is None or pending.region is None or fanout.multi_account(settings):
        return []
    regions = list(settings.regions) or [pending.region]
    return sorted(
        {
            (spec.service, pending.region if spec.global_service else region)
            for spec in needs.scans(_prewarmed(settings, types))
            for region in regions
        }
    )


def _prewarmed(settings: Settings, types: frozenset[str] | None) -> frozenset[str] | None:
    """The types whose clients are made early: those a --filter, the given types and the
    types the scan is known to read allow (the declared side, read later, may narrow the
    scan further)."""
    wanted = settings.selection.types
    if types is not None:
        wanted = types if wanted is None else wanted & types
    by_filter = selection_types(settings.selection.filter, TYPES)
    if by_filter is not None:
        wanted = by_filter if wanted is None else wanted & by_filter
    return frozenset(needs.covered(wanted) or ()) if wanted is not None else None


def declared_context(settings: Settings, conn: Connection | None) -> dict[str, str] | None:
    """The identity aws_caller_identity/aws_region/aws_partition read: the caller's, when
    one account is scanned; None (Unknown) without a session or across several accounts."""
    if conn is None or fanout.multi_account(settings):
        return None
    return conn.caller


def declared_and_live(
    settings: Settings,
    pending: connection.Pending | None = None,
    ignore: DriftIgnore | None = None,
) -> tuple[Declared, LiveRun]:
    """The declared state, evaluated with the identity of the live side, and the live side:
    the session's, or the one a snapshot recorded (so --live gives the same report as the
    scan that saved it). A problem in the declared sources is reported before one with the
    credentials (it needs no AWS). Only the scans the run needs are made (needs.py; ignore:
    the .driftignore or --ignore lines the report is decided by)."""
    if settings.live_file is not None:
        run = load_live(settings)
        return load_declared(settings, run.context), run
    # the progress display shows what the scan does from its start, not only once AWS is read
    display = None if settings.quiet else progress.for_terminal()
    with display or contextlib.nullcontext():
        progress.status(display, "connecting to AWS")
        try:
            conn = connect(settings, pending or connection.start(settings))
        except DriftctlError:
            load_declared(settings)  # raises the declared sources' own error, if it has one
            raise
        progress.status(display, "reading the declared state")
        declared = load_declared(settings, declared_context(settings, conn))
        run = load_live(settings, conn, display, needs.needed(settings, declared, ignore), declared)
    if fanout.multi_account(settings) and conn is not None and _reads_session(declared):
        # each account reads its own account id: evaluate once per account scanned
        for account in sorted(run.states):
            context = {"account_id": account, "region": conn.region}
            context["partition"] = conn.caller["partition"]
            declared.per_account[account] = load_declared(settings, context).resources
            declared.contexts[account] = context
    return declared, run


def _reads_session(declared: Declared) -> bool:
    return any(SESSION_UNKNOWN in entry.get("reason", "") for entry in declared.unknown)


def load_live(
    settings: Settings,
    conn: Connection | None = None,
    display: progress.RichProgress | None = None,
    types: frozenset[str] | None = None,
    declared: Declared | None = None,
) -> LiveRun:
    """The live side: every scan, or those serving `types` (needs.needed); the run covers
    the types those scans read, and its reports only them. display: a progress display
    already shown (else one is made here, on a terminal and without --quiet). The accounts
    and regions read, and how, are aws/fanout.py's."""
    if settings.live_file is not None:
        from driftctl.aws import snapshot

        return snapshot.load(settings.live_file)
    conn = conn or connect(settings, connection.start(settings), types)
    assert conn is not None
    specs = needs.scans(types)
    # detail calls only where they can change the report; with several accounts, each
    # evaluates its declarations after the scan (its own ids): every detail call is made
    if declared is not None and not fanout.multi_account(settings):
        specs = needs.shallow(specs, settings, declared)
    plan = fanout.plan(settings, conn)
    shown = display is not None  # entered by the caller
    if display is None and not settings.quiet:  # --quiet: no progress
        display = progress.for_terminal()
    if display is not None:
        display.attach(conn.counter)
        display.status("scanning AWS")
    with contextlib.nullcontext() if shown or display is None else display:
        size = len(declared.resources) if declared is not None else None
        states, waited, processes = fanout.read(settings, conn, plan, specs, display, size)
    context = declared_context(settings, conn)
    covered = frozenset(needs.covered(types) or ()) if types is not None else None
    waited += conn.limiter.waited
    sharded = settings.scale.shard[1] > 1
    return LiveRun(
        states,
        plan.pairs,
        conn.region,
        conn.counter,
        waited,
        context,
        processes,
        sharded,
        types=covered,
    )


def scan_report(declared: Declared, run: LiveRun, selection: Selection | None = None) -> Report:
    """Per scope (account, region), match and diff; then one combined report. selection:
    --filter and --strict (settings.Selection)."""
    with gcpause.paused():
        return _scan_report(declared, run, selection or Selection())


def _scan_report(declared: Declared, run: LiveRun, selection: Selection) -> Report:
    declared = bind_live(declared, run)
    default = run.default_region
    parts = []
    for account, region in run.pairs:
        state = run.states[account]
        own = [r for a, r in run.pairs if a == account]
        part = LiveState(
            [r for r in state.resources if scopes.scope_region(r, default) == region],
            [e for e in state.errors if _error_scope(e, own) == region],
            {(n, s) for n, s in state.incomplete_scans if s == region},
        )
        resources = declared.per_account.get(account, declared.resources)
        dec = [r for r in resources if scopes.scope_region(r, default) == region]
        report = build_report(
            dataclasses.replace(declared, resources=dec), part, selection, run.types
        )
        parts.append(_tagged(report, account, region))
    combined = scopes.combine(parts)
    # declared resources of types or kinds driftctl does not read yet: never compared
    unsupported = {name: declared.unsupported[name] for name in sorted(declared.unsupported)}
    # declared in a region this scan did not read: declared, and not compared
    outside = _outside(declared, run, selection)
    read = declared.read - len({r.address or f"{r.type}.{r.id}" for r in _unread(declared, run)})
    summary = {
        **combined.summary,
        "declared": int(combined.summary.get("declared", 0)) + outside,
        "not_compared": int(combined.summary.get("not_compared", 0)) + outside,
        "unsupported": unsupported,
        "compared_share": compared_share(max(read, 0), sum(unsupported.values()), declared.read),
    }
    errors = (*declared_errors(declared), *combined.errors)
    return dataclasses.replace(combined, summary=summary, errors=errors)


DECLARED_SCOPE = "declared"  # the scope of a ScanError about the declared state


def declared_errors(declared: Declared) -> list[ScanError]:
    """A declared state that could not be loaded whole (a module not installed, a
    directory with only a backend block) makes the scan incomplete: one error each."""
    return [
        ScanError(DECLARED_SCOPE, f"{g.where}: {g.reason}")
        for g in sorted(declared.gaps, key=lambda g: (g.where, g.reason))
        if g.whole
    ]


def gap_types(declared: Declared, whole: bool = False) -> frozenset[str] | None:
    """The types of which the declared state may declare more than it does (its gaps';
    only those of gaps that make the scan incomplete with `whole`); None: any type."""
    found: set[str] = set()
    for gap in declared.gaps:
        if whole and not gap.whole:
            continue
        if gap.types is None:
            return None
        found |= gap.types
    return frozenset(found)


def compared_share(read: int, unsupported: int, declared: int | None = None) -> float:
    """The share of declared resources compared: of types driftctl compares, in regions
    the scan read (`read` of them, of `declared` of types it reads; 1.0 when none)."""
    total = (read if declared is None else declared) + unsupported
    return round(read / total, 4) if total else 1.0


def _unread(declared: Declared, run: LiveRun) -> list[Resource]:
    """The declared resources in a region no account of this scan read (none for a shard:
    the other shards read the other regions)."""
    if run.sharded:
        return []
    scanned = {region for _, region in run.pairs}
    default = run.default_region
    return [r for r in declared.resources if scopes.scope_region(r, default) not in scanned]


def _outside(declared: Declared, run: LiveRun, selection: Selection) -> int:
    """How many declared resources each account has in regions its scan did not read
    (summed over the accounts, as `declared` is), those --filter drops left out; none
    for a shard: the other shards read the other regions."""
    if run.sharded:
        return 0
    keep = resource_filter(selection.filter) if selection.filter else None
    count = 0
    for account in sorted(run.states):
        own = {region for a, region in run.pairs if a == account}
        resources = declared.per_account.get(account, declared.resources)
        for r in resources:
            if scopes.scope_region(r, run.default_region) in own:
                continue
            if keep is None or keep(_with_declared_id(r)):
                count += 1
    return count


def unscanned_regions(declared: Declared, run: LiveRun) -> list[str]:
    """Regions some declared resources are in but that this scan did not read."""
    scanned = {region for _, region in run.pairs}
    found = {scopes.scope_region(r, run.default_region) for r in declared.resources}
    return sorted(found - scanned)


def _error_scope(error: ScanError, regions: list[str]) -> str:
    """The scanned scope an error belongs to; account-level errors go to the account's first."""
    last = error.scope.rsplit("/", 1)[-1]
    return last if last in regions else regions[0]


def _tagged(report: Report, account: str, region: str) -> Report:
    drifts = tuple(dataclasses.replace(d, account=account, region=region) for d in report.drifts)
    return dataclasses.replace(report, drifts=drifts)


normalize_live = scopes.normalize_live


def build_report(
    declared: Declared,
    live: LiveState,
    selection: Selection | None = None,
    covered: frozenset[str] | None = None,  # the types the live side read (None: all)
) -> Report:
    selection = selection or Selection()
    failed_scans = {spec for spec, _ in live.incomplete_scans}
    incomplete = {name for name, t in TYPES.items() if t.scan in failed_scans}
    # what a failed scan leaves uncompared: its types, and what refers to them (partial.py)
    dec, left_out = partial.split(declared.resources, incomplete)
    shadowed = {r.type for r in left_out} - incomplete
    all_live = normalize_live(live.resources)
    liv = [r for r in all_live if r.type not in incomplete]
    not_compared = len(left_out) + len(all_live) - len(liv)
    matched = match(strict_types(TYPES) if selection.strict else TYPES, dec, liv)
    declared_count, live_count = len(declared.resources), len(live.resources)
    if selection.filter or covered is not None:
        # what the filter drops is neither compared nor counted; nor are the declared
        # resources of types the scan did not read (needs.py: nothing can refer to them)
        keep = _kept(resource_filter(selection.filter), covered)
        kept_pairs = [(d, lv) for d, lv in matched.pairs if keep(lv)]
        kept_missing = [d for d in matched.missing if keep(_with_declared_id(d))]
        declared_count -= len(matched.pairs) - len(kept_pairs)
        declared_count -= len(matched.missing) - len(kept_missing)
        live_count -= sum(1 for lv in liv if not keep(lv))
        matched = dataclasses.replace(
            matched,
            pairs=kept_pairs,
            missing=kept_missing,
            unmanaged=[lv for lv in matched.unmanaged if keep(lv)],
        )
    drifts: list[Drift] = []
    unknown = len(matched.unidentified)  # declared, identity known only after apply
    for d, lv in matched.pairs:
        rtype = TYPES[d.type]
        unknown += sum(count_unknown(v) for k, v in d.attrs.items() if k in rtype.compared)
        changes = with_bound(_flagged(diff_attrs(rtype, d.attrs, lv.attrs), d), d.bound)
        if changes:
            tags = {**_tags(lv), **_tags(d)}  # rules match tags declared or live; declared wins
            changed = Drift("changed", d.type, lv.id, d.address, d.source, tuple(changes))
            drifts.append(dataclasses.replace(changed, tags=tags, observe_only=d.observe_only))
    for d in matched.missing:
        rid = d.id or _declared_id(d)
        missing = Drift("missing", d.type, rid, d.address, d.source, tags=_tags(d))
        drifts.append(dataclasses.replace(missing, observe_only=d.observe_only))
    # a live resource of a type that has declarations nobody could identify (a name known
    # only after apply) may be one of them: reported, but never deleted by a revert rule
    unsure = {d.type for d in matched.unidentified}
    # a declared state not loaded whole may declare any live resource of the types it
    # could not read: not compared (the scan's error says why), never reported unmanaged
    unread = gap_types(declared, whole=True)
    for lv in matched.unmanaged:
        if lv.type in shadowed or unread is None or lv.type in unread:
            not_compared += 1
            continue
        unmanaged = Drift("unmanaged", lv.type, lv.id, None, None, tags=_tags(lv))
        drifts.append(dataclasses.replace(unmanaged, observe_only=lv.type in unsure))
    drifts.sort(key=Drift.sort_key)
    kinds = Counter(d.kind for d in drifts)
    managed = len(matched.pairs)
    summary: dict[str, Any] = {
        "declared": declared_count,
        "live": live_count,
        "managed": managed,
        **{kind: kinds.get(kind, 0) for kind in KINDS},
        "ignored": 0,
        "unknown": unknown,
        "not_compared": not_compared,
        "coverage": round(managed / (managed + kinds["unmanaged"]), 4)
        if managed + kinds["unmanaged"]
        else 1.0,
    }
    managed_keys = tuple(sorted((lv.type, str(lv.id)) for _, lv in matched.pairs))
    marks = {(lv.type, str(lv.id)): d.sensitive for d, lv in matched.pairs if d.sensitive}
    return Report(summary, tuple(drifts), tuple(live.errors), managed=managed_keys, sensitive=marks)


def _kept(
    keep: Callable[[Resource], bool], covered: frozenset[str] | None
) -> Callable[[Resource], bool]:
    if covered is None:
        return keep
    return lambda r: r.type in covered and keep(r)


def _with_declared_id(d: Resource) -> Resource:
    return d if d.id else dataclasses.replace(d, id=_declared_id(d))


def _flagged(changes: list[Change], d: Resource) -> list[Change]:
    """changes with `sensitive` set where the declared value is (or holds) a sensitive one."""
    patterns = sensitive.of(d.type, d.sensitive) if changes else frozenset()
    if not patterns:
        return changes
    return [
        dataclasses.replace(c, sensitive=True) if sensitive.covers(patterns, c.path) else c
        for c in changes
    ]


def _declared_id(r: Resource) -> str | None:
    """The id a missing resource would have, once its Refs resolved (role:policy name)."""
    derive = TYPES[r.type].declared_id
    rid = derive(r.attrs) if derive else None
    return rid if isinstance(rid, str) else None


def _tags(r: Resource) -> dict[str, str]:
    tags = r.attrs.get("tags")
    return {k: v for k, v in tags.items() if isinstance(v, str)} if isinstance(tags, dict) else {}
