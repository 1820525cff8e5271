"""The real pipeline against moto in-process, for the type tests under tests/resources:
an HCL directory is scanned, its drift planned for revert, and the plan's calls made."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from driftctl.base.calls import Call, resolve_pending
from driftctl.engine import pipeline
from driftctl.revert import executor
from tests import needed
from tests.kit.revert import hcl_settings, make_plan

REGION = "us-east-1"
REVERT_ALL = """\
rules:
  - name: revert-everything
    match: {kind: [changed, missing, unmanaged]}
    action: revert
"""


def write(directory: Path, hcl: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "main.tf").write_text(hcl, encoding="utf-8")
    return directory


def scan(directory: Path) -> dict[str, Any]:
    """`driftctl scan hcl://directory` in us-east-1: the report as JSON."""
    conf = hcl_settings(directory)
    declared = pipeline.load_declared(conf)
    report = pipeline.scan_report(declared, needed.load_live(conf, declared))
    out: dict[str, Any] = report.to_json()
    return out


def drifts(report: dict[str, Any], *kinds: str) -> list[tuple[str, str, list[str]]]:
    """(kind, address or type.id, changed paths) of each drift of the kinds asked."""
    return sorted(
        (
            d["kind"],
            d["address"] or f"{d['type']}.{d['id']}",
            sorted(c["path"] for c in d.get("changes") or ()),
        )
        for d in report["drifts"]
        if not kinds or d["kind"] in kinds
    )


def plan_calls(tmp_path: Path, directory: Path) -> tuple[list[Call], list[str]]:
    """The revert plan for every drift: its calls, and its refusals."""
    planned = make_plan(tmp_path, REVERT_ALL, source=directory)
    calls = [c for step in planned.plan.steps for c in step.calls]
    return calls, list(planned.plan.refusals)


def run(calls: list[Call]) -> None:
    """Make the plan's calls with boto3, as the executor does (pending ids resolved)."""
    outputs: dict[str, Any] = {}
    for call in calls:
        client = boto3.client(call.service, region_name=call.region)
        response = getattr(client, call.operation)(**resolve_pending(call.params, outputs))
        for name, key in call.outputs.items():
            outputs[name] = executor._get(response, key)
