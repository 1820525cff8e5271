"""Evaluate Terraform expressions on python-hcl2's raw lark tree.

`Evaluator` has one `_eval_<node kind>` method per tree node kind; names it cannot
resolve itself (variables, locals, resources) it asks its `Scope`. Values that are only
known after apply are `Unknown`; references to other resources' attributes are `Ref`
(see hcl_refs). Any operation that needs the content of an Unknown or Ref gives Unknown.

Sensitive marks (`Sensitive`, docs/sensitive.md) propagate as in Terraform: an operator,
a condition, a template or a function call whose inputs hold a mark gives a marked
result; a list or map keeps the marks of its elements; a traversal into a marked value
gives a marked value. Functions that only move elements around (PASS_MARKS) keep the
marks of the elements, as Terraform's do; every other function is given unmarked values
and its whole result is marked.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from lark import Token

from driftctl.declared.hcl.functions.base import CallContext
from driftctl.declared.hcl.functions.registry import NON_DETERMINISTIC, call, check_function
from driftctl.declared.hcl.ops import add_for_item, binary, bind, iterate, join_pieces, static_key
from driftctl.declared.hcl.parse import Node, name_of, trees, unwrap, where
from driftctl.declared.hcl.refs import (
    Attr,
    AttrSource,
    Index,
    Splat,
    Step,
    apply_steps,
    unmark_steps,
)
from driftctl.declared.hcl.template import (
    ForDirective,
    IfDirective,
    Interp,
    Seq,
    heredoc_template,
    string_template,
    template_of,
    unescape,
)
from driftctl.declared.hcl.values import (
    EvalFailure,
    ResourceBlock,
    Sensitive,
    as_unknown,
    find_pending,
    is_pending,
    mark,
    mark_if,
    norm_number,
    to_bool,
    to_number,
    to_str,
    type_name,
    unmark,
    unmark_all,
    unmark_deep,
)
from driftctl.errors import DriftctlError
from driftctl.model import Unknown


class HclEvalError(DriftctlError):
    """An expression Terraform would reject; the message starts with file:line."""


@dataclasses.dataclass(frozen=True)
class Origin:
    """Where a value is written: the expression node, its file, and the evaluator (scope
    and names) that evaluates it, so provenance can follow references through it."""

    file: str
    node: Node
    evaluator: Evaluator | None = None


class Scope(AttrSource, Protocol):
    """What an expression can refer to; implemented by a module instance."""

    def variable(self, name: str) -> Any: ...

    def local(self, name: str) -> Any: ...

    def resource(self, type_: str, name: str, mode: str = "managed") -> ResourceBlock | None: ...

    def module_ref(self, steps: list[Step]) -> Any: ...

    def meta_value(self, root: str, name: str) -> Any:
        """path.module, path.root, path.cwd, terraform.workspace."""

    def origin(self, kind: str, name: str) -> Origin | None: ...

    def output_origin(self, call: str, key: int | str | None, output: str) -> Origin | None:
        """Where output of module.call[key] is written (for provenance)."""

    def warn(self, message: str) -> None: ...

    def call_context(self) -> CallContext: ...


@dataclasses.dataclass(frozen=True)
class Frame:
    """The file being evaluated and the names bound in it.

    `origins` says where each bound name's value comes from (for provenance): each.value
    from the for_each expression, a dynamic block's iterator from its for_each.
    """

    file: str
    count_index: int | None = None
    each: tuple[Any, Any] | None = None  # (each.key, each.value)
    names: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    origins: Mapping[str, tuple[Origin, Any]] = dataclasses.field(default_factory=dict)


_TRAVERSALS = frozenset(
    {"get_attr_expr_term", "index_expr_term", "attr_splat_expr_term", "full_splat_expr_term"}
)

# Functions that keep the marks of the elements they move (merge(a, b).x is sensitive only
# if the x given was; `terraform console` agrees): they get their arguments with only their
# own marks taken off. The others get unmarked values and their whole result is marked.
PASS_MARKS = frozenset(
    {
        "chunklist",
        "coalescelist",
        "concat",
        "element",
        "keys",
        "length",
        "lookup",
        "merge",
        "one",
        "reverse",
        "slice",
        "values",
    }
)
# Evaluated here: they read or set the mark itself.
MARK_FUNCTIONS = frozenset({"sensitive", "nonsensitive", "issensitive"})
HIDDEN = "(sensitive value)"


class Evaluator:
    def __init__(self, scope: Scope, frame: Frame) -> None:
        self.scope = scope
        self.frame = frame

    def with_names(
        self, names: Mapping[str, Any], origins: Mapping[str, tuple[Origin, Any]] | None = None
    ) -> Evaluator:
        frame = dataclasses.replace(
            self.frame,
            names={**self.frame.names, **names},
            origins={**self.frame.origins, **(origins or {})},
        )
        return Evaluator(self.scope, frame)

    def evaluate(self, node: Node) -> Any:
        handler: Callable[[Node], Any] | None = getattr(self, f"_eval_{node.data}", None)
        if handler is None:
            raise HclEvalError(f"{self._where(node)}: unsupported expression ({node.data})")
        try:
            return handler(node)
        except EvalFailure as exc:
            raise HclEvalError(f"{self._where(node)}: {exc}") from None

    def _where(self, node: Node) -> str:
        return where(self.frame.file, node)

    # ------------------------------------------------------------------------ literals

    def _eval_expr_term(self, node: Node) -> Any:
        return self.evaluate(trees(node)[0])

    def _eval_int_lit(self, node: Node) -> Any:
        return int(str(node.children[0]))

    def _eval_float_lit(self, node: Node) -> Any:
        return norm_number(float(str(node.children[0])))

    def _eval_literal_value(self, node: Node) -> Any:
        return {"true": True, "false": False, "null": None}[name_of(node)]

    def _eval_string(self, node: Node) -> Any:
        return self._render(string_template(node))

    def _eval_template_string(self, node: Node) -> Any:
        return unescape(str(node.children[0])[2:-2])

    def _eval_heredoc_template(self, node: Node) -> Any:
        return self._render(heredoc_template(str(node.children[0]), node.meta.line, False))

    def _eval_heredoc_template_trim(self, node: Node) -> Any:
        return self._render(heredoc_template(str(node.children[0]), node.meta.line, True))

    def _eval_tuple(self, node: Node) -> Any:
        return [self.evaluate(item) for item in trees(node)]

    def _eval_object(self, node: Node) -> Any:
        out: dict[str, Any] = {}
        marked = False
        for elem in trees(node):
            key_node, value_node = trees(elem)
            key, key_marked = self._object_key(key_node)
            if is_pending(key):
                return as_unknown(key)
            marked = marked or key_marked
            out[key] = self.evaluate(value_node)
        return mark_if(marked, out)

    def _object_key(self, key_node: Node) -> tuple[Any, bool]:
        """The key, and whether it was sensitive (then the whole object is)."""
        static = static_key(key_node)
        if static is not None:
            return static, False
        key, marked = unmark_deep(self.evaluate(trees(key_node)[0]))
        return (key if is_pending(key) else to_str(key)), marked

    # ------------------------------------------------------------------------ templates

    def _render(self, seq: Seq) -> Any:
        if len(seq) == 1 and isinstance(seq[0], Interp):
            return self.evaluate(seq[0].expr)
        pieces: list[Any] = []
        self._render_into(seq, pieces)
        plain, marked = unmark_all(pieces)  # a sensitive piece makes the string sensitive
        return mark_if(marked, join_pieces(plain))

    def _render_into(self, seq: Seq, out: list[Any]) -> None:
        for part in seq:
            if isinstance(part, str):
                out.append(part)
            elif isinstance(part, Interp):
                out.append(self._interpolate(self.evaluate(part.expr)))
            elif isinstance(part, IfDirective):
                self._render_if(part, out)
            else:
                self._render_for(part, out)

    @staticmethod
    def _interpolate(value: Any) -> Any:
        value, marked = unmark_deep(value)
        if is_pending(value):
            return mark_if(marked, value)
        if value is None or isinstance(value, (list, dict)):
            raise EvalFailure(f"cannot interpolate a {type_name(value)} value into a string")
        return mark_if(marked, to_str(value))

    def _render_if(self, part: IfDirective, out: list[Any]) -> None:
        cond, marked = unmark_deep(self.evaluate(part.cond))
        if marked:
            out.append(mark(""))  # what the template shows depends on a sensitive value
        if is_pending(cond):
            out.append(as_unknown(cond))
        else:
            self._render_into(part.then if to_bool(cond) else part.otherwise, out)

    def _render_for(self, part: ForDirective, out: list[Any]) -> None:
        collection, marked = unmark(self.evaluate(part.collection))
        if marked:
            out.append(mark(""))
        if is_pending(collection):
            out.append(as_unknown(collection))
            return
        for key, value in iterate(collection):
            self.with_names(bind(part.names, key, value))._render_into(part.body, out)

    # ------------------------------------------------------------------------ references

    def _eval_identifier(self, node: Node) -> Any:
        return self._reference(name_of(node), [])

    def _eval_get_attr_expr_term(self, node: Node) -> Any:
        return self._traversal(node)

    _eval_index_expr_term = _eval_get_attr_expr_term
    _eval_attr_splat_expr_term = _eval_get_attr_expr_term
    _eval_full_splat_expr_term = _eval_get_attr_expr_term

    def _traversal(self, node: Node) -> Any:
        step_nodes: list[Node] = []
        root = unwrap(node)
        while root.data in _TRAVERSALS:
            inner, step = trees(root)
            step_nodes.append(step)
            root = unwrap(inner)
        steps = [self._step(s) for s in reversed(step_nodes)]
        if root.data == "identifier":
            return self._reference(name_of(root), steps)
        return apply_steps(self.evaluate(root), steps, self.scope)

    def _step(self, node: Node) -> Step:
        if node.data == "get_attr":
            return Attr(name_of(trees(node)[0]))
        if node.data == "braces_index":
            return Index(self.evaluate(trees(node)[0]))
        if node.data == "short_index":
            return Index(int(str(node.children[-1])))
        return Splat(tuple(self._step(s) for s in trees(node)))

    def _reference(self, root: str, steps: list[Step]) -> Any:
        if root in self.frame.names:
            return apply_steps(self.frame.names[root], steps, self.scope)
        special = _SPECIAL_ROOTS.get(root)
        if special is not None:
            return special(self, steps)
        name = _first_attr(root, steps)
        block = self.scope.resource(root, name)
        if block is None:
            raise EvalFailure(f"reference to undeclared resource {root}.{name}")
        return apply_steps(block, steps[1:], self.scope)

    def _ref_data(self, steps: list[Step]) -> Any:
        type_ = _first_attr("data", steps)
        name = _first_attr(f"data.{type_}", steps[1:])
        block = self.scope.resource(type_, name, "data")
        if block is None:
            raise EvalFailure(f"reference to undeclared data source data.{type_}.{name}")
        return apply_steps(block, steps[2:], self.scope)

    def _ref_module(self, steps: list[Step]) -> Any:
        _first_attr("module", steps)
        plain, marked = unmark_steps(steps)  # a sensitive instance key
        return mark_if(marked, self.scope.module_ref(list(plain)))

    def _ref_var(self, steps: list[Step]) -> Any:
        value = self.scope.variable(_first_attr("var", steps))
        return apply_steps(value, steps[1:], self.scope)

    def _ref_local(self, steps: list[Step]) -> Any:
        value = self.scope.local(_first_attr("local", steps))
        return apply_steps(value, steps[1:], self.scope)

    def _ref_count(self, steps: list[Step]) -> Any:
        if _first_attr("count", steps) != "index" or self.frame.count_index is None:
            raise EvalFailure("count.index is only valid in a resource that sets count")
        return apply_steps(self.frame.count_index, steps[1:], self.scope)

    def _ref_each(self, steps: list[Step]) -> Any:
        attr = _first_attr("each", steps)
        if attr not in ("key", "value") or self.frame.each is None:
            raise EvalFailure("each.key and each.value are only valid where for_each is set")
        value = self.frame.each[0] if attr == "key" else self.frame.each[1]
        return apply_steps(value, steps[1:], self.scope)

    def _ref_path(self, steps: list[Step]) -> Any:
        value = self.scope.meta_value("path", _first_attr("path", steps))
        return apply_steps(value, steps[1:], self.scope)

    # ------------------------------------------------------------------------ operators

    def _eval_conditional(self, node: Node) -> Any:
        cond, then, otherwise = trees(node)
        value, marked = unmark_deep(self.evaluate(cond))
        if is_pending(value):
            return as_unknown(value)
        try:
            chosen = then if to_bool(value) else otherwise
        except EvalFailure as exc:
            raise hidden(exc, marked, [value]) from None
        return mark_if(marked, self.evaluate(chosen))

    def _eval_unary_op(self, node: Node) -> Any:
        operator = str(node.children[0]).strip()
        value, marked = unmark_deep(self.evaluate(trees(node)[0]))
        if is_pending(value):
            return as_unknown(value)
        try:
            return mark_if(marked, -to_number(value) if operator == "-" else not to_bool(value))
        except EvalFailure as exc:
            raise hidden(exc, marked, [value]) from None

    def _eval_binary_op(self, node: Node) -> Any:
        left_node, term = trees(node)[:2]
        operator_node, right_node = trees(term)
        operator = str(operator_node.children[0]).strip()
        (left, right), marked = unmark_all([self.evaluate(left_node), self.evaluate(right_node)])
        try:
            return mark_if(marked, binary(operator, left, right))
        except EvalFailure as exc:
            raise hidden(exc, marked, [left, right]) from None

    # ------------------------------------------------------------------------ for expressions

    def _eval_for_tuple_expr(self, node: Node) -> Any:
        intro, value_node, *cond = trees(node)
        frames, marked = self._for_frames(intro)
        if isinstance(frames, Unknown):
            return frames
        out: list[Any] = []
        for child in frames:
            keep, keep_marked = child._for_keep(cond)
            if isinstance(keep, Unknown):
                return keep
            marked = marked or keep_marked
            if keep:
                out.append(child.evaluate(value_node))
        return mark_if(marked, out)

    def _eval_for_object_expr(self, node: Node) -> Any:
        intro, key_node, value_node, *cond = trees(node)
        group = any(isinstance(t, Token) and t.type == "ELLIPSIS" for t in node.children)
        frames, marked = self._for_frames(intro)
        if isinstance(frames, Unknown):
            return frames
        out: dict[str, Any] = {}
        for child in frames:
            keep, keep_marked = child._for_keep(cond)
            if isinstance(keep, Unknown):
                return keep
            marked = marked or keep_marked
            if not keep:
                continue
            key, key_marked = unmark_deep(child.evaluate(key_node))
            if is_pending(key):
                return as_unknown(key)
            marked = marked or key_marked
            try:
                text = to_str(key)
            except EvalFailure as exc:
                raise hidden(exc, key_marked, [key]) from None
            add_for_item(out, text, child.evaluate(value_node), group)
        return mark_if(marked, out)

    def _for_frames(self, intro: Node) -> tuple[list[Evaluator] | Unknown, bool]:
        """One evaluator per element, and whether the collection itself is sensitive
        (its elements keep their own marks)."""
        *name_nodes, collection_node = trees(intro)
        collection, marked = unmark(self.evaluate(collection_node))
        if is_pending(collection):
            return as_unknown(collection), marked
        names = tuple(name_of(n) for n in name_nodes)
        return [self.with_names(bind(names, k, v)) for k, v in iterate(collection)], marked

    def _for_keep(self, cond: list[Node]) -> tuple[bool | Unknown, bool]:
        if not cond:
            return True, False
        value, marked = unmark_deep(self.evaluate(trees(cond[0])[0]))
        if is_pending(value):
            return as_unknown(value), marked
        try:
            return to_bool(value), marked
        except EvalFailure as exc:
            raise hidden(exc, marked, [value]) from None

    # ------------------------------------------------------------------------ functions

    def _eval_function_call(self, node: Node) -> Any:
        parts = trees(node)
        name = "::".join(name_of(p) for p in parts if p.data == "identifier")
        arg_nodes = [a for p in parts if p.data == "arguments" for a in trees(p)]
        expand = any(
            isinstance(t, Token) and t.type == "ELLIPSIS" for p in parts for t in p.children
        )
        if name in ("try", "can"):
            return self._try(node, arg_nodes) if name == "try" else self._can(arg_nodes)
        if name in ("templatefile", "templatestring"):
            return self._template_call(name, node, arg_nodes)
        if name in MARK_FUNCTIONS:
            return self._mark_call(name, [self.evaluate(a) for a in arg_nodes], expand)
        if name in NON_DETERMINISTIC:
            self.scope.call_context().nondeterministic(self._where(node), name)
            return Unknown(f"{name}() is non-deterministic")
        unavailable = check_function(name)
        if unavailable is not None:
            self.scope.warn(f"{self._where(node)}: {unavailable.reason}; its value is unknown")
            return unavailable
        args = [self.evaluate(a) for a in arg_nodes]
        marked = False
        if expand:
            last, marked = unmark(args.pop() if args else None)
            if is_pending(last):
                return as_unknown(last)
            if not isinstance(last, list):
                raise EvalFailure(f"cannot expand a {type_name(last)} with ... (needs a list)")
            args.extend(last)
        if name in PASS_MARKS:
            pairs = [unmark(a) for a in args]
            args, marked = [a for a, _ in pairs], marked or any(m for _, m in pairs)
        else:
            args, deep = unmark_all(args)
            marked = marked or deep
        try:
            return mark_if(marked, call(name, args, self.scope.call_context()))
        except EvalFailure as exc:
            raise hidden(exc, marked, args) from None

    def _mark_call(self, name: str, args: list[Any], expand: bool) -> Any:
        """sensitive(x), nonsensitive(x), issensitive(x): only the mark of x itself counts,
        as in Terraform (nonsensitive keeps the marks of x's elements)."""
        if expand or len(args) != 1:
            raise EvalFailure(f"{name}() takes exactly one argument")
        value = args[0]
        if name == "sensitive":
            return mark(value)
        if name == "nonsensitive":
            return unmark(value)[0]
        if isinstance(value, Sensitive):
            return True
        return as_unknown(value) if is_pending(value) else False

    def _template_call(self, name: str, node: Node, arg_nodes: list[Node]) -> Any:
        """templatefile(path, vars) / templatestring(text, vars): a template of its own,
        rendered with only the given variables in scope."""
        if len(arg_nodes) != 2:
            raise EvalFailure(f"{name}() takes exactly two arguments")
        (first, first_marked), (variables, marked) = (
            unmark_deep(self.evaluate(arg_nodes[0])),
            unmark(self.evaluate(arg_nodes[1])),  # each variable keeps its own mark
        )
        pending = find_pending([first, variables])
        if pending is not None:
            return as_unknown(pending)
        return mark_if(first_marked or marked, self._template(name, node, first, variables))

    def _template(self, name: str, node: Node, first: Any, variables: Any) -> Any:
        if not isinstance(variables, dict):
            raise EvalFailure(f"{name}(): vars must be an object, got {type_name(variables)}")
        context = self.scope.call_context()
        if name == "templatefile":
            display, text = context.read_text(to_str(first))
        else:
            display, text = self._where(node), to_str(first)
        seq = template_of(text, display)
        from driftctl.declared.hcl.vars import TemplateScope  # hcl_vars builds on this module

        child = Evaluator(TemplateScope(self.scope), Frame(display, names=variables))
        return child._render(seq)

    def _try(self, node: Node, arg_nodes: list[Node]) -> Any:
        errors: list[str] = []
        for arg in arg_nodes:
            try:
                return self.evaluate(arg)
            except HclEvalError as exc:
                errors.append(exc.message)
        last = f" (last: {errors[-1]})" if errors else ""
        raise HclEvalError(f"{self._where(node)}: no argument of try() succeeded{last}")

    def _can(self, arg_nodes: list[Node]) -> Any:
        if len(arg_nodes) != 1:
            raise EvalFailure("can() takes exactly one argument")
        try:
            value = self.evaluate(arg_nodes[0])
        except HclEvalError:
            return False
        return as_unknown(value) if is_pending(value) else True


def hidden(exc: EvalFailure, marked: bool, values: list[Any]) -> EvalFailure:
    """The failure to raise: when sensitive values took part, their text in the message
    is "(sensitive value)", as Terraform hides them."""
    return EvalFailure(scrub(str(exc), values)) if marked else exc


def scrub(message: str, values: list[Any]) -> str:
    """message with the text of every scalar inside values replaced by HIDDEN."""
    texts: set[str] = set()
    stack = list(values)
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item:
            texts |= {item, repr(item)}
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            texts.add(str(item))
    for text in sorted(texts, key=len, reverse=True):
        message = message.replace(text, HIDDEN)
    return message


def _first_attr(root: str, steps: list[Step]) -> str:
    if not steps or not isinstance(steps[0], Attr):
        raise EvalFailure(f"invalid reference: {root} must be followed by .name")
    return steps[0].name


def _steps_text(root: str, steps: list[Step]) -> str:
    text = root
    for step in steps:
        if isinstance(step, Attr):
            text += f".{step.name}"
        elif isinstance(step, Index):
            key = step.key
            text += f"[{json.dumps(key)}]" if isinstance(key, (str, int)) else "[...]"
        else:
            text += "[*]"
    return text


def _ref_terraform(evaluator: Evaluator, steps: list[Step]) -> Any:
    name = _first_attr("terraform", steps)
    value = evaluator.scope.meta_value("terraform", name)
    return apply_steps(value, steps[1:], evaluator.scope)


def _ref_self(evaluator: Evaluator, steps: list[Step]) -> Any:
    return Unknown("self is only known inside provisioners and connections")


_SPECIAL_ROOTS: dict[str, Callable[[Evaluator, list[Step]], Any]] = {
    "var": Evaluator._ref_var,
    "local": Evaluator._ref_local,
    "count": Evaluator._ref_count,
    "each": Evaluator._ref_each,
    "path": Evaluator._ref_path,
    "data": Evaluator._ref_data,
    "module": Evaluator._ref_module,
    "terraform": _ref_terraform,
    "self": _ref_self,
}
