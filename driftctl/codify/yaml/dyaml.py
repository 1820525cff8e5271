"""Codify drifts declared in driftctl's own YAML format (docs/declared-yaml.md).

Its attributes are already Terraform's, so a drifted path is found under the entry's
`attrs` as written (a single nested block may be written as a one-item list:
`versioning_configuration: [{status: Enabled}]`). A changed value is edited in place, a
map key added or removed live is added or removed, and a list (security group rules) or
a policy document is brought to the live value set-wise, keeping what stayed. A value
written as `{$ref: ...}` or `{$unknown: ...}` is left to a person. An unmanaged resource
gets a new entry with its live id and attributes at the end of `resources`.
"""

from __future__ import annotations

import re
from typing import Any

from driftctl.codify.base import Context, Outcome, human, live_of
from driftctl.codify.yaml.edit import Editor, Refuse, TextEdit, key_text, nest, to_outcome
from driftctl.codify.yaml.spans import Doc, Node
from driftctl.core.model import Change, Drift
from driftctl.resources.registry import TYPES

_STEP = re.compile(r"[^.\[\]]+|\[\d+\]")
_NAME_CHARS = re.compile(r"[^A-Za-z0-9_.:/@+=-]")
MAP_ATTRS = frozenset({"tags", "tags_all"})


def is_function(node: Node) -> bool:
    return node.kind == "map" and any(k.data in ("$ref", "$unknown") for k, _ in node.pairs)


def _on_function(node: Node, wanted: Any) -> list[TextEdit]:
    kind = "$ref" if isinstance(node.data, dict) and "$ref" in node.data else "$unknown"
    raise Refuse(f"written as {{{kind}: ...}}: driftctl does not replace it with a literal", node)


def codify(drift: Drift, ctx: Context, doc: Doc) -> Outcome:
    entries = doc.root.get("resources")
    if entries is None or entries.kind != "seq":
        return human(drift, "the file has no resources list")
    if drift.kind == "unmanaged":
        return _declare(drift, ctx, doc, entries)
    entry = _entry(entries, drift.address)
    if entry is None:
        return human(drift, "its declaration was not found")
    declared_type = entry.data.get("type")
    if declared_type != drift.type:
        return human(
            drift,
            f"declared inside a {declared_type} (its attributes have another shape there)",
            where=doc.where(entry),
        )
    attrs = entry.get("attrs")
    if attrs is None or attrs.kind != "map":
        return human(drift, "the entry has no attrs mapping", where=doc.where(entry))
    editor = Editor(doc, is_function, _on_function)
    documents = Editor(doc, is_function, _on_function, loose=True)
    live = ctx.live.get((drift.type, drift.id or ""))
    edits: list[TextEdit] = []
    try:
        sets = TYPES[drift.type].sets if drift.type in TYPES else frozenset()
        whole = sorted({c.path for c in drift.changes if _whole(c, attrs, sets)})
        tops = sorted({_steps(p)[0] for p in whole})
        for top in tops:
            if live is None or top not in live.attrs:
                raise Refuse(f"the live {top} is not in this scan", attrs.get(top))
            node = attrs.get(top)
            if node is None:
                edits += editor.insert(attrs, [(top, live.attrs[top])])
            else:
                edits += documents.reconcile(node, live.attrs[top], sets=True)
        by_parent: dict[int, tuple[Node, dict[str, Any]]] = {}
        for change in drift.changes:
            if _steps(change.path)[0] in tops:
                continue
            edits += _one(editor, attrs, change, by_parent)
        for parent, wanted in by_parent.values():
            edits += editor.reconcile(parent, wanted)
    except Refuse as exc:
        where = doc.where(exc.node) if exc.node is not None else doc.where(entry)
        path = drift.changes[0].path if drift.changes else None
        return human(drift, exc.reason, path, where)
    return to_outcome(drift, doc, edits)


def _entry(entries: Node, address: str | None) -> Node | None:
    for i, item in enumerate(entries.items):
        if not isinstance(item.data, dict):
            continue
        if (item.data.get("name") or f"resources[{i}]") == address:
            return item
    return None


