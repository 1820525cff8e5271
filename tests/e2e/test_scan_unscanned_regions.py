"""Declared resources in a region the scan did not read are declared and not compared
(#28): the summary, compared_share and --min-compared count them (main dropped them:
`declared 2 ... compared 100% of declared` with five declared)."""

from __future__ import annotations

from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from tests.kit.cli import driftctl


def scan(endpoint: str, region: str, *extra: str) -> tuple[int, dict, str]:  # type: ignore[type-arg]
    run = driftctl(
        "scan", "--from", f"hcl://{FIXTURE}", "--endpoint-url", endpoint, "--region", region,
        "--no-cache", "-o", "json://-", *extra,
    )  # fmt: skip
    return run.code, run.report, run.stderr


def test_resources_declared_in_an_unscanned_region_count_as_not_compared(endpoint: str) -> None:
    demo_stack.apply(endpoint)  # in us-east-1: the VPC, subnets and groups are regional
    code, whole, _ = scan(endpoint, "us-east-1")
    assert code == 0 and whole["summary"]["compared_share"] == 1.0
    code, report, stderr = scan(endpoint, "eu-west-1")
    summary = report["summary"]
    regional = whole["summary"]["declared"] - summary["managed"]  # buckets, IAM: global
    assert regional > 0
    assert summary["declared"] == whole["summary"]["declared"]
    assert summary["not_compared"] == regional
    assert summary["compared_share"] < 1.0
    assert "resources declared in us-east-1 were not compared" in stderr
    code, _, stderr = scan(endpoint, "eu-west-1", "--min-compared", "0.9")
    assert code == 2
    assert "below --min-compared 90.0%" in stderr
