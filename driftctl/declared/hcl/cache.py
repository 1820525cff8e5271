"""A parse cache: python-hcl2's lark trees stored under the hash of the file's content.

Parsing is the slow part of loading (python-hcl2 reads about 0.3 MB/s); a tree depends
only on the text and on the parser, so the key is the SHA-256 of the text together with
the versions of python-hcl2, lark, Python and this cache's format. An entry is the tree
as nested tuples in `marshal` form (unpickling lark's Tokens costs more than parsing),
without the new-line/comment subtrees the evaluator skips; reading it builds the Trees
and Tokens directly.

An entry is never trusted blindly: a tree that does not match its file would silently
drop (or invent) resources. Each entry carries the hash of the text it was parsed from
and an HMAC-SHA256 of that hash and the tree, keyed with a secret of 32 random bytes
kept in the cache directory (`key`, mode 0600, created on first use). An entry whose
source hash is not this text's (one copied under another name), whose MAC does not
verify (truncated, edited, corrupted, or written by anyone who cannot read the key), or
that cannot be read at all is ignored: the file is parsed again and the entry rewritten.
The tree is unmarshalled only after it verified. A key file that is not a private
(0600, owned by this user) 32-byte file disables the cache instead of being used, as
does a cache directory that cannot be written. What the key cannot protect against is
someone who can read it: do not share a cache directory with less trusted parties
(`--no-cache` reads no cache at all).

Entries are written atomically (a temporary file renamed into place), so concurrent
runs never see half an entry.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import marshal
import os
import stat
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

from lark import Token, Tree
from lark.tree import Meta

from driftctl.declared.hcl.parse import Node, parse

FORMAT = "3"
MAGIC = b"driftctl-hcl-cache 3\n"
KEY_FILE = "key"
_DIGEST = 32  # bytes of a SHA-256


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


class ParseCache:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        versions = (
            f"driftctl-hcl-cache {FORMAT}\0{_version('python-hcl2')}\0{_version('lark')}\0"
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

    def parse(self, text: str, display: str) -> Node:
        source = self._source_digest(text)
        key = source.hex()
        path = self.directory / key[:2] / f"{key}.tree"
        secret = self.secret()
        tree = self._read(path, source, secret) if secret is not None else None
        if tree is not None:
            self.hits += 1
            return tree
        self.misses += 1
        tree = parse(text, display)
        if secret is not None:
            self._write(path, tree, source, secret)
        return tree

    def secret(self) -> bytes | None:
        """The cache's key (made on first use), or None: no usable key, no cache."""
        if not self._secret_read:
            self._secret_read = True
            self._secret = _load_secret(self.directory / KEY_FILE)
        return self._secret

    def _read(self, path: Path, source: bytes, secret: bytes) -> Node | None:
        try:
            blob = path.read_bytes()
        except OSError:
            return None
        payload = verified(blob, source, secret)
        if payload is None:
            self.rejected += 1
            return None
        try:
            return decode(marshal.loads(payload))
        except (EOFError, ValueError, TypeError, IndexError, RecursionError):
            self.rejected += 1
            return None

    @staticmethod
    def _write(path: Path, tree: Node, source: bytes, secret: bytes) -> None:
        try:
            payload = marshal.dumps(encode(tree))
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        except (OSError, ValueError, RecursionError):
            return
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(sealed(payload, source, secret))
            os.replace(temporary, path)
        except OSError:
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


def _load_secret(path: Path) -> bytes | None:
    """The key in path, made (atomically, 0600) when absent; None when it cannot be made or
    is not a private file of this user's (someone else may know it)."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not path.exists():
            handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".key")  # 0600
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(os.urandom(_DIGEST))
                with contextlib.suppress(FileExistsError):  # another run made it first
                    os.link(temporary, path)
            finally:
                os.unlink(temporary)
        info = os.lstat(path)
        private = stat.S_ISREG(info.st_mode) and not info.st_mode & 0o077
        if not private or info.st_uid != os.getuid() or info.st_size != _DIGEST:
            return None
        return path.read_bytes()
    except OSError:
        return None


# A Tree is (data, children, line, column, end_line, end_column) (positions 0: none);
# a Token is (type, value).


def encode(node: Node) -> tuple[Any, ...]:
    meta = node.meta
    position = (
        (0, 0, 0, 0) if meta.empty else (meta.line, meta.column, meta.end_line, meta.end_column)
    )
    # str(): a parser lark has just built (no grammar cache yet) names rules and token
    # types with Token objects, which marshal cannot store; a cached one uses plain str
    children = tuple(
        (str(child.type), str(child)) if isinstance(child, Token) else encode(child)
        for child in node.children
        if isinstance(child, Token) or child.data != "new_line_or_comment"
    )
    return (str(node.data), children, *position)


def decode(data: tuple[Any, ...]) -> Node:
    name, children, line, column, end_line, end_column = data
    tree: Node = Tree.__new__(Tree)
    tree.data = name
    tree.children = [_token(*c) if len(c) == 2 else decode(c) for c in children]
    meta = Meta()  # type: ignore[no-untyped-call]
    if line:
        meta.empty = False
        meta.line, meta.column, meta.end_line, meta.end_column = line, column, end_line, end_column
    tree._meta = meta
    return tree


def _token(kind: str, value: str) -> Token:
    token: Token = str.__new__(Token, value)
    token.type, token.value = kind, value
    token.start_pos = token.line = token.column = None
    token.end_line = token.end_column = token.end_pos = None
    return token
