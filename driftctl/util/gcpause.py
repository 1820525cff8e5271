"""Pause Python's cyclic garbage collector around bulk work on plain data.

Loading a large configuration, reading a snapshot or matching 100,000 resources builds
millions of small acyclic objects (dicts, lists, Resources); the cyclic collector walks
all of them again and again as they accumulate (it took 3/4 of a large HCL load and 2/5
of an offline 100,000-resource scan), while reference counting frees them all the same.
Cycles made meanwhile are collected once the collector is back on.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
