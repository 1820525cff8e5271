"""A fault-injecting HTTP proxy in front of moto's server, for the fault tests.

Every request is identified as `service:Operation` (the X-Amz-Target header for JSON
services, the `Action=` parameter of query services such as EC2, IAM and STS, and the
method plus sub-resource of S3's REST calls: `s3:GetBucketTagging`), and each `Fault`
whose pattern matches it answers instead of moto:

- `deny`     the service's own access-denied error (403);
- `throttle` the service's own throttling error (Throttling, RequestLimitExceeded, SlowDown);
- `5xx`      a 500 InternalError in the service's error format;
- `garbage`  a 200 whose body is neither XML nor JSON;
- `text`     a 200 whose body is plain text (an HTML error page): unlike `garbage` it is
             valid UTF-8, so botocore hands a call whose answer is its raw body
             (GetBucketPolicy) the text as the answer;
- `drop`     the connection closed without an answer;
- `hang`     no answer for `hang_seconds` (longer than the client's read timeout), then
             the connection closed.

A fault may apply to the first `times` matching requests only (then moto answers), and
with `after_upstream` the request reaches moto first (a call that was made, whose answer
is lost). It binds 127.0.0.1 only. `stats.injected` counts what was injected, by
(operation, kind); `stats.requests` counts every request by operation.
"""

from __future__ import annotations

import fnmatch
import functools
import http.client
import re
import socket
import threading
import urllib.parse
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import botocore.exceptions
import botocore.session

KINDS = ("deny", "throttle", "5xx", "garbage", "drop", "hang")
TEXT = b"<html><body>502 Bad Gateway</body></html>"

_SCOPE = re.compile(r"Credential=[^/]+/\d+/[^/]+/([^/]+)/")

# S3 REST: (method, sub-resource) -> operation; "" is no sub-resource on a bucket
_S3_BUCKET_OPS = {
    ("GET", ""): "ListObjects",
    ("PUT", ""): "CreateBucket",
    ("DELETE", ""): "DeleteBucket",
    ("HEAD", ""): "HeadBucket",
}
_S3_SUBRESOURCES = {
    "tagging": "BucketTagging",
    "versioning": "BucketVersioning",
    "encryption": "BucketEncryption",
    "publicAccessBlock": "PublicAccessBlock",
    "policy": "BucketPolicy",
    "location": "BucketLocation",
    "acl": "BucketAcl",
    "ownershipControls": "BucketOwnershipControls",
    "lifecycle": "BucketLifecycleConfiguration",
    "logging": "BucketLogging",
    "website": "BucketWebsite",
    "cors": "BucketCors",
    "replication": "BucketReplication",
    "notification": "BucketNotificationConfiguration",
    "object-lock": "ObjectLockConfiguration",
    "accelerate": "BucketAccelerateConfiguration",
    "requestPayment": "BucketRequestPayment",
}
_VERBS = {"GET": "Get", "PUT": "Put", "DELETE": "Delete"}


def s3_operation(method: str, path: str) -> str:
    """The S3 operation a path-style REST request is (`GetBucketTagging`, `ListBuckets`)."""
    parts = urllib.parse.urlsplit(path)
    keys = [k for k in urllib.parse.parse_qs(parts.query, keep_blank_values=True)]
    segments = [s for s in parts.path.split("/") if s]
    if not segments:
        return "ListBuckets"
    if len(segments) > 1:  # an object
        return {"GET": "GetObject", "PUT": "PutObject", "DELETE": "DeleteObject"}.get(
            method, f"{method}Object"
        )
    sub = next((k for k in keys if k in _S3_SUBRESOURCES), "")
    if not sub:
        if method == "GET" and "list-type" in keys:
            return "ListObjectsV2"
        if method == "GET" and "versions" in keys:
            return "ListObjectVersions"
        return _S3_BUCKET_OPS.get((method, ""), f"{method}Bucket")
    return f"{_VERBS.get(method, method)}{_S3_SUBRESOURCES[sub]}"


