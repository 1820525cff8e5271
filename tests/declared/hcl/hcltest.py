"""Helpers for the HCL evaluator's tests: write a configuration, load it, pick values."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from driftctl.base.raw import RawDeclared, RawResource
from driftctl.core.model import SourceRef
from driftctl.declared.hcl.load import load_hcl


def write(directory: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))


def load(directory: Path, files: dict[str, str], **kwargs: Any) -> RawDeclared:
    write(directory, files)
    return load_hcl(directory, **kwargs)


def resource(declared: RawDeclared, address: str) -> RawResource:
    matches = [r for r in declared.resources if r.address == address]
    assert len(matches) == 1, [r.address for r in declared.resources]
    return matches[0]


def evaluate(directory: Path, expression: str, preamble: str = "", **kwargs: Any) -> Any:
    """The value of expression as the attribute `v` of a resource."""
    text = f'{preamble}\nresource "null_thing" "t" {{\n  v = {expression}\n}}\n'
    (directory / "main.tf").write_text(text)
    return resource(load_hcl(directory, **kwargs), "null_thing.t").attrs["v"]


def spanned(directory: Path, ref: SourceRef) -> str:
    """The text of a file that a span covers."""
    assert ref.col is not None and ref.end_col is not None and ref.end_line is not None
    lines = (directory / ref.file).read_text().split("\n")
    if ref.line == ref.end_line:
        return lines[ref.line - 1][ref.col - 1 : ref.end_col - 1]
    middle = lines[ref.line : ref.end_line - 1]
    parts = [
        lines[ref.line - 1][ref.col - 1 :],
        *middle,
        lines[ref.end_line - 1][: ref.end_col - 1],
    ]
    return "\n".join(parts)
