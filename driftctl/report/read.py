"""Reading a JSON report back: driftctl's (schema_version 1) or snyk driftctl's.

Wherever driftctl reads a report (gen-driftignore, merge, fmt), a report snyk's
driftctl wrote (`driftctl scan -o json://...`: `summary.total_*`, `managed`,
`unmanaged`, `missing`, `differences`, `alerts`) is read too, converted to driftctl's shape:

- `unmanaged` and `missing` resources become drifts of those kinds (a missing resource's
  `source.internal_name` gives its address: `TYPE.NAME`, under `module.NAMESPACE` when snyk
  names a module);
- each `differences` entry becomes a `changed` drift, its changelog the changes (the path
  list joined in driftctl's form, `ingress[0].cidr_blocks`; `from` expected, `to` actual);
- `alerts` become errors (an alert means snyk could not read something: the scan was
  incomplete); the summary counts are snyk's, `coverage` a fraction as driftctl writes it.
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.core.model import KINDS, Change, Drift, Report, ScanError, SourceRef
from driftctl.errors import DriftctlError
from driftctl.util import safejson

HINT = "write one with driftctl scan -o json://report.json"


def parse(name: str, text: str) -> dict[str, Any]:
    """The report in `text` as driftctl's JSON shape (a snyk report converted)."""
    try:
        doc = safejson.loads(text)
    except json.JSONDecodeError as exc:
        raise DriftctlError(f"{name}:{exc.lineno}: not a JSON report: {exc.msg}") from exc
    if not isinstance(doc, dict):
        raise DriftctlError(
            f"{name}: not a driftctl JSON report (a JSON {_json_type(doc)}, not an object)", HINT
        )
    if is_snyk(doc):
        return from_snyk(name, doc)
    drifts = doc.get("drifts")
    if doc.get("schema_version") != 1 or not isinstance(drifts, list):
        raise DriftctlError(
            f"{name}: not a driftctl JSON report (schema_version 1) nor a snyk driftctl one",
            HINT,
        )
    if not all(isinstance(d, dict) and "kind" in d and "type" in d for d in drifts):
        raise DriftctlError(f"{name}: a drift lacks its kind or type")
    return doc


def is_snyk(doc: dict[str, Any]) -> bool:
    summary = doc.get("summary")
    return (
        "schema_version" not in doc and isinstance(summary, dict) and "total_resources" in summary
    )


def from_snyk(name: str, doc: dict[str, Any]) -> dict[str, Any]:
    drifts: list[Drift] = []
    for kind in ("unmanaged", "missing"):
        for res in _list(name, doc, kind):
            rtype, rid = _resource(name, res)
            address = _address(rtype, res.get("source")) if kind == "missing" else None
            drifts.append(Drift(kind, rtype, rid, address, None))
    for diff in _list(name, doc, "differences"):
        rtype, rid = _resource(name, diff.get("res"))
        changes = tuple(
            sorted(
                (_change(c) for c in diff.get("changelog") or () if isinstance(c, dict)),
                key=lambda c: c.path,
            )
        )
        target = diff.get("res")
        address = _address(rtype, target.get("source") if isinstance(target, dict) else None)
        drifts.append(Drift("changed", rtype, rid, address, None, changes))
    drifts.sort(key=Drift.sort_key)
    s = doc["summary"]
    managed = _int(s.get("total_managed"))
    counts: dict[str, int] = {k: sum(1 for d in drifts if d.kind == k) for k in KINDS}
    coverage = doc.get("coverage")
    summary: dict[str, Any] = {
        "declared": managed + _int(s.get("total_missing")),
        "live": managed + _int(s.get("total_unmanaged")),
        "managed": managed,
        **counts,
        "ignored": 0,
        "unknown": 0,
        "coverage": round(coverage / 100, 4) if isinstance(coverage, (int, float)) else 1.0,
    }
    errors = [
        ScanError(str(scope), str(alert.get("message") or alert))
        for scope, alerts in sorted((doc.get("alerts") or {}).items())
        for alert in alerts or ()
        if isinstance(alert, dict)
    ]
    return Report(summary, tuple(drifts), tuple(errors)).to_json()


def to_report(doc: dict[str, Any]) -> Report:
    """A Report from driftctl's JSON shape (what parse returns)."""
    drifts = []
    for d in doc["drifts"]:
        source = d.get("source")
        drifts.append(
            Drift(
                d["kind"],
                d["type"],
                d.get("id"),
                d.get("address"),
                SourceRef(source["file"], int(source["line"])) if source else None,
                tuple(
                    Change(c["path"], c.get("expected"), c.get("actual"), bool(c.get("sensitive")))
                    for c in d["changes"]
                ),
                d.get("action", "report"),
                d.get("severity", "medium"),
                d.get("rule"),
                d.get("account"),
                d.get("region"),
                # `scan --attribute`'s fields, kept (a report without them stays without)
                attribution=d.get("attribution"),
                created=d.get("created"),
                age_days=d.get("age_days"),
            )
        )
    errors = tuple(ScanError(e["scope"], e["message"]) for e in doc.get("errors") or ())
    return Report(dict(doc["summary"]), tuple(drifts), errors)


def _list(name: str, doc: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = doc.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise DriftctlError(f"{name}: snyk driftctl report: `{key}` is not a list of objects")
    return value


def _resource(name: str, res: Any) -> tuple[str, str]:
    if not isinstance(res, dict) or not res.get("type") or res.get("id") is None:
        raise DriftctlError(f"{name}: snyk driftctl report: a resource lacks its type or id")
    return str(res["type"]), str(res["id"])


def _address(rtype: str, source: Any) -> str | None:
    if not isinstance(source, dict) or not source.get("internal_name"):
        return None
    namespace = source.get("namespace")
    prefix = f"module.{namespace}." if namespace and namespace != "module" else ""
    return f"{prefix}{rtype}.{source['internal_name']}"


def _change(c: dict[str, Any]) -> Change:
    path = ""
    for part in c.get("path") or ():
        text = str(part)
        path += f"[{text}]" if text.isdigit() else (f".{text}" if path else text)
    return Change(path, c.get("from"), c.get("to"))


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _json_type(value: Any) -> str:
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    return "null" if value is None else "number"
