"""Values known after apply, bound through the match (docs/architecture.md §4).

A declared value built from an attribute Terraform computes (`aws_s3_bucket.logs.arn`
inside a jsonencode policy, a template naming two ids, a module output passed on) is
Unknown when the declared sources are first evaluated. Once the resources it refers to
are matched to live ones, their live values are known: the sources that can be are
evaluated again with them (declared/binding.py), matched again, and so on until no new
resource is bound. What stays Unknown is never drift; what became known is compared,
and each compared attribute that became known this way says which live values it was
built from (`Resource.bound`, then `Change.bound` in the report).

A `count` or `for_each` built from such a value (the validation records of an ACM
certificate, `for_each` over its `domain_validation_options`) waits the same way
(`Declared.waiting`): once the resource is bound, the instances are declared, and the
warning and the unknown entry that said they were not are gone.

Nothing is evaluated again unless some declared value waits on a resource that is bound.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from driftctl.aws.canonical import Declared
from driftctl.core.model import Change, Resource, Unknown
from driftctl.declared.binding import State
from driftctl.engine import scopes
from driftctl.engine.match import match, owns_address
from driftctl.engine.scopes import LiveRun
from driftctl.resources.registry import TYPES

# evaluations of the declared sources at most, per account (each binds more resources;
# a chain of references longer than this stays Unknown)
MAX_ROUNDS = 8
_T = TypeVar("_T")


def bind_live(declared: Declared, run: LiveRun) -> Declared:
    """declared, with the values that wait on matched resources evaluated again."""
    if declared.rebind is None:
        return declared
    waiting = [
        account
        for account in sorted(run.states)
        if declared.waiting
        or any(waits_on(r) for r in declared.per_account.get(account, declared.resources))
    ]
    if not waiting:
        return declared
    single = len(run.states) <= 1 and not declared.per_account
    out = dataclasses.replace(declared, per_account=dict(declared.per_account))
    evaluations = []
    for account in waiting:
        original = declared.per_account.get(account, declared.resources)
        context = declared.contexts.get(account)
        resources, last = _bind_account(declared, run, account, original, context)
        if single:
            out.resources = resources
        else:
            out.per_account[account] = resources
        evaluations.append(last)
    if len(waiting) < len(run.states):
        evaluations.append(declared)  # the accounts not evaluated again
    return _described(out, [e for e in evaluations if e is not None] or [declared])


def _described(out: Declared, evaluations: list[Declared]) -> Declared:
    """out, saying what its last evaluations (one per account) left unknown and warned of,
    and how many resources they read: a value still unknown in one account is unknown."""
    out.unknown = _union(e.unknown for e in evaluations)
    out.warnings = _union(e.warnings for e in evaluations)
    out.waiting = sorted({a for e in evaluations for a in e.waiting})
    out.read = max(e.read for e in evaluations)
    types = sorted({t for e in evaluations for t in e.unsupported})
    out.unsupported = {t: max(e.unsupported.get(t, 0) for e in evaluations) for t in types}
    return out


def _union(lists: Iterable[list[_T]]) -> list[_T]:
    out: list[_T] = []
    for items in lists:
        out.extend(item for item in items if item not in out)
    return out


def _bind_account(
    declared: Declared,
    run: LiveRun,
    account: str,
    original: list[Resource],
    context: dict[str, str] | None,
) -> tuple[list[Resource], Declared | None]:
    """The account's resources bound, and the last evaluation (None: none was needed)."""
    assert declared.rebind is not None
    resources, last, expanding = original, None, set(declared.waiting)
    state: dict[str, Mapping[str, Any]] = {}
    for _ in range(MAX_ROUNDS):
        found = live_state(resources, run, account)
        newly = found.keys() - state.keys()
        if not newly & ({a for r in resources for a in waited_on(r.attrs)} | expanding):
            break  # no value waits on a resource bound since the last evaluation
        state.update(found)
        last = declared.rebind(state, context)
        resources, expanding = with_ids(last.resources, state), set(last.waiting)
    return attributed(original, resources), last


def with_ids(resources: list[Resource], state: Mapping[str, Mapping[str, Any]]) -> list[Resource]:
    """The resources matched so far carry the live id they matched: once binding turned a
    reference into a live value, a later match can no longer learn it from the reference
    (a KMS key found through the alias that targeted it; tests/resources/kms)."""
    out = []
    for r in resources:
        bound = state.get(str(r.address)) if r.address and r.id is None else None
        rid = bound.get("id") if bound else None
        keep = not isinstance(rid, str) or not owns_address(r)
        out.append(r if keep else dataclasses.replace(r, id=rid))
    return out


def waits_on(r: Resource) -> bool:
    """Whether some declared value of r is unknown until a resource it names is bound."""
    return any(waited_on(v) for v in r.attrs.values())


def waited_on(value: Any) -> set[str]:
    """The declared addresses the Unknowns inside value wait on."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Unknown) and item.depends_on:
            found.add(item.depends_on)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def live_state(resources: list[Resource], run: LiveRun, account: str) -> State:
    """Declared address -> the live id and computed attributes of the resource it matched,
    in every scope of the account (as scan_report matches them)."""
    default = run.default_region
    live_state = run.states[account]
    state: dict[str, Mapping[str, Any]] = {}
    for owner, region in run.pairs:
        if owner != account:
            continue
        failed = {n for n, s in live_state.incomplete_scans if s == region}
        incomplete = {name for name, t in TYPES.items() if t.scan in failed}
        dec = [
            r
            for r in resources
            if scopes.scope_region(r, default) == region and r.type not in incomplete
        ]
        live = scopes.normalize_live(
            [
                r
                for r in live_state.resources
                if scopes.scope_region(r, default) == region and r.type not in incomplete
            ]
        )
        for d, lv in match(TYPES, dec, live).pairs:
            if d.address and owns_address(d):
                computed = TYPES[lv.type].computed
                attrs = {k: v for k, v in lv.attrs.items() if k in computed and v is not None}
                state[d.address] = {**attrs, "id": lv.id}
    return state


def attributed(original: list[Resource], rebound: list[Resource]) -> list[Resource]:
    """The rebound resources, each keeping in `bound` only the compared attributes that
    were unknown before and were evaluated with bound live values."""
    before: dict[tuple[str, str, int], Resource] = {}
    for key, r in _keyed(original):
        before[key] = r
    out = []
    for key, r in _keyed(rebound):
        old = before.get(key)
        compared = TYPES[r.type].compared
        bound = {
            attr: dict(sorted(reads.items()))
            for attr, reads in r.bound.items()
            if attr in compared and reads and (old is None or waited_on(old.attrs.get(attr)))
        }
        out.append(r if bound == r.bound else dataclasses.replace(r, bound=bound))
    return out


def _keyed(resources: Iterable[Resource]) -> Iterable[tuple[tuple[str, str, int], Resource]]:
    """(type, address, n-th of that type and address), to pair evaluations' resources."""
    seen: dict[tuple[str, str], int] = {}
    for r in resources:
        base = (r.type, r.address or f"#{r.id}")
        n = seen.get(base, 0)
        seen[base] = n + 1
        yield (*base, n), r


_TOP = re.compile(r"[.\[]")


def with_bound(changes: list[Change], bound: Mapping[str, Mapping[str, Any]]) -> list[Change]:
    """Each change of an attribute that became known by binding, saying from what."""
    if not bound:
        return changes
    out = []
    for change in changes:
        reads = bound.get(_TOP.split(change.path, 1)[0])
        out.append(dataclasses.replace(change, bound=dict(reads)) if reads else change)
    return out
