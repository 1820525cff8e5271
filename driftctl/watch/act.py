"""The rules' actions in a watch: `revert` (with --approve) at once, `pr` batched.

The loop emits its lines through a `Tap`, which passes each one on and notes the drift
lines whose rule acts. The actions are chores (loop.Chore): they run after the batch that
reported the drift, never inside it.

A revert goes through `driftctl revert --approve`'s own procedure (revert/flow.py
`approved`), limited to the drift of the line (as `--only TYPE/ADDRESS` limits it): the
plan made from the watch's live state, the planner's refusals (an unmanaged resource the
declared state may declare, one that holds data without `--delete-data`, a rule that does
not name `kind: unmanaged`), the blast-radius guard, fresh reads and the plan made again,
the journal written before any call, the calls, and the re-read of what it touched. That
re-read is spliced into the watch's live state, so the drift it resolved is a `resolved`
line at once, and the revert's own CloudTrail events, when they come back through the
queue, read a state that is already known: no second line, no second revert.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from driftctl.core.model import Drift
from driftctl.errors import DriftctlError
from driftctl.revert import flow, guards, journal
from driftctl.revert.planner import Plan
from driftctl.revert.readers import Reader
from driftctl.rules.policy import Policy
from driftctl.settings import Settings
from driftctl.util.globs import Glob
from driftctl.watch.state import Watched

Emit = Callable[[dict[str, Any]], None]
Say = Callable[[str], None]
# what identifies the drift in an action's line
DRIFT_FIELDS = ("kind", "type", "id", "address", "rule", "account", "region", "fingerprint")


class Tap:
    """The loop's emit: each line passed on; the drift lines whose rule says `revert`, and
    whether a line of a `pr` rule (a drift found, changed or resolved) came since the last
    pull request, noted for the actions."""

    def __init__(self, emit: Emit) -> None:
        self.emit = emit
        self.reverts: list[dict[str, Any]] = []
        self.pr_lines = 0

    def __call__(self, line: dict[str, Any]) -> None:
        self.emit(line)
        if line.get("action") == "revert" and line.get("status") == "drift":
            self.reverts.append(line)
        if line.get("action") == "pr" and line.get("status") in ("drift", "resolved"):
            self.pr_lines += 1


def exact(d: Drift) -> Glob:
    """The --only value naming this drift alone: TYPE/ADDRESS, or TYPE/ID."""
    text = f"{d.type}/{d.address}" if d.address else f"{d.type}/{d.id}"
    return Glob(text, re.compile(re.escape(text)))


@dataclasses.dataclass
class Revert:
    """The revert action, with --approve: each drift a line reported whose rule says
    `revert`, reverted after the batch that reported it."""

    tap: Tap
    conf: Settings
    policy: Policy
    opts: flow.Options  # --allow-dirty, the blast-radius limits, --delete-data
    journals: Path  # --journal-dir: each revert's journal is a directory under it
    origins: list[guards.Origin]  # where the declared state came from, checked at start
    done: int = 0
    failed: int = 0

    def due(self, now: float) -> bool:
        return bool(self.tap.reverts)

    def run(self, watched: Watched, emit: Emit, say: Say) -> None:
        lines, self.tap.reverts = self.tap.reverts, []
        for line in lines:
            drift = next(
                (d for d in watched.known.values() if d.fingerprint == line.get("fingerprint")),
                None,
            )
            if drift is None:  # resolved (or changed again) since its line: nothing to do
                continue
            about = {k: line.get(k) for k in ("event_id", "event_latency_ms")}
            for out in self.revert(watched, drift, say):
                emit({**out, **about})
        # a drift a revert's re-read shows (one it did not converge) is not reverted again
        # at once: the next event on that resource decides, so reverts never run in a loop
        self.tap.reverts.clear()

    def revert(self, watched: Watched, drift: Drift, say: Say) -> list[dict[str, Any]]:
        """The outcome line of one revert, then the resolved lines of its re-read."""
        base = {k: v for k, v in drift.to_json().items() if k in DRIFT_FIELDS}
        conn = watched.conn
        aws = flow.Aws(
            conn.factory,
            conn.counter,
            Reader(conn.factory, conn.counter),
            watched.account,
            conn.region,
            conn,
        )
        only = [exact(drift)]
        scanned = flow.Scanned(
            self.conf,
            self.policy,
            watched.declared,
            watched.run,
            aws,
            only,
            delete_data=tuple(self.opts.delete_data),
        )
        log: list[str] = []
        book = journal.new_dir(None, self.journals)
        try:
            first = scanned.plan()
            refused = _refused(first)
            if refused is not None:
                return [{**base, "status": "refused", "reason": refused}]
            opts = dataclasses.replace(self.opts, only=only, journal_dir=book)
            header = {
                "command": "watch",
                "account": aws.account,
                "default_region": watched.run.default_region,
                "declared": [o.to_json() for o in self.origins],
                "only": [g.text for g in only],
            }
            applied = flow.approved(scanned, first, opts, header, log.append)
        except DriftctlError as exc:
            if book.exists():  # the journal was written: calls may have been made
                self.failed += 1
                return [
                    {**base, "status": "revert_failed", "journal": str(book), "reason": exc.message}
                ]
            # a guard that held (the blast radius, the state changed while planning, the
            # DryRun pre-flight): nothing was changed
            return [{**base, "status": "refused", "reason": exc.message}]
        where = drift.address or f"{drift.type}.{drift.id}"
        path = str(applied.journal)
        if applied.failed is not None:
            self.failed += 1
            say(f"revert of {where} stopped: {applied.failed}; journal {path}")
            out = {**base, "status": "revert_failed", "journal": path, "reason": applied.failed}
            return [out]
        appeared, gone = watched.spliced(applied.fresh)
        lines: list[dict[str, Any]] = [{**base, "status": "reverted", "journal": path}]
        if applied.left:
            self.failed += 1
            reason = "did not converge: " + "; ".join(applied.left)
            say(f"revert of {where} {reason}; journal {path}")
            lines = [{**base, "status": "revert_failed", "journal": path, "reason": reason}]
        else:
            self.done += 1
            say(f"reverted {where}: journal {path}")
        lines += [{**d.to_json(), "status": "drift"} for d in appeared]
        lines += [{**d.to_json(), "status": "resolved", "journal": path} for d in gone]
        return lines


def _refused(plan: Plan) -> str | None:
    """Why a plan reverts nothing: the planner's refusals, or its notes (observe-only)."""
    if plan.calls:
        return None
    if plan.refusals:
        return "; ".join(plan.refusals)
    return "; ".join(plan.notes) or "no call can revert it"
