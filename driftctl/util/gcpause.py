"""Pause Python's cyclic garbage collector around bulk work on plain data.

Loading a large configuration, reading a snapshot or matching 100,000 resources builds
millions of small acyclic objects (dicts, lists, Resources); the cyclic collector walks
all of them again and again as they accumulate (it took 3/4 of a large HCL load and 2/5
of an offline 100,000-resource scan), while reference counting frees them all the same.
Cycles made meanwhile are collected once the collector is back on, at its next full
collection: what the pause allocated joins the oldest generation (gc.freeze/unfreeze, no
traversal), instead of all of it being walked again by the first young collection after it.
With `settle=True` a pause begins with a full collection of what exists then (for a pause
that starts before the bulk work, when that is little), so that the collector's account does
not make a full collection, a walk over everything the pause made, due just after it ends.
It settles once per process: a command settles at start-up, where the heap is small; a
long-lived process (the API, a test run) would otherwise walk its whole heap on every
load (that was half the CPU of the in-process tests).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

_settled = False


@contextlib.contextmanager
def paused(settle: bool = False) -> Iterator[None]:
    global _settled
    enabled = gc.isenabled()
    if enabled and settle and not _settled:
        _settled = True
        gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()  # all tracked objects, and the young count, out of the generations...
            gc.unfreeze()  # ...and back, into the oldest one
            gc.enable()
