"""Saved live snapshots: `--save-live FILE` writes one, `--live FILE` scans from it offline."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from driftctl.aws.scanner import LiveState
from driftctl.errors import DriftctlError
from driftctl.model import Resource, ScanError

SNAPSHOT_VERSION = 1


def dump(state: LiveState) -> str:
    doc = {
        "snapshot_version": SNAPSHOT_VERSION,
        "resources": [
            {"type": r.type, "id": r.id, "region": r.region, "attrs": r.attrs}
            for r in state.sorted_resources()
        ],
        "errors": [e.to_json() for e in state.errors],
        "incomplete_scans": sorted(state.incomplete_scans),
    }
    return json.dumps(doc, sort_keys=True, indent=1, default=str) + "\n"


def save(state: LiveState, path: Path) -> None:
    try:
        path.write_text(dump(state))
    except OSError as exc:
        raise DriftctlError(f"cannot write the live snapshot {path}: {exc.strerror}") from exc


def load(path: Path) -> LiveState:
    try:
        doc: Any = json.loads(path.read_text())
    except OSError as exc:
        raise DriftctlError(f"cannot read the live snapshot {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise DriftctlError(f"{path}:{exc.lineno}: not a JSON live snapshot: {exc.msg}") from exc
    if not isinstance(doc, dict) or doc.get("snapshot_version") != SNAPSHOT_VERSION:
        raise DriftctlError(
            f"{path}: not a driftctl live snapshot (snapshot_version {SNAPSHOT_VERSION})",
            "write one with driftctl scan --save-live FILE",
        )
    try:
        resources = [
            Resource(r["type"], r["id"], None, r["attrs"], region=r.get("region"))
            for r in doc["resources"]
        ]
        errors = [ScanError(e["scope"], e["message"]) for e in doc.get("errors", [])]
    except (KeyError, TypeError) as exc:
        raise DriftctlError(f"{path}: malformed live snapshot: missing {exc}") from exc
    return LiveState(resources, errors, set(doc.get("incomplete_scans", [])))
