"""A parse cache: syntax trees (lang/nodes.py) stored under the hash of the file's content.

A tree depends only on the text and on the parser, so the key is the SHA-256 of the text
together with the parser's version (syntax.PARSER_VERSION), driftctl's, Python's and this
cache's format. An entry is a header and then the file's top-level items pickled in
batches of _BATCH (a large file never has a second full copy of its tree in memory; a batch
resolves each node class once, where one pickle per item did for each item), read back by an
unpickler that builds only syntax-tree nodes (resultcache.SafeUnpickler). An entry that
cannot be read (truncated, foreign, ...) is parsed again and rewritten; a cache directory
that cannot be written is simply not used.

An entry is never trusted blindly: a tree that does not match its file would silently
drop (or invent) resources. Each entry carries the hash of the text it was parsed from
and an HMAC-SHA256 of that hash and the pickled items, keyed with a secret of 32 random
bytes kept in the cache directory (`key`, mode 0600, created on first use). An entry whose
source hash is not this text's (one copied under another name), whose MAC does not
verify (truncated, edited, corrupted, or written by anyone who cannot read the key), or
that cannot be read at all is ignored: the file is parsed again and the entry rewritten.
Nothing is unpickled before it verified. A key file that is not a private (0600, owned by
this user) 32-byte file disables the cache instead of being used. What the key cannot
protect against is someone who can read it: do not share a cache directory with less
trusted parties (`--no-cache` reads no cache at all).

Entries are written atomically (a temporary file renamed into place), so concurrent runs
never see half an entry.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import io
import marshal
import os
import pickle
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.number import BigFloat
from driftctl.declared.hcl.lang.syntax import PARSER_VERSION, parse_file
from driftctl.declared.hcl.resultcache import KEY_FILE, load_secret, safe_load

FORMAT = "6"
MAGIC = b"driftctl-hcl-cache 6\n"
_BATCH = 100  # top-level items per pickle record (larger batches grow the memo: slower)
_DIGEST = 32  # bytes of a SHA-256
__all__ = ["KEY_FILE", "ParseCache", "decode", "encode", "sealed", "verified"]


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


class ParseCache:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        versions = (
            f"driftctl-hcl-cache {FORMAT}\0{PARSER_VERSION}\0{_version('driftctl')}\0"
            f"{sys.version_info[:2]}\0{marshal.version}\0"
        )
        self._salt = versions.encode()
        self._secret: bytes | None = None
        self._secret_read = False
        self.hits = 0
        self.misses = 0
        self.rejected = 0  # entries that did not verify (parsed again)

    def key(self, text: str) -> str:
        return self._source_digest(text).hex()

    def _source_digest(self, text: str) -> bytes:
        return hashlib.sha256(self._salt + text.encode("utf-8", "surrogatepass")).digest()

    def parse(self, text: str, display: str) -> n.Body:
        source = self._source_digest(text)
        key = source.hex()
        path = self.directory / key[:2] / f"{key}.tree"
        secret = self.secret()
        tree = self._read(path, source, secret) if secret is not None else None
        if tree is not None:
            self.hits += 1
            return tree
        self.misses += 1
        tree = parse_file(text, display)
        if secret is not None:
            self._write(path, tree, source, secret)
        return tree

    def secret(self) -> bytes | None:
        """The cache's key (made on first use), or None: no usable key, no cache."""
        if not self._secret_read:
            self._secret_read = True
            self._secret = load_secret(self.directory / KEY_FILE)
        return self._secret

    def _read(self, path: Path, source: bytes, secret: bytes) -> n.Body | None:
        try:
            blob = path.read_bytes()
        except OSError:
            return None
        payload = verified(blob, source, secret)
        if payload is None:
            self.rejected += 1
            return None
        try:
            entry = io.BytesIO(payload)
            header = safe_load(entry)
            if not (isinstance(header, tuple) and len(header) == 4 and header[0] == FORMAT):
                raise ValueError("not an entry of this format")
            _, count, start, stop = header
            items: list[n.Attribute | n.Block] = []
            while len(items) < count:
                batch = safe_load(entry)
                if type(batch) is not list or not batch:
                    raise ValueError("not an entry of this format")
                items += batch
            if (
                len(items) != count
                or entry.read(1)
                or not all(type(i) in (n.Attribute, n.Block) for i in items)
            ):
                raise ValueError("not an entry of this format")
        except Exception:  # verified, yet unreadable (another driftctl's): parse again
            self.rejected += 1
            return None
        return n.Body(items, start, stop)

    @staticmethod
    def _write(path: Path, tree: n.Body, source: bytes, secret: bytes) -> None:
        """The entry: magic, the source's hash, the MAC, then a header and the top-level
        items in pickle records of up to _BATCH (the MAC is written last, in its place)."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        except OSError:
            return
        try:
            mac = hmac.new(secret, source, hashlib.sha256)
            with os.fdopen(handle, "wb") as out:
                out.write(MAGIC + source + bytes(_DIGEST))
                items = tree.items
                batches = (items[i : i + _BATCH] for i in range(0, len(items), _BATCH))
                for record in (FORMAT, len(items), tree.start, tree.stop), *batches:
                    data = pickle.dumps(record, protocol=5)
                    mac.update(data)
                    out.write(data)
                out.seek(len(MAGIC) + _DIGEST)
                out.write(mac.digest())
            os.replace(temporary, path)
        except (OSError, ValueError, RecursionError, pickle.PicklingError):
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def sealed(payload: bytes, source: bytes, secret: bytes) -> bytes:
    """An entry: magic, the source's hash, the MAC of both, the payload."""
    mac = hmac.new(secret, source + payload, hashlib.sha256).digest()
    return MAGIC + source + mac + payload


