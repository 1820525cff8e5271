"""The pipeline as plain functions: load declared, load live, match, diff, report."""

from __future__ import annotations

import contextlib
import dataclasses
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import botocore.exceptions

from driftctl import scopes
from driftctl.aws import accounts
from driftctl.aws import session as aws_session
from driftctl.aws.canonical import Declared, canonicalize, count_unknown
from driftctl.aws.ratelimit import RateLimiter
from driftctl.aws.registry import SCANS, TYPES
from driftctl.aws.scanner import LiveState, Scanner
from driftctl.declared import sources as declared_sources
from driftctl.declared.hcl import load_hcl
from driftctl.declared.raw import RawDeclared
from driftctl.diff import diff_attrs
from driftctl.errors import DriftctlError
from driftctl.match import match
from driftctl.model import KINDS, Drift, Report, Resource, ScanError
from driftctl.report import progress
from driftctl.scopes import LiveRun
from driftctl.settings import Settings, Source

# accounts of a multi-account scan read at once (each with its own per-service pools)
ACCOUNTS_IN_PARALLEL = 4


def load_declared(settings: Settings, context: dict[str, str] | None = None) -> Declared:
    """context: the scan's AWS identity (connect(...).context) for the data sources that
    read it (aws_caller_identity, aws_region, aws_partition); None leaves them Unknown."""
    merged = Declared([])

    def hcl(source: Source) -> RawDeclared:
        return load_hcl(
            source.path,
            settings.var_files,
            dict(settings.variables),
            env=dict(settings.tf_env_vars),
            context=context,
            cache_dir=settings.hcl_cache_dir,
        )

    loaded = declared_sources.load_all(settings, hcl)
    for source, raw in loaded:
        part = canonicalize(raw)
        local = source.scheme != "tfstate+s3" and str(source.path) != "-"
        if len(loaded) > 1 and local:
            root = source.path if source.path.is_dir() else source.path.parent
            part.resources = [_prefixed(r, root.as_posix()) for r in part.resources]
        merged.resources.extend(part.resources)
        merged.unknown.extend(part.unknown)
        merged.warnings.extend(part.warnings)
        for rtype, n in part.unsupported.items():
            merged.unsupported[rtype] = merged.unsupported.get(rtype, 0) + n
    return merged


def _prefixed(r: Resource, root: str) -> Resource:
    if r.source is None:
        return r
    return dataclasses.replace(
        r, source=dataclasses.replace(r.source, file=f"{root}/{r.source.file}")
    )


@dataclasses.dataclass(frozen=True)
class Connection:
    """The scan's AWS session, checked: its clients, call counter and rate limiter, and
    whose credentials they are."""

    base: Any  # boto3.Session
    region: str  # the first --region: global services and the caller's identity
    counter: aws_session.CallCounter
    limiter: RateLimiter
    factory: aws_session.ClientFactory
    caller: dict[str, str]  # account_id, arn, user_id, region, partition


def connect(settings: Settings) -> Connection | None:
    """Open and check the AWS session (one STS call; a clear error if unusable), or None
    when the scan reads a saved snapshot."""
    if settings.live_file is not None:
        return None
    base = accounts.base_session(settings.profile)
    region = (settings.regions or (base.region_name,))[0]
    if not region:
        raise DriftctlError("no AWS region configured", "pass --region or set AWS_REGION")
    counter, limiter = aws_session.CallCounter(), RateLimiter(settings.scale.max_rps)
    factory = aws_session.make_client_factory(
        base, settings.endpoint_url, counter, limiter, settings.scale.max_attempts
    )
    caller = aws_session.caller_context(factory, counter, region)
    return Connection(base, region, counter, limiter, factory, caller)


def declared_context(settings: Settings, conn: Connection | None) -> dict[str, str] | None:
    """The identity aws_caller_identity/aws_region/aws_partition read: the caller's, when
    one account is scanned; None (Unknown) offline or across several accounts."""
    if conn is None or settings.scale.accounts or settings.scale.organization:
        return None
    return conn.caller


def connect_and_load(settings: Settings) -> tuple[Connection | None, Declared]:
    """The AWS session and the declared state evaluated with its identity. A problem in the
    declared sources is reported before one with the credentials (it needs no AWS)."""
    try:
        conn = connect(settings)
    except DriftctlError:
        load_declared(settings)  # raises the declared sources' own error, if they have one
        raise
    return conn, load_declared(settings, declared_context(settings, conn))


def load_live(settings: Settings, conn: Connection | None = None) -> LiveRun:
    if settings.live_file is not None:
        from driftctl import snapshot

        return snapshot.load(settings.live_file)
    conn = conn or connect(settings)
    assert conn is not None
    scale = settings.scale
    base, region, counter, limiter = conn.base, conn.region, conn.counter, conn.limiter
    factory = conn.factory
    caller = conn.caller["account_id"]
    multi = bool(scale.accounts or scale.organization)
    ids = list(scale.accounts) or (
        accounts.organization_accounts(base, region, settings.endpoint_url) if multi else [caller]
    )
    regions = (
        accounts.enabled_regions(factory("ec2", region)) if scale.all_regions else settings.regions
    ) or (region,)
    pairs = scopes.shard(scopes.all_pairs(ids, list(regions)), *scale.shard)
    wanted = {a: [r for b, r in pairs if b == a] for a in sorted({a for a, _ in pairs})}
    display = progress.for_terminal(counter)
    with display or contextlib.nullcontext():
        if not multi:
            scanner = Scanner(factory, counter, progress=display)
            states = {a: scanner.scan(SCANS.values(), w, region) for a, w in wanted.items()}
        else:
            # accounts in parallel (each has its own API limits): dozens of accounts take
            # about the time of the slowest few, not the sum of all
            workers = max(1, min(ACCOUNTS_IN_PARALLEL, len(wanted)))
            with ThreadPoolExecutor(workers, thread_name_prefix="account") as pool:
                futures = {
                    a: pool.submit(_scan_account, settings, base, (a, w, region), counter, display)
                    for a, w in wanted.items()
                }
                states = {a: f.result() for a, f in futures.items()}
    return LiveRun(states, pairs, region, counter, limiter.waited)


