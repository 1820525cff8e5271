"""String templates: quoted strings, heredocs and template files, rendered as HCL does.

The parser (syntax.py) has already applied escapes (`$${`, `%%{`, `\\n`, ...), strip
markers (`~`) and the flush rule of `<<-` heredocs; a template is literal strings,
interpolated expressions and `%{if}` / `%{for}` directives. A lone interpolation
(`"${x}"`) passes its value through unconverted; otherwise each value is converted to a
string (`${true}` is "true", `${1.50}` is "1.5"), and null is an error.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.convert import ConversionError, convert, nfc
from driftctl.declared.hcl.lang.limits import count_iterations
from driftctl.declared.hcl.lang.ops import bind, iterate, join_pieces
from driftctl.declared.hcl.lang.types import BOOL, STRING, is_null
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    as_unknown,
    hidden,
    is_pending,
    mark,
    mark_if,
    type_name,
    unmark,
    unmark_all,
    unmark_deep,
)

if TYPE_CHECKING:
    from driftctl.declared.hcl.lang.eval import Evaluator


def render_template(evaluator: Evaluator, node: n.Template) -> Any:
    if node.wrap:
        return evaluator.evaluate(node.parts[0])
    parts = node.parts
    if len(parts) == 1 and type(parts[0]) is str:
        return parts[0]
    pieces: list[Any] = []
    _render_into(evaluator, parts, pieces)
    plain, marked = unmark_all(pieces)  # a sensitive piece makes the string sensitive
    joined = join_pieces(plain)
    return mark_if(marked, nfc(joined) if isinstance(joined, str) else joined)


def _render_into(evaluator: Evaluator, parts: tuple[Any, ...], out: list[Any]) -> None:
    for part in parts:
        kind = type(part)
        if kind is str:
            out.append(part)
        elif kind is n.TIf:
            _render_if(evaluator, part, out)
        elif kind is n.TFor:
            _render_for(evaluator, part, out)
        else:
            out.append(_interpolate(evaluator.evaluate(part)))


def _interpolate(marked_value: Any) -> Any:
    value, marked = unmark_deep(marked_value)
    try:
        return mark_if(marked, _interpolate_plain(value))
    except EvalFailure as exc:
        raise hidden(exc, marked, [value]) from None


def _interpolate_plain(value: Any) -> Any:
    if is_pending(value):
        return value
    if type(value) is str:
        return value
    if is_null(value):
        raise EvalFailure(
            "invalid template interpolation value: the expression result is null; a null "
            "value cannot be included in a string template"
        )
    try:
        return str(convert(value, STRING))
    except ConversionError:
        raise EvalFailure(
            "invalid template interpolation value: cannot include the given value in a string "
            f"template: string required, not {type_name(value)}"
        ) from None


def _render_if(evaluator: Evaluator, part: n.TIf, out: list[Any]) -> None:
    cond, marked = unmark_deep(evaluator.evaluate(part.cond))
    if marked:
        out.append(mark(""))  # what the template shows depends on a sensitive value
    if is_pending(cond):
        out.append(as_unknown(cond))
        return
    if is_null(cond):
        raise EvalFailure("invalid template if directive: the condition is null")
    try:
        chosen = bool(convert(cond, BOOL))
    except ConversionError as exc:
        raise EvalFailure(f"invalid template if directive: {exc}") from None
    _render_into(evaluator, part.then if chosen else part.otherwise, out)


def _render_for(evaluator: Evaluator, part: n.TFor, out: list[Any]) -> None:
    collection, marked = unmark(evaluator.evaluate(part.collection))
    if marked:
        out.append(mark(""))
    if is_pending(collection):
        out.append(as_unknown(collection))
        return
    if is_null(collection):
        raise EvalFailure("invalid template for directive: cannot iterate over a null value")
    names = (part.key, part.value)
    pairs = iterate(collection)
    count_iterations(len(pairs))
    for key, value in pairs:
        _render_into(evaluator.with_names(bind(names, key, value)), part.body, out)
