"""Terraform's encoding, hash and UUID functions, byte-for-byte as Terraform writes them.

https://developer.hashicorp.com/terraform/language/functions (Encoding Functions,
Hash and Crypto Functions). jsonencode follows Go's encoding/json (HTML characters
escaped, numbers in full); yamlencode drives PyYAML's emitter, a port of the libyaml
emitter that Terraform's go-cty-yaml uses, with the same styles (strings double-quoted,
multi-line strings as literal blocks).
"""

from __future__ import annotations

import base64
import binascii
import codecs
import csv
import hashlib
import io
import json
import urllib.parse
import uuid
from typing import Any

import yaml
from yaml import events

from driftctl import safeyaml
from driftctl.declared.hcl.functions.base import Function, as_str, fn
from driftctl.declared.hcl.values import EvalFailure, format_number, is_number, norm_number

# ---------------------------------------------------------------------------- JSON

_JSON_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_JSON_ESCAPES.update({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})
_JSON_ESCAPES.update({"\u2028": "\\u2028", "\u2029": "\\u2029"})


def quote(text: str) -> str:
    out = []
    for char in text:
        escape = _JSON_ESCAPES.get(char)
        if escape is not None:
            out.append(escape)
        elif char < " ":
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def json_text(value: Any) -> str:
    """value as Terraform's jsonencode writes it (compact, keys sorted)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if is_number(value):
        return format_number(value)
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, list):
        return "[" + ",".join(json_text(v) for v in value) + "]"
    if isinstance(value, dict):
        items = sorted(value.items())
        return "{" + ",".join(f"{quote(k)}:{json_text(v)}" for k, v in items) + "}"
    raise EvalFailure(f"cannot encode a {type(value).__name__} value as JSON")


def json_value(text: str) -> Any:
    try:
        return json.loads(text, parse_float=lambda t: norm_number(float(t)))
    except json.JSONDecodeError as exc:
        raise EvalFailure(
            f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None


# ---------------------------------------------------------------------------- YAML


def yaml_text(value: Any) -> str:
    stream: list[events.Event] = [events.StreamStartEvent(), events.DocumentStartEvent()]
    _yaml_events(value, stream)
    stream += [events.DocumentEndEvent(), events.StreamEndEvent()]
    text: str = yaml.emit(stream, allow_unicode=True)
    return text


def _yaml_events(value: Any, out: list[events.Event]) -> None:
    if isinstance(value, dict):
        out.append(events.MappingStartEvent(None, None, True, flow_style=False))
        for key in sorted(value):
            _yaml_scalar(key, out)
            _yaml_events(value[key], out)
        out.append(events.MappingEndEvent())
    elif isinstance(value, list):
        out.append(events.SequenceStartEvent(None, None, True, flow_style=False))
        for item in value:
            _yaml_events(item, out)
        out.append(events.SequenceEndEvent())
    else:
        _yaml_scalar(value, out)


def _yaml_scalar(value: Any, out: list[events.Event]) -> None:
    style: str | None = None
    if value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif is_number(value):
        text = format_number(value)
    elif isinstance(value, str):
        text, style = value, "|" if "\n" in value else '"'
    else:
        raise EvalFailure(f"cannot encode a {type(value).__name__} value as YAML")
    out.append(events.ScalarEvent(None, None, (True, True), text, style=style))


class _Loader(yaml.SafeLoader):
    """YAML as Terraform reads it: timestamps stay strings."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _yamldecode(args: list[Any]) -> Any:
    try:
        # bounded aliases and depth: a YAML bomb is refused, not expanded by _plain
        documents = [d for _, d in safeyaml.documents(as_str(args[0]), _Loader, duplicates=False)]
    except yaml.YAMLError as exc:
        raise EvalFailure(f"invalid YAML: {exc}".replace("\n", " ")) from None
    if len(documents) > 1:
        raise EvalFailure("the given YAML has more than one document")
    return _plain(documents[0] if documents else None)


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return norm_number(value)
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    return value


