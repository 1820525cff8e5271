"""aws_iam_saml_provider on moto: a provider in sync and another unmanaged, a replaced
metadata document as drift put back and codified, a deleted provider created again,
CloudFormation and Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.revert.samples_gov import saml_metadata

METADATA = saml_metadata("https://idp.example.com")
QUOTED = METADATA.replace('"', '\\"')  # as an HCL string
HCL = f"""
resource "aws_iam_saml_provider" "corp" {{
  name                   = "corp"
  saml_metadata_document = "{QUOTED}"
}}
"""


def iam() -> Any:
    return boto3.client("iam", region_name="us-east-1")


def apply(name: str = "corp", document: str = METADATA) -> str:
    found = iam().create_saml_provider(Name=name, SAMLMetadataDocument=document)
    return str(found["SAMLProviderArn"])


def test_a_provider_is_in_sync_and_another_unmanaged(aws: None, tmp_path: Path) -> None:
    apply()
    other = apply(name="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_iam_saml_provider.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_replaced_document_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    arn = apply()
    iam().update_saml_provider(
        SAMLProviderArn=arn, SAMLMetadataDocument=saml_metadata("https://evil.example.com")
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_iam_saml_provider.corp", ["saml_metadata_document"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "evil.example.com" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["iam.update_saml_provider"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_provider_is_created_again(aws: None, tmp_path: Path) -> None:
    iam().delete_saml_provider(SAMLProviderArn=apply())
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_iam_saml_provider.corp", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["iam.create_saml_provider"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    arn = apply()
    cfn = template(
        tmp_path / "cfn",
        f"""  Corp:
    Type: AWS::IAM::SAMLProvider
    Properties:
      Name: corp
      SamlMetadataDocument: '{METADATA}'
""",
    )
    report, _ = scan_source(cfn)
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: iam.aws.upbound.io/v1beta1
kind: SAMLProvider
metadata:
  name: corp
  annotations:
    crossplane.io/external-name: {arn}
spec:
  forProvider:
    samlMetadataDocument: '{saml_metadata("https://other.example.com")}'
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    # the provider tags what Crossplane manages; this one was made without them
    tagged = ["tags.crossplane-kind", "tags.crossplane-name", "tags.crossplane-providerconfig"]
    assert changed == [("aws_iam_saml_provider", ["saml_metadata_document", *tagged])]