def verified(blob: bytes, source: bytes, secret: bytes) -> bytes | None:
    """The payload of an entry made from this source with this key; None otherwise."""
    head = len(MAGIC)
    if len(blob) < head + 2 * _DIGEST or not blob.startswith(MAGIC):
        return None
    made_from = blob[head : head + _DIGEST]
    mac = blob[head + _DIGEST : head + 2 * _DIGEST]
    payload = blob[head + 2 * _DIGEST :]
    if not hmac.compare_digest(made_from, source):
        return None
    expected = hmac.new(secret, made_from + payload, hashlib.sha256).digest()
    return payload if hmac.compare_digest(mac, expected) else None


# encode/decode: a tree as plain nested lists and tuples (a node is [class index, start,
# stop, field...], a BigFloat bytes "neg mant exp prec inf"), to compare trees in tests.

_CLASSES: tuple[type[n.Node], ...] = (
    n.Literal, n.Template, n.TIf, n.TFor, n.Tuple, n.ObjectKey, n.Object, n.ScopeTraversal,
    n.RelativeTraversal, n.Index, n.AnonSymbol, n.Splat, n.Call, n.For, n.Conditional,
    n.Binary, n.Unary, n.Paren, n.Attribute, n.Block, n.Body,
)  # fmt: skip
_INDEX = {cls: i for i, cls in enumerate(_CLASSES)}
_FIELDS = [tuple(s for s in cls.__slots__) for cls in _CLASSES]


def encode(value: Any) -> Any:
    kind = type(value)
    index = _INDEX.get(kind)
    if index is not None:
        out: list[Any] = [index, value.start, value.stop]
        for name in _FIELDS[index]:
            field = getattr(value, name)
            out.append(tuple(encode(v) for v in field) if type(field) is list else encode(field))
        return out
    if kind is tuple:
        return tuple(encode(v) for v in value)
    if kind is BigFloat:
        return f"{int(value.neg)} {value.mant} {value.exp} {value.prec} {int(value.inf)}".encode()
    return value


def decode(data: Any) -> Any:
    kind = type(data)
    if kind is list:
        cls = _CLASSES[data[0]]
        node = object.__new__(cls)
        node.start = data[1]
        node.stop = data[2]
        for name, field in zip(_FIELDS[data[0]], data[3:], strict=True):
            value = decode(field)
            if cls is n.Body:
                value = list(value)
            setattr(node, name, value)
        return node
    if kind is tuple:
        return tuple(decode(v) for v in data)
    if kind is bytes:
        neg, mant, exp, prec, inf = data.split()
        return BigFloat(neg == b"1", int(mant), int(exp), int(prec), inf == b"1")
    return data
