"""The scanner's worker threads: started in bulk, bounded, and every outcome delivered."""

from __future__ import annotations

import threading

import pytest

from driftctl.aws.workers import Workers


def test_every_call_gets_its_own_result_or_exception() -> None:
    def work(n: int) -> int:
        if n % 7 == 0:
            raise ValueError(f"bad {n}")
        return n * n

    with Workers(8) as pool:
        pool.grow(50)
        futures = [pool.submit(work, n) for n in range(1, 50)]
        for n, future in zip(range(1, 50), futures, strict=True):
            if n % 7 == 0:
                with pytest.raises(ValueError, match=f"bad {n}"):
                    future.result()
            else:
                assert future.result() == n * n


def test_grow_starts_threads_up_to_the_limit_and_close_stops_them() -> None:
    before = threading.active_count()
    pool = Workers(4, name="t")
    pool.grow(2)
    assert threading.active_count() == before + 2
    pool.grow(100)  # a batch larger than the limit: the limit holds
    assert threading.active_count() == before + 4
    barrier = threading.Barrier(5)  # four workers and this thread: all run at once
    futures = [pool.submit(barrier.wait, 5) for _ in range(4)]
    barrier.wait(5)
    assert all(f.exception() is None for f in futures)
    pool.close()
    assert threading.active_count() == before
