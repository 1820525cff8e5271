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
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import botocore.exceptions

from driftctl.aws.session import (
    CALL_ERRORS,
    FATAL_CODES,
    CallCounter,
    ClientFactory,
    call_failure,
    fatal_error,
)
from driftctl.aws.types import DetailCall, Item, ListCall, ScanSpec
from driftctl.errors import DriftctlError
from driftctl.model import Resource, ScanError

if TYPE_CHECKING:
    from driftctl.report.progress import ScanProgress

GLOBAL = "global"  # the scope of global services (IAM, the S3 bucket listing)


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


class Scanner:
    def __init__(
        self,
        factory: ClientFactory,
        counter: CallCounter,
        max_workers: int = 128,
        per_service: int = 64,
        scope_prefix: str = "",  # "<account>/" when several accounts are scanned
        progress: ScanProgress | None = None,
    ) -> None:
        self.scope_prefix = scope_prefix
        self.progress = progress
        self.factory = factory
        self.counter = counter
        self.max_workers = max_workers
        self.per_service = per_service
        self._sems: dict[str, threading.Semaphore] = {}
        self._lock = threading.Lock()

    def _sem(self, service: str) -> threading.Semaphore:
        with self._lock:
            return self._sems.setdefault(service, threading.Semaphore(self.per_service))

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
            return getattr(client, operation)(**params)

        return self._guarded(unit, operation, absent, call, region)

    def list_pages(self, unit: _Unit, call: ListCall) -> list[dict[str, Any]]:
        client = self.factory(unit.spec.service, unit.region)
        params = dict(call.params)
        if not (call.paginated and client.can_paginate(call.operation)):
            return [self.call(unit, call.operation, params, frozenset())]
        paginator = client.get_paginator(call.operation)
        pages: list[dict[str, Any]] = self._guarded(
            unit,
            call.operation,
            frozenset(),
            lambda: list(
                paginator.paginate(**params, PaginationConfig={"PageSize": call.page_size})
            ),
        )
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
        regions = [s for s in scopes if s != GLOBAL]
        units = [
            _Unit(spec, region)
            for spec in specs
            for region in (
                ([global_region] if GLOBAL in scopes else []) if spec.global_service else regions
            )
        ]
        errors: dict[str, ScanError] = {}
        failed: set[_Unit] = set()
        with ThreadPoolExecutor(max_workers=self.max_workers) as pool:
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
            resources.extend(built)
        return LiveState(
            resources=resources,
            errors=sorted(
                {(e.scope, e.message): e for e in errors.values()}.values(), key=_err_key
            ),
            incomplete_scans={(u.spec.name, u.scope_region) for u in failed},
        )

    def _run_lists(
        self, pool: ThreadPoolExecutor, units: list[_Unit]
    ) -> dict[tuple[Any, ...], Future[Any]]:
        futures: dict[tuple[Any, ...], Future[Any]] = {}
        for unit in units:
            for call in (unit.spec.listing, *(j.listing for j in unit.spec.joins)):
                key = _list_key(unit, call)
                if key not in futures:
                    futures[key] = pool.submit(self.list_pages, unit, call)
        self._track(futures, lambda key: str(key[0]))
        for future in futures.values():
            future.exception()  # wait for all before detail calls start
        return futures

    def _run_details(
        self, pool: ThreadPoolExecutor, items: dict[_Unit, list[Item]]
    ) -> dict[tuple[_Unit, int, str], Future[Any]]:
        futures: dict[tuple[_Unit, int, str], Future[Any]] = {}
        for unit, unit_items in items.items():
            for index, item in enumerate(unit_items):
                for detail in unit.spec.details:
                    if detail.when is None or detail.when(item):
                        futures[(unit, index, detail.key)] = pool.submit(
                            self._detail, unit, detail, item
                        )
        self._track(futures, lambda key: key[0].spec.service)
        for future in futures.values():
            future.exception()
        return futures

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
        return self.call(unit, detail.operation, detail.params(item), detail.absent, region)


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
        {**item, "__joins__": {}}
        for page in pages
        for item in page.get(unit.spec.listing.result_key) or ()
    ]
    for join in unit.spec.joins:
        joined_pages = _result(lists[_list_key(unit, join.listing)])
        index = {
            j[join.joined_key]: j
            for page in joined_pages
            for j in page.get(join.listing.result_key) or ()
        }
        for item in items:
            item["__joins__"][join.key] = index.get(item.get(join.item_key))
    if unit.spec.keep is not None:
        items = [i for i in items if unit.spec.keep(i, unit.region)]
    return items


def _err_key(e: ScanError) -> tuple[str, str]:
    return (e.scope, e.message)
