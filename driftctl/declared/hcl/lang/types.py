"""cty's type system: types, the type of a value, and typed collection values.

Values stay plain Python data where cty's type follows from the value itself: str, bool,
numbers (`number.py`), `list` (a tuple type: one type per element), `dict` (an object
type), None (a null of no particular type). Where it does not, the value says so:
`CList`, `CSet` and `CMap` are a list, set and map of one element type; `Null(type)` is a
null of a type (`tostring(null)`). Unknown, Ref and Instance values have the dynamic type.

Conversion and unification between types are in `convert.py`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from driftctl.core.model import Unknown
from driftctl.declared.hcl.lang.number import I64, BigFloat


class Type:
    __slots__ = ("_hash",)

    kind = ""

    def friendly(self, constraint: bool = False) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.friendly()

    @property
    def is_primitive(self) -> bool:
        return False

    @property
    def is_collection(self) -> bool:
        return False


class Primitive(Type):
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name
        self._hash = hash(("primitive", name))

    kind = "primitive"

    def friendly(self, constraint: bool = False) -> str:
        return self.name

    @property
    def is_primitive(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self._hash


class Dynamic(Type):
    __slots__ = ()
    kind = "dynamic"

    def friendly(self, constraint: bool = False) -> str:
        return "any type" if constraint else "dynamic"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return 7


STRING = Primitive("string")
NUMBER = Primitive("number")
BOOL = Primitive("bool")
DYNAMIC = Dynamic()


class Collection(Type):
    __slots__ = ("elem",)

    def __init__(self, elem: Type) -> None:
        self.elem = elem
        self._hash = hash((self.kind, elem))

    @property
    def is_collection(self) -> bool:
        return True

    def __eq__(self, other: object) -> bool:
        return self is other or (
            type(other) is type(self) and self._hash == other._hash and self.elem == other.elem
        )

    def __hash__(self) -> int:
        return self._hash

    def friendly(self, constraint: bool = False) -> str:
        elem = self.elem.friendly(constraint)
        if constraint and self.elem is DYNAMIC:
            elem = "any single type"
        return f"{self.kind} of {elem}"


class ListType(Collection):
    __slots__ = ()
    kind = "list"


class SetType(Collection):
    __slots__ = ()
    kind = "set"


class MapType(Collection):
    __slots__ = ()
    kind = "map"


class TupleType(Type):
    __slots__ = ("elems",)
    kind = "tuple"

    def __init__(self, elems: Iterable[Type]) -> None:
        self.elems = tuple(elems)
        self._hash = hash(("tuple", self.elems))

    def __eq__(self, other: object) -> bool:
        return self is other or (
            type(other) is TupleType and self._hash == other._hash and self.elems == other.elems
        )

    def __hash__(self) -> int:
        return self._hash

    def friendly(self, constraint: bool = False) -> str:
        return "tuple"


class ObjectType(Type):
    __slots__ = ("attrs", "optional")
    kind = "object"

    def __init__(self, attrs: Mapping[str, Type], optional: Iterable[str] = ()) -> None:
        self.attrs = dict(sorted(attrs.items()))
        self.optional = frozenset(optional)
        self._hash = hash(("object", tuple(self.attrs.items()), self.optional))

    def __eq__(self, other: object) -> bool:
        return self is other or (
            type(other) is ObjectType
            and self._hash == other._hash
            and self.attrs == other.attrs
            and self.optional == other.optional
        )

    def __hash__(self) -> int:
        return self._hash

    def friendly(self, constraint: bool = False) -> str:
        return "object"


EMPTY_OBJECT = ObjectType({})
EMPTY_TUPLE = TupleType(())


# ---------------------------------------------------------------------------- typed values


class CList(list):  # type: ignore[type-arg]
    """A list value of one element type."""

    __slots__ = ("etype",)

    def __init__(self, items: Iterable[Any] = (), etype: Type = DYNAMIC) -> None:
        super().__init__(items)
        self.etype = etype


class CSet(list):  # type: ignore[type-arg]
    """A set value: distinct elements, in cty's order (see convert.set_order)."""

    __slots__ = ("etype",)

    def __init__(self, items: Iterable[Any] = (), etype: Type = DYNAMIC) -> None:
        super().__init__(items)
        self.etype = etype


