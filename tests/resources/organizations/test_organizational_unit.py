"""aws_organizations_organizational_unit on moto: units read level by level (a nested one
too), one not declared unmanaged; an account in no organization has none (not an error);
a retagged unit put back and codified, a deleted one created again; CloudFormation and
Crossplane declare it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

TYPE = "aws_organizations_organizational_unit"


def org() -> Any:
    return boto3.client("organizations", region_name="us-east-1")


def organization() -> str:
    """A new organization: its root's id."""
    org().create_organization(FeatureSet="ALL")
    return str(org().list_roots()["Roots"][0]["Id"])


def unit(parent: str, name: str, **tags: str) -> str:
    params: dict[str, Any] = {"ParentId": parent, "Name": name}
    if tags:
        params["Tags"] = [{"Key": k, "Value": v} for k, v in tags.items()]
    return str(org().create_organizational_unit(**params)["OrganizationalUnit"]["Id"])


def hcl(root: str) -> str:
    return f"""
resource "aws_organizations_organizational_unit" "workloads" {{
  name      = "workloads"
  parent_id = "{root}"
  tags      = {{ Team = "platform" }}
}}

resource "aws_organizations_organizational_unit" "prod" {{
  name      = "prod"
  parent_id = aws_organizations_organizational_unit.workloads.id
}}
"""


def test_units_are_read_level_by_level_and_another_one_is_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    root = organization()
    workloads = unit(root, "workloads", Team="platform")
    unit(workloads, "prod")
    stray = unit(root, "sandbox")
    report = scan(write(tmp_path / "tf", hcl(root)))
    assert drifts(report) == [("unmanaged", f"{TYPE}.{stray}", [])]
    assert report["summary"]["managed"] == 2


def test_an_account_in_no_organization_has_none(aws: None, tmp_path: Path) -> None:
    report = scan(write(tmp_path / "tf", hcl("r-abcd")))
    assert report["errors"] == []
    assert drifts(report) == [
        ("missing", f"{TYPE}.prod", []),
        ("missing", f"{TYPE}.workloads", []),
    ]


def test_retagged_unit_is_put_back_and_codified_a_deleted_one_created(
    aws: None, tmp_path: Path
) -> None:
    root = organization()
    workloads = unit(root, "workloads", Team="changed-by-hand")
    prod = unit(workloads, "prod")
    directory = write(tmp_path / "tf", hcl(root))
    assert drifts(scan(directory)) == [("changed", f"{TYPE}.workloads", ["tags.Team"])]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert "changed-by-hand" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["organizations.tag_resource"]
    run(calls)
    assert drifts(scan(directory)) == []
    org().delete_organizational_unit(OrganizationalUnitId=prod)
    assert drifts(scan(directory)) == [("missing", f"{TYPE}.prod", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["organizations.create_organizational_unit"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    root = organization()
    workloads = unit(root, "workloads", Team="platform")
    cfn = template(
        tmp_path / "cfn",
        f"""  Workloads:
    Type: AWS::Organizations::OrganizationalUnit
    Properties:
      Name: workloads
      ParentId: {root}
      Tags:
        - Key: Team
          Value: platform
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: organizations.aws.upbound.io/v1beta1
kind: OrganizationalUnit
metadata:
  name: workloads
  annotations:
    crossplane.io/external-name: {workloads}
spec:
  forProvider:
    name: workloads
    parentId: {root}
    tags:
      Team: platform
""",
    )
    provider = {
        "crossplane-kind": "organizationalunit.organizations.aws.upbound.io",
        "crossplane-name": "workloads",
        "crossplane-providerconfig": "default",
    }
    tags = [{"Key": k, "Value": v} for k, v in provider.items()]
    org().tag_resource(ResourceId=workloads, Tags=tags)
    org().untag_resource(ResourceId=workloads, TagKeys=["Team"])
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [(TYPE, ["tags.Team"])]
