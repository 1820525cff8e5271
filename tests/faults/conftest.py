"""The fault tests: moto's server behind the fault proxy, the installed CLI in a subprocess,
and a tally of the faults injected and survived (printed at the end of the run)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from driftctl.settings import READ_TIMEOUT_ENV
from tests.e2e.conftest import Run, driftctl, endpoint, moto_endpoint  # noqa: F401
from tests.faults.proxy import ProxyStats

# (command, fault kind) -> faults injected while a test of that command passed
TALLY: Counter[tuple[str, str]] = Counter()
# seconds an AWS call waits for an answer in the `hang` tests (a `hang` holds it for 5);
# the other tests keep botocore's 60: moto on a busy 2-core machine can take seconds
READ_TIMEOUT = "2"


def cli_env(hang: bool = False, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    if hang:
        env[READ_TIMEOUT_ENV] = READ_TIMEOUT
    env.update(extra)
    return env


def run(command: str, *args: str, cwd: Path | None = None, hang: bool = False) -> Run:
    """The installed CLI; with hang, a short read timeout (READ_TIMEOUT)."""
    return driftctl(command, *args, env=cli_env(hang), cwd=cwd)


def clean(stderr: str) -> bool:
    """No traceback and no `internal error:` line: every fault is a clear error."""
    lines = stderr.splitlines()
    return "Traceback" not in stderr and not any(x.startswith("internal error") for x in lines)


class Injected:
    """Faults of one test, counted into TALLY only when the test passes."""

    def __init__(self) -> None:
        self.stats: list[tuple[str, ProxyStats]] = []

    def record(self, command: str, stats: ProxyStats) -> None:
        self.stats.append((command, stats))


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
