"""Which patches of a kustomization apply to an object, and whether one sets a field.

Decided from the patches as data, the way kustomize applies them: a strategic-merge patch
without a target applies to the object of its kind and name (the name in the base, or the
rendered one); a `target` selects by group, version, kind, name and namespace (anchored
regular expressions, as kustomize reads them) and simple `k=v` label and annotation
selectors. A selector driftctl cannot evaluate counts as matching: a patch that may set
the field is never ignored. A strategic-merge patch sets a map key it writes, and a whole
list it writes (lists of a custom resource have no merge key: the patch replaces them);
a JSON 6902 operation touches the path it names and everything below it.
"""

from __future__ import annotations

import re
from typing import Any

from driftctl.codify.kustomize.tree import Built, Patch

# a field: how it is written (scalar, map, tag_list), its steps from the object's root,
# and the map or tag key it names (None for a scalar)
Field = tuple[str, tuple[str, ...], str | None]


def applying(patch: Patch, obj: Built, names: set[str]) -> list[tuple[int, Any]]:
    """(index, document) of the patch's strategic-merge documents that apply to obj; for
    JSON 6902, [(0, ops)] when its target selects obj."""
    if patch.json:
        ops = patch.docs[0] if patch.docs and isinstance(patch.docs[0], list) else []
        return [(0, ops)] if patch.target is not None and selects(patch.target, obj, names) else []
    if patch.target is not None:
        if not selects(patch.target, obj, names):
            return []
        return [(i, d) for i, d in enumerate(patch.docs) if isinstance(d, dict)]
    return [
        (i, d) for i, d in enumerate(patch.docs) if isinstance(d, dict) and _names(d, obj, names)
    ]


def _names(doc: dict[str, Any], obj: Built, names: set[str]) -> bool:
    meta = doc.get("metadata")
    name = meta.get("name") if isinstance(meta, dict) else None
    if doc.get("kind") != obj.kind or name not in names:
        return False
    version = doc.get("apiVersion")
    return not isinstance(version, str) or version.rpartition("/")[0] == obj.group


def selects(target: dict[str, Any], obj: Built, names: set[str]) -> bool:
    checks: list[tuple[str, set[str]]] = [
        ("group", {obj.group}),
        ("version", {obj.version}),
        ("kind", {obj.kind}),
        ("name", names),
        ("namespace", {obj.namespace or ""}),
    ]
    for key, values in checks:
        pattern = target.get(key)
        if pattern is not None and not any(_full(str(pattern), v) for v in values):
            return False
    for key, have in (("labelSelector", obj.labels), ("annotationSelector", obj.annotations)):
        selector = target.get(key)
        if isinstance(selector, str) and _selector(selector, have) is False:
            return False
    return True


def _full(pattern: str, value: str) -> bool:
    try:
        return re.fullmatch(pattern, value) is not None
    except re.error:
        return pattern == value


def _selector(selector: str, have: dict[str, str]) -> bool | None:
    """A `k=v,k2!=v2` selector against labels; None when it is more than that."""
    result = True
    for part in selector.split(","):
        found = re.fullmatch(r"\s*([\w./-]+)\s*(==|=|!=)\s*([\w./-]*)\s*", part)
        if found is None:
            return None
        key, op, value = found.groups()
        equal = have.get(key) == value
        result = result and (equal if op != "!=" else not equal)
    return result


def dig(data: Any, steps: tuple[str, ...]) -> tuple[bool, Any]:
    """The value at steps (a one-item list stepped through), and whether it is there."""
    for step in steps:
        if isinstance(data, list) and len(data) == 1:
            data = data[0]
        if not isinstance(data, dict) or step not in data:
            return False, None
        data = data[step]
    return True, data


def sets(doc: Any, field: Field, patch: bool = True) -> bool:
    """Whether a strategic-merge document (patch) or the base manifest writes the field: a
    patch that writes a tag list replaces it whole, a manifest writes the tags it lists."""
    how, steps, key = field
    found, value = dig(doc, steps)
    if not found:
        return False
    if how == "map" and isinstance(value, dict):
        return key in value or value.get("$patch") == "replace"
    if how == "tag_list" and not patch and isinstance(value, list):
        return any(isinstance(item, dict) and item.get("key") == key for item in value)
    return True


def directive(doc: Any, steps: tuple[str, ...]) -> bool:
    """Whether a `$patch`-style directive stands on the way to the field."""
    data = doc
    for step in (*steps, None):
        if isinstance(data, list) and len(data) == 1:
            data = data[0]
        if not isinstance(data, dict):
            return False
        if any(str(k).startswith("$") for k in data):
            return True
        if step is None or step not in data:
            return False
        data = data[step]
    return False


def touches(ops: Any, field: Field) -> bool:
    """Whether a JSON 6902 operation writes (or removes) the field."""
    how, steps, key = field
    whole = list(steps) + ([key] if how == "map" and key is not None else [])
    for op in ops if isinstance(ops, list) else ():
        if not isinstance(op, dict) or op.get("op") == "test":
            continue
        paths = [op.get("path")]
        if op.get("op") == "move":
            paths.append(op.get("from"))
        for raw in paths:
            if not isinstance(raw, str):
                continue
            at = pointer(raw)
            if how == "tag_list" and at[: len(steps)] == list(steps):
                rest = at[len(steps) :]
                value = op.get("value")
                if len(rest) == 1 and op.get("op") == "add" and isinstance(value, dict):
                    if value.get("key") == key:
                        return True
                    continue
                return True
            plain = [p for p in at if p != "0"]
            if plain == whole[: len(plain)] or whole == plain[: len(whole)]:
                return True
    return False


def pointer(raw: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in raw.split("/")[1:]]
