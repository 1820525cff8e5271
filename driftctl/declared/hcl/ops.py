"""Operators and small helpers of the HCL evaluator (templates, for expressions, keys)."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from driftctl.declared.hcl.parse import Node, name_of, trees, unwrap
from driftctl.declared.hcl.template import string_template
from driftctl.declared.hcl.values import (
    EvalFailure,
    as_unknown,
    equal,
    find_pending,
    is_pending,
    norm_number,
    to_bool,
    to_number,
    type_name,
)
from driftctl.model import Ref


def static_key(key_node: Node) -> str | None:
    """An object key written as a bare name or a plain string; None for an expression."""
    inner = trees(key_node)[0]
    if inner.data == "keyword":
        return name_of(inner)
    inner = unwrap(inner)
    if inner.data == "identifier":
        return name_of(inner)
    if inner.data == "string":
        seq = string_template(inner)
        if all(isinstance(part, str) for part in seq):
            return "".join(str(part) for part in seq)
    return None


def join_pieces(pieces: list[Any]) -> Any:
    """Rendered template pieces as a string; exactly one Ref gives a Ref with prefix/suffix."""
    pending = [i for i, piece in enumerate(pieces) if not isinstance(piece, str)]
    if not pending:
        return "".join(pieces)
    first = pieces[pending[0]]
    if len(pending) == 1 and isinstance(first, Ref):
        i = pending[0]
        prefix, suffix = "".join(pieces[:i]), "".join(pieces[i + 1 :])
        return Ref(first.address, first.path, prefix + first.prefix, first.suffix + suffix)
    return as_unknown(first)


def iterate(collection: Any) -> list[tuple[Any, Any]]:
    """(key, value) pairs: a map in key order, a list (or set) by index."""
    if isinstance(collection, dict):
        return [(k, collection[k]) for k in sorted(collection)]
    if isinstance(collection, list):
        return list(enumerate(collection))
    raise EvalFailure(f"cannot iterate over a {type_name(collection)} value")


def bind(names: tuple[str, ...], key: Any, value: Any) -> dict[str, Any]:
    return {names[0]: value} if len(names) == 1 else {names[0]: key, names[1]: value}


def add_for_item(out: dict[str, Any], key: str, value: Any, group: bool) -> None:
    if group:
        out.setdefault(key, []).append(value)
    elif key in out:
        raise EvalFailure(f"duplicate key {key!r} in a for expression; use ... to group values")
    else:
        out[key] = value


def binary(op: str, left: Any, right: Any) -> Any:
    """`left op right` for an HCL binary operator."""
    if op in ("&&", "||"):
        return _logical(op == "||", left, right)
    pending = find_pending([left, right])
    if pending is not None:
        return as_unknown(pending)
    if op in ("==", "!="):
        return equal(left, right) == (op == "==")
    return _ARITHMETIC[op](to_number(left), to_number(right))


def _logical(decider: bool, left: Any, right: Any) -> Any:
    """`&&` (decider False) and `||` (decider True); a known decider wins over unknowns."""
    known = [to_bool(v) for v in (left, right) if not is_pending(v)]
    if decider in known:
        return decider
    pending = find_pending([left, right])
    return as_unknown(pending) if pending is not None else not decider


def _modulo(a: float, b: float) -> float:
    if b == 0:
        raise EvalFailure("modulo by zero")
    if isinstance(a, int) and isinstance(b, int):
        rest = abs(a) % abs(b)
        return -rest if a < 0 else rest
    return norm_number(math.fmod(a, b))


def _exact(operation: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """Arithmetic on decimals, as Terraform's exact numbers: 0.1 + 0.2 is 0.3."""

    def run(a: int | float, b: int | float) -> int | float:
        if isinstance(a, int) and isinstance(b, int) and operation is not operator.truediv:
            return int(operation(a, b))
        if operation is operator.truediv and b == 0:
            raise EvalFailure("division by zero")
        return norm_number(float(operation(Decimal(repr(a)), Decimal(repr(b)))))

    return run


_ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": _exact(operator.add),
    "-": _exact(operator.sub),
    "*": _exact(operator.mul),
    "/": _exact(operator.truediv),
    "%": _modulo,
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
}
