"""Terraform's encoding, hash and UUID functions, byte-for-byte as Terraform writes them.

https://developer.hashicorp.com/terraform/language/functions (Encoding Functions,
Hash and Crypto Functions). jsonencode follows Go's encoding/json (HTML characters
escaped, numbers in full); yamlencode drives PyYAML's emitter, a port of the libyaml
emitter that Terraform's go-cty-yaml uses, with the same styles (strings double-quoted,
multi-line strings as literal blocks); yamldecode resolves scalars as go-cty-yaml does
(YAML 1.1 booleans, timestamps as RFC 3339 strings); csvdecode reads as Go's
encoding/csv (a bare quote in an unquoted field is an error).
"""

from __future__ import annotations

import base64
import binascii
import codecs
import hashlib
import json
import re
import urllib.parse
import uuid
from typing import Any

import yaml
from yaml import events, nodes

from driftctl.declared.hcl.lang import number
from driftctl.declared.hcl.lang.convert import nfc
from driftctl.declared.hcl.lang.functions.base import Function, Param, fn
from driftctl.declared.hcl.lang.types import STRING, CList, CMap, CSet, Null, ObjectType, is_null
from driftctl.declared.hcl.lang.values import EvalFailure, is_pending
from driftctl.util import safeyaml

_S = Param("str", STRING)

# ---------------------------------------------------------------------------- JSON

