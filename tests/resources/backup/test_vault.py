"""aws_backup_vault on moto: AWS's own vaults never unmanaged, every declared format, a
tag drift put back and codified, a deleted vault made again."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write

REGION = "us-east-1"
HCL = """
resource "aws_backup_vault" "main" {
  name = "store-main"
  tags = { team = "data" }
}
"""


def create(name: str = "store-main", **tags: str) -> str:
    backup = boto3.client("backup", region_name=REGION)
    answer = backup.create_backup_vault(
        BackupVaultName=name, BackupVaultTags=tags or {"team": "data"}
    )
    return str(answer["BackupVaultArn"])


def test_an_applied_vault_is_in_sync_and_the_default_vault_is_not_unmanaged(
    aws: None, tmp_path: Path
) -> None:
    create()
    create("by-hand")
    create("Default")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", "aws_backup_vault.by-hand", [])]
    assert report["summary"]["managed"] == 1


def test_changed_tags_are_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    vault = create()
    backup = boto3.client("backup", region_name=REGION)
    backup.tag_resource(ResourceArn=vault, Tags={"by": "hand"})
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == [("changed", "aws_backup_vault.main", ["tags.by"])]
    _, found = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in found if d.kind == "changed"])
    assert plan.humans == []
    assert '"hand"' in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["backup.untag_resource"]
    run(calls)
    assert drifts(scan(directory)) == []
    backup.delete_backup_vault(BackupVaultName="store-main")
    assert drifts(scan(directory)) == [("missing", "aws_backup_vault.main", [])]
    calls, _ = plan_calls(tmp_path, directory)
    run(calls)
    assert drifts(scan(directory)) == []


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    vault = create()
    cfn = template(
        tmp_path / "cfn",
        """  Main:
    Type: AWS::Backup::BackupVault
    Properties:
      BackupVaultName: store-main
      BackupVaultTags:
        team: data
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    # the tags the Upbound provider puts on what it manages
    provider = {"crossplane-kind": "vault.backup.aws.upbound.io", "crossplane-name": "store-main",
                "crossplane-providerconfig": "default"}  # fmt: skip
    boto3.client("backup", region_name=REGION).tag_resource(ResourceArn=vault, Tags=provider)
    crossplane = manifests(
        tmp_path / "xp",
        """apiVersion: backup.aws.upbound.io/v1beta1
kind: Vault
metadata:
  name: store-main
spec:
  forProvider:
    region: us-east-1
    tags:
      team: ops
""",
    )
    report, _ = scan_source(crossplane)
    changed = [(d["type"], [c["path"] for c in d["changes"]]) for d in report["drifts"]]
    assert changed == [("aws_backup_vault", ["tags.team"])]