def _steps(path: str) -> list[str]:
    """The steps of a change's path; a map attribute's key is one step whatever it
    holds (tags.app.kubernetes.io/name is the tag `app.kubernetes.io/name`)."""
    head, dot, rest = path.partition(".")
    if dot and head in MAP_ATTRS:
        return [head, rest]
    return list(_STEP.findall(path))


def _whole(change: Change, attrs: Node, sets: frozenset[str]) -> bool:
    """Bring the whole attribute to the live value (set-wise): an item of a list (a
    security group rule) or a policy document changed."""
    steps = _steps(change.path)
    if steps[0] in MAP_ATTRS:
        return False  # a key of the map: edited, added or removed on its own
    if steps[0] in sets or any(s.startswith("[") and s != "[0]" for s in steps):
        return True
    node = attrs.get(steps[0])
    if node is not None and node.kind == "scalar" and isinstance(node.data, str):
        return node.data.strip()[:1] in ("{", "[")  # a JSON document in a string
    return node is not None and isinstance(node.data, dict) and "Statement" in node.data


def _one(
    editor: Editor,
    attrs: Node,
    change: Change,
    by_parent: dict[int, tuple[Node, dict[str, Any]]],
) -> list[TextEdit]:
    """Record change in the wanted value of the mapping that holds it; or insert the
    missing part of its path."""
    steps = _steps(change.path)
    if steps[0] not in MAP_ATTRS:
        steps = [s for s in steps if s != "[0]"]
    node = attrs
    for i, step in enumerate(steps):
        if node.kind == "seq" and len(node.items) == 1:
            node = node.items[0]  # a single nested block written as a one-item list
        if is_function(node):
            return _on_function(node, change.actual)
        if node.kind != "map":
            raise Refuse(f"{'.'.join(steps[:i])} is not a mapping", node)
        if i == len(steps) - 1:
            if change.actual is None and steps[0] not in MAP_ATTRS:
                raise Refuse("gone live: removing the attribute is a decision for a person", node)
            _, wanted = by_parent.setdefault(
                id(node), (node, {key_text(k): v for k, v in node.data.items()})
            )
            if change.actual is None:
                wanted.pop(step, None)
            else:
                wanted[step] = change.actual
            return []
        child = node.get(step)
        if child is None:
            if change.actual is None:
                return []
            return editor.insert(node, [(step, nest(steps[i + 1 :], change.actual))])
        node = child
    return []


def _declare(drift: Drift, ctx: Context, doc: Doc, entries: Node) -> Outcome:
    found = live_of(drift, ctx)
    if isinstance(found, Outcome):
        return found
    rid, live = found
    if drift.type not in TYPES:
        return human(drift, "its live attributes are not in this scan")
    compared = TYPES[drift.type].compared
    attrs = {
        k: v for k, v in sorted(live.attrs.items()) if k in compared and v not in (None, {}, [])
    }
    taken = {
        str(item.data.get("name") or f"resources[{i}]")
        for i, item in enumerate(entries.items)
        if isinstance(item.data, dict)
    }
    name = ctx.claim(f"dyaml:{doc.name}", lambda given: _name(rid, given), taken)
    entry: dict[str, Any] = {"type": drift.type, "name": name, "id": rid}
    if attrs:
        entry["attrs"] = attrs
    editor = Editor(doc, is_function, _on_function)
    try:
        edits = editor.collection(entries, [], [(None, entry)], [], styled=False)
    except Refuse as exc:
        return human(drift, exc.reason, where=doc.where(exc.node or entries))
    if len(entries.items) > 1:  # entries apart by a blank line: the new one too
        between = doc.text[entries.items[-2].end : entries.items[-1].start]
        if "\n\n" in between.replace(" ", "").replace("\r", ""):
            edits = [TextEdit(e.start, e.end, "\n" + e.text) for e in edits]
    return to_outcome(drift, doc, edits)


def _name(rid: str, taken: set[str]) -> str:
    base = _NAME_CHARS.sub("_", rid) or "imported"
    name, n = base, 2
    while name in taken:
        name, n = f"{base}_{n}", n + 1
    return name
