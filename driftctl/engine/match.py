"""Bind declared resources to live ones (docs/architecture.md §4).

Explicit ids first, then natural keys, in dependency order: binding a resource lets
every Ref that points at it resolve (`vpc_id = aws_vpc.main.id`), which lets its
dependents match in turn. An ambiguous match is an error naming both candidates.
A name Terraform generates from a prefix (`name_prefix`) matches the live name made of
the prefix and Terraform's unique suffix (docs/resource-types.md).
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from driftctl.base.spec import ResourceType, is_unique_suffix
from driftctl.core.model import Ref, Resource, Unknown, is_known
from driftctl.errors import DriftctlError


@dataclasses.dataclass
class Matched:
    pairs: list[tuple[Resource, Resource]]  # (declared with Refs resolved, live)
    missing: list[Resource]
    unmanaged: list[Resource]
    # declared resources whose identity is known only after apply (a name from a
    # timestamp(), a data source read offline, ...): neither matched nor missing
    unidentified: list[Resource] = dataclasses.field(default_factory=list)


def get_path(attrs: Mapping[str, Any], path: tuple[str | int, ...] | list[str]) -> Any:
    value: Any = attrs
    for part in path:
        in_dict = isinstance(value, dict) and part in value
        in_list = isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value)
        if in_dict or in_list:
            value = value[part]
        else:
            return None
    return value


def resolve(
    value: Any,
    bound: Mapping[str, Resource],
    missing: set[str],
    unidentified: frozenset[str] | set[str] = frozenset(),
) -> Any:
    """Replace each Ref whose target is bound by the live value; Refs to missing or
    unidentifiable targets become Unknown; others stay Refs until their target binds."""
    if isinstance(value, Ref):
        if value.address in bound:
            live = bound[value.address]
            got = live.id if value.path == ("id",) else get_path(live.attrs, value.path)
            if got is None:
                return Unknown(f"{value.expression}: {live.type} has no such attribute live")
            if value.prefix or value.suffix:
                return f"{value.prefix}{got}{value.suffix}"
            return got
        if value.address in missing:
            reason = f"{value.address} is missing, so {value.expression} has no value"
            return Unknown(reason, depends_on=value.address)
        if value.address in unidentified:
            return Unknown(f"{value.address} cannot be identified before apply")
        return value
    if isinstance(value, dict):
        return {k: resolve(v, bound, missing, unidentified) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, bound, missing, unidentified) for v in value]
    return value


def has_ref(value: Any) -> bool:
    # an explicit stack, not recursion: this walks every declared attribute
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, Ref):
            return True
    return False


@functools.cache
def _split(key: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """A natural key's dotted attribute paths, split once ("tags.Name" -> ("tags", "Name"))."""
    return tuple(tuple(k.split(".")) for k in key)


_SCALARS = (str, int, float, bool, type(None))


def _key(values: list[Any]) -> tuple[Any, ...]:
    """A natural key as a hashable value (JSON only for the rare non-scalar part)."""
    return tuple(
        v if isinstance(v, _SCALARS) else json.dumps(v, sort_keys=True, default=str) for v in values
    )


_Names = dict[tuple[Any, ...], tuple[list[str], list[Resource]]]


