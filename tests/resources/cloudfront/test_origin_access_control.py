"""aws_cloudfront_origin_access_control on moto: a control made as Terraform makes it is in
sync (found by its name, Terraform's default description compared), one made by hand is
unmanaged; a changed signing behavior is drift put back whole with
UpdateOriginAccessControl (against the ETag the plan reads) and codified; a deleted one
is created again; CloudFormation, Crossplane and ACK declare it."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

TYPE = "aws_cloudfront_origin_access_control"
HCL = """
resource "aws_cloudfront_origin_access_control" "site" {
  name                              = "cdn-site"
  origin_access_control_origin_type = "s3"
  signing_behavior                  = "always"
  signing_protocol                  = "sigv4"
}
"""


def create(name: str = "cdn-site", behavior: str = "always") -> str:
    config = {
        "Name": name,
        "Description": "Managed by Terraform",
        "OriginAccessControlOriginType": "s3",
        "SigningBehavior": behavior,
        "SigningProtocol": "sigv4",
    }
    client = boto3.client("cloudfront", region_name="us-east-1")
    answer = client.create_origin_access_control(OriginAccessControlConfig=config)
    return str(answer["OriginAccessControl"]["Id"])


def test_an_applied_control_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    other = create(name="by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"{TYPE}.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_behavior_is_drift_put_back_codified_and_recreated(
    aws: None, tmp_path: Path
) -> None:
    control = create(behavior="no-override")
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.site", ["signing_behavior"])]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"no-override"' in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["cloudfront.update_origin_access_control"]
    assert calls[0].params["OriginAccessControlConfig"]["SigningBehavior"] == "always"
    assert calls[0].params["IfMatch"]  # the ETag read when the plan was made
    run(calls)
    assert drifts(scan(directory)) == []
    client = boto3.client("cloudfront", region_name="us-east-1")
    client.delete_origin_access_control(Id=control)
    assert drifts(scan(directory)) == [("missing", f"{TYPE}.site", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["cloudfront.create_origin_access_control"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    create()
    cfn = template(
        tmp_path / "cfn",
        """  Site:
    Type: AWS::CloudFront::OriginAccessControl
    Properties:
      OriginAccessControlConfig:
        Name: cdn-site
        Description: Managed by Terraform
        OriginAccessControlOriginType: s3
        SigningBehavior: always
        SigningProtocol: sigv4
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: cloudfront.services.k8s.aws/v1alpha1
kind: OriginAccessControl
metadata:
  name: site
spec:
  originAccessControlConfig:
    name: cdn-site
    description: Managed by Terraform
    originAccessControlOriginType: s3
    signingBehavior: always
    signingProtocol: sigv4
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: cloudfront.aws.upbound.io/v1beta1
kind: OriginAccessControl
metadata:
  name: site
spec:
  forProvider:
    region: us-east-1
    name: cdn-site
    description: Managed by Terraform
    originAccessControlOriginType: s3
    signingBehavior: no-override
    signingProtocol: sigv4
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], source
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [(TYPE, ["signing_behavior"])]
