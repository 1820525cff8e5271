"""Terraform's built-in function library: the registry and how a call is made.

Every function Terraform can evaluate offline is implemented in a module of this package.
The rest evaluate to Unknown, for a stated reason: non-deterministic ones (timestamp,
uuid, bcrypt, plantimestamp) are also reported so the determinism check can name them.
A name that is no function at all is an error, as in Terraform.

`call` settles Unknown/Ref arguments first: a *strict* function needs every argument
wholly known; a *shallow* one (merge, length, lookup, ...) only needs its top-level
arguments known and passes nested Refs through.
"""

from __future__ import annotations

from typing import Any

from driftctl.declared.hcl.functions import (
    collections,
    encoding,
    files,
    net,
    numeric,
    strings,
)
from driftctl.declared.hcl.functions.base import CallContext, Function, as_str, fn
from driftctl.declared.hcl.values import EvalFailure, as_unknown, find_pending, is_pending
from driftctl.model import Unknown

NON_DETERMINISTIC = frozenset({"timestamp", "plantimestamp", "uuid", "bcrypt"})

# Offline but not reproducible: the value depends on the machine, or on Go's own bytes.
_NOT_REPRODUCIBLE = {
    "abspath": "abspath() depends on where terraform runs",
    "base64gzip": "base64gzip() output depends on Go's gzip compressor",
}


def _pathexpand(args: list[Any]) -> Any:
    text = as_str(args[0])
    if text == "~" or text.startswith("~/"):
        return Unknown("pathexpand() of ~ depends on the user's home directory")
    return text


def _rsadecrypt(args: list[Any]) -> str:
    from driftctl.declared.hcl.functions.rsa import rsadecrypt

    return rsadecrypt(as_str(args[0]), as_str(args[1]))


FUNCTIONS: dict[str, Function] = {
    **collections.FUNCTIONS,
    **encoding.FUNCTIONS,
    **files.FUNCTIONS,
    **net.FUNCTIONS,
    **numeric.FUNCTIONS,
    **strings.FUNCTIONS,
    "pathexpand": fn(_pathexpand, 1),
    "rsadecrypt": fn(_rsadecrypt, 2),
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
    raise EvalFailure(f"call to unknown function {name}()")


def call(name: str, args: list[Any], context: CallContext) -> Any:
    """Call a supported function; raises EvalFailure on bad arguments."""
    function = FUNCTIONS[name]
    if len(args) < function.min_args or (
        function.max_args is not None and len(args) > function.max_args
    ):
        expected = (
            f"{function.min_args}"
            if function.min_args == function.max_args
            else f"at least {function.min_args}"
            if function.max_args is None
            else f"{function.min_args} to {function.max_args}"
        )
        raise EvalFailure(f"{name}() takes {expected} arguments, got {len(args)}")
    pending = (
        find_pending(args) if function.strict else next((a for a in args if is_pending(a)), None)
    )
    if pending is not None:
        return as_unknown(pending)
    if not function.allow_null:
        for position, arg in enumerate(args, start=1):
            if arg is None:
                raise EvalFailure(f"{name}(): argument {position} must not be null")
    try:
        if function.context_impl is not None:
            return function.context_impl(context, args)
        assert function.impl is not None
        return function.impl(args)
    except EvalFailure as exc:
        raise EvalFailure(f"{name}(): {exc}") from None
    except RecursionError:
        raise EvalFailure(f"{name}(): value is nested too deeply") from None
