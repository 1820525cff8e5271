"""Terraform-shaped RawResources -> canonical Resources (docs/architecture.md §3).

Splits inline blocks into their own types, folds separate rule resources into the
group they belong to, merges provider default_tags, fills Terraform's defaults for
unset attributes and applies each type's normalizer. Attributes driftctl does not
compare are dropped here, so the rendered state is exactly what the diff compares.
Sensitive marks follow the values onto the canonical resources (driftctl.core.sensitive).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from driftctl.base.raw import Gap, RawDeclared, RawResource
from driftctl.base.spec import ResourceType
from driftctl.core import sensitive
from driftctl.core.model import Ref, Resource, Unknown, is_known
from driftctl.declared.binding import State
from driftctl.resources.registry import CONVERTERS, FOLDS, TYPES


@dataclasses.dataclass
class Declared:
    resources: list[Resource]
    unknown: list[dict[str, str]] = dataclasses.field(default_factory=list)
    warnings: list[str] = dataclasses.field(default_factory=list)
    # Terraform types driftctl does not read yet -> how many were declared
    unsupported: dict[str, int] = dataclasses.field(default_factory=dict)
    # how many resources the sources declared of types driftctl reads (as the sources
    # count them, like `unsupported`: a Terraform resource block instance is one)
    read: int = 0
    # account -> the resources as evaluated with that account's identity, for a
    # multi-account scan of a configuration that reads aws_caller_identity & co.
    per_account: dict[str, list[Resource]] = dataclasses.field(default_factory=dict)
    # the root module's output values (Terraform sources): name -> plain value
    outputs: dict[str, Any] = dataclasses.field(default_factory=dict)
    # what the loaders found on their own (a backend block's state), for the console
    notes: list[str] = dataclasses.field(default_factory=list)
    # source path (as given) -> every file its loader read (RawDeclared.inputs)
    inputs: dict[str, list[Path]] = dataclasses.field(default_factory=dict)
    # the sources (as given) that declare no resource driftctl compares: a misread source
    # looks like this, so a revert deletes nothing while there is one
    empty_sources: list[str] = dataclasses.field(default_factory=list)
    # account -> the identity its per_account resources were evaluated with
    contexts: dict[str, dict[str, str]] = dataclasses.field(default_factory=dict)
    # the declared addresses an unknown count/for_each waits on (RawDeclared.waiting)
    waiting: list[str] = dataclasses.field(default_factory=list)
    # (state, account identity or None) -> the declared state evaluated again with the
    # live values of matched resources (driftctl.engine.bind); None: no source can be
    rebind: Callable[[State, dict[str, str] | None], Declared] | None = None
    # the parts of the declared state that could not be read whole, their types canonical
    # (Gap.types None: any type): what they may declare is never proven unmanaged
    gaps: list[Gap] = dataclasses.field(default_factory=list)


def kept_attrs(rtype: ResourceType) -> frozenset[str]:
    keys = {k.split(".")[0] for key in rtype.natural_keys for k in key}
    if rtype.parent:
        keys.add(rtype.parent[1])
    if rtype.name_prefix:  # kept for matching a generated name; not in `compared`
        keys.add(rtype.name_prefix[1])
    return rtype.compared | keys


def finish(
    rtype: ResourceType, res: Resource, default_tags: dict[str, Any] | None = None
) -> Resource:
    """Defaults, default_tags, dropped attrs, normalizer and declared id for one resource."""
    attrs = dict(res.attrs)
    tags = attrs.get("tags")
    if isinstance(tags, dict) and not all(isinstance(k, str) for k in tags):
        attrs["tags"] = {_text(k): v for k, v in tags.items()}  # YAML's `2024:` is an int
    if rtype.tags and default_tags:
        tags = attrs.get("tags")
        if isinstance(tags, dict) or tags is None:
            attrs["tags"] = {**default_tags, **(tags or {})}
    for key, value in rtype.declared_defaults.items():
        if attrs.get(key) is None:
            attrs[key] = value
    keep = kept_attrs(rtype)
    attrs = rtype.normalize({k: v for k, v in attrs.items() if k in keep})
    rid = res.id
    if rid is None and rtype.declared_id is not None:
        candidate = rtype.declared_id(attrs)
        rid = candidate if isinstance(candidate, str) else None
    return _replaced(res, id=rid, attrs=attrs)


def _replaced(res: Resource, **changes: Any) -> Resource:
    """dataclasses.replace(res, **changes), without its walk over the fields and the
    frozen __init__'s setattr per field (twice per declared resource: seconds for 180,000
    of them). Resource has no __post_init__ and every field is an __init__ argument, so a
    copy of its __dict__ is what replace builds (checked: else replace itself)."""
    if type(res) is not Resource or not _PLAIN_RESOURCE:
        return dataclasses.replace(res, **changes)
    new = object.__new__(Resource)
    new.__dict__.update(res.__dict__, **changes)
    return new


_PLAIN_RESOURCE = not hasattr(Resource, "__post_init__") and all(
    f.init for f in dataclasses.fields(Resource)
)


def _text(key: Any) -> str:
    """A tag key as AWS holds it: always a string (YAML reads `2024:` as an int)."""
    if isinstance(key, bool):
        return "true" if key else "false"
    return str(key)


def canonicalize(raw: RawDeclared, state: State | None = None) -> Declared:
    """The canonical declared state of raw; `state`: the live values bound so far
    (engine/bind.py), by which a rule that names its group by a bound id finds the group."""
    out: list[Resource] = []
    fragments: list[tuple[RawResource, Resource]] = []
    unsupported: Counter[str] = Counter()
    read = 0
    for r in raw.resources:
        if r.type in CONVERTERS or r.type in FOLDS:
            read += 1
        if r.type in CONVERTERS:
            owner, convert = CONVERTERS[r.type]
            tags = raw.default_tags.get(r.provider) or {}
            region = r.region or raw.regions.get(r.provider)
            for res in convert(r):
                own = res.type == owner.name and r.address_type is None
                res = _replaced(
                    res,
                    attrs={**res.attrs, **r.identity} if own else res.attrs,
                    region=region if isinstance(region, str) else None,
                    observe_only=r.observe_only,
                    address_type=r.address_type or owner.name,
                    bound=_bound_of(r, res),
                )
                res = finish(TYPES[res.type], res, tags if isinstance(tags, dict) else None)
                secret_tags = raw.sensitive_default_tags.get(r.provider, frozenset())
                out.append(_marked(r, res, secret_tags))
        elif r.type in FOLDS:
            fragments.extend((r, frag) for frag in FOLDS[r.type][1].convert(r))
        else:
            unsupported[r.type] += 1
    unsupported.update(raw.unsupported)
    declared = Declared(
        out, list(raw.unknown), list(raw.warnings), dict(sorted(unsupported.items())), read=read
    )
    declared.outputs = dict(raw.outputs)
    declared.waiting = list(raw.waiting)
    declared.gaps = [canonical_gap(g) for g in raw.gaps]
    _fold(declared, fragments, state or {})
    return declared


def canonical_gap(gap: Gap) -> Gap:
    """gap with the Terraform types it could declare as the canonical types they become
    (a bucket and the settings split out of it; an aws_route folded into its table)."""
    if gap.types is None:
        return gap
    return dataclasses.replace(gap, types=frozenset(t for tf in gap.types for t in _becomes(tf)))


def _becomes(tf: str) -> set[str]:
    owner = CONVERTERS[tf][0] if tf in CONVERTERS else FOLDS[tf][0] if tf in FOLDS else None
    if owner is None:
        return set()
    out = {owner.name}
    out.update(t.name for t in TYPES.values() if t.parent and t.parent[0] == owner.name)
    return out


def _raw_sensitive(r: RawResource) -> frozenset[str]:
    return r.sensitive | sensitive.provider_paths(r.type)


def _raw_patterns(r: RawResource) -> set[str]:
    return {sensitive.wildcard(p) for p in _raw_sensitive(r)}


def _marked(r: RawResource, res: Resource, secret_tags: frozenset[str]) -> Resource:
    """res with the sensitive paths of the declaration it was made from."""
    paths = sensitive.carry(r.attrs, _raw_sensitive(r), res.attrs)
    tags = res.attrs.get("tags")
    if secret_tags and isinstance(tags, dict):  # the provider's default_tags
        paths |= {f"tags.{k}" for k in secret_tags if k in tags}
    return dataclasses.replace(res, sensitive=frozenset(paths)) if paths else res


def _fold(declared: Declared, fragments: list[tuple[RawResource, Resource]], state: State) -> None:
    """Merge rule fragments into the group they name (a Ref to a declared group, or an id:
    a literal one, or the live id its Ref was bound to once the group matched)."""
    by_address = {(r.type, r.address): i for i, r in enumerate(declared.resources)}
    by_id = {(r.type, r.id): i for i, r in enumerate(declared.resources) if r.id}
    for i, r in enumerate(declared.resources):
        bound = state.get(str(r.address)) if r.address else None
        if bound and isinstance(bound.get("id"), str) and r.type == r.address_type:
            by_id.setdefault((r.type, bound["id"]), i)
    for raw, frag in fragments:
        rtype, fold = FOLDS[raw.type]
        parent = frag.attrs.get(fold.parent_attr)
        sets = {k: v for k, v in frag.attrs.items() if k != fold.parent_attr}
        if isinstance(parent, Ref) and parent.path == ("id",) and not parent.prefix + parent.suffix:
            index = by_address.get((rtype.name, parent.address))
            if index is None:
                declared.warnings.append(
                    f"{raw.address}: {parent.address} is not declared; rule skipped"
                )
                continue
        elif isinstance(parent, str):
            index = by_id.get((rtype.name, parent))
            if index is None:  # a group declared elsewhere: its rules are declared here
                stub = Resource(rtype.name, parent, raw.address, {}, raw.source, region=None)
                declared.resources.append(stub)
                index = by_id[(rtype.name, parent)] = len(declared.resources) - 1
        else:
            reason = parent.reason if isinstance(parent, Unknown) else "not a group id"
            declared.unknown.append(
                {"address": raw.address, "path": fold.parent_attr, "reason": reason}
            )
            continue
        target = declared.resources[index]
        attrs = dict(target.attrs)
        for key, rules in sets.items():
            current = attrs.get(key)
            attrs[key] = (current if isinstance(current, list) else []) + list(rules)
        attrs = rtype.normalize(attrs)
        # a rule's own attribute names mean something else in its group: by value only
        marks = sensitive.carry(raw.attrs, _raw_sensitive(raw), attrs, by_path=False)
        declared.resources[index] = dataclasses.replace(
            target, attrs=attrs, sensitive=target.sensitive | marks
        )


def _bound_of(raw: RawResource, res: Resource) -> dict[str, dict[str, Any]]:
    """The bound values each attribute of res read: its own where the raw resource has an
    attribute of that name, else (an attribute the converter made: a role's inline policy
    split out) all those the raw resource read."""
    if not raw.bound:
        return {}
    every = {ref: value for reads in raw.bound.values() for ref, value in reads.items()}
    out = {
        attr: raw.bound.get(attr, every)
        for attr in res.attrs
        if attr in raw.bound or attr not in raw.attrs
    }
    # a bound value that is part of (or holds) one of the declaration's sensitive values is
    # shown as "(sensitive)" whatever change it is listed under (a sensitive output)
    texts = sensitive.secret_texts(sensitive.values_at(raw.attrs, _raw_patterns(raw)))
    return {attr: sensitive.hide_reads(reads, texts) for attr, reads in out.items()}


def count_unknown(value: Any) -> int:
    # a plain loop that skips scalars by type: this runs over every compared attribute
    if isinstance(value, dict):
        items: Any = value.values()
    elif isinstance(value, list):
        items = value
    else:
        return 0 if is_known(value) else 1
    return sum(count_unknown(v) for v in items if type(v) not in _PLAIN)


_PLAIN = frozenset({str, int, float, bool, type(None)})
