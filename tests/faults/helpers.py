"""What the fault tests share: the installed CLI run with a fault proxy's settings, the
check that a fault's error is clear, and the tally of faults injected and survived
(tests/faults/conftest.py prints it at the end of the run)."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from driftctl.settings import READ_TIMEOUT_ENV
from tests.faults.proxy import ProxyStats
from tests.kit.cli import Run, driftctl

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
