"""Ctrl-C (SIGINT) and SIGTERM: the command stops within moments, whatever AWS is doing.

`handling()` (the CLI wraps every run in it) makes both signals raise KeyboardInterrupt
in the main thread, wherever it waits: Python runs signal handlers in the main thread
only, so the main thread never blocks without a bound on something a hung AWS call
holds (aws/workers.py abandons its threads on an interrupt instead of joining them; they
are daemon threads, gone when the process exits). The usual cleanup then runs on the way
out: report files are written all or nothing (report/writer.py), the revert journal
records the call in flight as interrupted (revert/executor.py). `status()` is the exit
status: 128 + the signal's number, as shells report it (130 for SIGINT, 143 for SIGTERM).

A signal ignored when driftctl started (SIG_IGN, as a shell leaves SIGINT for a
background job) stays ignored.
"""

from __future__ import annotations

import contextlib
import gc
import signal
import threading
from collections.abc import Iterator
from types import FrameType

SIGNALS = (signal.SIGINT, signal.SIGTERM)
_received: list[int] = []  # the signals received during this run, in order
_deferring = [0]  # depth of deferred() blocks open
_patience = [0]  # signals a finishing() block lets pass before one raises


def _raise(signum: int, _: FrameType | None) -> None:
    _received.append(signum)
    if _deferring[0]:
        return
    if _patience[0]:
        _patience[0] -= 1
        return
    raise KeyboardInterrupt


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """A block a signal does not cut short (a journal line and what it records): a signal
    received meanwhile raises KeyboardInterrupt when the block ends. Keep it to local work:
    nothing in it may wait on the network."""
    seen = len(_received)
    _deferring[0] += 1
    try:
        yield
    finally:
        _deferring[0] -= 1
    if not _deferring[0] and len(_received) > seen:
        raise KeyboardInterrupt


@contextlib.contextmanager
def finishing() -> Iterator[None]:
    """A batch of work the first signal lets finish (KeyboardInterrupt is raised when the
    block ends) and a second one cuts short at once: unlike deferred(), the block may wait
    on the network, since a second Ctrl-C still stops it within moments."""
    seen = len(_received)
    _patience[0] = 1
    try:
        yield
    finally:
        _patience[0] = 0
    if len(_received) > seen:
        raise KeyboardInterrupt


def status() -> int:
    """The exit status of an interrupted run: 128 + the first signal received (SIGINT
    when the interruption was a KeyboardInterrupt raised some other way)."""
    return 128 + (_received[0] if _received else int(signal.SIGINT))


def exiting() -> None:
    """Spare the interpreter's exit its last full garbage collection (gc.freeze): after a
    scan it walks every object left for a second or more on 2 busy cores (an interrupted
    scan), 0.45 s after a 991-resource scan on an idle one (7% of the command's wall time,
    bench/terraform_refresh.py), which a process about to end has no use for; nothing is
    skipped that matters, as reports and journals are written and closed explicitly, and
    atexit handlers still run. Only for a process about to exit (the CLI's own run, not
    cli.main called in-process)."""
    gc.freeze()


@contextlib.contextmanager
def handling() -> Iterator[None]:
    """SIGINT and SIGTERM raise KeyboardInterrupt while the block runs (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _received.clear()
    previous = {s: signal.getsignal(s) for s in SIGNALS}
    for s in SIGNALS:
        if previous[s] != signal.SIG_IGN:
            signal.signal(s, _raise)
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
