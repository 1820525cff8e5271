"""Running deeply recursive work (evaluating a Terraform configuration) on a big stack.

The HCL evaluator follows references recursively: `local.l3000` evaluates `local.l2999`,
which evaluates `local.l2998`, ... Terraform evaluates a chain of 3,000 locals without
complaint (its graph walk has no depth limit), but at about ten Python frames per link
it overflows Python's default recursion limit (1,000) after a hundred links. Rewriting
the evaluator without recursion would touch every expression kind; instead, `run` calls
the work in a thread whose stack is STACK_SIZE bytes, with the recursion limit raised to
RECURSION_LIMIT while it runs: about 10,000 links of references. What is deeper still
ends in a RecursionError, which the caller words as a message naming where.

The stack is reserved address space; only the pages a deep evaluation touches are ever
used. The recursion limit is process-wide in CPython: it is raised while any such work
runs and restored when the last one ends.
"""

from __future__ import annotations

import contextvars
import sys
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

STACK_SIZE = 256 * 1024 * 1024
RECURSION_LIMIT = 100_000

_lock = threading.Lock()
_running = 0
_saved_limit = 0
_local = threading.local()


def run(work: Callable[[], T]) -> T:
    """work() on a big stack with a high recursion limit; its result, or its exception."""
    if getattr(_local, "deep", False):  # already on a big stack
        return work()
    context = contextvars.copy_context()
    outcome: dict[str, T] = {}
    failure: list[BaseException] = []
    go = threading.Event()

    def target() -> None:
        go.wait()  # until the recursion limit is raised
        _local.deep = True
        try:  # in the caller's context: its context variables (result-cache recorder)
            outcome["value"] = context.run(work)
        except BaseException as exc:  # handed to the caller's thread below
            failure.append(exc)

    thread = _start(target)
    if thread is None:  # no thread with that stack here: run as is, with the usual limit
        return work()
    _raise_limit()
    try:
        go.set()
        thread.join()
    finally:
        _restore_limit()
    if failure:
        raise failure[0]
    return outcome["value"]


def _start(target: Callable[[], None]) -> threading.Thread | None:
    with _lock:
        try:
            previous = threading.stack_size(STACK_SIZE)
        except (ValueError, RuntimeError):  # a platform that cannot size thread stacks
            return None
        try:
            thread = threading.Thread(target=target, name="driftctl-deep-stack", daemon=True)
            thread.start()
        except RuntimeError:  # the stack could not be reserved (a ulimit -v, ...)
            return None
        finally:
            threading.stack_size(previous)
    return thread


def _raise_limit() -> None:
    global _running, _saved_limit
    with _lock:
        if _running == 0:
            _saved_limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_saved_limit, RECURSION_LIMIT))
        _running += 1


def _restore_limit() -> None:
    global _running
    with _lock:
        _running -= 1
        if _running == 0:
            sys.setrecursionlimit(_saved_limit)
