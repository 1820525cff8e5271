"""The rendered declared state (`driftctl render`, docs/architecture.md §8) as frozen data.

Secrets are masked when it is turned into JSON, as in every output: a sensitive value
(driftctl.core.sensitive) is {"$sensitive": true}, a value under a secret-looking name ***
(driftctl.core.mask)."""

from __future__ import annotations

import dataclasses
import json
import math
from typing import TYPE_CHECKING, Any

from driftctl.core.mask import is_secret_key, mask_value
from driftctl.core.model import PLAIN_LEAVES, Resource, to_plain

if TYPE_CHECKING:
    from driftctl.aws.canonical import Declared


@dataclasses.dataclass(frozen=True)
class Rendered:
    """The declared state, evaluated and normalized, exactly as the diff compares it:
    resources sorted by (type, address, id); what is known only after apply, by address and
    path; the loaders' warnings, sorted."""

    resources: tuple[Resource, ...]
    unknown: tuple[dict[str, str], ...] = ()
    warnings: tuple[str, ...] = ()
    outputs: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, declared: Declared) -> Rendered:
        return cls(
            tuple(sorted(declared.resources, key=lambda r: (r.type, r.address or "", r.id or ""))),
            tuple(sorted(declared.unknown, key=lambda u: (u["address"], u["path"]))),
            tuple(sorted(declared.warnings)),
            tuple(sorted(declared.outputs.items())),
        )

    def to_json(self, masked: bool = True) -> dict[str, Any]:
        """As `driftctl render` prints it: secrets masked ({"$sensitive": true} for a
        sensitive value, *** under a secret-looking name); masked=False keeps them (for
        comparing in memory, never for output)."""
        return {
            "schema_version": 1,
            "resources": [
                {
                    "type": r.type,
                    "address": r.address,
                    "id": r.id,
                    "attrs": shown_attrs(r) if masked else to_plain(r.attrs),
                    "source": r.source.to_json() if r.source else None,
                }
                for r in self.resources
            ],
            "outputs": {k: _shown_output(v) if masked else to_plain(v) for k, v in self.outputs},
            "unknown": list(self.unknown),
            "warnings": list(self.warnings),
        }

    def text(self) -> str:
        """The JSON `driftctl render` prints: indented_json(self.to_json()) + newline, each
        resource's attrs written as they are made plain and masked (_write_shown), without
        the two copies of them that to_json builds."""
        from driftctl.core import sensitive
        from driftctl.util import gcpause

        document = self.to_json_head()
        out: list[str] = []
        separator = "{\n  "
        with gcpause.paused():  # plain data, no cycles: a large rendering is millions of objects
            for key in _DOCUMENT_KEYS:
                out.append(f"{separator}{_encode_string(key)}: ")
                separator = ",\n  "
                if key != "resources":
                    _write(document[key], "\n  ", out)
                elif not self.resources:
                    out.append("[]")
                else:
                    for i, r in enumerate(self.resources):
                        out.append("[\n    {\n      " if i == 0 else ",\n    {\n      ")
                        out.append(f'"address": {_json_scalar(r.address)},\n      "attrs": ')
                        if sensitive.of(r.type, r.sensitive):
                            _write(shown_attrs(r), "\n      ", out)
                        else:  # shown_attrs(r) is mask_value(to_plain(r.attrs))
                            _write_shown(r.attrs, "\n      ", out)
                        out.append(f',\n      "id": {_json_scalar(r.id)},\n      "source": ')
                        _write(r.source.to_json() if r.source else None, "\n      ", out)
                        out.append(f',\n      "type": {_json_scalar(r.type)}\n    }}')
                    out.append("\n  ]")
            out.append("\n}\n")
            return "".join(out)

    def to_json_head(self) -> dict[str, Any]:
        """to_json() without its resources (text() writes them)."""
        return {
            "schema_version": 1,
            "resources": [],
            "outputs": {k: _shown_output(v) for k, v in self.outputs},
            "unknown": list(self.unknown),
            "warnings": list(self.warnings),
        }


def shown_attrs(r: Resource) -> Any:
    """r's attrs as plain JSON, secrets masked."""
    from driftctl.core import sensitive  # its registry is loaded only when something is shown
    from driftctl.core.mask import mask_value

    plain = to_plain(r.attrs)
    return sensitive.rendered(mask_value(plain), sensitive.of(r.type, r.sensitive))


