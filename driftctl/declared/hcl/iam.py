"""data "aws_iam_policy_document": the JSON the AWS provider (v5 and later) renders.

Follows terraform-provider-aws internal/service/iam (policy_document_data_source.go,
policy_model.go): set-valued string lists are de-duplicated and written as a single
string when they hold one element, otherwise sorted in reverse; `&{` becomes `${` in
resources, principals and condition values; an empty Sid is omitted;
source_policy_documents are merged first (their Sids must be unique), then the
statements of the block, then override_policy_documents, each replacing a statement
with the same Sid; `json` is Go's json.MarshalIndent with two spaces, `minified_json`
its compact form, and `id` the CRC-32 of `json`.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

from driftctl.core.model import Unknown
from driftctl.declared.hcl.lang.functions.encoding import json_value, quote
from driftctl.declared.hcl.lang.values import EvalFailure, as_unknown, find_pending, to_str

_INPUTS = (
    "statement",
    "version",
    "policy_id",
    "source_policy_documents",
    "override_policy_documents",
)

Doc = dict[str, Any]  # {"Version", "Id", "Statement"} in Go's field order


def render(attrs: dict[str, Any]) -> dict[str, str] | Unknown:
    """{"json", "minified_json", "id"} of the data source, or Unknown."""
    pending = find_pending({k: attrs.get(k) for k in _INPUTS})
    if pending is not None:
        return as_unknown(pending)
    merged: Doc = {"Version": "", "Id": "", "Statement": []}
    sids: set[str] = set()
    for index, text in enumerate(attrs.get("source_policy_documents") or []):
        if text is None:
            continue
        doc = _parse(to_str(text), f"source_policy_documents[{index}]")
        for number, statement in enumerate(doc["Statement"]):
            sid = statement.get("Sid", "")
            if sid and sid in sids:
                raise EvalFailure(
                    f"merging source document {index}: duplicate Sid ({sid}) in "
                    f"source_policy_documents (statement {number})"
                )
            if sid:
                sids.add(sid)
        _merge(merged, doc)
    version = to_str(attrs.get("version") or "2012-10-17")
    statements, own_sids = [], set()
    for block in attrs.get("statement") or []:
        sid = to_str(block.get("sid") or "")
        if sid in own_sids:
            raise EvalFailure(f"duplicate Sid ({sid}); remove the Sid or make it unique")
        if sid:
            own_sids.add(sid)
        statements.append(_statement(block, sid, version))
    _merge(
        merged,
        {"Version": version, "Id": to_str(attrs.get("policy_id") or ""), "Statement": statements},
    )
    for index, text in enumerate(attrs.get("override_policy_documents") or []):
        if text is not None:
            _merge(merged, _parse(to_str(text), f"override_policy_documents[{index}]"))
    document = {k: v for k, v in merged.items() if v}  # omitempty
    pretty = go_json(document, "")
    return {
        "json": pretty,
        "minified_json": go_json(document, None),
        "id": str(zlib.crc32(pretty.encode())),
    }


def _merge(into: Doc, new: Doc) -> None:
    if new["Id"]:
        into["Id"] = new["Id"]
    if new["Version"] > into["Version"]:
        into["Version"] = new["Version"]
    for statement in new["Statement"]:
        sid = statement.get("Sid", "")
        for i, existing in enumerate(into["Statement"]):
            if sid and existing.get("Sid", "") == sid:
                into["Statement"][i] = statement
                break
        else:
            into["Statement"].append(statement)


# ---------------------------------------------------------------------------- from HCL


def _strings(values: Any, version: str, variables: bool) -> Any:
    """A set of strings as the provider writes it: one string, or a reverse-sorted list."""
    items = sorted({to_str(v) for v in values or []}, reverse=True)
    if variables:
        items = [_variables(v, version) for v in items]
    return items[0] if len(items) == 1 else items


def _variables(text: str, version: str) -> str:
    if version == "2008-10-17" and "&{" in text:
        raise EvalFailure(
            f"found &{{ sequence in ({text}), which is not supported in document version 2008-10-17"
        )
    return text.replace("&{", "${")


def _statement(block: dict[str, Any], sid: str, version: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if sid:
        out["Sid"] = sid
    out["Effect"] = to_str(block.get("effect") or "Allow")
    for key, name, variables in (
        ("actions", "Action", False),
        ("not_actions", "NotAction", False),
        ("resources", "Resource", True),
        ("not_resources", "NotResource", True),
    ):
        if block.get(key):
            out[name] = _strings(block[key], version, variables)
    for key, name in (("principals", "Principal"), ("not_principals", "NotPrincipal")):
        if block.get(key):
            pairs = [
                (to_str(p.get("type")), _strings(p.get("identifiers"), version, True))
                for p in block[key]
            ]
            out[name] = _principals(pairs)
    if block.get("condition"):
        conditions = []
        for c in block["condition"]:
            values = [_variables(to_str(v), version) for v in c.get("values") or []]
            conditions.append((to_str(c.get("test")), to_str(c.get("variable")), values))
        out["Condition"] = _conditions(conditions)
    return out


def _principals(pairs: list[tuple[str, Any]]) -> Any:
    if len(pairs) == 1 and pairs[0][0] == "*" and pairs[0][1] in ("*", ["*"]):
        return "*"
    raw: dict[str, Any] = {}
    for kind, identifiers in pairs:
        existing = raw.get(kind)
        if isinstance(identifiers, list):
            base = [] if existing is None else [existing] if isinstance(existing, str) else existing
            raw[kind] = base + sorted(identifiers, reverse=True)
        elif existing is None:
            raw[kind] = identifiers
        elif isinstance(existing, str):
            raw[kind] = [existing, identifiers]
        else:
            existing.append(identifiers)
    return dict(sorted(raw.items()))


def _conditions(conditions: Sequence[tuple[str, str, list[str] | str]]) -> dict[str, Any]:
    raw: dict[str, dict[str, list[str]]] = {}
    for test, variable, values in conditions:
        into = raw.setdefault(test, {}).setdefault(variable, [])
        into.extend(values if isinstance(values, list) else [values])
    return {
        test: {v: (items[0] if len(items) == 1 else items) for v, items in sorted(by_var.items())}
        for test, by_var in sorted(raw.items())
    }


# ---------------------------------------------------------------------------- from JSON


def _parse(text: str, what: str) -> Doc:
    data = json_value(text)
    if not isinstance(data, dict):
        raise EvalFailure(f"{what}: a policy document must be a JSON object")
    statements = data.get("Statement") or []
    if isinstance(statements, dict):
        statements = [statements]
    return {
        "Version": str(data.get("Version") or ""),
        "Id": str(data.get("Id") or ""),
        "Statement": [_json_statement(s, what) for s in statements],
    }


def _json_statement(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise EvalFailure(f"{what}: a statement must be a JSON object")
    out: dict[str, Any] = {}
    if data.get("Sid"):
        out["Sid"] = str(data["Sid"])
    if data.get("Effect"):
        out["Effect"] = str(data["Effect"])
    for name in ("Action", "NotAction", "Resource", "NotResource"):
        if data.get(name) is not None:
            out[name] = data[name]
    for name in ("Principal", "NotPrincipal"):
        if data.get(name):
            out[name] = _json_principals(data[name], what)
    if data.get("Condition"):
        out["Condition"] = _json_conditions(data["Condition"], what)
    return out


def _json_principals(value: Any, what: str) -> Any:
    if isinstance(value, str):
        return "*"
    if not isinstance(value, dict):
        raise EvalFailure(f"{what}: unsupported Principal {value!r}")
    pairs: list[tuple[str, Any]] = []
    for kind, ids in value.items():
        if isinstance(ids, list):
            pairs.append((kind, sorted(str(i) for i in ids)))
        else:
            pairs.append((kind, str(ids)))
    return _principals(pairs)


def _json_conditions(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise EvalFailure(f"{what}: unsupported Condition {value!r}")
    conditions: list[tuple[str, str, list[str] | str]] = []
    for test, by_var in value.items():
        for variable, values in (by_var or {}).items():
            if isinstance(values, bool):
                conditions.append((test, variable, "true" if values else "false"))
            elif isinstance(values, list):
                conditions.append((test, variable, [str(v) for v in values]))
            else:
                conditions.append((test, variable, [str(values)]))
    return _conditions(conditions)


# ---------------------------------------------------------------------------- Go's JSON


def go_json(value: Any, indent: str | None) -> str:
    """Go's json.Marshal (indent None) or json.MarshalIndent(v, "", "  ") of value;
    dicts are written in their insertion order."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        if indent is None:
            return "{" + ",".join(f"{quote(k)}:{go_json(v, None)}" for k, v in value.items()) + "}"
        inner = indent + "  "
        items = [f"{inner}{quote(k)}: {go_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if indent is None:
            return "[" + ",".join(go_json(v, None) for v in value) + "]"
        inner = indent + "  "
        return "[\n" + ",\n".join(f"{inner}{go_json(v, inner)}" for v in value) + f"\n{indent}]"
    if isinstance(value, str):
        return quote(value)
    from driftctl.declared.hcl.lang.functions.encoding import json_text

    return json_text(value)
