"""Startup, measured: `driftctl --help`, `driftctl --version`, and how long after the
process starts a scan sends its first API call.

Each is run --repeat times in a fresh process (the machine may be shared: best and
median are printed, wall and CPU). The first API call is timed by a stub endpoint on
127.0.0.1 that notes when the first request arrives; the scan is then stopped.

    python bench/startup.py
    python bench/startup.py --repeat 11 --driftctl /path/to/driftctl
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

GOALS = {"--help": 0.3, "--version": 0.3, "first API call": 0.6}
STACK = 'resource "aws_s3_bucket" "b" {\n  bucket = "startup"\n}\n'
CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_REGION": "us-east-1",
}


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_run(argv: list[str]) -> tuple[float, float, int]:
    """(wall, CPU, exit code) of one run."""
    cpu0, wall0 = children_cpu(), time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, check=False)
    return time.perf_counter() - wall0, children_cpu() - cpu0, proc.returncode


class FirstRequest:
    """A listening socket on 127.0.0.1 that notes when the first request arrives."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    def wait(self, timeout: float) -> float | None:
        """perf_counter() when the first request's bytes arrived, or None on timeout."""
        self.sock.settimeout(timeout)
        try:
            conn, _ = self.sock.accept()
        except TimeoutError:
            return None
        with conn:
            conn.settimeout(timeout)
            conn.recv(1)  # the request has started to arrive
            return time.perf_counter()


def first_call(driftctl: str, directory: Path) -> tuple[float | None, float]:
    """Seconds from process start to its first API call, and the process's CPU by then."""
    stub = FirstRequest()
    env = {**os.environ, **CREDENTIALS}
    env.pop("AWS_PROFILE", None)
    argv = [driftctl, "scan", "--from", f"hcl://{directory}", "--region", "us-east-1"]
    argv += ["--endpoint-url", stub.url, "-o", "json://-"]
    arrived: list[float | None] = []
    waiter = threading.Thread(target=lambda: arrived.append(stub.wait(30)))
    waiter.start()
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    waiter.join()
    with open(f"/proc/{proc.pid}/stat") as stat:  # utime + stime so far, in clock ticks
        fields = stat.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    proc.kill()
    proc.wait()
    stub.sock.close()
    return (arrived[0] - start if arrived[0] is not None else None), cpu


def line(label: str, walls: list[float], cpus: list[float]) -> str:
    goal = GOALS[label]
    verdict = "ok" if statistics.median(walls) < goal else "over"
    return (
        f"{label:16s} wall best {min(walls):.3f}s median {statistics.median(walls):.3f}s   "
        f"CPU best {min(cpus):.3f}s median {statistics.median(cpus):.3f}s   "
        f"(goal < {goal}s: {verdict})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument(
        "--driftctl",
        default=shutil.which("driftctl", path=str(Path(sys.executable).parent)) or "driftctl",
    )
    args = parser.parse_args()
    print(f"== startup: {args.driftctl}, {args.repeat} runs each, {os.cpu_count()} CPUs ==")
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    status = 0
    for flag in ("--help", "--version"):
        runs = [timed_run([args.driftctl, flag]) for _ in range(args.repeat)]
        if any(code != 0 for _, _, code in runs):
            print(f"{flag:16s} exits {runs[0][2]}: not supported")
            status = 1
            continue
        print(line(flag, [w for w, _, _ in runs], [c for _, c, _ in runs]))
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "main.tf").write_text(STACK)
        found = [first_call(args.driftctl, Path(tmp)) for _ in range(args.repeat)]
    walls = [w for w, _ in found if w is not None]
    if len(walls) < len(found):
        print("first API call   never sent within 30 s")
        return 1
    print(line("first API call", walls, [c for _, c in found]))
    print("(CPU of the first call: the scan process's CPU when its first request arrived)")
    return status


if __name__ == "__main__":
    sys.exit(main())
