"""The account/region fan-out of a live scan: which accounts and regions it reads, and how.

The accounts: the caller's, or those --accounts names, or every account of the
organization (--organization). The regions: those given (else the session's), or with
--all-regions each account's enabled ones. Each (account, region) pair, plus one "global"
pair per account for the global services, is a scope (docs/architecture.md §1); --shard I/N
keeps the I-th of N parts of them. One account is read through the connection's own
scanner; several are read in parallel, each through its assumed role (--account-role) with
its own rate limiter, and a role that cannot be assumed is an error of that account, never
a crash of the whole scan.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import botocore.exceptions

from driftctl.aws import accounts, headers, shards
from driftctl.aws import session as aws_session
from driftctl.aws.connection import Connection
from driftctl.aws.ratelimit import RateLimiter
from driftctl.aws.scanner import GLOBAL, LiveState, Scanner, spec_regions
from driftctl.aws.workers import Workers
from driftctl.base.spec import ScanSpec
from driftctl.core.model import ScanError
from driftctl.errors import DriftctlError
from driftctl.settings import Settings
from driftctl.util import gcpause

if TYPE_CHECKING:
    from driftctl.report.progress import ScanProgress

Pair = tuple[str, str]  # (account, region or GLOBAL)
# accounts of a multi-account scan read at once (each with its own per-service pools)
ACCOUNTS_IN_PARALLEL = 4


def all_pairs(accounts: Sequence[str], regions: Sequence[str]) -> list[Pair]:
    return sorted((account, region) for account in accounts for region in [*regions, GLOBAL])


def shard(pairs: Sequence[Pair], index: int, total: int) -> list[Pair]:
    """The index-th (1-based) of `total` parts: round-robin over the sorted pairs."""
    return [p for i, p in enumerate(sorted(pairs)) if i % total == index - 1]


def multi_account(settings: Settings) -> bool:
    return bool(settings.scale.accounts or settings.scale.organization)


@dataclasses.dataclass
class Plan:
    """What a scan reads: this shard's scopes, and the accounts already opened (with
    --all-regions, every account's role is assumed first to list its regions)."""

    pairs: list[Pair]
    wanted: dict[str, list[str]]  # each account's regions (and GLOBAL) this run reads
    opened: dict[str, _Account]


def plan(settings: Settings, conn: Connection) -> Plan:
    """The accounts, their regions and this shard's scopes (the calls that list them are
    made here: organization accounts, enabled regions)."""
    scale = settings.scale
    base, region, counter = conn.base, conn.region, conn.counter
    caller = conn.caller["account_id"]
    multi = multi_account(settings)
    ids = list(scale.accounts) or (
        accounts.organization_accounts(base, region, settings.endpoint_url) if multi else [caller]
    )
    given = list(settings.regions) or [region]
    opened: dict[str, _Account] = {}
    if not multi:
        listed = _enabled_regions(conn.factory, counter, region) if scale.all_regions else []
        regions = {caller: listed or given}
    else:
        if scale.all_regions:  # each account's own enabled regions: assume every role first
            opened = _in_parallel(
                ids, lambda a: _open_account(settings, base, a, region, counter, True)
            )
        regions = {a: (opened[a].regions if a in opened else None) or given for a in ids}
    pairs = shard(sorted(p for a in ids for p in all_pairs([a], regions[a])), *scale.shard)
    wanted = {a: [r for b, r in pairs if b == a] for a in sorted({a for a, _ in pairs})}
    return Plan(pairs, wanted, opened)


def read(
    settings: Settings,
    conn: Connection,
    plan: Plan,
    specs: list[ScanSpec],
    display: ScanProgress | None,
    declared: int | None = None,
) -> tuple[dict[str, LiveState], float, int]:
    """Each account's live state, the seconds the accounts' own rate limiters waited (the
    connection's not included), and the processes the detail calls were spread over.
    `declared`: how many resources the declared state holds (a large one starts the
    processes a large scan spreads its detail calls over while it lists: shards.Standby).

    The cyclic garbage collector is paused meanwhile: a scan allocates answers and
    Resources by the thousand, and each full collection walked the whole heap (botocore's
    models and clients, the declared state, earlier scans' clients): a fifth of the CPU of
    a scan in a process that has scanned before (the API, the pytest plugin), ~5% of a
    first scan. What a scan leaves for the collector is small (a botocore parser per
    answer, ~300 bytes a call). The answers' headers are read by aws/headers.py's parser."""
    with gcpause.paused(), headers.fast():
        return _read(settings, conn, plan, specs, display, declared)


