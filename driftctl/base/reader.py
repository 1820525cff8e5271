"""What a type module's fresh read of one unit may ask of revert's reader.

A type module's reader (`Family.readers`) reads one unit (a bucket, a role) with the
scan's own detail calls; it is handed the concrete reader of driftctl/revert/readers.py,
typed here so a type module needs nothing above the base package.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from driftctl.base.calls import Unit
from driftctl.base.spec import ScanSpec


class Reader(Protocol):
    """Read-only AWS calls in a unit's region; a unit gone while reading reads as []."""

    NO_ENTITY: frozenset[str]  # IAM's "gone" code

    def call(
        self,
        service: str,
        region: str,
        operation: str,
        params: Mapping[str, Any],
        absent: frozenset[str] = frozenset(),
        gone: frozenset[str] = frozenset(),
    ) -> Any: ...

    def pages(
        self, service: str, region: str, operation: str, params: Mapping[str, Any], key: str
    ) -> list[Any]: ...

    def paged(
        self,
        service: str,
        region: str,
        operation: str,
        params: Mapping[str, Any],
        absent: frozenset[str] = frozenset(),
        gone: frozenset[str] = frozenset(),
        page_size: int | None = None,
    ) -> Any: ...

    def details(
        self, spec: ScanSpec, unit: Unit, item: dict[str, Any], gone: frozenset[str] = frozenset()
    ) -> dict[str, Any]: ...
