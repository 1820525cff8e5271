"""One bounded HTTP(S) GET whose credentials stay with the origin they were given for.

- Credentials (the `-H` headers, `user:password@` basic authentication, the Terraform
  Cloud token) are bound to one origin (scheme, host, port): redirects are followed by
  hand (at most MAX_REDIRECTS), and once one leads to another origin nothing of them is
  sent again, as curl and requests do. The answer names the URL it finally came from.
- The body may hold at most DRIFTCTL_STATE_MAX_BYTES bytes (default 512 MiB), and the
  whole exchange, redirects included, ends after DRIFTCTL_STATE_DEADLINE seconds (default
  300; each read also waits at most TIMEOUT): a slow or endless answer is a clear error,
  not a hang.
- URLs are named as redact.url shows them (no user info, no query); a URL that is not
  `http(s)://host[:port]/...` (a password with an unencoded `/`) is an error saying so.
"""

from __future__ import annotations

import base64
import dataclasses
import http.client
import math
import os
import ssl
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any
from urllib.parse import SplitResult, unquote, urljoin, urlsplit, urlunsplit

from driftctl.errors import DriftctlError
from driftctl.util import redact

TIMEOUT = 60.0  # seconds each connection or read waits at most
MAX_REDIRECTS = 10
MAX_BYTES_ENV = "DRIFTCTL_STATE_MAX_BYTES"
DEFAULT_MAX_BYTES = 512 * 1024 * 1024
DEADLINE_ENV = "DRIFTCTL_STATE_DEADLINE"
DEFAULT_DEADLINE = 300.0
_CHUNK = 1 << 16
_REDIRECTS = (301, 302, 303, 307, 308)

Origin = tuple[str, str, int]


@dataclasses.dataclass(frozen=True)
class Got:
    url: str  # the URL the body came from (the last redirect's target), as given
    body: bytes


def split(url: str, what: str = "") -> SplitResult:
    """url's parts, checked: http or https, a host, a numeric port; a DriftctlError that
    names the URL without its secrets otherwise."""
    parts = urlsplit(url)
    label = what or redact.url(url)
    try:
        port = parts.port
    except ValueError:
        port = -1
    if parts.scheme not in ("http", "https") or not parts.hostname or port == -1:
        raise DriftctlError(
            f"{label}: not a valid http(s)://HOST[:PORT]/PATH URL",
            "percent-encode the characters / ? # @ : of a user name or password (%2F %3F "
            "%23 %40 %3A)",
        )
    if any(ord(c) <= 0x20 or ord(c) == 0x7F for c in url):
        raise DriftctlError(
            f"{label}: a URL cannot hold spaces or control characters",
            "percent-encode them (a space is %20)",
        )
    return parts


def origin(url: str) -> Origin:
    parts = split(url)
    default = 443 if parts.scheme == "https" else 80
    return (parts.scheme, (parts.hostname or "").lower(), parts.port or default)


def get(
    url: str,
    headers: Sequence[tuple[str, str]] = (),
    what: str = "",
    bound_to: str | None = None,
) -> Got:
    """GET url; headers (and url's user info) go only to bound_to's origin (default: url's)."""
    parts = split(url, what)
    home = origin(bound_to or url)
    credentials = dict(headers)
    if parts.username is not None:
        pair = f"{unquote(parts.username)}:{unquote(parts.password or '')}".encode()
        credentials.setdefault("Authorization", "Basic " + base64.b64encode(pair).decode())
    limit, seconds = max_bytes(), deadline()
    ends = time.monotonic() + seconds
    label = what or redact.url(url)
    current = _without_userinfo(parts)
    for _ in range(MAX_REDIRECTS + 1):
        if credentials and origin(current) != home:
            credentials = {}  # once another origin is asked, none is sent again
        first = current == _without_userinfo(parts)
        where = label if first else f"{label} (redirected to {redact.url(current)})"
        target = _fetch(current, credentials, where, ends, seconds, limit)
        if isinstance(target, bytes):
            return Got(current, target)
        current = target
    raise DriftctlError(f"cannot read {label}: more than {MAX_REDIRECTS} redirects")


