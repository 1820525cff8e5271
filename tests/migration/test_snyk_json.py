"""-o snyk-json://: a report in snyk driftctl's JSON schema, checked against snyk's own
golden report files (tests/data/snyk_gen_driftignore/, and the schema of their keys and
types in tests/data/snyk_report.schema.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from driftctl.core.model import Change, Drift, Report, ScanError, SourceRef
from driftctl.report import read, snyk
from tests.kit.cli import driftctl
from tests.migration.world import World
from tests.paths import DATA

GOLDEN = DATA / "snyk_gen_driftignore"
SCHEMA = json.loads((DATA / "snyk_report.schema.json").read_text())
# keys of snyk's report that hold the time of the scan: left out (deterministic output)
TIMESTAMPS = ("scan_duration", "date")


def validate(doc: Any) -> None:
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)


@pytest.mark.parametrize(
    "name", ["scan_output.json", "scan_output_deep.json", "input_stdin_valid.json"]
)
def test_the_schema_describes_snyks_golden_files(name: str) -> None:
    validate(json.loads((GOLDEN / name).read_text()))


def test_the_schema_rejects_what_snyk_did_not_write() -> None:
    deep = json.loads((GOLDEN / "scan_output_deep.json").read_text())
    for broken in (
        {**deep, "drifts": []},  # a key snyk never wrote
        {**deep, "summary": {**deep["summary"], "unmanaged": 2}},
        {**deep, "coverage": 0.33},  # snyk's coverage is an integer percentage
        {**deep, "unmanaged": [{"id": "x"}]},  # a resource without its type
    ):
        with pytest.raises(jsonschema.ValidationError):
            validate(broken)


def snyk_fixture_report() -> Report:
    """The analysis snyk's own JSON output test renders into its golden deep-mode report
    (scan_output_deep.json), as a driftctl report."""
    deleted = SourceRef("tfstate://delete_state.tfstate", 1)
    state = SourceRef("tfstate://state.tfstate", 1)
    drifts = (
        Drift("unmanaged", "aws_unmanaged_resource", "unmanaged-id-1", None, None),
        Drift("unmanaged", "aws_unmanaged_resource", "unmanaged-id-2", None, None),
        Drift(
            "missing",
            "aws_deleted_resource",
            "deleted-id-1",
            "module.aws_deleted_resource.name",
            deleted,
        ),
        Drift("missing", "aws_deleted_resource", "deleted-id-2", None, None),
        Drift(
            "changed",
            "aws_diff_resource",
            "diff-id-2",
            None,
            None,
            (Change("updated.field", "foobar", "barfoo"),),
        ),
        Drift(
            "changed",
            "aws_diff_resource",
            "diff-id-1",
            "module.aws_diff_resource.name",
            state,
            (
                Change("updated.field", "foobar", "barfoo"),
                Change("new.field", None, "newValue"),
                Change("a", "oldValue", None),
            ),
        ),
    )
    summary = {"managed": 2, "changed": 2, "missing": 2, "unmanaged": 2}
    managed = (("aws_diff_resource", "diff-id-1"), ("aws_no_diff_resource", "no-diff-id-1"))
    return Report(summary, drifts, managed=managed)


def comparable(doc: dict[str, Any]) -> dict[str, Any]:
    """doc without timestamps and provider version, its lists in one order."""
    out = {k: v for k, v in doc.items() if k not in (*TIMESTAMPS, "provider_version")}
    for key in ("managed", "unmanaged", "missing"):
        out[key] = sorted(out[key] or [], key=lambda r: (r["type"], r["id"]))
    out["differences"] = sorted(
        (
            {**d, "changelog": sorted(d["changelog"], key=lambda c: c["path"])}
            for d in out["differences"] or []
        ),
        key=lambda d: d["res"]["id"],
    )
    return out


def test_snyks_fixture_renders_as_snyks_golden_file() -> None:
    """The same analysis gives snyk's golden file: every key, value and nesting, but the
    time of the scan and the Terraform provider's version, which driftctl has none of."""
    text = snyk.render(snyk_fixture_report(), iac_sources=3)
    golden = json.loads((GOLDEN / "scan_output_deep.json").read_text())
    ours = json.loads(text)
    validate(ours)
    assert comparable(ours) == comparable(golden)
    assert set(golden) - set(ours) == set(TIMESTAMPS)
    assert ours["provider_version"] == ""
    assert text == snyk.render(snyk_fixture_report(), iac_sources=3)


def test_empty_lists_are_null_and_errors_are_alerts() -> None:
    """As snyk wrote them: `null` for no resources, each error an alert under its scope."""
    report = Report({"managed": 0}, (), (ScanError("us-east-1/sqs", "ListQueues: AccessDenied"),))
    doc = json.loads(snyk.render(report, kinds=("unmanaged",)))
    validate(doc)
    assert doc["managed"] is doc["unmanaged"] is doc["missing"] is doc["differences"] is None
    assert doc["alerts"] == {"us-east-1/sqs": [{"message": "ListQueues: AccessDenied"}]}
    assert doc["coverage"] == 0 and doc["summary"]["total_resources"] == 0
    assert doc["options"] == {"deep": True, "only_managed": False, "only_unmanaged": True}


def test_paths_are_snyks_lists() -> None:
    assert snyk.path_parts("ingress[0].cidr_blocks[1]") == ["ingress", "0", "cidr_blocks", "1"]
    assert snyk.path_parts("tags.kubernetes.io/role") == ["tags", "kubernetes.io/role"]
    assert snyk.path_parts("versioning.enabled") == ["versioning", "enabled"]


def test_scan_writes_snyks_schema(world: World, tmp_path: Path) -> None:
    """A real scan: snyk's schema, the same counts and resources as driftctl's own report,
    the same file twice, and read back by driftctl's readers (gen-driftignore, fmt)."""
    out = tmp_path / "snyk.json"
    state, live = f"tfstate://{world.state}", str(world.live)
    run = driftctl("scan", "--from", state, "--live", live, "-o", f"snyk-json://{out}")
    assert run.code == 1, run.stderr
    doc = json.loads(out.read_text())
    validate(doc)
    own = driftctl("scan", "--from", state, "--live", live, "-o", "json://stdout").json
    summary = own["summary"]
    assert doc["summary"]["total_unmanaged"] == summary["unmanaged"] > 0
    assert doc["summary"]["total_missing"] == summary["missing"]
    assert doc["summary"]["total_changed"] == summary["changed"] > 0
    assert doc["summary"]["total_managed"] == summary["managed"] == len(doc["managed"])
    assert doc["summary"]["total_iac_source_count"] == 1
    unmanaged = {(d["type"], d["id"]) for d in own["drifts"] if d["kind"] == "unmanaged"}
    assert {(r["type"], r["id"]) for r in doc["unmanaged"]} == unmanaged
    changed = {(d["type"], d["id"]) for d in own["drifts"] if d["kind"] == "changed"}
    assert {(d["res"]["type"], d["res"]["id"]) for d in doc["differences"]} == changed
    again = driftctl("scan", "--from", state, "--live", live, "-o", "snyk-json://stdout")
    assert again.stdout == out.read_text()
    back = read.parse(str(out), out.read_text())
    key = ("kind", "type", "id")
    assert sorted(tuple(d[k] for k in key) for d in back["drifts"]) == sorted(
        tuple(d[k] for k in key) for d in own["drifts"]
    )