def _read(
    settings: Settings,
    conn: Connection,
    plan: Plan,
    specs: list[ScanSpec],
    display: ScanProgress | None,
    declared: int | None,
) -> tuple[dict[str, LiveState], float, int]:
    scale = settings.scale
    base, region, counter = conn.base, conn.region, conn.counter
    if not multi_account(settings):
        remote = shards.remote_for(base, settings.endpoint_url, scale.max_attempts, scale.max_rps)
        clients = _detail_clients(specs, plan, region)
        standby = shards.standby_for(remote, scale.processes, declared, clients)
        try:
            scanner = Scanner(
                conn.factory,
                counter,
                progress=display,
                remote=remote,
                processes=scale.processes,
                limiter=conn.limiter,
                standby=standby,
            )
            states = {a: scanner.scan(specs, w, region) for a, w in plan.wanted.items()}
        finally:
            if standby is not None:
                standby.close()
        return states, 0.0, scanner.processes_used

    # accounts in parallel (each has its own API limits): dozens of accounts take about
    # the time of the slowest few, not the sum of all
    def read_one(a: str) -> tuple[LiveState, float]:
        account = plan.opened.get(a) or _open_account(settings, base, a, region, counter, False)
        return _scan_account(account, specs, plan.wanted[a], region, counter, display)

    done = _in_parallel(list(plan.wanted), read_one)
    states = {a: state for a, (state, _) in done.items()}
    waited = sum(w for _, w in done.values())  # each account has its own limiter
    return states, waited, 1


def _enabled_regions(
    factory: aws_session.ClientFactory, counter: aws_session.CallCounter, region: str
) -> list[str]:
    counter.count("ec2", "DescribeRegions")  # a call, not a retry, in the stats line
    return accounts.enabled_regions(factory("ec2", region))


T = TypeVar("T")


def _in_parallel(ids: list[str], work: Callable[[str], T]) -> dict[str, T]:
    """work(account) for each account, ACCOUNTS_IN_PARALLEL at a time; results by account."""
    workers = max(1, min(ACCOUNTS_IN_PARALLEL, len(ids)))
    with Workers(workers, "account") as pool:  # abandoned, not joined, on Ctrl-C
        pool.grow(len(ids))
        futures = {a: pool.submit(work, a) for a in ids}
        return {a: f.result() for a, f in futures.items()}


@dataclasses.dataclass
class _Account:
    """One account of a multi-account scan: clients through its assumed role, with their
    own rate limiter, and its enabled regions (--all-regions); or why it cannot be read."""

    id: str
    factory: aws_session.ClientFactory | None = None
    limiter: RateLimiter | None = None
    regions: list[str] | None = None
    error: ScanError | None = None


def _open_account(
    settings: Settings,
    base: Any,
    account: str,
    region: str,  # for STS and the global services
    counter: aws_session.CallCounter,
    list_regions: bool,
) -> _Account:
    """Assume the account's role (and list its enabled regions); a role that cannot be
    assumed is an error entry of that account, never a crash of the whole scan."""
    role = str(settings.scale.account_role).format(account=account)
    try:
        session = accounts.assumed_session(base, role, region, settings.endpoint_url)
    except (botocore.exceptions.ClientError, botocore.exceptions.BotoCoreError) as exc:
        return _Account(account, error=ScanError(f"{account}/sts", f"cannot assume {role}: {exc}"))
    except DriftctlError as exc:
        message = f"cannot assume {role}: {exc.message}"
        return _Account(account, error=ScanError(f"{account}/sts", message))
    limiter = RateLimiter(settings.scale.max_rps)
    factory = aws_session.make_client_factory(
        session,
        settings.endpoint_url,
        counter,
        limiter,
        settings.scale.max_attempts,
        read_timeout=settings.scale.read_timeout,
    )
    opened = _Account(account, factory, limiter)
    if list_regions:
        try:  # through the account's own session: opt-in regions differ between accounts
            opened.regions = _enabled_regions(factory, counter, region)
        except DriftctlError as exc:
            opened.error = ScanError(f"{account}/ec2", exc.message)
        except botocore.exceptions.BotoCoreError as exc:
            opened.error = ScanError(f"{account}/ec2", f"ec2:DescribeRegions failed: {exc}")
    return opened


def _scan_account(
    account: _Account,
    specs: list[ScanSpec],
    wanted: list[str],  # the account's scopes this run reads
    region: str,  # the region for global calls
    counter: aws_session.CallCounter,
    display: ScanProgress | None,
) -> tuple[LiveState, float]:
    """One account of a multi-account scan, and the seconds its rate limiter waited."""
    waited = account.limiter.waited if account.limiter is not None else 0.0
    if account.error is not None:
        return _account_failed(account.id, specs, wanted, account.error), waited
    assert account.factory is not None and account.limiter is not None
    scanner = Scanner(account.factory, counter, scope_prefix=f"{account.id}/", progress=display)
    try:
        state = scanner.scan(specs, wanted, region)
    except DriftctlError as exc:  # fatal for this account's credentials, not for the others
        error = ScanError(f"{account.id}/sts", exc.message)
        state = _account_failed(account.id, specs, wanted, error)
    state.account = account.id
    return state, account.limiter.waited


def _account_failed(
    account: str, specs: list[ScanSpec], wanted: list[str], error: ScanError
) -> LiveState:
    """An account none of whose scopes could be read: one error entry, all scopes failed."""
    failed = {(spec.name, scope) for spec in specs for scope in wanted}
    return LiveState([], [error], failed, account)


def _detail_clients(specs: list[ScanSpec], plan: Plan, global_region: str) -> list[tuple[str, str]]:
    """The (service, region) clients a single-account scan makes detail calls with."""
    scopes = sorted({s for wanted in plan.wanted.values() for s in wanted})
    pairs = spec_regions([s for s in specs if s.details], scopes, global_region)
    return sorted({(spec.service, region) for spec, region in pairs})
