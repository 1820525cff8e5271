"""A parse cache: syntax trees (nodes.py) stored under the hash of the file's content.

A tree depends only on the text and on the parser, so the key is the SHA-256 of the text
together with the parser's version (syntax.PARSER_VERSION), driftctl's, Python's and this
cache's format. An entry is a header and then each top-level item of the file pickled on
its own (a large file never has a second full copy of its tree in memory), read back by an
unpickler that builds only syntax-tree nodes (resultcache.SafeUnpickler). An entry that
cannot be read (truncated, foreign, ...) is parsed again and rewritten; a cache directory
that cannot be written is simply not used.
Entries are written atomically (a temporary file renamed into place), so concurrent runs
never see half an entry.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import pickle
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

from driftctl.declared.hcl import nodes as n
from driftctl.declared.hcl.number import BigFloat
from driftctl.declared.hcl.resultcache import safe_load
from driftctl.declared.hcl.syntax import PARSER_VERSION, parse_file

FORMAT = "4"


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
        self.hits = 0
        self.misses = 0

    def key(self, text: str) -> str:
        return hashlib.sha256(self._salt + text.encode("utf-8", "surrogatepass")).hexdigest()

    def parse(self, text: str, display: str) -> n.Body:
        key = self.key(text)
        path = self.directory / key[:2] / f"{key}.tree"
        tree = self._read(path)
        if tree is not None:
            self.hits += 1
            return tree
        self.misses += 1
        tree = parse_file(text, display)
        self._write(path, tree)
        return tree

    @staticmethod
    def _read(path: Path) -> n.Body | None:
        try:
            with path.open("rb") as entry:
                header = safe_load(entry)
                if not (isinstance(header, tuple) and len(header) == 4 and header[0] == FORMAT):
                    return None
                _, count, start, stop = header
                items = [safe_load(entry) for _ in range(count)]
                if entry.read(1):
                    return None
        except FileNotFoundError:
            return None
        except Exception:  # a damaged, foreign or planted entry: parse again
            return None
        if not all(type(item) in (n.Attribute, n.Block) for item in items):
            return None
        return n.Body(items, start, stop)

    @staticmethod
    def _write(path: Path, tree: n.Body) -> None:
        """The entry: a header, then each top-level item as its own marshal record, so a
        large file never has a second full copy of its tree in memory."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        except OSError:
            return
        try:
            with os.fdopen(handle, "wb") as out:
                pickle.dump((FORMAT, len(tree.items), tree.start, tree.stop), out, protocol=5)
                for item in tree.items:
                    pickle.dump(item, out, protocol=5)
            os.replace(temporary, path)
        except (OSError, ValueError, RecursionError, pickle.PicklingError):
            with contextlib.suppress(OSError):
                os.unlink(temporary)


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
