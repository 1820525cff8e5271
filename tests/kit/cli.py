"""The installed CLI in a subprocess, as a user runs it: `driftctl(...)` and its `Run`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from tests.schemas import validate_report

DRIFTCTL = shutil.which("driftctl", path=str(Path(sys.executable).parent)) or "driftctl"


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str

    @property
    def json(self) -> Any:
        """stdout as JSON."""
        return json.loads(self.stdout)

    @property
    def report(self) -> Any:
        """stdout as a JSON report, checked against the report schema."""
        doc = json.loads(self.stdout)
        validate_report(doc)
        return doc


def driftctl(
    *args: str,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    stdin: str = "",
    add_env: dict[str, str] | None = None,
) -> Run:
    """`driftctl *args`: env is its whole environment (default: this process's, without
    the DCTL_* settings of the caller's), add_env is set on top of it. Every JSON report
    a scan writes is checked against the report schema."""
    base = (
        env
        if env is not None
        else {k: v for k, v in os.environ.items() if not k.startswith("DCTL_")}
    )
    proc = subprocess.run(
        [DRIFTCTL, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**base, **(add_env or {})},
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
