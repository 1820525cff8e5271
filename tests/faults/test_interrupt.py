"""Ctrl-C (SIGINT) and SIGTERM end a command within 2 s whatever AWS is doing (#29): exit
130 (143), no report file and no temporary file left, and a revert's journal records the
call in flight as interrupted, so that --undo from it puts everything back.

Each test holds an AWS call hanging (a server that accepts and never answers, or the
fault proxy holding one operation), sends the signal once the call is in flight and
measures from the signal. Before the fix the scan waited for its hung worker threads
(botocore's read timeout times its retries: 484 s with the defaults) and SIGTERM killed
the process with no cleanup at all.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from tests.faults.helpers import cli_env
from tests.faults.proxy import Fault, fault_proxy
from tests.faults.test_revert_faults import TRUST, drifted, live, repo  # noqa: F401
from tests.kit.cli import DRIFTCTL, driftctl

WITHIN = 2.0  # seconds from the signal to the exit
STATUS = {signal.SIGINT: 130, signal.SIGTERM: 143}


@contextmanager
def silent_server() -> Iterator[str]:
    """An endpoint on 127.0.0.1 that accepts every connection and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            held.append(conn)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        listener.close()
        for conn in held:
            conn.close()


def interrupted(
    args: list[str], cwd: Path, sig: signal.Signals, in_flight: Callable[[int], bool]
) -> tuple[int, float, str, str]:
    """Run driftctl, send `sig` once in_flight(its pid) holds; (exit status, seconds from
    the signal to the exit, stdout, stderr). A run still going 30 s after the signal is
    killed."""
    proc = subprocess.Popen(
        [DRIFTCTL, *args],
        cwd=cwd,
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while not in_flight(proc.pid):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the call never went out"
            time.sleep(0.05)
        time.sleep(0.3)  # the call is waiting for its answer
        sent = time.monotonic()
        proc.send_signal(sig)
        try:
            out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            return -1, time.monotonic() - sent, "", "still running 30 s after the signal"
        return proc.returncode, time.monotonic() - sent, out, err
    finally:
        if proc.poll() is None:
            proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):  # a child may hold the pipes
                proc.communicate(timeout=5)


