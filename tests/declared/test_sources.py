"""`--from`: schemes, bare paths told by their content, and which state goes with which HCL."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from driftctl.declared.sources import state_pairs
from driftctl.errors import DriftctlError
from driftctl.settings import Source, parse_formats, parse_source

STACK = Path(__file__).parents[1] / "fixtures" / "stack"


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (STACK / "hcl", Source("hcl", STACK / "hcl")),
        (STACK / "hcl" / "main.tf", Source("hcl", STACK / "hcl")),
        (
            STACK / "crossplane" / "overlays" / "demo",
            Source("kustomize", STACK / "crossplane" / "overlays" / "demo"),
        ),
        (
            STACK / "ack" / "base" / "kustomization.yaml",
            Source("kustomize", STACK / "ack" / "base"),
        ),
        (
            STACK / "cloudformation" / "template.yaml",
            Source("yaml", STACK / "cloudformation" / "template.yaml"),
        ),
        (
            STACK / "cloudformation" / "template.json",
            Source("yaml", STACK / "cloudformation" / "template.json"),
        ),
        (STACK / "driftctl.yaml", Source("yaml", STACK / "driftctl.yaml")),
        (
            STACK / "crossplane" / "base" / "app.yaml",
            Source("kustomize", STACK / "crossplane" / "base" / "app.yaml"),
        ),
    ],
)
def test_a_bare_path_is_told_by_its_content(given: Path, expected: Source) -> None:
    assert parse_source(str(given)) == expected


def test_a_state_file_is_told_by_name_or_content(tmp_path: Path) -> None:
    named = tmp_path / "prod.tfstate"
    named.write_text("{}")
    assert parse_source(str(named)) == Source("tfstate", named)
    pulled = tmp_path / "state.json"
    pulled.write_text(json.dumps({"version": 4, "terraform_version": "1.9.0", "resources": []}))
    assert parse_source(str(pulled)) == Source("tfstate", pulled)
    assert parse_source("-") == Source("kustomize", Path("-"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "tfstate+s3://bucket/env/prod.tfstate",
            Source("tfstate+s3", Path("bucket/env/prod.tfstate")),
        ),
        ("kustomize://-", Source("kustomize", Path("-"))),
        (f"yaml://{STACK / 'driftctl.yaml'}", Source("yaml", STACK / "driftctl.yaml")),
    ],
)
def test_schemes(text: str, expected: Source) -> None:
    assert parse_source(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("tfstate+s3://bucket-only", "expected tfstate\\+s3://BUCKET/KEY"),
        (f"yaml://{STACK}", "is not a file"),
        (f"hcl://{STACK / 'driftctl.yaml'}", "is not a directory"),
        ("kustomize:///nonexistent/dir", "no such file or directory"),
        ("helm://chart", "unknown source scheme helm://"),
        (str(STACK), "cannot tell the format"),
    ],
)
def test_bad_sources(text: str, message: str) -> None:
    with pytest.raises(DriftctlError, match=message):
        parse_source(text)


def test_bad_parameters() -> None:
    with pytest.raises(DriftctlError, match="--parameter Env: expected KEY=VALUE"):
        parse_formats(parameters=["Env"])
    assert parse_formats(parameters=["A=b=c"]).parameters == (("A", "b=c"),)


def test_a_state_goes_with_the_hcl_of_its_directory(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    hcl_a, hcl_b = Source("hcl", a), Source("hcl", b)
    local = Source("tfstate", b / "terraform.tfstate")
    elsewhere = Source("tfstate", tmp_path / "other" / "terraform.tfstate")
    remote = Source("tfstate+s3", Path("bucket/key"))
    assert state_pairs((hcl_a, hcl_b, local, elsewhere, remote)) == {hcl_b: [local]}
    # one HCL source: a remote state is its state
    assert state_pairs((hcl_a, remote)) == {hcl_a: [remote]}
