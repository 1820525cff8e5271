"""cty's conversions and unification, ported from go-cty's `convert` package, and the
equality and set order that cty defines on values.

`convert(value, type)` is what Terraform does to a function argument, an operand, a
variable's value or a template interpolation; `unify(types)` finds the one type that a
conditional's branches, tolist()'s elements or coalesce()'s arguments become.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from driftctl.core.model import Ref, Unknown
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CList,
    CMap,
    Collection,
    CSet,
    ListType,
    MapType,
    Null,
    ObjectType,
    Sensitive,
    SetType,
    TupleType,
    Type,
    TypedUnknown,
    has_dynamic,
    is_null,
    type_of,
    typed_unknown,
    without_optional,
)


class ConversionError(Exception):
    """A value that cannot take a type; the message is cty's (path prefixed)."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.message = message
        self.path = path


Conversion = Callable[[Any, str], Any]


# values.py adds its Instance (a handle on a resource instance) when it is imported
PENDING_TYPES: tuple[type, ...] = (Unknown, Ref)


def _pending(value: Any) -> bool:
    return isinstance(value, PENDING_TYPES)


# ---------------------------------------------------------------------------- public


def convert(value: Any, want: Type) -> Any:
    """value converted to want (cty's convert.Convert: unsafe conversions allowed); a
    sensitive mark stays on what it marked."""
    if want is DYNAMIC:
        return value
    if type(value) is Sensitive:
        return Sensitive(convert(value.value, want))
    have = type_of(value)
    if have == without_optional(want):
        return value
    conversion = get_conversion(have, want, True)
    if conversion is None:
        raise ConversionError(mismatch_message(have, want))
    return conversion(value, "")


def can_convert(have: Type, want: Type, unsafe: bool = True) -> bool:
    return have == want or get_conversion(have, want, unsafe) is not None


def unify(types: list[Type], unsafe: bool = False) -> Type | None:
    """The type all of types convert to (cty's Unify/UnifyUnsafe), or None."""
    return _unify(types, unsafe)


def convert_all(values: list[Any], want: Type) -> list[Any]:
    return [convert(v, want) for v in values]


# ---------------------------------------------------------------------------- strings


def nfc(text: str) -> str:
    """cty normalizes every string to NFC."""
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)


def to_string_text(value: Any) -> str:
    """A primitive value as a string (number and bool to string conversions)."""
    if type(value) is str:
        return value
    if value is True:
        return "true"
    if value is False:
        return "false"
    return number.text(value)


# ---------------------------------------------------------------------------- conversions


def get_conversion(have: Type, want: Type, unsafe: bool) -> Conversion | None:
    inner = _known_conversion(have, want, unsafe)
    if inner is None:
        return None

    def run(value: Any, path: str) -> Any:
        if want is DYNAMIC:
            return value
        if type(value) is Sensitive:
            return Sensitive(run(value.value, path))
        if _pending(value):
            return _retyped(value, want)
        if is_null(value):
            return _typed_null(_dynamic_replace(type_of(value), without_optional(want)))
        return inner(value, path)

    return run


def _retyped(value: Any, want: Type) -> Any:
    """An unknown of a known type converted: one of the wanted type."""
    if type(value) is TypedUnknown and not has_dynamic(want):
        return typed_unknown(value, without_optional(want))
    return value


def _typed_null(type_: Type) -> Any:
    return None if type_ is DYNAMIC else Null(type_)


def _passthrough(value: Any, path: str) -> Any:
    return value


