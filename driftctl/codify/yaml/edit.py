"""The smallest text edits that make a YAML or JSON value read as a wanted value.

`Editor.reconcile(node, wanted)` walks the node and the wanted value together and
touches only what differs: a changed scalar is rewritten in its own style, a mapping
loses or gains only the keys that went or came, a list only the items. A block entry is
removed with its lines, a new one is written on new lines after the last, indented like
it; in flow collections (and JSON) items are removed or added with their commas. Lists
compared as sets (IAM policies, security group rules) keep the items that stayed where
they are. A value written with a function (CloudFormation's `!Ref`, `!Sub`, ...) is
handed to the caller, which edits what it refers to or refuses.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from driftctl.codify.base import Edit, Outcome
from driftctl.codify.yaml.render import Renderer
from driftctl.codify.yaml.spans import Doc, Node, json_tree
from driftctl.core.model import Drift

_LINE = 100  # longer inline values go on lines of their own in block YAML
_ITEM_HEAD = re.compile(r"[ \t]*-[ \t]+")
# what may follow an item of a flow collection written one item per line: its comma, a
# comment, the line break
_ITEM_TAIL = re.compile(r"[ \t]*(,)?(?:[ \t]+#[^\r\n]*)?[ \t]*\r?\n")


@dataclasses.dataclass(frozen=True)
class TextEdit:
    start: int
    end: int
    text: str


@dataclasses.dataclass(frozen=True)
class _Lines:
    """The lines an item of a flow collection stands on: [start, stop), and where its
    comma is (None: it has none)."""

    start: int
    stop: int
    comma: int | None


class Refuse(Exception):
    """A value driftctl will not edit: why, and the node a person should look at."""

    def __init__(self, reason: str, node: Node | None = None) -> None:
        super().__init__(reason)
        self.reason, self.node = reason, node


Hook = Callable[[Node, Any], list[TextEdit]]


class Editor:
    def __init__(
        self,
        doc: Doc,
        is_function: Callable[[Node], bool],
        on_function: Hook,
        loose: bool = False,
    ) -> None:
        self.doc, self.text = doc, doc.text
        self.is_function, self.on_function = is_function, on_function
        self.loose = loose
        self.render = Renderer(doc, loose)

    # -- equality ----------------------------------------------------------------------

    def canon(self, value: Any, sets: bool) -> Any:
        if isinstance(value, dict):
            return {key_text(k): self.canon(v, sets) for k, v in value.items()}
        if isinstance(value, list):
            if self.loose and len(value) == 1 and not isinstance(value[0], (dict, list)):
                return self.canon(value[0], sets)
            items = [self.canon(v, sets) for v in value]
            return sorted(items, key=_key) if sets else items
        if isinstance(value, bool):
            return "true" if value else "false"
        return None if value is None else str(value)

    def same(self, a: Any, b: Any, sets: bool) -> bool:
        return bool(self.canon(a, sets) == self.canon(b, sets))

    # -- reconcile ---------------------------------------------------------------------

    def reconcile(
        self,
        node: Node,
        wanted: Any,
        sets: bool = False,
        identity: Callable[[Any], Any] | None = None,
    ) -> list[TextEdit]:
        """Edits that make node read as wanted. sets: lists are unordered; identity: how
        the items of this list (not deeper ones) are told apart (a tag by its Key)."""
        if self.same(node.data, wanted, sets):
            return []
        if node.tag == "*alias":
            raise Refuse("written once and used again through a YAML anchor and alias", node)
        if self.is_function(node):
            return self.on_function(node, wanted)
        if node.kind == "map" and isinstance(wanted, dict):
            return self._map(node, wanted, sets)
        if node.kind == "seq" and isinstance(wanted, list):
            return self._seq(node, wanted, sets, identity)
        if (
            node.kind == "scalar"
            and isinstance(wanted, (dict, list))
            and isinstance(node.data, str)
            and node.data.strip()[:1] in ("{", "[")
        ):  # a document written as a JSON string stays a JSON string
            inner = Renderer(dataclasses.replace(self.doc, json=True), self.loose)
            shaped = inner.shape(wanted, json_tree(node.data))  # keep its keys' order
            text = json.dumps(shaped, ensure_ascii=False)
            return [TextEdit(node.start, node.end, self.render.scalar(text, node))]
        return [self.replace(node, wanted)]

    def _map(self, node: Node, wanted: dict[str, Any], sets: bool) -> list[TextEdit]:
        nested: list[TextEdit] = []
        gone: list[int] = []
        have = set()
        for i, (k, v) in enumerate(node.pairs):
            # a key written `2024:` or `true:` is the wanted "2024" or "true": kept as it is
            name = next((n for n in (k.data, key_text(k.data)) if _has(wanted, n)), None)
            if name is None:
                gone.append(i)
            else:
                have.add(name)
                nested += self.reconcile(v, wanted[name], sets)
        added = [(k, v) for k, v in wanted.items() if k not in have]
        return self.collection(node, gone, added, nested)

    def _seq(
        self,
        node: Node,
        wanted: list[Any],
        sets: bool,
        identity: Callable[[Any], Any] | None,
    ) -> list[TextEdit]:
        items = node.items
        pairs: list[tuple[int, Any]] = []
        if not sets and identity is None:
            pairs = [(i, wanted[i]) for i in range(min(len(items), len(wanted)))]
            gone = list(range(len(wanted), len(items)))
            added = list(wanted[len(items) :])
        else:
            used: set[int] = set()
            rest: list[Any] = []
            for value in wanted:
                match = next(
                    (
                        i
                        for i, item in enumerate(items)
                        if i not in used and self.same(item.data, value, sets)
                    ),
                    None,
                )
                if match is None:
                    rest.append(value)
                else:
                    used.add(match)
            left = [i for i in range(len(items)) if i not in used]
            added = []
            for value in rest:
                partner = next(
                    (
                        i
                        for i in left
                        if (identity(items[i].data) == identity(value) if identity else True)
                    ),
                    None,
                )
                if partner is None:
                    added.append(value)
                else:
                    left.remove(partner)
                    pairs.append((partner, value))
            gone = left
            if identity is None:
                for i in gone:
                    if any(self.is_function(n) for n in items[i].walk()):
                        raise Refuse("removing it would drop a function", items[i])
        nested: list[TextEdit] = []
        for i, value in pairs:
            nested += self.reconcile(items[i], value, sets)
        return self.collection(node, sorted(gone), [(None, v) for v in added], nested)

    # -- whole values ------------------------------------------------------------------

    def replace(self, node: Node, wanted: Any) -> TextEdit:
        """node rewritten as wanted, in node's style."""
        shaped = self.render.shape(wanted, node)
        if self.doc.json:
            multiline = "\n" in self.text[node.start : node.end] or (
                node.kind == "scalar" and _long(shaped)
            )
            indent = self.doc.indent_of(node.start)
            return TextEdit(node.start, node.end, self.render.json_value(shaped, indent, multiline))
        in_flow = node.parent is not None and node.parent.flow
        if node.kind != "scalar" and not node.flow and isinstance(shaped, (dict, list)) and shaped:
            col = self.doc.col(node.start)
            return TextEdit(node.start, node.end, self.render.block(shaped, col, node))
        if node.kind == "scalar" and node.style in ("|", ">") and isinstance(shaped, str):
            return TextEdit(node.start, node.end, self.render.block_scalar(shaped, node))
        inline = self.render.inline(shaped, node, in_flow)
        too_long = self.doc.col(node.start) + len(inline) > _LINE
        if not in_flow and node.key is not None and (node.kind != "scalar" and not node.flow):
            return self._emptied(node, inline)
        if (
            too_long
            and not in_flow
            and node.key is not None
            and isinstance(shaped, (dict, list))
            and shaped
        ):
            # under the key's own column: on a `- key:` line that is not the dash's
            col = self.doc.col(node.key.start)
            return TextEdit(node.key.end, node.end, ":" + self.render.after_key(shaped, col, None))
        return TextEdit(node.start, node.end, inline)

    def _emptied(self, node: Node, inline: str) -> TextEdit:
        """A block collection that becomes a scalar or an empty collection: the value goes
        after `key:` and the collection's lines go, with their comments; a comment on the
        key's own line stays there."""
        assert node.key is not None
        key_line_end = self.doc.line_end(node.key.end)
        after_key = self.text[node.key.end : key_line_end]
        found = re.match(r"([ \t]*:)([ \t]*)(#[^\r\n]*)?(\r?\n)?\Z", after_key)
        tail = self.text[node.end : self.doc.line_end(node.end)].strip()
        if found is None or (tail and not tail.startswith("#")):
            raise Refuse("the collection to empty does not stand on lines of its own", node)
        colon, space, comment, newline = found.groups()
        end = self.doc.line_end(node.end)
        newline = (newline or "\n") if self.text[:end].endswith("\n") else ""
        line = colon + " " + inline + (space + comment if comment else "") + newline
        return TextEdit(node.key.end, end, line)

    # -- entries and items -------------------------------------------------------------

    def collection(
        self,
        node: Node,
        gone: Sequence[int],
        added: Sequence[tuple[str | None, Any]],
        nested: list[TextEdit],
        styled: bool = True,
    ) -> list[TextEdit]:
        """node with the entries/items at indexes gone removed and added appended; styled:
        new items take the form of the last one (else the default form)."""
        if not gone and not added:
            return nested
        count = len(node.pairs) if node.kind == "map" else len(node.items)
        if not count or (len(gone) == count and not added):
            wanted: Any = dict(added) if node.kind == "map" else [v for _, v in added]
            return [self.replace(node, wanted)]
        tmpl = node.items[-1] if styled and node.kind == "seq" and node.items else None
        if node.flow:
            return self._flow(node, gone, added, nested, tmpl)
        return self._block(node, gone, added, nested, tmpl)

    def _spans(self, node: Node) -> list[tuple[int, int]]:
        if node.kind == "map":
            return [(k.start, v.end) for k, v in node.pairs]
        return [(i.start, i.end) for i in node.items]

    def _flow(
        self,
        node: Node,
        gone: Sequence[int],
        added: Sequence[tuple[str | None, Any]],
        nested: list[TextEdit],
        tmpl: Node | None,
    ) -> list[TextEdit]:
        spans = self._spans(node)
        between = self.text[spans[0][1] : spans[1][0]] if len(spans) > 1 else ""
        multiline = "\n" in self.text[node.start : node.end]
        indent = self.doc.indent_of(spans[-1][0])
        new = [self._flow_entry(k, v, tmpl, indent, multiline) for k, v in added]
        lines = self._item_lines(spans) if multiline else None
        if lines is not None:  # one item (or more) per line: edit whole lines
            return [*nested, *self._flow_lines(spans, lines, gone, new)]
        if between.strip() != ",":
            between = (",\n" + self.doc.align(spans[0][0])) if multiline else ", "
        if gone and not self.doc.json:
            separators = [self.text[a[1] : b[0]] for a, b in itertools.pairwise(spans)]
            if any("#" in sep for sep in separators):
                raise Refuse("removing it would drop comments of the items that stay", node)
        if not gone:
            return [
                *nested,
                TextEdit(spans[-1][1], spans[-1][1], "".join(between + t for t in new)),
            ]
        kept = [
            _splice(self.text, start, end, nested)
            for i, (start, end) in enumerate(spans)
            if i not in gone
        ]
        lead = self.text[node.start : spans[0][0]]
        trail = self.text[spans[-1][1] : node.end]
        outside = [e for e in nested if e.end <= node.start or e.start >= node.end]
        return [*outside, TextEdit(node.start, node.end, lead + between.join(kept + new) + trail)]

    def _item_lines(self, spans: list[tuple[int, int]]) -> list[_Lines] | None:
        """Where each item of a multi-line flow collection stands, when every one stands
        on lines of its own: nothing but spaces before it, and after it only its comma
        and a comment on its last line. None otherwise."""
        out = []
        for start, end in spans:
            tail = _ITEM_TAIL.match(self.text, end)
            if self.text[self.doc.line_start(start) : start].strip() or tail is None:
                return None
            comma = tail.start(1) if tail.group(1) else None
            out.append(_Lines(self.doc.line_start(start), tail.end(), comma))
        return out

    def _flow_lines(
        self,
        spans: list[tuple[int, int]],
        lines: list[_Lines],
        gone: Sequence[int],
        new: list[str],
    ) -> list[TextEdit]:
        """A multi-line flow collection's items removed with their lines (and comments)
        and new ones added as lines after the last; commas moved so that the last item
        has none (JSON allows no trailing comma)."""
        edits = [TextEdit(lines[i].start, lines[i].stop, "") for i in gone]
        kept = [i for i in range(len(spans)) if i not in gone]
        last = kept[-1] if kept else None
        comma = lines[last].comma if last is not None else None
        if new:
            if last is not None and comma is None:
                edits.append(TextEdit(spans[last][1], spans[last][1], ","))
            pad = self.doc.align(spans[last if last is not None else -1][0])
            block = ",\n".join(pad + t for t in new) + "\n"
            edits.append(TextEdit(lines[-1].stop, lines[-1].stop, block))
        elif last is not None and last < len(spans) - 1 and comma is not None:
            edits.append(TextEdit(comma, comma + 1, ""))  # the last item now: no comma
        return edits

    def _flow_entry(
        self, key: str | None, value: Any, tmpl: Node | None, indent: int, multiline: bool
    ) -> str:
        shaped = self.render.shape(value, tmpl)
        if self.doc.json:
            many = multiline and (
                tmpl is None or "\n" in self.text[tmpl.start : tmpl.end] or key is not None
            )
            text = self.render.json_value(shaped, indent, many)
            return text if key is None else f"{json.dumps(key)}: {text}"
        text = self.render.inline(shaped, tmpl, True)
        return text if key is None else f"{self.render.scalar(key, None, True)}: {text}"

    def _block(
        self,
        node: Node,
        gone: Sequence[int],
        added: Sequence[tuple[str | None, Any]],
        nested: list[TextEdit],
        tmpl: Node | None,
    ) -> list[TextEdit]:
        edits = list(nested)
        spans = self._spans(node)
        for i in gone:
            start, end = spans[i]
            head = self.text[self.doc.line_start(start) : start]
            tail = self.text[end : self.doc.line_end(end)].strip()
            elem = node.items[i] if node.kind == "seq" else node.pairs[i][0]
            ok_head = head.strip() == "" if node.kind == "map" else _ITEM_HEAD.fullmatch(head)
            if not ok_head or (tail and not tail.startswith("#")):
                raise Refuse("the entry to remove does not stand on lines of its own", elem)
            edits.append(TextEdit(self.doc.line_start(start), self.doc.line_end(end), ""))
        if added:
            last_start, last_end = spans[-1]
            at = self.doc.line_end(last_end)
            prefix = "" if self.text[:at].endswith("\n") else "\n"
            if node.kind == "seq":
                head = self.text[self.doc.line_start(last_start) : last_start]
                if "-" not in head:  # `-` alone on a line, the item below it
                    raise Refuse("the last item does not start on its dash's line", node.items[-1])
                # the dash of this sequence: the one just before its last item (on a
                # `- - c` line the first dash is the outer sequence's)
                dash = self.doc.line_start(last_start) + head.rindex("-")
                col = self.doc.col(dash)
                lines = [self._block_item(v, col, tmpl) for _, v in added]
            else:
                col = self.doc.col(last_start)
                lines = [
                    self.render.scalar(k, None) + ":" + self.render.after_key(v, col, None)
                    for k, v in added
                ]
            text = "".join(" " * col + line + "\n" for line in lines)
            edits.append(TextEdit(at, at, prefix + text))
        return edits

    def _block_item(self, value: Any, col: int, tmpl: Node | None) -> str:
        shaped = self.render.shape(value, tmpl)
        if isinstance(shaped, (dict, list)) and shaped and not (tmpl is not None and tmpl.flow):
            return "- " + self.render.block(shaped, col + 2, tmpl)
        return "- " + self.render.inline(shaped, tmpl)

    def insert(self, node: Node, entries: Sequence[tuple[str, Any]]) -> list[TextEdit]:
        """New keys appended to mapping node."""
        return self.collection(node, [], list(entries), [])


