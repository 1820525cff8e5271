"""How a canonical type is reverted, as data plus small functions (docs/architecture.md §3).

A `RevertSpec` says, for one canonical type:

- `updaters`: which API calls change which attributes in place (`before` -> `after`);
- `fixed`: attributes no API changes in place, and why;
- `create`: the calls that re-create it from a fully known declared state, and the state
  AWS gives it right after (the updaters then converge that state to the declared one);
- `delete`: the calls that delete it (its children given), or why it must not be;
- `facts`: read-only calls the plan needs first (is the bucket empty? how many versions
  does the policy have?), recorded in the plan so it is reproducible.

The generic functions that read a spec are in driftctl/revert/spec.py; nothing there
knows a type.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.core.compare import compare
from driftctl.core.model import Ref, Resource, Unknown

Handler = Callable[[Ctx, Attrs, Attrs], list[Call]]  # (ctx, before, after) -> calls


class CannotRevert(Exception):
    """Raised by a handler for a change no API makes (the reason is the message)."""


@dataclasses.dataclass(frozen=True)
class Updater:
    attrs: tuple[str, ...]  # any of them differing calls `calls` (once)
    calls: Handler


@dataclasses.dataclass(frozen=True)
class Fact:
    """A read the plan needs: `params` returns None when the fact is not needed."""

    name: str
    service: str
    operation: str
    params: Callable[[Ctx, Attrs], dict[str, Any] | None]
    when: frozenset[str]  # "update" | "create" | "delete"
    absent: frozenset[str] = frozenset()  # error codes that mean "none" (response None)


def _never(ctx: Ctx, attrs: Attrs, children: list[Resource]) -> str | None:
    return None


def no_calls(ctx: Ctx, desired: Attrs) -> list[Call]:
    """Create.calls of a setting that exists as soon as its parent does: the updaters
    alone put its values."""
    return []


@dataclasses.dataclass(frozen=True)
class Create:
    calls: Callable[[Ctx, Attrs], list[Call]]
    fresh: Callable[[Attrs], Attrs]  # the state right after `calls`, before the updaters
    new_id: Callable[[Ctx, Attrs], str | Pending]
    required: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Delete:
    calls: Callable[[Ctx, Attrs, list[Resource]], list[Call]]  # (ctx, live, live children)
    refuse: Callable[[Ctx, Attrs, list[Resource]], str | None] = _never
    # deleting the parent deletes this too (a bucket's settings): never deleted on its own
    with_parent: bool = False
    # AWS refuses to delete it while it has children (a zone's record sets): its live
    # children are deleted first, each by its own type's Delete, except those AWS made
    # itself and removes with it (a zone's apex NS and SOA); one that must not be deleted
    # keeps the parent too
    children_first: bool = False


def _same_id(rid: str, attrs: Attrs) -> str:
    return rid


@dataclasses.dataclass(frozen=True)
class RevertSpec:
    type: str
    updaters: tuple[Updater, ...] = ()
    fixed: Mapping[str, str] = dataclasses.field(default_factory=dict)
    create: Create | None = None
    delete: Delete | None = None
    facts: tuple[Fact, ...] = ()
    # the id of the read unit holding it (a bucket setting's bucket, a role policy's role)
    unit_id: Callable[[str, Attrs], str] = _same_id


def same(a: Any, b: Any) -> bool:
    """Equal as the diff sees it (Terraform's "3600" == 3600), every key counted."""
    return not any(compare("", b, a, True))


# -- small helpers the type modules share ---------------------------------------------


def unknown_reason(value: Any) -> str | None:
    """Why the first Unknown (or unresolved Ref) inside value is unknown."""
    if isinstance(value, Unknown):
        return value.reason
    if isinstance(value, Ref):
        return f"{value.expression} is known after apply"
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    for item in items:
        why = unknown_reason(item)
        if why:
            return why
    return None


def document(policy: Any) -> str:
    """A policy document as the JSON text AWS takes (a string is sent as it is)."""
    return policy if isinstance(policy, str) else json.dumps(policy)


def tag_delta(before: Attrs, after: Attrs) -> tuple[dict[str, str], list[str]]:
    """(tags to set, keys to remove) that turn before's tags into after's."""
    old = before.get("tags") or {}
    new = after.get("tags") or {}
    to_set = {k: str(v) for k, v in sorted(new.items()) if k not in old or not same(old[k], v)}
    to_remove = sorted(k for k in old if k not in new)
    return to_set, to_remove
