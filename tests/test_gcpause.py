"""gcpause (driftctl/util/gcpause.py): the collector is off during bulk work, and a
long-lived process (the API, a test run) does not walk its whole heap on every load."""

from __future__ import annotations

import gc

import pytest

from driftctl.util import gcpause


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


def test_the_collector_is_off_during_a_pause_and_its_cycles_are_collectable_after() -> None:
    assert gc.isenabled()
    with gcpause.paused():
        assert not gc.isenabled()
        node = Node()
    assert gc.isenabled()
    # back in the collector's oldest generation, none left frozen: the next full
    # collection frees the cycle (a full collection here would walk the test run's heap)
    assert gc.get_freeze_count() == 0
    assert any(o is node for o in gc.get_objects(generation=2))


def test_a_settling_pause_collects_the_heap_once_per_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    collections: list[tuple[object, ...]] = []
    monkeypatch.setattr(gc, "collect", lambda *a: collections.append(a) or 0)
    monkeypatch.setattr(gcpause, "_settled", False)
    with gcpause.paused(settle=True):
        pass
    assert collections == [()]  # the first, full: the heap is small at start-up
    for _ in range(3):
        with gcpause.paused(settle=True):
            pass
    assert collections == [()]  # later loads do not walk the heap again


def test_a_pause_inside_a_disabled_collector_leaves_it_disabled() -> None:
    gc.disable()
    try:
        with gcpause.paused(settle=True):
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
