"""Parsing HCL text into python-hcl2's raw lark tree, and small helpers to read that tree."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeAlias

import hcl2.api
from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from driftctl.errors import DriftctlError

Node: TypeAlias = "Tree[Token]"

SYNTAX_HINT = "fix the HCL syntax there; `terraform validate` gives the full diagnosis"
# Levels of the parse tree a file may have. Everything that reads a tree walks it
# recursively (the evaluator, the cache, codify, the determinism lint), so a tree too deep
# for Python's stack would end in a RecursionError instead of a message. Each level of
# `[`, `{` or `(` takes two or three tree levels, each binary operator one: 400 is far
# above what people write (a 20-deep expression is rare).
MAX_TREE_DEPTH = 400


def parse(text: str, display: str) -> Node:
    """Parse HCL text; a syntax error (or an expression nested deeper than MAX_TREE_DEPTH)
    raises DriftctlError naming display:line:col."""
    try:
        tree: Node = hcl2.api.parses_to_tree(text)
    except UnexpectedInput as exc:
        line, column = _error_position(exc, text)
        raise DriftctlError(
            f"{display}:{line}:{column}: syntax error: {_reason(exc)}", hint=SYNTAX_HINT
        ) from None
    except RecursionError:  # the parser itself does not recurse today; should it one day
        raise DriftctlError(
            f"{display}:1:1: nested too deeply to parse", hint="split it into locals"
        ) from None
    check_depth(tree, display)
    return tree


def check_depth(tree: Node, display: str) -> None:
    """Refuse a tree deeper than MAX_TREE_DEPTH, naming where it gets too deep."""
    stack: list[tuple[Node, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_TREE_DEPTH:
            at = node.meta if not node.meta.empty else tree.meta
            line = getattr(at, "line", 1)
            column = getattr(at, "column", 1)
            raise DriftctlError(
                f"{display}:{line}:{column}: expression nested too deeply (its syntax is "
                f"more than {MAX_TREE_DEPTH} levels deep)",
                hint="split it into locals; driftctl refuses deeper nesting",
            )
        stack.extend((c, depth + 1) for c in node.children if isinstance(c, Tree))


_TERMINALS = {
    "$END": "end of file",
    "NL_OR_COMMENT": "a new line",
    "COMMA": "','",
    "RSQB": "']'",
    "RBRACE": "'}'",
    "RPAR": "')'",
    "LBRACE": "'{'",
    "EQ": "'='",
    "COLON": "':'",
    "DBLQUOTE": "'\"'",
    "NAME": "a name",
}


def _error_position(exc: UnexpectedInput, text: str) -> tuple[int, int]:
    line, column = getattr(exc, "line", -1), getattr(exc, "column", -1)
    eof = isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    )
    if eof or not isinstance(line, int) or line < 1:
        lines = text.splitlines() or [""]
        return len(lines), len(lines[-1]) + 1
    return line, column if isinstance(column, int) else 1


def _reason(exc: UnexpectedInput) -> str:
    if isinstance(exc, UnexpectedCharacters):
        return f"unexpected character {exc.char!r}"
    if isinstance(exc, UnexpectedToken):
        if exc.token.type == "$END":
            return "unexpected end of file"
        value = str(exc.token).strip()
        value = value if len(value) <= 40 else f"{value[:37]}..."  # a 5,000-character token
        shown = repr(value) if value else "end of line"
        expected = sorted({_TERMINALS.get(t, t.lower()) for t in exc.expected})
        tail = f", expected {' or '.join(expected)}" if 0 < len(expected) <= 4 else ""
        return f"unexpected {shown}{tail}"
    return "unexpected end of file"


def where(file: str, node: Node) -> str:
    """file:line:col of a node, for messages."""
    return f"{file}:{node.meta.line}:{node.meta.column}"


def trees(node: Node) -> list[Node]:
    """The sub-trees of node, without newlines and comments."""
    return [c for c in node.children if isinstance(c, Tree) and c.data != "new_line_or_comment"]


def tokens(node: Node) -> list[Token]:
    return [c for c in node.children if isinstance(c, Token)]


def name_of(node: Node) -> str:
    """The text of an identifier, keyword or literal_value node (a name position)."""
    for child in node.children:
        if isinstance(child, Token):
            return str(child)
        return name_of(child)
    raise ValueError(f"no name in {node.data}")


def label_of(node: Node) -> str:
    """A block label: an identifier or a plain quoted string."""
    if node.data == "string":
        return "".join(
            str(t) for part in trees(node) for t in part.children if isinstance(t, Token)
        )
    return name_of(node)


def body_items(body: Node) -> Iterator[Node]:
    """The attribute and block nodes of a body, in source order."""
    for child in trees(body):
        if child.data in ("attribute", "block"):
            yield child


def attribute_name(attribute: Node) -> str:
    return name_of(trees(attribute)[0])


def attribute_value(attribute: Node) -> Node:
    return trees(attribute)[-1]


def block_parts(block: Node) -> tuple[str, list[str], Node]:
    """(block type, labels, body) of a block node."""
    parts = trees(block)
    body = parts[-1]
    return name_of(parts[0]), [label_of(p) for p in parts[1:-1]], body


def unwrap(node: Node) -> Node:
    """The node inside plain expr_term wrappers (never through parentheses)."""
    while node.data == "expr_term" and len(node.children) == 1:
        child = node.children[0]
        if not isinstance(child, Tree):
            break
        node = child
    return node


def static_traversal(node: Node) -> list[str] | None:
    """`a.b.c` as ["a", "b", "c"] when node is a plain attribute chain, else None."""
    node = unwrap(node)
    if node.data == "identifier":
        return [name_of(node)]
    if node.data != "get_attr_expr_term":
        return None
    inner, get_attr = trees(node)
    head = static_traversal(inner)
    return None if head is None else [*head, name_of(trees(get_attr)[0])]