def _known_conversion(have: Type, want: Type, unsafe: bool) -> Conversion | None:
    if want is DYNAMIC:
        return _passthrough
    if unsafe and have is DYNAMIC:
        return lambda value, path: _fixup(value, want, path)
    if have.is_primitive and want.is_primitive:
        if have is want:
            return _passthrough
        if want is STRING:
            return _to_string
        if unsafe and have is STRING:
            return _string_to_number if want is NUMBER else _string_to_bool
        return None
    if isinstance(want, ObjectType) and isinstance(have, ObjectType):
        return _object_to_object(have, want, unsafe)
    if isinstance(want, TupleType) and isinstance(have, TupleType):
        return _tuple_to_tuple(have, want, unsafe)
    if isinstance(want, ListType) and isinstance(have, (ListType, SetType)):
        if have.elem == want.elem:
            return _collection_to_list(want.elem, None)
        element = get_conversion(have.elem, want.elem, unsafe)
        return None if element is None else _collection_to_list(want.elem, element)
    if isinstance(want, SetType) and isinstance(have, (ListType, SetType)):
        if isinstance(have, ListType) and not unsafe:
            return None
        if have.elem == want.elem:
            return _collection_to_set(want.elem, None)
        element = get_conversion(have.elem, want.elem, unsafe)
        return None if element is None else _collection_to_set(want.elem, element)
    if isinstance(want, MapType) and isinstance(have, MapType):
        element = get_conversion(have.elem, want.elem, unsafe)
        return None if element is None else _collection_to_map(want.elem, element)
    if isinstance(want, ListType) and isinstance(have, TupleType):
        return _tuple_to_list(have, want.elem, unsafe)
    if isinstance(want, SetType) and isinstance(have, TupleType):
        return _tuple_to_set(have, want.elem, unsafe)
    if isinstance(want, MapType) and isinstance(have, ObjectType):
        return _object_to_map(have, want.elem, unsafe)
    if isinstance(want, ObjectType) and isinstance(have, MapType):
        return _map_to_object(have, want, unsafe) if unsafe else None
    return None


def _fixup(value: Any, want: Type, path: str) -> Any:
    try:
        return convert(value, want)
    except ConversionError as exc:
        raise ConversionError(exc.message, path + exc.path) from None


def _to_string(value: Any, path: str) -> Any:
    return to_string_text(value)


def _string_to_number(value: Any, path: str) -> Any:
    parsed = number.parse(value)
    if parsed is None:
        raise ConversionError("a number is required", path)
    return parsed


def _string_to_bool(value: Any, path: str) -> Any:
    if value in ("true", "1"):
        return True
    if value in ("false", "0"):
        return False
    lower = value.lower()
    if lower in ("true", "false"):
        raise ConversionError(
            f'a bool is required; to convert from string, use lowercase "{lower}"', path
        )
    raise ConversionError("a bool is required", path)


def _object_to_object(have: ObjectType, want: ObjectType, unsafe: bool) -> Conversion | None:
    attr_convs: dict[str, Conversion | None] = {}
    for name, out_type in want.attrs.items():
        in_type = have.attrs.get(name)
        if in_type is None:
            if name in want.optional:
                continue
            return None
        if in_type == out_type:
            attr_convs[name] = None
            continue
        conversion = get_conversion(in_type, out_type, unsafe)
        if conversion is None:
            return None
        attr_convs[name] = conversion

    def run(value: Any, path: str) -> Any:
        out: dict[str, Any] = {}
        for name, item in value.items():
            if name not in attr_convs:
                continue
            conversion = attr_convs[name]
            if conversion is not None:
                item = conversion(item, f"{path}.{name}")
            out[name] = _strip_null(item)
        for name in want.optional:
            if name not in out:
                out[name] = _typed_null(without_optional(want.attrs[name]))
        return dict(sorted(out.items()))

    return run


def _strip_null(value: Any) -> Any:
    if type(value) is Null:
        stripped = without_optional(value.type)
        return value if stripped is value.type else Null(stripped)
    return value


def _tuple_to_tuple(have: TupleType, want: TupleType, unsafe: bool) -> Conversion | None:
    if len(have.elems) != len(want.elems):
        return None
    convs: list[Conversion | None] = []
    for in_type, out_type in zip(have.elems, want.elems, strict=True):
        if in_type == out_type:
            convs.append(None)
            continue
        conversion = get_conversion(in_type, out_type, unsafe)
        if conversion is None:
            return None
        convs.append(conversion)

    def run(value: Any, path: str) -> Any:
        return [
            item if conversion is None else conversion(item, f"{path}[{i}]")
            for i, (item, conversion) in enumerate(zip(value, convs, strict=True))
        ]

    return run


