"""Operators and for expressions, as hclsyntax evaluates them.

Operands are converted to the operator's parameter type first (`"2" * 3` is 6, `1 == "1"`
is false since `==` compares without converting). `&&` and `||` short-circuit as
Terraform >= 1.13 does (HCL 2.24): `x != null && x.a` is false when x is null.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.core.model import Ref
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.convert import ConversionError, convert, equals
from driftctl.declared.hcl.lang.limits import EvalLimitError, check_length, count_iterations
from driftctl.declared.hcl.lang.types import BOOL, NUMBER, STRING, CMap, CSet, is_null
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    as_unknown,
    hidden,
    is_pending,
    mark_if,
    type_name,
    unmark,
    unmark_all,
    unmark_deep,
)
from driftctl.errors import DriftctlError

if TYPE_CHECKING:
    from driftctl.declared.hcl.lang import nodes as n
    from driftctl.declared.hcl.lang.eval import Evaluator


def _operand(value: Any, want: Any, side: str) -> Any:
    if is_pending(value):
        return value
    try:
        return convert(value, want)
    except ConversionError as exc:
        raise EvalFailure(f"invalid operand: unsuitable value for {side} operand: {exc}") from None


def unary(op: str, marked_value: Any) -> Any:
    """A unary operator; a sensitive operand gives a sensitive result."""
    value, marked = unmark_deep(marked_value)
    try:
        return mark_if(marked, _unary(op, value))
    except EvalFailure as exc:
        raise hidden(exc, marked, [value]) from None


def _unary(op: str, value: Any) -> Any:
    if op == "!":
        operand = _operand(value, BOOL, "unary")
        if is_pending(operand):
            return as_unknown(operand)
        if is_null(operand):
            raise EvalFailure("operation failed: argument must not be null")
        return not operand
    operand = _operand(value, NUMBER, "unary")
    if is_pending(operand):
        return as_unknown(operand)
    if is_null(operand):
        raise EvalFailure("operation failed: argument must not be null")
    return number.negate(operand)


def binary(op: str, marked_left: Any, marked_right: Any) -> Any:
    """A binary operator; a sensitive operand gives a sensitive result."""
    (left, right), marked = unmark_all([marked_left, marked_right])
    try:
        return mark_if(marked, _binary(op, left, right))
    except EvalFailure as exc:
        raise hidden(exc, marked, [left, right]) from None


def _binary(op: str, left: Any, right: Any) -> Any:
    """`left op right` for every HCL binary operator but && and ||."""
    if op in ("==", "!="):
        result = equals(left, right)
        if is_pending(result):
            return result
        return result if op == "==" else not result
    a = _operand(left, NUMBER, "left")
    b = _operand(right, NUMBER, "right")
    for value in (a, b):
        if is_pending(value):
            return as_unknown(value)
    if is_null(a) or is_null(b):
        raise EvalFailure("operation failed: argument must not be null")
    try:
        return _ARITHMETIC[op](a, b)
    except number.NumberError as exc:
        raise EvalFailure(f"operation failed: {exc}") from None


_ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": number.add,
    "-": number.subtract,
    "*": number.multiply,
    "/": number.divide,
    "%": number.modulo,
    "<": lambda a, b: number.compare(a, b) < 0,
    ">": lambda a, b: number.compare(a, b) > 0,
    "<=": lambda a, b: number.compare(a, b) <= 0,
    ">=": lambda a, b: number.compare(a, b) >= 0,
}


def logical(evaluator: Evaluator, node: n.Binary) -> Any:
    """`&&` / `||` with HCL 2.24's short-circuit: a known deciding operand wins even when
    the other side failed (its error is dropped)."""
    decider = node.op == "||"
    left, left_error, left_marked = _side(evaluator, node.left, "left")
    right, right_error, right_marked = _side(evaluator, node.right, "right")
    try:
        result = _logical(decider, left, left_error, right, right_error)
    except EvalFailure as exc:
        raise hidden(exc, left_marked or right_marked, [left, right]) from None
    return mark_if(left_marked or right_marked, result)


def _logical(
    decider: bool,
    left: Any,
    left_error: DriftctlError | None,
    right: Any,
    right_error: DriftctlError | None,
) -> Any:
    left_known = left_error is None and not is_pending(left)
    right_known = right_error is None and not is_pending(right)
    if not left_known and not right_known:
        if left_error is None:
            return as_unknown(left)
        raise left_error
    if left_known and left is decider:
        return decider
    if right_known and right is decider:
        return decider
    if not left_known and right_known and right is (not decider):
        if left_error is not None:
            raise left_error
        return as_unknown(left)
    if not right_known and left_known and left is (not decider):
        if right_error is not None:
            raise right_error
        return as_unknown(right)
    for error in (left_error, right_error):
        if error is not None:
            raise error
    if is_null(left) or is_null(right):
        raise EvalFailure("operation failed: argument must not be null")
    return (left or right) if decider else (left and right)


def _side(evaluator: Evaluator, node: n.Expr, side: str) -> tuple[Any, DriftctlError | None, bool]:
    try:
        value, marked = unmark_deep(evaluator.evaluate(node))
    except EvalLimitError:
        raise
    except DriftctlError as exc:
        return None, exc, False
    try:
        return _operand(value, BOOL, side), None, marked
    except EvalFailure as exc:
        raise hidden(exc, marked, [value]) from None


# ---------------------------------------------------------------------------- for


def iterate(collection: Any) -> list[tuple[Any, Any]]:
    """(key, value) pairs as cty iterates: maps and objects in key order, lists and
    tuples by index, sets by element (key and value alike)."""
    if isinstance(collection, dict):
        return [(k, collection[k]) for k in sorted(collection)]
    if type(collection) is CSet:
        return [(v, v) for v in collection]
    if isinstance(collection, list):
        return list(enumerate(collection))
    raise EvalFailure(f"iteration over non-iterable value: a {type_name(collection)} value")


def bind(names: tuple[str | None, str], key: Any, value: Any) -> dict[str, Any]:
    key_name, value_name = names
    bound = {value_name: value}
    if key_name is not None:
        bound[key_name] = key
    return bound


def evaluate_for(evaluator: Evaluator, node: n.For) -> Any:
    """A for expression; a sensitive collection (itself, not its elements, which keep their
    own marks), condition or key makes the result sensitive."""
    collection, marked = unmark(evaluator.evaluate(node.collection))
    flag = [marked]
    result = _evaluate_for(evaluator, node, collection, flag)
    return mark_if(flag[0], result)


def _evaluate_for(evaluator: Evaluator, node: n.For, collection: Any, flag: list[bool]) -> Any:
    if is_pending(collection):
        return as_unknown(collection)
    if is_null(collection):
        raise EvalFailure(
            "iteration over null value: a null value cannot be used as the collection"
        )
    names = (node.key_var, node.value_var)
    pending: Any = None
    tuple_out: list[Any] = []
    object_out: dict[str, Any] = {}
    pairs = iterate(collection)
    count_iterations(len(pairs))
    for key, value in pairs:
        child = evaluator.with_names(bind(names, key, value))
        if node.cond is not None:
            keep, keep_marked = unmark_deep(child.evaluate(node.cond))
            flag[0] = flag[0] or keep_marked
            if is_pending(keep):
                pending = pending or keep
                continue
            if is_null(keep):
                raise EvalFailure("condition value is null: a for condition must be true or false")
            try:
                keep = convert(keep, BOOL)
            except ConversionError as exc:
                raise EvalFailure(f"invalid 'for' condition: {exc}") from None
            if not keep:
                continue
        if not node.is_object:
            tuple_out.append(child.evaluate(node.value))
            continue
        assert node.key is not None
        raw, key_marked = unmark_deep(child.evaluate(node.key))
        flag[0] = flag[0] or key_marked
        if is_pending(raw):
            pending = pending or raw
            continue
        if is_null(raw):
            raise EvalFailure("invalid object key: the key expression produced null")
        try:
            item_key = str(convert(raw, STRING))
        except ConversionError as exc:
            raise EvalFailure(f"invalid object key: {exc}") from None
        item = child.evaluate(node.value)
        if node.group:
            object_out.setdefault(item_key, []).append(item)
        elif item_key in object_out:
            raise EvalFailure(
                f"duplicate object key {item_key!r} in a for expression; use ... after the value "
                "to group values by key"
            )
        else:
            object_out[item_key] = item
    if pending is not None:
        return as_unknown(pending)
    return object_out if node.is_object else tuple_out


def join_pieces(pieces: list[Any]) -> Any:
    """Rendered template pieces as a string; exactly one Ref gives a Ref with prefix/suffix."""
    pending = [i for i, piece in enumerate(pieces) if not isinstance(piece, str)]
    if not pending:
        if len(pieces) > 1:
            check_length(sum(map(len, pieces)))
        return "".join(pieces)
    first = pieces[pending[0]]
    if len(pending) == 1 and isinstance(first, Ref):
        i = pending[0]
        prefix, suffix = "".join(pieces[:i]), "".join(pieces[i + 1 :])
        return Ref(first.address, first.path, prefix + first.prefix, first.suffix + suffix)
    return as_unknown(first)


__all__ = ["CMap"]
