"""What a CloudFormation template says is secret: NoEcho parameters and dynamic references.

- A parameter with `NoEcho: true` is sensitive: every property value that is, or
  contains, its value is marked (driftctl.core.sensitive).
- A dynamic reference (`{{resolve:ssm:...}}`, `{{resolve:secretsmanager:...}}`,
  `{{resolve:ssm-secure:...}}`) is resolved by CloudFormation when the stack is deployed:
  a value holding one is Unknown, never compared with the text of the reference. One to
  Secrets Manager or a SecureString parameter is sensitive too, so the live value at its
  path is never shown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from driftctl.base.raw import RawResource
from driftctl.core import sensitive
from driftctl.core.model import Ref, Unknown

DYNAMIC = re.compile(r"\{\{resolve:([A-Za-z0-9-]+):[^}]*\}\}")
SECURE = frozenset({"secretsmanager", "ssm-secure"})


def noecho_texts(parameters: Any, values: Mapping[str, Any]) -> frozenset[str]:
    """The texts of the values of the NoEcho parameters."""
    if not isinstance(parameters, dict):
        return frozenset()
    hidden = [
        values.get(name)
        for name, spec in parameters.items()
        if isinstance(spec, dict) and str(spec.get("NoEcho", "")).lower() == "true"
    ]
    return sensitive.secret_texts(v for value in hidden for v in sensitive.scalars(value))


def resolve_dynamic(value: Any, secure: list[Unknown]) -> Any:
    """value with each string that holds a dynamic reference replaced by an Unknown; the
    Unknowns of secret references are added to secure."""
    if isinstance(value, dict):
        return {k: resolve_dynamic(v, secure) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve_dynamic(v, secure) for v in value]
    if not isinstance(value, str):
        return value
    found = DYNAMIC.search(value)
    if found is None:
        return value
    secret = found.group(1) in SECURE
    what = "a secret CloudFormation resolves" if secret else "resolved by CloudFormation"
    unknown = Unknown(f"{found.group(0)} is {what} when the stack is deployed")
    if secret:
        secure.append(unknown)
    return unknown


def mark(raw: RawResource, texts: frozenset[str], secure: list[Any]) -> None:
    """raw.sensitive: the paths of the values that hold a NoEcho value or one of secure:
    the Unknowns of secret references, and what a reference to a sensitive attribute gave
    (a Ref, or the live value bound to it)."""
    if not texts and not secure:
        return
    objects = [v for v in secure if isinstance(v, (Ref, Unknown))]
    texts = texts | sensitive.secret_texts(v for v in secure if not isinstance(v, (Ref, Unknown)))
    paths = sensitive.holding(raw.attrs, texts, objects)
    if paths:
        raw.sensitive = raw.sensitive | paths
