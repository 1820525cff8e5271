"""Type constraints (`list(object({a = string, b = optional(number, 5)}))`) and their
optional-attribute defaults, as HCL's ext/typeexpr reads and applies them.

A variable's value gets the defaults of its type first (`Defaults.apply`), then is
converted to the type (`convert.convert`): an object missing an optional attribute gets
the attribute's default, or a null of its type.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.convert import ConversionError, convert, unify
from driftctl.declared.hcl.lang.types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CList,
    CMap,
    CSet,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
    is_null,
    type_of,
)
from driftctl.declared.hcl.lang.values import EvalFailure, is_pending

_PRIMITIVES = {"bool": BOOL, "string": STRING, "number": NUMBER}


def _apply(defaults: Defaults | None, value: Any) -> Any:
    return value if defaults is None else defaults.apply(value)


@dataclasses.dataclass
class Defaults:
    """Default values of optional object attributes, for a type and its children (keyed
    by attribute name, tuple index as a string, or "" for a collection's elements)."""

    type: Type
    values: dict[str, Any] = dataclasses.field(default_factory=dict)
    children: dict[str, Defaults] = dataclasses.field(default_factory=dict)

    def apply(self, value: Any) -> Any:
        if is_pending(value) or is_null(value):
            return value
        if not self.values and not self.children:
            return value
        kind = type(value)
        if kind in (list, CList, CSet):
            items = [_apply(self._child_for(i), v) for i, v in enumerate(value)]
            if kind in (CList, CSet):
                if not items:
                    return value
                unified = _unify_items(items)
                if unified is not None:
                    from driftctl.declared.hcl.lang.convert import make_list, make_set

                    return make_set(unified) if kind is CSet else make_list(unified)
            return items
        if kind in (dict, CMap):
            out = {}
            for key, item in value.items():
                child = self._child_for(key)
                out[key] = child.apply(item) if child else item
            for key, default in self.values.items():
                if key not in out or is_null(out[key]):
                    child = self.children.get(key)
                    out[key] = child.apply(default) if child else default
            if kind is CMap and out:
                unified = _unify_items(list(out.values()))
                if unified is not None:
                    from driftctl.declared.hcl.lang.convert import make_map

                    return make_map(dict(zip(out, unified, strict=True)))
            return dict(sorted(out.items()))
        return value

    def _child_for(self, key: Any) -> Defaults | None:
        if isinstance(key, int) and isinstance(self.type, TupleType):
            return self.children.get(str(key))
        if isinstance(key, str) and isinstance(self.type, ObjectType):
            return self.children.get(key)
        return self.children.get("")


def _unify_items(items: list[Any]) -> list[Any] | None:
    target = unify([type_of(v) for v in items], unsafe=True)
    if target is None:
        return None
    try:
        return [convert(v, target) for v in items]
    except ConversionError:
        return None


def _invalid(node: n.Node, detail: str) -> EvalFailure:
    return EvalFailure(f"invalid type specification: {detail}")


def get_type(expr: n.Expr, evaluate: Any) -> tuple[Type, Defaults | None]:
    """The type a constraint expression describes and its defaults. `evaluate` computes
    an optional attribute's default value expression."""
    expr = n.unwrap(expr)
    keyword = _keyword(expr)
    if keyword is not None:
        if keyword in _PRIMITIVES:
            return _PRIMITIVES[keyword], None
        if keyword == "any":
            return DYNAMIC, None
        if keyword in ("list", "map", "set"):
            raise _invalid(
                expr,
                f"the {keyword} type constructor requires one argument specifying the element type",
            )
        if keyword in ("object", "tuple"):
            raise _invalid(expr, f"the {keyword} type constructor requires one argument")
        raise _invalid(expr, f"the keyword {keyword!r} is not a valid type specification")
    if type(expr) is n.Template and expr.literal() is not None:
        raise _invalid(
            expr,
            "quoted type constraints are not supported since Terraform 0.15: write "
            f"{expr.literal()} without quotes",
        )
    if type(expr) is not n.Call:
        raise _invalid(
            expr,
            "a type specification is either a primitive type keyword (bool, number, string) "
            "or a complex type constructor call, like list(string)",
        )
    name = expr.name
    if name in ("bool", "string", "number", "any"):
        raise _invalid(expr, f"type keyword {name!r} does not expect arguments")
    if name == "optional":
        raise _invalid(expr, "optional() is valid only as a modifier for object type attributes")
    if len(expr.args) != 1:
        raise _invalid(expr, f"the {name} type constructor requires exactly one argument")
    arg = n.unwrap(expr.args[0])
    if name in ("list", "set", "map"):
        elem, defaults = get_type(arg, evaluate)
        made: Type = {"list": ListType, "set": SetType, "map": MapType}[name](elem)
        return made, Defaults(made, children={"": defaults}) if defaults else None
    if name == "object":
        return _object_type(arg, evaluate)
    if name == "tuple":
        if type(arg) is not n.Tuple:
            raise _invalid(arg, "the tuple type constructor requires a list of element types")
        elems: list[Type] = []
        children: dict[str, Defaults] = {}
        for position, item in enumerate(arg.items):
            elem, defaults = get_type(item, evaluate)
            elems.append(elem)
            if defaults:
                children[str(position)] = defaults
        made = TupleType(elems)
        return made, Defaults(made, children=children) if children else None
    raise _invalid(expr, f"keyword {name!r} is not a valid type constructor")


def _object_type(arg: n.Expr, evaluate: Any) -> tuple[Type, Defaults | None]:
    if type(arg) is not n.Object:
        raise _invalid(
            arg,
            "the object type constructor requires a map whose keys are attribute names and "
            "whose values are the corresponding attribute types",
        )
    attrs: dict[str, Type] = {}
    optional: list[str] = []
    values: dict[str, Any] = {}
    children: dict[str, Defaults] = {}
    for key_node, value_node in arg.items:
        name = key_node.keyword()
        if name is None:
            literal = n.unwrap(key_node.expr)
            name = literal.literal() if type(literal) is n.Template else None
        if name is None:
            raise _invalid(key_node, "object constructor map keys must be attribute names")
        if name in attrs:
            raise _invalid(key_node, "object constructor map keys must be unique")
        type_node = n.unwrap(value_node)
        default_node: n.Expr | None = None
        if type(type_node) is n.Call and type_node.name == "optional":
            if not 1 <= len(type_node.args) <= 2:
                raise _invalid(
                    type_node,
                    "the optional attribute modifier expects the attribute type and, at most, "
                    "a default value",
                )
            optional.append(name)
            if len(type_node.args) == 2:
                default_node = type_node.args[1]
            type_node = type_node.args[0]
        attr_type, attr_defaults = get_type(type_node, evaluate)
        attrs[name] = attr_type
        if attr_defaults:
            children[name] = attr_defaults
        if default_node is not None:
            default = evaluate(default_node)
            try:
                values[name] = convert(default, attr_type)
            except ConversionError as exc:
                raise EvalFailure(
                    f"invalid default value for optional attribute {name!r}: this default "
                    f"value is not compatible with the attribute's type constraint: {exc}"
                ) from None
    made = ObjectType(attrs, optional)
    has = values or children
    return made, Defaults(made, values, children) if has else None


def _keyword(expr: n.Expr) -> str | None:
    if type(expr) is n.ScopeTraversal and not expr.steps:
        return expr.root
    return None