def _scan_account(
    settings: Settings,
    base: Any,
    scope: tuple[str, list[str], str],  # (account, scopes wanted, region for global calls)
    counter: aws_session.CallCounter,
    display: progress.ScanProgress | None,
) -> LiveState:
    """One account of a multi-account scan, through its assumed role; a role that cannot be
    assumed is an error entry of that account, never a crash of the whole scan."""
    account, wanted, region = scope
    role = str(settings.scale.account_role).format(account=account)
    try:
        session = accounts.assumed_session(base, role, region, settings.endpoint_url)
    except (botocore.exceptions.ClientError, botocore.exceptions.BotoCoreError) as exc:
        return _account_failed(account, wanted, f"cannot assume {role}: {exc}")
    except DriftctlError as exc:
        return _account_failed(account, wanted, f"cannot assume {role}: {exc.message}")
    limiter = RateLimiter(settings.scale.max_rps)
    factory = aws_session.make_client_factory(
        session, settings.endpoint_url, counter, limiter, settings.scale.max_attempts
    )
    scanner = Scanner(factory, counter, scope_prefix=f"{account}/", progress=display)
    try:
        state = scanner.scan(SCANS.values(), wanted, region)
    except DriftctlError as exc:  # fatal for this account's credentials, not for the others
        return _account_failed(account, wanted, exc.message)
    state.account = account
    return state


def _account_failed(account: str, wanted: list[str], message: str) -> LiveState:
    """An account none of whose scopes could be read: one error entry, all scopes failed."""
    failed = {(spec, scope) for spec in SCANS for scope in wanted}
    return LiveState([], [ScanError(f"{account}/sts", message)], failed, account)


def scan_report(declared: Declared, run: LiveRun) -> Report:
    """Per scope (account, region), match and diff; then one combined report."""
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
        dec = [r for r in declared.resources if scopes.scope_region(r, default) == region]
        report = build_report(dataclasses.replace(declared, resources=dec), part)
        parts.append(_tagged(report, account, region))
    combined = scopes.combine(parts)
    # declared resources of types or kinds driftctl does not read yet: never compared
    unsupported = {name: declared.unsupported[name] for name in sorted(declared.unsupported)}
    return dataclasses.replace(combined, summary={**combined.summary, "unsupported": unsupported})


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


def normalize_live(resources: list[Resource]) -> list[Resource]:
    out = []
    for r in resources:
        attrs = TYPES[r.type].normalize(r.attrs)
        out.append(r if attrs is r.attrs else dataclasses.replace(r, attrs=attrs))
    return out


def build_report(declared: Declared, live: LiveState) -> Report:
    failed_scans = {spec for spec, _ in live.incomplete_scans}
    incomplete = {name for name, t in TYPES.items() if t.scan in failed_scans}
    dec = [r for r in declared.resources if r.type not in incomplete]
    liv = [r for r in normalize_live(live.resources) if r.type not in incomplete]
    matched = match(TYPES, dec, liv)
    drifts: list[Drift] = []
    unknown = len(matched.unidentified)  # declared, identity known only after apply
    for d, lv in matched.pairs:
        rtype = TYPES[d.type]
        unknown += sum(count_unknown(v) for k, v in d.attrs.items() if k in rtype.compared)
        changes = diff_attrs(rtype, d.attrs, lv.attrs)
        if changes:
            tags = {**_tags(lv), **_tags(d)}  # rules match tags declared or live; declared wins
            changed = Drift("changed", d.type, lv.id, d.address, d.source, tuple(changes))
            drifts.append(dataclasses.replace(changed, tags=tags, observe_only=d.observe_only))
    for d in matched.missing:
        rid = d.id or _declared_id(d)
        missing = Drift("missing", d.type, rid, d.address, d.source, tags=_tags(d))
        drifts.append(dataclasses.replace(missing, observe_only=d.observe_only))
    for lv in matched.unmanaged:
        drifts.append(Drift("unmanaged", lv.type, lv.id, None, None, tags=_tags(lv)))
    drifts.sort(key=Drift.sort_key)
    kinds = Counter(d.kind for d in drifts)
    managed = len(matched.pairs)
    summary: dict[str, Any] = {
        "declared": len(declared.resources),
        "live": len(live.resources),
        "managed": managed,
        **{kind: kinds.get(kind, 0) for kind in KINDS},
        "ignored": 0,
        "unknown": unknown,
        "coverage": round(managed / (managed + kinds["unmanaged"]), 4)
        if managed + kinds["unmanaged"]
        else 1.0,
    }
    return Report(summary, tuple(drifts), tuple(live.errors))


def _declared_id(r: Resource) -> str | None:
    """The id a missing resource would have, once its Refs resolved (role:policy name)."""
    derive = TYPES[r.type].declared_id
    rid = derive(r.attrs) if derive else None
    return rid if isinstance(rid, str) else None


def _tags(r: Resource) -> dict[str, str]:
    tags = r.attrs.get("tags")
    return {k: v for k, v in tags.items() if isinstance(v, str)} if isinstance(tags, dict) else {}
