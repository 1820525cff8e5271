"""What every built-in function module shares: the Function record (typed parameters, as
cty's function.Spec), the call context, and small argument helpers.

Arguments are converted to their parameter's type before the implementation runs, as
HCL does (`Invalid value for "str" parameter: ...`); null arguments are refused unless
the parameter allows them; a function whose argument is not yet known gives Unknown
unless the parameter accepts unknown values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.graphemes import graphemes as graphemes
from driftctl.declared.hcl.lang.types import DYNAMIC, Type
from driftctl.declared.hcl.lang.values import EvalFailure, type_name

Impl = Callable[[list[Any]], Any]
ContextImpl = Callable[["CallContext", list[Any]], Any]


@dataclasses.dataclass(frozen=True)
class Param:
    name: str
    type: Type = DYNAMIC
    allow_null: bool = False
    allow_unknown: bool = False  # the implementation handles an unknown value itself
    # a dynamic-typed argument (a literal null) reaches the implementation; without it the
    # result is unknown, as cty does for parameters without AllowDynamicType
    allow_dynamic: bool = True


@dataclasses.dataclass(frozen=True)
class Function:
    params: tuple[Param, ...]
    impl: Impl | None
    var_param: Param | None = None
    context_impl: ContextImpl | None = None  # functions that read files
    # deep: an unknown value anywhere inside an argument gives Unknown (most functions);
    # shallow ones (length, merge, lookup, ...) pass nested unknowns through
    deep: bool = True


def fn(
    impl: Impl,
    *params: Param | str,
    var: Param | str | None = None,
    deep: bool = True,
) -> Function:
    """A Function; a parameter given as "name" or "name:type-free" is a dynamic one."""
    return Function(
        tuple(_param(p) for p in params),
        impl,
        _param(var) if var is not None else None,
        deep=deep,
    )


def _param(spec: Param | str) -> Param:
    return spec if isinstance(spec, Param) else Param(spec)


class CallContext:
    """What file functions and non-deterministic calls need from the loader."""

    def __init__(
        self,
        root: Path | None,
        nondeterministic: Callable[[str, str], None] | None = None,
    ) -> None:
        self.root = root  # terraform's working directory: relative paths start here
        self._nondeterministic = nondeterministic
        # every path a file function read or looked at (file, templatefile, fileexists,
        # the files fileset found, ...): the revert's git guard checks each one
        self.read: set[Path] = set()

    def nondeterministic(self, where: str, name: str) -> None:
        if self._nondeterministic is not None:
            self._nondeterministic(where, name)

    def path(self, text: str) -> Path:
        if self.root is None:
            raise EvalFailure("functions that read files cannot be used here")
        path = Path(text)
        path = path if path.is_absolute() else self.root / path
        self.read.add(path)
        return path

    def display(self, path: Path) -> str:
        if self.root is not None:
            try:
                return path.relative_to(self.root).as_posix()
            except ValueError:
                pass
        return path.as_posix()

    def read_bytes(self, text: str) -> bytes:
        from driftctl.declared.hcl.lang.reads import record_file

        path = self.path(text)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            record_file(path, None)
            raise EvalFailure(f"no file exists at {text!r}") from None
        except OSError as exc:
            raise EvalFailure(f"cannot read {text!r}: {exc.strerror}") from None
        record_file(path, data)
        return data

    def read_text(self, text: str) -> tuple[str, str]:
        """(display path, UTF-8 content) of a file named relative to the working directory."""
        data = self.read_bytes(text)
        try:
            return self.display(self.path(text)), data.decode("utf-8")
        except UnicodeDecodeError:
            raise EvalFailure(
                f"contents of {text!r} are not valid UTF-8; use filebase64 to read binary files"
            ) from None


# ---------------------------------------------------------------------------- helpers


def whole(value: Any, what: str = "value") -> int:
    """A number argument that must be a whole number (Go's gocty int conversion)."""
    result = number.to_int(value) if number.is_number(value) else None
    if result is None:
        shown = number.text(value) if number.is_number(value) else type_name(value)
        raise EvalFailure(f"invalid {what}: {shown} is not a whole number")
    if not -(2**63) <= result < 2**63:
        raise EvalFailure(
            f"invalid {what}: value must be a whole number between "
            "-9223372036854775808 and 9223372036854775807"
        )
    return result


def is_sequence(value: Any) -> bool:
    return isinstance(value, list)


def elements(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise EvalFailure(f"expected a list, set or tuple, got {type_name(value)}")
    return value