class _Index:
    def __init__(
        self,
        types: Mapping[str, ResourceType],
        live: list[Resource],
        claimed: frozenset[tuple[str, str]] = frozenset(),
    ) -> None:
        self._types = types
        self.by_id: dict[tuple[str, str], Resource] = {}
        self.by_key: dict[tuple[str, int, tuple[Any, ...]], list[Resource]] = {}
        self.by_type: dict[str, list[Resource]] = {}
        # live (type, id)s that a declared id names or a declaration is bound to: never a
        # candidate for a generated name (Terraform's name_prefix)
        self.claimed = set(claimed)
        self._names: dict[tuple[str, int], _Names] = {}  # built on first use of a prefix
        for r in live:
            if r.id is not None:
                self.by_id[(r.type, r.id)] = r
            self.by_type.setdefault(r.type, []).append(r)
            rtype = types.get(r.type)
            for n, key in enumerate(rtype.natural_keys if rtype else ()):
                values = [get_path(r.attrs, k) for k in _split(key)]
                if any(v is not None for v in values):  # an all-absent key identifies nothing
                    self.by_key.setdefault((r.type, n, _key(values)), []).append(r)

    def generated(self, rtype: str, n: int, pos: int, values: list[Any]) -> list[Resource]:
        """Live resources whose natural key n equals values except at pos, the name, which
        is values[pos] (a prefix) followed by a unique suffix as Terraform generates it."""
        names = self._names.get((rtype, n))
        if names is None:
            names = self._names[(rtype, n)] = self._by_name(rtype, n, pos)
        prefix: str = values[pos]
        sorted_names, resources = names.get(_key(values[:pos] + values[pos + 1 :]), ([], []))
        out = []
        i = bisect.bisect_left(sorted_names, prefix)
        while i < len(sorted_names) and sorted_names[i].startswith(prefix):
            r = resources[i]
            claimed = (r.type, str(r.id)) in self.claimed
            if not claimed and is_unique_suffix(sorted_names[i][len(prefix) :]):
                out.append(r)
            i += 1
        return out

    def _by_name(self, rtype: str, n: int, pos: int) -> _Names:
        """The live resources of a type by the other parts of natural key n, sorted by name."""
        key = self._types[rtype].natural_keys[n]
        found: dict[tuple[Any, ...], list[tuple[str, str, Resource]]] = {}
        for r in self.by_type.get(rtype, ()):
            values = [get_path(r.attrs, k) for k in _split(key)]
            if isinstance(values[pos], str):
                rest = _key(values[:pos] + values[pos + 1 :])
                found.setdefault(rest, []).append((values[pos], str(r.id), r))
        out: _Names = {}
        for rest, entries in found.items():
            entries.sort(key=lambda e: (e[0], e[1]))
            out[rest] = ([e[0] for e in entries], [e[2] for e in entries])
        return out


_INDEX = re.compile(r'\[(?:"(?:[^"\\]|\\.)*"|[^\]"]*)\]')  # [0], ["a.b"]


def _address_type(address: str) -> str:
    """'module.a[0].aws_s3_bucket.b["k.x"]' -> 'aws_s3_bucket'."""
    parts = _INDEX.sub("", address).split(".")
    return parts[-2] if len(parts) >= 2 else ""


def owns_address(d: Resource) -> bool:
    """Whether a Ref to d.address means d (the bucket), not a resource split out of the same
    declaration (its versioning). Loaders say so in address_type (a Kustomize `Bucket/logs`
    or a CloudFormation logical id names no type); else the Terraform address names it."""
    if not d.address:
        return False
    return (d.address_type or _address_type(d.address)) == d.type


def _generated_name(d: Resource, rtype: ResourceType, key: tuple[str, ...]) -> tuple[int, Any]:
    """(position of the name in key, the declared prefix) when Terraform generates d's name
    from a prefix (name_prefix, bucket_prefix); (-1, None) otherwise."""
    if rtype.name_prefix is None:
        return -1, None
    name, prefix_attr = rtype.name_prefix
    prefix = d.attrs.get(prefix_attr)
    if name not in key or d.attrs.get(name) is not None or prefix is None or prefix == "":
        return -1, None
    return key.index(name), prefix


def _generates_name(d: Resource, rtype: ResourceType) -> bool:
    return any(_generated_name(d, rtype, key)[0] >= 0 for key in rtype.natural_keys)


def _lookup(d: Resource, rtype: ResourceType, index: _Index) -> tuple[str, list[Resource]]:
    """('bound'|'absent'|'wait'|'unknown', candidates) for one declared resource: 'unknown'
    when its identity is known only after apply (never a missing drift)."""
    if d.id is not None:
        hit = index.by_id.get((d.type, d.id))
        return ("bound", [hit]) if hit else ("absent", [])
    waiting = unknown = missed = False
    for n, key in enumerate(rtype.natural_keys):
        values = [get_path(d.attrs, k) for k in _split(key)]
        pos, prefix = _generated_name(d, rtype, key)
        if pos >= 0:
            values[pos] = prefix  # matched against the start of the live name
        if all(v is None for v in values):
            continue  # a key this declaration does not have (CloudFormation's, elsewhere)
        if any(isinstance(v, Ref) for v in values):
            waiting = True
            continue
        if not is_known(values):
            # known after apply; unless only because a missing resource has no value
            unknown = unknown or not any(isinstance(v, Unknown) and v.depends_on for v in values)
            continue
        if pos >= 0 and isinstance(prefix, str):
            candidates = index.generated(d.type, n, pos, values)
        else:
            candidates = index.by_key.get((d.type, n, _key(values)), [])
        if candidates:
            return "bound", candidates
        # not under this key: a later one may still find it (a resource imported into a
        # CloudFormation stack carries no stack tags, but its name is its name)
        missed = True
    if waiting:
        return "wait", []
    return ("absent" if missed or not unknown else "unknown"), []


