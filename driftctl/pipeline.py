"""The pipeline as plain functions: load declared, load live, match, diff, report."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from driftctl.aws import session as aws_session
from driftctl.aws.canonical import Declared, canonicalize, count_unknown
from driftctl.aws.registry import SCANS, TYPES
from driftctl.aws.scanner import LiveState, Scanner
from driftctl.declared.hcl import load_hcl
from driftctl.diff import diff_attrs
from driftctl.errors import DriftctlError
from driftctl.match import match
from driftctl.model import KINDS, Drift, Report, Resource
from driftctl.settings import Settings


def load_declared(settings: Settings) -> Declared:
    merged = Declared([])
    for source in settings.sources:
        raw = load_hcl(source.path, settings.var_files, dict(settings.variables))
        part = canonicalize(raw)
        if len(settings.sources) > 1:
            part.resources = [_prefixed(r, source.path.as_posix()) for r in part.resources]
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


@dataclasses.dataclass
class LiveRun:
    state: LiveState
    counter: aws_session.CallCounter | None = None
    account: str | None = None


def load_live(settings: Settings) -> LiveRun:
    if settings.live_file is not None:
        from driftctl import snapshot

        return LiveRun(snapshot.load(settings.live_file))
    counter = aws_session.CallCounter()
    factory = aws_session.make_client_factory(settings.profile, settings.endpoint_url, counter)
    regions = list(settings.regions) or [aws_session.default_region(settings.profile) or ""]
    if not regions[0]:
        raise DriftctlError("no AWS region configured", "pass --region or set AWS_REGION")
    account = aws_session.check_credentials(factory, counter, regions[0])
    state = Scanner(factory, counter).scan(SCANS.values(), regions, regions[0])
    return LiveRun(state, counter, account)


def normalize_live(resources: list[Resource]) -> list[Resource]:
    return [dataclasses.replace(r, attrs=TYPES[r.type].normalize(r.attrs)) for r in resources]


def build_report(declared: Declared, live: LiveState) -> Report:
    incomplete = {name for name, t in TYPES.items() if t.scan in live.incomplete_scans}
    dec = [r for r in declared.resources if r.type not in incomplete]
    liv = [r for r in normalize_live(live.resources) if r.type not in incomplete]
    matched = match(TYPES, dec, liv)
    drifts: list[Drift] = []
    unknown = 0
    for d, lv in matched.pairs:
        rtype = TYPES[d.type]
        unknown += sum(count_unknown(v) for k, v in d.attrs.items() if k in rtype.compared)
        changes = diff_attrs(rtype, d.attrs, lv.attrs)
        if changes:
            drifts.append(
                Drift("changed", d.type, lv.id, d.address, d.source, tuple(changes), tags=_tags(lv))
            )
    for d in matched.missing:
        rid = d.id or _declared_id(d)
        drifts.append(Drift("missing", d.type, rid, d.address, d.source, tags=_tags(d)))
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
