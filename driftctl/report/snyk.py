"""The snyk-json output (`-o snyk-json://PATH`): a report in snyk driftctl's JSON schema.

For scripts written against snyk's `driftctl scan -o json://` (docs/migrating-from-snyk.md):
the keys, nesting and types of snyk's last deep-mode report, checked against snyk's own
golden files (tests/migration/test_snyk_json.py):

- `options` {deep, only_managed, only_unmanaged}; `summary` {total_resources,
  total_changed, total_unmanaged, total_missing, total_managed, total_iac_source_count};
- `managed`, `unmanaged`, `missing`: resources {id, type[, source]}, sorted, `null` when
  empty (as snyk wrote them); a declared resource's `source` is {source: its file,
  namespace: its module path (`module.net`, "" at the root), internal_name: its name};
- `differences`: {res, changelog: [{type: update|create|delete, path: [...], from, to,
  computed}]}, one per changed resource; `from` is the declared value, `to` the live one,
  masked as in every output; `computed` is always false (a value known only after apply
  is never drift here);
- `coverage`: snyk's integer percentage, managed of all resources (missing included);
- `alerts`: {scope: [{message}]} for each error of the scan, or null;
- `provider_name` "AWS", `provider_version` "" (driftctl reads AWS with boto3, through no
  Terraform provider).

No timestamps: `scan_duration` and `date` are left out (snyk omitted `scan_duration` when
0, and its earlier versions wrote neither), so the same scan writes the same file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from driftctl.core.model import KINDS, Change, Drift, Report

# attributes whose keys are free text (tag keys hold dots and slashes): the rest of a
# change's path after them is one key
_MAP_ATTRIBUTES = ("tags", "tags_all")
_INDEX = re.compile(r"\[(\d+)\]")


def render(report: Report, kinds: Sequence[str] = KINDS, iac_sources: int = 0) -> str:
    """kinds: the kinds of drift the scan reported (--only-managed / --only-unmanaged);
    iac_sources: how many declared sources were read."""
    drifts = {kind: [d for d in report.drifts if d.kind == kind] for kind in KINDS}
    managed = sorted({(t, i) for t, i in report.managed})
    unmanaged = sorted(drifts["unmanaged"], key=_key)
    missing = sorted(drifts["missing"], key=_key)
    changed = sorted(drifts["changed"], key=_key)
    total_managed = len(managed) if managed else _count(report.summary.get("managed"))
    total = total_managed + len(unmanaged) + len(missing)
    doc: dict[str, Any] = {
        "options": {
            "deep": True,
            "only_managed": "unmanaged" not in kinds,
            "only_unmanaged": "changed" not in kinds and "missing" not in kinds,
        },
        "summary": {
            "total_resources": total,
            "total_changed": len(changed),
            "total_unmanaged": len(unmanaged),
            "total_missing": len(missing),
            "total_managed": total_managed,
            "total_iac_source_count": iac_sources,
        },
        "managed": [{"id": i, "type": t} for t, i in managed] or None,
        "unmanaged": [_resource(d) for d in unmanaged] or None,
        "missing": [_resource(d) for d in missing] or None,
        "differences": [
            {"res": _resource(d), "changelog": [_change(c) for c in d.changes]} for d in changed
        ]
        or None,
        "coverage": total_managed * 100 // total if total else 0,
        "alerts": _alerts((e.scope, e.message) for e in report.errors),
        "provider_name": "AWS",
        "provider_version": "",
    }
    return json.dumps(doc, indent="\t", ensure_ascii=False) + "\n"


def _key(d: Drift) -> tuple[str, str]:
    return (d.type, d.id or d.address or "")


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _resource(d: Drift) -> dict[str, Any]:
    res: dict[str, Any] = {"id": d.id or d.address or "", "type": d.type}
    if d.kind != "unmanaged" and d.source is not None:
        namespace, name = _split_address(d.type, d.address)
        res["source"] = {"source": d.source.file, "namespace": namespace, "internal_name": name}
    return res


def _split_address(rtype: str, address: str | None) -> tuple[str, str]:
    """(module path, name) of a Terraform address (`module.net.aws_vpc.main[0]` ->
    ("module.net", "main[0]")); another kind of address is its own name."""
    if not address:
        return "", ""
    head, sep, name = address.rpartition(f"{rtype}.")
    if not sep or (head and not head.endswith(".")):
        return "", address
    return head.rstrip("."), name


def path_parts(path: str) -> list[str]:
    """A change's path as snyk's list (`ingress[0].cidr_blocks` -> ingress, 0, cidr_blocks);
    a tag key stays one part (`tags.kubernetes.io/role`)."""
    first, sep, rest = path.partition(".")
    if sep and first in _MAP_ATTRIBUTES:
        return [first, rest]
    parts: list[str] = []
    for segment in path.split("."):
        name, *_ = segment.partition("[")
        if name:
            parts.append(name)
        parts += _INDEX.findall(segment)
    return parts


def _change(c: Change) -> dict[str, Any]:
    shown = c.to_json()  # masked as every output masks it
    before, after = shown["expected"], shown["actual"]
    kind = "update"
    if before is None and after is not None:
        kind = "create"
    elif after is None and before is not None:
        kind = "delete"
    return {
        "type": kind,
        "path": path_parts(c.path),
        "from": before,
        "to": after,
        "computed": False,
    }


def _alerts(errors: Iterable[tuple[str, str]]) -> dict[str, list[dict[str, str]]] | None:
    alerts: dict[str, list[dict[str, str]]] = {}
    for scope, message in sorted(errors):
        alerts.setdefault(scope, []).append({"message": message})
    return alerts or None