def match(
    types: Mapping[str, ResourceType], declared: list[Resource], live: list[Resource]
) -> Matched:
    # a live resource a declared id names is not a candidate for a generated name
    index = _Index(types, live, frozenset((d.type, d.id) for d in declared if d.id is not None))
    # names Terraform generates last: a live resource that a declaration names literally
    # is bound to it before it could be taken for a generated name
    ordered = sorted(
        declared,
        key=lambda r: (_generates_name(r, types[r.type]), r.type, r.address or "", r.id or ""),
    )
    # (resource, holds Refs): only those need resolving and re-normalizing (most hold none)
    pending = [(d, has_ref(d.attrs)) for d in ordered]
    bound: dict[str, Resource] = {}  # declared address -> live (own-type addresses only)
    owner: dict[tuple[str, str], Resource] = {}  # live (type, id) -> declared that bound it
    pairs: list[tuple[Resource, Resource, bool]] = []
    missing: list[Resource] = []
    missing_addresses: set[str] = set()
    unidentified: list[Resource] = []
    unidentified_addresses: set[str] = set()
    # types a matched resource can identify (`ResourceType.identifies`): one of them that no
    # key finds waits until nothing else matches, as some referrer may still name it
    identifiable = {t for rt in types.values() for t in rt.identifies.values()}
    named: dict[str, str] = {}  # declared address -> the live id a matched referrer names
    deferring = bool(identifiable)
    progress = True
    while pending and (progress or deferring):
        if not progress:
            deferring = False  # the last pass: what is still not found is missing
        progress = False
        still: list[tuple[Resource, bool]] = []
        for d, refs in pending:
            if refs:
                d = dataclasses.replace(
                    d, attrs=resolve(d.attrs, bound, missing_addresses, unidentified_addresses)
                )
            state, candidates = _lookup(d, types[d.type], index)
            unsure = state == "absent" or len(candidates) > 1  # not found, or ambiguous
            if unsure and d.address in named:
                hit = index.by_id.get((d.type, named[d.address]))
                state, candidates = ("bound", [hit]) if hit else (state, candidates)
                unsure = hit is None
            if unsure and deferring and d.type in identifiable:
                still.append((d, refs))
                continue
            if state == "wait":
                still.append((d, refs))
                continue
            progress = True
            if state == "unknown":
                unidentified.append(d)
                if d.address and owns_address(d):
                    unidentified_addresses.add(d.address)
                continue
            if state == "absent":
                missing.append(d)
                if d.address and owns_address(d):
                    missing_addresses.add(d.address)
                continue
            if len(candidates) > 1:
                ids = " and ".join(sorted(str(c.id) for c in candidates))
                raise DriftctlError(
                    f"{d.address}: ambiguous match, both {ids} fit its natural key",
                    "add an import block with the id to choose one",
                )
            live_r = candidates[0]
            other = owner.get((live_r.type, str(live_r.id)))
            if other is not None and not _alike(types[d.type], other, d):
                raise DriftctlError(
                    f"{live_r.type} {live_r.id} is declared twice: "
                    f"by {other.address} and {d.address}",
                    "remove one of the two declarations",
                )
            owner[(live_r.type, str(live_r.id))] = d
            index.claimed.add((live_r.type, str(live_r.id)))
            pairs.append((d, live_r, refs))
            if d.address and owns_address(d):
                bound[d.address] = live_r
            named.update(_names(d, live_r, types[d.type]))
        pending = still
    for d, _ in pending:  # Refs that never resolved: their targets are not live
        missing.append(dataclasses.replace(d, attrs=resolve(d.attrs, bound, missing_addresses)))
    # a final pass: Refs in matched resources to targets bound later in the loop
    final = [
        (_final(d, bound, missing_addresses, types[d.type]) if refs else d, lv)
        for d, lv, refs in pairs
    ]
    unmanaged = _unmanaged(types, live, owner)
    return Matched(final, _roll_up_missing(types, missing), unmanaged, unidentified)


