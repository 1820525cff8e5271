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
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from driftctl.demo import emulator
from tests.schemas import validate_report

DRIFTCTL = shutil.which("driftctl", path=str(Path(sys.executable).parent)) or "driftctl"


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str

    @property
    def report(self) -> Any:
        doc = json.loads(self.stdout)
        validate_report(doc)
        return doc


@pytest.fixture(scope="session")
def moto_endpoint() -> Iterator[str]:
    with emulator.moto_server() as endpoint:
        yield endpoint


@pytest.fixture
def endpoint(moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A clean emulator for each test, and credentials that reach it."""
    req = urllib.request.Request(f"{moto_endpoint}/moto-api/reset", method="POST")
    urllib.request.urlopen(req, timeout=60).close()  # a loaded machine is slow
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
    _validate_json_reports(args, proc.stdout, cwd)
    return Run(proc.returncode, proc.stdout, proc.stderr)


def _validate_json_reports(args: tuple[str, ...], stdout: str, cwd: Path | None) -> None:
    """Every JSON report a scan wrote (json://- alone on stdout, or json://FILE) is valid."""
    if args[:1] != ("scan",):
        return
    outputs = [b for a, b in pairwise(args) if a in ("-o", "--output")]
    to_stdout = [o for o in outputs if o.endswith("://-") or o.startswith("console://")]
    for output in outputs:
        if not output.startswith("json://"):
            continue
        target = output.removeprefix("json://")
        if target == "-":
            text = stdout if to_stdout == [output] else ""
        else:
            path = (cwd or Path.cwd()) / target
            text = path.read_text() if path.is_file() else ""
        if text.strip():
            validate_report(json.loads(text))
