"""Scopes of a scan: what one run read, and combining per-scope reports.

A scan is the union of independent scopes: each (account, region) pair, plus
(account, "global") for the global services (which pairs a run reads, and `--shard I/N`,
a deterministic partition of them, are aws/fanout.py's). Every declared and live resource
belongs to exactly one scope, so a report is the combination of per-scope reports, and
sharded runs joined by `driftctl merge` give the same report as one full run.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from driftctl.aws.fanout import Pair
from driftctl.aws.scanner import GLOBAL, LiveState
from driftctl.aws.session import CallCounter
from driftctl.core.model import KINDS, Drift, Report, Resource, json_drift_sort_key
from driftctl.errors import DriftctlError
from driftctl.resources.registry import SCANS, TYPES


@dataclasses.dataclass
class LiveRun:
    """What one scan read: per account its live state, and the scopes it covered."""

    states: dict[str, LiveState]  # account -> what was read of it
    pairs: list[Pair]  # the (account, region or GLOBAL) scopes scanned
    default_region: str
    counter: CallCounter | None = None
    limiter_wait: float = 0.0  # seconds spent waiting for rate-limit tokens
    # whose credentials read it (account_id, region, partition, ...): what the declared
    # side's aws_caller_identity/aws_region/aws_partition read; kept in snapshots
    context: dict[str, str] | None = None
    processes: int = 1  # processes the scan's calls were spread over (not in snapshots)
    # one of several shards (--shard I/N): the regions it did not read, others did
    sharded: bool = False
    # the types the scan read (needs.py), when not every type: its reports cover only them
    types: frozenset[str] | None = None


COUNTS = ("declared", "live", "managed", *KINDS, "ignored", "unknown", "not_compared")


def scope_region(r: Resource, default_region: str) -> str:
    if SCANS[TYPES[r.type].scan].global_service:
        return GLOBAL
    return r.region or default_region


def normalize_live(resources: list[Resource]) -> list[Resource]:
    """Live resources through their type's normalizer (as the declared side is)."""
    out = []
    for r in resources:
        attrs = TYPES[r.type].normalize(r.attrs)
        out.append(r if attrs is r.attrs else dataclasses.replace(r, attrs=attrs))
    return out


def combine(reports: Iterable[Report]) -> Report:
    """One report from per-scope (or per-shard) reports: the same as one full run's."""
    reports = list(reports)
    totals: Counter[str] = Counter()
    for report in reports:
        totals.update({k: int(report.summary.get(k, 0)) for k in COUNTS})
    summary: dict[str, Any] = {k: totals[k] for k in COUNTS}
    summary["coverage"] = _coverage(totals)
    if any("unsupported" in r.summary for r in reports):
        summary["unsupported"] = _unsupported(r.summary for r in reports)
    drifts = sorted((d for r in reports for d in r.drifts), key=Drift.sort_key)
    errors = {(e.scope, e.message): e for r in reports for e in r.errors}
    managed = tuple(sorted({key for r in reports for key in r.managed}))
    marks = {key: paths for r in reports for key, paths in r.sensitive.items()}
    return Report(
        summary,
        tuple(drifts),
        tuple(errors[k] for k in sorted(errors)),
        managed=managed,
        sensitive=marks,
    )


def merge_json(docs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Shard reports (JSON, schema_version 1) into one, ordered as a single run orders it."""
    for doc in docs:
        if doc.get("schema_version") != 1:
            raise DriftctlError("driftctl merge: not a driftctl JSON report (schema_version 1)")
    totals: Counter[str] = Counter()
    for doc in docs:
        totals.update({k: int(doc["summary"].get(k, 0)) for k in COUNTS})
    summary: dict[str, Any] = {k: totals[k] for k in COUNTS}
    summary["coverage"] = _coverage(totals)
    if any("unsupported" in doc["summary"] for doc in docs):
        summary["unsupported"] = _unsupported(doc["summary"] for doc in docs)
    shares = [
        doc["summary"]["compared_share"] for doc in docs if "compared_share" in doc["summary"]
    ]
    if shares:  # each shard loads the whole declared state: each has the same share
        summary["compared_share"] = min(shares)
    errors = {(e["scope"], e["message"]): e for doc in docs for e in doc["errors"]}
    return {
        **{k: v for doc in docs for k, v in doc.items()},
        "schema_version": 1,
        "summary": summary,
        "drifts": sorted((d for doc in docs for d in doc["drifts"]), key=json_drift_sort_key),
        "errors": [errors[k] for k in sorted(errors)],
    }


def _unsupported(summaries: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Unsupported declared kinds across shards: each shard loads the whole declared
    state, so each counts them all; the largest count is the total, not the sum."""
    found: dict[str, int] = {}
    for summary in summaries:
        for name, n in (summary.get("unsupported") or {}).items():
            found[name] = max(found.get(name, 0), int(n))
    return dict(sorted(found.items()))


def _coverage(totals: Counter[str]) -> float:
    managed, unmanaged = totals["managed"], totals["unmanaged"]
    return round(managed / (managed + unmanaged), 4) if managed + unmanaged else 1.0
