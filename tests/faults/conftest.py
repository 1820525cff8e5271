"""The fault tests: moto's server behind the fault proxy, the installed CLI in a subprocess,
and a tally of the faults injected and survived (printed at the end of the run; the
helpers are in tests/faults/helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.faults.helpers import TALLY, Injected


@pytest.fixture
def injected(request: pytest.FixtureRequest) -> Iterator[Injected]:
    box = Injected()
    yield box
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.passed:
        for command, stats in box.stats:
            for (_, kind), n in stats.injected.items():
                TALLY[(command, kind)] += n


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    report = yield
    if report.when == "call":
        item.rep_call = report  # type: ignore[attr-defined]
    return report


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not TALLY:
        return
    kinds = sorted({k for _, k in TALLY})
    commands = sorted({c for c, _ in TALLY})
    terminalreporter.section("faults injected and survived (command x kind)")
    terminalreporter.write_line(f"{'':10}" + "".join(f"{k:>10}" for k in kinds) + f"{'total':>10}")
    for command in commands:
        row = [TALLY[(command, k)] for k in kinds]
        line = f"{command:10}" + "".join(f"{n:>10}" for n in row) + f"{sum(row):>10}"
        terminalreporter.write_line(line)
    terminalreporter.write_line(f"{'total':10}{'':>{10 * len(kinds)}}{sum(TALLY.values()):>10}")
