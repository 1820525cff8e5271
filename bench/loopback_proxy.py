"""A loopback HTTP proxy in front of the AWS emulator, for benchmarks and fault tests.

moto's server on a 2-core machine is CPU-bound and answers in about a millisecond,
which hides whether a client overlaps its calls. This proxy adds a fixed round-trip
delay to every request (so a serial client pays it once per call, a concurrent one
pays it in parallel), counts requests per service:operation, can answer a share of
requests with each service's own throttling error (with `Retry-After`), and can
replay recorded answers so that a large benchmark measures the client, not moto.
It binds 127.0.0.1 only.
"""

from __future__ import annotations

import base64
import http.client
import json
import random
import re
import threading
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

_SCOPE = re.compile(r"Credential=[^/]+/\d+/[^/]+/([^/]+)/")

_THROTTLE: dict[str, tuple[int, str, str]] = {  # service -> status, content type, body
    "ec2": (
        503,
        "text/xml",
        "<Response><Errors><Error><Code>RequestLimitExceeded</Code>"
        "<Message>Request limit exceeded.</Message></Error></Errors>"
        "<RequestID>proxy</RequestID></Response>",
    ),
    "s3": (
        503,
        "application/xml",
        "<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>",
    ),
    "query": (
        400,
        "text/xml",
        "<ErrorResponse><Error><Type>Sender</Type><Code>Throttling</Code>"
        "<Message>Rate exceeded</Message></Error><RequestId>proxy</RequestId></ErrorResponse>",
    ),
    "json": (
        400,
        "application/x-amz-json-1.1",
        '{"__type":"ThrottlingException","message":"Rate exceeded"}',
    ),
}


@dataclass
class ProxyStats:
    requests: Counter[str] = field(default_factory=Counter)
    throttled: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass
class ProxyConfig:
    upstream: str  # e.g. http://127.0.0.1:5000
    delay: float = 0.0  # seconds added to every round trip
    throttle_share: float = 0.0  # share of requests answered with a throttling error
    throttle_services: frozenset[str] = frozenset()  # empty = every service
    throttle_match: bytes = b""  # only requests whose body contains this (e.g. an account id)
    retry_after: float | None = None
    seed: int = 0
    replay: bool = False  # answer repeated reads from memory instead of the upstream
    load: Path | None = None  # answers recorded by an earlier run (--save), replayed first


def _service(headers: object) -> str:
    auth = getattr(headers, "get", lambda _k, _d=None: None)("Authorization", "") or ""
    found = _SCOPE.search(auth)
    return found.group(1) if found else "unknown"


def _operation(service: str, method: str, path: str, body: bytes, target: str | None) -> str:
    if target:
        return target.rsplit(".", 1)[-1]
    if service == "s3":
        query = urllib.parse.urlsplit(path).query
        return (
            f"{method} ?{query.split('=')[0]}"
            if query
            else f"{method} {'/' if path == '/' else 'bucket'}"
        )
    params = urllib.parse.parse_qs(body.decode(errors="replace"))
    return params.get("Action", ["?"])[0]