_JSON_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_JSON_ESCAPES.update({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026"})
_JSON_ESCAPES.update({"\u2028": "\\u2028", "\u2029": "\\u2029"})


_JSON_ESCAPED = re.compile(r'["\\<>&\u2028\u2029\x00-\x1f]')  # what quote() escapes


def _json_escape(match: re.Match[str]) -> str:
    char = match.group()
    escape = _JSON_ESCAPES.get(char)
    return escape if escape is not None else f"\\u{ord(char):04x}"


def quote(text: str) -> str:
    return '"' + _JSON_ESCAPED.sub(_json_escape, text) + '"'


def json_text(value: Any) -> str:
    """value as Terraform's jsonencode writes it (compact, keys sorted)."""
    if is_null(value):
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if number.is_number(value):
        return number.text(value)
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, list):
        return "[" + ",".join(json_text(v) for v in value) + "]"
    if isinstance(value, dict):
        items = sorted(value.items())
        return "{" + ",".join(f"{quote(k)}:{json_text(v)}" for k, v in items) + "}"
    if is_pending(value):
        raise EvalFailure("value is not known")
    raise EvalFailure(f"cannot encode a {type(value).__name__} value as JSON")


def _reject_constant(name: str) -> Any:
    raise json.JSONDecodeError(
        f"invalid character {name[0]!r} looking for beginning of value", name, 0
    )


def json_value(text: str) -> Any:
    try:
        data = json.loads(
            text,
            parse_float=_json_number,
            parse_int=_json_number,
            parse_constant=_reject_constant,
            object_pairs_hook=_json_object,
        )
    except json.JSONDecodeError as exc:
        raise EvalFailure(
            f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise EvalFailure("JSON is nested too deeply") from None
    return _nfc_strings(data)


def _json_number(text: str) -> Any:
    value = number.parse(text)
    if value is None:
        raise EvalFailure(f"invalid JSON number {text!r}")
    return value


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    return {nfc(k): v for k, v in pairs}


def _nfc_strings(value: Any) -> Any:
    if isinstance(value, str):
        return nfc(value)
    if isinstance(value, list):
        return [_nfc_strings(v) for v in value]
    if isinstance(value, dict):
        return {k: _nfc_strings(v) for k, v in value.items()}
    return value


# ---------------------------------------------------------------------------- YAML


def yaml_text(value: Any) -> str:
    stream: list[events.Event] = [
        events.StreamStartEvent(encoding="utf-8"),
        events.DocumentStartEvent(explicit=False),
    ]
    _yaml_events(value, stream)
    stream += [events.DocumentEndEvent(explicit=False), events.StreamEndEvent()]
    text: str = yaml.emit(stream, Dumper=_Dumper, allow_unicode=True, width=80)
    return text


class _Dumper(yaml.SafeDumper):
    """libyaml's emitter (go-cty-yaml) writes no `---` before an empty document; PyYAML's
    port does."""

    def check_empty_document(self) -> bool:
        return False


def _yaml_events(value: Any, out: list[events.Event]) -> None:
    if is_pending(value):
        raise EvalFailure("cannot serialize unknown value as YAML")
    if not is_null(value) and isinstance(value, dict):
        out.append(events.MappingStartEvent(None, None, True, flow_style=False))
        for key in sorted(value):
            _yaml_scalar(key, out)
            _yaml_events(value[key], out)
        out.append(events.MappingEndEvent())
    elif not is_null(value) and isinstance(value, list):
        out.append(events.SequenceStartEvent(None, None, True, flow_style=False))
        for item in value:
            _yaml_events(item, out)
        out.append(events.SequenceEndEvent())
    else:
        _yaml_scalar(value, out)


def _yaml_scalar(value: Any, out: list[events.Event]) -> None:
    style: str | None = None
    if is_null(value):
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif number.is_number(value):
        text = number.text(value)
    elif isinstance(value, str):
        text, style = value, "|" if "\n" in value else '"'
    else:
        raise EvalFailure(f"cannot encode a {type(value).__name__} value as YAML")
    out.append(events.ScalarEvent(None, None, (True, True), text, style=style))


_YAML_BOOLS = {
    **dict.fromkeys(
        ("y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"), True
    ),
    **dict.fromkeys(
        ("n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"), False
    ),
}
_YAML_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_YAML_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_YAML_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_YAML_DATE = re.compile(
    r"(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]| )(\d{1,2}):(\d{1,2}):(\d{1,2})(\.\d+)?"
    r"(Z|[+-]\d{2}:\d{2})?)?"
)
_TAG = "tag:yaml.org,2002:"


class _Composer(yaml.SafeLoader):
    """Nodes with their style and explicit tag ("" when implicit), resolved below by
    go-cty-yaml's rules."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> str:
        return ""


def _yamldecode(args: list[Any]) -> Any:
    try:
        # bounded aliases and depth: a YAML bomb is refused, not expanded
        documents = safeyaml.nodes(args[0], _Composer, duplicates=False)
    except yaml.YAMLError as exc:
        raise EvalFailure(f"invalid YAML: {exc}".replace("\n", " ")) from None
    except RecursionError:
        raise EvalFailure("YAML is nested too deeply") from None
    if not documents:
        raise EvalFailure("expecting value but found end of stream")
    if len(documents) > 1:
        raise EvalFailure("only a single document is allowed")
    return _yaml_value(documents[0], [])


def _yaml_value(node: nodes.Node, active: list[nodes.Node]) -> Any:
    if any(node is a for a in active):
        raise EvalFailure("cannot refer to an anchor from inside its own definition")
    if isinstance(node, nodes.ScalarNode):
        value = _yaml_scalar_value(node)
        return "<<" if value is _MERGE else value
    active.append(node)
    try:
        if isinstance(node, nodes.SequenceNode):
            return [_yaml_value(item, active) for item in node.value]
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, nodes.ScalarNode):
                raise EvalFailure("only strings are allowed as mapping keys")
            key = _yaml_scalar_value(key_node)
            if key is _MERGE:
                merged = _yaml_value(value_node, active)
                for item in merged if isinstance(merged, list) else [merged]:
                    if not isinstance(item, dict):
                        raise EvalFailure("cannot merge a non-mapping into a mapping")
                    for k, v in item.items():
                        out.setdefault(k, v)
                continue
            if key is None:
                raise EvalFailure("mapping key cannot be null")
            if not isinstance(key, str):
                from driftctl.declared.hcl.lang.convert import to_string_text

                key = to_string_text(key)
            out[key] = _yaml_value(value_node, active)
        return out
    finally:
        active.pop()


_MERGE: Any = object()


_HINTS = {**dict.fromkeys("+-", "S"), **dict.fromkeys("0123456789", "D")}
_HINTS.update({**dict.fromkeys("yYnNtTfFoO~", "M"), ".": "."})
_TAGS = frozenset(("", "str", "bool", "int", "float", "null", "timestamp", "binary"))


def _yaml_scalar_value(node: nodes.ScalarNode) -> Any:
    """go-cty-yaml's resolveScalar."""
    src: str = node.value
    long_tag = node.tag or ""
    tag = long_tag.removeprefix(_TAG)
    if tag == long_tag and long_tag not in ("", "!"):
        raise EvalFailure(f"unsupported tag {long_tag!r}")
    tag = "" if tag == "!" else tag
    if tag not in _TAGS:
        raise EvalFailure(f"unsupported tag {long_tag!r}")
    hint = _HINTS.get(src[0], "") if src else "N"
    if hint and tag not in ("str", "binary"):
        if node.style in ("'", '"'):
            return nfc(src)
        if src in _YAML_BOOLS:
            return _YAML_BOOLS[src]
        if src in _YAML_NULLS:
            return None
        if src in (".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"):
            return number.POS_INF
        if src in ("-.inf", "-.Inf", "-.INF"):
            return number.NEG_INF
        if tag == "" and src in (".nan", ".NaN", ".NAN"):
            raise EvalFailure("floating point NaN is not supported")
        if hint == ".":
            parsed = number.parse(src)
            if parsed is not None:
                return parsed
        elif hint in "DS":
            if tag in ("", "timestamp"):
                stamp = _yaml_timestamp(src)
                if stamp is not None:
                    return stamp
            if _YAML_INT.fullmatch(src):
                tag = "int"
            elif _YAML_FLOAT.fullmatch(src):
                tag = "float"
    if tag == "" and src == "<<":
        return _MERGE
    if tag in ("str", "binary"):
        if tag == "binary":
            try:
                base64.b64decode(src, validate=False)
            except binascii.Error:
                raise EvalFailure(f"cannot parse {src!r} as !!binary: not valid base64") from None
        return nfc(src)
    if tag == "bool":
        if src not in _YAML_BOOLS:
            raise EvalFailure(f"cannot parse {src!r} as !!bool")
        return _YAML_BOOLS[src]
    if tag in ("int", "float"):
        parsed = _yaml_number(src.replace("_", ""))
        if parsed is None:
            raise EvalFailure(f"cannot parse {src!r} as !!{tag}")
        return parsed
    if tag == "timestamp":
        stamp = _yaml_timestamp(src)
        if stamp is None:
            raise EvalFailure(f"cannot parse {src!r} as !!timestamp")
        return stamp
    if tag == "null":
        return None
    return nfc(src)


def _yaml_number(text: str) -> Any:
    parsed = number.parse(text)
    if parsed is not None:
        return parsed
    body = text.lstrip("+-")
    sign = -1 if text.startswith("-") else 1
    for prefix, base in (("0x", 16), ("0o", 8), ("0b", 2), ("0", 8)):
        if body.startswith(prefix) and len(body) > len(prefix):
            try:
                return sign * int(body[len(prefix) :], base)
            except ValueError:
                return None
    return None


def _yaml_timestamp(text: str) -> str | None:
    import datetime as dt

    match = _YAML_DATE.fullmatch(text)
    if match is None:
        return None
    year, month, day = int(match[1]), int(match[2]), int(match[3])
    hour = int(match[4] or 0)
    minute, second = int(match[5] or 0), int(match[6] or 0)
    zone = match[8]
    if match[4] is not None and " " in text and zone is not None:
        return None
    try:
        tz = dt.timezone.utc
        if zone and zone != "Z":
            sign = -1 if zone[0] == "-" else 1
            tz = dt.timezone(sign * dt.timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6])))
        stamp = dt.datetime(year, month, day, hour, minute, second, tzinfo=tz)
    except ValueError:
        return None
    offset = stamp.utcoffset() or dt.timedelta(0)
    if not offset:
        return stamp.strftime("%Y-%m-%dT%H:%M:%SZ")
    minutes = int(offset.total_seconds()) // 60
    sign_char = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return stamp.strftime("%Y-%m-%dT%H:%M:%S") + f"{sign_char}{hours:02d}:{rest:02d}"


