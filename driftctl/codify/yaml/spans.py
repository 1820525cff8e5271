"""The exact span of every value of a YAML or JSON file, for byte-exact edits.

YAML is composed with PyYAML (the same loader the declared-state loaders use, so
CloudFormation's `!Ref` tags compose as they load); JSON is read by a small parser of
its own, because JSON's escapes and tabs are not always YAML 1.1. Both give one tree of
`Node`s with character offsets. PyYAML ends a block collection at the next token, after
any trailing comments and blank lines; `Node.end` is the end of its last value instead,
so an edit never swallows a comment that follows.
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any, Literal

import yaml

from driftctl.errors import DriftctlError
from driftctl.util import safeyaml

Kind = Literal["map", "seq", "scalar"]
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_WS = " \t\n\r"


@dataclasses.dataclass(eq=False)
class Node:
    kind: Kind
    start: int
    end: int  # exclusive; for block collections the end of the last value
    data: Any  # the value as the loader constructs it (intrinsics as {"Ref": ...})
    flow: bool = False  # a flow collection ({...} / [...]); every JSON collection
    style: str | None = None  # scalar: None plain, "'", '"', "|", ">"
    # a local tag such as !Ref; "*alias" for a node written once and used again through a
    # YAML alias; None for the standard ones
    tag: str | None = None
    pairs: list[tuple[Node, Node]] = dataclasses.field(default_factory=list)
    items: list[Node] = dataclasses.field(default_factory=list)
    key: Node | None = dataclasses.field(default=None, repr=False)  # the key it is the value of
    parent: Node | None = dataclasses.field(default=None, repr=False)

    def get(self, key: str) -> Node | None:
        for k, v in self.pairs:
            if k.data == key:
                return v
        return None

    def walk(self) -> Iterator[Node]:
        yield self
        for k, v in self.pairs:
            yield from k.walk()
            yield from v.walk()
        for item in self.items:
            yield from item.walk()


@dataclasses.dataclass
class Doc:
    """A parsed file: its text, tree and format, and how deep it indents."""

    name: str
    text: str
    root: Node
    json: bool
    step: int
    starts: list[int]
    pad: str = " "  # what a JSON file indents with: spaces, or tabs

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def col(self, offset: int) -> int:
        """0-based column of offset."""
        return offset - self.starts[self.line(offset) - 1]

    def line_start(self, offset: int) -> int:
        return self.starts[self.line(offset) - 1]

    def line_end(self, offset: int) -> int:
        """Offset just after the newline ending offset's line (or the end of the text)."""
        at = self.text.find("\n", offset)
        return len(self.text) if at < 0 else at + 1

    def indent_of(self, offset: int) -> int:
        """How many indentation characters (spaces; a tab-indented JSON file: tabs)
        start offset's line."""
        start = self.line_start(offset)
        line = self.text[start : self.line_end(offset)]
        return len(line) - len(line.lstrip(self.pad))

    def align(self, offset: int) -> str:
        """Whitespace that reaches offset's column on a new line: its line's text up to
        offset with every character but a tab made a space."""
        head = self.text[self.line_start(offset) : offset]
        return "".join(c if c == "\t" else " " for c in head)

    def where(self, node: Node) -> str:
        return f"{self.name}:{self.line(node.start)}"


def line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in re.finditer("\n", text))]


def parse(name: str, text: str, loader: type[Any] = yaml.SafeLoader) -> Doc:
    """text as JSON when it starts with `{` (as the CloudFormation loader decides), else YAML."""
    starts = line_starts(text)
    if text.lstrip().startswith("{"):
        root = _Json(text, name).document()
        step, pad = _json_step(text)
        return Doc(name, text, root, True, step, starts, pad)
    try:
        found = safeyaml.nodes(text, loader, duplicates=False)
        if len(found) > 1:
            raise DriftctlError(f"{name}: cannot re-read the file to edit it: several documents")
        node = found[0] if found else None
    except yaml.YAMLError as exc:
        raise DriftctlError(f"{name}: cannot re-read the file to edit it: {exc}") from exc
    if node is None:
        raise DriftctlError(f"{name}: the file is empty")
    return _yaml_doc(name, text, node, loader, starts)


def parse_documents(name: str, text: str, loader: type[Any] = yaml.SafeLoader) -> list[Doc]:
    """Every document of a multi-document YAML file (Kubernetes manifests), each a Doc of
    the whole text whose root is that document: edits of any of them are offsets of the
    file."""
    starts = line_starts(text)
    try:
        nodes = safeyaml.nodes(text, loader, duplicates=False)
    except yaml.YAMLError as exc:
        raise DriftctlError(f"{name}: cannot re-read the file to edit it: {exc}") from exc
    return [_yaml_doc(name, text, node, loader, starts) for node in nodes if node is not None]


def _yaml_doc(name: str, text: str, node: yaml.Node, loader: type[Any], starts: list[int]) -> Doc:
    constructor = loader("")
    seen: Counter[int] = Counter()
    _count(node, seen)
    shared = {n for n, times in seen.items() if times > 1}
    root = _from_yaml(node, text, (constructor, shared))
    return Doc(name, text, root, False, _yaml_step(root, text, starts), starts)


# -- YAML ----------------------------------------------------------------------------------


def _count(node: yaml.Node, seen: Counter[int]) -> None:
    """How many times each node occurs: an anchored node and its aliases are one node."""
    seen[id(node)] += 1
    if seen[id(node)] > 1:
        return
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            _count(k, seen)
            _count(v, seen)
    elif isinstance(node, yaml.SequenceNode):
        for v in node.value:
            _count(v, seen)


