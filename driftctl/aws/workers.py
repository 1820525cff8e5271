"""Worker threads for the scanner, started in bulk before a batch of calls is queued.

`concurrent.futures.ThreadPoolExecutor` starts a thread per `submit` until it has
max_workers, and each start waits until the new thread runs. While earlier workers
parse answers and hold the GIL, that wait is a switch interval or more: measured,
79 thread starts cost 1.67 s of the submitting thread's time in a 509-call scan.
Here the threads a batch needs are started before the batch is queued (while the
workers already running are idle), so queuing a call is a put on a queue.

On an interruption (Ctrl-C, SIGTERM: driftctl/util/interrupt.py) the pool is abandoned, not
joined: the calls still queued are cancelled, and the threads, daemon threads, are left to
the process's exit, so a call hanging on AWS (and botocore's retries of it) cannot hold
the command.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from types import TracebackType
from typing import Any

_Task = tuple[Future[Any], Callable[..., Any], tuple[Any, ...]] | None


class Workers:
    """Up to `limit` daemon threads serving one queue; a context manager that stops them."""

    def __init__(self, limit: int, name: str = "scan") -> None:
        self.limit = limit
        self.name = name
        self._queue: queue.SimpleQueue[_Task] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []

    def grow(self, wanted: int) -> None:
        """Start threads until there are min(wanted, limit); call before queuing a batch."""
        while len(self._threads) < min(wanted, self.limit):
            thread = threading.Thread(
                target=self._serve, name=f"{self.name}-{len(self._threads)}", daemon=True
            )
            thread.start()
            self._threads.append(thread)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        if not self._threads:
            self.grow(1)
        future: Future[Any] = Future()
        self._queue.put((future, fn, args))
        return future

    def _serve(self) -> None:
        while True:
            task = self._queue.get()
            if task is None:
                return
            future, fn, args = task
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn(*args)
            except BaseException as exc:  # handed to whoever waits on the future
                future.set_exception(exc)
            else:
                future.set_result(result)
            del task, future, fn, args  # no references to finished work while idle

    def close(self, wait: bool = True) -> None:
        """Stop the threads once the queued calls are done; without wait, cancel the
        queued calls and return at once (the threads end with their current call)."""
        if not wait:
            while True:
                try:
                    task = self._queue.get_nowait()
                except queue.Empty:
                    break
                if task is not None:
                    task[0].cancel()
        for _ in self._threads:
            self._queue.put(None)
        if wait:
            for thread in self._threads:
                thread.join()
        self._threads.clear()

    def __enter__(self) -> Workers:
        return self

    def __exit__(
        self, exc: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        # an interruption (KeyboardInterrupt, SystemExit) does not wait for hung calls
        self.close(wait=value is None or isinstance(value, Exception))
