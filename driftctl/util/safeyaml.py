"""Every YAML driftctl reads goes through here: a safe loader with bounds.

PyYAML shares the node of an anchor wherever an alias names it, so a few hundred bytes of
nested aliases (a "billion laughs" YAML bomb) compose and construct in no time; it is
whatever walks the result afterwards (a schema check, a normalizer, `json.dumps`) that
expands it into billions of values and exhausts memory. So while composing, the loader
counts the nodes each alias stands for (the size of the anchored tree), and refuses a
file whose aliases stand for more than MAX_ALIAS_NODES nodes in all. It also refuses
nesting deeper than MAX_DEPTH (counting what aliases stand for, so deep nesting cannot be
smuggled in through them), recursive aliases (a structure that contains itself), and —
unless the caller checks them itself — duplicate mapping keys, where YAML would silently
keep only the last one.

Each refusal is a `LimitError` (a `yaml.MarkedYAMLError`) that `yaml_error` turns into
`FILE:LINE: what` with a hint.
"""

from __future__ import annotations

from typing import Any

import yaml

from driftctl.errors import DriftctlError

MAX_DEPTH = 100  # levels of nested mappings and lists; real files stay below 30
MAX_ALIAS_NODES = 100_000  # nodes that aliases stand for, in one file


class LimitError(yaml.MarkedYAMLError):
    """A file that parses but that driftctl refuses to read: the problem and its line."""

    def __init__(self, problem: str, mark: Any, hint: str) -> None:
        super().__init__(problem=problem, problem_mark=mark)
        self.hint = hint


def _limits(base: type[Any], duplicates: bool) -> type[Any]:
    """base (a PyYAML loader class) with the checks of this module while composing."""

    class Checked(base):  # type: ignore[misc]
        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self._depth = 0
            self._aliased = 0
            # id(node) -> (nodes it stands for, its height), for the current document
            self._measure: dict[int, tuple[int, int]] = {}

        def compose_document(self) -> Any:
            self._measure = {}
            return super().compose_document()

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                self._alias(self.peek_event())
                return super().compose_node(parent, index)
            self._depth += 1
            if self._depth > MAX_DEPTH:
                raise LimitError(
                    f"YAML nested deeper than {MAX_DEPTH} levels",
                    self.peek_event().start_mark,
                    "flatten the structure; driftctl refuses deeper nesting",
                )
            try:
                node = super().compose_node(parent, index)
            finally:
                self._depth -= 1
            children: list[Any] = []
            if isinstance(node, yaml.SequenceNode):
                children = node.value
            elif isinstance(node, yaml.MappingNode):
                children = [n for pair in node.value for n in pair]
                if duplicates:
                    _check_duplicates(node)
            measured = [self._measure[id(c)] for c in children]
            self._measure[id(node)] = (
                1 + sum(size for size, _ in measured),
                1 + max((height for _, height in measured), default=0),
            )
            return node

        def _alias(self, event: Any) -> None:
            target = self.anchors.get(event.anchor)
            if target is None:
                return  # PyYAML's own error: undefined alias
            measured = self._measure.get(id(target))
            if measured is None:  # its anchor is still open: the alias is inside it
                raise LimitError(
                    f"recursive YAML alias *{event.anchor} (a structure that contains itself)",
                    event.start_mark,
                    "replace the alias with the value it should have",
                )
            size, height = measured
            self._aliased += size
            if self._aliased > MAX_ALIAS_NODES:
                raise LimitError(
                    "too many YAML aliases (a YAML bomb?): they stand for more than "
                    f"{MAX_ALIAS_NODES:,} values",
                    event.start_mark,
                    "write the values out, or use fewer aliases",
                )
            if self._depth + height > MAX_DEPTH:
                raise LimitError(
                    f"YAML nested deeper than {MAX_DEPTH} levels (through alias *{event.anchor})",
                    event.start_mark,
                    "flatten the structure; driftctl refuses deeper nesting",
                )

    Checked.__name__ = Checked.__qualname__ = f"Checked{base.__name__}"
    return Checked


_CHECKED: dict[tuple[type[Any], bool], type[Any]] = {}


def _checked(base: type[Any], duplicates: bool) -> type[Any]:
    key = (base, duplicates)
    if key not in _CHECKED:
        _CHECKED[key] = _limits(base, duplicates)
    return _CHECKED[key]


def _check_duplicates(node: yaml.MappingNode) -> None:
    seen: dict[tuple[str, str], Any] = {}
    for key, _ in node.value:
        if not isinstance(key, yaml.ScalarNode) or key.tag == "tag:yaml.org,2002:merge":
            continue
        first = seen.setdefault((key.tag, key.value), key)
        if first is not key:
            raise LimitError(
                f"duplicate key '{key.value}' (first at line {first.start_mark.line + 1})",
                key.start_mark,
                "remove or rename one of them: YAML would silently keep only the last",
            )


def documents(
    text: str, loader: type[Any] = yaml.SafeLoader, *, duplicates: bool = True
) -> list[tuple[Any, Any]]:
    """(node, data) of each document of text, read with loader and the checks above.

    Raises yaml.YAMLError (LimitError for a refused file); `yaml_error` words it."""
    instance = _checked(loader, duplicates)(text)
    try:
        out = []
        while instance.check_node():
            node = instance.get_node()
            out.append((node, instance.construct_document(node)))
        return out
    finally:
        instance.dispose()


def nodes(text: str, loader: type[Any] = yaml.SafeLoader, *, duplicates: bool = True) -> list[Any]:
    """The root node of each document of text (yaml.compose_all with the checks above)."""
    instance = _checked(loader, duplicates)(text)
    try:
        out = []
        while instance.check_node():
            out.append(instance.get_node())
        return out
    finally:
        instance.dispose()


def single(
    text: str, loader: type[Any] = yaml.SafeLoader, *, duplicates: bool = True
) -> tuple[Any, Any]:
    """(node, data) of a file that holds one document; (None, None) when it is empty."""
    instance = _checked(loader, duplicates)(text)
    try:
        node = instance.get_single_node()
        return node, (None if node is None else instance.construct_document(node))
    finally:
        instance.dispose()


def load(text: str, loader: type[Any] = yaml.SafeLoader, *, duplicates: bool = True) -> Any:
    """The data of a one-document YAML text (yaml.safe_load with the checks above)."""
    return single(text, loader, duplicates=duplicates)[1]


def load_all(text: str, loader: type[Any] = yaml.SafeLoader) -> list[Any]:
    return [data for _, data in documents(text, loader)]


def yaml_error(name: str, text: str, exc: yaml.YAMLError) -> DriftctlError:
    """`FILE:LINE: what` for a YAML file that cannot be read (or is refused)."""
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = max(1, min(mark.line + 1, len(text.splitlines()) or 1)) if mark else 1
        if isinstance(exc, LimitError):
            return DriftctlError(f"{name}:{line}: {exc.problem}", exc.hint)
        what = exc.problem or exc.context or "cannot parse"
        return DriftctlError(f"{name}:{line}: invalid YAML: {what}")
    return DriftctlError(f"{name}:1: invalid YAML: {exc}")
