"""The credentials preflight (sts:GetCallerIdentity) against an endpoint that accepts
connections and never answers: a short, clear failure, not minutes of silence."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from driftctl import cli
from driftctl.aws import session
from driftctl.demo import emulator


@pytest.fixture
def silent_endpoint() -> Iterator[tuple[str, list[socket.socket]]]:
    """A TCP server on 127.0.0.1 that accepts every connection and never sends a byte."""
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.getsockname()[1]}", accepted
    finally:
        stop.set()
        thread.join(5)
        for conn in accepted:
            conn.close()
        server.close()


def test_a_silent_endpoint_fails_the_scan_fast_with_one_clear_line(
    silent_endpoint: tuple[str, list[socket.socket]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    endpoint, accepted = silent_endpoint
    monkeypatch.setattr(session, "PREFLIGHT_READ_TIMEOUT", 1.0)  # 10 s in production
    for key, value in emulator.FAKE_CREDENTIALS.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    (tmp_path / "main.tf").write_text("")
    started = time.monotonic()
    code = cli.main(["scan", "--from", f"hcl://{tmp_path}", "--endpoint-url", endpoint])
    elapsed = time.monotonic() - started
    assert code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (
        f"error: the AWS endpoint {endpoint}/ did not answer within 1 s (sts:GetCallerIdentity)"
    )
    assert err[1].startswith("  hint: check --endpoint-url")
    assert "Traceback" not in "\n".join(err)
    assert len(accepted) == session.PREFLIGHT_MAX_ATTEMPTS == 2  # two attempts, not eight
    # two 1 s timeouts and a short backoff, not 8 x 60 s: the bound leaves room for a loaded
    # machine (the parallel full run), and still fails on the retries it guards against
    assert elapsed < 30
