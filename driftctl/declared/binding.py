"""Values known after apply, bound through the match (docs/architecture.md §4).

Terraform knows `aws_s3_bucket.logs.arn` only after apply; driftctl knows it as soon as
the bucket is matched to a live one. The pipeline then evaluates the declared sources
again with a `Binding`: its `state` maps each matched declared address to the live
values of the attributes Terraform computes (its id, ARN, a generated name), like
Terraform's state. A reference to such an attribute that the configuration does not set
takes the live value, and every value built from it (a jsonencode policy document, a
template, a `for` expression, a module output, CloudFormation's `!Sub`) is evaluated
again; what stays Unknown is still never drift.

A Binding also records which bound values each evaluated value read, so a report can
say where the part of an expected value that came from AWS came from. Loaders call
`recording()` around what they evaluate and cache (a local, a module output, a resource
body), keyed, and `replay()` on a cache hit, so a value read through a cache still
names what it read.
"""

from __future__ import annotations

import contextlib
from collections.abc import Hashable, Mapping
from contextlib import AbstractContextManager
from types import MappingProxyType
from typing import Any

from driftctl.core.mask import SENSITIVE
from driftctl.core.model import Ref

# address -> live attributes a reference may bind to ("id" included)
State = Mapping[str, Mapping[str, Any]]
NOT_BOUND: Any = object()


def ref_text(ref: Ref) -> str:
    tail = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in ref.path)
    return f"{ref.address}{tail}"


def _at(value: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        in_dict = isinstance(value, dict) and part in value
        in_list = isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value)
        if not (in_dict or in_list):
            return NOT_BOUND
        value = value[part]
    return NOT_BOUND if value is None else value


class Binding:
    def __init__(self, state: State | None = None) -> None:
        self.state: dict[str, Mapping[str, Any]] = dict(state or {})
        self._frames: list[dict[str, Any]] = []
        self._saved: dict[Hashable, dict[str, Any]] = {}

    @property
    def active(self) -> bool:
        return bool(self.state)

    def lookup(self, ref: Ref, sensitive: bool = False) -> Any:
        """The live value ref binds to (recorded as read), or NOT_BOUND. A sensitive one is
        recorded as "(sensitive)": what a value read is shown in reports."""
        live = self.state.get(ref.address)
        if live is None:
            return NOT_BOUND
        value = _at(live, ref.path)
        if value is NOT_BOUND:
            return NOT_BOUND
        self._record({ref_text(ref): SENSITIVE if sensitive else value})
        if ref.prefix or ref.suffix:
            return f"{ref.prefix}{value}{ref.suffix}"
        return value

    def recording(self, key: Hashable | None = None) -> AbstractContextManager[dict[str, Any]]:
        """The bound values read while the block runs (kept under key for replay); costs
        nothing when nothing is bound."""
        return _Recording(self, key) if self.active else _IDLE

    def replay(self, key: Hashable) -> None:
        """A cached value is used again: what it read is read again."""
        if self.active and key in self._saved:
            self._record(self._saved[key])

    def _record(self, reads: Mapping[str, Any]) -> None:
        for frame in self._frames:
            frame.update(reads)


class _Recording:
    def __init__(self, binding: Binding, key: Hashable | None) -> None:
        self.binding, self.key, self.frame = binding, key, dict[str, Any]()

    def __enter__(self) -> dict[str, Any]:
        self.binding._frames.append(self.frame)
        return self.frame

    def __exit__(self, *exc: object) -> None:
        self.binding._frames.pop()
        if self.key is not None:
            self.binding._saved[self.key] = self.frame


_IDLE: AbstractContextManager[dict[str, Any]] = contextlib.nullcontext(MappingProxyType({}))  # type: ignore[arg-type]