# ---------------------------------------------------------------------------- base64, text


def _base64decode(args: list[Any]) -> str:
    data = _b64(as_str(args[0]))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise EvalFailure("the result of decoding the provided string is not valid UTF-8") from None


def _b64(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise EvalFailure(f"failed to decode base64 data {text[:40]!r}") from None


def _codec(name: str) -> codecs.CodecInfo:
    try:
        return codecs.lookup(name)
    except LookupError:
        raise EvalFailure(f"{name!r} is not a supported IANA encoding name") from None


def _textencodebase64(args: list[Any]) -> str:
    text, name = as_str(args[0]), as_str(args[1])
    try:
        data = _codec(name).encode(text)[0]
    except UnicodeEncodeError:
        raise EvalFailure(
            f"the given string contains characters that {name} cannot encode"
        ) from None
    return base64.b64encode(data).decode()


def _textdecodebase64(args: list[Any]) -> str:
    data, name = _b64(as_str(args[0])), as_str(args[1])
    try:
        return _codec(name).decode(data)[0]
    except UnicodeDecodeError:
        raise EvalFailure(f"the given value is has an invalid {name} encoding") from None


def _csvdecode(args: list[Any]) -> list[dict[str, str]]:
    rows = [row for row in csv.reader(io.StringIO(as_str(args[0]), newline=""), strict=True) if row]
    if not rows:
        raise EvalFailure("missing header line")
    header, out = rows[0], []
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise EvalFailure(f"record on line {number}: wrong number of fields")
        out.append(dict(zip(header, row, strict=True)))
    return out


def _urlencode(args: list[Any]) -> str:
    return urllib.parse.quote_plus(as_str(args[0]), safe="")


# ---------------------------------------------------------------------------- hashes, uuid


def hexdigest(algorithm: str, data: bytes) -> str:
    return hashlib.new(algorithm, data).hexdigest()


def b64digest(algorithm: str, data: bytes) -> str:
    return base64.b64encode(hashlib.new(algorithm, data).digest()).decode()


def _hash(algorithm: str, encode: bool = False) -> Function:
    if encode:
        return fn(lambda a: b64digest(algorithm, as_str(a[0]).encode()), 1)
    return fn(lambda a: hexdigest(algorithm, as_str(a[0]).encode()), 1)


_NAMESPACES = {
    "dns": uuid.NAMESPACE_DNS,
    "url": uuid.NAMESPACE_URL,
    "oid": uuid.NAMESPACE_OID,
    "x500": uuid.NAMESPACE_X500,
}


def _uuidv5(args: list[Any]) -> str:
    namespace, name = as_str(args[0]), as_str(args[1])
    space = _NAMESPACES.get(namespace)
    if space is None:
        try:
            space = uuid.UUID(namespace)
        except ValueError:
            raise EvalFailure(f"uuidv5() doesn't support namespace {namespace!r}") from None
    return str(uuid.uuid5(space, name))


FUNCTIONS: dict[str, Function] = {
    "base64decode": fn(_base64decode, 1),
    "base64encode": fn(lambda a: base64.b64encode(as_str(a[0]).encode()).decode(), 1),
    "csvdecode": fn(_csvdecode, 1),
    "jsondecode": fn(lambda a: json_value(as_str(a[0])), 1),
    "jsonencode": fn(lambda a: json_text(a[0]), 1, allow_null=True),
    "textdecodebase64": fn(_textdecodebase64, 2),
    "textencodebase64": fn(_textencodebase64, 2),
    "urlencode": fn(_urlencode, 1),
    "yamldecode": fn(_yamldecode, 1),
    "yamlencode": fn(lambda a: yaml_text(a[0]), 1, allow_null=True),
    "md5": _hash("md5"),
    "sha1": _hash("sha1"),
    "sha256": _hash("sha256"),
    "sha512": _hash("sha512"),
    "base64sha256": _hash("sha256", encode=True),
    "base64sha512": _hash("sha512", encode=True),
    "uuidv5": fn(_uuidv5, 2),
}
