"""aws_key_pair on moto: the public key compares without its comment; tags are put
back on the key's id; another public key needs a human."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.helpers import drifts, plan_calls, run, scan, write

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH0kuTtB5S2bO2Y0gP3u7u5Yyq8Jv9T3c3QZx7m1cJ8F"
OTHER = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBx8c1mJ7xZQ3c3T9vJ8qyY5u7u3Pg0Y2Ob2S5BtTuk0"
HCL = f"""
resource "aws_key_pair" "deploy" {{
  key_name   = "net-deploy"
  public_key = "{KEY} deploy@laptop"
  tags       = {{ Team = "ops" }}
}}
"""


def apply() -> str:
    ec2 = boto3.client("ec2", region_name="us-east-1")
    key = ec2.import_key_pair(
        KeyName="net-deploy",
        PublicKeyMaterial=f"{KEY} deploy@laptop".encode(),
        TagSpecifications=[{"ResourceType": "key-pair", "Tags": [{"Key": "Team", "Value": "ops"}]}],
    )
    return str(key["KeyPairId"])


def test_an_imported_key_is_in_sync_and_tag_drift_is_put_back_on_its_id(
    aws: None, tmp_path: Path
) -> None:
    key_id = apply()
    directory = write(tmp_path / "tf", HCL)
    assert drifts(scan(directory)) == []
    ec2 = boto3.client("ec2", region_name="us-east-1")
    ec2.create_tags(Resources=[key_id], Tags=[{"Key": "Team", "Value": "data"}])
    assert drifts(scan(directory)) == [("changed", "aws_key_pair.deploy", ["tags.Team"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert refusals == []
    assert [(c.operation, c.params["Resources"]) for c in calls] == [("create_tags", [key_id])]
    run(calls)
    assert drifts(scan(directory)) == []


def test_another_public_key_is_drift_that_a_human_replaces(aws: None, tmp_path: Path) -> None:
    apply()
    directory = write(tmp_path / "tf", HCL.replace(KEY, OTHER))
    assert drifts(scan(directory)) == [("changed", "aws_key_pair.deploy", ["public_key"])]
    calls, refusals = plan_calls(tmp_path, directory)
    assert calls == []
    assert any("public_key of aws_key_pair.deploy" in r and "replace needed" in r for r in refusals)
