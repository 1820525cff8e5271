"""What each tool says drifted, in one shape, and where the two disagree.

A drift is `Drift(address, sorted changed attribute paths)`, paths in driftctl's syntax
(`tags.Owner`, `ingress[1].cidr_blocks`). The tools model a resource differently below
its top-level attributes (Terraform's `rule[0].apply_server_side_encryption_by_default[0]
.sse_algorithm` is driftctl's `rule.sse_algorithm`), so they are compared on what a user
reads first: the top-level attribute that changed, and for tags the key (`tags.Owner`).

Pure functions over plain data: no terraform, no AWS.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

MISSING = "(missing)"  # the one "path" of a resource deleted out of band
META_ARGUMENTS = frozenset({"count", "for_each", "depends_on", "lifecycle", "provider"})


class Drift(NamedTuple):
    address: str
    paths: tuple[str, ...]


def instances(state: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """address -> attributes of every managed resource instance in a state file."""
    import json

    out: dict[str, dict[str, Any]] = {}
    for res in state.get("resources", []):
        if res.get("mode") != "managed":
            continue
        prefix = f"{res['module']}." if res.get("module") else ""
        for inst in res["instances"]:
            key = inst.get("index_key")
            index = "" if key is None else f"[{json.dumps(key)}]"
            out[f"{prefix}{res['type']}.{res['name']}{index}"] = inst["attributes"]
    return out


def resource_type(address: str) -> str:
    """`module.a.aws_sqs_queue.q["x"]` -> `aws_sqs_queue`."""
    parts = re.sub(r"\[[^\]]*\]", "", address).split(".")
    return parts[-2] if len(parts) >= 2 else address


# ---------------------------------------------------------------- paths


def join(base: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{base}[{part}]"
    return f"{base}.{part}" if base else part


def changed_paths(before: Any, after: Any, path: str = "") -> list[str]:
    """Attribute paths whose value differs, in driftctl's syntax, sorted.

    Maps and objects recurse by key; lists of equal length recurse by index; lists of
    different lengths (a set with a rule added or removed) name the elements only one
    side holds, by their index on that side. A resource that is gone is `(missing)`.
    """
    if after is None and before is not None and path == "":
        return [MISSING]
    return sorted(set(_changed(before, after, path)), key=_path_key)


def _changed(before: Any, after: Any, path: str) -> Iterator[str]:
    if before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted(set(before) | set(after)):
            yield from _changed(before.get(key), after.get(key), join(path, key))
    elif isinstance(before, list) and isinstance(after, list):
        if len(before) == len(after):
            for i, (b, a) in enumerate(zip(before, after, strict=True)):
                yield from _changed(b, a, join(path, i))
        else:
            yield from (join(path, i) for i, a in enumerate(after) if a not in before)
            yield from (join(path, i) for i, b in enumerate(before) if b not in after)
    else:
        yield path


def _path_key(path: str) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", path)]


def attribute(path: str) -> str:
    """A path without list indices: `ingress[1].cidr_blocks` -> `ingress.cidr_blocks`.

    Terraform orders a set's elements by hash, driftctl by value: the same element has
    different indices.
    """
    return re.sub(r"\[\d+\]", "", path)


def key(path: str) -> str:
    """What the tools are compared on: the top-level attribute, and for tags the key.

    `rule[0].apply_server_side_encryption_by_default[0].sse_algorithm` -> `rule`;
    `policy.Statement[0].Action` -> `policy`; `tags_all.Owner` (tags plus the provider's
    default tags, which driftctl merges into `tags`) -> `tags.Owner`.
    """
    if path == MISSING:
        return path
    parts = attribute(path).split(".")
    top = "tags" if parts[0] == "tags_all" else parts[0]
    return f"tags.{parts[1]}" if top == "tags" and len(parts) > 1 else top


def comparable(paths: Iterable[str]) -> list[str]:
    """The keys (see `key`) of some paths, sorted, each once."""
    return sorted({key(p) for p in paths})


# ---------------------------------------------------------------- configured attributes


def configured(
    directory: Path, restorable: Mapping[str, frozenset[str]] | None = None
) -> dict[str, frozenset[str]]:
    """`type.name` -> the top-level attributes whose drift counts, for each resource.

    Terraform's refresh also reports attributes nobody configured: computed values and
    the mirrors a resource keeps of separate resources (`aws_s3_bucket.versioning` when an
    `aws_s3_bucket_versioning` manages it, a role's `inline_policy`). Those are no drift
    a user would act on, and driftctl compares what the declaration sets. What counts:
    the attributes and blocks the configuration sets, plus, from `restorable` (type ->
    attributes, see `restorable_attributes`), the attributes with a fixed default that
    `terraform apply` would put back (a subnet's `map_public_ip_on_launch`). The rest is
    kept apart by `split_configured`, never dropped silently.
    """
    import hcl2  # python-hcl2, a core dependency of driftctl

    restorable = restorable or {}
    out: dict[str, frozenset[str]] = {}
    for path in sorted(directory.glob("*.tf")):
        with path.open() as handle:
            doc = hcl2.load(handle)
        for block in doc.get("resource", []):
            for rtype, named in block.items():
                rtype = rtype.strip('"')
                for name, body in named.items():
                    keys = {k for k in body if not k.startswith("__")} - META_ARGUMENTS
                    keys |= restorable.get(rtype, frozenset())
                    out[f"{rtype}.{name.strip(chr(34))}"] = frozenset(keys)
    return out


def restorable_attributes(schema: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    """type -> its attributes that are not computed, from `terraform providers schema
    -json`: left unset, they hold a fixed default (or null) that apply puts back."""
    out: dict[str, frozenset[str]] = {}
    for provider in schema.get("provider_schemas", {}).values():
        for rtype, body in provider.get("resource_schemas", {}).items():
            attrs = body.get("block", {}).get("attributes", {})
            out[rtype] = frozenset(
                name
                for name, spec in attrs.items()
                if not spec.get("computed") and name not in ("id", "tags_all")
            )
    return out


def split_configured(
    drifts: list[Drift], config: Mapping[str, frozenset[str]]
) -> tuple[list[Drift], list[Drift]]:
    """(drift in configured attributes, drift in attributes the configuration leaves out).

    `tags_all` counts as `tags`; a resource that is gone counts as configured.
    """
    kept, rest = [], []
    for drift in drifts:
        base = re.sub(r"\[[^\]]*\]$", "", drift.address)
        keys = config.get(base)
        mine = [p for p in drift.paths if keys is None or p == MISSING or _top(p) in keys]
        other = [p for p in drift.paths if p not in mine]
        if mine:
            kept.append(Drift(drift.address, tuple(mine)))
        if other:
            rest.append(Drift(drift.address, tuple(other)))
    return kept, rest


def _top(path: str) -> str:
    top = re.split(r"[.\[]", path, maxsplit=1)[0]
    return "tags" if top == "tags_all" else top


# ---------------------------------------------------------------- agreement


@dataclass(frozen=True)
class Disagreement:
    address: str
    terraform: tuple[str, ...]  # () when terraform reports no drift here
    driftctl: tuple[str, ...]  # () when driftctl reports no drift here

    def __str__(self) -> str:
        tf = ", ".join(self.terraform) or "no drift"
        dc = ", ".join(self.driftctl) or "no drift"
        return f"{self.address}: terraform says {tf}; driftctl says {dc}"


def disagreements(terraform: list[Drift], driftctl: list[Drift]) -> list[Disagreement]:
    """Addresses where the tools do not name the same attributes (see `key`) as changed."""
    tf = {d.address: d.paths for d in terraform}
    dc = {d.address: d.paths for d in driftctl}
    out = []
    for address in sorted(set(tf) | set(dc)):
        if comparable(tf.get(address, ())) != comparable(dc.get(address, ())):
            out.append(Disagreement(address, tf.get(address, ()), dc.get(address, ())))
    return out
