"""What every built-in function module shares: the Function record, the call context and
argument conversions that follow Terraform's (cty's) rules."""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from driftctl.declared.hcl.values import (
    EvalFailure,
    equal,
    sort_key,
    to_bool,
    to_number,
    to_str,
    type_name,
)

Impl = Callable[[list[Any]], Any]
ContextImpl = Callable[["CallContext", list[Any]], Any]


@dataclasses.dataclass(frozen=True)
class Function:
    impl: Impl | None
    min_args: int
    max_args: int | None  # None: variadic
    # strict: every argument must be wholly known; shallow: only the top level (merge, ...)
    strict: bool = True
    context_impl: ContextImpl | None = None  # functions that read files
    allow_null: bool = False  # null arguments reach the implementation


def fn(impl: Impl, min_args: int, max_args: int | None = -1, **kwargs: Any) -> Function:
    """A Function; max_args defaults to min_args (a fixed arity)."""
    return Function(impl, min_args, min_args if max_args == -1 else max_args, **kwargs)


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
        path = self.path(text)
        try:
            return path.read_bytes()
        except FileNotFoundError:
            raise EvalFailure(f"no file exists at {text!r}") from None
        except OSError as exc:
            raise EvalFailure(f"cannot read {text!r}: {exc.strerror}") from None

    def read_text(self, text: str) -> tuple[str, str]:
        """(display path, UTF-8 content) of a file named relative to the working directory."""
        data = self.read_bytes(text)
        try:
            return self.display(self.path(text)), data.decode("utf-8")
        except UnicodeDecodeError:
            raise EvalFailure(
                f"contents of {text!r} are not valid UTF-8; use filebase64 to read binary files"
            ) from None


# ---------------------------------------------------------------------------- conversions


def as_map(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise EvalFailure(f"expected a map or object, got {type_name(value)}")
    return value


def as_list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise EvalFailure(f"expected a list, set or tuple, got {type_name(value)}")
    return value


def as_int(value: Any) -> int:
    number = to_number(value)
    if not isinstance(number, int):
        raise EvalFailure(f"expected a whole number, got {value!r}")
    return number


def as_str(value: Any) -> str:
    if value is None:
        raise EvalFailure("argument must not be null")
    if isinstance(value, (list, dict)):
        raise EvalFailure(f"expected a string, got {type_name(value)}")
    return to_str(value)


def as_bool(value: Any) -> bool:
    if value is None:
        raise EvalFailure("argument must not be null")
    return to_bool(value)


def as_number(value: Any) -> int | float:
    if value is None:
        raise EvalFailure("argument must not be null")
    return to_number(value)


def string_list(value: Any) -> list[str]:
    return [as_str(item) for item in as_list(value)]


def as_set(items: list[Any]) -> list[Any]:
    """A set as driftctl holds it: distinct elements in a total order."""
    distinct: list[Any] = []
    for item in items:
        if not any(equal(item, seen) for seen in distinct):
            distinct.append(item)
    return sorted(distinct, key=sort_key)


def _extends(cluster: str, char: str) -> bool:
    """Whether char continues the user-perceived character (grapheme cluster) cluster."""
    code, last = ord(char), ord(cluster[-1])
    return (
        unicodedata.category(char) in ("Mn", "Me", "Mc")
        or 0xFE00 <= code <= 0xFE0F  # variation selectors
        or 0x1F3FB <= code <= 0x1F3FF  # skin tones
        or 0xE0020 <= code <= 0xE007F  # tags
        or code == 0x200D  # zero-width joiner
        or last == 0x200D
        or (cluster == "\r" and char == "\n")
        or (0x1F1E6 <= code <= 0x1F1FF and len(cluster) == 1 and 0x1F1E6 <= last <= 0x1F1FF)
    )


def graphemes(text: str) -> list[str]:
    """text split into user-perceived characters, as Terraform counts them (length,
    substr, strrev)."""
    clusters: list[str] = []
    for char in text:
        if clusters and _extends(clusters[-1], char):
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters


def unify(items: list[Any]) -> list[Any]:
    """Elements converted to one type, as tolist/toset/tomap do: mixed primitives with a
    string among them become strings."""
    kinds = {type_name(v) for v in items if v is not None}
    if len(kinds) <= 1 or not kinds <= {"string", "number", "bool"}:
        return items
    if "string" not in kinds:
        raise EvalFailure("all elements must have the same type (numbers and bools mixed)")
    return [None if v is None else to_str(v) for v in items]


def string_fn(function: Callable[[str], Any]) -> Impl:
    return lambda args: function(as_str(args[0]))
