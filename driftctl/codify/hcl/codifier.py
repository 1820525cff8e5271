"""Codify drifts declared in Terraform HCL: edit the literal the provenance points at.

Only the bytes of that literal change. What is written keeps the original's form: a
quoted string stays quoted, `jsonencode({...})` stays jsonencode with the live document
as an HCL object, a heredoc stays a heredoc with the same marker. A value that comes
from anything but a literal (a function call, a reference left unresolved, an
interpolation) is left to a person.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from typing import Any

from driftctl.codify.base import Context, Edit, Outcome, human
from driftctl.codify.hcl import imports as hcl_import
from driftctl.codify.hcl import render as hcl_render
from driftctl.core.model import Change, Drift, Resource, SourceRef
from driftctl.declared.hcl.lang import nodes as n
from driftctl.declared.hcl.lang.syntax import parse_expression
from driftctl.errors import DriftctlError

HCL_SUFFIXES = (".tf", ".tfvars")  # not .tf.json: its strings are JSON, not HCL
_BLOCK_ZERO = re.compile(r"\[0\](?=\.)")
_LAST_STEP = re.compile(r"(\.[^.\[\]]*|\[\d+\])$")
_PREVIEW = 40


@dataclasses.dataclass(frozen=True)
class Style:
    """The form of a literal: string, number, bool, null, object, tuple, heredoc, jsonencode."""

    kind: str
    marker: str = "EOT"
    indented: bool = False


class HclCodifier:
    def handles(self, file: str) -> bool:
        return file.endswith(HCL_SUFFIXES)

    def codify(self, drift: Drift, ctx: Context) -> Outcome:
        if drift.kind == "unmanaged":
            return hcl_import.declare(drift, ctx)
        if drift.kind == "missing":
            return human(drift, "deleted live: removing its declaration is a decision for a person")
        res = ctx.resource(drift)
        if res is None:
            return human(drift, "its declaration was not found")
        edits: list[Edit] = []
        writes: list[tuple[tuple[str, int, int, int, int], str]] = []
        for change in drift.changes:
            result = _change(res, drift.id, change, ctx)
            if isinstance(result, Refusal):
                return human(drift, result.reason, change.path, result.where)
            for edit, raw in result:
                edits.append(edit)
                writes.append((edit.span, f"{res.type}|{res.address}|{raw}"))
        return Outcome(tuple(edits), None, tuple(writes))


@dataclasses.dataclass(frozen=True)
class Refusal:
    """Why a change is left to a person, and the file:line a person should look at."""

    reason: str
    where: str | None = None


# -- one change ------------------------------------------------------------------------

Found = list[tuple[Edit, str]]


def _change(res: Resource, live_id: str | None, change: Change, ctx: Context) -> Found | Refusal:
    raw = raw_path(res.provenance, change.path)
    if raw is not None and change.actual is not None:
        return _replace(raw, res.provenance[raw], change.actual, ctx)
    if raw is not None:
        return _delete_entry(raw, res.provenance[raw], change.path, ctx)
    parent, raw_parent = _nearest(res.provenance, change.path)
    if raw_parent is None:
        return _refuse("no declaration writes this value (a default or provider default_tags)")
    ref = res.provenance[raw_parent]
    text = span_text(ctx.text(ref.file), ref)
    style = style_of(text)
    if change.expected is None and style is not None and style.kind == "object":
        key = change.path[len(parent) + 1 :]
        if parent and change.path[len(parent)] == "." and "." not in key and "[" not in key:
            return _insert_entry(raw_parent, ref, text, key, change.actual, ctx)
    if (
        style is not None
        and style.kind in ("jsonencode", "heredoc", "string")
        and "." not in raw_parent
        and "[" not in raw_parent
    ):  # a document (a policy) set as one value: write the whole live document
        live = ctx.live.get((res.type, live_id or ""))
        if live is not None and raw_parent in live.attrs:
            return _replace(raw_parent, ref, live.attrs[raw_parent], ctx)
    return _refuse(f"set by an expression driftctl does not edit: {_preview(text)}", ref)


def _refuse(reason: str, ref: SourceRef | None = None) -> Refusal:
    return Refusal(reason, f"{ref.file}:{ref.line}" if ref is not None else None)


def _preview(text: str) -> str:
    one = " ".join(text.split())
    return f"`{one[:_PREVIEW]}…`" if len(one) > _PREVIEW else f"`{one}`"


def _replace(raw: str, ref: SourceRef, new: Any, ctx: Context) -> Found | Refusal:
    if ref.col is None or ref.end_col is None:
        return _refuse("the loader gave no exact span for this value", ref)
    source = ctx.text(ref.file)
    text = span_text(source, ref)
    style = style_of(text)
    if style is None:
        return _refuse(f"set by an expression driftctl does not edit: {_preview(text)}", ref)
    rendered = render_as(style, new, _indent(source, ref.line))
    return [(Edit.at(ref, rendered), raw)]


def _delete_entry(raw: str, ref: SourceRef, path: str, ctx: Context) -> Found | Refusal:
    """A map key gone live: delete its `key = value` line from the object literal."""
    lines = ctx.text(ref.file).split("\n")
    line = lines[ref.line - 1] if ref.line <= len(lines) else ""
    key = path.rsplit(".", 1)[-1]
    before = line[: (ref.col or 1) - 1]
    after = line[(ref.end_col or 1) - 1 :].strip() if ref.end_line == ref.line else "x"
    head = re.fullmatch(r"\s*(\"?)" + re.escape(key) + r"\1\s*[=:]\s*", before)
    if head is None or not (after == "" or after[0] in ",#/"):
        return _refuse("the entry to remove does not stand on a line of its own", ref)
    edit = Edit(ref.file, ref.line, 1, ref.line + 1, 1, "")
    return [(edit, raw)]


def _insert_entry(
    raw_parent: str, ref: SourceRef, text: str, key: str, new: Any, ctx: Context
) -> Found | Refusal:
    """A map key new live: add `key = value` to the object literal that writes the map."""
    if ref.col is None or ref.end_col is None or ref.end_line is None:
        return _refuse("the loader gave no exact span for this value", ref)
    lines = ctx.text(ref.file).split("\n")
    name = hcl_render.key(key)
    if ref.end_line == ref.line:  # { a = "b" } on one line
        inner = text.strip()[1:-1].strip()
        rendered = hcl_render.value(new, _indent("\n".join(lines), ref.line))
        entry = f"{name} = {rendered}"
        return [
            (Edit.at(ref, f"{{ {inner}, {entry} }}" if inner else f"{{ {entry} }}"), raw_parent)
        ]
    closing = lines[ref.end_line - 1]
    if closing[: ref.end_col - 2].strip():
        return _refuse("the object's closing brace does not stand on a line of its own", ref)
    previous = [
        ln for ln in lines[ref.line : ref.end_line - 1] if ln.strip() and ln.strip()[0] not in "#/"
    ]
    indent = (
        re.match(r"\s*", previous[-1]).group(0)  # type: ignore[union-attr]
        if previous
        else closing[: len(closing) - len(closing.lstrip())] + hcl_render.INDENT
    )
    width = len(name)
    if previous:
        aligned = re.match(r"(\s*\S+?)(\s*)=", previous[-1])
        if aligned and "\n" not in hcl_render.value(new, indent):
            width = max(width, len(aligned.group(1)) + len(aligned.group(2)) - len(indent) - 1)
    entry = f"{indent}{name.ljust(width)} = {hcl_render.value(new, indent)}\n"
    return [(Edit(ref.file, ref.end_line, 1, ref.end_line, 1, entry), raw_parent)]


# -- paths -----------------------------------------------------------------------------


def raw_path(provenance: dict[str, SourceRef], path: str) -> str | None:
    """The provenance key (Terraform's path, blocks as [0]) of a canonical path."""
    if path in provenance:
        return path
    matches = sorted((raw.count("[0]."), raw) for raw in provenance if path in _collapsed(raw))
    return matches[0][1] if matches else None


def _collapsed(raw: str) -> set[str]:
    """raw with any of its block indexes `[0].` dropped (canonical types fold single blocks)."""
    spots = [m.start() for m in _BLOCK_ZERO.finditer(raw)]
    out = set()
    for count in range(len(spots) + 1):
        for chosen in itertools.combinations(spots, count):
            text = raw
            for start in sorted(chosen, reverse=True):
                text = text[:start] + text[start + 3 :]
            out.add(text)
    return out


def _nearest(provenance: dict[str, SourceRef], path: str) -> tuple[str, str | None]:
    """The closest ancestor of path that has provenance: (canonical, raw)."""
    current = path
    while True:
        parent = _LAST_STEP.sub("", current)
        if parent == current or not parent:
            return "", None
        raw = raw_path(provenance, parent)
        if raw is not None:
            return parent, raw
        current = parent


# -- text and style --------------------------------------------------------------------


def span_text(source: str, ref: SourceRef) -> str:
    lines = source.split("\n")
    if ref.col is None or ref.end_col is None:
        return ""
    end_line = ref.end_line or ref.line
    if ref.line > len(lines) or end_line > len(lines):
        return ""
    if end_line == ref.line:
        return lines[ref.line - 1][ref.col - 1 : ref.end_col - 1]
    middle = lines[ref.line : end_line - 1]
    return "\n".join(
        [lines[ref.line - 1][ref.col - 1 :], *middle, lines[end_line - 1][: ref.end_col - 1]]
    )


def _indent(source: str, line: int) -> str:
    text = source.split("\n")[line - 1]
    return text[: len(text) - len(text.lstrip())]


def style_of(text: str) -> Style | None:
    """The form of a literal expression, or None when text is not a plain literal."""
    if not text.strip():
        return None
    try:
        node = n.unwrap(parse_expression(text, "<span>"))
    except DriftctlError:
        return None
    if type(node) is n.Call:
        if node.name == "jsonencode" and len(node.args) == 1 and not node.expand:
            return Style("jsonencode") if _literal(n.unwrap(node.args[0])) else None
        return None
    if type(node) is n.Template and node.kind != "quoted":
        if node.literal() is None:
            return None
        return Style("heredoc", node.marker, node.kind == "heredoc_trim")
    if not _literal(node):
        return None
    if type(node) is n.Literal:
        if node.value is None:
            return Style("null")
        return Style("bool" if isinstance(node.value, bool) else "number")
    kinds = {n.Template: "string", n.Tuple: "tuple", n.Object: "object"}
    return Style(kinds[type(node)])


def _literal(node: n.Expr) -> bool:
    kind = type(node)
    if kind is n.Literal:
        return True
    if kind is n.Template:
        return node.kind == "quoted" and node.literal() is not None  # type: ignore[attr-defined]
    if kind is n.Tuple:
        return all(_literal(n.unwrap(item)) for item in node.items)  # type: ignore[attr-defined]
    if kind is n.Object:
        for key_node, value_node in node.items:  # type: ignore[attr-defined]
            key = n.unwrap(key_node.expr)
            if key_node.keyword() is None and not (type(key) is n.Template and _literal(key)):
                return False
            if not _literal(n.unwrap(value_node)):
                return False
        return True
    return False


def render_as(style: Style, new: Any, indent: str) -> str:
    """new written in the form of the literal it replaces."""
    if style.kind == "jsonencode":
        doc = _document(new)
        return f"jsonencode({hcl_render.value(doc, indent)})"
    if style.kind == "heredoc":
        doc = _document(new)
        body = hcl_render.policy_json(doc) if isinstance(doc, (dict, list)) else str(new)
        return hcl_render.heredoc(body, style.marker, style.indented, indent)
    if isinstance(new, (dict, list)):
        new = hcl_render.policy_order(new)
        if style.kind == "string":  # a JSON document written as a string
            compact = json.dumps(new, ensure_ascii=False)
            if len(indent) + len(compact) > hcl_render.LINE:
                return hcl_render.heredoc(hcl_render.policy_json(new))
            return hcl_render.string(compact)
        return hcl_render.value(new, indent)
    if style.kind == "string" and not isinstance(new, str) and new is not None:
        return hcl_render.string(hcl_render.scalar(new).strip('"'))
    return hcl_render.scalar(new)


def _document(new: Any) -> Any:
    if isinstance(new, str):
        try:
            new = json.loads(new)
        except json.JSONDecodeError:
            return new
    return hcl_render.policy_order(new)
