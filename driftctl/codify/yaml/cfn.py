"""Codify drifts declared in a CloudFormation template (YAML or JSON).

The loader maps CloudFormation properties onto Terraform's attributes (each type's
`CfnType.convert`); `CfnType.properties` is that mapping inverted, as data, for the
types driftctl writes back. A drifted attribute is written where the template
declares it: a literal is edited in place; a `!Ref` to a parameter edits the
parameter's Default when that is where the value comes from (a Default, used once, not
overridden on the command line); any other function (`!Sub`, `!Join`, `!If`,
`!FindInMap`, a `!Ref` to a resource) is left to a person with its file:line.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from driftctl.aws.canonical import canonicalize
from driftctl.base.raw import RawDeclared
from driftctl.codify.base import Context, Outcome, human
from driftctl.codify.yaml import cfn_import
from driftctl.codify.yaml.edit import Editor, Refuse, TextEdit, nest, to_outcome
from driftctl.codify.yaml.spans import Doc, Node
from driftctl.core.model import Change, Drift, SourceRef
from driftctl.declared.cfn.intrinsics import SUB_VAR
from driftctl.declared.cfn.load import to_raw
from driftctl.declared.cfn.parse import FUNCTIONS
from driftctl.resources.registry import CFN_TYPES

# how a canonical attribute is written in the template (CfnType.properties):
#   scalar    the property at the path holds the value
#   tags      a Tags list of {Key, Value}
#   document  an IAM policy document: rewritten to the live document, set-wise
#   set       a list of entries, one per canonical item (a group's inline rules)
Where = tuple[str, tuple[str, ...]]
LONG_FORMS = frozenset(FUNCTIONS.values())


def is_function(node: Node) -> bool:
    if node.tag == "*alias":
        return False
    if node.tag is not None:
        return True
    return node.kind == "map" and len(node.pairs) == 1 and node.pairs[0][0].data in LONG_FORMS


def function_name(node: Node) -> str:
    if node.tag is not None:
        return "!" + node.tag.lstrip("!")
    return str(node.pairs[0][0].data)


@dataclasses.dataclass
class _Template:
    """One template being edited for one drift."""

    doc: Doc
    ctx: Context
    drift: Drift

    def editor(self, loose: bool = False) -> Editor:
        return Editor(self.doc, is_function, self.on_function, loose)

    def on_function(self, node: Node, wanted: Any) -> list[TextEdit]:
        name = function_name(node)
        target = node.data.get("Ref") if isinstance(node.data, dict) else None
        if not isinstance(target, str):
            raise Refuse(f"set by {name}: driftctl does not edit intrinsic functions", node)
        params = self.doc.root.get("Parameters")
        param = params.get(target) if params is not None and params.kind == "map" else None
        if param is None or param.kind != "map":
            raise Refuse(f"set by {name} {target}, which is not a parameter", node)
        if target in self.ctx.parameters:
            raise Refuse(f"set by parameter {target}, given on the command line", node)
        uses = _uses(self.doc.root.data, target)
        if uses > 1:
            raise Refuse(
                f"set by parameter {target}, used {uses} times: editing its Default "
                "would change the others too",
                node,
            )
        default = param.get("Default")
        if default is None or default.kind != "scalar" or is_function(default):
            raise Refuse(f"set by parameter {target}, which has no literal Default", node)
        spec = param.data
        if str(spec.get("Type", "String")) not in ("String", "Number"):
            raise Refuse(f"set by parameter {target} of type {spec.get('Type')}", node)
        text = _text(wanted)
        allowed = spec.get("AllowedValues")
        if isinstance(allowed, list) and text not in [_text(a) for a in allowed]:
            raise Refuse(f"{text!r} is not one of parameter {target}'s AllowedValues", param)
        pattern = spec.get("AllowedPattern")
        if isinstance(pattern, str) and not re.fullmatch(pattern, text):
            raise Refuse(f"{text!r} does not match parameter {target}'s AllowedPattern", param)
        return self.editor().reconcile(default, wanted)

    def resource(self) -> Node | None:
        resources = self.doc.root.get("Resources")
        if resources is None or resources.kind != "map" or self.drift.address is None:
            return None
        return resources.get(self.drift.address)


def codify(drift: Drift, ctx: Context, doc: Doc) -> Outcome:
    if drift.kind == "unmanaged":
        return cfn_import.declare(drift, ctx, doc)
    t = _Template(doc, ctx, drift)
    res = t.resource()
    if res is None or res.kind != "map":
        return human(drift, "its declaration was not found in the template")
    cfn_type = str(res.data.get("Type"))
    known = CFN_TYPES.get(cfn_type)
    table = known.properties.get(drift.type) if known is not None else None
    if table is None:
        return human(drift, f"driftctl does not write {drift.type} back into a {cfn_type} yet")
    groups: dict[str, list[Change]] = {}
    for change in drift.changes:
        attr = _attribute(change.path, table)
        if attr is None:
            where = doc.where(res)
            return human(
                drift, f"driftctl does not map {change.path} to a property", change.path, where
            )
        groups.setdefault(attr, []).append(change)
    edits: list[TextEdit] = []
    for attr, changes in sorted(groups.items()):
        how, path = table[attr]
        try:
            edits += _HOW[how](t, res, attr, path, changes)
        except Refuse as exc:
            where = doc.where(exc.node) if exc.node is not None else doc.where(res)
            return human(drift, exc.reason, changes[0].path, where)
    return to_outcome(drift, doc, edits)


def _attribute(path: str, table: Mapping[str, Where]) -> str | None:
    for attr in sorted(table, key=len, reverse=True):
        if path == attr or path.startswith((attr + ".", attr + "[")):
            return attr
    return None


def _at(node: Node | None, path: tuple[str, ...]) -> tuple[Node | None, int]:
    """The node at path below node, and how many steps of path were found."""
    for i, key in enumerate(path):
        if node is None or node.kind != "map" or is_function(node):
            return None, i
        child = node.get(key)
        if child is None:
            return node, -i - 1  # the parent that lacks key path[i]
        node = child
    return node, len(path)


def _ensure(t: _Template, res: Node, path: tuple[str, ...], value: Any) -> list[TextEdit]:
    """Edits that give the resource the property at path (("Properties", ...)) = value."""
    node, found = _at(res, path)
    if node is None:
        raise Refuse("the property is set by a function", None)
    if found == len(path):
        return t.editor().reconcile(node, value)
    missing = -found - 1
    if is_function(node):
        raise Refuse(f"set by {function_name(node)}", node)
    return t.editor().insert(node, [(path[missing], nest(path[missing + 1 :], value))])


def _scalar(
    t: _Template, res: Node, attr: str, path: tuple[str, ...], changes: list[Change]
) -> list[TextEdit]:
    (change,) = changes
    if change.actual is None:
        raise Refuse("the property is gone live: removing it is a decision for a person")
    return _ensure(t, res, ("Properties", *path), change.actual)


def _tags(
    t: _Template, res: Node, attr: str, path: tuple[str, ...], changes: list[Change]
) -> list[TextEdit]:
    node, found = _at(res, ("Properties", *path))
    keys = {c.path[len(attr) + 1 :]: c.actual for c in changes}
    if node is None or found != len(path) + 1:
        added = [{"Key": k, "Value": v} for k, v in sorted(keys.items()) if v is not None]
        return _ensure(t, res, ("Properties", *path), added) if added else []
    if is_function(node):
        raise Refuse(f"the tags are set by {function_name(node)}", node)
    if node.kind == "map":
        wanted = {k: v for k, v in node.data.items() if keys.get(k, v) is not None}
        wanted.update({k: v for k, v in keys.items() if v is not None})
        return t.editor().reconcile(node, wanted)
    if node.kind != "seq":
        raise Refuse("the tags are not a list of Key/Value", node)
    items: list[Any] = []
    seen = set()
    for item in node.items:
        key = item.data.get("Key") if isinstance(item.data, dict) else None
        if not isinstance(key, str) or is_function(item):
            raise Refuse("a tag is set by a function", item)
        seen.add(key)
        if key in keys and keys[key] is None:
            continue
        items.append({**item.data, "Value": keys[key]} if key in keys else item.data)
    items += [
        {"Key": k, "Value": v} for k, v in sorted(keys.items()) if k not in seen and v is not None
    ]
    identity: Callable[[Any], Any] = lambda d: d.get("Key") if isinstance(d, dict) else None  # noqa: E731
    return t.editor().reconcile(node, items, identity=identity)


def _document(
    t: _Template, res: Node, attr: str, path: tuple[str, ...], changes: list[Change]
) -> list[TextEdit]:
    live = t.ctx.live.get((t.drift.type, t.drift.id or ""))
    if live is None or live.attrs.get(attr) is None:
        raise Refuse("the live document is not in this scan")
    node, found = _at(res, ("Properties", *path))
    if node is None or found != len(path) + 1:
        raise Refuse("the document is not written in the template")
    return t.editor(loose=True).reconcile(node, live.attrs[attr], sets=True)


def _set(
    t: _Template, res: Node, attr: str, path: tuple[str, ...], changes: list[Change]
) -> list[TextEdit]:
    """A list of entries, each one canonical item (a rule): brought to the live set, keeping
    the entries that stayed as they are written."""
    live = t.ctx.live.get((t.drift.type, t.drift.id or ""))
    if live is None:
        raise Refuse(f"the live {t.drift.type} is not in this scan")
    node, found = _at(res, ("Properties", *path))
    if node is None or found != len(path) + 1 or node.kind != "seq":
        raise Refuse(f"{path[0]} is not written as a list in it (separate resources?)")
    cfn_type = str(res.data.get("Type"))
    entry_of = CFN_TYPES[cfn_type].entries[attr]
    originals = [(item.data, _canonical(item.data, cfn_type, path[0], attr)) for item in node.items]
    wanted: list[Any] = []
    for item in live.attrs.get(attr) or []:
        key = _item_key(item)
        match = next((o for o in originals if o[1] == [key]), None)
        if match is not None:
            originals.remove(match)
            wanted.append(match[0])
        else:
            wanted.append(entry_of(item))
    return t.editor().reconcile(node, wanted, sets=True)


def _canonical(entry: Any, cfn_type: str, prop: str, attr: str) -> list[str]:
    """The canonical items one template entry declares (by the loader's own mapping)."""
    if not isinstance(entry, dict):
        return []
    raws = to_raw("X", cfn_type, {prop: [entry]}, SourceRef("", 1)) or []
    resources = canonicalize(RawDeclared(raws)).resources
    items = resources[0].attrs.get(attr) if resources else None
    return [_item_key(r) for r in items or []]


def _item_key(item: Any) -> str:
    return json.dumps(item, sort_keys=True, default=str)


def _uses(data: Any, name: str) -> int:
    """How many times the template refers to parameter name (Ref and Fn::Sub)."""
    if isinstance(data, dict):
        n = 0
        for key, value in data.items():
            if key == "Ref" and value == name:
                n += 1
            elif key == "Fn::Sub":
                text = value[0] if isinstance(value, list) and value else value
                if isinstance(text, str):
                    n += sum(1 for v in SUB_VAR.findall(text) if v.strip() == name)
            n += _uses(value, name)
        return n
    if isinstance(data, list):
        return sum(_uses(v, name) for v in data)
    return 0


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


_HOW: dict[str, Callable[[_Template, Node, str, tuple[str, ...], list[Change]], list[TextEdit]]] = {
    "scalar": _scalar,
    "tags": _tags,
    "document": _document,
    "set": _set,
}
