"""A parse cache: python-hcl2's lark trees stored under the hash of the file's content.

Parsing is the slow part of loading (python-hcl2 reads about 0.3 MB/s); a tree depends
only on the text and on the parser, so the key is the SHA-256 of the text together with
the versions of python-hcl2, lark, Python and this cache's format. An entry is the tree
as nested tuples in `marshal` form (unpickling lark's Tokens costs more than parsing),
without the new-line/comment subtrees the evaluator skips; reading it builds the Trees
and Tokens directly. An entry that cannot be read (truncated, foreign, ...) is parsed
again and rewritten; a cache directory that cannot be written is simply not used.
Entries are written atomically (a temporary file renamed into place), so concurrent
runs never see half an entry.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

from lark import Token, Tree
from lark.tree import Meta

from driftctl.declared.hcl.parse import Node, parse

FORMAT = "2"


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
        self.hits = 0
        self.misses = 0

    def key(self, text: str) -> str:
        return hashlib.sha256(self._salt + text.encode("utf-8", "surrogatepass")).hexdigest()

    def parse(self, text: str, display: str) -> Node:
        key = self.key(text)
        path = self.directory / key[:2] / f"{key}.tree"
        tree = self._read(path)
        if tree is not None:
            self.hits += 1
            return tree
        self.misses += 1
        tree = parse(text, display)
        self._write(path, tree)
        return tree

    @staticmethod
    def _read(path: Path) -> Node | None:
        try:
            data = marshal.loads(path.read_bytes())
            return decode(data)
        except FileNotFoundError:
            return None
        except (OSError, EOFError, ValueError, TypeError, IndexError, RecursionError):
            return None

    @staticmethod
    def _write(path: Path, tree: Node) -> None:
        try:
            data = marshal.dumps(encode(tree))
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        except (OSError, ValueError, RecursionError):
            return
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


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
