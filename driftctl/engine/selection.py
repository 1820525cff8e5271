"""Which resources and drifts a report covers: --filter, --only-managed/-unmanaged, --strict.

`--filter` takes a JMESPath expression, as snyk's driftctl does, evaluated on each
resource as `{"Type": ..., "Id": ..., "Attr": {...}}` (Attr: its attributes, Terraform's
names: `Attr.tags.Env`). A matched pair is kept when its live side passes, a missing
resource when its declaration passes, an unmanaged one when it passes: what the filter
drops is neither compared nor counted. (`jmespath` comes with boto3.)
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from driftctl.base.spec import ResourceType
from driftctl.core.model import KINDS, Report, Resource, to_plain
from driftctl.errors import DriftctlError


@dataclasses.dataclass(frozen=True)
class Selection:
    """Which resources a report covers and which kinds of drift it lists (settings.Settings'
    selection, made by parse_selection; defined here so that settings can parse it)."""

    filter: str | None = None  # --filter: a JMESPath expression over {Type, Id, Attr}
    kinds: tuple[str, ...] = KINDS  # --only-managed/-unmanaged
    strict: bool = False  # --strict: AWS's own resources (service-linked roles...) too
    # the types the run needs (None: every type): only the scans serving them run, and
    # the report covers the types those scans read (driftctl.engine.needs; the Python API's types)
    types: frozenset[str] | None = None


def parse_selection(
    filter_expr: str | None = None,
    only_managed: bool = False,
    only_unmanaged: bool = False,
    strict: bool = False,
    types: Collection[str] | None = None,  # the Python API's types (needs.py)
) -> Selection:
    if only_managed and only_unmanaged:
        raise DriftctlError(
            "--only-managed and --only-unmanaged exclude each other", "pass one of them"
        )
    resource_filter(filter_expr)  # a bad expression is an error before any work
    kinds: tuple[str, ...] = KINDS
    if only_managed:
        kinds = ("changed", "missing")
    elif only_unmanaged:
        kinds = ("unmanaged",)
    needed = check_types(types) if types is not None else None
    return Selection(filter_expr or None, kinds, strict, needed)


def check_types(types: Collection[str]) -> frozenset[str]:
    """The types, each one driftctl reads; else an error naming the first unknown one."""
    from driftctl.resources.registry import TYPES

    given = frozenset(types)
    for name in sorted(given):
        if name not in TYPES:
            raise DriftctlError(
                f"types: {name} is not a resource type driftctl reads",
                "docs/resource-types.md lists the types driftctl reads",
            )
    return given


def resource_filter(expression: str | None) -> Callable[[Resource], bool]:
    """A predicate on resources for a --filter expression (None: keep everything).

    A long expression (`Id=='a' || Id=='b' || ...` of thousands of terms, as a script may
    write) is as deep as it is long to JMESPath, which recurses: such one is compiled and
    evaluated on a big stack (util/deepstack.py); deeper than even that is an error."""
    if not expression:
        return lambda _: True
    import jmespath
    import jmespath.exceptions

    try:
        compiled = _deep(expression, lambda: jmespath.compile(expression))
    except jmespath.exceptions.JMESPathError as exc:
        raise DriftctlError(
            f"--filter {shown_filter(expression)}: not a JMESPath expression: {exc}",
            "e.g. --filter \"starts_with(Type, 'aws_s3_') && Id!='logs'\"",
        ) from exc
    _check_types(expression, compiled.parsed)
    deep = _depth(compiled.parsed) > _SHALLOW

    def keep(r: Resource) -> bool:
        doc = {"Type": r.type, "Id": r.id or "", "Attr": to_plain(r.attrs)}
        try:
            if deep:
                return bool(_deep(expression, lambda: compiled.search(doc)))
            return bool(compiled.search(doc))
        except jmespath.exceptions.JMESPathError as exc:
            raise DriftctlError(f"--filter {shown_filter(expression)}: {exc}") from exc

    return keep


_SHALLOW = 100  # AST levels JMESPath evaluates on the usual stack
T = TypeVar("T")


def _deep(expression: str, work: Callable[[], T]) -> T:
    from driftctl.util import deepstack

    try:
        return deepstack.run(work)
    except RecursionError:
        raise DriftctlError(
            f"--filter {shown_filter(expression)}: nested too deeply to evaluate "
            f"({len(expression):,} characters)",
            "split it, e.g. one --filter per type, or match a prefix with starts_with()",
        ) from None


def _depth(node: Any) -> int:
    """How deep a parsed JMESPath expression is (without recursing: it may be thousands)."""
    deepest, todo = 0, [(node, 1)]
    while todo:
        item, level = todo.pop()
        deepest = max(deepest, level)
        todo.extend(
            (child, level + 1) for child in item.get("children", ()) if isinstance(child, dict)
        )
    return deepest


def shown_filter(expression: str) -> str:
    """The expression as an error names it: a long one is cut."""
    return expression if len(expression) <= 80 else f"{expression[:77]}..."


def _check_types(expression: str, parsed: Any) -> None:
    """A filter comparing Type with a name no resource type has (`Type=='aws_s3_buckett'`)
    matches nothing: a typo, refused before the scan (a known type with no resources is
    fine, and matches nothing quietly)."""
    from driftctl.resources.registry import TYPES

    todo = [parsed]
    while todo:
        node = todo.pop()
        children = [c for c in node.get("children", ()) if isinstance(c, dict)]
        todo.extend(children)
        if len(children) != 2 or children[0] != {"type": "field", "children": [], "value": "Type"}:
            continue
        literal = children[1]
        name = literal.get("value") if literal.get("type") == "literal" else None
        if not isinstance(name, str):
            continue
        if node.get("type") == "comparator" and node.get("value") in ("eq", "ne"):
            known = name in TYPES
        elif node.get("type") == "function_expression" and node.get("value") == "starts_with":
            known = any(t.startswith(name) for t in TYPES)
        else:
            continue
        if not known:
            close = difflib.get_close_matches(name, sorted(TYPES), n=1)
            raise DriftctlError(
                f"--filter {shown_filter(expression)}: no resource type "
                f"{'starts with' if node.get('type') == 'function_expression' else 'is'} "
                f"{name!r}, so it would match nothing",
                f"did you mean {close[0]}?" if close else "docs/resource-types.md lists them",
            )


def filter_types(expression: str | None, types: Collection[str]) -> frozenset[str] | None:
    """The types among `types` whose resources a --filter can keep, when its expression
    proves it (None: it may keep any). Only what constrains `Type` by itself is read:
    `Type=='T'`, `Type!='T'`, starts_with/ends_with/contains(Type, '...'), joined by `&&`
    and `||`; anything else (a `!`, a pipe, Attr or Id) may keep any type, so a scan
    narrowed by this reads every type the filter can keep (docs/scan.md, "What a scan reads")."""
    if not expression:
        return None
    import jmespath

    return _kept_types(jmespath.compile(expression).parsed, frozenset(types))


def _kept_types(node: Mapping[str, Any], types: frozenset[str]) -> frozenset[str] | None:
    kind, children = node.get("type"), node.get("children") or []
    if kind in ("and_expression", "or_expression"):
        parts = [_kept_types(child, types) for child in children]
        if kind == "and_expression":  # truthy only where both are
            known = [p for p in parts if p is not None]
            return functools.reduce(frozenset.__and__, known) if known else None
        if any(p is None for p in parts):  # `||`: where either is
            return None
        return functools.reduce(frozenset.__or__, (p for p in parts if p is not None))
    text = _type_literal(children)
    if text is None:
        return None
    if kind == "comparator" and node.get("value") == "eq":
        return frozenset(t for t in types if t == text)
    if kind == "comparator" and node.get("value") == "ne":
        return frozenset(t for t in types if t != text)
    if kind == "function_expression" and children[0].get("type") == "field":
        test = _TYPE_TESTS.get(str(node.get("value")))
        return frozenset(t for t in types if test(t, text)) if test else None
    return None


# the string functions a filter may test Type with, as JMESPath defines them
_TYPE_TESTS: dict[str, Callable[[str, str], bool]] = {
    "starts_with": str.startswith,
    "ends_with": str.endswith,
    "contains": str.__contains__,
}


def _type_literal(children: list[Mapping[str, Any]]) -> str | None:
    """'T' of a node comparing the field Type with a string literal (in either order)."""
    if len(children) != 2:
        return None
    kinds = [str(c.get("type")) for c in children]
    if sorted(kinds) != ["field", "literal"]:
        return None
    field, literal = children if kinds[0] == "field" else children[::-1]
    if field.get("value") != "Type" or not isinstance(literal.get("value"), str):
        return None
    return str(literal["value"])


def strict_types(types: Mapping[str, ResourceType]) -> dict[str, ResourceType]:
    """--strict: no live resource is AWS's own (service-linked roles, default VPC and its
    subnets and groups are reported as unmanaged like any other)."""
    return {name: dataclasses.replace(t, is_aws_default=_never) for name, t in types.items()}


def _never(_: Resource) -> bool:
    return False


def only_kinds(report: Report, kinds: tuple[str, ...]) -> Report:
    """The report with only drifts of these kinds (--only-managed: changed and missing;
    --only-unmanaged: unmanaged); the other kinds' counts are 0, coverage is kept."""
    if set(kinds) >= set(KINDS):
        return report
    drifts = tuple(d for d in report.drifts if d.kind in kinds)
    summary: dict[str, Any] = {**report.summary}
    for kind in KINDS:
        if kind not in kinds:
            summary[kind] = 0
    return dataclasses.replace(report, summary=summary, drifts=drifts)
