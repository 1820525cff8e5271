"""An embedded AWS emulator (moto's server on 127.0.0.1) for the demo and the tests."""

from __future__ import annotations

import contextlib
import logging
import os
import socket
from collections.abc import Iterator

from driftctl.aws.inprocess import import_moto_backends
from driftctl.errors import DriftctlError

FAKE_CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_REGION": "us-east-1",
}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def moto_server() -> Iterator[str]:
    """Run moto's server on a free loopback port; yields its endpoint URL; stops it after."""
    try:
        from moto.server import ThreadedMotoServer
    except ImportError as exc:  # moto comes with the `demo` extra only
        raise DriftctlError(
            "the AWS emulator (moto) is not installed: it comes with the demo extra",
            "pip install 'driftctl-aws[demo]' (or, in a checkout, pip install -e '.[demo]')",
        ) from exc
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # one line per request otherwise
    # the server answers in this process: its backends are imported now, not by the
    # scan's concurrent first requests (an import deadlock), nor by a first create slow
    # enough on a loaded machine for the client to time out and send it again
    import_moto_backends()
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()


@contextlib.contextmanager
def fake_credentials() -> Iterator[None]:
    """Emulator credentials in the environment, restored afterwards."""
    saved = {k: os.environ.get(k) for k in (*FAKE_CREDENTIALS, "AWS_PROFILE")}
    os.environ.update(FAKE_CREDENTIALS)
    os.environ.pop("AWS_PROFILE", None)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
