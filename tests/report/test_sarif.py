"""The SARIF report: valid SARIF 2.1.0, rules per kind and rule name, locations, stable output."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from driftctl.report import sarif
from tests.report.sample import CLEAN, PARTIAL, REPORT
from tests.schemas import validate_sarif


def log(**kwargs: Any) -> Any:
    return json.loads(sarif.render(REPORT, **kwargs))


@pytest.mark.parametrize("report", [REPORT, CLEAN, PARTIAL], ids=["drift", "clean", "partial"])
def test_validates_against_the_sarif_2_1_0_schema(report: Any) -> None:
    doc = json.loads(sarif.render(report, "infra", "infra/main.tf"))
    validate_sarif(doc)
    assert doc["version"] == "2.1.0"


def test_the_schema_check_is_real() -> None:
    doc = log()
    doc["runs"][0]["results"][0]["level"] = "severe"
    with pytest.raises(jsonschema.ValidationError):
        validate_sarif(doc)


def test_one_rule_per_kind_and_per_rule_name() -> None:
    run = log()["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert ids == [
        "drift/changed",
        "drift/missing",
        "drift/unmanaged",
        "rule/no-open-ssh",
        "rule/no-policy-edits",
    ]
    by_address = {r["properties"]["address"] or r["properties"]["id"]: r for r in run["results"]}
    ssh = by_address["aws_security_group.web"]
    assert (ssh["ruleId"], ids[ssh["ruleIndex"]], ssh["level"]) == (
        "rule/no-open-ssh",
        "rule/no-open-ssh",
        "error",
    )
    assert by_address["aws_db_instance.main"]["ruleId"] == "drift/changed"
    assert by_address["aws_db_instance.main"]["level"] == "warning"
    assert by_address["acme-scratch"]["level"] == "note"


def test_declared_resources_are_located_at_their_file_and_line() -> None:
    results = log(root="infra")["runs"][0]["results"]
    db = next(r for r in results if r["properties"]["address"] == "aws_db_instance.main")
    (location,) = db["locations"]
    assert location["physicalLocation"] == {
        "artifactLocation": {"uri": "infra/db.tf", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 7},
    }
    assert location["logicalLocations"][0]["fullyQualifiedName"] == "aws_db_instance.main"
    assert db["partialFingerprints"] == {sarif.FINGERPRINT_KEY: REPORT.drifts[0].fingerprint}


def test_unmanaged_resources_have_a_logical_location_and_the_anchor_file() -> None:
    results = log(root="infra", anchor="infra/main.tf")["runs"][0]["results"]
    (location,) = next(r for r in results if r["properties"]["kind"] == "unmanaged")["locations"]
    assert location["logicalLocations"] == [
        {
            "name": "acme-scratch",
            "fullyQualifiedName": "aws_s3_bucket.acme-scratch",
            "kind": "resource",
        }
    ]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == "infra/main.tf"
    assert location["physicalLocation"]["region"] == {"startLine": 1}
    without = log()["runs"][0]["results"]
    (bare,) = next(r for r in without if r["properties"]["kind"] == "unmanaged")["locations"]
    assert "physicalLocation" not in bare


def test_messages_mask_secrets_and_name_the_change() -> None:
    text = sarif.render(REPORT)
    assert "hunter2" not in text
    db = next(
        r for r in log()["runs"][0]["results"] if r["properties"]["type"] == "aws_db_instance"
    )
    assert db["message"]["text"] == (
        "aws_db_instance.main (db-1) differs from its declaration: instance_class: expected "
        '"db.t3.micro", actual "db.m5.large"; password: expected "***", actual "***"'
    )


def test_stable_and_without_timestamps() -> None:
    text = sarif.render(REPORT, "infra", "infra/main.tf")
    assert text == sarif.render(REPORT, "infra", "infra/main.tf")
    assert "Time" not in text and "time" not in json.dumps(
        json.loads(text)["runs"][0]["invocations"]
    )
    results = json.loads(text)["runs"][0]["results"]
    assert [r["partialFingerprints"][sarif.FINGERPRINT_KEY] for r in results] == [
        d.fingerprint for d in REPORT.drifts
    ]


def test_scan_errors_mark_the_invocation_unsuccessful() -> None:
    (invocation,) = json.loads(sarif.render(PARTIAL))["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"][0]["message"]["text"] == (
        "s3/global: AccessDenied: no"
    )
