"""The plan output (`-o plan://PATH`): snyk driftctl's Terraform-plan-shaped JSON.

Policy tools that read `terraform show -json` plans (OPA/conftest, checkov, ...) can then
check what is not in code. Its shape is snyk's (format_version "0.1"): every managed and
every unmanaged live resource under `planned_values.root_module.resources` with its live
attribute values, and under `resource_changes` a `no-op` for each managed one and a
`create` for each unmanaged one (what Terraform would have to create to manage it).
Addresses are `TYPE.ID`, as snyk wrote them. Unmanaged resources a rule or .driftignore
ignored are left out, as snyk left ignored resources out. Sorted; no timestamps.
Secrets are masked as in every output: a value the declaration (or the provider's schema)
marks sensitive is "(sensitive)", one under a secret-looking name *** (report.mask).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from driftctl.core import sensitive
from driftctl.core.mask import SENSITIVE, mask_value
from driftctl.core.model import Report, Resource, to_plain

FORMAT_VERSION = "0.1"


def render(
    report: Report,
    live: Mapping[tuple[str, str], Resource],
    managed: Iterable[tuple[str, str]],
) -> str:
    """live: the scan's live resources by (type, id); managed: the (type, id) of those
    that matched a declaration."""
    managed_keys = sorted(set(managed))
    unmanaged_keys = sorted({(d.type, str(d.id)) for d in report.drifts if d.kind == "unmanaged"})
    resources, changes = [], []
    for keys, action in ((managed_keys, "no-op"), (unmanaged_keys, "create")):
        for rtype, rid in keys:
            found = live.get((rtype, rid))
            marks = sensitive.of(rtype, report.sensitive.get((rtype, rid), frozenset()))
            values = _values(found.attrs, marks) if found is not None else {}
            address = f"{rtype}.{rid}"
            entry = {"address": address, "type": rtype, "name": rid}
            resources.append({**entry, "values": values})
            change: dict[str, Any] = {"actions": [action], "after": values}
            if action == "no-op":
                change["before"] = values
            changes.append({**entry, "change": change})
    doc = {
        "format_version": FORMAT_VERSION,
        "planned_values": {"root_module": {"resources": resources}},
        "resource_changes": changes,
    }
    return json.dumps(doc, sort_keys=True, indent=2, default=str) + "\n"


def _values(attrs: Mapping[str, Any], marks: frozenset[str]) -> dict[str, Any]:
    plain = sensitive.rendered(mask_value(to_plain(dict(attrs))), marks, SENSITIVE)
    return plain if isinstance(plain, dict) else {}