def _alike(rtype: ResourceType, one: Resource, other: Resource) -> bool:
    """Whether two declarations of one live resource may both hold it (`shared`)."""
    compared = rtype.compared
    same = {k: v for k, v in one.attrs.items() if k in compared} == {
        k: v for k, v in other.attrs.items() if k in compared
    }
    return rtype.shared and same


def _names(d: Resource, live: Resource, rtype: ResourceType) -> dict[str, str]:
    """Declared address -> live id, for what matched `d` identifies (`identifies`)."""
    out = {}
    for attr, target in rtype.identifies.items():
        ref, value = d.attrs.get(attr), live.attrs.get(attr)
        if isinstance(ref, Ref) and isinstance(value, str) and _address_type(ref.address) == target:
            out[ref.address] = value
    return out


def _final(
    d: Resource, bound: Mapping[str, Resource], missing: set[str], rtype: ResourceType
) -> Resource:
    resolved = _unresolved_to_unknown(resolve(d.attrs, bound, missing))
    return dataclasses.replace(d, attrs=rtype.normalize(resolved))


def _unresolved_to_unknown(value: Any) -> Any:
    if isinstance(value, Ref):
        return Unknown(f"{value.expression} is known after apply")
    if isinstance(value, dict):
        return {k: _unresolved_to_unknown(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_unresolved_to_unknown(v) for v in value]
    return value


def _unmanaged(
    types: Mapping[str, ResourceType],
    live: list[Resource],
    owner: Mapping[tuple[str, str], Resource],
) -> list[Resource]:
    out = []
    held = _held(types, live)
    for r in live:
        rtype = types[r.type]
        if (r.type, str(r.id)) in owner or rtype.is_aws_default(r) or (r.type, r.id) in held:
            continue
        if rtype.parent:
            parent_type, attr = rtype.parent
            # a child of an unmanaged or AWS-default parent is reported through its parent
            if (parent_type, str(r.attrs.get(attr))) not in owner:
                continue
        out.append(r)
    return out


def _held(types: Mapping[str, ResourceType], live: list[Resource]) -> set[tuple[str, Any]]:
    """(type, id) of each live resource another live one owns (`ResourceType.owned_by`)."""
    wanted = {rt.owned_by: name for name, rt in types.items() if rt.owned_by}
    if not wanted:
        return set()
    out = set()
    for r in live:
        for (owner_type, attr), name in wanted.items():
            value = r.attrs.get(attr) if r.type == owner_type else None
            if value is not None:
                out.add((name, value))
    return out


def _roll_up_missing(types: Mapping[str, ResourceType], missing: list[Resource]) -> list[Resource]:
    """A setting split out of a missing parent's declaration (the inline versioning of a
    deleted bucket) is not reported again; a child declared on its own (a role's
    aws_iam_role_policy_attachment) is missing too, as Terraform's refresh says."""
    return [d for d in missing if owns_address(d) or missing_parent(types, d, missing) is None]


def missing_parent(
    types: Mapping[str, ResourceType], d: Resource, missing: Iterable[Resource]
) -> Resource | None:
    """The missing resource that d (missing too) is a child of, or None."""
    rtype = types[d.type]
    if not rtype.parent:
        return None
    parent_type, attr = rtype.parent
    value = d.attrs.get(attr)
    keys: set[str | None] = {value.address if isinstance(value, Ref) else None}
    if isinstance(value, str):
        keys.add(value)
    if isinstance(value, Unknown):
        keys.add(value.depends_on or d.address)
    for p in missing:
        if p.type == parent_type and p is not d and ({p.address, p.id} & keys) - {None}:
            return p
    return None