class _Handler(BaseHTTPRequestHandler):
    server: _ProxyServer
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # small replies must not wait for a delayed ACK

    def log_message(self, format: str, *args: object) -> None:
        return

    def _handle(self) -> None:
        conf, stats = self.server.conf, self.server.stats
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        service = _service(self.headers)
        target = self.headers.get("X-Amz-Target")
        op = f"{service}:{_operation(service, self.command, self.path, body, target)}"
        with stats.lock:
            stats.requests[op] += 1
        time.sleep(conf.delay)
        if self.server.should_throttle(service, body):
            with stats.lock:
                stats.throttled[op] += 1
            kind = service if service in ("ec2", "s3") else ("json" if target else "query")
            status, ctype, text = _THROTTLE[kind]
            extra = {"Retry-After": f"{conf.retry_after:g}"} if conf.retry_after else {}
            self._reply(status, {"Content-Type": ctype, **extra}, text.encode())
            return
        status, headers, payload = self.server.forward(
            self.command, self.path, dict(self.headers), body
        )
        self._reply(status, headers, payload)

    def _reply(self, status: int, headers: dict[str, str], payload: bytes) -> None:
        self.send_response(status)
        for key, value in headers.items():
            if key.lower() not in (
                "content-length",
                "transfer-encoding",
                "connection",
                "date",
                "server",
            ):
                self.send_header(key, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = _handle


class _ProxyServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256

    def __init__(self, conf: ProxyConfig) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.conf = conf
        self.stats = ProxyStats()
        self._random = random.Random(conf.seed)
        self._lock = threading.Lock()
        self._local = threading.local()
        self._recorded: dict[tuple[str, str, bytes], tuple[int, dict[str, str], bytes]] = {}
        self._upstream = urllib.parse.urlsplit(conf.upstream)
        if conf.load is not None:
            for entry in json.loads(conf.load.read_text()):
                key = (entry["method"], entry["path"], base64.b64decode(entry["body"]))
                answer = (entry["status"], entry["headers"], base64.b64decode(entry["payload"]))
                self._recorded[key] = answer

    def save(self, path: Path) -> None:
        """Write the recorded answers (for --load in a later run: no upstream needed)."""
        entries = [
            {
                "method": method,
                "path": url,
                "body": base64.b64encode(body).decode(),
                "status": status,
                "headers": headers,
                "payload": base64.b64encode(payload).decode(),
            }
            for (method, url, body), (status, headers, payload) in sorted(self._recorded.items())
        ]
        path.write_text(json.dumps(entries))

    def should_throttle(self, service: str, body: bytes) -> bool:
        if not self.conf.throttle_share or self.conf.throttle_match not in body:
            return False
        if self.conf.throttle_services and service not in self.conf.throttle_services:
            return False
        with self._lock:
            return self._random.random() < self.conf.throttle_share

    def forward(
        self, method: str, path: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        # the request without its signature and dates identifies a read for replay; a JSON
        # protocol names its operation in a header only (DynamoDB's DescribeTable and
        # DescribeContinuousBackups send the same body)
        target = next((v for k, v in headers.items() if k.lower() == "x-amz-target"), None)
        where = f"{path} {target}" if target else path
        key = (method, where, re.sub(rb"(X-Amz-Date|Signature)=[^&]*", b"", body))
        if (self.conf.replay or self.conf.load) and key in self._recorded:
            return self._recorded[key]
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = http.client.HTTPConnection(
                self._upstream.hostname or "127.0.0.1", self._upstream.port, timeout=120
            )
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        answer = (resp.status, dict(resp.getheaders()), resp.read())
        if self.conf.replay and resp.status < 500:  # 4xx answers are answers too (NoSuch...)
            self._recorded[key] = answer
        return answer


@contextmanager
def loopback_proxy(conf: ProxyConfig, save: Path | None = None) -> Iterator[tuple[str, ProxyStats]]:
    """Run the proxy on a free 127.0.0.1 port; yields (endpoint URL, live stats);
    writes the recorded answers to `save` when done, if given."""
    server = _ProxyServer(conf)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", server.stats
    finally:
        server.shutdown()
        server.server_close()
        if save is not None:
            server.save(save)


def main(argv: list[str] | None = None) -> int:
    """Run the proxy as its own process (so it does not share the client's GIL):
    prints its URL on the first line, then serves until stdin closes; on exit it
    prints the request counts as JSON."""
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python bench/loopback_proxy.py")
    parser.add_argument("upstream")
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--throttle-share", type=float, default=0.0)
    parser.add_argument("--replay", action="store_true")
    parser.add_argument("--load", type=Path, help="replay the answers saved in this file first")
    parser.add_argument("--save", type=Path, help="on exit, save the recorded answers here")
    args = parser.parse_args(argv)
    conf = ProxyConfig(
        args.upstream, args.delay, args.throttle_share, replay=args.replay, load=args.load
    )
    with loopback_proxy(conf, args.save) as (url, stats):
        print(url, flush=True)
        sys.stdin.read()
    print(json.dumps({"requests": stats.requests, "throttled": stats.throttled}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
