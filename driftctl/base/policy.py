"""IAM policy documents in one canonical form, so equal policies compare equal.

AWS and Terraform write the same policy in many ways: a single statement or a list,
"s3:GetObject" or ["s3:GetObject"], statements and actions in any order, an account
id or its root ARN as principal, URL-encoded or not. Both sides go through here.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from typing import Any

from driftctl.core.model import is_known

_LISTY = ("Action", "NotAction", "Resource", "NotResource")
_ACCOUNT = re.compile(r"^\d{12}$")


def _as_sorted_list(value: Any) -> Any:
    items = value if isinstance(value, list) else [value]
    if all(isinstance(v, str) for v in items):
        return sorted(set(items))
    return items


def _principal_id(kind: str, value: str) -> str:
    if kind == "AWS" and _ACCOUNT.match(value):
        return f"arn:aws:iam::{value}:root"
    return value


def _principal(value: Any) -> Any:
    if value == "*":
        return {"AWS": ["*"]}
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for kind, ids in sorted(value.items()):
        listed = ids if isinstance(ids, list) else [ids]
        out[kind] = sorted({_principal_id(kind, str(i)) for i in listed})
    return out


def _condition(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    return {
        op: {k: _as_sorted_list(v) for k, v in sorted(keys.items())}
        if isinstance(keys, dict)
        else keys
        for op, keys in sorted(value.items())
    }


def _statement(stmt: Any) -> Any:
    if not isinstance(stmt, dict):
        return stmt
    out: dict[str, Any] = {}
    for key, value in stmt.items():
        if key == "Sid" and value in ("", None):
            continue
        if key in _LISTY:
            out[key] = _as_sorted_list(value)
        elif key in ("Principal", "NotPrincipal"):
            out[key] = _principal(value)
        elif key == "Condition":
            out[key] = _condition(value)
        else:
            out[key] = value
    return out


def canonical_policy(doc: Any) -> Any:
    """Policy JSON (str, URL-encoded str or dict) in canonical dict form.

    Values that are not a policy (unknowns, unparsable strings) pass through unchanged,
    so the diff still shows them rather than hiding a broken document.
    """
    if not is_known(doc) or doc is None:
        return doc
    if isinstance(doc, str):
        text = doc.strip()
        if text.startswith("%7B") or text.startswith("%7b"):
            text = urllib.parse.unquote(text)
        try:
            doc = json.loads(text)
        except json.JSONDecodeError:
            return doc
    if not isinstance(doc, dict):
        return doc
    out = dict(doc)
    statements = out.get("Statement")
    if statements is not None:
        listed = statements if isinstance(statements, list) else [statements]
        canon = [_statement(s) for s in listed]
        out["Statement"] = sorted(canon, key=lambda s: json.dumps(s, sort_keys=True))
    return out