def _collection_to_list(elem: Type, element: Conversion | None) -> Conversion:
    def run(value: Any, path: str) -> Any:
        items = [
            _strip_null(item if element is None else element(item, f"{path}[{i}]"))
            for i, item in enumerate(value)
        ]
        if not items:
            etype = type_of(value).elem if elem is DYNAMIC else without_optional(elem)  # type: ignore[attr-defined]
            return CList((), etype)
        return make_list(items, path)

    return run


def _collection_to_set(elem: Type, element: Conversion | None) -> Conversion:
    def run(value: Any, path: str) -> Any:
        items = [
            _strip_null(item if element is None else element(item, f"{path}[{i}]"))
            for i, item in enumerate(value)
        ]
        if not items:
            etype = type_of(value).elem if elem is DYNAMIC else without_optional(elem)  # type: ignore[attr-defined]
            return CSet((), etype)
        return make_set(items, path)

    return run


def _collection_to_map(elem: Type, element: Conversion) -> Conversion:
    def run(value: Any, path: str) -> Any:
        items = {k: element(v, f'{path}["{k}"]') for k, v in value.items()}
        if not items:
            etype = value.etype if elem is DYNAMIC else without_optional(elem)
            return CMap({}, etype)
        if isinstance(elem, (Collection, ObjectType)):
            items = _unify_elements(items, path, False)
        return make_map(items, path)

    return run


def _tuple_element_conversions(
    have: TupleType, elem: Type, unsafe: bool
) -> list[Conversion | None] | None:
    """Each element's conversion to elem (None: already elem), elem unified from the
    elements when it is dynamic; None when some element cannot convert (cty's
    conversionTupleToList/ToSet prelude)."""
    if elem is DYNAMIC:
        unified = _unify(list(have.elems), unsafe)
        if unified is None:
            return None
        if unified is DYNAMIC and any(t is not DYNAMIC for t in have.elems):
            return None
        elem = unified
    convs: list[Conversion | None] = []
    for in_type in have.elems:
        if in_type == elem:
            convs.append(None)
            continue
        conversion = get_conversion(in_type, elem, unsafe)
        if conversion is None:
            return None
        convs.append(conversion)
    return convs


def _tuple_to_list(have: TupleType, elem: Type, unsafe: bool) -> Conversion | None:
    if not have.elems:
        stripped = without_optional(elem)
        return lambda value, path: CList((), stripped)
    convs = _tuple_element_conversions(have, elem, unsafe)
    if convs is None:
        return None

    def run(value: Any, path: str) -> Any:
        items = [
            item if conversion is None else conversion(item, f"{path}[{i}]")
            for i, (item, conversion) in enumerate(zip(value, convs, strict=True))
        ]
        items = list(_unify_elements(dict(enumerate(items)), path, unsafe).values())
        return make_list(items, path)

    return run


def _tuple_to_set(have: TupleType, elem: Type, unsafe: bool) -> Conversion | None:
    if not have.elems:
        stripped = without_optional(elem)
        return lambda value, path: CSet((), stripped)
    convs = _tuple_element_conversions(have, elem, unsafe)
    if convs is None:
        return None

    def run(value: Any, path: str) -> Any:
        items = [
            _strip_null(item if conversion is None else conversion(item, f"{path}[{i}]"))
            for i, (item, conversion) in enumerate(zip(value, convs, strict=True))
        ]
        return make_set(items, path)

    return run


def _object_to_map(have: ObjectType, elem: Type, unsafe: bool) -> Conversion | None:
    if not have.attrs:
        stripped = without_optional(elem)
        return lambda value, path: CMap({}, stripped)
    if elem is DYNAMIC:
        unified = _unify(list(have.attrs.values()), unsafe)
        if unified is None:
            return None
        elem = unified
    convs: dict[str, Conversion | None] = {}
    for name, in_type in have.attrs.items():
        if in_type == elem:
            convs[name] = None
            continue
        conversion = get_conversion(in_type, elem, unsafe)
        if conversion is None:
            return None
        convs[name] = conversion

    def run(value: Any, path: str) -> Any:
        items: dict[str, Any] = {}
        for name, item in value.items():
            conversion = convs.get(name)
            items[name] = item if conversion is None else conversion(item, f"{path}.{name}")
        if isinstance(elem, (Collection, ObjectType)):
            items = _unify_elements(items, path, unsafe)
        return make_map(items, path, "attribute types must all match for conversion to map")

    return run


