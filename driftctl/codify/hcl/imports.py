"""A new Terraform declaration for an unmanaged resource: a resource block holding its
live attributes and an `import` block binding it to the live id, so `terraform plan`
adopts the resource instead of creating a second one."""

from __future__ import annotations

import re
from typing import Any

from driftctl.codify.base import Context, Outcome, human, live_of
from driftctl.codify.hcl import render as hcl_render
from driftctl.core.model import Drift
from driftctl.resources.registry import TYPES

DEFAULT_FILE = "driftctl_imported.tf"
# attributes that are maps in Terraform (`tags = {...}`); other objects are nested blocks
MAP_ATTRS = frozenset({"tags", "tags_all"})
_POLICY_KEYS = frozenset({"Statement", "Version"})


def declare(drift: Drift, ctx: Context) -> Outcome:
    found = live_of(drift, ctx)
    if isinstance(found, Outcome):
        return found
    rid, live = found
    if drift.type not in TYPES:
        return human(drift, "its live attributes are not in this scan")
    compared = TYPES[drift.type].compared
    attrs = {
        k: v for k, v in sorted(live.attrs.items()) if k in compared and v not in (None, {}, [])
    }
    name = ctx.claim(
        "hcl",
        lambda taken: resource_name(rid, taken),
        (r.address for r in ctx.declared.resources if r.address),
    )
    address = f"{drift.type}.{name}"
    file = ctx.import_file.get(drift.fingerprint, DEFAULT_FILE)
    text = "\n".join(
        [
            f'resource "{drift.type}" "{name}" {{',
            *_body(attrs, hcl_render.INDENT),
            "}",
            "",
            "import {",
            f"  to = {address}",
            f"  id = {hcl_render.string(rid)}",
            "}",
            "",
        ]
    )
    return Outcome(appends=((file, text),))


def resource_name(rid: str, taken: set[str]) -> str:
    """A Terraform name from a live id: `acme-logs` -> acme_logs, unique among taken."""
    base = re.sub(r"[^A-Za-z0-9_]", "_", rid).strip("_").lower() or "imported"
    if not re.match(r"[A-Za-z_]", base):
        base = f"r_{base}"
    name, n = base, 2
    while any(address == name or address.endswith(f".{name}") for address in taken):
        name, n = f"{base}_{n}", n + 1
    return name


def _body(attrs: dict[str, Any], indent: str) -> list[str]:
    """Attributes (`=` aligned) first, then nested blocks, as terraform fmt orders them."""
    pairs = [
        (hcl_render.key(k), _attribute(v, indent)) for k, v in attrs.items() if not _is_block(k, v)
    ]
    lines = hcl_render.aligned(pairs, indent)
    for key, value in attrs.items():
        if not _is_block(key, value):
            continue
        for block in value if isinstance(value, list) else [value]:
            lines += ["", f"{indent}{key} {{", *_body(block, indent + hcl_render.INDENT)]
            lines.append(f"{indent}}}")
    return lines


def _attribute(value: Any, indent: str) -> str:
    if isinstance(value, dict) and _POLICY_KEYS & set(value):
        return f"jsonencode({hcl_render.value(hcl_render.policy_order(value), indent)})"
    return hcl_render.value(value, indent)


def _is_block(key: str, value: Any) -> bool:
    if isinstance(value, dict):
        return key not in MAP_ATTRS and not _POLICY_KEYS & set(value)
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)
