"""moto's servers for the Terraform groups, forked from one warmed process.

A fresh moto server spends most of its first scan's CPU on work it does once per
process, not per request: it parses botocore's model of each service it answers (with a
loader made for each, which lists botocore's data directory again), finds its Flask app
per service, lists moto's modules for each request's host, and builds each service's
regions. Measured on the 2-core machine: 1.2 s to start and 4.8 s more for the first
scan of a near-empty account, against 0.2 s for the next scan. A full run makes a server
for each of ~22 groups (tests/tf/group.py), most of them while the test workers need the
same two cores.

So a process of its own (`python -m tests.tf.motofork`) starts moto's server once, has
driftctl scan it once (the real CLI, every type), stops it, and then forks a child for
each server asked of it: each child serves on a port of its own, from the warmed process's
state. That state is what a fresh server holds after a read-only scan, which creates
nothing but the defaults AWS itself has (a default VPC, a default event bus), as a fresh
server's first read of them would. The child reseeds moto's random ids.

The protocol: the harness connects to the process's Unix socket; the child it gets writes
its URL as one line, then serves until the harness closes the connection. The process
ends when its standard input closes (the harness's process ended). One process per value
of MOTO_IAM_LOAD_MANAGED_POLICIES (moto loads AWS's managed policies when it makes the
IAM backend, which the warm scan does).
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

WARM_STACK = 'resource "aws_s3_bucket" "warm" {\n  bucket = "warm"\n}\n'


def _serve(app: Any, conn: socket.socket) -> None:
    """In a forked child: serve `app` on a free loopback port until `conn` closes."""
    from moto.moto_api._internal import mock_random
    from moto.moto_server.werkzeug_app import MotoRequestHandler
    from werkzeug.serving import make_server

    random.seed()
    mock_random.seed()
    server = make_server("127.0.0.1", 0, app, True, request_handler=MotoRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    conn.sendall(f"http://127.0.0.1:{server.server_address[1]}\n".encode())
    with contextlib.suppress(OSError):
        while conn.recv(1024):
            pass
    server.shutdown()
    server.server_close()  # the port is closed before the harness hears the end (_exit)


def _warm(app: Any) -> None:
    """One full driftctl scan of a server on `app`, then the server stopped."""
    from moto.moto_server.werkzeug_app import MotoRequestHandler
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, True, request_handler=MotoRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with tempfile.TemporaryDirectory(prefix="motofork-") as folder:
            (Path(folder) / "main.tf").write_text(WARM_STACK)
            driftctl = Path(sys.executable).parent / "driftctl"
            env = {k: v for k, v in os.environ.items() if not k.startswith("DCTL_")}
            url = f"http://127.0.0.1:{server.server_address[1]}"
            argv = ["scan", "--from", folder, "--region", "us-east-1", "--endpoint-url", url]
            subprocess.run(
                [str(driftctl), *argv, "-o", f"json://{folder}/report.json", "--no-cache"],
                capture_output=True,
                env=env,
                check=False,  # the missing bucket is drift (exit 1); the scan warmed anyway
                timeout=600,
            )
    finally:
        server.shutdown()
        thread.join()


def main(path: str) -> None:
    import logging

    from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app

    from driftctl.aws.inprocess import import_moto_backends
    from tests.tf.moto_gaps import fill

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    fill()
    import_moto_backends()
    app = DomainDispatcherApplication(create_backend_app)
    _warm(app)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped as they end
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    print("ready", flush=True)
    while True:
        ready, _, _ = select.select([listener, sys.stdin], [], [])
        if sys.stdin in ready and not sys.stdin.buffer.read1(1024):
            return  # the harness's process ended
        if listener in ready:
            conn, _ = listener.accept()
            if os.fork() == 0:
                listener.close()
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                try:
                    _serve(app, conn)
                finally:
                    os._exit(0)
            conn.close()


def _line(conn: socket.socket) -> str:
    got = b""
    while not got.endswith(b"\n"):
        part = conn.recv(256)
        if not part:
            break
        got += part
    return got.decode().strip()


class Forks:
    """The harness's side: one warmed process, started when first asked for a server."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._dir = tempfile.mkdtemp(prefix="motofork-")
        self.path = os.path.join(self._dir, "socket")

    def _started(self) -> None:
        with self._lock:
            if self._proc is not None and self._proc.poll() is None:
                return
            proc = subprocess.Popen(
                [sys.executable, "-m", "tests.tf.motofork", self.path],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=self.env,
            )
            assert proc.stdout is not None
            line = proc.stdout.readline().decode().strip()
            if line != "ready":
                proc.kill()
                raise RuntimeError(f"moto's warmed process did not start (it printed {line!r})")
            self._proc = proc

    @contextlib.contextmanager
    def server(self) -> Iterator[str]:
        """A moto server of its own; yields its URL, stops it after."""
        self._started()
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.connect(self.path)
            url = _line(conn)
            if not url.startswith("http://127.0.0.1:"):
                raise RuntimeError(f"moto's server did not start (it printed {url!r})")
            try:
                yield url
            finally:  # the end, said; then wait for the child to close its side: gone
                conn.shutdown(socket.SHUT_WR)
                conn.settimeout(30)
                with contextlib.suppress(OSError):
                    while conn.recv(1024):
                        pass

    @property
    def pid(self) -> int | None:
        """The warmed process's (each server is a child of it), once started."""
        return self._proc.pid if self._proc is not None else None

    def close(self) -> None:
        with self._lock:
            if self._proc is not None:
                assert self._proc.stdin is not None
                self._proc.stdin.close()
                try:
                    self._proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    self._proc.kill()
                    self._proc.wait()
                self._proc = None
        with contextlib.suppress(OSError):
            os.unlink(self.path)
            os.rmdir(self._dir)


if __name__ == "__main__":
    main(sys.argv[1])
