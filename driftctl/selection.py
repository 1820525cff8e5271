"""Which resources and drifts a report covers: --filter, --only-managed/-unmanaged, --strict.

`--filter` takes a JMESPath expression, as snyk's driftctl does, evaluated on each
resource as `{"Type": ..., "Id": ..., "Attr": {...}}` (Attr: its attributes, Terraform's
names: `Attr.tags.Env`). A matched pair is kept when its live side passes, a missing
resource when its declaration passes, an unmanaged one when it passes: what the filter
drops is neither compared nor counted. (`jmespath` comes with boto3.)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from driftctl.errors import DriftctlError
from driftctl.model import KINDS, Report, Resource, to_plain
from driftctl.resources.spec import ResourceType
from driftctl.settings import Selection


def parse_selection(
    filter_expr: str | None = None,
    only_managed: bool = False,
    only_unmanaged: bool = False,
    strict: bool = False,
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
    return Selection(filter_expr or None, kinds, strict)


def resource_filter(expression: str | None) -> Callable[[Resource], bool]:
    """A predicate on resources for a --filter expression (None: keep everything)."""
    if not expression:
        return lambda _: True
    import jmespath
    import jmespath.exceptions

    try:
        compiled = jmespath.compile(expression)
    except jmespath.exceptions.JMESPathError as exc:
        raise DriftctlError(
            f"--filter {expression}: not a JMESPath expression: {exc}",
            "e.g. --filter \"starts_with(Type, 'aws_s3_') && Id!='logs'\"",
        ) from exc

    def keep(r: Resource) -> bool:
        doc = {"Type": r.type, "Id": r.id or "", "Attr": to_plain(r.attrs)}
        try:
            return bool(compiled.search(doc))
        except jmespath.exceptions.JMESPathError as exc:
            raise DriftctlError(f"--filter {expression}: {exc}") from exc

    return keep


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
