"""aws_route53_health_check on moto: a check made as Terraform makes it is in sync (found
by what it checks, Terraform's defaults compared), one made by hand is unmanaged and one
another service manages is not; a changed path, threshold, inversion and tag are drift
put back with UpdateHealthCheck and ChangeTagsForResource, and codified; a deleted check
is created again; CloudFormation, Crossplane and ACK declare it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl.core.model import Resource
from driftctl.resources.route53 import health_check
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

TYPE = "aws_route53_health_check"
HCL = """
resource "aws_route53_health_check" "api" {
  type              = "HTTPS"
  fqdn              = "api.dns-hc.example"
  port              = 443
  resource_path     = "/health"
  failure_threshold = 3
  tags = {
    Name = "api"
  }
}
"""


def create(name: str = "api", **changes: Any) -> str:
    config: dict[str, Any] = {
        "Type": "HTTPS",
        "FullyQualifiedDomainName": "api.dns-hc.example",
        "Port": 443,
        "ResourcePath": "/health",
        "FailureThreshold": 3,
        "RequestInterval": 30,
        **changes,
    }
    r53 = boto3.client("route53", region_name="us-east-1")
    check = r53.create_health_check(CallerReference=str(changes), HealthCheckConfig=config)
    check_id = str(check["HealthCheck"]["Id"])
    tags = [{"Key": "Name", "Value": name}]
    r53.change_tags_for_resource(ResourceType="healthcheck", ResourceId=check_id, AddTags=tags)
    return check_id


def test_an_applied_check_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    other = create(name="other", FullyQualifiedDomainName="other.dns-hc.example")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"{TYPE}.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_check_another_service_manages_is_aws_own() -> None:
    attrs = {"type": "HTTP", "linked_service": "servicediscovery.amazonaws.com"}
    assert health_check.FAMILY.types[0].is_aws_default(Resource(TYPE, "hc-1", None, attrs))
    assert not health_check.FAMILY.types[0].is_aws_default(Resource(TYPE, "hc-2", None, {}))


def test_changes_are_drift_put_back_codified_and_recreated(aws: None, tmp_path: Path) -> None:
    check = create(ResourcePath="/changed", FailureThreshold=5)
    r53 = boto3.client("route53", region_name="us-east-1")
    r53.change_tags_for_resource(
        ResourceType="healthcheck", ResourceId=check, AddTags=[{"Key": "Owner", "Value": "x"}]
    )
    directory = write(tmp_path / "tf", HCL)
    paths = ["failure_threshold", "resource_path", "tags.Owner"]
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.api", paths)]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"/changed"' in plan.diff
    # inverted by hand: Terraform's default (false), which no declaration writes
    r53.update_health_check(HealthCheckId=check, Inverted=True)
    paths = ["failure_threshold", "invert_healthcheck", "resource_path", "tags.Owner"]
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.api", paths)]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    names = sorted(c.name for c in calls)
    assert names == ["route53.change_tags_for_resource", "route53.update_health_check"]
    update = next(c for c in calls if c.operation == "update_health_check")
    assert update.params["Inverted"] is False
    assert "MeasureLatency" not in update.params  # fixed at creation: UpdateHealthCheck has none
    run(calls)
    assert drifts(scan(directory)) == []
    r53.delete_health_check(HealthCheckId=check)
    assert drifts(scan(directory)) == [("missing", f"{TYPE}.api", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert calls[0].name == "route53.create_health_check"
    run(calls)
    assert drifts(scan(directory)) == []


@pytest.mark.parametrize(
    ("before", "after", "reset"),
    [
        (
            {"resource_path": "/x", "regions": ["eu-west-1"]},
            {"resource_path": None},
            ["ResourcePath"],
        ),
        ({"regions": ["eu-west-1"]}, {"regions": []}, ["Regions"]),
    ],
)
def test_a_value_no_longer_declared_is_reset(
    before: dict[str, Any], after: dict[str, Any], reset: list[str]
) -> None:
    from driftctl.base.calls import Ctx

    calls = health_check._update(Ctx("hc-1", "us-east-1", "hc"), before, after)
    assert calls[0].params.get("ResetElements") == reset
    assert "Regions" not in calls[0].params and "ResourcePath" not in calls[0].params


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    check = create()
    cfn = template(
        tmp_path / "cfn",
        """  Api:
    Type: AWS::Route53::HealthCheck
    Properties:
      HealthCheckConfig:
        Type: HTTPS
        FullyQualifiedDomainName: api.dns-hc.example
        Port: 443
        ResourcePath: /health
        FailureThreshold: 3
      HealthCheckTags:
        - Key: Name
          Value: api
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: route53.services.k8s.aws/v1alpha1
kind: HealthCheck
metadata:
  name: api
spec:
  healthCheckConfig:
    type: HTTPS
    fullyQualifiedDomainName: api.dns-hc.example
    port: 443
    resourcePath: /health
    failureThreshold: 3
  tags:
    - key: Name
      value: api
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: route53.aws.upbound.io/v1beta1
kind: HealthCheck
metadata:
  name: api
spec:
  forProvider:
    type: HTTPS
    fqdn: api.dns-hc.example
    port: 443
    resourcePath: /ready
    failureThreshold: 3
    tags:
      Name: api
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], source
        assert report["summary"]["managed"] == 1
    xp_tags = {"crossplane-kind": "healthcheck.route53.aws.upbound.io",
               "crossplane-name": "api", "crossplane-providerconfig": "default"}  # fmt: skip
    boto3.client("route53", region_name="us-east-1").change_tags_for_resource(
        ResourceType="healthcheck",
        ResourceId=check,
        AddTags=[{"Key": k, "Value": v} for k, v in xp_tags.items()],
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [(TYPE, ["resource_path"])]