def _fetch(
    url: str, headers: dict[str, str], where: str, ends: float, seconds: float, limit: int
) -> bytes | str:
    """The body of one GET, or the URL a redirect answer points to."""
    request = urllib.request.Request(url, headers=headers, method="GET")
    try:
        with _opener().open(request, timeout=_left(ends, seconds, where)) as response:
            return _read(response, where, ends, seconds, limit)
    except urllib.error.HTTPError as exc:
        with exc:
            if exc.code in _REDIRECTS and exc.headers.get("Location"):
                return _next(url, exc.headers["Location"], where)
            raise DriftctlError(
                f"cannot read {where}: HTTP {exc.code} {exc.reason}", _hint(exc.code)
            ) from exc
    except urllib.error.URLError as exc:
        reason = exc.reason
        hint = None
        if isinstance(reason, ssl.SSLCertVerificationError):
            hint = "its certificate is not trusted here: set SSL_CERT_FILE to the CA bundle"
        raise DriftctlError(f"cannot read {where}: {reason}", hint) from exc
    except TimeoutError as exc:
        _left(ends, seconds, where)
        raise DriftctlError(
            f"cannot read {where}: no answer for {min(TIMEOUT, seconds):g} s"
        ) from exc
    except OSError as exc:
        raise DriftctlError(f"cannot read {where}: {exc.strerror or exc}") from exc
    except http.client.HTTPException as exc:  # a malformed or cut-short answer
        raise DriftctlError(
            f"cannot read {where}: a broken HTTP answer ({type(exc).__name__})"
        ) from exc


def _read(response: Any, where: str, ends: float, seconds: float, limit: int) -> bytes:
    length = response.headers.get("Content-Length")
    if length is not None and length.isdigit() and int(length) > limit:
        raise _too_large(where, limit)
    body = bytearray()
    while True:
        _left(ends, seconds, where)
        chunk = response.read1(_CHUNK)
        if not chunk:
            if length is not None and length.isdigit() and len(body) < int(length):
                raise DriftctlError(
                    f"cannot read {where}: the answer ended after {len(body)} of its {length} bytes"
                )
            return bytes(body)
        body += chunk
        if len(body) > limit:
            raise _too_large(where, limit)


def _next(url: str, location: str, where: str) -> str:
    target = urljoin(url, location.strip())
    if urlsplit(target).scheme not in ("http", "https"):
        raise DriftctlError(f"cannot read {where}: redirected to a URL that is not http(s)")
    return _without_userinfo(split(target, f"{where} (its redirect)"))


def _left(ends: float, seconds: float, where: str) -> float:
    """Seconds the next wait may take; a DriftctlError once the deadline has passed."""
    left = ends - time.monotonic()
    if left <= 0:
        raise DriftctlError(
            f"cannot read {where}: not finished within {seconds:g} s",
            f"if it really is that slow, give it longer: {DEADLINE_ENV}=SECONDS",
        )
    return min(TIMEOUT, left)


def _too_large(where: str, limit: int) -> DriftctlError:
    mib = 1024 * 1024
    size = f"{limit // mib} MiB" if limit % mib == 0 else f"{limit} bytes"
    return DriftctlError(
        f"cannot read {where}: larger than {size}",
        f"if the state really is that large, raise the limit: {MAX_BYTES_ENV}=BYTES",
    )


def _hint(code: int) -> str | None:
    if code in (401, 403):
        return "pass the credentials it needs, e.g. -H 'Authorization=Bearer TOKEN'"
    if code == 404:
        return "check the URL"
    return None


def _without_userinfo(parts: SplitResult) -> str:
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects come back as HTTPError: get() follows them itself, credentials checked."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def _opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        _NoRedirect(), urllib.request.HTTPSHandler(context=ssl.create_default_context())
    )


def max_bytes() -> int:
    return int(_positive(MAX_BYTES_ENV, DEFAULT_MAX_BYTES, whole=True))


def deadline() -> float:
    return _positive(DEADLINE_ENV, DEFAULT_DEADLINE)


def _positive(name: str, default: float, whole: bool = False) -> float:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(int(text)) if whole else float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        kind = "a positive whole number of bytes" if whole else "a positive number of seconds"
        raise DriftctlError(f"{name}={text}: expected {kind}")
    return value
