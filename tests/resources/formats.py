"""The IAM type tests' pipeline on moto: scan any declared format (HCL, a CloudFormation
template, Crossplane or ACK manifests built by kustomize), and codify drift into HCL."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from driftctl import settings
from driftctl.codify.base import Context
from driftctl.codify.plan import Plan, make_plan
from driftctl.core.model import Drift, Resource
from driftctl.engine import pipeline
from tests import needed

REGION = "us-east-1"


def scan_source(source: str) -> tuple[dict[str, Any], list[Drift]]:
    """`driftctl scan --from source` in us-east-1: the JSON report and its drifts."""
    conf = settings.build(settings.Options(sources=[source], regions=[REGION], no_cache=True))
    declared = pipeline.load_declared(conf)
    report = pipeline.scan_report(declared, needed.load_live(conf, declared))
    out: dict[str, Any] = report.to_json()
    assert out["errors"] == [], out["errors"]
    return out, list(report.drifts)


def template(directory: Path, body: str) -> str:
    """A CloudFormation template (YAML) as a yaml:// source."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "template.yaml"
    path.write_text('AWSTemplateFormatVersion: "2010-09-09"\nResources:\n' + body)
    return f"yaml://{path}"


def manifests(directory: Path, body: str) -> str:
    """Kubernetes manifests (Crossplane or ACK) with their kustomization, as a source."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "resources.yaml").write_text(body)
    (directory / "kustomization.yaml").write_text("resources:\n  - resources.yaml\n")
    return f"kustomize://{directory}"


def codify(directory: Path, drifts: list[Drift]) -> Plan:
    """`driftctl pr`'s plan for the changed drifts of an HCL directory (files not written)."""
    conf = settings.build(
        settings.Options(sources=[f"hcl://{directory}"], regions=[REGION], no_cache=True)
    )
    declared = pipeline.load_declared(conf, provenance=True)
    run = pipeline.load_live(conf)
    live: dict[tuple[str, str], Resource] = {
        (r.type, str(r.id)): r for state in run.states.values() for r in state.resources
    }
    to_pr = [dataclasses.replace(d, action="pr") for d in drifts]
    return make_plan(to_pr, Context(directory, declared, live, {}))
