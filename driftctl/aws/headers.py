"""HTTP response headers read without the email package's MIME parser, while a scan reads.

http.client hands every response's header block to `email.parser` (a feed parser built for
MIME messages), which was 5% of the client's CPU a call (bench/percall.py; 0.56 -> 0.53 ms
an S3 detail call). AWS's header blocks are one `Name: value` line each, and for such a
block `parse_headers` here builds the very message http.client's parser builds (the same
class, headers, order, payload and no defects: tests/aws/test_headers.py compares them on
generated blocks). Any other line (a folded continuation, no colon, a name with a space or
a character outside the header token set, a stray CR, a block cut short) sends the whole
block to http.client's own parser, so odd answers are read exactly as before.

`fast()` puts it in place for the duration of a block, counted, so that concurrent or
nested scans restore http.client's own once, after the last one. It is the same function
for every thread of the process meanwhile, which is safe because it returns what the
original returns.
"""

from __future__ import annotations

import contextlib
import http.client
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

# a header name as the feed parser takes it: printable ASCII but the colon and the space
_NAME = re.compile(r"[\041-\071\073-\176]+\Z")
_read_headers: Callable[[BinaryIO], list[bytes]] | None = getattr(
    http.client, "_read_headers", None
)
_lock = threading.Lock()
_users = 0
_previous: Any = None


def parse_headers(fp: BinaryIO, _class: type[Any] = http.client.HTTPMessage) -> Any:
    """http.client.parse_headers, with the usual blocks read directly."""
    assert _read_headers is not None
    lines = _read_headers(fp)  # http.client's own limits on line length and count
    if lines[-1] not in (b"\r\n", b"\n"):
        return _parsed(lines, _class)
    message = _class()
    for raw in lines[:-1]:
        text = raw.decode("iso-8859-1")
        name, colon, rest = text.partition(":")
        value = rest[:-2] if rest.endswith("\r\n") else rest[:-1]
        if not colon or not _NAME.match(name) or "\r" in value or not rest.endswith("\n"):
            return _parsed(lines, _class)
        message.set_raw(name, value.lstrip(" \t"))
    message.set_payload("")
    return message


def _parsed(lines: list[bytes], _class: type[Any]) -> Any:
    import email.parser

    text = b"".join(lines).decode("iso-8859-1")
    return email.parser.Parser(_class=_class).parsestr(text)


@contextlib.contextmanager
def fast() -> Iterator[None]:
    """parse_headers in place of http.client's while the block runs (where this Python's
    http.client reads its header lines in the function this relies on)."""
    global _users, _previous
    if _read_headers is None:
        yield
        return
    with _lock:
        _users += 1
        if _users == 1:
            _previous = http.client.parse_headers
            http.client.parse_headers = parse_headers  # type: ignore[assignment]
    try:
        yield
    finally:
        with _lock:
            _users -= 1
            if _users == 0 and http.client.parse_headers is parse_headers:
                http.client.parse_headers = _previous
