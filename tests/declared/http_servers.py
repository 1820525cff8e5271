"""Local HTTP servers on 127.0.0.1 for the remote-state tests: each on its own port (so two
are two origins), answering each path with a body, a redirect or a trickle, and keeping
every request's path and headers to show what each server was sent."""

from __future__ import annotations

import contextlib
import dataclasses
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclasses.dataclass(frozen=True)
class Body:
    data: bytes
    length: bool = True  # send Content-Length (else the body ends when the connection does)
    claim: int | None = None  # a Content-Length other than the body's (a cut-short answer)


@dataclasses.dataclass(frozen=True)
class Redirect:
    location: str
    status: int = 302


@dataclasses.dataclass(frozen=True)
class Trickle:
    """One byte every `every` seconds, until the client goes away."""

    every: float


Route = Body | Redirect | Trickle


@dataclasses.dataclass
class Server:
    base: str  # http://127.0.0.1:PORT
    routes: dict[str, Route]
    requests: list[tuple[str, dict[str, str]]]  # (path, headers) in the order asked

    def headers_of(self, path: str) -> list[dict[str, str]]:
        return [h for p, h in self.requests if p.split("?")[0] == path]


@contextlib.contextmanager
def serve(routes: dict[str, Route] | None = None) -> Iterator[Server]:
    server_routes: dict[str, Route] = dict(routes or {})
    requests: list[tuple[str, dict[str, str]]] = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            requests.append((self.path, dict(self.headers.items())))
            route = server_routes.get(self.path.split("?")[0])
            if route is None:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif isinstance(route, Redirect):
                self.send_response(route.status)
                self.send_header("Location", route.location)
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif isinstance(route, Body):
                self.send_response(200)
                if route.length:
                    self.send_header("Content-Length", str(route.claim or len(route.data)))
                self.end_headers()
                self.wfile.write(route.data)
            else:
                self.send_response(200)
                self.end_headers()
                try:
                    while True:
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(route.every)
                except OSError:
                    return  # the client gave up

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield Server(f"http://127.0.0.1:{httpd.server_address[1]}", server_routes, requests)
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(10)
