"""The report's JSON Schema ships in the package and in docs/, and says what a report is."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from driftctl.core.model import Drift, Report
from driftctl.report import jsonout
from tests.report.sample import CLEAN, PARTIAL, REPORT
from tests.schemas import REPORT_SCHEMA, validate_report

ROOT = Path(__file__).resolve().parents[2]


def test_the_schema_is_in_the_package_and_in_docs() -> None:
    shipped = ROOT / "driftctl" / "schemas" / "report.schema.json"
    assert json.loads(shipped.read_text()) == REPORT_SCHEMA
    assert json.loads((ROOT / "docs" / "report.schema.json").read_text()) == REPORT_SCHEMA
    jsonschema.Draft202012Validator.check_schema(REPORT_SCHEMA)


@pytest.mark.parametrize("report", [REPORT, CLEAN, PARTIAL], ids=["drift", "clean", "partial"])
def test_reports_validate(report: Any) -> None:
    validate_report(json.loads(jsonout.render(report)))


def _broken(edit: str) -> Any:
    doc = copy.deepcopy(json.loads(jsonout.render(REPORT)))
    drift = doc["drifts"][0]
    if edit == "kind":
        drift["kind"] = "drifted"
    elif edit == "fingerprint":
        drift["fingerprint"] = "md5:0"
    elif edit == "no changes on changed":
        drift["changes"] = []
    elif edit == "unmanaged with a source":
        doc["drifts"][-1]["source"] = {"file": "x.tf", "line": 1}
    elif edit == "schema_version":
        doc["schema_version"] = 2
    elif edit == "summary count":
        doc["summary"]["changed"] = -1
    elif edit == "missing key":
        del drift["severity"]
    elif edit == "unsupported count":
        doc["summary"]["unsupported"] = {"aws_lambda_function": "two"}
    return doc


@pytest.mark.parametrize(
    "edit",
    [
        "kind",
        "fingerprint",
        "no changes on changed",
        "unmanaged with a source",
        "schema_version",
        "summary count",
        "missing key",
        "unsupported count",
    ],
)
def test_the_schema_rejects_what_is_not_a_report(edit: str) -> None:
    with pytest.raises(jsonschema.ValidationError):
        validate_report(_broken(edit))


def test_every_json_report_rendered_in_the_tests_is_validated() -> None:
    """tests/conftest.py wraps jsonout.render: an invalid report fails the test making it."""
    bogus = Report(REPORT.summary, (Drift("changed", "aws_s3_bucket", "b", "x", None),))
    with pytest.raises(jsonschema.ValidationError):
        jsonout.render(bogus)
