"""aws_ec2_managed_prefix_list on moto: scan (AWS-managed lists are AWS's own), entries
as a set, drift reverted and codified, a deleted list created again, CloudFormation and
Crossplane declaring it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_ec2_managed_prefix_list" "office" {
  name           = "pl-office"
  address_family = "IPv4"
  max_entries    = 5
  entry {
    cidr        = "198.51.100.0/24"
    description = "office"
  }
  entry {
    cidr = "203.0.113.0/24"
  }
  tags = { Team = "net" }
}
"""


def ec2() -> Any:
    return boto3.client("ec2", region_name="us-east-1")


def apply(name: str = "pl-office") -> str:
    found = ec2().create_managed_prefix_list(
        PrefixListName=name,
        AddressFamily="IPv4",
        MaxEntries=5,
        # in another order than declared: a set
        Entries=[{"Cidr": "203.0.113.0/24"}, {"Cidr": "198.51.100.0/24", "Description": "office"}],
        TagSpecifications=[
            {"ResourceType": "prefix-list", "Tags": [{"Key": "Team", "Value": "net"}]}
        ],
    )
    return str(found["PrefixList"]["PrefixListId"])


def test_an_applied_list_is_in_sync_and_aws_lists_are_not_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL)
    report = scan(directory)
    assert drifts(report) == []  # moto holds AWS's S3, DynamoDB, CloudFront... lists too
    assert report["summary"]["managed"] == 1
    other = apply("pl-other")
    assert drifts(scan(directory)) == [("unmanaged", f"aws_ec2_managed_prefix_list.{other}", [])]


def test_entries_changed_by_hand_are_reverted(aws: None, tmp_path: Path) -> None:
    pl = apply()
    ec2().modify_managed_prefix_list(
        PrefixListId=pl,
        CurrentVersion=1,
        PrefixListName="pl-office",
        AddEntries=[{"Cidr": "0.0.0.0/0", "Description": "anyone"}],
        RemoveEntries=[{"Cidr": "203.0.113.0/24"}],
    )
    directory = write(tmp_path / "tf", HCL)
    [(kind, address, paths)] = drifts(scan(directory))
    assert (kind, address) == ("changed", "aws_ec2_managed_prefix_list.office")
    assert paths and all(p.startswith("entry") for p in paths)
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.name, dict(c.params)) for c in calls] == [
        (
            "ec2.modify_managed_prefix_list",
            {
                "PrefixListId": pl,
                "PrefixListName": "pl-office",
                "AddEntries": [{"Cidr": "203.0.113.0/24"}],
                "RemoveEntries": [{"Cidr": "0.0.0.0/0"}],
                "CurrentVersion": 2,
            },
        )
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_a_deleted_list_is_created_again(aws: None, tmp_path: Path) -> None:
    pl = apply()
    ec2().delete_managed_prefix_list(PrefixListId=pl)
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_ec2_managed_prefix_list.office", [])]
    calls, _ = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["ec2.create_managed_prefix_list"]
    run(calls)
    assert drifts(scan(directory)) == []


def test_changed_tags_are_codified_into_the_hcl(aws: None, tmp_path: Path) -> None:
    pl = apply()
    ec2().create_tags(Resources=[pl], Tags=[{"Key": "Team", "Value": "edge"}])
    directory = write(tmp_path / "tf", HCL)
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"edge"' in plan.diff


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    pl = apply()
    cfn = template(
        tmp_path / "cfn",
        """  Office:
    Type: AWS::EC2::PrefixList
    Properties:
      PrefixListName: pl-office
      AddressFamily: IPv4
      MaxEntries: 5
      Entries:
        - {Cidr: 198.51.100.0/24, Description: office}
        - {Cidr: 203.0.113.0/24}
      Tags: [{Key: Team, Value: net}]
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: ec2.aws.upbound.io/v1beta1
kind: ManagedPrefixList
metadata:
  name: office
  annotations:
    crossplane.io/external-name: {pl}
spec:
  forProvider:
    region: us-east-1
    name: pl-office
    addressFamily: IPv4
    maxEntries: 5
    entry:
      - cidr: 198.51.100.0/24
        description: office
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], c["path"]) for d in report["drifts"] if d["kind"] == "changed"
               for c in d["changes"]]  # fmt: skip
    # the crossplane-* tags are declared too; the entry left out is drift
    assert [p for _, p in changed if not p.startswith("tags")] == ["entry[1]"]
