"""The scan's progress display: drawn on stderr when it is a terminal, never otherwise."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import termios
from pathlib import Path

from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from tests.kit.cli import DRIFTCTL, driftctl

# one row of the display per service: "   s3 ━━━━━━━━━━ 16/16 calls  0 retries"
ROW = re.compile(r"(\w+)\s+\S*\s?(\d+)/(\d+) calls\s+(\d+) retries")  # names pad to the longest
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def scan_args(endpoint: str) -> list[str]:
    return ["scan", "--from", str(FIXTURE), "--endpoint-url", endpoint, "-o", "json://-"]


def run_with_terminal_stderr(args: list[str], tmp_path: Path) -> tuple[int, str, str]:
    """driftctl with stderr on a pseudo-terminal (120 columns, 80 rows), stdout to a file."""
    master, slave = pty.openpty()
    # tall enough for a row per service (the display sums up what does not fit)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 80, 120, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "80"}
    for key in ("NO_COLOR", "TTY_INTERACTIVE", "TTY_COMPATIBLE", "CI"):
        env.pop(key, None)
    out = tmp_path / "stdout.json"
    with out.open("wb") as stdout:
        proc = subprocess.Popen(
            [DRIFTCTL, *args], stdin=subprocess.DEVNULL, stdout=stdout, stderr=slave, env=env
        )
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        os.close(master)
        code = proc.wait(timeout=300)
    return code, out.read_text(), b"".join(chunks).decode(errors="replace")


def test_a_terminal_shows_each_services_calls_and_retries(endpoint: str, tmp_path: Path) -> None:
    demo_stack.apply(endpoint)
    code, stdout, terminal = run_with_terminal_stderr(scan_args(endpoint), tmp_path)
    assert code == 0, terminal
    assert json.loads(stdout)["drifts"] == []  # the report itself is untouched
    rows = {m[1]: (int(m[2]), int(m[3]), int(m[4])) for m in ROW.finditer(ANSI.sub("", terminal))}
    assert {"ec2", "s3", "iam"} <= set(rows), terminal
    for service in ("ec2", "s3", "iam"):
        done, planned, retries = rows[service]  # the last row drawn: every call done
        assert done == planned > 0, (service, rows[service])
        assert retries == 0
    assert "API calls" in terminal  # the stats line follows the (erased) display


def test_no_terminal_no_progress(endpoint: str) -> None:
    demo_stack.apply(endpoint)
    run = driftctl(*scan_args(endpoint))
    assert run.code == 0, run.stderr
    assert not ROW.search(run.stderr)
    assert "\x1b[" not in run.stderr  # no cursor movement or colour in a log file
    assert run.stderr.startswith("scanned in ")  # only the one stats line
    assert len(run.stderr.splitlines()) == 1
