"""A large scan's detail calls, spread over processes: every core, not one GIL.

Making an AWS call costs the client about a millisecond of CPU (signing, HTTP, parsing),
and one Python process has one GIL: past a few thousand calls, a scan waits for its own
CPU, not for AWS. When a scan has SHARD_CALLS detail calls or more to make (or
--processes N asks), they are cut into N shards of consecutive calls; this process makes the first
and a spawned process each of the others, with the same credentials (handed over in
memory), endpoint and retry settings, and 1/N of every rate limit, so together they stay
within each service's budget. Each answer comes back keyed by (unit, item, call) and the
resources are built here, in the order one process builds them: the result is the same,
byte for byte.
"""

from __future__ import annotations

import dataclasses
import os
from collections import Counter
from collections.abc import Sequence
from typing import Any

# detail calls from which a scan uses every core. Measured on 2 cores (bench/scan.py,
# answers at 50 ms, a loaded machine): a scan of 4,061 calls took longer in 2 processes
# (a spawned process costs 0.4-1 s of CPU more), 7,253 calls 7% less wall, 12,053 25% less
SHARD_CALLS = 6_000
# A scan whose declared state holds STANDBY_DECLARED resources or more starts the other
# processes while it lists (Standby): their start runs on the other cores meanwhile, so
# spreading pays from STANDBY_CALLS detail calls (measured in docs/scale.md)
STANDBY_DECLARED = 500
STANDBY_CALLS = 2_000


@dataclasses.dataclass(frozen=True)
class Remote:
    """What another process needs to make the scan's clients (picklable)."""

    access_key: str
    secret_key: str
    token: str | None
    endpoint_url: str | None
    max_attempts: int
    max_rps: float | None
    scope_prefix: str

    def __repr__(self) -> str:  # never print the keys
        return f"Remote(endpoint_url={self.endpoint_url!r}, scope_prefix={self.scope_prefix!r})"


@dataclasses.dataclass(frozen=True)
class Call:
    """One detail call: the item `index` of the (spec, region) unit, and the detail `key`."""

    spec: str
    region: str
    index: int
    key: str
    item: dict[str, Any]


# ("ok", response) | ("scope", (scope, message)) | ("fatal", (message, hint))
Outcome = tuple[str, Any]


@dataclasses.dataclass
class ShardResult:
    outcomes: list[Outcome]
    calls: Counter[str]
    sent: Counter[str]
    waited: float


def remote_for(
    session: Any,  # accounts.Session
    endpoint_url: str | None,
    max_attempts: int,
    max_rps: float | None,
    scope_prefix: str = "",
) -> Remote | None:
    """How to reach the account from another process; None when the credentials cannot
    be handed over (none found)."""
    core = getattr(session, "core", None)
    credentials = core.get_credentials() if core is not None else None
    if credentials is None:
        return None
    frozen = credentials.get_frozen_credentials()
    return Remote(
        frozen.access_key,
        frozen.secret_key,
        frozen.token,
        endpoint_url,
        max_attempts,
        max_rps,
        scope_prefix,
    )


def processes_for(wanted: int | None, calls: int) -> int:
    """How many processes a scan making `calls` detail calls uses: `wanted` if given (1 =
    this one only), else every core from SHARD_CALLS calls on."""
    if wanted is not None:
        return max(1, wanted)
    return max(1, os.cpu_count() or 1) if calls >= SHARD_CALLS else 1


def split(calls: Sequence[Any], parts: int) -> list[list[Any]]:
    """`calls` cut into `parts` runs of consecutive calls, as even as can be."""
    size, extra = divmod(len(calls), parts)
    out, start = [], 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        out.append(list(calls[start:end]))
        start = end
    return out


class Standby:
    """`parts` processes spawned before a scan's detail calls are known, each importing
    driftctl and making the scan's `clients` (service, region) at once (`warm`), so that a
    scan spreading its detail calls finds them started: their start (0.4-1 s of CPU:
    imports, botocore's models) ran on the other cores while this process listed."""

    def __init__(self, remote: Remote, parts: int, clients: Sequence[tuple[str, str]]) -> None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.parts = parts
        # spawned, not forked: this process has threads (forking them can deadlock)
        self.pool: Any = ProcessPoolExecutor(parts, multiprocessing.get_context("spawn"))
        for _ in range(parts):
            self.pool.submit(warm, remote, list(clients), 1 / (parts + 1))

    def close(self) -> None:
        """Stop the processes at once (unused, or done: then there is nothing to stop)."""
        for process in list((getattr(self.pool, "_processes", None) or {}).values()):
            process.terminate()
        self.pool.shutdown(cancel_futures=True)


def standby_for(
    remote: Remote | None,
    processes: int | None,
    declared: int | None,
    clients: Sequence[tuple[str, str]],
) -> Standby | None:
    """Processes started ahead for a scan of a large declared state, when the number of
    processes is left to the scan and there are cores to spare."""
    cores = os.cpu_count() or 1
    if remote is None or processes is not None or cores < 2:
        return None
    if declared is None or declared < STANDBY_DECLARED:
        return None
    return Standby(remote, cores - 1, clients)


# in a worker process: the scanner `warm` made, for the shard that follows
_WARM: dict[Remote, Any] = {}


def warm(remote: Remote, clients: list[tuple[str, str]], share: float) -> None:
    """In a worker process: make the scan's clients now, before its calls arrive."""
    scanner = _scanner(remote, share)
    for service, region in clients:
        scanner.factory(service, region)
    _WARM[remote] = scanner


def _scanner(remote: Remote, share: float) -> Any:
    """A scanner of this worker process's own, with 1/`share` of every rate budget."""
    import botocore.session

    from driftctl.aws.accounts import Session, shared_loader
    from driftctl.aws.ratelimit import RateLimiter
    from driftctl.aws.scanner import Scanner
    from driftctl.aws.session import CallCounter, make_client_factory

    core = botocore.session.Session()
    core.register_component("data_loader", shared_loader(core))
    core.set_credentials(remote.access_key, remote.secret_key, remote.token)
    counter, limiter = CallCounter(), RateLimiter(remote.max_rps, share)
    factory = make_client_factory(
        Session(core), remote.endpoint_url, counter, limiter, remote.max_attempts
    )
    return Scanner(factory, counter, scope_prefix=remote.scope_prefix, processes=1, limiter=limiter)


def run_shard(remote: Remote, calls: list[Call], share: float) -> ShardResult:
    """In a worker process: make `calls` with a scanner of its own (the one `warm` made,
    if it ran here); their outcomes in order."""
    from driftctl.aws import headers
    from driftctl.resources.registry import SCANS
    from driftctl.util import gcpause

    scanner = _WARM.pop(remote, None) or _scanner(remote, share)
    scanner.limiter.set_share(share)
    counter, limiter = scanner.counter, scanner.limiter
    with gcpause.paused(), headers.fast():  # as in this scan's first process (fanout.read)
        outcomes = scanner.detail_outcomes(
            [(SCANS[c.spec], c.region, c.key, c.item) for c in calls]
        )
    return ShardResult(outcomes, counter.calls, counter.sent, limiter.waited)
