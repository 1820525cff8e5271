"""The demo's apply sends each create once: a create sent again after an error or a
timeout whose first request did land makes the resource twice (the demo once created two
VPCs on a loaded machine, and its scan stopped on "aws_vpc.main: ambiguous match")."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import botocore.exceptions
import pytest

from driftctl.demo import emulator
from driftctl.demo import stack as demo_stack


@pytest.fixture
def failing_endpoint() -> Iterator[list[str]]:
    """An endpoint that answers every request with a 500, and the requests it got."""
    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"] or 0)).decode()
            seen.append(body.split("&")[0])
            self.send_response(500)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    seen.append(f"http://127.0.0.1:{server.server_address[1]}")
    try:
        yield seen
    finally:
        server.shutdown()
        server.server_close()


def test_a_create_that_fails_is_not_sent_again(failing_endpoint: list[str]) -> None:
    endpoint = failing_endpoint.pop()
    with emulator.fake_credentials(), pytest.raises(botocore.exceptions.ClientError):
        demo_stack.apply(endpoint)
    assert failing_endpoint == ["Action=CreateVpc"]
