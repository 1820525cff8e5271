"""gcpause (driftctl/util/gcpause.py): the collector is off during bulk work, and a
long-lived process (the API, a test run) does not walk its whole heap on every load."""

from __future__ import annotations

import gc
import weakref

import pytest

from driftctl.util import gcpause


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


def full_collections() -> int:
    return int(gc.get_stats()[2]["collections"])


def test_the_collector_is_off_during_a_pause_and_frees_its_cycles_after() -> None:
    assert gc.isenabled()
    with gcpause.paused():
        assert not gc.isenabled()
        ref = weakref.ref(Node())
    assert gc.isenabled()
    gc.collect()
    assert ref() is None


def test_a_settling_pause_collects_the_heap_once_per_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(gcpause, "_settled", False)
    before = full_collections()
    with gcpause.paused(settle=True):
        pass
    assert full_collections() == before + 1  # the first: the heap is small at start-up
    for _ in range(3):
        with gcpause.paused(settle=True):
            pass
    assert full_collections() == before + 1  # later loads do not walk the heap again


def test_a_pause_inside_a_disabled_collector_leaves_it_disabled() -> None:
    gc.disable()
    try:
        with gcpause.paused(settle=True):
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
