"""The SARIF 2.1.0 report, for GitHub code scanning (and any other SARIF viewer).

- One reportingDescriptor per drift kind (`drift/changed`, `drift/missing`,
  `drift/unmanaged`), plus one per rule name (`rule/NAME`) for drifts a rule matched.
- A declared resource's result is located at the file and line that declare it,
  relative to the repository (uriBaseId %SRCROOT%), and named as a logical location.
- An unmanaged resource has no declaring file: its logical location is the live
  resource (`aws_s3_bucket.acme-scratch`), and its physical location is line 1 of the
  source's main.tf (the `anchor`), because GitHub code scanning rejects a result
  without a file ("locationFromSarifResult: expected at least one location").
- partialFingerprints carry the drift's fingerprint, so an alert stays one alert
  across scans. Results keep the report's order; no timestamps; keys sorted.
"""

from __future__ import annotations

import json
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote

from driftctl.attribution.text import who_line
from driftctl.core.mask import shown_json
from driftctl.core.model import KINDS, Drift, Report
from driftctl.report.output import located
from driftctl.util.version import __version__

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
FINGERPRINT_KEY = "driftctlFingerprint/v1"
_MESSAGE_LIMIT = 2000
ATTRIBUTION_KEYS = ("attribution", "created", "age_days")

_KIND_TEXT = {
    "changed": (
        "Declared and live differ",
        "A resource's live attributes differ from what this repository declares. "
        "Someone changed it out of band, or the code changed and was not applied.",
    ),
    "missing": (
        "Declared, not found live",
        "A resource declared in this repository does not exist in the scanned account.",
    ),
    "unmanaged": (
        "Live, not declared",
        "A live resource that no declaration in this repository manages and that is not "
        "one of AWS's own defaults.",
    ),
}
_LEVELS = {"critical": "error", "high": "error", "medium": "warning", "low": "note"}


def render(report: Report, root: str = "", anchor: str | None = None) -> str:
    """The SARIF log as JSON text.

    root: the directory drift source files are relative to; anchor: the file that
    unmanaged resources are attached to (see the module docstring).
    """
    rules = _rules(report)
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    results = [_result(d, index, root, anchor) for d in report.drifts]
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "driftctl",
                "version": __version__,
                "rules": rules,
            }
        },
        "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "The repository root"}}},
        "invocations": [_invocation(report)],
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    log = {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def rule_id(d: Drift) -> str:
    return f"rule/{d.rule}" if d.rule else f"drift/{d.kind}"


def _rules(report: Report) -> list[dict[str, Any]]:
    kinds = [_kind_rule(kind) for kind in KINDS]
    names = sorted({d.rule for d in report.drifts if d.rule})
    return kinds + [_named_rule(name, report) for name in names]


def _kind_rule(kind: str) -> dict[str, Any]:
    short, full = _KIND_TEXT[kind]
    return {
        "id": f"drift/{kind}",
        "name": f"{kind.capitalize()}Resource",
        "shortDescription": {"text": short},
        "fullDescription": {"text": full},
        "help": {"text": f"{full} Run `driftctl scan` locally for the full report."},
        "defaultConfiguration": {"level": "warning"},
        "properties": {"tags": ["drift", kind]},
    }


def _named_rule(name: str, report: Report) -> dict[str, Any]:
    matched = sorted({d.kind for d in report.drifts if d.rule == name})
    return {
        "id": f"rule/{name}",
        "name": name,
        "shortDescription": {"text": f"Drift matched by rule {name}"},
        "fullDescription": {
            "text": f"Drift ({', '.join(matched)}) that the driftctl rule {name!r} matched."
        },
        "defaultConfiguration": {"level": "warning"},
        "properties": {"tags": ["drift", *matched]},
    }


def _result(d: Drift, index: dict[str, int], root: str, anchor: str | None) -> dict[str, Any]:
    rid = rule_id(d)
    return {
        "ruleId": rid,
        "ruleIndex": index[rid],
        "level": _LEVELS.get(d.severity, "warning"),
        "message": {"text": _message(d)},
        "locations": [_location(d, root, anchor)],
        "partialFingerprints": {FINGERPRINT_KEY: d.fingerprint},
        "properties": {
            "kind": d.kind,
            "type": d.type,
            "id": d.id,
            "address": d.address,
            "action": d.action,
            "severity": d.severity,
            "paths": [c.path for c in d.changes],
            # with --attribute: attribution (and an unmanaged one's created, age_days)
            **{k: v for k, v in d.to_json().items() if k in ATTRIBUTION_KEYS},
        },
    }


def _message(d: Drift) -> str:
    name = d.address or f"{d.type}.{d.id}"
    if d.kind == "missing":
        text = f"{name} is declared but was not found in AWS."
    elif d.kind == "unmanaged":
        text = f"{d.type} {d.id} exists in AWS but is not declared in this repository."
    else:
        ident = f" ({d.id})" if d.id else ""
        changes = "; ".join(
            f"{c.path}: expected {shown_json(c.path, c.expected, c.sensitive)}, "
            f"actual {shown_json(c.path, c.actual, c.sensitive)}"
            for c in d.changes
        )
        text = f"{name}{ident} differs from its declaration: {changes}"
    line = who_line(d)  # with --attribute: who, the console's line, kept whole
    tail = f" — {line}" if line is not None else ""
    limit = _MESSAGE_LIMIT - len(tail)
    return (text if len(text) <= limit else text[: limit - 1] + "…") + tail


def _location(d: Drift, root: str, anchor: str | None) -> dict[str, Any]:
    logical = {
        "name": d.address or str(d.id),
        "fullyQualifiedName": d.address or f"{d.type}.{d.id}",
        "kind": "resource",
    }
    location: dict[str, Any] = {"logicalLocations": [logical]}
    if d.source is not None:
        location["physicalLocation"] = _physical(located(root, d.source.file), d.source.line)
    elif anchor is not None:
        location["physicalLocation"] = _physical(anchor, 1)
    return location


def _physical(path: str, line: int) -> dict[str, Any]:
    posix = PurePosixPath(path)
    artifact = (
        {"uri": path}  # a remote state's URL (already without its secrets), as it is
        if "://" in path
        else {"uri": "file://" + quote(posix.as_posix())}
        if posix.is_absolute()
        else {"uri": quote(posix.as_posix()), "uriBaseId": "%SRCROOT%"}
    )
    return {"artifactLocation": artifact, "region": {"startLine": max(line, 1)}}


def _invocation(report: Report) -> dict[str, Any]:
    unsupported: dict[str, int] = report.summary.get("unsupported") or {}
    return {
        "executionSuccessful": not report.errors,
        "toolExecutionNotifications": [
            {"level": "error", "message": {"text": f"{e.scope}: {e.message}"}}
            for e in report.errors
        ]
        + [
            {
                "level": "warning",
                "message": {
                    "text": f"not compared: {n} {name} (a type driftctl does not read yet)"
                },
            }
            for name, n in sorted(unsupported.items())
        ],
    }
