"""Fresh reads of exactly the resources a revert touches, built as the scanner builds them.

A `Unit` is one scan item (a bucket, a role, a group, ...): reading it returns every
canonical resource the scanner would build from that item (a bucket with its settings,
a role with its inline policies and attachments), through the type module's reader,
which uses the same ScanSpec detail calls and `build` functions, so the journal, the
undo and the verifying re-scan see resources in exactly the shape a scan does. A unit
that no longer exists reads as [].
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import botocore.exceptions

from driftctl.aws.session import (
    CALL_ERRORS,
    FATAL_CODES,
    CallCounter,
    ClientFactory,
    call_failure,
    fatal_error,
    read_streams,
)
from driftctl.base.calls import Attrs, Ctx, Unit
from driftctl.base.revert import RevertSpec
from driftctl.base.spec import ScanSpec, detail_depths
from driftctl.core.model import Resource
from driftctl.errors import DriftctlError
from driftctl.resources.registry import ATTR_READERS, READERS


def api_name(client: Any, operation: str) -> str:
    """The API's name of a boto3 method (`describe_db_parameters` -> DescribeDBParameters)."""
    name: str = client.meta.method_to_api_mapping.get(operation, operation)
    return name


class _Gone(Exception):
    """The item read does not exist (any more)."""


class Reader:
    """Read-only AWS calls for revert: facts for the plan, units for the journal.

    Each scan's fresh read of one unit is its type module's (`Family.readers`)."""

    NO_ENTITY = frozenset({"NoSuchEntity"})  # IAM's "gone" code

    def __init__(self, factory: ClientFactory, counter: CallCounter | None = None) -> None:
        self.factory = factory
        self.counter = counter or CallCounter()

    def call(
        self,
        service: str,
        region: str,
        operation: str,
        params: Mapping[str, Any],
        absent: frozenset[str] = frozenset(),
        gone: frozenset[str] = frozenset(),
    ) -> Any:
        client = self.factory(service, region)
        return self._guarded(
            service,
            region,
            operation,
            absent,
            gone,
            lambda: read_streams(getattr(client, operation)(**params)),
        )

    def paged(
        self,
        service: str,
        region: str,
        operation: str,
        params: Mapping[str, Any],
        absent: frozenset[str] = frozenset(),
        gone: frozenset[str] = frozenset(),
        page_size: int | None = None,
    ) -> Any:
        """Every page of a paged detail call (`DetailCall.paged`): the list of pages."""
        paginator = self.factory(service, region).get_paginator(operation)
        config = {"PageSize": page_size} if page_size else {}

        def read() -> Any:
            pages = list(paginator.paginate(**params, PaginationConfig=config))
            api = api_name(self.factory(service, region), operation)
            for _ in pages[1:]:  # the first page is counted as the call
                self.counter.count(service, api)
            return pages

        return self._guarded(service, region, operation, absent, gone, read)

    def _guarded(
        self,
        service: str,
        region: str,
        operation: str,
        absent: frozenset[str],
        gone: frozenset[str],
        run: Callable[[], Any],
    ) -> Any:
        api = api_name(self.factory(service, region), operation)
        self.counter.count(service, api)
        try:
            return run()
        except botocore.exceptions.ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "")
            if code in absent:
                return None
            if code in gone:
                raise _Gone(code) from exc
            if code in FATAL_CODES:
                raise fatal_error(exc, f"{service}:{api}") from exc
            message = exc.response.get("Error", {}).get("Message", "")
            raise DriftctlError(
                f"{service}:{api} failed on a fresh read: {code}: {message}",
                "the credentials need read access to every resource a revert touches",
            ) from exc
        except botocore.exceptions.EndpointConnectionError as exc:
            raise DriftctlError(
                f"cannot reach the AWS endpoint for {service} in {region}",
                "check --endpoint-url / AWS_ENDPOINT_URL and the network",
            ) from exc
        except CALL_ERRORS as exc:  # a timeout, a closed connection, an unparsable answer
            raise DriftctlError(
                f"{service}:{api} failed on a fresh read: {call_failure(exc)}",
                "nothing was changed by this read; run it again when AWS answers",
            ) from exc

    def pages(
        self, service: str, region: str, operation: str, params: Mapping[str, Any], key: str
    ) -> list[Any]:
        out: list[Any] = []
        marker: dict[str, Any] = {}
        while True:
            page = self.call(service, region, operation, {**params, **marker})
            out.extend(page.get(key) or ())
            if not page.get("IsTruncated"):
                return out
            marker = {"Marker": page["Marker"]}

    def details(
        self, spec: ScanSpec, unit: Unit, item: dict[str, Any], gone: frozenset[str] = frozenset()
    ) -> dict[str, Any]:
        """The scan's detail calls for one item, made in the unit's region."""
        out: dict[str, Any] = {}
        service, region = spec.service, unit.region
        depth = detail_depths(spec)
        for d in sorted(spec.details, key=lambda d: depth[d.key]):
            given = item
            if d.needs is not None:
                if out.get(d.needs) is None:
                    continue
                given = {**item, d.needs: out[d.needs]}
            if d.when is None or d.when(given):
                params = d.params(given)
                answers = [
                    self.paged(service, region, d.operation, p, d.absent, gone, d.page_size)
                    if d.paged
                    else self.call(service, region, d.operation, p, d.absent, gone)
                    for p in (params if isinstance(params, list) else [params])
                ]
                out[d.key] = answers if isinstance(params, list) else answers[0]
        return out

    def unit(self, unit: Unit) -> list[Resource]:
        if unit.id is None:
            return []  # a resource the plan would create and did not
        try:
            return READERS[unit.scan](self, unit)
        except _Gone:
            return []

    def attrs(self, unit: Unit, touched: frozenset[str]) -> dict[str, Any] | None:
        """The touched attributes of the unit's own resource, read alone (the watch's
        narrow read); None when its type cannot, or the unit is gone (a whole read says)."""
        read = ATTR_READERS.get(unit.scan)
        if read is None or unit.id is None:
            return None
        try:
            return read(self, unit, touched)
        except _Gone:
            return None

    def facts(self, spec: RevertSpec, ctx: Ctx, live: Attrs, when: str) -> dict[str, Any]:
        facts: dict[str, Any] = {}
        for fact in spec.facts:
            if when not in fact.when or not isinstance(ctx.id, str):
                continue
            params = fact.params(Ctx(ctx.id, ctx.region, ctx.label, ctx.account, facts), live)
            if params is None:
                continue
            answer = self.call(fact.service, ctx.region, fact.operation, params, fact.absent)
            facts[fact.name] = clean(answer)
        return facts


def clean(response: Any) -> Any:
    """A response as plain JSON: no ResponseMetadata, datetimes as ISO text, blobs (a WAF
    rule's search string) as UTF-8 text."""
    if response is None:
        return None
    body = {k: v for k, v in response.items() if k != "ResponseMetadata"}
    return json.loads(json.dumps(body, default=_plain, sort_keys=True))


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value.isoformat()
