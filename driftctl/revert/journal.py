"""The revert journal: what was live before, what was planned, what each call did.

A journal is a directory (docs/revert.md has the format):

- `journal.json`, written before any change and never rewritten: the prior live state of
  every unit the plan touches (read fresh from AWS), and the plan with every call;
- `calls.jsonl`, appended (and flushed to disk) as each call finishes: one line per call
  with its outcome and the values later calls or an undo need (new resources' ids),
  then one closing line with the result.

It is the one place driftctl writes a timestamp. It holds live state unmasked (an undo
needs it exactly), so its directory and files are created readable by their owner only
(mode 0700 and 0600 from the start, never loosened later). The header also lists the
texts of the sensitive values the plan read or wrote (`sensitive_values`), so that an
undo, which plans from the journal alone, masks them when it prints its plan.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from driftctl.base.calls import Call, Unit
from driftctl.core.model import Resource
from driftctl.errors import DriftctlError

JOURNAL_VERSION = 1
SENSITIVE_KEY = "sensitive_values"
HEADER = "journal.json"
CALLS = "calls.jsonl"
DEFAULT_ROOT = Path(".driftctl") / "journal"
# the line an undo appends to the journal it undoes, naming its own journal
UNDO_EVENT = "undo"


def now_utc() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def new_dir(given: Path | None, root: Path = DEFAULT_ROOT) -> Path:
    """`given` (--journal-dir) as is, else root/<UTC time> (-2, -3 if taken); root is
    .driftctl/journal, or where `driftctl watch --journal-dir` keeps its reverts' journals."""
    if given is not None:
        if given.exists() and (not given.is_dir() or any(given.iterdir())):
            raise DriftctlError(
                f"--journal-dir {given}: already exists and is not empty",
                "name a new directory: a journal is never overwritten",
            )
        return given
    stamp = now_utc().strftime("%Y%m%dT%H%M%SZ")
    path, n = root / stamp, 1
    while path.exists():
        n += 1
        path = root / f"{stamp}-{n}"
    return path


def resource_json(r: Resource) -> dict[str, Any]:
    return {"type": r.type, "id": r.id, "region": r.region, "attrs": r.attrs}


def resource_from_json(doc: Mapping[str, Any]) -> Resource:
    return Resource(doc["type"], doc["id"], None, dict(doc["attrs"]), region=doc.get("region"))


@dataclasses.dataclass
class Entry:
    unit: Unit
    before: list[Resource]  # [] when the unit did not exist (the plan creates it)

    def to_json(self) -> dict[str, Any]:
        before = sorted(self.before, key=lambda r: (r.type, str(r.id)))
        return {"unit": self.unit.to_json(), "before": [resource_json(r) for r in before]}


@dataclasses.dataclass
class JournalData:
    path: Path
    header: dict[str, Any]
    entries: list[Entry]
    calls: list[Call]
    events: list[dict[str, Any]]

    @property
    def outputs(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for event in self.events:
            out.update(event.get("outputs") or {})
        return out

    @property
    def secrets(self) -> frozenset[str]:
        """The texts of the sensitive values the journaled plan read or wrote."""
        listed = self.header.get(SENSITIVE_KEY)
        return frozenset(t for t in listed if isinstance(t, str)) if listed else frozenset()

    @property
    def finished(self) -> dict[str, Any] | None:
        return next((e for e in self.events if e.get("event") == "finished"), None)

    @property
    def undone_by(self) -> list[Path]:
        """The journals of the undo runs of this journal, in the order they started."""
        return [Path(e["journal"]) for e in self.events if e.get("event") == UNDO_EVENT]


def earlier_outputs(data: JournalData) -> dict[str, Any]:
    """The outputs (new ids) of every earlier undo run of `data`, from their journals: an
    undo retried after one that stopped midway must not re-create the same thing twice."""
    out: dict[str, Any] = {}
    for path in data.undone_by:
        try:
            earlier = load(path)
        except DriftctlError as exc:
            raise DriftctlError(
                f"{data.path} was undone before by {path}, which cannot be read "
                f"({exc.message}): an undo now could re-create what that one re-created",
                "put that journal directory back, or finish the undo by hand",
            ) from exc
        out.update(earlier.outputs)
    return out


class Journal:
    """An open journal: the header is written on creation, events appended after."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def create(
        cls, path: Path, header: Mapping[str, Any], entries: list[Entry], plan: Mapping[str, Any]
    ) -> Journal:
        try:
            path.mkdir(parents=True, mode=0o700, exist_ok=True)
            doc = {
                "journal_version": JOURNAL_VERSION,
                "created": now_utc().isoformat(timespec="seconds"),
                **header,
                "units": [e.to_json() for e in sorted(entries, key=lambda e: e.unit)],
                "plan": plan,
            }
            _write_new(path / HEADER, json.dumps(doc, indent=1, sort_keys=True, default=str) + "\n")
            _write_new(path / CALLS, "")
        except OSError as exc:
            raise DriftctlError(
                f"cannot write the revert journal {path}: {exc.strerror}",
                "nothing was changed; pass --journal-dir to write it elsewhere",
            ) from exc
        return cls(path)

    def record(self, event: Mapping[str, Any]) -> None:
        line = json.dumps(dict(event), sort_keys=True, default=str) + "\n"
        try:
            with open(self.path / CALLS, "a", encoding="utf-8") as f:
                f.write(line)
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:
            raise DriftctlError(
                f"cannot append to the revert journal {self.path / CALLS}: {exc.strerror}",
                "stopped before the next call; the journal so far is kept",
            ) from exc


def _write_new(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def load(path: Path) -> JournalData:
    header_path = path / HEADER
    try:
        header = json.loads(header_path.read_text(encoding="utf-8"))
        lines = (path / CALLS).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise DriftctlError(
            f"cannot read the revert journal {path}: {exc.strerror}",
            "pass the journal directory, e.g. .driftctl/journal/20250101T120000Z",
        ) from exc
    except json.JSONDecodeError as exc:
        raise DriftctlError(f"{header_path}:{exc.lineno}: not a JSON journal: {exc.msg}") from exc
    if not isinstance(header, dict) or header.get("journal_version") != JOURNAL_VERSION:
        raise DriftctlError(f"{header_path}: not a driftctl journal (journal_version 1)")
    try:
        events = [json.loads(line) for line in lines if line.strip()]
        entries = [
            Entry(Unit.from_json(u["unit"]), [resource_from_json(r) for r in u["before"]])
            for u in header["units"]
        ]
        calls = [Call.from_json(c) for s in header["plan"]["steps"] for c in s["calls"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise DriftctlError(f"{path}: malformed revert journal: {exc}") from exc
    return JournalData(path, header, entries, calls, events)
