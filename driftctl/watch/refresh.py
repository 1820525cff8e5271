"""What keeps a watch current besides its events, two chores (loop.Chore):

- `FullScan` (`--full-every 6h`): a complete scan, as at the start, in place of the live
  state the events kept. What it finds that no event announced (an event EventBridge
  dropped, a change CloudTrail does not record, a type without an event mapping) is a
  `drift` line with `"via": "full-scan"`; a drift it no longer finds is `resolved`. An
  incomplete full scan (a region or a call failed) changes nothing: its drifts are not
  trusted, and no drift is called resolved because it could not be read.
- `Rerender` (when `--from` is in a git work tree): the HEAD of each source's repository
  is read at most every `check` seconds (`--pull 5m` first runs `git pull --ff-only`
  there on that interval); when one moved, the declared state is rendered again and
  compared with the live state held, without reading AWS. A drift the new commit fixed
  is `resolved` (`"via": "declared"`); one it made is a `drift` line. A render that
  fails keeps the previous declared state and says why on stderr.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import git

from driftctl.core.model import Drift
from driftctl.errors import DriftctlError
from driftctl.pullrequest.flow import LOCAL_SCHEMES
from driftctl.rules.policy import Policy
from driftctl.settings import Settings
from driftctl.watch.start import compared, full_scan, render
from driftctl.watch.state import Watched

Emit = Callable[[dict[str, Any]], None]
Say = Callable[[str], None]
HEAD_CHECK = 30.0  # seconds between two reads of the sources' HEADs


def _emit(watched: Watched, emit: Emit, via: str, changed: tuple[list[Drift], list[Drift]]) -> None:
    appeared, gone = changed
    for d in appeared:
        emit(watched.plain_line(d, "drift", via))
    for d in gone:
        emit(watched.plain_line(d, "resolved", via))


@dataclasses.dataclass
class FullScan:
    conf: Settings
    policy: Policy
    every: float
    next: float  # clock time the next full scan is due
    runs: int = 0

    def due(self, now: float) -> bool:
        return now >= self.next

    def run(self, watched: Watched, emit: Emit, say: Say) -> None:
        self.next = watched.clock() + self.every
        try:
            declared, run, report = full_scan(
                self.conf, watched.conn, self.policy, watched.rendered
            )
        except DriftctlError as exc:
            self._incomplete(exc.message, say)
            return
        if report.errors:
            self._incomplete(f"{report.errors[0].scope}: {report.errors[0].message}", say)
            return
        self.runs += 1
        appeared, gone = watched.replaced(declared, run, report)
        _emit(watched, emit, "full-scan", (appeared, gone))
        say(f"full scan: {len(appeared)} drifts no event announced, {len(gone)} resolved")

    def _incomplete(self, problem: str, say: Say) -> None:
        say(f"full scan incomplete ({problem}): nothing changed, next one in {self.every:g} s")


def heads(paths: list[Path]) -> dict[Path, str]:
    """The HEAD commit of each path's repository (paths outside one are left out)."""
    out = {}
    for path in paths:
        try:
            repo = git.Repo(path, search_parent_directories=True)
            out[Path(str(repo.working_tree_dir))] = repo.head.commit.hexsha
        except (git.InvalidGitRepositoryError, git.NoSuchPathError, ValueError):
            continue
    return out


@dataclasses.dataclass
class Rerender:
    conf: Settings
    policy: Policy
    seen: dict[Path, str]  # each repository's HEAD when the declared state was rendered
    next: float
    pull: float | None = None  # --pull: seconds between two `git pull --ff-only`
    check: float = HEAD_CHECK
    renders: int = 0

    @classmethod
    def of(cls, conf: Settings, policy: Policy, now: float, pull: float | None) -> Rerender | None:
        """None when no source is in a git work tree (nothing to follow)."""
        local = [s.path for s in conf.sources if s.scheme in LOCAL_SCHEMES and str(s.path) != "-"]
        seen = heads(local)
        if not seen:
            return None
        return cls(conf, policy, seen, now + (pull or HEAD_CHECK), pull)

    def due(self, now: float) -> bool:
        return now >= self.next

    def run(self, watched: Watched, emit: Emit, say: Say) -> None:
        self.next = watched.clock() + (self.pull or self.check)
        if self.pull is not None:
            for root in self.seen:
                try:
                    git.Repo(root).git.pull("--ff-only")
                except git.GitCommandError as exc:
                    say(f"git pull --ff-only in {root} failed: {str(exc.stderr).strip()}")
        now = heads(list(self.seen))
        if now == self.seen:
            return
        moved = ", ".join(f"{root.name} {sha[:12]}" for root, sha in sorted(now.items()))
        try:
            rendered = render(self.conf, watched.conn)
        except DriftctlError as exc:
            say(f"declared state moved ({moved}) but does not render: {exc.message}; kept")
            self.seen = now  # not rendered again until it moves again
            return
        self.seen, self.renders = now, self.renders + 1
        declared, report = compared(self.conf, self.policy, rendered, watched.run)
        watched.rendered = rendered
        appeared, gone = watched.replaced(declared, watched.run, report)
        _emit(watched, emit, "declared", (appeared, gone))
        say(
            f"declared state rendered again ({moved}): {len(appeared)} drifts, {len(gone)} resolved"
        )