def _map_to_object(have: MapType, want: ObjectType, unsafe: bool) -> Conversion | None:
    convs: dict[str, Conversion | None] = {}
    for name, out_type in want.attrs.items():
        if out_type == have.elem:
            continue
        conversion = get_conversion(have.elem, out_type, unsafe)
        if conversion is None:
            if name in want.optional and unsafe:
                continue
            return None
        convs[name] = conversion

    def run(value: Any, path: str) -> Any:
        out: dict[str, Any] = {}
        for name, item in value.items():
            if name not in want.attrs:
                continue
            if name in convs:
                conversion = convs[name]
                if conversion is not None:
                    item = conversion(item, f"{path}.{name}")
            elif want.attrs[name] != have.elem:
                raise ConversionError(
                    f"map element type is incompatible with attribute {name!r}: "
                    + mismatch_message(type_of(item), want.attrs[name]),
                    path,
                )
            out[name] = _strip_null(item)
        for name, attr_type in want.attrs.items():
            if name not in out:
                if name in want.optional:
                    out[name] = _typed_null(attr_type)
                else:
                    raise ConversionError(
                        f'map has no element for required attribute "{name}"', path
                    )
        return dict(sorted(out.items()))

    return run


def _unify_elements(items: dict[Any, Any], path: str, unsafe: bool) -> dict[Any, Any]:
    types = [type_of(v) for v in items.values()]
    unified = _unify(types, unsafe)
    if unified is None:
        raise ConversionError("cannot find a common base type for all elements", path)
    out = {}
    for (key, item), item_type in zip(items.items(), types, strict=True):
        if item_type == unified:
            out[key] = item
            continue
        conversion = get_conversion(item_type, unified, unsafe)
        if conversion is None:
            raise ConversionError("cannot find a common base type for all elements", path)
        out[key] = conversion(item, f"{path}[{key!r}]")
    return out


def _dynamic_replace(have: Type, want: Type) -> Type:
    if have is DYNAMIC:
        return want
    if want is DYNAMIC:
        return have
    if want.is_primitive:
        return want
    if isinstance(want, MapType):
        if isinstance(have, MapType):
            return MapType(_dynamic_replace(have.elem, want.elem))
        if isinstance(have, ObjectType):
            unified = _unify(list(have.attrs.values()), True) or DYNAMIC
            return MapType(_dynamic_replace(unified, want.elem))
        return want
    if isinstance(want, ObjectType):
        attrs: dict[str, Type] = {}
        for name, attr_type in want.attrs.items():
            if isinstance(have, MapType):
                attrs[name] = _dynamic_replace(have.elem, attr_type)
            elif isinstance(have, ObjectType):
                inner = have.attrs.get(name)
                attrs[name] = attr_type if inner is None else _dynamic_replace(inner, attr_type)
        return ObjectType(attrs)
    if isinstance(want, (SetType, ListType)):
        if isinstance(have, (SetType, ListType)):
            return type(want)(_dynamic_replace(have.elem, want.elem))
        if isinstance(have, TupleType):
            unified = _unify(list(have.elems), True) or DYNAMIC
            return type(want)(_dynamic_replace(unified, want.elem))
        return want
    if isinstance(want, TupleType):
        elems = have.elems if isinstance(have, TupleType) else ()
        return TupleType(
            _dynamic_replace(elems[i] if i < len(elems) else DYNAMIC, t)
            for i, t in enumerate(want.elems)
        )
    return want


# ---------------------------------------------------------------------------- building


def make_list(items: list[Any], path: str = "") -> CList:
    etype = _common_type(items, path, "element types must all match for conversion to list")
    return CList(items, etype)


def make_set(items: list[Any], path: str = "") -> CSet:
    etype = _common_type(items, path, "element types must all match for conversion to set")
    return CSet(set_order(dedupe(items)), etype)


def make_map(items: dict[str, Any], path: str = "", message: str = "") -> CMap:
    etype = _common_type(
        list(items.values()), path, message or "element types must all match for conversion to map"
    )
    return CMap(items, etype)


