"""Depth limits of the HCL loader: deep syntax is refused at parse with FILE:LINE:COL; deep
chains of references evaluate (as Terraform's do) up to the big stack's limit, and past
it are an error naming where, never a RecursionError."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from driftctl.declared.hcl.lang.limits import Limits
from driftctl.declared.hcl.lang.parse import MAX_TREE_DEPTH, parse
from driftctl.declared.hcl.load import load_hcl
from driftctl.errors import DriftctlError
from driftctl.util import deepstack
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


# ---------------------------------------------------------------- size and time (issue #29)


def _error(tmp_path: Path, expression: str, **kwargs: object) -> str:
    (tmp_path / "main.tf").write_text(
        f'locals {{\n  v = {expression}\n}}\nresource "null_thing" "t" {{\n  v = local.v\n}}\n'
    )
    with pytest.raises(DriftctlError) as caught:
        load_hcl(tmp_path, **kwargs)  # type: ignore[arg-type]
    return caught.value.message


@pytest.mark.parametrize(
    ("expression", "built"),
    [
        ("setproduct(range(1024), range(1024), range(1024))", "1,073,741,824 elements"),
        ("flatten([range(1000), [range(1000), [range(1000)]]])", "3,000 elements"),
        ("concat(range(1000), range(1000), range(1000))", "3,000 elements"),
    ],
)
def test_a_value_over_the_size_limit_is_refused_before_it_is_built(
    tmp_path: Path, expression: str, built: str
) -> None:
    limits = Limits(max_items=2000) if "3,000" in built else None
    message = _error(tmp_path, expression, limits=limits)
    assert message.startswith("main.tf:2:")
    assert f"this would build {built}, more than the limit of" in message
    assert "(--max-eval-items)" in message


def test_nested_for_expressions_count_their_iterations_together(tmp_path: Path) -> None:
    expression = "[for a in range(1024) : [for b in range(1024) : [for c in range(1024) : c]]]"
    message = _error(tmp_path, expression, limits=Limits(max_items=5000))
    assert message.startswith("main.tf:2:")
    assert "would iterate more than 5,000 times in this evaluation" in message


def test_strings_are_bounded_too(tmp_path: Path) -> None:
    message = _error(tmp_path, 'format("%999999999s", "x")')
    assert "format(): this would build a string of 999,999,999 characters" in message
    words = ", ".join(['"0123456789"'] * 11)
    message = _error(tmp_path, f'join("", [{words}])', limits=Limits(max_items=1))
    assert (
        "join(): this would build a string of 110 characters, more than the limit of 100" in message
    )


def test_count_is_bounded(tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text('resource "null_thing" "t" {\n  count = 1e9\n}\n')
    with pytest.raises(DriftctlError, match=r"^main.tf:2:.*1,000,000,000 instances"):
        load_hcl(tmp_path)


def test_try_and_can_do_not_swallow_a_limit(tmp_path: Path) -> None:
    message = _error(tmp_path, "can(setproduct(range(1024), range(1024), range(1024)))")
    assert "setproduct(): this would build" in message
    message = _error(tmp_path, 'try(setproduct(range(1024), range(1024), range(1024)), "x")')
    assert "setproduct(): this would build" in message


def test_the_limit_can_be_raised(tmp_path: Path) -> None:
    expression = "length(setproduct(range(100), range(100)))"
    assert "10,000 elements" in _error(tmp_path, expression, limits=Limits(max_items=9999))
    declared = load(
        tmp_path,
        {"main.tf": f'resource "null_thing" "t" {{\n  v = {expression}\n}}\n'},
        limits=Limits(max_items=10_000),
    )
    assert resource(declared, "null_thing.t").attrs["v"] == 10_000


def test_an_evaluation_past_its_deadline_is_an_error_naming_where(tmp_path: Path) -> None:
    expression = "[for a in range(1024) : [for b in range(1024) : b]]"
    message = _error(tmp_path, expression, limits=Limits(timeout=1e-9))
    assert message.startswith("main.tf:")
    assert "the evaluation took more than 1e-09 s of CPU time (--eval-timeout)" in message


def test_the_cli_flags_reach_the_evaluator(tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text(
        'resource "null_thing" "t" {\n  v = setproduct(range(100), range(100))\n}\n'
    )

    def render(*flags: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "driftctl", "render", "--from", str(tmp_path)]
        return subprocess.run(
            [*command, "--no-cache", *flags], capture_output=True, text=True, check=False
        )

    refused = render("--max-eval-items", "9999")
    assert refused.returncode == 2, refused.stderr
    assert "main.tf:2:7: setproduct(): this would build 10,000 elements" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert render("--max-eval-items", "10000").returncode == 0
    bad = render("--eval-timeout", "0")
    assert bad.returncode == 2
    assert "--eval-timeout 0: expected a positive number of seconds" in bad.stderr
