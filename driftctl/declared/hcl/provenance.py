"""Provenance: for a value at a path inside an attribute, the exact span of the literal
that wrote it.

The attribute's expression is followed to where the value is written: through var.x
(to the tfvars entry, the -var-file entry, the module call's argument or the default),
local.x, each.value and dynamic-block iterators (to the element of the for_each
collection), module outputs, object and tuple literals (by key and index), conditionals
(the branch taken) and merge()/concat() (the argument that supplied the key or item).
Where it cannot go further (a function result, a for expression, a template with several
parts) the span is that of the expression that computed the value: the place to edit.

Spans are SourceRef(file, line, end_line, col, end_col): 1-based, end_col exclusive,
so slicing the file's text by them gives the literal exactly.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from driftctl.core.model import SourceRef
from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.eval import Evaluator, HclEvalError, Origin
from driftctl.declared.hcl.lang.nodes import Node
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    Sensitive,
    is_pending,
    to_str,
    unmark_deep,
)

Path = tuple[str | int, ...]

_MAX_DEPTH = 24


def span(file: str, node: Node) -> SourceRef:
    """The exact span of node's text in file."""
    return SourceRef(file, node.line, node.end_line, node.column, node.end_column)


@dataclasses.dataclass(frozen=True)
class _Place:
    """Where a value is written: node (evaluated by evaluator, in file), and the path still
    to go below it; a non-empty rest means the walk stopped at an expression that
    computes the value."""

    evaluator: Evaluator
    file: str
    node: n.Expr
    rest: Path = ()


def record(
    provenance: dict[str, SourceRef],
    name: str,
    evaluator: Evaluator,
    node: n.Expr,
    value: Any,
) -> None:
    """provenance[name and every path inside value] = the span that wrote it."""
    walker = _Walker()
    walker.fill(
        provenance, name, walker.descend(_Place(evaluator, evaluator.frame.file, node)), value
    )


def locate(evaluator: Evaluator, file: str, node: n.Expr, path: Path) -> SourceRef:
    """The span that writes the value at path inside node's value."""
    place = _Walker().descend(_Place(evaluator, file, node, path))
    return span(place.file, place.node)


