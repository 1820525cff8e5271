"""Live scan progress on stderr (only when it is a terminal): what the scan is doing from
its first moment (connecting, reading the declared state), then per service the calls
done of planned and the requests AWS had to be sent again (retries).

The display fits the terminal: a status line, then one row per service while they fit;
past that, the services still running first and one summary row for the rest. `frame`
draws it from plain counts (tests/report/test_progress.py).
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections.abc import Mapping
from types import TracebackType
from typing import Any, Protocol

from rich.console import Console, ConsoleOptions, RenderResult
from rich.live import Live
from rich.text import Text

from driftctl.aws.session import CallCounter

BAR = 20  # characters of a service's bar


class ScanProgress(Protocol):
    def planned(self, service: str, count: int) -> None: ...

    def finished(self, service: str) -> None: ...


@dataclasses.dataclass
class ServiceCount:
    planned: int = 0
    done: int = 0
    retries: int = 0

    @property
    def running(self) -> bool:
        return self.done < self.planned


def frame(status: str, services: Mapping[str, ServiceCount], height: int) -> list[Text]:
    """The display's lines for a terminal of `height` rows: at most height - 1 (the last
    row holds the cursor), the status line first. Services are rows by name while they
    all fit; otherwise the running ones first, and one row sums up those left out."""
    total = ServiceCount(
        sum(s.planned for s in services.values()),
        sum(s.done for s in services.values()),
        sum(s.retries for s in services.values()),
    )
    head = Text(f"driftctl: {status}", style="bold")
    if services:
        head.append(
            f" · {len(services)} services, {total.done}/{total.planned} calls, "
            f"{total.retries} retries",
            style="not bold",
        )
    room = max(height - 2, 0)  # rows left under the status line, above the cursor
    names = sorted(services)
    if len(names) > room:
        names.sort(key=lambda n: (not services[n].running, n))
        names = sorted(names[: max(room - 1, 0)])
    rest = [n for n in services if n not in names]
    width = max((len(n) for n in names), default=0)
    lines = [head, *(_row(n, services[n], width) for n in names)]
    if rest:
        left = [services[n] for n in rest]
        lines.append(
            Text(
                f"{'':>{width}} … {len(rest)} more services: "
                f"{sum(s.done for s in left)}/{sum(s.planned for s in left)} calls, "
                f"{sum(s.retries for s in left)} retries",
                style="dim",
            )
        )
    return lines[: max(height - 1, 1)]


def _row(name: str, count: ServiceCount, width: int) -> Text:
    filled = BAR * count.done // count.planned if count.planned else 0
    style = "magenta" if count.running else "green"
    line = Text(f"{name:>{width}} ")
    line.append("━" * filled, style=style)
    line.append("━" * (BAR - filled), style="bright_black")
    line.append(f" {count.done}/{count.planned} calls  {count.retries} retries")
    return line


class RichProgress:
    """The display: `status` names the phase; `attach` gives the scan's call counter, whose
    retries the rows show; `planned` and `finished` count each service's calls."""

    def __init__(self, console: Console | None = None) -> None:
        self._console = console or Console(stderr=True)
        self._counter: CallCounter | None = None
        self._status = "starting"
        self._services: dict[str, ServiceCount] = {}
        self._lock = threading.Lock()
        self._live = Live(_Frame(self), console=self._console, transient=True)

    def status(self, text: str) -> None:
        with self._lock:
            self._status = text
        self._live.refresh()

    def attach(self, counter: CallCounter) -> None:
        with self._lock:
            self._counter = counter

    def planned(self, service: str, count: int) -> None:
        with self._lock:
            self._services.setdefault(service, ServiceCount()).planned += count

    def finished(self, service: str) -> None:
        with self._lock:
            self._services.setdefault(service, ServiceCount()).done += 1

    def lines(self, height: int) -> list[Text]:
        with self._lock:
            status, counter = self._status, self._counter
            services = {n: dataclasses.replace(c) for n, c in self._services.items()}
        if counter is not None:  # outside our lock: the counter takes its own
            for name, count in services.items():
                count.retries = counter.retries_of(name)
        return frame(status, services, height)

    def __enter__(self) -> RichProgress:
        self._live.start(refresh=True)  # drawn at once, not at the first refresh
        return self

    def __exit__(
        self, exc: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._live.stop()


class _Frame:
    """What the Live display draws at each refresh: the progress's lines, at the height
    the terminal has now."""

    def __init__(self, progress: RichProgress) -> None:
        self._progress = progress

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self._progress.lines(console.size.height)


def for_terminal() -> RichProgress | None:
    return RichProgress() if sys.stderr.isatty() else None


def status(display: Any, text: str) -> None:
    """Set the phase a display shows, when there is one."""
    if isinstance(display, RichProgress):
        display.status(text)
