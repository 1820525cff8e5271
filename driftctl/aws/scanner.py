"""The one generic scanner: reads every ScanSpec the same way, concurrently.

Phase 1 runs every distinct list call (paginated) at once; phase 2 runs every detail
call of every listed item at once; phase 3 builds canonical Resources. Calls shared by
several specs (IAM's authorization details) are made once. A per-service semaphore
bounds concurrency; botocore's adaptive retry mode handles throttling underneath.
A failure of one scope (AccessDenied on a service) is recorded, its types are marked
incomplete, and the scan goes on: the caller never mistakes a partial scan for a clean one.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import threading
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import botocore.exceptions

from driftctl.aws import shards
from driftctl.aws.ratelimit import RateLimiter
from driftctl.aws.regions import offered
from driftctl.aws.session import (
    CALL_ERRORS,
    FATAL_CODES,
    CallCounter,
    ClientFactory,
    call_failure,
    fatal_error,
    read_streams,
)
from driftctl.aws.shards import Remote
from driftctl.aws.workers import Workers
from driftctl.base.spec import (
    DetailCall,
    Item,
    ListCall,
    ScanSpec,
    at_path,
    detail_depths,
    listed,
)
from driftctl.core.model import Resource, ScanError
from driftctl.errors import DriftctlError

if TYPE_CHECKING:
    from driftctl.report.progress import ScanProgress

GLOBAL = "global"  # the scope of global services (IAM, the S3 bucket listing)
# what reading an answer of an unexpected shape raises in a type's `build` (a field the
# model promises is absent, a list where a dict was expected)
SHAPE_ERRORS = (KeyError, TypeError, AttributeError, IndexError, ValueError)
ENDPOINT_BLOCK = 32  # items whose detail calls are queued detail by detail (see _run_details)


@dataclasses.dataclass
class LiveState:
    resources: list[Resource]
    errors: list[ScanError]
    # (ScanSpec name, scope region or "global") whose result is partial
    incomplete_scans: set[tuple[str, str]]
    account: str | None = None

    def sorted_resources(self) -> list[Resource]:
        return sorted(self.resources, key=lambda r: (r.type, r.id or "", r.region or ""))


class _ScopeFailed(Exception):
    def __init__(self, error: ScanError) -> None:
        super().__init__(error.message)
        self.error = error


@dataclasses.dataclass(frozen=True, eq=False)  # hashed by identity: one per (spec, region)
class _Unit:
    spec: ScanSpec
    region: str

    @property
    def scope_region(self) -> str:
        return GLOBAL if self.spec.global_service else self.region

    @property
    def scope(self) -> str:
        return f"{self.spec.service}/{self.scope_region}"


def spec_regions(
    specs: Iterable[ScanSpec], scopes: list[str], global_region: str
) -> list[tuple[ScanSpec, str]]:
    """The (type, region) pairs a scan of `scopes` reads: a global service once, in
    global_region (when GLOBAL is a scope); a regional one in each region where botocore
    offers it an endpoint."""
    regions = [s for s in scopes if s != GLOBAL]
    return [
        (spec, region)
        for spec in specs
        for region in (
            ([global_region] if GLOBAL in scopes else []) if spec.global_service else regions
        )
        if spec.global_service or offered(spec.service, region)  # no endpoint elsewhere
    ]


class Scanner:
    def __init__(
        self,
        factory: ClientFactory,
        counter: CallCounter,
        # calls in flight: as many as a client's connection pool holds (one client per
        # service and region), so a scan of one busy service (S3's per-bucket reads) is not
        # held to half of it
        max_workers: int = 128,
        per_service: int = 128,
        scope_prefix: str = "",  # "<account>/" when several accounts are scanned
        progress: ScanProgress | None = None,
        # how other processes reach the account (None: this process makes every call),
        # how many to use (None: every core from shards.SHARD_CALLS detail calls on),
        # and the rate limiter whose budget they share
        remote: Remote | None = None,
        processes: int | None = None,
        limiter: RateLimiter | None = None,
        # processes started ahead (shards.Standby), used if the detail calls are many
        standby: shards.Standby | None = None,
    ) -> None:
        self.scope_prefix = scope_prefix
        self.progress = progress
        self.factory = factory
        self.counter = counter
        self.max_workers = max_workers
        self.per_service = per_service
        self.remote = remote
        self.processes = processes
        self.limiter = limiter
        self.standby = standby
        self.processes_used = 1  # the most processes a scan of this scanner used
        self._sems: dict[str, threading.Semaphore] = {}
        self._lock = threading.Lock()

    def _sem(self, service: str) -> threading.Semaphore:
        sem = self._sems.get(service)
        if sem is None:
            with self._lock:
                sem = self._sems.setdefault(service, threading.Semaphore(self.per_service))
        return sem

    def call(
        self,
        unit: _Unit,
        operation: str,
        params: dict[str, Any],
        absent: frozenset[str],
        region: str | None = None,
    ) -> Any:
        client = self.factory(unit.spec.service, region or unit.region)

        def call() -> Any:
            return read_streams(getattr(client, operation)(**params))

        return self._guarded(unit, operation, absent, call, region)

    def list_pages(self, unit: _Unit, call: ListCall) -> list[dict[str, Any]]:
        client = self.factory(unit.spec.service, unit.region)
        params = dict(call.params)
        if not (call.paginated and client.can_paginate(call.operation)):
            page = self.call(unit, call.operation, params, call.absent)
            if page is None:  # an error code of `absent`: nothing here
                return []
            token = call.marker or (_next_token(client, call.operation) if call.paginated else None)
            answer = call.next_marker or token
            return self._token_pages(unit, call.operation, params, page, token, answer)
        paginator = client.get_paginator(call.operation)
        pages: list[dict[str, Any]] | None = self._guarded(
            unit,
            call.operation,
            call.absent,  # the first page's answer may say there is nothing to list
            lambda: list(
                paginator.paginate(**params, PaginationConfig={"PageSize": call.page_size})
            ),
        )
        return pages or []

    def _token_pages(
        self,
        unit: _Unit,
        operation: str,
        params: dict[str, Any],
        first: dict[str, Any],
        token: str | None,
        answer: str | None,
    ) -> list[dict[str, Any]]:
        """Every page of a list call botocore has no paginator for, from its `first`,
        following its `token` (WAFv2's NextMarker, EventBridge's NextToken), found in each
        page at the dotted path `answer` (CloudFront's FunctionList.NextMarker): a list is
        never read only in part."""
        pages = [first]
        while token is not None and answer is not None and at_path(pages[-1], answer):
            following = {**params, token: at_path(pages[-1], answer)}
            pages.append(self.call(unit, operation, following, frozenset()))
        return pages

    def _guarded(
        self,
        unit: _Unit,
        operation: str,
        absent: frozenset[str],
        run: Callable[[], Any],
        region: str | None = None,  # where the call goes, if not the unit's region
    ) -> Any:
        """Run AWS calls under the service's bound, count them, and sort their failures:
        "not configured" -> None, fatal -> DriftctlError, anything else -> the scope fails."""
        client = self.factory(unit.spec.service, unit.region)
        api_name = client.meta.method_to_api_mapping.get(operation, operation)
        with self._sem(unit.spec.service):
            try:
                result = run()
            except botocore.exceptions.ClientError as exc:
                self.counter.count(unit.spec.service, api_name)
                code = exc.response.get("Error", {}).get("Code", "")
                if code in absent:
                    return None
                if code in FATAL_CODES:
                    raise fatal_error(exc, f"{unit.spec.service}:{api_name}") from exc
                message = exc.response.get("Error", {}).get("Message", "")
                text = f"{api_name}: {code}: {message}".rstrip(": ")
                raise _ScopeFailed(ScanError(self.scope_prefix + unit.scope, text)) from exc
            except botocore.exceptions.EndpointConnectionError as exc:
                raise DriftctlError(
                    f"cannot reach the AWS endpoint for {unit.spec.service} in "
                    f"{region or unit.region}",
                    "check --endpoint-url / AWS_ENDPOINT_URL and the network",
                ) from exc
            except CALL_ERRORS as exc:  # unparsable answer, timeout, closed connection, ...
                self.counter.count(unit.spec.service, api_name)
                text = f"{api_name}: {call_failure(exc)}"
                raise _ScopeFailed(ScanError(self.scope_prefix + unit.scope, text)) from exc
        for _ in result if isinstance(result, list) else [result]:  # one call per page
            self.counter.count(unit.spec.service, api_name)
        return result

    def scan(self, specs: Iterable[ScanSpec], scopes: list[str], global_region: str) -> LiveState:
        """Scan `scopes`: regions, and GLOBAL for the global services (called in global_region)."""
        units = [_Unit(spec, region) for spec, region in spec_regions(specs, scopes, global_region)]
        errors: dict[str, ScanError] = {}
        failed: set[_Unit] = set()
        with Workers(self.max_workers) as pool:
            lists = self._run_lists(pool, units)
            items: dict[_Unit, list[Item]] = {}
            for unit in units:
                try:
                    items[unit] = _items(unit, lists)
                except _ScopeFailed as exc:
                    errors.setdefault(unit.scope + unit.spec.name, exc.error)
                    failed.add(unit)
            details = self._run_details(pool, items)
        resources: list[Resource] = []
        for unit, unit_items in items.items():
            built: list[Resource] = []
            try:
                for index, item in enumerate(unit_items):
                    item_details = dict(item["__joins__"])
                    for d in unit.spec.details:
                        if (unit, index, d.key) in details:
                            item_details[d.key] = _result(details[(unit, index, d.key)])
                    built.extend(unit.spec.build(item, item_details, unit.region))
            except _ScopeFailed as exc:
                errors.setdefault(unit.scope + unit.spec.name, exc.error)
                failed.add(unit)
                continue
            except SHAPE_ERRORS as exc:  # an answer lacks what AWS's model promises
                text = (
                    f"{unit.spec.service} answered the {unit.spec.name} scan in a shape it "
                    f"cannot read ({type(exc).__name__}: {exc}); its result is incomplete"
                )
                errors.setdefault(
                    unit.scope + unit.spec.name, ScanError(self.scope_prefix + unit.scope, text)
                )
                failed.add(unit)
                continue
            resources.extend(built)
        return LiveState(
            resources=resources,
            errors=sorted(
                {(e.scope, e.message): e for e in errors.values()}.values(), key=_err_key
            ),
            incomplete_scans={(u.spec.name, u.scope_region) for u in failed},
        )

    def _run_lists(self, pool: Workers, units: list[_Unit]) -> dict[tuple[Any, ...], Future[Any]]:
        calls: dict[tuple[Any, ...], tuple[_Unit, ListCall]] = {}
        for unit in units:
            for call in (unit.spec.listing, *(j.listing for j in unit.spec.joins)):
                calls.setdefault(_list_key(unit, call), (unit, call))
        pool.grow(len(calls))
        futures = {key: pool.submit(self.list_pages, *work) for key, work in calls.items()}
        self._track(futures, lambda key: str(key[0]))
        for future in futures.values():
            future.exception()  # wait for all before detail calls start
        return futures

    def _run_details(
        self, pool: Workers, items: dict[_Unit, list[Item]]
    ) -> dict[tuple[_Unit, int, str], Future[Any]]:
        # queued a block of items at a time, one detail after another, so the calls for
        # one item do not start together: the first resolves the endpoint (botocore's
        # per-bucket S3 endpoint rules cost ~1 ms) and the others find it in its cache
        calls = {
            (unit, index, detail.key): (unit, detail, item)
            for unit, unit_items in items.items()
            for block in range(0, len(unit_items), ENDPOINT_BLOCK)
            for detail in unit.spec.details
            for index, item in enumerate(unit_items[block : block + ENDPOINT_BLOCK], start=block)
            if detail.needs is None and (detail.when is None or detail.when(item))
        }
        standby, self.standby = self.standby, None  # started ahead for one scan's details
        if standby is not None and len(calls) >= shards.STANDBY_CALLS:
            wanted = standby.parts + 1
        else:
            wanted = shards.processes_for(self.processes, len(calls))
        parts = shards.split(list(calls), wanted if self.remote and len(calls) >= wanted else 1)
        if standby is not None and len(parts) != standby.parts + 1:
            standby.close()  # not needed: its processes stop now
            standby = None
        self.processes_used = max(self.processes_used, len(parts))
        futures: dict[tuple[_Unit, int, str], Future[Any]] = {}
        with _Elsewhere(self, parts[1:], calls, futures, standby) as elsewhere:
            pool.grow(len(parts[0]))
            for key in parts[0]:
                futures[key] = pool.submit(self._detail, *calls[key])
            self._track(futures, lambda key: key[0].spec.service)
            for future in futures.values():
                future.exception()
            elsewhere.check()
        self._run_needing(pool, items, futures)
        return futures

    def _run_needing(
        self,
        pool: Workers,
        items: dict[_Unit, list[Item]],
        futures: dict[tuple[_Unit, int, str], Future[Any]],
    ) -> None:
        """The detail calls made after another one (`DetailCall.needs`), with its response:
        a wave at a time, as a call may need one that itself needed another (a listener's
        rules need its load balancer's listeners, their tags need the rules)."""
        depth = {u: detail_depths(u.spec) for u in items}
        for wave in range(
            1, 1 + max((max(d.values(), default=0) for d in depth.values()), default=0)
        ):
            later = {}
            for unit, unit_items in items.items():
                for detail in unit.spec.details:
                    if detail.needs is None or depth[unit][detail.key] != wave:
                        continue
                    for index, item in enumerate(unit_items):
                        first = futures.get((unit, index, detail.needs))
                        if first is None or first.exception() is not None or first.result() is None:
                            continue
                        given = {**item, detail.needs: first.result()}
                        if detail.when is None or detail.when(given):
                            later[(unit, index, detail.key)] = (unit, detail, given)
            if not later:
                continue
            pool.grow(len(later))
            for key, work in later.items():
                futures[key] = pool.submit(self._detail, *work)
            self._track({k: futures[k] for k in later}, lambda key: key[0].spec.service)
            for key in later:
                futures[key].exception()

    def detail_outcomes(self, calls: list[tuple[ScanSpec, str, str, Item]]) -> list[Any]:
        """Make detail calls given as (spec, region, detail key, item), in a worker process
        of a sharded scan: each outcome in order, as plain picklable data (shards.Outcome)."""
        units: dict[tuple[str, str], _Unit] = {}
        work = []
        for spec, region, key, item in calls:
            unit = units.setdefault((spec.name, region), _Unit(spec, region))
            work.append((unit, next(d for d in spec.details if d.key == key), item))
        with Workers(self.max_workers, "shard") as pool:
            pool.grow(len(work))
            futures = [pool.submit(self._detail, *w) for w in work]
            return [_outcome(f) for f in futures]

    def _track(self, futures: Mapping[Any, Future[Any]], service_of: Callable[[Any], str]) -> None:
        """Report planned and finished calls to the progress display, if there is one."""
        progress = self.progress
        if progress is None:
            return
        for key, future in futures.items():
            service = service_of(key)
            progress.planned(service, 1)
            future.add_done_callback(functools.partial(_finished, progress, service))

    def _detail(self, unit: _Unit, detail: DetailCall, item: Item) -> Any:
        region = detail.region(item) if detail.region is not None else None
        params = detail.params(item)
        if isinstance(params, list):  # one call per parameter set: the list of answers
            return [self._detail_call(unit, detail, p, region) for p in params]
        return self._detail_call(unit, detail, params, region)

    def _detail_call(
        self, unit: _Unit, detail: DetailCall, params: dict[str, Any], region: str | None
    ) -> Any:
        if not detail.paged:
            return self.call(unit, detail.operation, params, detail.absent, region)
        client = self.factory(unit.spec.service, region or unit.region)
        paginator = client.get_paginator(detail.operation)
        config = {"PageSize": detail.page_size} if detail.page_size else {}
        return self._guarded(  # counted one call per page
            unit,
            detail.operation,
            detail.absent,
            lambda: list(paginator.paginate(**params, PaginationConfig=config)),
            region,
        )


class _Elsewhere:
    """The shards of detail calls made by other processes: their futures in `futures`,
    settled as each process answers; the processes are stopped on exit."""

    def __init__(
        self,
        scanner: Scanner,
        parts: list[list[tuple[_Unit, int, str]]],
        calls: Mapping[tuple[_Unit, int, str], tuple[_Unit, DetailCall, Item]],
        futures: dict[tuple[_Unit, int, str], Future[Any]],
        standby: shards.Standby | None = None,
    ) -> None:
        self.scanner, self.parts, self.calls, self.futures = scanner, parts, calls, futures
        self.pool: Any = standby.pool if standby is not None else None
        self.failed: BaseException | None = None

    def __enter__(self) -> _Elsewhere:
        if not self.parts:
            return self
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        scanner, share = self.scanner, 1 / (len(self.parts) + 1)
        assert scanner.remote is not None
        if scanner.limiter is not None:
            scanner.limiter.set_share(share)
        if self.pool is None:  # none started ahead
            # spawned, not forked: this process has threads (forking them can deadlock)
            context = multiprocessing.get_context("spawn")
            self.pool = ProcessPoolExecutor(len(self.parts), context)
        for part in self.parts:
            work = [
                shards.Call(unit.spec.name, unit.region, index, key, self.calls[k][2])
                for k in part
                for unit, index, key in (k,)
            ]
            for key in part:
                self.futures[key] = Future()
            done = self.pool.submit(shards.run_shard, scanner.remote, work, share)
            done.add_done_callback(functools.partial(self._settle, part))
        return self

    def _settle(self, part: list[tuple[_Unit, int, str]], done: Future[Any]) -> None:
        try:
            result: shards.ShardResult = done.result()
        except BaseException as exc:  # the process died or could not start
            self.failed = exc
            for key in part:
                self.futures[key].set_exception(exc)
            return
        self.scanner.counter.merge(result.calls, result.sent)
        if self.scanner.limiter is not None:
            self.scanner.limiter.waited += result.waited
        for key, (kind, value) in zip(part, result.outcomes, strict=True):
            future = self.futures[key]
            if kind == "ok":
                future.set_result(value)
            elif kind == "scope":
                future.set_exception(_ScopeFailed(ScanError(*value)))
            elif kind == "fatal":
                future.set_exception(DriftctlError(*value))
            else:
                future.set_exception(RuntimeError(value))

    def check(self) -> None:
        if self.failed is not None:
            raise DriftctlError(
                f"a scan process failed: {type(self.failed).__name__}: {self.failed}",
                "run with --processes 1 to scan in this process only",
            ) from self.failed

    def __exit__(
        self, exc: type[BaseException] | None, value: BaseException | None, tb: object
    ) -> None:
        if self.pool is not None:
            if value is not None and not isinstance(value, Exception):
                # interrupted (Ctrl-C, SIGTERM): the processes may be waiting on a hung
                # call; stop them rather than wait (the executor keeps them in _processes)
                for process in list(getattr(self.pool, "_processes", {}).values()):
                    process.terminate()
            self.pool.shutdown(cancel_futures=True)
            if self.scanner.limiter is not None:
                self.scanner.limiter.set_share(1.0)


def _outcome(future: Future[Any]) -> tuple[str, Any]:
    exc = future.exception()
    if exc is None:
        return ("ok", future.result())
    if isinstance(exc, _ScopeFailed):
        return ("scope", (exc.error.scope, exc.error.message))
    if isinstance(exc, DriftctlError):
        return ("fatal", (exc.message, exc.hint))
    return ("error", f"{type(exc).__name__}: {exc}")


def _finished(progress: ScanProgress, service: str, _: Future[Any]) -> None:
    progress.finished(service)


def _list_key(unit: _Unit, call: ListCall) -> tuple[Any, ...]:
    return (
        unit.spec.service,
        unit.region,
        call.operation,
        json.dumps(dict(call.params), sort_keys=True),
    )


def _result(future: Future[Any]) -> Any:
    return future.result()  # re-raises _ScopeFailed / DriftctlError from the worker


def _items(unit: _Unit, lists: dict[tuple[Any, ...], Future[Any]]) -> list[Item]:
    """The unit's listed items, each with its joined items under "__joins__" (a copy)."""
    pages = _result(lists[_list_key(unit, unit.spec.listing)])
    items: list[Item] = [
        {**item, "__joins__": {}} for page in pages for item in listed(unit.spec.listing, page)
    ]
    for join in unit.spec.joins:
        joined_pages = _result(lists[_list_key(unit, join.listing)])
        index = {j[join.joined_key]: j for page in joined_pages for j in listed(join.listing, page)}
        for item in items:
            item["__joins__"][join.key] = index.get(join.value(item))
    if unit.spec.keep is not None:
        items = [i for i in items if unit.spec.keep(i, unit.region)]
    return items


def _err_key(e: ScanError) -> tuple[str, str]:
    return (e.scope, e.message)


def _next_token(client: Any, operation: str) -> str | None:
    """ "NextToken" where the operation takes one (a list call without a paginator)."""
    model = client.meta.service_model.operation_model(
        client.meta.method_to_api_mapping.get(operation, operation)
    )
    shape = model.input_shape
    return "NextToken" if shape is not None and "NextToken" in shape.members else None
