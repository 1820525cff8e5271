"""End-to-end fixtures: moto's server on 127.0.0.1 and the installed driftctl in a subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from driftctl import emulator

DRIFTCTL = shutil.which("driftctl", path=str(Path(sys.executable).parent)) or "driftctl"


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str

    @property
    def report(self) -> Any:
        return json.loads(self.stdout)


@pytest.fixture(scope="session")
def moto_endpoint() -> Iterator[str]:
    with emulator.moto_server() as endpoint:
        yield endpoint


@pytest.fixture
def endpoint(moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A clean emulator for each test, and credentials that reach it."""
    req = urllib.request.Request(f"{moto_endpoint}/moto-api/reset", method="POST")
    urllib.request.urlopen(req, timeout=10).close()
    for key, value in emulator.FAKE_CREDENTIALS.items():
        monkeypatch.setenv(key, value)
    return moto_endpoint


def driftctl(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> Run:
    proc = subprocess.run(
        [DRIFTCTL, *args],
        capture_output=True,
        text=True,
        env=env if env is not None else dict(os.environ),
        cwd=cwd,
        timeout=300,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr)