class _Walker:
    """One walk over an attribute's value; evaluations made to choose a way are memoized."""

    def __init__(self) -> None:
        self._memo: dict[tuple[int, int], Any] = {}

    def fill(self, provenance: dict[str, SourceRef], name: str, place: _Place, value: Any) -> None:
        provenance[name] = span(place.file, place.node)
        if isinstance(value, Sensitive):  # where a sensitive value is written is no secret
            value = value.value
        if isinstance(value, dict):
            for key, item in value.items():
                child = (
                    place if place.rest else self.descend(dataclasses.replace(place, rest=(key,)))
                )
                self.fill(provenance, f"{name}.{key}", child, item)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                child = (
                    place if place.rest else self.descend(dataclasses.replace(place, rest=(index,)))
                )
                self.fill(provenance, f"{name}[{index}]", child, item)

    def descend(self, place: _Place) -> _Place:
        for _ in range(_MAX_DEPTH):
            following = self._step(place)
            if following is None:
                return place
            place = following
        return place

    def evaluate(self, evaluator: Evaluator, node: n.Expr) -> Any:
        key = (id(evaluator), id(node))
        if key not in self._memo:
            try:
                value = unmark_deep(evaluator.evaluate(node))[0]
            except HclEvalError:
                value = None
            self._memo[key] = None if is_pending(value) else value
        return self._memo[key]

    def _step(self, place: _Place) -> _Place | None:
        evaluator, file, path = place.evaluator, place.file, place.rest
        inner = n.unwrap(place.node)
        if isinstance(inner, (n.ScopeTraversal, n.RelativeTraversal, n.Index)):
            return self._reference(place, inner)
        if type(inner) is n.Template:
            if inner.wrap:
                return _Place(evaluator, file, inner.parts[0], path)
            return None
        if type(inner) is n.Conditional:
            chosen = self.evaluate(evaluator, inner.cond)
            if not isinstance(chosen, bool):
                return None
            return _Place(evaluator, file, inner.then if chosen else inner.otherwise, path)
        if not path:
            return None
        if type(inner) is n.Object:
            return self._object(place, inner)
        if type(inner) is n.Tuple and isinstance(path[0], int):
            items = inner.items
            if 0 <= path[0] < len(items):
                return _Place(evaluator, file, items[path[0]], path[1:])
            return None
        if type(inner) is n.Call:
            return self._function(place, inner)
        return None

    def _object(self, place: _Place, node: n.Object) -> _Place | None:
        wanted = str(place.rest[0])
        for key_node, value_node in reversed(node.items):  # the last of duplicate keys wins
            key = key_node.keyword()
            if key is None:
                evaluated = self.evaluate(place.evaluator, key_node.expr)
                try:
                    key = None if evaluated is None else to_str(evaluated)
                except EvalFailure:
                    key = None
            if key == wanted:
                return _Place(place.evaluator, place.file, value_node, place.rest[1:])
        return None

    def _function(self, place: _Place, node: n.Call) -> _Place | None:
        name = node.name.removeprefix("core::")
        args = node.args
        path = place.rest
        if name == "merge":
            for arg in reversed(args):
                value = self.evaluate(place.evaluator, arg)
                if isinstance(value, dict) and str(path[0]) in value:
                    return _Place(place.evaluator, place.file, arg, path)
            return None
        if name == "concat" and isinstance(path[0], int):
            index = path[0]
            for arg in args:
                value = self.evaluate(place.evaluator, arg)
                if not isinstance(value, list):
                    return None
                if index < len(value):
                    return _Place(place.evaluator, place.file, arg, (index, *path[1:]))
                index -= len(value)
        return None

    def _reference(self, place: _Place, node: n.Expr) -> _Place | None:
        evaluator = place.evaluator
        steps = self._steps(evaluator, node)
        if steps is None or len(steps) < 2 or not isinstance(steps[1], str):
            return None
        root, rest = steps[0], steps[1:]
        origin: Origin | None = None
        tail: Path = ()
        if isinstance(root, str) and root in evaluator.frame.origins:  # each / dynamic iterator
            bound, key = evaluator.frame.origins[root]
            if rest[0] == "value":
                origin, tail = bound, (key, *_plain(rest[1:]))
        elif root in ("var", "local"):
            origin, tail = evaluator.scope.origin(str(root), str(rest[0])), _plain(rest[1:])
        elif root == "module":
            key = rest[1].key if len(rest) > 1 and isinstance(rest[1], _Index) else None
            after = rest[2:] if key is not None else rest[1:]
            if after and isinstance(after[0], str):
                origin = evaluator.scope.output_origin(str(rest[0]), key, after[0])
                tail = _plain(after[1:])
        if origin is None or origin.evaluator is None:
            return None
        return _Place(origin.evaluator, origin.file, origin.node, (*tail, *place.rest))

    def _steps(self, evaluator: Evaluator, node: n.Expr) -> tuple[str | _Index, ...] | None:
        """a.b["k"][0] as ("a", "b", _Index("k"), _Index(0)); None if not a plain traversal."""
        if type(node) is n.ScopeTraversal:
            out: list[str | _Index] = [node.root]
            for step_kind, key, _, _ in node.steps:
                if step_kind == "attr":
                    out.append(key)
                elif isinstance(key, (str, int)) and not isinstance(key, bool):
                    out.append(_Index(key))
                else:
                    return None
            return tuple(out)
        if type(node) is n.RelativeTraversal:
            head = self._steps(evaluator, node.source)
            if head is None:
                return None
            more: list[str | _Index] = list(head)
            for step_kind, key, _, _ in node.steps:
                if step_kind == "attr":
                    more.append(key)
                elif isinstance(key, (str, int)) and not isinstance(key, bool):
                    more.append(_Index(key))
                else:
                    return None
            return tuple(more)
        if type(node) is n.Index:
            head = self._steps(evaluator, node.collection)
            if head is None:
                return None
            key = self.evaluate(evaluator, node.key)
            whole = _whole(key)
            if whole is None and not isinstance(key, str):
                return None
            return (*head, _Index(whole if whole is not None else key))
        return None


def _whole(value: Any) -> int | None:
    from driftctl.declared.hcl.lang import number

    if number.is_number(value):
        return number.to_int(value)
    return None


@dataclasses.dataclass(frozen=True)
class _Index:
    key: str | int


def _plain(steps: tuple[str | _Index, ...]) -> Path:
    return tuple(s.key if isinstance(s, _Index) else s for s in steps)
