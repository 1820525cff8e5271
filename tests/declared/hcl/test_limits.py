"""Depth limits of the HCL loader: deep syntax is refused at parse with FILE:LINE:COL; deep
chains of references evaluate (as Terraform's do) up to the big stack's limit, and past
it are an error naming where, never a RecursionError."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from driftctl import deepstack
from driftctl.declared.hcl.load import load_hcl
from driftctl.declared.hcl.parse import MAX_TREE_DEPTH, parse
from driftctl.errors import DriftctlError
from tests.declared.hcl.hcltest import load, resource


def chain(links: int) -> str:
    body = "".join(f"  l{i} = local.l{i - 1} + 1\n" for i in range(1, links + 1))
    return (
        "locals {\n  l0 = 0\n" + body + "}\n"
        f'resource "aws_s3_bucket" "b" {{\n  bucket = "b-${{local.l{links}}}"\n}}\n'
    )


def test_three_thousand_chained_locals_evaluate(tmp_path: Path) -> None:
    declared = load(tmp_path, {"main.tf": chain(3000)})
    assert resource(declared, "aws_s3_bucket.b").attrs["bucket"] == "b-3000"
    assert sys.getrecursionlimit() < deepstack.RECURSION_LIMIT  # restored afterwards


def test_a_chain_deeper_than_the_stack_is_an_error_naming_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(deepstack, "RECURSION_LIMIT", 2000)
    (tmp_path / "main.tf").write_text(chain(1000))
    with pytest.raises(DriftctlError) as caught:
        load_hcl(tmp_path)
    message = caught.value.message
    assert message.startswith("main.tf:"), message
    assert "references nested too deeply to evaluate (deeper than 2,000 Python frames" in message


@pytest.mark.parametrize(
    ("opening", "closing"), [("[", "]"), ("(", ")"), ("{a = ", " }")], ids=["[", "(", "{"]
)
def test_deep_syntax_is_refused_at_parse(opening: str, closing: str) -> None:
    inner = "" if opening == "[" else "1"
    text = "locals {\n  x = " + opening * 5000 + inner + closing * 5000 + "\n}\n"
    with pytest.raises(DriftctlError) as caught:
        parse(text, "deep.tf")
    assert caught.value.message.startswith("deep.tf:2:")
    assert f"more than {MAX_TREE_DEPTH} levels deep" in caught.value.message


def test_nesting_people_write_is_far_below_the_limit(tmp_path: Path) -> None:
    deep = "[" * 100 + "]" * 100
    declared = load(
        tmp_path,
        {"main.tf": f'resource "aws_s3_bucket" "b" {{\n  bucket = "b${{length({deep})}}"\n}}\n'},
    )
    assert resource(declared, "aws_s3_bucket.b").attrs["bucket"] == "b1"


def test_the_recursion_limit_is_restored_after_an_error(tmp_path: Path) -> None:
    before = sys.getrecursionlimit()
    (tmp_path / "main.tf").write_text("locals {\n  a = local.b\n  b = local.a\n}\n")
    (tmp_path / "x.tf").write_text('resource "aws_s3_bucket" "b" {\n  bucket = local.a\n}\n')
    with pytest.raises(DriftctlError, match="cycle"):
        load_hcl(tmp_path)
    assert sys.getrecursionlimit() == before
