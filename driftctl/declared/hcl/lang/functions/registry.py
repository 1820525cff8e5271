"""Terraform's built-in function library: the registry and how a call is made.

Every function Terraform can evaluate offline is implemented in a module of this package,
with cty's parameter types. The rest evaluate to Unknown, for a stated reason:
non-deterministic ones (timestamp, uuid, bcrypt, plantimestamp) are also reported so the
determinism check can name them. A name that is no function at all is an error, as in
Terraform. Every function is also reachable as `core::NAME`.

`call` follows cty's function.Call: arity, conversion of each argument to its parameter
type, null and unknown arguments, then the implementation.
"""

from __future__ import annotations

from typing import Any

from driftctl.core.model import Unknown
from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.convert import ConversionError, convert
from driftctl.declared.hcl.lang.functions import (
    collections,
    encoding,
    files,
    net,
    numeric,
    strings,
)
from driftctl.declared.hcl.lang.functions.base import CallContext, Function, Param, fn
from driftctl.declared.hcl.lang.types import STRING, is_null
from driftctl.declared.hcl.lang.values import EvalFailure, as_unknown, find_pending, is_pending

NON_DETERMINISTIC = frozenset({"timestamp", "plantimestamp", "uuid", "bcrypt"})

# Offline but not reproducible: the value depends on the machine, or on Go's own bytes.
_NOT_REPRODUCIBLE = {
    "abspath": "abspath() depends on where terraform runs",
    "base64gzip": "base64gzip() output depends on Go's gzip compressor",
}


def _pathexpand(args: list[Any]) -> Any:
    text = args[0]
    if text == "~" or text.startswith("~/"):
        return Unknown("pathexpand() of ~ depends on the user's home directory")
    return text


def _rsadecrypt(args: list[Any]) -> str:
    from driftctl.declared.hcl.lang.functions.rsa import rsadecrypt

    return rsadecrypt(args[0], args[1])


_STR = Param("str", STRING)

FUNCTIONS: dict[str, Function] = {
    **collections.FUNCTIONS,
    **encoding.FUNCTIONS,
    **files.FUNCTIONS,
    **net.FUNCTIONS,
    **numeric.FUNCTIONS,
    **strings.FUNCTIONS,
    "pathexpand": fn(_pathexpand, Param("path", STRING)),
    "rsadecrypt": fn(_rsadecrypt, Param("ciphertext", STRING), Param("privatekey", STRING)),
}

# Evaluated by the evaluator itself (lazy arguments, a template of their own, or the
# sensitive mark of a value).
SPECIAL = frozenset(
    {"try", "can", "templatefile", "templatestring", "sensitive", "nonsensitive", "issensitive"}
)


def known_names() -> frozenset[str]:
    return frozenset(FUNCTIONS) | NON_DETERMINISTIC | SPECIAL | frozenset(_NOT_REPRODUCIBLE)


def check_function(name: str) -> Unknown | None:
    """None for a function driftctl evaluates; Unknown for one it cannot evaluate offline.
    Raises EvalFailure for a name that is not a Terraform function."""
    if name in FUNCTIONS:
        return None
    if name in _NOT_REPRODUCIBLE:
        return Unknown(_NOT_REPRODUCIBLE[name])
    if name.startswith("provider::"):
        return Unknown(f"provider function {name} is not evaluated offline")
    if "::" in name:
        namespace = name.rsplit("::", 1)[0]
        raise EvalFailure(
            f"call to unknown function {name}(): there are no functions in namespace {namespace}::"
        )
    raise EvalFailure(f"call to unknown function {name}()")


def _expected(function: Function) -> str:
    qualifier = "at least " if function.var_param is not None else ""
    return f"{qualifier}{len(function.params)} arguments"


def call(name: str, args: list[Any], context: CallContext) -> Any:
    """Call a supported function; raises EvalFailure on bad arguments."""
    function = FUNCTIONS[name]
    params = function.params
    if len(args) < len(params) or (function.var_param is None and len(args) > len(params)):
        missing = f' (missing "{params[len(args)].name}")' if len(args) < len(params) else ""
        raise EvalFailure(f"{name}() takes {_expected(function)}, got {len(args)}{missing}")
    converted: list[Any] = []
    for position, arg in enumerate(args):
        param = params[position] if position < len(params) else function.var_param
        assert param is not None
        if not is_pending(arg):
            try:
                arg = convert(arg, param.type)
            except ConversionError as exc:
                raise EvalFailure(
                    f'{name}(): invalid value for "{param.name}" parameter: {exc}'
                ) from None
        converted.append(arg)
    unknown: Any = None
    for position, arg in enumerate(converted):
        param = params[position] if position < len(params) else function.var_param
        assert param is not None
        if is_null(arg) and not param.allow_null:
            raise EvalFailure(
                f'{name}(): invalid value for "{param.name}" parameter: argument must not be null'
            )
        if arg is None and not param.allow_dynamic:
            return Unknown(f"{name}() is given a null of no type: its value is known only at apply")
        if unknown is None and not param.allow_unknown:
            pending = find_pending(arg) if function.deep else (arg if is_pending(arg) else None)
            if pending is not None:
                unknown = pending
    if unknown is not None:
        return as_unknown(unknown)
    try:
        if function.context_impl is not None:
            return function.context_impl(context, converted)
        assert function.impl is not None
        return function.impl(converted)
    except EvalFailure as exc:
        raise EvalFailure(f"{name}(): {exc}") from None
    except number.NumberError as exc:
        raise EvalFailure(f"{name}(): {exc}") from None
    except RecursionError:
        raise EvalFailure(f"{name}(): value is nested too deeply") from None
