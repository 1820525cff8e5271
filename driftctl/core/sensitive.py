"""Sensitive values: where they are, and how they are kept out of what driftctl shows.

A declared value is sensitive as Terraform decides it (docs/sensitive.md): a variable or
output declared `sensitive = true`, `sensitive(...)`, anything computed from those, and
the attributes the AWS provider's schema marks sensitive (data/sensitive_attrs.json,
written by scripts/gen_sensitive_attrs.py). CloudFormation adds NoEcho parameters and
`{{resolve:secretsmanager:...}}` / `{{resolve:ssm-secure:...}}` references.

driftctl keeps the mark as attribute *paths* on the declared resource
(`Resource.sensitive`), with list indices written `[*]`: `tags.Token`, `password`,
`ingress[*].description`. A path covers everything below it, and a change at a path
above a sensitive one (the whole `ingress[3]`) is sensitive too. Index-free paths
survive what the normalizers do to lists (sets are sorted); a sensitive element makes
that attribute sensitive in every element of the list, which hides more, never less.

Loaders mark paths in Terraform's shape; `carry` moves the marks onto the canonical
resource: by path where the canonical resource keeps the attribute's path, and by value
where a converter moved it (a canonical value that is, or contains, a sensitive declared
value is sensitive). Values are compared as usual; only what is shown is masked.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Collection, Iterable, Iterator
from importlib import resources
from typing import Any

from driftctl.core.mask import SENSITIVE as MARKER  # shown instead of a sensitive value
from driftctl.core.model import Ref, Unknown

RENDERED = {"$sensitive": True}  # what `driftctl render` shows instead

_INDEX = re.compile(r"\[\d+\]")


@functools.cache
def _table() -> dict[str, dict[str, frozenset[str]]]:
    text = resources.files("driftctl").joinpath("data/sensitive_attrs.json").read_text("utf-8")
    doc = json.loads(text)
    return {
        mode: {t: frozenset(paths) for t, paths in doc[key].items()}
        for mode, key in (("managed", "resources"), ("data", "data_sources"))
    }


def provider_paths(tf_type: str, mode: str = "managed") -> frozenset[str]:
    """The attribute paths the AWS provider marks sensitive for a resource (or data) type."""
    return _table()[mode].get(tf_type, frozenset())


def wildcard(path: str) -> str:
    """`ingress[3].cidr_blocks[0]` -> `ingress[*].cidr_blocks[*]`."""
    return _INDEX.sub("[*]", path) if "[" in path else path


def join_keys(keys: Iterable[str | int]) -> str:
    """("tags", "Name") -> `tags.Name`; (`ingress`, 0, `x`) -> `ingress[0].x`."""
    path = ""
    for key in keys:
        path = f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else key
    return path


def _below(path: str, parent: str) -> bool:
    return path.startswith(parent) and path[len(parent) : len(parent) + 1] in (".", "[")


def _at_or_below(wild: str, patterns: Collection[str]) -> bool:
    return any(p == wild or _below(wild, p) for p in patterns)


def covers(patterns: Collection[str], path: str) -> bool:
    """Whether a value at path is sensitive (or holds a sensitive value) under patterns."""
    if not patterns:
        return False
    wild = wildcard(path)
    return any(p == wild or _below(wild, p) or _below(p, wild) for p in patterns)


def walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(path, value) of value and of everything inside it, containers first."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from walk(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from walk(item, f"{path}[{index}]")


def values_at(attrs: Any, patterns: Collection[str]) -> list[Any]:
    """The scalars (and Refs, Unknowns) of attrs at or below the patterns' paths."""
    if not patterns:
        return []
    out = []
    for path, value in walk(attrs):
        if isinstance(value, (dict, list)) or not path:
            continue
        if _at_or_below(wildcard(path), patterns):
            out.append(value)
    return out


def scalars(value: Any) -> list[Any]:
    """Every scalar inside value (value itself when it is one)."""
    return [v for _, v in walk(value) if not isinstance(v, (dict, list))]