def _shown_output(value: Any) -> Any:
    """An output's value as plain JSON, secrets masked (a sensitive output is already an
    Unknown, see driftctl.declared.hcl.module)."""
    from driftctl.core.mask import mask_value

    return mask_value(to_plain(value))


def indented_json(value: Any) -> str:
    """json.dumps(value, sort_keys=True, indent=2), the same text, without the generators of
    json's pure-Python encoder (the only one that indents): a chunk of its output passes
    through one generator per level above it; here each is appended to one list."""
    out: list[str] = []
    _write(value, "\n", out)
    return "".join(out)


_encode_string = json.encoder.encode_basestring_ascii  # what json.dumps uses (ensure_ascii)


def _scalar(value: Any) -> str | None:
    """A scalar's JSON, as json.dumps checks them (in this order); None: not a scalar."""
    if isinstance(value, str):
        return _encode_string(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        if math.isfinite(value):
            return float.__repr__(value)
        return "NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")
    return None


def _json_scalar(value: Any) -> str:
    text = _scalar(value)
    if text is None:
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
    return text


# to_json()'s keys, in the order json.dumps(sort_keys=True) writes them
_DOCUMENT_KEYS = sorted(("schema_version", "resources", "outputs", "unknown", "warnings"))
_MASKED = '"***"'  # json.dumps(driftctl.core.mask.MASK)


def _write_shown(value: Any, newline: str, out: list[str]) -> None:
    """_write(mask_value(to_plain(value)), newline, out), in one walk: plain dicts with
    string keys, lists, tuples and scalars are written as they are; anything else
    (an Unknown, a Ref, other keys) goes through to_plain and mask_value first."""
    kind = type(value)
    if kind is dict:
        if not value:
            out.append("{}")
            return
        if not all(type(k) is str for k in value):
            _write(mask_value(to_plain(value)), newline, out)
            return
        inner = newline + "  "
        separator = "{" + inner
        for key, item in sorted(value.items()):
            name = _encode_string(key)
            if item is None:
                out.append(f"{separator}{name}: null")
            elif is_secret_key(key):
                out.append(f"{separator}{name}: {_MASKED}")
            elif type(item) is str:
                out.append(f"{separator}{name}: {_encode_string(item)}")
            else:
                out.append(f"{separator}{name}: ")
                _write_shown(item, inner, out)
            separator = "," + inner
        out.append(newline + "}")
    elif kind is list or kind is tuple:
        if not value:
            out.append("[]")
            return
        inner = newline + "  "
        separator = "[" + inner
        for item in value:
            if type(item) is str:
                out.append(separator + _encode_string(item))
            else:
                out.append(separator)
                _write_shown(item, inner, out)
            separator = "," + inner
        out.append(newline + "]")
    elif kind in PLAIN_LEAVES:
        _write(value, newline, out)
    else:
        _write(mask_value(to_plain(value)), newline, out)


def _key(key: Any) -> str:
    """A key as json.dumps turns it into a string."""
    if isinstance(key, str):
        return key
    text = None if isinstance(key, (list, tuple)) else _scalar(key)
    if text is None:
        raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")
    return text


def _write(value: Any, newline: str, out: list[str]) -> None:
    text = _scalar(value)
    if text is not None:
        out.append(text)
        return
    inner = newline + "  "
    if isinstance(value, (list, tuple)):
        if not value:
            out.append("[]")
            return
        separator = "[" + inner
        for item in value:
            if type(item) is str:  # the common case, without a call
                out.append(separator + _encode_string(item))
            else:
                out.append(separator)
                _write(item, inner, out)
            separator = "," + inner
        out.append(newline + "]")
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        separator = "{" + inner
        for key, item in sorted(value.items()):
            name = _encode_string(key if type(key) is str else _key(key))
            if type(item) is str:  # the common case, without a call
                out.append(f"{separator}{name}: {_encode_string(item)}")
            else:
                out.append(f"{separator}{name}: ")
                _write(item, inner, out)
            separator = "," + inner
        out.append(newline + "}")
    else:
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
