"""Evaluate Terraform expressions (the syntax tree of `nodes.py`) as Terraform does.

`Evaluator` has one `_eval_<node>` method per node class; names it cannot resolve itself
(variables, locals, resources) it asks its `Scope`. Values follow cty's type system
(`types.py`, `convert.py`): conversions of operands and arguments, unification of a
conditional's branches, typed nulls. Values that are only known after apply are
`Unknown`; references to other resources' attributes are `Ref` (see traverse.py). Any
operation that needs the content of an Unknown or Ref gives Unknown.

Sensitive marks (`Sensitive`, docs/sensitive.md) propagate as in Terraform: an operator,
a condition, a template or a function call whose inputs hold a mark gives a marked
result; a list or map keeps the marks of its elements; a traversal into a marked value
gives a marked value. Functions that only move elements around (PASS_MARKS) keep the
marks of the elements, as Terraform's do; every other function is given unmarked values
and its whole result is marked.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from driftctl.core.model import Unknown
from driftctl.declared.hcl.lang import limits
from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.convert import ConversionError, convert, unify
from driftctl.declared.hcl.lang.functions.base import CallContext
from driftctl.declared.hcl.lang.functions.registry import NON_DETERMINISTIC, call, check_function
from driftctl.declared.hcl.lang.ops import binary, evaluate_for, logical, unary
from driftctl.declared.hcl.lang.template import render_template
from driftctl.declared.hcl.lang.traverse import (
    Attr,
    Index,
    Splat,
    Step,
    Traverser,
    apply_steps,
    unmark_steps,
)
from driftctl.declared.hcl.lang.types import (
    BOOL,
    DYNAMIC,
    STRING,
    CList,
    CSet,
    Null,
    is_null,
    type_of,
)
from driftctl.declared.hcl.lang.values import (
    EvalFailure,
    ResourceBlock,
    Sensitive,
    as_unknown,
    find_pending,
    hidden,
    is_pending,
    mark,
    mark_if,
    type_name,
    unmark,
    unmark_all,
    unmark_deep,
)
from driftctl.errors import DriftctlError

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


class HclEvalError(DriftctlError):
    """An expression Terraform would reject; the message starts with file:line."""


def where(file: str, node: n.Node) -> str:
    """file:line:col of a node, for messages."""
    return f"{file}:{node.line}:{node.column}"


@dataclasses.dataclass(frozen=True)
class Origin:
    """Where a value is written: the expression node, its file, and the evaluator (scope
    and names) that evaluates it, so provenance can follow references through it."""

    file: str
    node: n.Expr
    evaluator: Evaluator | None = None


class Scope(Traverser, Protocol):
    """What an expression can refer to; implemented by the Terraform layer (a module
    instance, driftctl/declared/hcl/module.py; tfvars and defaults, vars.py): the language
    asks it for var., local., resources, module outputs and the steps into a resource."""

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


class TemplateScope:
    """The scope of a templatefile()/templatestring() template: only its own variables
    (bound as frame names) and functions; no var., local. or resource references."""

    def __init__(self, outer: Scope) -> None:
        self._outer = outer

    def variable(self, name: str) -> Any:
        raise EvalFailure("a template can only use the variables passed to it")

    local = variable

    def resource(self, type_: str, name: str, mode: str = "managed") -> ResourceBlock | None:
        raise EvalFailure("a template can only use the variables passed to it")

    def module_ref(self, steps: list[Step]) -> Any:
        raise EvalFailure("a template can only use the variables passed to it")

    def meta_value(self, root: str, name: str) -> Any:
        raise EvalFailure("a template can only use the variables passed to it")

    def traverse(self, value: Any, steps: Sequence[Step], at: int) -> tuple[Any, int]:
        return self._outer.traverse(value, steps, at)

    def origin(self, kind: str, name: str) -> Origin | None:
        return None

    def output_origin(self, call: str, key: int | str | None, output: str) -> Origin | None:
        return None

    def warn(self, message: str) -> None:
        self._outer.warn(message)

    def call_context(self) -> CallContext:
        return self._outer.call_context()


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


class Evaluator:
    def __init__(self, scope: Scope, frame: Frame, quiet: bool = False) -> None:
        self.scope = scope
        self.frame = frame
        self.quiet = quiet  # evaluating a branch only for its type: no warnings

    def with_names(
        self, names: Mapping[str, Any], origins: Mapping[str, tuple[Origin, Any]] | None = None
    ) -> Evaluator:
        old = self.frame  # a Frame built directly: dataclasses.replace costs 5x more per `for` item
        frame = Frame(
            old.file,
            old.count_index,
            old.each,
            {**old.names, **names},
            {**old.origins, **origins} if origins else old.origins,
        )
        return Evaluator(self.scope, frame, self.quiet)

    def evaluate(self, node: n.Expr) -> Any:
        handler = _HANDLERS.get(type(node))
        if handler is None:
            raise HclEvalError(f"{self._where(node)}: unsupported expression")
        try:
            limits.tick()
            return handler(self, node)
        except EvalFailure as exc:
            raise HclEvalError(f"{self._where(node)}: {exc}") from None
        except limits.LimitExceeded as exc:
            raise limits.EvalLimitError(
                f"{self._where(node)}: {exc}",
                hint="raise the limit if this configuration really needs it",
            ) from None
        except RecursionError:
            raise HclEvalError(
                f"{self._where(node)}: {too_deep()}",
                hint="shorten the chain of references (a cycle through module outputs?)",
            ) from None

    def _where(self, node: n.Node) -> str:
        return where(self.frame.file, node)

    def warn(self, message: str) -> None:
        if not self.quiet:
            self.scope.warn(message)

    # ------------------------------------------------------------------------ literals

    def _eval_literal(self, node: n.Literal) -> Any:
        return node.value

    def _eval_template(self, node: n.Template) -> Any:
        return render_template(self, node)

    def _eval_paren(self, node: n.Paren) -> Any:
        return self.evaluate(node.expr)

    def _eval_tuple(self, node: n.Tuple) -> Any:
        return [self.evaluate(item) for item in node.items]

    def _eval_object(self, node: n.Object) -> Any:
        out: dict[str, Any] = {}
        pending: Any = None
        marked = False
        for key_node, value_node in node.items:
            key, key_marked = unmark(self.object_key(key_node))
            marked = marked or key_marked  # a sensitive key: the whole object is
            value = self.evaluate(value_node)
            if is_pending(key):
                pending = pending or key
                continue
            out[key] = value
        return as_unknown(pending) if pending is not None else mark_if(marked, out)

    def object_key(self, key_node: n.ObjectKey) -> Any:
        keyword = key_node.keyword()
        if keyword is not None:
            return keyword
        expr = key_node.expr
        if not key_node.force and type(expr) is n.ScopeTraversal and expr.steps:
            raise EvalFailure(
                "ambiguous attribute key: if this expression is a reference, wrap it in "
                "parentheses; if it is a name containing periods, quote it"
            )
        key, marked = unmark_deep(self.evaluate(expr))
        if is_pending(key):
            return as_unknown(key) if isinstance(key, Unknown) else key
        if is_null(key):
            raise EvalFailure("can't use a null value as an object key")
        try:
            return mark_if(marked, convert(key, STRING))
        except ConversionError as exc:
            raise hidden(EvalFailure(f"incorrect key type: {exc}"), marked, [key]) from None

    # ------------------------------------------------------------------------ references

    def _eval_anon_symbol(self, node: n.AnonSymbol) -> Any:
        raise EvalFailure("a splat's element can only be used inside the splat")

    def _traversal(self, node: n.Expr) -> Any:
        if type(node) is n.ScopeTraversal:  # the common case, `name.a[0]`: literal steps
            return self._reference(node.root, [_literal_step(s) for s in node.steps])
        steps: list[Step] = []
        root = self._chain(node, steps)
        if type(root) is str:
            return self._reference(root, steps)
        return apply_steps(self.evaluate(root), steps, self.scope)

    _eval_scope_traversal = _traversal
    _eval_relative_traversal = _traversal
    _eval_index = _traversal
    _eval_splat = _traversal

    def _chain(self, node: n.Expr, steps: list[Step]) -> Any:
        """The root of a traversal chain (a name, or an expression) and its steps."""
        if type(node) is n.ScopeTraversal:
            steps.extend(_literal_step(s) for s in node.steps)
            return node.root
        if type(node) is n.RelativeTraversal:
            root = self._chain(node.source, steps)
            steps.extend(_literal_step(s) for s in node.steps)
            return root
        if type(node) is n.Index:
            root = self._chain(node.collection, steps)
            steps.append(Index(self.evaluate(node.key)))
            return root
        if type(node) is n.Splat:
            root = self._chain(node.source, steps)
            inner: list[Step] = []
            self._chain(node.each, inner)
            steps.append(Splat(tuple(inner)))
            return root
        return node

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

    def _eval_conditional(self, node: n.Conditional) -> Any:
        """A conditional; a sensitive condition makes the result sensitive."""
        cond, marked = unmark_deep(self.evaluate(node.cond))
        try:
            return mark_if(marked, self._conditional(node, cond))
        except EvalFailure as exc:
            raise hidden(exc, marked, [cond]) from None

    def _conditional(self, node: n.Conditional, cond: Any) -> Any:
        if is_pending(cond):
            return as_unknown(cond)
        if is_null(cond):
            raise EvalFailure("null condition: the condition value is null")
        try:
            chosen_true = bool(convert(cond, BOOL))
        except ConversionError:
            raise EvalFailure("incorrect condition type: the condition must be a bool") from None
        chosen, other = (node.then, node.otherwise) if chosen_true else (node.otherwise, node.then)
        value = self.evaluate(chosen)
        other_type = self._type_only(other)
        if other_type is None or other_type is DYNAMIC:  # an error, a null or an unknown
            return value
        if value is None:
            return convert(value, other_type)
        value_type = type_of(value)
        if is_pending(value) or value_type is DYNAMIC:
            return value
        types = [value_type, other_type] if chosen_true else [other_type, value_type]
        result_type = unify(types, unsafe=True)
        if result_type is None:
            raise EvalFailure(
                "inconsistent conditional result types: the true and false results must have "
                f"consistent types (true is {types[0].friendly()}, false is {types[1].friendly()})"
            )
        try:
            return convert(value, result_type)
        except ConversionError as exc:
            which = "true" if chosen_true else "false"
            raise EvalFailure(
                f"inconsistent conditional result types: the {which} result: {exc}"
            ) from None

    def _type_only(self, node: n.Expr) -> Any:
        """The type of the branch not taken (None: a literal null; errors are ignored)."""
        if type(node) is n.Literal and node.value is None:
            return DYNAMIC
        try:
            value = Evaluator(self.scope, self.frame, quiet=True).evaluate(node)
        except limits.EvalLimitError:
            raise
        except DriftctlError:
            return None
        value = unmark_deep(value)[0]
        if is_pending(value) or value is None:
            return DYNAMIC
        return type_of(value)

    def _eval_unary(self, node: n.Unary) -> Any:
        return unary(node.op, self.evaluate(node.operand))

    def _eval_binary(self, node: n.Binary) -> Any:
        if node.op in ("&&", "||"):
            return logical(self, node)
        return binary(node.op, self.evaluate(node.left), self.evaluate(node.right))

    def _eval_for(self, node: n.For) -> Any:
        return evaluate_for(self, node)

    # ------------------------------------------------------------------------ functions

    def _eval_call(self, node: n.Call) -> Any:
        name = node.name.removeprefix("core::")
        if name in ("try", "can"):
            return self._try(node) if name == "try" else self._can(node)
        if name in ("templatefile", "templatestring"):
            return self._template_call(name, node)
        if name == "type":
            raise EvalFailure(
                "call to unknown function type(): it only exists in terraform console"
            )
        if name in MARK_FUNCTIONS:
            args = [self.evaluate(a) for a in node.args]
            return self._mark_call(name, args, node.expand)
        if name in NON_DETERMINISTIC:
            args = [self.evaluate(a) for a in node.args]
            del args
            if not self.quiet:
                self.scope.call_context().nondeterministic(self._where(node), name)
            return Unknown(f"{name}() is non-deterministic")
        unavailable = check_function(name)
        if unavailable is not None:
            self.warn(f"{self._where(node)}: {unavailable.reason}; its value is unknown")
            return unavailable
        args = [self.evaluate(a) for a in node.args]
        marked = False
        if node.expand:
            args[-1], marked = unmark(args[-1]) if args else (None, False)
            args = self._expand(args)
            if isinstance(args, Unknown):
                return as_unknown(args)
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
        except limits.LimitExceeded as exc:
            raise limits.LimitExceeded(f"{name}(): {exc}") from None

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

    @staticmethod
    def _expand(args: list[Any]) -> Any:
        if not args:
            raise EvalFailure("invalid expanding argument value: no argument to expand")
        last = args.pop()
        if is_pending(last):
            return as_unknown(last)
        if is_null(last):
            raise EvalFailure(
                "invalid expanding argument value: the argument (...) must not be null"
            )
        if type(last) not in (list, CList, CSet):
            raise EvalFailure(
                "invalid expanding argument value: the argument (...) must be a tuple, list, "
                f"or set, not {type_name(last)}"
            )
        args.extend(last)
        return args

    def _template_call(self, name: str, node: n.Call) -> Any:
        """templatefile(path, vars) / templatestring(text, vars): a template of its own,
        rendered with only the given variables in scope."""
        if len(node.args) != 2:
            raise EvalFailure(f"{name}() takes exactly two arguments")
        if name == "templatestring" and not _is_reference(node.args[0]):
            raise EvalFailure(
                "invalid template argument: templatestring() needs a reference to a string "
                "(a variable, local or attribute), not a literal template"
            )
        (first, first_marked), (variables, marked) = (
            unmark_deep(self.evaluate(node.args[0])),
            unmark(self.evaluate(node.args[1])),  # each variable keeps its own mark
        )
        pending = find_pending([first, variables])
        if pending is not None:
            return as_unknown(pending)
        return mark_if(first_marked or marked, self._template(name, node, first, variables))

    def _template(self, name: str, node: n.Call, first: Any, variables: Any) -> Any:
        if is_null(first):
            raise EvalFailure(f"{name}(): the template must not be null")
        if not isinstance(variables, dict):
            raise EvalFailure(
                f"{name}(): vars must be an object or map, got {type_name(variables)}"
            )
        for key in variables:
            if not _valid_name(key):
                raise EvalFailure(f"{name}(): invalid template variable name {key!r}")
        context = self.scope.call_context()
        from driftctl.declared.hcl.lang.syntax import parse_template

        if name == "templatefile":
            display, text = context.read_text(str(convert(first, STRING)))
        else:
            display, text = self._where(node), str(convert(first, STRING))
        try:
            template = parse_template(text, display)
        except DriftctlError as exc:
            raise EvalFailure(exc.message) from None
        child = Evaluator(TemplateScope(self.scope), Frame(display, names=dict(variables)))
        value, marked = unmark(child.evaluate(template))
        if is_null(value):
            raise EvalFailure(
                f"{name}(): the template's result is null, which is not a valid result"
            )
        if is_pending(value) or isinstance(value, str) or name == "templatefile":
            # templatefile gives a lone interpolation's value as it is ("${val}": true)
            return mark_if(marked, value)
        value, deep = unmark_deep(value)
        marked = marked or deep
        try:
            return mark_if(marked, convert(value, STRING))
        except ConversionError as exc:
            raise EvalFailure(f"{name}(): the template's value is not a string: {exc}") from None

    def _try(self, node: n.Call) -> Any:
        errors: list[str] = []
        if not node.args:
            raise EvalFailure("try() needs at least one argument")
        for arg in node.args:
            try:
                value = self.evaluate(arg)
            except HclEvalError as exc:
                errors.append(exc.message)
                continue
            if is_pending(value):
                return as_unknown(value)
            return value
        last = f" (last: {errors[-1]})" if errors else ""
        raise HclEvalError(f"{self._where(node)}: no argument of try() succeeded{last}")

    def _can(self, node: n.Call) -> Any:
        if len(node.args) != 1:
            raise EvalFailure("can() takes exactly one argument")
        try:
            value = self.evaluate(node.args[0])
        except HclEvalError:
            return False
        pending = find_pending(value)
        return as_unknown(pending) if pending is not None else True  # never marked: as Terraform


def too_deep() -> str:
    """What an evaluation deeper than the stack (driftctl.util.deepstack) is."""
    from driftctl.util import deepstack

    return (
        f"references nested too deeply to evaluate (deeper than "
        f"{deepstack.RECURSION_LIMIT:,} Python frames; tens of thousands of chained locals)"
    )


def _is_reference(node: n.Expr) -> bool:
    node = n.unwrap(node)
    return type(node) in (n.ScopeTraversal, n.RelativeTraversal, n.Index, n.Splat, n.Call)


def _valid_name(key: str) -> bool:
    import re

    return re.fullmatch(r"[^\W\d][\w-]*", key) is not None


# Attr steps are frozen and compared by value: one per name serves every reference (a
# frozen dataclass costs several times a dict look-up to build)
_attr_step = functools.lru_cache(maxsize=4096)(Attr)


def _literal_step(step: n.Step) -> Step:
    kind, key = step[0], step[1]
    return _attr_step(key) if kind == "attr" else Index(key)


def _first_attr(root: str, steps: list[Step]) -> str:
    if not steps or not isinstance(steps[0], Attr):
        raise EvalFailure(f"invalid reference: {root} must be followed by .name")
    return steps[0].name


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

_HANDLERS: dict[type, Callable[[Evaluator, Any], Any]] = {
    n.Literal: Evaluator._eval_literal,
    n.Template: Evaluator._eval_template,
    n.Paren: Evaluator._eval_paren,
    n.Tuple: Evaluator._eval_tuple,
    n.Object: Evaluator._eval_object,
    n.ScopeTraversal: Evaluator._eval_scope_traversal,
    n.RelativeTraversal: Evaluator._eval_relative_traversal,
    n.Index: Evaluator._eval_index,
    n.Splat: Evaluator._eval_splat,
    n.AnonSymbol: Evaluator._eval_anon_symbol,
    n.Conditional: Evaluator._eval_conditional,
    n.Unary: Evaluator._eval_unary,
    n.Binary: Evaluator._eval_binary,
    n.For: Evaluator._eval_for,
    n.Call: Evaluator._eval_call,
}

__all__ = ["CList", "CSet", "Null"]
