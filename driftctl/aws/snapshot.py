"""Saved live snapshots: `--save-live FILE` writes one, `--live FILE` scans from it offline.

A snapshot holds live values as AWS returned them (secrets included), so it is created
readable by its owner only (mode 0600 from the start) and put in place atomically.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from driftctl.aws import snapshot_check
from driftctl.aws.scanner import LiveState
from driftctl.core.model import Resource, ScanError
from driftctl.engine.scopes import LiveRun
from driftctl.errors import DriftctlError
from driftctl.util import gcpause, safejson

SNAPSHOT_VERSION = 2


def _state(state: LiveState) -> dict[str, Any]:
    return {
        "resources": [
            {"type": r.type, "id": r.id, "region": r.region, "attrs": r.attrs}
            for r in state.sorted_resources()
        ],
        "errors": [e.to_json() for e in state.errors],
        "incomplete_scans": sorted([name, region] for name, region in state.incomplete_scans),
    }


def dump(run: LiveRun, shard: tuple[int, int] = (1, 1)) -> str:
    """The snapshot of run; shard: the part of a sharded scan it is (recorded when N > 1, so
    that its missing scopes are not taken for a damaged file)."""
    doc: dict[str, Any] = {
        "snapshot_version": SNAPSHOT_VERSION,
        "default_region": run.default_region,
        "pairs": [list(p) for p in run.pairs],
        "accounts": {account: _state(state) for account, state in sorted(run.states.items())},
        "context": run.context,
    }
    if shard[1] > 1:
        doc["shard"] = f"{shard[0]}/{shard[1]}"
    return json.dumps(doc, sort_keys=True, indent=1, default=str) + "\n"


def save(run: LiveRun, path: Path, shard: tuple[int, int] = (1, 1)) -> None:
    try:
        write_private(path, dump(run, shard))
    except OSError as exc:
        raise DriftctlError(f"cannot write the live snapshot {path}: {exc.strerror}") from exc


def write_private(path: Path, text: str) -> None:
    """text as the file path, mode 0600: a new file (created 0600 by mkstemp, never
    readable by others, not even for a moment) renamed over path."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def load(path: Path) -> LiveRun:
    with gcpause.paused():  # millions of small objects, none in a cycle
        return _load(path)


def _load(path: Path) -> LiveRun:
    try:
        doc: Any = safejson.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DriftctlError(f"cannot read the live snapshot {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DriftctlError(f"{path}: not a JSON live snapshot (not UTF-8 text)") from exc
    except json.JSONDecodeError as exc:
        raise DriftctlError(f"{path}:{exc.lineno}: not a JSON live snapshot: {exc.msg}") from exc
    if not isinstance(doc, dict) or doc.get("snapshot_version") != SNAPSHOT_VERSION:
        raise DriftctlError(
            f"{path}: not a driftctl live snapshot (snapshot_version {SNAPSHOT_VERSION})",
            "write one with driftctl scan --save-live FILE",
        )
    snapshot_check.check(str(path), doc)  # every shape below is as --save-live writes it
    states = {account: _load_state(account, s) for account, s in doc["accounts"].items()}
    pairs = [(str(a), str(r)) for a, r in doc["pairs"]]
    region = str(doc["default_region"])
    return LiveRun(states, pairs, region, context=doc.get("context"), sharded="shard" in doc)


def _load_state(account: str, doc: dict[str, Any]) -> LiveState:
    resources = [
        Resource(r["type"], r["id"], None, r["attrs"], region=r.get("region"), account=account)
        for r in doc["resources"]
    ]
    errors = [ScanError(e["scope"], e["message"]) for e in doc.get("errors", [])]
    incomplete = {(str(n), str(r)) for n, r in doc.get("incomplete_scans", [])}
    return LiveState(resources, errors, incomplete, account)