def _common_type(items: list[Any], path: str, message: str) -> Type:
    known = [type_of(v) for v in items if not _pending(v) or type(v) is TypedUnknown]
    if not known:
        return DYNAMIC
    first = known[0]
    for other in known[1:]:
        if other != first:
            if first is DYNAMIC:
                first = other
            elif other is not DYNAMIC:
                raise ConversionError(message, path)
    return first


def dedupe(items: Iterable[Any]) -> list[Any]:
    seen: set[Any] = set()
    out: list[Any] = []
    for item in items:
        key = set_key(item)
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def set_key(value: Any) -> Any:
    """A hashable key equal for values cty holds equal in a set."""
    kind = type(value)
    if kind is str or kind is bool:
        return (kind.__name__, value)
    if number.is_number(value):
        if number.sign(value) == 0:
            return ("n", 0)
        try:
            return ("n", number.to_fraction(value))
        except number.NumberError:
            return ("n", number.text(value))
    if _pending(value):
        return ("?", id(value))
    return ("h", hash_bytes(value))


def set_order(items: list[Any]) -> list[Any]:
    """cty's set order: strings, numbers and bools by value; other elements by their
    hash bytes; nulls and unknowns last."""
    known = [v for v in items if not is_null(v) and not _pending(v)]
    rest = [v for v in items if _pending(v)] + [v for v in items if is_null(v)]
    if not known:
        return rest
    kinds = {type(v) for v in known}
    if kinds <= {str}:
        known.sort()
    elif all(number.is_number(v) for v in known):
        known.sort(key=_number_key)
    elif kinds <= {bool}:
        known.sort()
    else:
        known.sort(key=hash_bytes)
    return known + rest


def _number_key(value: Any) -> Any:
    import functools

    return functools.cmp_to_key(number.compare)(value)


def hash_bytes(value: Any) -> str:
    """cty's set hash text of a value (makeSetHashBytes)."""
    if _pending(value):
        return "?"
    if is_null(value):
        return "~"
    kind = type(value)
    if kind is bool:
        return "T" if value else "F"
    if kind is str:
        return go_quote(value)
    if number.is_number(value):
        return number.format_go(value, "g", 10)
    if kind is CMap:
        return "{" + "".join(f"{go_quote(k)}:{hash_bytes(v)};" for k, v in value.items()) + "}"
    if kind is CList or kind is CSet:
        return "[" + "".join(f"{hash_bytes(v)};" for v in value) + "]"
    if kind is dict:
        return "<" + "".join(f"{hash_bytes(value[k])};" for k in sorted(value)) + ">"
    if kind is list:
        return "<" + "".join(f"{hash_bytes(v)};" for v in value) + ">"
    return "?"


