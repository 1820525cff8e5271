"""The syntax tree of HCL's native syntax, as `syntax.py` builds it.

Small classes with slots, one per construct of hclsyntax (HCL's Go implementation), so
the evaluator can follow Terraform's semantics construct by construct. A position is one
int, `line << 24 | column` (1-based, columns in characters); `start`/`stop` bound a node's
text, stop exclusive, so a span slices the file's text exactly. A class's __slots__ list
its children in source order, which is the order walk() visits them in.
"""

# ruff: noqa: RUF023  (slots in source order, not sorted: see above)

from __future__ import annotations

import operator
from typing import Any, ClassVar, TypeAlias, final

COLUMN_BITS = 24
COLUMN_MASK = (1 << COLUMN_BITS) - 1


def pack(line: int, column: int) -> int:
    return (line << COLUMN_BITS) | column


class Node:
    __slots__ = ("start", "stop")

    start: int
    stop: int
    # the arguments of the class's constructor, read from a node: its slots, start, stop
    _arguments: ClassVar[operator.attrgetter[Any]]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        if "_arguments" not in cls.__dict__:
            cls._arguments = operator.attrgetter(*cls.__slots__, "start", "stop")

    def __reduce__(self) -> tuple[type[Node], tuple[Any, ...]]:
        """Pickled as its constructor's call (the parse cache holds millions of nodes):
        a third smaller and faster both ways than the default state of slots."""
        cls = type(self)
        return cls, cls._arguments(self)

    @property
    def line(self) -> int:
        return self.start >> COLUMN_BITS

    @property
    def column(self) -> int:
        return self.start & COLUMN_MASK

    @property
    def end_line(self) -> int:
        return self.stop >> COLUMN_BITS

    @property
    def end_column(self) -> int:
        return self.stop & COLUMN_MASK

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields} @{self.line}:{self.column})"


class Expr(Node):
    __slots__ = ()


@final
class Literal(Expr):
    """A number, true, false or null (None)."""

    __slots__ = ("value",)

    def __init__(self, value: Any, start: int, stop: int) -> None:
        self.value = value
        self.start, self.stop = start, stop


@final
class Template(Expr):
    """A quoted string or heredoc: literal strings and parts (interpolations,
    TIf, TFor). `wrap` is a lone interpolation, whose value passes through unconverted.
    `kind` is "quoted", "heredoc" or "heredoc_trim"; `marker` the heredoc's delimiter."""

    __slots__ = ("parts", "wrap", "kind", "marker")

    def __init__(
        self, parts: tuple[Any, ...], wrap: bool, kind: str, marker: str, start: int, stop: int
    ) -> None:
        self.parts = parts
        self.wrap = wrap
        self.kind = kind
        self.marker = marker
        self.start, self.stop = start, stop

    def literal(self) -> str | None:
        """The text of a template without interpolations or directives."""
        if all(type(p) is str for p in self.parts):
            return "".join(self.parts)
        return None


@final
class TIf(Node):
    __slots__ = ("cond", "then", "otherwise")

    def __init__(
        self, cond: Expr, then: tuple[Any, ...], otherwise: tuple[Any, ...], start: int, stop: int
    ) -> None:
        self.cond, self.then, self.otherwise = cond, then, otherwise
        self.start, self.stop = start, stop


@final
class TFor(Node):
    __slots__ = ("key", "value", "collection", "body")

    def __init__(
        self,
        key: str | None,
        value: str,
        collection: Expr,
        body: tuple[Any, ...],
        start: int,
        stop: int,
    ) -> None:
        self.key, self.value, self.collection, self.body = key, value, collection, body
        self.start, self.stop = start, stop


@final
class Tuple(Expr):
    __slots__ = ("items",)

    def __init__(self, items: tuple[Expr, ...], start: int, stop: int) -> None:
        self.items = items
        self.start, self.stop = start, stop


@final
class ObjectKey(Expr):
    """An object constructor's key: a bare name is a literal unless parenthesized."""

    __slots__ = ("expr", "force")
    _arguments = operator.attrgetter("expr", "force")

    def __init__(self, expr: Expr, force: bool) -> None:
        self.expr, self.force = expr, force
        self.start, self.stop = expr.start, expr.stop

    def keyword(self) -> str | None:
        """The literal name a bare identifier (or true/false/null) key stands for."""
        if self.force:
            return None
        expr = self.expr
        if type(expr) is ScopeTraversal and not expr.steps:
            return expr.root
        if type(expr) is Literal and (expr.value is None or type(expr.value) is bool):
            return {None: "null", True: "true", False: "false"}[expr.value]
        return None


@final
class Object(Expr):
    __slots__ = ("items",)

    def __init__(self, items: tuple[tuple[ObjectKey, Expr], ...], start: int, stop: int) -> None:
        self.items = items
        self.start, self.stop = start, stop


# A traversal step: ("attr", name) or ("index", literal key value), with its position.
Step: TypeAlias = "tuple[str, Any, int, int]"


@final
class ScopeTraversal(Expr):
    """`root.a[0].b`: a name and steps with literal keys."""

    __slots__ = ("root", "steps")

    def __init__(self, root: str, steps: tuple[Step, ...], start: int, stop: int) -> None:
        self.root, self.steps = root, steps
        self.start, self.stop = start, stop