def _from_yaml(node: yaml.Node, text: str, env: tuple[Any, set[int]]) -> Node:
    constructor, shared = env
    tag = node.tag if node.tag.startswith("!") else None
    if id(node) in shared:
        tag = "*alias"  # an anchor and its aliases: editing one would change the others
    data = constructor.construct_document(node)
    if isinstance(node, yaml.ScalarNode):
        start, end = node.start_mark.index, node.end_mark.index
        if node.style in ("|", ">"):  # a block scalar ends after its line breaks
            end = start + len(text[start:end].rstrip())
        return Node("scalar", start, end, data, style=node.style, tag=tag)
    flow = bool(getattr(node, "flow_style", False))
    if isinstance(node, yaml.MappingNode):
        pairs = []
        for k, v in node.value:
            key = _from_yaml(k, text, env)
            value = _from_yaml(v, text, env)
            value.key = key
            pairs.append((key, value))
        last = pairs[-1][1].end if pairs else node.end_mark.index
        end = node.end_mark.index if flow or not pairs else last
        out = Node("map", node.start_mark.index, end, data, flow, tag=tag, pairs=pairs)
    else:
        assert isinstance(node, yaml.SequenceNode)
        items = [_from_yaml(v, text, env) for v in node.value]
        end = node.end_mark.index if flow or not items else items[-1].end
        out = Node("seq", node.start_mark.index, end, data, flow, tag=tag, items=items)
    _adopt(out)
    return out


def _adopt(node: Node) -> None:
    for k, v in node.pairs:
        k.parent = v.parent = node
    for item in node.items:
        item.parent = node


def _yaml_step(root: Node, text: str, starts: list[int]) -> int:
    """The indentation step: how far the first nested block mapping is indented under its key."""

    def col(offset: int) -> int:
        return offset - starts[bisect.bisect_right(starts, offset) - 1]

    for node in root.walk():
        if node.kind == "map" and not node.flow and node.key is not None and node.pairs:
            first = node.pairs[0][0].start
            if text.count("\n", node.key.start, first):
                step = col(first) - col(node.key.start)
                if step > 0:
                    return step
    return 2


# -- JSON ----------------------------------------------------------------------------------


def json_tree(text: str) -> Node | None:
    """The tree of a JSON document held in a string (a policy), or None if it is not JSON."""
    try:
        return _Json(text, "<string>").document()
    except (DriftctlError, IndexError):
        return None


class _Json:
    """A JSON reader that keeps the span of every value."""

    def __init__(self, text: str, name: str) -> None:
        self.text, self.name, self.at = text, name, 0

    def fail(self, what: str) -> DriftctlError:
        line = self.text.count("\n", 0, self.at) + 1
        return DriftctlError(f"{self.name}:{line}: cannot re-read the JSON to edit it: {what}")

    def skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at] in _WS:
            self.at += 1

    def document(self) -> Node:
        self.skip()
        node = self.value()
        self.skip()
        if self.at != len(self.text):
            raise self.fail("text after the document")
        return node

    def value(self) -> Node:
        self.skip()
        start = self.at
        ch = self.text[start : start + 1]
        if ch == "{":
            return self.obj()
        if ch == "[":
            return self.arr()
        if ch == '"':
            data, self.at = self.string()
            return Node("scalar", start, self.at, data, style='"')
        for word, literal in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, start):
                self.at = start + len(word)
                return Node("scalar", start, self.at, literal)
        found = _NUMBER.match(self.text, start)
        if found is None:
            raise self.fail(f"unexpected {ch!r}")
        self.at = found.end()
        return Node("scalar", start, self.at, json.loads(found.group(0)))

    def string(self) -> tuple[str, int]:
        try:
            return json.decoder.scanstring(self.text, self.at + 1)  # type: ignore[attr-defined,no-any-return]
        except ValueError as exc:
            raise self.fail(str(exc)) from exc

    def obj(self) -> Node:
        start = self.at
        self.at += 1
        pairs: list[tuple[Node, Node]] = []
        self.skip()
        while self.text[self.at : self.at + 1] != "}":
            if pairs:
                self.expect(",")
                self.skip()
            key_start = self.at
            if self.text[key_start : key_start + 1] != '"':
                raise self.fail("expected a key")
            key_data, self.at = self.string()
            key = Node("scalar", key_start, self.at, key_data, style='"')
            self.skip()
            self.expect(":")
            value = self.value()
            value.key = key
            pairs.append((key, value))
            self.skip()
        self.at += 1
        data = {k.data: v.data for k, v in pairs}
        out = Node("map", start, self.at, data, True, pairs=pairs)
        _adopt(out)
        return out

    def arr(self) -> Node:
        start = self.at
        self.at += 1
        items: list[Node] = []
        self.skip()
        while self.text[self.at : self.at + 1] != "]":
            if items:
                self.expect(",")
            items.append(self.value())
            self.skip()
        self.at += 1
        out = Node("seq", start, self.at, [i.data for i in items], True, items=items)
        _adopt(out)
        return out

    def expect(self, ch: str) -> None:
        self.skip()
        if self.text[self.at : self.at + 1] != ch:
            raise self.fail(f"expected {ch!r}")
        self.at += 1


def _json_step(text: str) -> tuple[int, str]:
    """The indentation step of a JSON file and what it indents with (spaces or tabs)."""
    for line in text.split("\n")[1:]:
        pad = line[:1]
        if pad not in (" ", "\t"):
            continue
        stripped = line.lstrip(pad)
        if stripped.strip():
            return len(line) - len(stripped), pad
    return 2, " "
