"""Values written as YAML or JSON in the style of the text they replace or join.

A template node (the value being replaced, or a sibling of the one being added) decides
the form: a quoted string stays quoted the same way, a flow mapping stays flow, a block
sequence of block mappings gets one more item of the same shape with the keys in the
same order. YAML strings are written plain only when they read back as the same
string; otherwise double-quoted (JSON's escapes are YAML's too).
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from driftctl.codify.spans import Doc, Node

_INDICATORS = set("-?:,[]{}#&*!|>'\"%@`")


class Renderer:
    def __init__(self, doc: Doc, loose: bool = False) -> None:
        self.doc = doc
        # loose: a one-item list may be written as its item where the template is a scalar
        # (IAM policies, where "Action": "x" and ["x"] mean the same)
        self.loose = loose

    # -- shape -------------------------------------------------------------------------

    def shape(self, value: Any, tmpl: Node | None) -> Any:
        """value with its keys in the template's order (and policy lists kept scalar)."""
        if isinstance(value, dict):
            known = [k for k, _ in tmpl.pairs] if tmpl is not None and tmpl.kind == "map" else []
            keys = [k.data for k in known if k.data in value]
            keys += [k for k in value if k not in keys]
            return {k: self.shape(value[k], child(tmpl, k)) for k in keys}
        if isinstance(value, list):
            if (
                self.loose
                and tmpl is not None
                and tmpl.kind == "scalar"
                and len(value) == 1
                and not isinstance(value[0], (dict, list))
            ):
                return value[0]
            return [self.shape(v, item_template(tmpl, i)) for i, v in enumerate(value)]
        return value

    # -- one value ---------------------------------------------------------------------

    def inline(self, value: Any, tmpl: Node | None, flow_context: bool = False) -> str:
        """value on one line: a scalar, or a flow collection (JSON: compact)."""
        if self.doc.json:
            return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if isinstance(value, dict):
            inner = ", ".join(
                f"{self.scalar(k, None, True)}: {self.inline(v, child(tmpl, k), True)}"
                for k, v in value.items()
            )
            return "{" + inner + "}"
        if isinstance(value, list):
            items = [self.inline(v, item_template(tmpl, i), True) for i, v in enumerate(value)]
            return "[" + ", ".join(items) + "]"
        return self.scalar(value, tmpl, flow_context)

    def scalar(self, value: Any, tmpl: Node | None, flow_context: bool = False) -> str:
        if self.doc.json:
            return json.dumps(value, ensure_ascii=False)
        style = tmpl.style if tmpl is not None and tmpl.kind == "scalar" else None
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif value is None:
            text = "null"
        elif isinstance(value, (int, float)):
            text = json.dumps(value)
        else:
            text = str(value)
            if style == "'" and "\n" not in text:
                return "'" + text.replace("'", "''") + "'"
            if style == '"' or not plain_ok(text, flow_context):
                return json.dumps(text, ensure_ascii=False)
            return text
        if style == "'":
            return f"'{text}'"
        if style == '"':
            return f'"{text}"'
        return text

    def block(self, value: Any, col: int, tmpl: Node | None) -> str:
        """A YAML block collection whose first line starts at column col (not indented
        here); every further line is indented to its depth."""
        pad = "\n" + " " * col
        if isinstance(value, dict) and value:
            lines = []
            for k, v in value.items():
                lines.append(self.scalar(k, None) + ":" + self.after_key(v, col, child(tmpl, k)))
            return pad.join(lines)
        if isinstance(value, list) and value:
            items = []
            for i, v in enumerate(value):
                t = item_template(tmpl, i)
                if _is_collection(v) and not (t is not None and t.flow):
                    items.append("- " + self.block(v, col + 2, t))
                else:
                    items.append("- " + self.inline(v, t))
            return pad.join(items)
        return self.inline(value, tmpl)

    def after_key(self, value: Any, col: int, tmpl: Node | None) -> str:
        """What follows `key:` in a block mapping at column col."""
        if _is_collection(value) and not (tmpl is not None and tmpl.flow):
            inner = col + self.doc.step
            return "\n" + " " * inner + self.block(value, inner, tmpl)
        return " " + self.inline(value, tmpl)

    def json_value(self, value: Any, indent: int, multiline: bool) -> str:
        """JSON for a value starting on a line indented by indent spaces."""
        if not multiline or not _is_collection(value):
            return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        text = json.dumps(value, ensure_ascii=False, indent=self.doc.step)
        return text.replace("\n", "\n" + " " * indent)


def child(tmpl: Node | None, key: str) -> Node | None:
    return tmpl.get(key) if tmpl is not None and tmpl.kind == "map" else None


def item_template(tmpl: Node | None, index: int) -> Node | None:
    if tmpl is None or tmpl.kind != "seq" or not tmpl.items:
        return None
    return tmpl.items[min(index, len(tmpl.items) - 1)]


def _is_collection(value: Any) -> bool:
    return isinstance(value, (dict, list)) and bool(value)


def plain_ok(text: str, flow_context: bool = False) -> bool:
    """text written plain reads back as the same string (in a block or a flow context)."""
    if not text or text != text.strip() or "\n" in text or "\t" in text:
        return False
    if text[0] in _INDICATORS or ": " in text or " #" in text or text.endswith(":"):
        return False
    if flow_context and any(c in text for c in ",[]{}"):
        return False
    try:
        return bool(yaml.safe_load(text) == text)
    except yaml.YAMLError:
        return False
