"""aws_wafv2_ip_set on moto: a REGIONAL set read with its addresses and tags, every
declared format, drift put back (UpdateIPSet against the lock token read) and codified."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import boto3
import pytest

from driftctl.resources.registry import SCANS
from driftctl.resources.wafv2 import ip_set
from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_wafv2_ip_set" "office" {
  name               = "office"
  scope              = "REGIONAL"
  ip_address_version = "IPV4"
  addresses          = ["192.0.2.0/24", "10.0.0.0/8"]
  tags = {
    Team = "edge"
  }
}
"""


def client():  # type: ignore[no-untyped-def]
    return boto3.client("wafv2", region_name=REGION)


def create(name: str = "office", addresses: list[str] | None = None) -> str:
    answer = client().create_ip_set(
        Name=name,
        Scope="REGIONAL",
        IPAddressVersion="IPV4",
        Addresses=addresses if addresses is not None else ["10.0.0.0/8", "192.0.2.0/24"],
        Tags=[{"Key": "Team", "Value": "edge"}],
    )
    return str(answer["Summary"]["Id"])


def test_an_applied_set_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    other = create(name="by-hand", addresses=[])
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_wafv2_ip_set.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_an_added_address_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    set_id = create()
    token = client().get_ip_set(Name="office", Scope="REGIONAL", Id=set_id)["LockToken"]
    client().update_ip_set(
        Name="office",
        Scope="REGIONAL",
        Id=set_id,
        Addresses=["10.0.0.0/8", "192.0.2.0/24", "0.0.0.0/0"],
        LockToken=token,
    )
    client().untag_resource(
        ResourceARN=client().get_ip_set(Name="office", Scope="REGIONAL", Id=set_id)["IPSet"]["ARN"],
        TagKeys=["Team"],
    )
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        ("changed", "aws_wafv2_ip_set.office", ["addresses[0]", "tags.Team"])
    ]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "0.0.0.0/0" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == ["wafv2.tag_resource", "wafv2.update_ip_set"]
    run(calls)
    assert drifts(scan(directory)) == []
    token = client().get_ip_set(Name="office", Scope="REGIONAL", Id=set_id)["LockToken"]
    client().delete_ip_set(Name="office", Scope="REGIONAL", Id=set_id, LockToken=token)
    assert drifts(scan(directory)) == [("missing", "aws_wafv2_ip_set.office", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_cloudfront_set_is_left_out_not_missing(aws: None, tmp_path: Path) -> None:
    hcl = HCL.replace('"REGIONAL"', '"CLOUDFRONT"')
    report = scan(write(tmp_path / "tf", hcl))
    assert drifts(report) == []


def test_cloudformation_crossplane_and_ack_declare_it(aws: None, tmp_path: Path) -> None:
    set_id = create()
    cfn = template(
        tmp_path / "cfn",
        """  Office:
    Type: AWS::WAFv2::IPSet
    Properties:
      Name: office
      Scope: REGIONAL
      IPAddressVersion: IPV4
      Addresses: [10.0.0.0/8, 192.0.2.0/24]
      Tags:
        - {Key: Team, Value: edge}
""",
    )
    ack = manifests(
        tmp_path / "ack",
        """apiVersion: wafv2.services.k8s.aws/v1alpha1
kind: IPSet
metadata:
  name: office
spec:
  name: office
  scope: REGIONAL
  ipAddressVersion: IPV4
  addresses: [10.0.0.0/8, 192.0.2.0/24]
  tags:
    - {key: Team, value: edge}
""",
    )
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: wafv2.aws.upbound.io/v1beta1
kind: IPSet
metadata:
  name: office
  annotations:
    crossplane.io/external-name: {set_id}
spec:
  forProvider:
    region: us-east-1
    name: office
    scope: REGIONAL
    ipAddressVersion: IPV4
    addresses: [10.0.0.0/8]
    tags: {{Team: edge}}
""",
    )
    for source in (cfn, ack):
        report, _ = scan_source(source)
        assert report["drifts"] == [], source
        assert report["summary"]["managed"] == 1
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    # the address left out, and the tags the Crossplane provider puts on what it manages
    assert changed == [
        (
            "aws_wafv2_ip_set",
            [
                "addresses[1]",
                "tags.crossplane-kind",
                "tags.crossplane-name",
                "tags.crossplane-providerconfig",
            ],
        )
    ]


def test_every_page_of_sets_is_read(
    aws: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ListIPSets pages by a NextMarker botocore has no paginator for: every page is read
    (2 sets a page here, 100 live)."""
    listing = dataclasses.replace(ip_set.SCAN.listing, params={"Scope": "REGIONAL", "Limit": 2})
    monkeypatch.setitem(SCANS, ip_set.SCAN.name, dataclasses.replace(ip_set.SCAN, listing=listing))
    for n in range(5):
        create(name=f"set-{n}", addresses=[])
    report = scan(write(tmp_path / "tf", HCL))
    assert len([d for d in drifts(report) if d[0] == "unmanaged"]) == 5
    assert ("missing", "aws_wafv2_ip_set.office", []) in drifts(report)
