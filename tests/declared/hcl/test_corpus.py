"""The corpus: realistic configurations under tests/corpus/, each evaluated by driftctl and
checked two ways.

1. Against expected.json, written by hand from Terraform's documented behaviour and
   reviewed value by value: the whole evaluated declaration (attributes, Unknowns, the
   provider of each resource, default_tags, warnings).
2. Differentially against tfparse (a Go build of Terraform's HCL evaluation, via
   defsec), when it is installed: every value both evaluators know must be equal.

Known tfparse defects are excluded by rule, never by case (each rule says which values
it removes and why):

- R1 unknowns: tfparse turns references it cannot resolve (resource attributes, data
  sources) into random UUIDs, and a null reached through a reference (an unset optional()
  attribute) into a `{"__attribute__": ..., "__name__": ...}` object; driftctl keeps the
  former Unknown. Values Unknown on our side, or a UUID or such an object on tfparse's
  side, are not compared.
- R2 dynamic blocks: tfparse drops all but the first instance of a `dynamic` block that is
  followed by a static block, and renders nested blocks with its own metadata. Block
  types that a `dynamic` block produces are compared only when tfparse gives as many
  instances as driftctl.
- R3 tfvars: tfparse does not auto-load terraform.tfvars and *.auto.tfvars; the test passes
  them explicitly, in Terraform's order.
- R4 templatefile: tfparse evaluates templatefile() to null (defsec does not implement
  it); attributes whose expression calls templatefile are not compared.
- R6 expansion over resources: tfparse declares no instance of a resource whose for_each
  or count refers to another resource (`for_each = aws_subnet.private`), where Terraform
  expands it by the other resource's keys; such resources are not compared.
- R5 shape: tfparse writes a single nested block as an object and adds `__tfmeta`, `id`
  and the meta-arguments (count, for_each, ...); blocks are compared as lists, its own
  keys ignored, and only the attributes driftctl declares are compared.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from driftctl.base.raw import RawDeclared, RawResource
from driftctl.core.model import Ref, Unknown, to_plain
from driftctl.declared.hcl.load import load_hcl
from tests.paths import CORPUS

CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "main.tf").is_file())

try:
    import tfparse
except ImportError:  # pragma: no cover - the test extra pins it
    tfparse = None


def test_the_corpus_has_at_least_fifteen_configurations() -> None:
    assert len(CASES) >= 15


def rendered(declared: RawDeclared) -> dict[str, Any]:
    return {
        "resources": {
            r.address: {"type": r.type, "provider": r.provider, "attrs": to_plain(r.attrs)}
            for r in declared.resources
        },
        "default_tags": declared.default_tags,
        "regions": declared.regions,
        "warnings": declared.warnings,
    }


@pytest.mark.parametrize("case", CASES)
def test_corpus_matches_its_expected_evaluation(case: str) -> None:
    expected = json.loads((CORPUS / case / "expected.json").read_text())
    assert rendered(load_hcl(CORPUS / case)) == expected


# ---------------------------------------------------------------------------- tfparse

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
TFPARSE_KEYS = {"__tfmeta", "id", "count", "for_each", "depends_on", "provider", "lifecycle"}


def tfparse_resources(directory: Path) -> dict[str, dict[str, Any]]:
    tfvars = ["terraform.tfvars"] if (directory / "terraform.tfvars").is_file() else []
    tfvars += sorted(p.name for p in directory.glob("*.auto.tfvars"))  # R3
    assert tfparse is not None
    parsed = tfparse.load_from_path(str(directory), vars_paths=tfvars)
    out: dict[str, dict[str, Any]] = {}
    for items in parsed.values():
        for item in items:
            meta = item.get("__tfmeta", {}) if isinstance(item, dict) else {}
            if meta.get("type") == "resource":
                out[meta["path"]] = item
    return out


def declared_text(directory: Path, resource: RawResource) -> str:
    """The text of the block that declares resource."""
    lines = (directory / resource.source.file).read_text().split("\n")
    return "\n".join(lines[resource.source.line - 1 : resource.source.end_line])


OVER_RESOURCE = re.compile(
    r"^\s*(?:for_each|count)\s*=.*\b(?:data\.)?[a-z0-9]+_[a-z0-9_]+\.[a-z_]", re.MULTILINE
)


def compare(ours: Any, theirs: Any, path: str, dynamic: set[str], out: list[str]) -> None:
    """Append a line for each value both know that differs."""
    if isinstance(ours, (Unknown, Ref)) or (isinstance(theirs, str) and UUID.search(theirs)):
        return  # R1
    if isinstance(theirs, dict) and "__attribute__" in theirs:
        return  # R1
    if isinstance(ours, dict):
        if not isinstance(theirs, dict):
            out.append(f"{path}: {ours!r} != {theirs!r}")
            return
        for key, value in ours.items():
            if key in theirs and key not in TFPARSE_KEYS:
                compare(value, theirs[key], f"{path}.{key}" if path else key, dynamic, out)
        return
    if isinstance(ours, list):
        items = (
            [theirs] if isinstance(theirs, dict) and ours and isinstance(ours[0], dict) else theirs
        )
        if not isinstance(items, list):
            out.append(f"{path}: {ours!r} != {theirs!r}")
            return
        if len(items) != len(ours):
            if path.split(".")[-1] not in dynamic:  # R2
                out.append(f"{path}: {len(ours)} elements != {len(items)}")
            return
        for i, (a, b) in enumerate(zip(ours, items, strict=True)):
            compare(a, b, f"{path}[{i}]", dynamic, out)
        return
    if (
        isinstance(ours, bool)
        or isinstance(theirs, bool)
        or not (isinstance(ours, (int, float)) and isinstance(theirs, (int, float)))
    ):
        if ours != theirs:
            out.append(f"{path}: {ours!r} != {theirs!r}")
    elif float(ours) != float(theirs):
        out.append(f"{path}: {ours!r} != {theirs!r}")


@pytest.mark.skipif(tfparse is None, reason="tfparse is not installed (pip install .[test])")
@pytest.mark.parametrize("case", CASES)
def test_corpus_agrees_with_tfparse(case: str) -> None:
    directory = CORPUS / case
    ours = load_hcl(directory)
    theirs = tfparse_resources(directory)
    expanded_over_resources = {
        r.address for r in ours.resources if OVER_RESOURCE.search(declared_text(directory, r))
    }  # R6
    assert sorted(theirs) == sorted(
        r.address for r in ours.resources if r.address not in expanded_over_resources
    )
    differences: list[str] = []
    compared = 0
    for resource in ours.resources:
        if resource.address in expanded_over_resources:
            continue
        text = declared_text(directory, resource)
        dynamic = set(re.findall(r'dynamic\s+"(\w+)"', text))
        templated = set(re.findall(r"^\s*(\w+)\s*=.*\btemplatefile\(", text, re.MULTILINE))  # R4
        attrs = {k: v for k, v in resource.attrs.items() if k not in templated}
        compare(attrs, theirs[resource.address], resource.address, dynamic, differences)
        compared += 1
    assert differences == []
    assert compared == len(ours.resources) - len(expanded_over_resources) > 0