class CMap(dict):  # type: ignore[type-arg]
    """A map value of one element type; keys in sorted order."""

    __slots__ = ("etype",)

    def __init__(self, items: Mapping[str, Any] | None = None, etype: Type = DYNAMIC) -> None:
        super().__init__(sorted((items or {}).items()))
        self.etype = etype


@dataclasses.dataclass(frozen=True)
class Sensitive:
    """A value Terraform marks sensitive: `variable`/`output` with `sensitive = true`,
    `sensitive()`, or an attribute the provider's schema marks. Never nested in itself.
    Its type is its value's (values.py holds the helpers)."""

    value: Any

    def __repr__(self) -> str:  # never the value, should a message ever show one
        return "(sensitive value)"

    __str__ = __repr__


class Null:
    """A null of a known type (None is a null of no particular type)."""

    __slots__ = ("type",)

    def __init__(self, type_: Type) -> None:
        self.type = type_

    def __repr__(self) -> str:
        return f"Null({self.type.friendly()})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Null) and other.type == self.type

    def __hash__(self) -> int:
        return hash(("null", self.type))


@dataclasses.dataclass(frozen=True)
class TypedUnknown(Unknown):
    """An unknown value of a known type, as cty's: what a conversion function makes of an
    unknown (`tostring(x)` is an unknown string, so `flatten` keeps it as one element and
    `one` refuses it). Only the evaluator holds one: `as_unknown` (a function's unknown
    result) and `finalize` give plain Unknowns."""

    type: Type = dataclasses.field(default=None, compare=False)  # type: ignore[assignment]


def typed_unknown(value: Unknown, type_: Type) -> TypedUnknown:
    """value (an Unknown, typed or not) as an unknown of type_."""
    return TypedUnknown(value.reason, value.depends_on, type=type_)


def null_of(type_: Type) -> Any:
    return None if type_ is DYNAMIC else Null(type_)


def is_null(value: Any) -> bool:
    return value is None or type(value) is Null


def type_of(value: Any) -> Type:
    kind = type(value)
    if kind is str:
        return STRING
    if kind is bool:
        return BOOL
    if kind is int or kind is BigFloat or kind is I64 or kind is float:
        return NUMBER
    if kind is dict:
        return ObjectType({k: type_of(v) for k, v in value.items()})
    if kind is list:
        return TupleType(type_of(v) for v in value)
    if kind is CList:
        return ListType(value.etype)
    if kind is CSet:
        return SetType(value.etype)
    if kind is CMap:
        return MapType(value.etype)
    if kind is Null:
        return value.type  # type: ignore[no-any-return]
    if kind is Sensitive:
        return type_of(value.value)
    if kind is TypedUnknown:
        return value.type  # type: ignore[no-any-return]
    return DYNAMIC  # None, Unknown, Ref, Instance


def without_optional(type_: Type) -> Type:
    """The type with its objects' optional attribute markers removed (deeply)."""
    if isinstance(type_, ObjectType):
        if not type_.optional and all(not _has_optional(t) for t in type_.attrs.values()):
            return type_
        return ObjectType({k: without_optional(t) for k, t in type_.attrs.items()})
    if isinstance(type_, Collection):
        if not _has_optional(type_.elem):
            return type_
        return type(type_)(without_optional(type_.elem))
    if isinstance(type_, TupleType):
        if not any(_has_optional(t) for t in type_.elems):
            return type_
        return TupleType(without_optional(t) for t in type_.elems)
    return type_


def _has_optional(type_: Type) -> bool:
    if isinstance(type_, ObjectType):
        return bool(type_.optional) or any(_has_optional(t) for t in type_.attrs.values())
    if isinstance(type_, Collection):
        return _has_optional(type_.elem)
    if isinstance(type_, TupleType):
        return any(_has_optional(t) for t in type_.elems)
    return False


def has_dynamic(type_: Type) -> bool:
    if type_ is DYNAMIC:
        return True
    if isinstance(type_, Collection):
        return has_dynamic(type_.elem)
    if isinstance(type_, TupleType):
        return any(has_dynamic(t) for t in type_.elems)
    if isinstance(type_, ObjectType):
        return any(has_dynamic(t) for t in type_.attrs.values())
    return False


def typed_empty(type_: Type) -> Any:
    """The empty value of a collection type."""
    if isinstance(type_, ListType):
        return CList((), type_.elem)
    if isinstance(type_, SetType):
        return CSet((), type_.elem)
    if isinstance(type_, MapType):
        return CMap({}, type_.elem)
    raise TypeError(type_)
