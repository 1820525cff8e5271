"""aws_backup_plan on moto (UpdateBackupPlan emulated: tests/tf/moto_gaps.py): Terraform's
rule defaults not drift, a changed rule put back whole and codified, tags, CloudFormation
(AWS's own window defaults) and Crossplane."""

from __future__ import annotations

from pathlib import Path

import boto3
import pytest
from moto.backup.responses import BackupResponse

from tests.resources.formats import codify, manifests, scan_source, template
from tests.resources.helpers import drifts, plan_calls, run, scan, write
from tests.tf.moto_gaps import backup_plan_update

REGION = "us-east-1"
HCL = """
resource "aws_backup_plan" "daily" {
  name = "store-daily"
  rule {
    rule_name         = "daily"
    target_vault_name = "store-main"
    schedule          = "cron(0 5 * * ? *)"
    lifecycle {
      delete_after = 14
    }
  }
  tags = { team = "data" }
}
"""
# what the provider sends for that rule (its window defaults with it)
RULE = {"RuleName": "daily", "TargetBackupVaultName": "store-main",
        "ScheduleExpression": "cron(0 5 * * ? *)", "StartWindowMinutes": 60,
        "CompletionWindowMinutes": 180, "Lifecycle": {"DeleteAfterDays": 14}}  # fmt: skip


@pytest.fixture(autouse=True)
def _update(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BackupResponse, "update_backup_plan", backup_plan_update, raising=False)


def create(name: str = "store-daily", rule: dict[str, object] | None = None) -> str:
    backup = boto3.client("backup", region_name=REGION)
    answer = backup.create_backup_plan(
        BackupPlan={"BackupPlanName": name, "Rules": [rule or RULE]},
        BackupPlanTags={"team": "data"},
    )
    return str(answer["BackupPlanId"])


def test_an_applied_plan_is_in_sync_and_another_one_unmanaged(aws: None, tmp_path: Path) -> None:
    create()
    other = create("by-hand")
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == [("unmanaged", f"aws_backup_plan.{other}", [])]
    assert report["summary"]["managed"] == 1


def test_a_changed_rule_is_drift_put_back_and_codified(aws: None, tmp_path: Path) -> None:
    plan_id = create()
    backup = boto3.client("backup", region_name=REGION)
    changed = {**RULE, "Lifecycle": {"DeleteAfterDays": 30}}
    backup.update_backup_plan(
        BackupPlanId=plan_id, BackupPlan={"BackupPlanName": "store-daily", "Rules": [changed]}
    )
    directory = write(tmp_path / "tf", HCL)
    found = drifts(scan(directory))
    assert [(kind, address) for kind, address, _ in found] == [("changed", "aws_backup_plan.daily")]
    assert all(path.startswith("rule") for path in found[0][2])
    _, listed = scan_source(f"hcl://{directory}")
    plan = codify(directory, [d for d in listed if d.kind == "changed"])
    assert plan.humans == []
    assert "delete_after = 30" in plan.diff
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [c.name for c in calls] == ["backup.update_backup_plan"]
    run(calls)
    assert drifts(scan(directory)) == []
    rules = backup.get_backup_plan(BackupPlanId=plan_id)["BackupPlan"]["Rules"]
    assert rules[0]["Lifecycle"] == {"DeleteAfterDays": 14}


def test_cloudformation_and_crossplane_declare_it(aws: None, tmp_path: Path) -> None:
    # no windows given: AWS's own defaults (8 hours to start, 7 days to complete)
    aws_defaults = {k: v for k, v in RULE.items() if not k.endswith("WindowMinutes")}
    plan_id = create(rule={**aws_defaults, "StartWindowMinutes": 480,
                           "CompletionWindowMinutes": 10080})  # fmt: skip
    cfn = template(
        tmp_path / "cfn",
        """  Daily:
    Type: AWS::Backup::BackupPlan
    Properties:
      BackupPlan:
        BackupPlanName: store-daily
        BackupPlanRule:
          - RuleName: daily
            TargetBackupVault: store-main
            ScheduleExpression: cron(0 5 * * ? *)
            Lifecycle:
              DeleteAfterDays: 14
      BackupPlanTags:
        team: data
""",
    )
    report, _ = scan_source(cfn)
    assert report["drifts"] == []
    assert report["summary"]["managed"] == 1
    crossplane = manifests(
        tmp_path / "xp",
        f"""apiVersion: backup.aws.upbound.io/v1beta1
kind: Plan
metadata:
  name: daily
  annotations:
    crossplane.io/external-name: {plan_id}
spec:
  forProvider:
    region: us-east-1
    name: store-daily
    rule:
      - ruleName: daily
        targetVaultName: store-main
        schedule: cron(0 5 * * ? *)
        startWindow: 480
        completionWindow: 10080
        lifecycle:
          - deleteAfter: 7
""",
    )
    report, _ = scan_source(crossplane)
    assert [(d["type"], d["kind"]) for d in report["drifts"]] == [("aws_backup_plan", "changed")]
    paths = [c["path"] for c in report["drifts"][0]["changes"]]
    assert any(p.startswith("rule") for p in paths)
