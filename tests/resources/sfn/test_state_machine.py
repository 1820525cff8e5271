"""aws_sfn_state_machine on moto: the definition compared as parsed JSON, AWS defaults,
revert in place."""

from __future__ import annotations

import json
from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

HCL = """
resource "aws_sfn_state_machine" "flow" {
  name     = "flow"
  role_arn = "arn:aws:iam::123456789012:role/flow"
  definition = jsonencode({
    StartAt = "A"
    States  = { A = { Type = "Pass", End = true } }
  })
  tags = { Team = "jobs" }
}
"""
ROLE = "arn:aws:iam::123456789012:role/flow"


def apply() -> str:
    definition = '{\n  "States": {"A": {"End": true, "Type": "Pass"}},\n  "StartAt": "A"\n}'
    arn = boto3.client("stepfunctions", region_name="us-east-1").create_state_machine(
        name="flow", definition=definition, roleArn=ROLE, tags=[{"key": "Team", "value": "jobs"}]
    )["stateMachineArn"]
    return str(arn)


def test_an_applied_state_machine_is_in_sync(aws: None, tmp_path: Path) -> None:
    """The definition is written differently (key order, spacing): equal once parsed."""
    apply()
    report = scan(write(tmp_path / "tf", HCL))
    assert drifts(report) == []
    assert report["summary"]["managed"] == 1


def test_a_changed_definition_is_drift_and_reverted(aws: None, tmp_path: Path) -> None:
    arn = apply()
    sfn = boto3.client("stepfunctions", region_name="us-east-1")
    other = {"StartAt": "A", "States": {"A": {"Type": "Wait", "Seconds": 5, "End": True}}}
    sfn.update_state_machine(stateMachineArn=arn, definition=json.dumps(other))
    directory = write(tmp_path / "tf", HCL)
    found = drifts(scan(directory))
    assert [(k, a) for k, a, _ in found] == [("changed", "aws_sfn_state_machine.flow")]
    assert all(p.startswith("definition.States.A.") for p in found[0][2])
    calls, refusals = plan_calls(tmp_path, directory)
    assert [c.name for c in calls] == ["stepfunctions.update_state_machine"] and refusals == []
    run(calls)
    assert drifts(scan(directory)) == []