def secret_texts(values: Iterable[Any]) -> frozenset[str]:
    """The texts of sensitive scalars, to find them wherever they were copied to.

    Booleans and null are left out: which of two values a flag holds cannot be hidden by
    searching for it, and every output masks the change itself by its path.
    """
    out: set[str] = set()
    for value in values:
        if isinstance(value, str):
            if value:
                out.add(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out.add(str(value))
        elif isinstance(value, Ref):
            out |= {t for t in (value.prefix, value.suffix) if t}
    return frozenset(out)


def _tainted(value: Any, texts: frozenset[str], objects: list[Any]) -> bool:
    if isinstance(value, (Ref, Unknown)):
        return any(type(o) is type(value) and o == value for o in objects)
    if isinstance(value, str):
        return any(t in value for t in texts)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value) in texts
    return False


def holding(attrs: Any, texts: frozenset[str], objects: list[Any]) -> frozenset[str]:
    """The paths (concrete) of the scalars of attrs that are, or contain, one of texts, or
    equal one of objects (Refs, Unknowns)."""
    return frozenset(
        path
        for path, value in walk(attrs)
        if path and not isinstance(value, (dict, list)) and _tainted(value, texts, objects)
    )


def _flat(path: str) -> str:
    return path.replace("[*]", "")


def carry(
    raw_attrs: dict[str, Any],
    raw_paths: Collection[str],
    attrs: dict[str, Any],
    by_path: bool = True,
) -> frozenset[str]:
    """The sensitive paths of a canonical resource (attrs) made from a declared one
    (raw_attrs, whose sensitive paths are raw_paths, in Terraform's shape).

    by_path: a canonical path equal to a raw one (blocks of one element may become
    plain objects: `versioning[0].x` is `versioning.x`) is sensitive; off for a folded
    rule, whose attributes mean something else in its group. By value, always: a
    canonical scalar equal to, or a string containing, a sensitive raw value.
    """
    if not raw_paths:
        return frozenset()
    patterns = {wildcard(p) for p in raw_paths}
    secrets = values_at(raw_attrs, patterns)
    texts = secret_texts(secrets)
    objects = [v for v in secrets if isinstance(v, (Ref, Unknown))]
    flat = {_flat(p) for p in patterns} if by_path else set()
    out: set[str] = set()
    for path, value in walk(attrs):
        if not path:
            continue
        wild = wildcard(path)
        at_path = by_path and (wild in patterns or _flat(wild) in flat)
        leaf = not isinstance(value, (dict, list))
        if at_path or (leaf and _tainted(value, texts, objects)):
            out.add(wild)
    return frozenset(_outermost(out))


def _outermost(paths: set[str]) -> set[str]:
    """paths without those below another one (it covers them)."""
    return {p for p in paths if not any(_below(p, q) for q in paths if q != p)}


def redact(value: Any, texts: frozenset[str]) -> Any:
    """value (call parameters, a live value) with every scalar that is, or contains, a
    sensitive text replaced by MARKER."""
    if not texts:
        return value
    if isinstance(value, dict):
        return {k: redact(v, texts) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact(v, texts) for v in value]
    if isinstance(value, str):
        return MARKER if any(t in value for t in texts) else value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return MARKER if str(value) in texts else value
    return value


def hide_reads(reads: dict[str, Any], texts: frozenset[str]) -> dict[str, Any]:
    """Bound values (reference -> live value) with each one that is part of, or holds, a
    sensitive text replaced by MARKER: a live value bound into a sensitive one was read
    through something sensitive (an output, a variable), and may be shown elsewhere."""
    if not texts:
        return reads
    out = {}
    for ref, value in reads.items():
        hidden = secret_texts(scalars(value))
        out[ref] = MARKER if any(h in t or t in h for h in hidden for t in texts) else value
    return out


def rendered(attrs: Any, patterns: Collection[str], marker: Any = None, path: str = "") -> Any:
    """attrs with each sensitive value (not null) replaced by marker; by default
    {"$sensitive": true}, as `driftctl render` shows it."""
    if not patterns:
        return attrs
    if path and attrs is not None and _at_or_below(wildcard(path), patterns):
        return dict(RENDERED) if marker is None else marker
    if isinstance(attrs, dict):
        return {
            k: rendered(v, patterns, marker, f"{path}.{k}" if path else str(k))
            for k, v in attrs.items()
        }
    if isinstance(attrs, list):
        return [rendered(v, patterns, marker, f"{path}[{i}]") for i, v in enumerate(attrs)]
    return attrs


def of(resource_type: str, sensitive: Collection[str]) -> frozenset[str]:
    """A declared resource's sensitive paths together with its provider schema's."""
    provider = provider_paths(resource_type)
    return frozenset(sensitive) | provider if provider else frozenset(sensitive)
