"""Bounds on one evaluation of a configuration: how many elements it may build, how long
it may run.

Terraform's language can describe values far bigger than memory in a few characters
(`setproduct(range(1024), range(1024), range(1024))`, a `for` over a billion elements), and
the evaluator follows it faithfully; without a bound such a repository hangs `scan`,
`revert` and `pr`. So:

- a function that builds a collection checks the number of elements it would build
  (`check_size`) before building it;
- `for` expressions count their iterations over the whole evaluation (`count_iterations`):
  nested `for`s over 1024 elements each are a billion iterations though no one collection is
  big;
- the evaluation has a deadline, checked as expressions are evaluated (`tick`). It counts
  the process's CPU seconds, not the wall clock: evaluation is CPU-bound, and on a shared CI
  runner a wall-clock limit would fail a large configuration at random.

The limits are `--max-eval-items` (elements of one value, and iterations of the whole
evaluation; a string may have 100 characters per element) and `--eval-timeout` (seconds).
Exceeding one raises LimitExceeded, which the evaluator turns into an error naming the file
and line (eval.py), and which `try()` and `can()` do not catch: an evaluation stopped short
is not a value.
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Iterator
from contextvars import ContextVar

from driftctl.errors import DriftctlError

DEFAULT_MAX_ITEMS = 1_000_000
DEFAULT_TIMEOUT = 300.0  # CPU seconds: a 50 MB configuration renders in ~60 (docs/evaluator.md)
CHARACTERS_PER_ITEM = 100  # characters a built string may have, per allowed element
_TICK_EVERY = 4096  # expressions evaluated between two looks at the clock


@dataclasses.dataclass(frozen=True)
class Limits:
    max_items: int = DEFAULT_MAX_ITEMS
    timeout: float = DEFAULT_TIMEOUT


class LimitExceeded(Exception):
    """An evaluation went past one of its limits (not an EvalFailure: never caught by
    try()/can() or the handlers that word a function's failure)."""


class EvalLimitError(DriftctlError):
    """LimitExceeded, placed at the expression it happened in (see Evaluator.evaluate)."""


class _Budget:
    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.deadline = time.process_time() + limits.timeout
        self.iterations = 0
        self.ticks = 0


_BUDGET: ContextVar[_Budget | None] = ContextVar("driftctl_hcl_budget", default=None)


@contextlib.contextmanager
def bounded(limits: Limits | None) -> Iterator[None]:
    """Evaluations inside are bounded by limits (the defaults when None); a nested
    `bounded` (a module's evaluation inside a render) keeps the outer budget."""
    if _BUDGET.get() is not None:
        yield
        return
    token = _BUDGET.set(_Budget(limits or Limits()))
    try:
        yield
    finally:
        _BUDGET.reset(token)


def check_size(count: int, what: str = "elements") -> None:
    """Refuse to build a value of count elements when that is over the limit."""
    budget = _BUDGET.get()
    limit = budget.limits.max_items if budget is not None else DEFAULT_MAX_ITEMS
    if count > limit:
        raise LimitExceeded(
            f"this would build {count:,} {what}, more than the limit of {limit:,} "
            "(--max-eval-items)"
        )


def check_length(chars: int) -> None:
    """Refuse to build a string of chars characters when that is over the limit."""
    budget = _BUDGET.get()
    items = budget.limits.max_items if budget is not None else DEFAULT_MAX_ITEMS
    limit = items * CHARACTERS_PER_ITEM
    if chars > limit:
        raise LimitExceeded(
            f"this would build a string of {chars:,} characters, more than the limit of "
            f"{limit:,} ({CHARACTERS_PER_ITEM} x the limit of {items:,} elements, "
            "--max-eval-items)"
        )


def count_iterations(count: int) -> None:
    """count more iterations of `for` expressions in this evaluation."""
    budget = _BUDGET.get()
    if budget is None:
        return
    budget.iterations += count
    limit = budget.limits.max_items
    if budget.iterations > limit:
        raise LimitExceeded(
            f"for expressions and dynamic blocks would iterate more than {limit:,} times in "
            "this evaluation, the limit (--max-eval-items)"
        )


def tick() -> None:
    """One expression evaluated: past the deadline, stop."""
    budget = _BUDGET.get()
    if budget is None:
        return
    budget.ticks += 1
    if budget.ticks % _TICK_EVERY == 0 and time.process_time() > budget.deadline:
        raise LimitExceeded(
            f"the evaluation took more than {budget.limits.timeout:g} s of CPU time "
            "(--eval-timeout)"
        )


def parse_limits(max_items: int | None, timeout: float | None) -> Limits:
    """--max-eval-items and --eval-timeout, checked."""
    if max_items is not None and max_items < 1:
        raise DriftctlError(f"--max-eval-items {max_items}: expected a positive number")
    if timeout is not None and not timeout > 0:
        raise DriftctlError(f"--eval-timeout {timeout:g}: expected a positive number of seconds")
    return Limits(
        DEFAULT_MAX_ITEMS if max_items is None else max_items,
        DEFAULT_TIMEOUT if timeout is None else timeout,
    )
