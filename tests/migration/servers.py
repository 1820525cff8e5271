"""Local servers a snyk user's state sources talk to, on 127.0.0.1, started by the test:
a Terraform `http` backend (or any URL serving a state) over http or https with a
self-signed certificate made here, and a fake Terraform Cloud API with the real paths."""

from __future__ import annotations

import contextlib
import datetime
import ipaddress
import json
import ssl
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


@contextlib.contextmanager
def serve(routes: dict[str, tuple[str | None, bytes]], tls: Path | None = None) -> Iterator[Any]:
    """path -> (the Authorization header it needs, or None; body). Yields the server,
    whose .base is its URL and .requests the (path, Authorization) it was asked."""
    requests: list[tuple[str, str | None]] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            auth = self.headers.get("Authorization")
            requests.append((self.path, auth))
            route = routes.get(self.path)
            if route is None:
                self._reply(404, b'{"errors": [{"status": "404", "title": "not found"}]}')
            elif route[0] is not None and auth != route[0]:
                self._reply(401, b'{"errors": [{"status": "401", "title": "unauthorized"}]}')
            else:
                self._reply(200, route[1])

        def _reply(self, status: int, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    scheme = "http"
    if tls is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tls / "cert.pem", tls / "key.pem")
        server.socket = context.wrap_socket(server.socket, server_side=True)
        scheme = "https"
    server.base = f"{scheme}://127.0.0.1:{server.server_address[1]}"  # type: ignore[attr-defined]
    server.requests = requests  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def self_signed(directory: Path) -> Path:
    """cert.pem and key.pem for 127.0.0.1 in directory (made with `cryptography`, which
    moto brings); the certificate is its own CA."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    (directory / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (directory / "key.pem").write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return directory


def tfc_routes(state: bytes, token: str, base: str) -> dict[str, tuple[str | None, bytes]]:
    """Terraform Cloud's API for organization acme, workspace prod (ws-abc123): the
    workspace by name, its current state version, and the state's hosted download URL."""
    bearer = f"Bearer {token}"
    workspace = {"data": {"id": "ws-abc123", "type": "workspaces", "attributes": {"name": "prod"}}}
    version = {
        "data": {
            "id": "sv-1",
            "type": "state-versions",
            "attributes": {"hosted-state-download-url": f"{base}/archivist/v1/object/sv-1"},
        }
    }
    return {
        "/api/v2/organizations/acme/workspaces/prod": (bearer, json.dumps(workspace).encode()),
        "/api/v2/workspaces/ws-abc123/current-state-version": (
            bearer,
            json.dumps(version).encode(),
        ),
        "/archivist/v1/object/sv-1": (None, state),
    }