@functools.cache
def _model_names() -> dict[str, tuple[str, ...]]:
    """The service models that sign with each signing name (`elasticfilesystem` signs
    EFS's requests; `apigateway` signs API Gateway's and API Gateway v2's)."""
    session = botocore.session.get_session()
    names: dict[str, list[str]] = {}
    for name in session.get_available_services():
        signing = session.get_service_model(name).signing_name or name  # or its endpoint prefix
        names.setdefault(signing, []).append(name)
    return {signing: tuple(models) for signing, models in names.items()}


@functools.cache
def _rest_routes(service: str) -> tuple[tuple[str, re.Pattern[str], str], ...]:
    """(method, path pattern, operation name) of each operation of a REST service
    (Lambda: `GET /2015-03-31/functions/{FunctionName}/policy`), of every model signed
    as `service`, longest paths first."""
    session = botocore.session.get_session()
    routes = []
    for model_name in _model_names().get(service, ()):
        model = session.get_service_model(model_name)
        for name in model.operation_names:
            http = model.operation_model(name).http
            uri = http["requestUri"].split("?", 1)[0]
            pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(uri.rstrip("/")))
            routes.append((http["method"], re.compile(f"{pattern}/?"), name))
    return tuple(sorted(routes, key=lambda r: -len(r[1].pattern)))


def _rest_operation(service: str, method: str, path: str) -> str | None:
    bare = urllib.parse.urlsplit(path).path
    for verb, pattern, name in _rest_routes(service):
        if verb == method and pattern.fullmatch(bare):
            return name
    return None


def operation(method: str, path: str, headers: object, body: bytes) -> str:
    """`service:Operation` of one request."""
    get = getattr(headers, "get", lambda _k, _d=None: None)
    found = _SCOPE.search(get("Authorization", "") or "")
    service = found.group(1) if found else "unknown"
    target = get("X-Amz-Target")
    if target:
        return f"{service}:{target.rsplit('.', 1)[-1]}"
    if service == "s3":
        return f"s3:{s3_operation(method, path)}"
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(path).query)
    params = urllib.parse.parse_qs(body.decode(errors="replace"))
    action = (params.get("Action") or query.get("Action") or [None])[0]
    return f"{service}:{action or _rest_operation(service, method, path) or '?'}"


@dataclass
class Fault:
    """Answer requests whose `service:Operation` matches `pattern` (a glob) with `kind`."""

    pattern: str
    kind: str
    times: int | None = None  # the first N matching requests; None: every one
    after_upstream: bool = False  # let moto make the call, then answer with the fault
    hang_seconds: float = 5.0
    seen: int = 0

    def __post_init__(self) -> None:
        if self.kind not in (*KINDS, "text"):
            raise ValueError(f"unknown fault kind {self.kind!r}: one of {', '.join(KINDS)}")

    def matches(self, op: str) -> bool:
        return fnmatch.fnmatchcase(op, self.pattern)


@dataclass
class ProxyStats:
    requests: Counter[str] = field(default_factory=Counter)
    injected: Counter[tuple[str, str]] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def injected_ops(self, kind: str | None = None) -> set[str]:
        with self.lock:
            return {op for (op, k), n in self.injected.items() if n and kind in (None, k)}

    def made(self, pattern: str) -> int:
        """Requests whose operation matches pattern (injected or not)."""
        with self.lock:
            return sum(n for op, n in self.requests.items() if fnmatch.fnmatchcase(op, pattern))


def _protocol(op: str, target: bool) -> str:
    service = op.split(":", 1)[0]
    if service in ("ec2", "s3"):
        return service
    return "json" if target else "query"