@final
class RelativeTraversal(Expr):
    """`(expr).a[0]`: steps with literal keys applied to the value of an expression."""

    __slots__ = ("source", "steps")

    def __init__(self, source: Expr, steps: tuple[Step, ...], start: int, stop: int) -> None:
        self.source, self.steps = source, steps
        self.start, self.stop = start, stop


@final
class Index(Expr):
    """`collection[key]` with a key that is an expression."""

    __slots__ = ("collection", "key")

    def __init__(self, collection: Expr, key: Expr, start: int, stop: int) -> None:
        self.collection, self.key = collection, key
        self.start, self.stop = start, stop


@final
class AnonSymbol(Expr):
    """The element a splat's `each` expression is evaluated on."""

    __slots__ = ()

    def __init__(self, start: int, stop: int) -> None:
        self.start, self.stop = start, stop


@final
class Splat(Expr):
    """`source[*].each` (full) or `source.*.each` (attribute-only)."""

    __slots__ = ("source", "each", "item")

    def __init__(self, source: Expr, each: Expr, item: AnonSymbol, start: int, stop: int) -> None:
        self.source, self.each, self.item = source, each, item
        self.start, self.stop = start, stop


@final
class Call(Expr):
    __slots__ = ("name", "args", "expand")

    def __init__(
        self, name: str, args: tuple[Expr, ...], expand: bool, start: int, stop: int
    ) -> None:
        self.name, self.args, self.expand = name, args, expand
        self.start, self.stop = start, stop


@final
class For(Expr):
    __slots__ = ("key_var", "value_var", "collection", "key", "value", "cond", "group", "is_object")

    def __init__(
        self,
        key_var: str | None,
        value_var: str,
        collection: Expr,
        key: Expr | None,
        value: Expr,
        cond: Expr | None,
        group: bool,
        is_object: bool,
        start: int,
        stop: int,
    ) -> None:
        self.key_var, self.value_var, self.collection = key_var, value_var, collection
        self.key, self.value, self.cond = key, value, cond
        self.group, self.is_object = group, is_object
        self.start, self.stop = start, stop


@final
class Conditional(Expr):
    __slots__ = ("cond", "then", "otherwise")

    def __init__(self, cond: Expr, then: Expr, otherwise: Expr, start: int, stop: int) -> None:
        self.cond, self.then, self.otherwise = cond, then, otherwise
        self.start, self.stop = start, stop


@final
class Binary(Expr):
    __slots__ = ("op", "left", "right")

    def __init__(self, op: str, left: Expr, right: Expr, start: int, stop: int) -> None:
        self.op, self.left, self.right = op, left, right
        self.start, self.stop = start, stop


@final
class Unary(Expr):
    __slots__ = ("op", "operand")

    def __init__(self, op: str, operand: Expr, start: int, stop: int) -> None:
        self.op, self.operand = op, operand
        self.start, self.stop = start, stop


@final
class Paren(Expr):
    __slots__ = ("expr",)

    def __init__(self, expr: Expr, start: int, stop: int) -> None:
        self.expr = expr
        self.start, self.stop = start, stop


# ---------------------------------------------------------------------------- structure


@final
class Attribute(Node):
    __slots__ = ("name", "expr")

    def __init__(self, name: str, expr: Expr, start: int, stop: int) -> None:
        self.name, self.expr = name, expr
        self.start, self.stop = start, stop


@final
class Block(Node):
    __slots__ = ("type", "labels", "body")

    def __init__(
        self, type_: str, labels: tuple[str, ...], body: Body, start: int, stop: int
    ) -> None:
        self.type, self.labels, self.body = type_, labels, body
        self.start, self.stop = start, stop


@final
class Body(Node):
    """Attributes and blocks in source order."""

    __slots__ = ("items",)

    def __init__(self, items: list[Attribute | Block], start: int, stop: int) -> None:
        self.items = items
        self.start, self.stop = start, stop

    def attributes(self) -> dict[str, Attribute]:
        return {i.name: i for i in self.items if type(i) is Attribute}

    def blocks(self) -> list[Block]:
        return [i for i in self.items if type(i) is Block]


def unwrap(expr: Expr) -> Expr:
    """The expression inside parentheses."""
    while type(expr) is Paren:
        expr = expr.expr
    return expr


def static_traversal(expr: Expr) -> list[str] | None:
    """`a.b.c` as ["a", "b", "c"] when expr is a plain attribute chain, else None."""
    if type(expr) is not ScopeTraversal:
        return None
    names = [expr.root]
    for kind, key, _, _ in expr.steps:
        if kind != "attr":
            return None
        names.append(key)
    return names


def walk(node: Any) -> Any:
    """Every node under node (node included), depth first."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, tuple):
            stack.extend(reversed(current))
            continue
        if isinstance(current, list):
            stack.extend(reversed(current))
            continue
        if not isinstance(current, Node):
            continue
        yield current
        for name in reversed(type(current).__slots__):
            if name in ("start", "stop"):
                continue
            child = getattr(current, name)
            if isinstance(child, (Node, tuple, list)):
                stack.append(child)
