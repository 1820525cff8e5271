"""aws_config_config_rule on moto: a managed rule in sync, its parameters compared as a
document, one nobody declares unmanaged, a rule an AWS service made left alone, a changed
rule put back whole and codified, a deleted one put again, CloudFormation and Crossplane
declaring it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_config_config_rule" "versioning" {
  name        = "s3-versioning"
  description = "buckets keep versions"

  source {
    owner             = "AWS"
    source_identifier = "S3_BUCKET_VERSIONING_ENABLED"
  }

  scope {
    compliance_resource_types = ["AWS::S3::Bucket"]
  }

  input_parameters = jsonencode({ isMfaDeleteEnabled = "false" })
  tags             = { Team = "sec" }
}
"""


def config() -> Any:
    return boto3.client("config", region_name="us-east-1")


def put(description: str = "buckets keep versions", name: str = "s3-versioning") -> None:
    # spaced as a console edit may leave it
    params = json.dumps({"isMfaDeleteEnabled": "false"}, indent=2)
    config().put_config_rule(
        ConfigRule={
            "ConfigRuleName": name,
            "Description": description,
            "Scope": {"ComplianceResourceTypes": ["AWS::S3::Bucket"]},
            "Source": {"Owner": "AWS", "SourceIdentifier": "S3_BUCKET_VERSIONING_ENABLED"},
            "InputParameters": params,
        },
        Tags=[{"Key": "Team", "Value": "sec"}],
    )


def test_a_rule_is_in_sync_and_another_unmanaged(aws: None, tmp_path: Path) -> None:
    put()
    put(name="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", "aws_config_config_rule.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_rule_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    put(description="changed by hand")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_config_config_rule.versioning", ["description"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '+  description = "changed by hand"\n' in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["config.put_config_rule"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_rule_is_put_again(aws: None, tmp_path: Path) -> None:
    put()
    config().delete_config_rule(ConfigRuleName="s3-versioning")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_config_config_rule.versioning", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["config.put_config_rule"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    put()
    cfn = template(
        tmp_path / "cfn",
        """  Versioning:
    Type: AWS::Config::ConfigRule
    Properties:
      ConfigRuleName: s3-versioning
      Description: buckets keep versions
      Scope: {ComplianceResourceTypes: [AWS::S3::Bucket]}
      Source: {Owner: AWS, SourceIdentifier: S3_BUCKET_VERSIONING_ENABLED}
      InputParameters: {isMfaDeleteEnabled: "false"}
""",
    )
    report, _ = scan_source(cfn)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: configservice.aws.upbound.io/v1beta1
kind: ConfigRule
metadata:
  name: s3-versioning
spec:
  forProvider:
    region: us-east-1
    description: something else
    source:
      - owner: AWS
        sourceIdentifier: S3_BUCKET_VERSIONING_ENABLED
    scope:
      - complianceResourceTypes: [AWS::S3::Bucket]
    inputParameters: '{"isMfaDeleteEnabled": "false"}'
    tags: {Team: sec}
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    tagged = ["tags.crossplane-kind", "tags.crossplane-name", "tags.crossplane-providerconfig"]
    assert changed == [("aws_config_config_rule", ["description", *tagged])]
