"""A new CloudFormation resource for an unmanaged one, added to the template's Resources.

CloudFormation does not adopt a resource because a template names it: it has to be
brought into the stack with a resource import (an IMPORT change set), which requires a
DeletionPolicy on every imported resource. The declaration gets `DeletionPolicy: Retain`
and a comment saying so (JSON has no comments: a Metadata note instead). Its properties
are the live attributes, mapped back the way the type's CfnType maps them forward
(`CfnType.imports`, in the type's module).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from driftctl.codify.base import Context, Outcome, human, live_of, wrap_words
from driftctl.codify.yaml.edit import Editor, Refuse, TextEdit, to_outcome
from driftctl.codify.yaml.spans import Doc
from driftctl.core.model import Drift
from driftctl.resources.registry import CFN_TYPES

NOTE = (
    "Imported by driftctl from live AWS ({id}). CloudFormation does not adopt it by "
    "itself: bring it into the stack with a resource import (an IMPORT change set). "
    "DeletionPolicy Retain keeps it if it is removed from the stack again."
)


def declare(drift: Drift, ctx: Context, doc: Doc) -> Outcome:
    found = live_of(drift, ctx)
    if isinstance(found, Outcome):
        return found
    rid, live = found
    found_type = _declaring(drift.type)
    if found_type is None:
        return human(drift, f"driftctl cannot declare a {drift.type} in CloudFormation yet")
    resources = doc.root.get("Resources")
    if resources is None or resources.kind != "map" or not resources.pairs:
        return human(drift, "the template has no Resources mapping to add it to")
    cfn_type, props_of = found_type
    props = {k: v for k, v in props_of(live.attrs).items() if v is not None}
    logical = ctx.claim(
        f"cfn:{doc.name}",
        lambda taken: logical_id(rid, taken),
        (str(k.data) for k, _ in resources.pairs),
    )
    note = NOTE.format(id=drift.id)
    body: dict[str, Any] = {"Type": cfn_type, "DeletionPolicy": "Retain", "Properties": props}
    editor = Editor(doc, lambda n: False, lambda n, w: [])
    if doc.json or resources.flow:
        body = {"Type": cfn_type, "DeletionPolicy": "Retain", "Metadata": {"driftctl": note}}
        body["Properties"] = props
        try:
            return to_outcome(drift, doc, editor.insert(resources, [(logical, body)]))
        except Refuse as exc:
            return human(drift, exc.reason, where=doc.where(exc.node or resources))
    last_key, last_value = resources.pairs[-1]
    col = doc.col(last_key.start)
    at = doc.line_end(last_value.end)
    gap = "\n" if _blank_between(doc, resources) else ""
    prefix = "" if doc.text[:at].endswith("\n") else "\n"
    comment = "".join(f"{' ' * col}# {line}\n" for line in wrap_words(note, 88 - col))
    entry = " " * col + logical + ":" + editor.render.after_key(body, col, None) + "\n"
    return to_outcome(drift, doc, [TextEdit(at, at, prefix + gap + comment + entry)])


def _declaring(rtype: str) -> tuple[str, Callable[[dict[str, Any]], dict[str, Any]]] | None:
    """The CloudFormation type that declares rtype, and its properties from live attrs."""
    for cfn in CFN_TYPES.values():
        if rtype in cfn.imports:
            return cfn.name, cfn.imports[rtype]
    return None


def logical_id(rid: str, taken: set[str]) -> str:
    """A logical id from a live id: `acme-scratch` -> AcmeScratch, unique among taken."""
    words = [w for w in re.split(r"[^A-Za-z0-9]+", rid) if w]
    base = "".join(w[:1].upper() + w[1:] for w in words) or "Imported"
    if not base[0].isalpha():
        base = "Imported" + base
    name, n = base, 2
    while name in taken:
        name, n = f"{base}{n}", n + 1
    return name


def _blank_between(doc: Doc, resources: Any) -> bool:
    """Whether the template separates its resources with blank lines."""
    if len(resources.pairs) < 2:
        return False
    between = doc.text[resources.pairs[-2][1].end : resources.pairs[-1][0].start]
    return "\n\n" in between.replace(" ", "").replace("\r", "")
