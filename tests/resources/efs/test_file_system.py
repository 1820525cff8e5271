"""aws_efs_file_system on moto: a file system created as Terraform creates it is in
sync; a changed lifecycle policy or tag is drift a revert puts back; a changed
throughput plans UpdateFileSystem (moto has no UpdateFileSystem: the call is checked,
not made); a changed performance mode needs a human; a missing file system is created."""

from __future__ import annotations

from pathlib import Path

import boto3

from driftctl.resources.efs.file_system import build
from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_efs_file_system" "data" {
  creation_token = "efs-data"
  encrypted      = true
  lifecycle_policy {
    transition_to_ia = "AFTER_30_DAYS"
  }
  tags = { Name = "efs-data", Team = "web" }
}
"""


def apply() -> str:
    """What `terraform apply` makes of HCL: the file system id."""
    efs = boto3.client("efs", region_name="us-east-1")
    fid = efs.create_file_system(
        CreationToken="efs-data",
        Encrypted=True,
        PerformanceMode="generalPurpose",
        ThroughputMode="bursting",
        Tags=[{"Key": "Name", "Value": "efs-data"}, {"Key": "Team", "Value": "web"}],
    )["FileSystemId"]
    efs.put_lifecycle_configuration(
        FileSystemId=fid, LifecyclePolicies=[{"TransitionToIA": "AFTER_30_DAYS"}]
    )
    return str(fid)


def test_an_applied_file_system_is_in_sync(aws: None, tmp_path: Path) -> None:
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1


def test_changes_are_drift_and_a_revert_puts_them_back(aws: None, tmp_path: Path) -> None:
    fid = apply()
    efs = boto3.client("efs", region_name="us-east-1")
    efs.put_lifecycle_configuration(
        FileSystemId=fid,
        LifecyclePolicies=[
            {"TransitionToIA": "AFTER_7_DAYS"},
            {"TransitionToPrimaryStorageClass": "AFTER_1_ACCESS"},
        ],
    )
    efs.tag_resource(ResourceId=fid, Tags=[{"Key": "Owner", "Value": "ops"}])
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [
        (
            "changed",
            "aws_efs_file_system.data",
            ["lifecycle_policy[0]", "lifecycle_policy[0]", "lifecycle_policy[1]", "tags.Owner"],
        )
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert sorted(c.name for c in calls) == [
        "efs.put_lifecycle_configuration",
        "efs.untag_resource",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_throughput_is_put_back_and_the_performance_mode_needs_a_human(
    aws: None, tmp_path: Path
) -> None:
    """moto has no UpdateFileSystem: the file system is seeded with what the HCL does not
    declare, and the planned call is checked instead of made."""
    efs = boto3.client("efs", region_name="us-east-1")
    efs.create_file_system(
        CreationToken="efs-data",
        Encrypted=True,
        PerformanceMode="maxIO",
        ThroughputMode="provisioned",
        ProvisionedThroughputInMibps=64.0,
        Tags=[{"Key": "Name", "Value": "efs-data"}, {"Key": "Team", "Value": "web"}],
    )
    hcl = HCL.replace(
        "encrypted      = true", 'encrypted = true\n  performance_mode = "generalPurpose"'
    )
    hcl = hcl.replace('  lifecycle_policy {\n    transition_to_ia = "AFTER_30_DAYS"\n  }\n', "")
    directory = write(tmp_path / "tf", hcl)
    assert drifts(scan(directory)) == [
        ("changed", "aws_efs_file_system.data", ["performance_mode", "throughput_mode"])
    ]
    calls, refusals = plan_calls(tmp_path, directory)
    assert [(c.name, dict(c.params)) for c in calls] == [
        (
            "efs.update_file_system",
            {"FileSystemId": calls[0].params["FileSystemId"], "ThroughputMode": "bursting"},
        )
    ]
    assert len(refusals) == 1 and "performance_mode" in refusals[0]
    assert "replace needed: a human decides" in refusals[0]


def test_a_missing_file_system_is_created(aws: None, tmp_path: Path) -> None:
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("missing", "aws_efs_file_system.data", [])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == [
        "efs.create_file_system",
        "efs.put_lifecycle_configuration",
    ]
    run(calls)
    assert drifts(scan(directory)) == []


def test_an_unmanaged_file_system_is_reported(aws: None, tmp_path: Path) -> None:
    apply()
    efs = boto3.client("efs", region_name="us-east-1")
    other = efs.create_file_system(CreationToken="efs-other")["FileSystemId"]
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_efs_file_system.{other}", [])]


def test_lifecycle_policies_are_read_in_terraforms_shape() -> None:
    item = {"FileSystemId": "fs-1", "CreationToken": "t", "Tags": []}
    lifecycle = {
        "LifecyclePolicies": [
            {"TransitionToPrimaryStorageClass": "AFTER_1_ACCESS"},
            {"TransitionToIA": "AFTER_30_DAYS"},
        ]
    }
    (found,) = build(item, {"lifecycle": lifecycle}, "us-east-1")
    assert found.attrs["lifecycle_policy"] == [
        {"transition_to_ia": "AFTER_30_DAYS"},
        {"transition_to_primary_storage_class": "AFTER_1_ACCESS"},
    ]
    assert found.attrs["throughput_mode"] == "bursting"
