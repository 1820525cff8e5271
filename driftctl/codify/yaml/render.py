"""Values written as YAML or JSON in the style of the text they replace or join.

A template node (the value being replaced, or a sibling of the one being added) decides
the form: a quoted string stays quoted the same way, a flow mapping stays flow, a block
sequence of block mappings gets one more item of the same shape with the keys in the
same order. YAML strings are written plain only when they read back as the same
string; otherwise double-quoted (JSON's escapes are YAML's too).
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from driftctl.codify.yaml.spans import Doc, Node

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

    def block_scalar(self, value: str, tmpl: Node) -> str:
        """value in place of the block scalar tmpl (`|` or `>`): a literal block scalar
        indented as tmpl's lines when value has more than one line (or ends with a line
        break), else double-quoted. A value a literal block cannot hold exactly (trailing
        blank lines, a first line that starts with a space, other line breaks) is
        double-quoted too."""
        quoted = json.dumps(value, ensure_ascii=False)
        body = value[:-1] if value.endswith("\n") else value
        if "\n" not in value or body.endswith("\n") or not _block_safe(body):
            return quoted
        original = self.doc.text[tmpl.start : tmpl.end]
        header, _, content = original.partition("\n")
        found = re.fullmatch(r"[|>][-+0-9]*([ \t]+#.*)?", header.rstrip("\r"))
        lines = [ln for ln in content.split("\n") if ln.strip()]
        if found is None:
            return quoted
        if lines:
            indent = len(lines[0]) - len(lines[0].lstrip(" "))
        else:
            indent = self.doc.indent_of(tmpl.start) + self.doc.step
        chomp = "" if value.endswith("\n") else "-"
        pad = " " * indent
        rows = [pad + row if row else "" for row in body.split("\n")]
        return "|" + chomp + (found.group(1) or "") + "\n" + "\n".join(rows)

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
        pad = self.doc.pad
        text = json.dumps(value, ensure_ascii=False, indent=pad * self.doc.step)
        return text.replace("\n", "\n" + pad * indent)


def child(tmpl: Node | None, key: str) -> Node | None:
    return tmpl.get(key) if tmpl is not None and tmpl.kind == "map" else None


def item_template(tmpl: Node | None, index: int) -> Node | None:
    if tmpl is None or tmpl.kind != "seq" or not tmpl.items:
        return None
    return tmpl.items[min(index, len(tmpl.items) - 1)]


def _is_collection(value: Any) -> bool:
    return isinstance(value, (dict, list)) and bool(value)


def _block_safe(text: str) -> bool:
    """text can be the lines of a literal block scalar: printable, no line break but
    "\n", and its first line with content does not start with a space (that would read
    as deeper indentation)."""
    if any(c in text for c in "\r\x85\u2028\u2029") or not text.strip():
        return False
    if any(row and not row.strip() for row in text.split("\n")):
        return False  # a line of only spaces: indentation, not content, to a reader
    first = next(row for row in text.split("\n") if row.strip())
    if first[0] in " \t":
        return False
    return all(c.isprintable() or c == "\n" or c == "\t" for c in text)


def plain_ok(text: str, flow_context: bool = False) -> bool:
    """text written plain reads back as the same string (in a block or a flow context),
    for PyYAML and for every other reader of the file: a string that YAML 1.1, YAML 1.2
    (core schema) or go-yaml v2 (kubectl, Crossplane) would take as a bool, a null or a
    number is quoted."""
    if not text or text != text.strip() or "\n" in text or "\t" in text:
        return False
    if text[0] in _INDICATORS or ": " in text or " #" in text or text.endswith(":"):
        return False
    if flow_context and any(c in text for c in ",[]{}"):
        return False
    if _not_a_string(text):
        return False
    try:
        return bool(yaml.safe_load(text) == text)
    except yaml.YAMLError:
        return False


# plain scalars some YAML reader resolves to something other than a string
_WORDS = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~", "=", "<<"})
_NUMBER = re.compile(
    r"""[-+]?(?:
        0b[0-1_]+                                   # YAML 1.1 / Go binary
      | 0o?[0-7_]+                                  # YAML 1.1 / 1.2 octal (0o17, 017)
      | 0x[0-9a-f_]+                                # hex
      | 0x[0-9a-f_]*\.?[0-9a-f_]*p[-+]?[0-9_]+       # Go hex float
      | [0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?  # YAML 1.1 sexagesimal
      | (?:[0-9][0-9_]*)?\.[0-9._]*(?:e[-+]?[0-9]+)?  # YAML 1.1 float (1.2.3 included)
      | \.?(?:inf|infinity|nan)                     # .inf, .nan (and Go's Inf, NaN)
    )""",
    re.VERBOSE | re.IGNORECASE,
)


def _not_a_string(text: str) -> bool:
    """text read as a bool, null or number by YAML 1.1, YAML 1.2 or go-yaml v2."""
    if text.lower() in _WORDS or _NUMBER.fullmatch(text):
        return True
    try:
        float(text.replace("_", ""))  # 12, 1e3, 08, +1, 1_000 (YAML 1.2, Go's ParseFloat)
    except ValueError:
        return False
    return True