def _splice(text: str, start: int, end: int, edits: Sequence[TextEdit]) -> str:
    out, at = [], start
    for e in sorted((e for e in edits if start <= e.start and e.end <= end), key=_edit_key):
        out += [text[at : e.start], e.text]
        at = e.end
    out.append(text[at:end])
    return "".join(out)


def _edit_key(e: TextEdit) -> tuple[int, int, str]:
    return (e.start, e.end, e.text)


def key_text(key: Any) -> str:
    """A mapping key as the string it stands for (`2024:` is "2024", `true:` "true")."""
    if isinstance(key, bool):
        return "true" if key else "false"
    return "null" if key is None else str(key)


def _has(mapping: dict[Any, Any], key: Any) -> bool:
    """key is in mapping, as the same type (True is not 1)."""
    return any(k == key and type(k) is type(key) for k in mapping)


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _long(value: Any) -> bool:
    return isinstance(value, (dict, list)) and len(json.dumps(value)) > _LINE


def to_outcome(drift: Drift, doc: Doc, edits: Sequence[TextEdit]) -> Outcome:
    """The Outcome of a drift's text edits, as line/column Edits of doc's file."""
    out: list[Edit] = []
    writes: list[tuple[tuple[str, int, int, int, int], str]] = []
    seen: set[tuple[int, int, str]] = set()
    for e in sorted(edits, key=lambda e: (e.start, e.end, e.text)):
        if (e.start, e.end, e.text) in seen:
            continue
        seen.add((e.start, e.end, e.text))
        edit = Edit(
            doc.name,
            doc.line(e.start),
            doc.col(e.start) + 1,
            doc.line(e.end),
            doc.col(e.end) + 1,
            e.text,
        )
        out.append(edit)
        if e.start != e.end:  # an insertion adds text and replaces no value anyone reads
            writes.append((edit.span, f"{drift.type}|{drift.address}|{doc.name}@{e.start}"))
    return Outcome(tuple(out), None, tuple(writes))


def nest(path: Sequence[str], value: Any) -> Any:
    """{a: {b: value}} for path (a, b)."""
    for key in reversed(path):
        value = {key: value}
    return value