# ---------------------------------------------------------------------------- CSV


def go_csv(text: str) -> list[list[str]]:
    """Go's encoding/csv Reader: RFC 4180 with its errors (bare quotes, extraneous
    quotes), blank lines skipped, CRLF read as LF."""
    text = text.replace("\r\n", "\n")
    records: list[list[str]] = []
    pos, line = 0, 1
    length = len(text)
    while pos < length:
        if text[pos] == "\n":
            pos += 1
            line += 1
            continue
        record: list[str] = []
        while True:
            if pos < length and text[pos] == '"':
                pos += 1
                field: list[str] = []
                while True:
                    end = text.find('"', pos)
                    if end < 0:
                        raise EvalFailure(
                            f'parse error on line {line}: extraneous or missing " in quoted-field'
                        )
                    field.append(text[pos:end])
                    line += text.count("\n", pos, end)
                    pos = end + 1
                    if pos < length and text[pos] == '"':
                        field.append('"')
                        pos += 1
                        continue
                    break
                record.append("".join(field))
                if pos < length and text[pos] not in ",\n":
                    raise EvalFailure(
                        f'parse error on line {line}: extraneous or missing " in quoted-field'
                    )
            else:
                end = pos
                while end < length and text[end] not in ",\n":
                    end += 1
                value = text[pos:end]
                if '"' in value:
                    raise EvalFailure(f'parse error on line {line}: bare " in non-quoted-field')
                record.append(
                    value.removesuffix("\r") if end >= length or text[end] == "\n" else value
                )
                pos = end
            if pos < length and text[pos] == ",":
                pos += 1
                continue
            break
        if pos < length and text[pos] == "\n":
            pos += 1
        records.append(record)
        line += 1
    return records


