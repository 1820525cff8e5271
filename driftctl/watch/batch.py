"""The watch's batched `pr` action and its report files, two chores (loop.Chore).

- `PullRequests`: the lines of `pr` rules (a drift found, changed or resolved) are
  collected; `--pr-every` (15 minutes) after the first of them, `driftctl pr`'s own
  procedure (pullrequest/flow.py) runs once over the watch's live state: one pull request
  opened or updated for every drift a `pr` rule holds at that moment (or closed when none
  is left), however many events brought them. A run that fails is a `pr_failed` line and
  is tried again an interval later.
- `Reports`: the `-o` report files (the scan's formats) written again, atomically and all
  together (report/writer.py), whenever the watch's drifts change.
"""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from driftctl.core.model import Drift
from driftctl.errors import DriftctlError
from driftctl.pullrequest import flow
from driftctl.report import formats, writer
from driftctl.settings import Settings
from driftctl.util import redact
from driftctl.watch.act import Tap
from driftctl.watch.state import Watched

Emit = Callable[[dict[str, Any]], None]
Say = Callable[[str], None]
PR_EVERY = 900.0  # seconds: one pull request per 15 minutes at most
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def seconds(text: str, flag: str) -> float:
    """'90s', '15m', '6h', '1d' (or a bare number of seconds) -> seconds."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*", text)
    value = float(match.group(1)) * _UNITS[match.group(2) or "s"] if match else 0.0
    if value <= 0:
        raise DriftctlError(f"{flag} {text}: expected a duration", "e.g. 90s, 15m, 6h or 1d")
    return value


@dataclasses.dataclass
class PullRequests:
    tap: Tap
    conf: Settings
    opts: flow.PrOptions
    every: float = PR_EVERY
    since: float | None = None  # when the first line not yet in a pull request was seen
    runs: int = 0

    def due(self, now: float) -> bool:
        if self.tap.pr_lines and self.since is None:
            self.since = now
        return self.since is not None and now >= self.since + self.every

    def run(self, watched: Watched, emit: Emit, say: Say) -> None:
        self.flush(watched, emit, say)

    def flush(self, watched: Watched, emit: Emit, say: Say) -> None:
        """One `driftctl pr` over the watch's live state, for the lines collected."""
        if not self.tap.pr_lines:
            return
        collected, self.tap.pr_lines = self.tap.pr_lines, 0
        self.runs += 1
        context = watched.conn.caller if watched.conn is not None else None
        try:
            result = flow.run(self.conf, self.opts, io.StringIO(), (context, watched.run))
        except DriftctlError as exc:
            self.tap.pr_lines += collected  # tried again an interval later
            self.since = watched.clock()
            say(f"pull request not opened: {exc.message}")
            emit({"status": "pr_failed", "reason": exc.message, "lines": collected})
            return
        self.since = None
        pull = result.pull or {}
        line = {
            "status": "pr",
            "result": result.action,  # created, updated, closed, none
            "number": pull.get("number") or (result.closed[0] if result.closed else None),
            "url": pull.get("html_url"),
            "branch": result.branch,
            "codified": sorted(d.fingerprint for d in result.plan.codified),
            "needs_human": sorted(h.drift.fingerprint for h in result.plan.humans),
            "lines": collected,
        }
        say(f"pull request {line['result']}: {line['url'] or line['number'] or '-'}")
        emit(line)


@dataclasses.dataclass
class Reports:
    """The -o report files, rewritten whenever the drifts change (and once at start)."""

    conf: Settings
    shown: frozenset[str] | None = None  # the fingerprints of the drifts last written

    def due(self, now: float) -> bool:
        return True  # cheap: run compares the drifts with those last written

    def run(self, watched: Watched, emit: Emit, say: Say) -> None:
        now = _drifts(watched.known.values())
        if now == self.shown:
            return
        sources = [Path(redact.source(s)) if s.url else s.path for s in self.conf.sources]
        kinds = self.conf.selection.kinds
        report, run = watched.report, watched.run
        texts = [
            (o.target, formats.render(o.scheme, report, sources, o.target, run, kinds))
            for o in self.conf.outputs
        ]
        try:
            writer.write_all(texts)
        except DriftctlError as exc:  # written again at the next receive
            say(f"report files not written: {exc.message}")
            return
        self.shown = now


def _drifts(drifts: Any) -> frozenset[str]:
    return frozenset(f"{d.fingerprint} {d.rule} {d.action}" for d in drifts if isinstance(d, Drift))
