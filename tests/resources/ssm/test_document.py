"""aws_ssm_document on moto: scan (the content compared as a document, JSON or YAML; AWS's
own documents never listed), an unmanaged document, content and tags reverted with a new
default version, the type for a human, a deleted document created again, codify,
CloudFormation, Crossplane and ACK declaring it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

CONTENT = {
    "schemaVersion": "2.2",
    "description": "Check the disk",
    "mainSteps": [
        {"action": "aws:runShellScript", "name": "check", "inputs": {"runCommand": ["df -h"]}}
    ],
}
HCL = f"""
resource "aws_ssm_document" "check" {{
  name          = "check-disk"
  document_type = "Command"
  content       = jsonencode({json.dumps(CONTENT)})
  tags          = {{ Team = "ops" }}
}}
"""


def ssm() -> Any:
    return boto3.client("ssm", region_name="us-east-1")


def apply(name: str = "check-disk", content: dict[str, Any] | None = None) -> None:
    ssm().create_document(
        Name=name,
        Content=json.dumps(content or CONTENT, indent=4),
        DocumentType="Command",
        DocumentFormat="JSON",
        Tags=[{"Key": "Team", "Value": "ops"}],
    )


def test_an_applied_document_is_in_sync_and_another_is_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()  # AWS keeps the text as sent: its spacing is not drift
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1
    apply("other-doc")
    assert drifts(scan(directory)) == [("unmanaged", "aws_ssm_document.other-doc", [])]


def test_content_and_tags_are_reverted_and_the_type_is_for_a_human(
    aws: None, tmp_path: Path
) -> None:
    apply()
    changed = {**CONTENT, "description": "changed by hand"}
    ssm().update_document(Name="check-disk", Content=json.dumps(changed), DocumentVersion="$LATEST")
    ssm().update_document_default_version(Name="check-disk", DocumentVersion="2")
    ssm().add_tags_to_resource(
        ResourceType="Document", ResourceId="check-disk", Tags=[{"Key": "Owner", "Value": "x"}]
    )
    directory = write(tmp_path / "tf", HCL)
    found = drifts(scan(directory))
    assert found == [("changed", "aws_ssm_document.check", ["content.description", "tags.Owner"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == [
        "ssm.update_document",
        "ssm.update_document_default_version",
        "ssm.remove_tags_from_resource",
    ]
    run(calls)
    assert drifts(scan(directory)) == []
    assert ssm().describe_document(Name="check-disk")["Document"]["DefaultVersion"] == "3"
    automation = write(tmp_path / "tf2", HCL.replace('"Command"', '"Automation"'))
    assert drifts(scan(automation)) == [("changed", "aws_ssm_document.check", ["document_type"])]
    calls, refusals = plan_calls(tmp_path, automation)
    assert calls == [] and any("replace needed" in r for r in refusals), refusals


def test_a_yaml_document_is_compared_as_a_document(aws: None, tmp_path: Path) -> None:
    ssm().create_document(
        Name="check-disk",
        Content="schemaVersion: '2.2'\ndescription: Check the disk\nmainSteps: []\n",
        DocumentType="Command",
        DocumentFormat="YAML",
    )
    directory = write(
        tmp_path / "tf",
        """
resource "aws_ssm_document" "check" {
  name            = "check-disk"
  document_type   = "Command"
  document_format = "YAML"
  content         = <<-DOC
    description: Check the disk
    mainSteps: []
    schemaVersion: "2.2"
  DOC
}
""",
    )
    assert drifts(scan(directory)) == []


def test_a_deleted_document_is_created_again(aws: None, tmp_path: Path) -> None:
    apply()
    ssm().delete_document(Name="check-disk")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_ssm_document.check", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["ssm.create_document"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_changed_tags_are_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    apply()
    ssm().add_tags_to_resource(
        ResourceType="Document", ResourceId="check-disk", Tags=[{"Key": "Team", "Value": "db"}]
    )
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"db"' in plan.diff


def _changed(report: dict[str, Any]) -> list[str]:
    return sorted(
        c["path"]
        for d in report["drifts"]
        if d["kind"] == "changed" and d["type"] == "aws_ssm_document"
        for c in d["changes"]
        if not c["path"].startswith("tags.")
    )


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    apply()
    cfn = template(
        tmp_path / "cfn",
        f"""  Main:
    Type: AWS::SSM::Document
    Properties:
      Name: check-disk
      DocumentType: Command
      Content: {json.dumps(CONTENT)}
      Tags: [{{Key: Team, Value: ops}}]
""",
    )
    report, _ = scan_source(cfn)
    assert [d for d in report["drifts"] if d["type"] == "aws_ssm_document"] == []
    changed = json.dumps({**CONTENT, "description": "other"})
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ssm.aws.upbound.io/v1beta1
kind: Document
metadata:
  name: check-disk
spec:
  forProvider:
    region: us-east-1
    documentType: Command
    content: '{changed}'
""",
    )
    assert _changed(scan_source(crossplane)[0]) == ["content.description"]
    ack = manifests(
        tmp_path / "ack",
        f"""apiVersion: ssm.services.k8s.aws/v1alpha1
kind: Document
metadata:
  name: main
spec:
  name: check-disk
  documentType: Command
  documentFormat: YAML
  content: '{json.dumps(CONTENT)}'
""",
    )
    assert _changed(scan_source(ack)[0]) == ["document_format"]