_GO_ESCAPES = {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r"}
_GO_ESCAPES.update({"\t": "\\t", "\v": "\\v", "\\": "\\\\", '"': '\\"'})


def go_quote(text: str) -> str:
    """Go's strconv.Quote."""
    out = ['"']
    for char in text:
        escape = _GO_ESCAPES.get(char)
        if escape is not None:
            out.append(escape)
        elif char == " " or (char.isprintable() and unicodedata.category(char)[0] in "LMNPS"):
            out.append(char)
        else:
            code = ord(char)
            if code < 0x80:
                out.append(f"\\x{code:02x}")
            elif code < 0x10000:
                out.append(f"\\u{code:04x}")
            else:
                out.append(f"\\U{code:08x}")
    out.append('"')
    return "".join(out)


# ---------------------------------------------------------------------------- unification


def _unify(types: list[Type], unsafe: bool) -> Type | None:
    if not types:
        return None
    counts = {"map": 0, "list": 0, "set": 0, "object": 0, "tuple": 0, "dynamic": 0}
    for t in types:
        if t.kind in counts:
            counts[t.kind] += 1
    total, dyn = len(types), counts["dynamic"]
    if counts["map"] and counts["map"] + dyn == total:
        return _unify_collections(MapType, types, unsafe, dyn > 0)
    if counts["map"] and counts["map"] + counts["object"] + dyn == total:
        result = _unify_objects_as_maps(types, unsafe)
        if isinstance(result, MapType):
            return result
    elif counts["list"] and counts["list"] + dyn == total:
        return _unify_collections(ListType, types, unsafe, dyn > 0)
    elif counts["list"] and counts["list"] + counts["tuple"] + dyn == total:
        result = _unify_tuples_as_list(types, unsafe)
        if isinstance(result, ListType):
            return result
    elif counts["set"] and counts["set"] + dyn == total:
        return _unify_collections(SetType, types, unsafe, dyn > 0)
    elif counts["object"] and counts["object"] + dyn == total:
        return _unify_objects(types, unsafe, dyn > 0)
    elif counts["tuple"] and counts["tuple"] + dyn == total:
        return _unify_tuples(types, unsafe, dyn > 0)
    elif counts["object"] and counts["tuple"]:
        return None
    for want in _preference(types):
        if all(t == want or get_conversion(t, want, unsafe) is not None for t in types):
            return want
    return None


def _unify_collections(
    make_type: type[Collection], types: list[Type], unsafe: bool, dynamic: bool
) -> Type | None:
    if dynamic:
        return DYNAMIC
    elem = _unify([t.elem for t in types], unsafe)  # type: ignore[attr-defined]
    if elem is None:
        return None
    result = make_type(elem)
    for t in types:
        if t != result and get_conversion(t, result, unsafe) is None:
            return None
    return result


def _unify_objects(types: list[Type], unsafe: bool, dynamic: bool) -> Type | None:
    if dynamic:
        return DYNAMIC
    first = types[0].attrs  # type: ignore[attr-defined]
    for t in types[1:]:
        if t.attrs.keys() != first.keys():  # type: ignore[attr-defined]
            return _unify_objects_to_map(types, unsafe)
    attrs: dict[str, Type] = {}
    for name in first:
        unified = _unify([t.attrs[name] for t in types], unsafe)  # type: ignore[attr-defined]
        if unified is None:
            return None
        attrs[name] = unified
    result = ObjectType(attrs)
    for t in types:
        if t != result and get_conversion(t, result, unsafe) is None:
            return _unify_objects_to_map(types, unsafe)
    return result


def _unify_objects_to_map(types: Sequence[Type], unsafe: bool) -> Type | None:
    attr_types = [a for t in types for a in t.attrs.values()]  # type: ignore[attr-defined]
    elem = _unify(attr_types, unsafe)
    if elem is None:
        return None
    result = MapType(elem)
    for t in types:
        if t != result and get_conversion(t, result, unsafe) is None:
            return None
    return result


def _unify_tuples(types: list[Type], unsafe: bool, dynamic: bool) -> Type | None:
    if dynamic:
        return DYNAMIC
    first = types[0].elems  # type: ignore[attr-defined]
    if any(len(t.elems) != len(first) for t in types[1:]):  # type: ignore[attr-defined]
        return _unify_tuples_to_list(types, unsafe)
    elems: list[Type] = []
    for i in range(len(first)):
        unified = _unify([t.elems[i] for t in types], unsafe)  # type: ignore[attr-defined]
        if unified is None:
            return None
        elems.append(unified)
    result = TupleType(elems)
    for t in types:
        if t != result and get_conversion(t, result, unsafe) is None:
            return _unify_tuples_to_list(types, unsafe)
    return result


def _unify_tuples_to_list(types: Sequence[Type], unsafe: bool) -> Type | None:
    elem_types = [e for t in types for e in t.elems]  # type: ignore[attr-defined]
    elem = _unify(elem_types, unsafe)
    if elem is None:
        return None
    result = ListType(elem)
    for t in types:
        if t != result and get_conversion(t, result, unsafe) is None:
            return None
    return result


def _unify_tuples_as_list(types: list[Type], unsafe: bool) -> Type | None:
    tuples = [t for t in types if isinstance(t, TupleType)]
    as_list = _unify_tuples_to_list(tuples, unsafe)
    if not isinstance(as_list, ListType):
        return None
    replaced = [as_list if isinstance(t, TupleType) else t for t in types]
    result = _unify(replaced, unsafe)
    return result if isinstance(result, ListType) else None


def _unify_objects_as_maps(types: list[Type], unsafe: bool) -> Type | None:
    objects = [t for t in types if isinstance(t, ObjectType)]
    as_map = _unify_objects_to_map(objects, unsafe)
    if not isinstance(as_map, MapType):
        return None
    replaced = [as_map if isinstance(t, ObjectType) else t for t in types]
    result = _unify(replaced, unsafe)
    return result if isinstance(result, MapType) else None


def _preference(types: list[Type]) -> list[Type]:
    """cty's sortTypes: a topological order of the types by compareTypes."""
    first = types[0] if types else None
    if all(t == first for t in types):
        # no two compare differently: the order is the given one, found in linear time
        # (the general case compares every pair: minutes for a tuple of 100,000 strings)
        return list(types)
    n = len(types)
    edges: list[list[int]] = [[] for _ in range(n)]
    for i in range(n - 1):
        for j in range(i + 1, n):
            cmp = _compare_types(types[i], types[j])
            if cmp < 0:
                edges[i].append(j)
            elif cmp > 0:
                edges[j].append(i)
    indegree = [0] * n
    for outs in edges:
        for j in outs:
            indegree[j] += 1
    queue = [i for i in range(n) if indegree[i] == 0]
    order: list[int] = []
    while queue:
        i = queue.pop(0)
        order.append(i)
        for j in edges[i]:
            indegree[j] -= 1
            if indegree[j] == 0:
                queue.append(j)
    return [types[i] for i in order]


def _compare_types(a: Type, b: Type) -> int:
    if a is DYNAMIC or b is DYNAMIC:
        if a is not DYNAMIC:
            return -1
        if b is not DYNAMIC:
            return 1
        return 0
    if a.is_primitive and b.is_primitive and (a is STRING or b is STRING):
        if a is not STRING:
            return 1
        if b is not STRING:
            return -1
        return 0
    if type(a) is type(b) and isinstance(a, Collection):
        return _compare_types(a.elem, b.elem)  # type: ignore[attr-defined]
    swap = 1
    if (
        (isinstance(a, TupleType) and isinstance(b, ListType))
        or (isinstance(a, ObjectType) and isinstance(b, MapType))
        or (isinstance(a, SetType) and isinstance(b, (TupleType, ListType)))
    ):
        a, b = b, a
        swap = -1
    if isinstance(b, SetType) and isinstance(a, (TupleType, ListType)):
        return -1 * swap
    if isinstance(a, ListType) and isinstance(b, TupleType):
        return -1 * swap
    if isinstance(a, MapType) and isinstance(b, ObjectType):
        return -1 * swap
    if isinstance(a, ObjectType) and isinstance(b, ObjectType):
        if a.attrs.keys() != b.attrs.keys():
            return 0
        return _super_compare([(a.attrs[k], b.attrs[k]) for k in a.attrs], swap)
    if isinstance(a, TupleType) and isinstance(b, TupleType):
        if len(a.elems) != len(b.elems):
            return 0
        return _super_compare(list(zip(a.elems, b.elems, strict=True)), swap)
    return 0


def _super_compare(pairs: list[tuple[Type, Type]], swap: int) -> int:
    a_super = b_super = False
    for x, y in pairs:
        cmp = _compare_types(x, y)
        if cmp < 0:
            a_super = True
        elif cmp > 0:
            b_super = True
    if a_super and b_super:
        return 0
    if a_super:
        return -1 * swap
    if b_super:
        return 1 * swap
    return 0


# ---------------------------------------------------------------------------- messages


def mismatch_message(have: Type, want: Type) -> str:
    """A short reason why have does not convert to want (cty's MismatchMessage, abridged)."""
    if isinstance(want, ObjectType) and isinstance(have, ObjectType):
        missing = [k for k in want.attrs if k not in have.attrs and k not in want.optional]
        if missing:
            if len(missing) == 1:
                return f'attribute "{missing[0]}" is required'
            return "attributes " + ", ".join(f'"{k}"' for k in sorted(missing)) + " are required"
        for name, attr_type in want.attrs.items():
            if name in have.attrs and not can_convert(have.attrs[name], attr_type):
                return f'attribute "{name}": {mismatch_message(have.attrs[name], attr_type)}'
    if isinstance(want, (ListType, SetType)) and isinstance(have, TupleType):
        if has_dynamic(want.elem) or want.elem is DYNAMIC:
            return f"all {want.kind} elements must have the same type"
        for i, elem in enumerate(have.elems):
            if not can_convert(elem, want.elem):
                return f"element {i}: {mismatch_message(elem, want.elem)}"
    if isinstance(want, MapType) and isinstance(have, ObjectType):
        if want.elem is DYNAMIC:
            return "all map elements must have the same type"
        for name, attr_type in have.attrs.items():
            if not can_convert(attr_type, want.elem):
                return f'element "{name}": {mismatch_message(attr_type, want.elem)}'
    if isinstance(want, Collection) and isinstance(have, Collection) and have.kind == want.kind:
        return f"incorrect {want.kind} element type: {mismatch_message(have.elem, want.elem)}"
    return f"{want.friendly(True)} required, but have {have.friendly()}"


# ---------------------------------------------------------------------------- equality


def equals(a: Any, b: Any) -> Any:
    """cty's Equals: True, False, or an Unknown when it depends on unknown values."""
    if _pending(a) or _pending(b):
        ta, tb = type_of(a), type_of(b)
        if (
            ta != tb
            and not (_pending(a) and _pending(b))
            and not (has_dynamic(ta) or has_dynamic(tb))
            and not is_null(a if _pending(b) else b)
        ):
            return False  # an unknown of another type is never equal (cty)
        return _pending_of(a, b)
    a_null, b_null = is_null(a), is_null(b)
    if a_null and b_null:
        return True
    if a_null or b_null:
        return False
    ta, tb = type_of(a), type_of(b)
    if ta != tb:
        # cty: an unknown inside leaves the types partly dynamic; while they could still
        # conform, equality waits on it ({a = unknown} == {a = "b"})
        if (has_dynamic(ta) or has_dynamic(tb)) and (_conforms(ta, tb) or _conforms(tb, ta)):
            pending = _deep_pending(a) or _deep_pending(b)
            if pending is not None:
                return _pending_of(pending, pending)
        return False
    return _equal_same(a, b)


def _conforms(have: Type, want: Type) -> bool:
    """cty's TestConformance: have fits want, the dynamic type standing for any type."""
    if have is DYNAMIC or want is DYNAMIC or have == want:
        return True
    if isinstance(have, Collection) and type(want) is type(have):
        return _conforms(have.elem, want.elem)
    if isinstance(have, TupleType) and isinstance(want, TupleType):
        return len(have.elems) == len(want.elems) and all(
            _conforms(h, w) for h, w in zip(have.elems, want.elems, strict=True)
        )
    if isinstance(have, ObjectType) and isinstance(want, ObjectType):
        return have.attrs.keys() == want.attrs.keys() and all(
            _conforms(t, want.attrs[k]) for k, t in have.attrs.items()
        )
    return False


def _deep_pending(value: Any) -> Any:
    from driftctl.declared.hcl.lang.values import find_pending

    return find_pending(value)


def _pending_of(a: Any, b: Any) -> Any:
    from driftctl.declared.hcl.lang.values import as_unknown

    return as_unknown(a if _pending(a) else b)


def _equal_same(a: Any, b: Any) -> Any:
    kind = type(a)
    if number.is_number(a):
        return number.compare(a, b) == 0
    if kind is str or kind is bool:
        return bool(a == b)
    if kind is dict or kind is CMap:
        if a.keys() != b.keys():
            return False
        for key in a:
            result = equals(a[key], b[key])
            if result is not True:
                return result
        return True
    if kind is CSet:
        if len(a) != len(b):
            return False
        keys = {set_key(v) for v in b}
        return all(set_key(v) in keys for v in a)
    if kind is list or kind is CList:
        if len(a) != len(b):
            return False
        for x, y in zip(a, b, strict=True):
            result = equals(x, y)
            if result is not True:
                return result
        return True
    return bool(a == b)


def primitive_type(value: Any) -> Type | None:
    kind = type(value)
    if kind is str:
        return STRING
    if kind is bool:
        return BOOL
    if number.is_number(value):
        return NUMBER
    return None