_ERRORS = {  # protocol -> (status for a client error, body template with {code} {message})
    "ec2": "<Response><Errors><Error><Code>{code}</Code><Message>{message}</Message></Error>"
    "</Errors><RequestID>fault-proxy</RequestID></Response>",
    "s3": "<Error><Code>{code}</Code><Message>{message}</Message>"
    "<RequestId>fault-proxy</RequestId></Error>",
    "query": "<ErrorResponse><Error><Type>Sender</Type><Code>{code}</Code>"
    "<Message>{message}</Message></Error><RequestId>fault-proxy</RequestId></ErrorResponse>",
    "json": '{{"__type":"{code}","message":"{message}"}}',
}
_CODES = {  # (kind, protocol) -> (status, code, message)
    ("deny", "ec2"): (403, "UnauthorizedOperation", "You are not authorized to perform this"),
    ("deny", "s3"): (403, "AccessDenied", "Access Denied"),
    ("deny", "query"): (403, "AccessDenied", "User is not authorized to perform this action"),
    ("deny", "json"): (400, "AccessDeniedException", "User is not authorized"),
    ("throttle", "ec2"): (503, "RequestLimitExceeded", "Request limit exceeded."),
    ("throttle", "s3"): (503, "SlowDown", "Please reduce your request rate."),
    ("throttle", "query"): (400, "Throttling", "Rate exceeded"),
    ("throttle", "json"): (400, "ThrottlingException", "Rate exceeded"),
    ("5xx", "ec2"): (500, "InternalError", "An internal error has occurred"),
    ("5xx", "s3"): (500, "InternalError", "We encountered an internal error."),
    ("5xx", "query"): (500, "InternalFailure", "An internal error has occurred"),
    ("5xx", "json"): (500, "InternalFailure", "An internal error has occurred"),
}
_CONTENT_TYPES = {
    "ec2": "text/xml",
    "s3": "application/xml",
    "query": "text/xml",
    "json": "application/x-amz-json-1.1",
}
GARBAGE = b"\x00\xff<<this is not an AWS answer>>{not json"


class _Handler(BaseHTTPRequestHandler):
    server: _FaultServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        return

    def _handle(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        op = operation(self.command, self.path, self.headers, body)
        fault = self.server.fault_for(op)
        if fault is None or fault.after_upstream:
            answer = self.server.forward(self.command, self.path, dict(self.headers), body)
            if fault is None:
                self._reply(*answer)
                return
        self._inject(fault, op, bool(self.headers.get("X-Amz-Target")))

    def _inject(self, fault: Fault, op: str, target: bool) -> None:
        if fault.kind == "drop":
            self._drop()
            return
        if fault.kind == "hang":
            self.server.stopping.wait(fault.hang_seconds)
            self._drop()
            return
        protocol = _protocol(op, target)
        headers = {"Content-Type": _CONTENT_TYPES[protocol]}
        if fault.kind in ("garbage", "text"):
            self._reply(200, headers, GARBAGE if fault.kind == "garbage" else TEXT)
            return
        status, code, message = _CODES[(fault.kind, protocol)]
        text = _ERRORS[protocol].format(code=code, message=message)
        self._reply(status, headers, text.encode())

    def _drop(self) -> None:
        self.close_connection = True
        try:  # no answer at all: RST rather than a clean end of stream
            self.connection.setsockopt(
                socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
            )
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

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


class _FaultServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256

    def __init__(self, upstream: str, faults: Sequence[Fault]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.faults = list(faults)
        self.stats = ProxyStats()
        self.stopping = threading.Event()
        self._local = threading.local()
        self._upstream = urllib.parse.urlsplit(upstream)

    def handle_error(self, request: object, client_address: object) -> None:
        """A client that gave up (its read timeout) is expected here: no traceback."""

    def fault_for(self, op: str) -> Fault | None:
        with self.stats.lock:
            self.stats.requests[op] += 1
            for fault in self.faults:
                if fault.matches(op) and (fault.times is None or fault.seen < fault.times):
                    fault.seen += 1
                    self.stats.injected[(op, fault.kind)] += 1
                    return fault
        return None

    def forward(
        self, method: str, path: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = http.client.HTTPConnection(
                self._upstream.hostname or "127.0.0.1", self._upstream.port, timeout=120
            )
        try:
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
        except (OSError, http.client.HTTPException):
            conn.close()
            self._local.conn = None
            raise
        return resp.status, dict(resp.getheaders()), resp.read()


@contextmanager
def fault_proxy(upstream: str, faults: Sequence[Fault] = ()) -> Iterator[tuple[str, ProxyStats]]:
    """The proxy on a free 127.0.0.1 port in front of `upstream`; yields (URL, stats)."""
    server = _FaultServer(upstream, faults)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", server.stats
    finally:
        server.stopping.set()  # hanging handlers give up at once
        server.shutdown()
        server.server_close()
        thread.join(5)
