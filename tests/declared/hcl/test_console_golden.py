"""driftctl's evaluator against Terraform's own: every expression of golden/expressions.txt
as `terraform console` (Terraform 1.11) answered it, kept in golden/console.json by
scripts/gen_console_golden.py, evaluated again by driftctl in the same configuration
(golden/console/) and written in the console's notation (tolist([...]), tomap({...}),
typed nulls, numbers in full). An expression Terraform rejects must be rejected too.

The tests read the golden data only, so they run where terraform is absent.
KNOWN lists the cases where driftctl answers otherwise on purpose; docs/evaluator.md
gives the same list with the reasons, and the agreement figure.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from driftctl.declared.hcl.console import format_value
from driftctl.declared.hcl.load import Console
from driftctl.errors import DriftctlError

GOLDEN = Path(__file__).parent / "golden"
DOCUMENT = json.loads((GOLDEN / "console.json").read_text(encoding="utf-8"))
CASES: list[dict[str, str]] = DOCUMENT["cases"]

# expression -> why driftctl's answer differs from Terraform 1.11's (docs/evaluator.md)
KNOWN = {
    "local.o != null && local.o.a": (
        "&& and || short-circuit as in Terraform >= 1.13 (HCL 2.24): the right side's "
        "error is not reported when the left side decides; Terraform 1.11 reports it"
    ),
    'base64gzip("hello")': (
        "the compressed bytes are those of Go's compress/flate, which no Python library "
        "reproduces; driftctl gives (known after apply), so such a value never drifts"
    ),
}

AGREEMENT_TARGET = 0.995


@pytest.fixture(scope="module")
def console() -> Iterator[Console]:
    with Console(GOLDEN / "console") as session:
        yield session


def answer(console: Console, expression: str) -> dict[str, Any]:
    try:
        return {"result": format_value(console.evaluate(expression))}
    except DriftctlError as exc:
        return {"error": exc.message}


def agrees(expected: dict[str, str], got: dict[str, Any]) -> bool:
    if "error" in expected:
        return "error" in got
    return got.get("result") == expected["result"]


def test_the_golden_data_covers_every_expression_and_was_made_by_terraform_1_11() -> None:
    expressions = [
        line
        for line in (GOLDEN / "expressions.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert [case["expr"] for case in CASES] == expressions
    assert DOCUMENT["terraform"].startswith("1.11.")
    assert len(CASES) >= 500


@pytest.mark.parametrize("case", CASES, ids=[case["expr"] for case in CASES])
def test_driftctl_answers_as_terraform_console(console: Console, case: dict[str, str]) -> None:
    got = answer(console, case["expr"])
    if case["expr"] in KNOWN:  # still a difference, or it belongs in the plain cases
        assert not agrees(case, got), f"{case['expr']} agrees now: remove it from KNOWN"
        return
    expected = case.get("result", "an error: " + case.get("error", ""))
    assert agrees(case, got), f"terraform: {expected}\ndriftctl:  {got}"


def test_agreement_with_terraform_is_at_least_99_5_percent(console: Console) -> None:
    agreed = sum(agrees(case, answer(console, case["expr"])) for case in CASES)
    figure = agreed / len(CASES)
    print(f"agreement with terraform console: {agreed}/{len(CASES)} = {figure:.2%}")
    assert figure >= AGREEMENT_TARGET
    assert len(CASES) - agreed == len(KNOWN)