def _csvdecode(args: list[Any]) -> Any:
    rows = go_csv(args[0])
    if not rows:
        raise EvalFailure("missing header line")
    header = rows[0]
    if len(set(header)) != len(header):
        duplicate = next(h for h in header if header.count(h) > 1)
        raise EvalFailure(f"duplicate column name {duplicate!r}")
    etype = ObjectType(dict.fromkeys(header, STRING))
    out = []
    for number_, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise EvalFailure(f"record on line {number_}: wrong number of fields")
        out.append(dict(zip(header, (nfc(c) for c in row), strict=True)))
    return CList(out, etype)


# ---------------------------------------------------------------------------- base64, text


def _base64decode(args: list[Any]) -> str:
    data = _b64(args[0])
    try:
        return nfc(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise EvalFailure("the result of decoding the provided string is not valid UTF-8") from None


def _b64(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise EvalFailure(f"failed to decode base64 data {text[:40]!r}") from None


_IANA = {"utf-8": "utf-8", "utf8": "utf-8"}


def _codec(name: str) -> codecs.CodecInfo:
    try:
        return codecs.lookup(_IANA.get(name.lower(), name))
    except LookupError:
        raise EvalFailure(f"{name!r} is not a supported IANA encoding name or alias") from None


def _textencodebase64(args: list[Any]) -> str:
    text, name = args
    try:
        data = _codec(name).encode(text)[0]
    except UnicodeEncodeError:
        raise EvalFailure(
            f"the given string contains characters that cannot be represented in {name}"
        ) from None
    return base64.b64encode(data).decode()


def _textdecodebase64(args: list[Any]) -> str:
    data, name = _b64(args[0]), args[1]
    try:
        return nfc(_codec(name).decode(data)[0])
    except UnicodeDecodeError:
        raise EvalFailure(f"the given value is has an invalid {name} encoding") from None


def _urlencode(args: list[Any]) -> str:
    return urllib.parse.quote_plus(args[0], safe="")


# ---------------------------------------------------------------------------- hashes, uuid


def hexdigest(algorithm: str, data: bytes) -> str:
    return hashlib.new(algorithm, data).hexdigest()


def b64digest(algorithm: str, data: bytes) -> str:
    return base64.b64encode(hashlib.new(algorithm, data).digest()).decode()


def _hash(algorithm: str, encode: bool = False) -> Function:
    if encode:
        return fn(lambda a: b64digest(algorithm, a[0].encode()), _S)
    return fn(lambda a: hexdigest(algorithm, a[0].encode()), _S)


_NAMESPACES = {
    "dns": uuid.NAMESPACE_DNS,
    "url": uuid.NAMESPACE_URL,
    "oid": uuid.NAMESPACE_OID,
    "x500": uuid.NAMESPACE_X500,
}


def _uuidv5(args: list[Any]) -> str:
    namespace, name = args
    space = _NAMESPACES.get(namespace)
    if space is None:
        try:
            space = uuid.UUID(namespace)
        except ValueError:
            raise EvalFailure(f"uuidv5() doesn't support namespace {namespace!r}") from None
    return str(uuid.uuid5(space, name))


FUNCTIONS: dict[str, Function] = {
    "base64decode": fn(_base64decode, _S),
    "base64encode": fn(lambda a: base64.b64encode(a[0].encode()).decode(), _S),
    "csvdecode": fn(_csvdecode, _S),
    "jsondecode": fn(lambda a: json_value(a[0]), _S),
    "jsonencode": fn(lambda a: json_text(a[0]), Param("val", allow_null=True)),
    "textdecodebase64": fn(_textdecodebase64, Param("source", STRING), Param("encoding", STRING)),
    "textencodebase64": fn(_textencodebase64, Param("string", STRING), Param("encoding", STRING)),
    "urlencode": fn(_urlencode, _S),
    "yamldecode": fn(_yamldecode, Param("src", STRING)),
    "yamlencode": fn(lambda a: yaml_text(a[0]), Param("value", allow_null=True)),
    "md5": _hash("md5"),
    "sha1": _hash("sha1"),
    "sha256": _hash("sha256"),
    "sha512": _hash("sha512"),
    "base64sha256": _hash("sha256", encode=True),
    "base64sha512": _hash("sha512", encode=True),
    "uuidv5": fn(_uuidv5, Param("namespace", STRING), Param("name", STRING)),
}

__all__ = ["CMap", "CSet", "Null"]
