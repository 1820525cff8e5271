"""Block bodies: attributes evaluated, nested (and dynamic) blocks as lists of dicts,
and the provenance of each value (the span of the literal that wrote it, hcl_provenance)."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any

from driftctl.core.model import SourceRef, Unknown
from driftctl.declared.binding import Binding
from driftctl.declared.hcl.lang.eval import Evaluator, HclEvalError, Origin
from driftctl.declared.hcl.lang.limits import EvalLimitError, LimitExceeded, count_iterations
from driftctl.declared.hcl.lang.nodes import Attribute, Block, Body, Node, static_traversal
from driftctl.declared.hcl.lang.ops import iterate
from driftctl.declared.hcl.lang.types import is_null
from driftctl.declared.hcl.lang.values import EvalFailure, as_unknown, is_pending, mark_if, unmark
from driftctl.declared.hcl.provenance import record


@dataclasses.dataclass
class BodyValue:
    attrs: dict[str, Any]
    provenance: dict[str, SourceRef]
    # top-level attribute or block -> the bound live values it read (declared.binding)
    bound: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)


class BodyEvaluator:
    """Evaluates the body of a resource, provider or nested block with an Evaluator."""

    def __init__(
        self, evaluator: Evaluator, provenance: bool = True, binding: Binding | None = None
    ) -> None:
        self.evaluator = evaluator
        self.file = evaluator.frame.file
        self.provenance = provenance  # record where each value is written (for `pr`)
        self.binding = binding or Binding()

    def _where(self, node: Node) -> str:
        return f"{self.file}:{node.line}"

    def eval_body(self, body: Body, skip: Collection[str] = (), prefix: str = "") -> BodyValue:
        """A block body: attributes evaluated, nested blocks as lists of dicts."""
        out = BodyValue({}, {})
        for item in body.items:
            if not self.binding.active or prefix:
                self._item(item, skip, prefix, out)
                continue
            with self.binding.recording() as reads:
                self._item(item, skip, prefix, out)
            if reads:  # the bound values this top-level attribute or block read
                out.bound.setdefault(_top_name(item), {}).update(reads)
        return out

    def _item(
        self, item: Attribute | Block, skip: Collection[str], prefix: str, out: BodyValue
    ) -> None:
        if type(item) is Attribute:
            self._body_attribute(item, skip, prefix, out)
        else:
            self._body_block(item, skip, prefix, out)

    def _body_attribute(
        self, item: Attribute, skip: Collection[str], prefix: str, out: BodyValue
    ) -> None:
        name = item.name
        if name in skip:
            return
        if name in out.attrs:
            raise HclEvalError(f"{self._where(item)}: attribute {name!r} is set more than once")
        value_node = item.expr
        value = self.evaluator.evaluate(value_node)
        out.attrs[name] = value
        if self.provenance:
            record(out.provenance, prefix + name, self.evaluator, value_node, value)

    def _body_block(self, item: Block, skip: Collection[str], prefix: str, out: BodyValue) -> None:
        kind, labels, body = item.type, item.labels, item.body
        if kind in skip:
            return
        if kind == "dynamic" and labels:
            self._dynamic(item, labels[0], body, prefix, out)
            return
        blocks = _block_list(out, kind, self._where(item))
        if blocks is not None:
            inner = self.eval_body(body, (), f"{prefix}{kind}[{len(blocks)}].")
            blocks.append(inner.attrs)
            out.provenance.update(inner.provenance)

    def _dynamic(self, item: Block, label: str, body: Body, prefix: str, out: BodyValue) -> None:
        attrs = {name: a.expr for name, a in body.attributes().items()}
        contents = [b.body for b in body.blocks() if b.type == "content"]
        if "for_each" not in attrs or len(contents) != 1:
            raise HclEvalError(f"{self._where(item)}: a dynamic block needs for_each and content")
        iterator = static_traversal(attrs["iterator"]) if "iterator" in attrs else [label]
        if iterator is None or len(iterator) != 1:
            raise HclEvalError(f"{self._where(item)}: iterator must be a plain name")
        # a sensitive collection makes every block it generates sensitive
        collection, marked = unmark(self.evaluator.evaluate(attrs["for_each"]))
        if is_pending(collection):
            out.attrs[label] = as_unknown(collection)
            return
        if is_null(collection):
            raise HclEvalError(f"{self._where(item)}: dynamic {label}: for_each must not be null")
        blocks = _block_list(out, label, self._where(item))
        if blocks is None:
            return
        try:
            pairs = iterate(collection)
            count_iterations(len(pairs))
        except EvalFailure as exc:
            raise HclEvalError(f"{self._where(item)}: dynamic {label}: {exc}") from None
        except LimitExceeded as exc:
            raise EvalLimitError(f"{self._where(item)}: dynamic {label}: {exc}") from None
        origin = Origin(self.file, attrs["for_each"], self.evaluator)
        for key, value in pairs:
            names = {iterator[0]: {"key": key, "value": value}}
            origins = {iterator[0]: (origin, key)}
            child = BodyEvaluator(self.evaluator.with_names(names, origins), self.provenance)
            inner = child.eval_body(contents[0], (), f"{prefix}{label}[{len(blocks)}].")
            blocks.append(mark_if(marked, inner.attrs))
            out.provenance.update(inner.provenance)


def _block_list(out: BodyValue, kind: str, where: str) -> list[Any] | None:
    """The list nested `kind` blocks go into; None when a dynamic block made it unknown."""
    existing = out.attrs.setdefault(kind, [])
    if isinstance(existing, Unknown):
        return None
    if not isinstance(existing, list):
        raise HclEvalError(f"{where}: {kind} is set both as an attribute and as a block")
    return existing


def _top_name(item: Attribute | Block) -> str:
    """The attribute's name, or the block's type (a dynamic block's: its label)."""
    if type(item) is Attribute:
        return item.name
    return item.labels[0] if item.type == "dynamic" and item.labels else item.type
