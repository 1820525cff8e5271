"""Live scan progress on stderr (only when it is a terminal): per service, calls done of
planned, and retries so far."""

from __future__ import annotations

import sys
import threading
from types import TracebackType
from typing import Protocol

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskID, TextColumn

from driftctl.aws.session import CallCounter


class ScanProgress(Protocol):
    def planned(self, service: str, count: int) -> None: ...

    def finished(self, service: str) -> None: ...


class RichProgress:
    def __init__(self, counter: CallCounter) -> None:
        self._counter = counter
        self._progress = Progress(
            TextColumn("{task.description:>6}"),
            BarColumn(),
            TextColumn("{task.completed}/{task.total} calls  {task.fields[retries]} retries"),
            console=Console(stderr=True),
            transient=True,
        )
        self._tasks: dict[str, TaskID] = {}
        self._lock = threading.Lock()

    def _task(self, service: str) -> TaskID:
        if service not in self._tasks:
            self._tasks[service] = self._progress.add_task(service, total=0, retries=0)
        return self._tasks[service]

    def planned(self, service: str, count: int) -> None:
        with self._lock:
            task = self._task(service)
            total = (self._progress.tasks[task].total or 0) + count
            self._progress.update(task, total=total)

    def finished(self, service: str) -> None:
        retries = self._counter.retries_of(service)  # under the counter's lock: sends go on
        with self._lock:
            self._progress.update(self._task(service), advance=1, retries=retries)

    def __enter__(self) -> RichProgress:
        self._progress.start()
        return self

    def __exit__(
        self, exc: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._progress.stop()


def for_terminal(counter: CallCounter) -> RichProgress | None:
    return RichProgress(counter) if sys.stderr.isatty() else None