def scan_args(endpoint: str, out: Path) -> list[str]:
    return [
        "scan",
        "--from",
        f"hcl://{FIXTURE}",
        "--endpoint-url",
        endpoint,
        "--no-cache",
        "-o",
        f"json://{out / 'report.json'}",
        "-o",
        f"html://{out / 'report.html'}",
    ]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_ends_a_scan_whose_calls_hang(
    endpoint: str, tmp_path: Path, sig: signal.Signals
) -> None:
    demo_stack.apply(endpoint)
    out = tmp_path / "out"
    out.mkdir()
    (out / "report.json").write_text("{}")  # a previous run's report: never taken for this one
    hang = Fault("ec2:Describe*", "hang", hang_seconds=600)
    with fault_proxy(endpoint, [hang]) as (proxy, stats):
        code, took, _, err = interrupted(
            scan_args(proxy, out), tmp_path, sig, lambda _: stats.made("ec2:Describe*") > 0
        )
    assert code == STATUS[sig], err
    assert took < WITHIN, f"exit {took:.2f} s after the signal"
    assert err.splitlines() == [
        f"interrupted: stopped before finishing ({'Ctrl-C' if sig == signal.SIGINT else 'SIGTERM'})"
    ]
    assert sorted(os.listdir(out)) == []  # no report, no temporary file


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_ends_a_scan_whose_endpoint_never_answers(
    tmp_path: Path, sig: signal.Signals, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key, value in {"AWS_ACCESS_KEY_ID": "x", "AWS_SECRET_ACCESS_KEY": "y"}.items():
        monkeypatch.setenv(key, value)
    out = tmp_path / "out"
    out.mkdir()
    with silent_server() as silent:
        started = time.monotonic()
        code, took, _, err = interrupted(
            [*scan_args(silent, out), "--region", "us-east-1"],
            tmp_path,
            sig,
            lambda _: time.monotonic() - started > 3,  # the identity call is out by then
        )
    assert code == STATUS[sig], err
    assert took < WITHIN, f"exit {took:.2f} s after the signal"
    assert sorted(os.listdir(out)) == []


def test_a_revert_interrupted_midway_journals_what_it_did_and_undo_restores(
    endpoint: str,
    repo: Path,  # noqa: F811
    drifted: dict[str, str],  # noqa: F811
) -> None:
    """SIGTERM while call 9 of 12 hangs: the journal has the 8 calls made, call 9 as
    interrupted (its outcome unknown) and the run's end; --undo from it restores all."""
    before = live(endpoint, repo, "before")
    journal = repo.parent / "journal"
    args = [
        "revert",
        "--from",
        f"hcl://{repo}",
        "--region",
        "us-east-1",
        "--rules",
        str(repo.parent / "rules.yaml"),
        "--no-cache",
        "--approve",
        "--journal-dir",
        str(journal),
    ]
    with fault_proxy(endpoint, [Fault(TRUST, "hang", hang_seconds=600)]) as (proxy, stats):
        code, took, out, err = interrupted(
            [*args, "--endpoint-url", proxy],
            repo.parent,
            signal.SIGTERM,
            lambda _: stats.made(TRUST) > 0,
        )
    assert code == 143, out + err
    assert took < WITHIN, f"exit {took:.2f} s after the signal"
    events = [json.loads(x) for x in (journal / "calls.jsonl").read_text().splitlines()]
    assert [e.get("status") for e in events] == ["ok"] * 8 + ["interrupted"] * 2
    assert events[8]["call"] == "iam.update_assume_role_policy"
    assert events[-1] == {"event": "finished", "status": "interrupted", "done": 8}
    assert stats.made("s3:DeleteBucket*") == 0  # nothing after the interrupted call
    done = driftctl(
        "revert",
        "--undo",
        str(journal),
        "--endpoint-url",
        endpoint,
        "--approve",
        "--journal-dir",
        str(repo.parent / "undo"),
    )
    assert done.code == 0, done.stdout + done.stderr
    assert live(endpoint, repo, "after") == before


def test_a_signal_ends_a_sharded_scan_and_its_scan_processes(endpoint: str, tmp_path: Path) -> None:
    """--processes 2: the other process's detail calls hang too; it is stopped, not waited
    for (the executor's shutdown once waited for its call)."""
    demo_stack.apply(endpoint)
    out = tmp_path / "out"
    out.mkdir()
    faults = [
        Fault(op, "hang", hang_seconds=600) for op in ("ec2:DescribeVpcAttribute", "s3:GetBucket*")
    ]
    workers: list[str] = []

    def in_flight(pid: int) -> bool:
        if stats.made("ec2:DescribeVpcAttribute") + stats.made("s3:GetBucket*") < 2:
            return False
        workers[:] = _scan_processes(pid)
        return bool(workers)

    with fault_proxy(endpoint, faults) as (proxy, stats):
        args = [*scan_args(proxy, out), "--processes", "2"]
        code, took, _, err = interrupted(args, tmp_path, signal.SIGTERM, in_flight)
    assert code == 143, err
    assert took < WITHIN, f"exit {took:.2f} s after the signal"
    assert [p for p in workers if Path(f"/proc/{p}").exists()] == []
    assert sorted(os.listdir(out)) == []


def _scan_processes(parent: int) -> list[str]:
    """The pids of the scan processes `parent` spawned (multiprocessing's spawn_main)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        ppid = stat.rsplit(")", 1)[-1].split()[1]  # after "pid (name) state"
        if ppid == str(parent) and "spawn_main" in cmdline:
            found.append(entry.name)
    return found
