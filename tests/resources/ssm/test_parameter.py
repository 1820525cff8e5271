"""aws_ssm_parameter on moto: values compared for String parameters, a SecureString's
value never read (nor decrypted), declared, compared or printed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3
import pytest
from moto.ssm.models import Parameter

from tests.resources.hcl import REGION, changed, kinds, refusals, revert_all, scan

HCL = """
resource "aws_ssm_parameter" "url" {
  name        = "/app/url"
  type        = "String"
  value       = "https://app.example.com"
  description = "the app's URL"
  tags        = { Team = "app" }
}
resource "aws_ssm_parameter" "token" {
  name  = "/app/token"
  type  = "SecureString"
  value = "s3cr3t-declared"
}
"""


@pytest.fixture
def no_decryption(aws: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A SecureString decrypted for driftctl fails the test (boto3 calls made by the test
    itself decrypt nothing either)."""

    def decrypt(self: Any, value: str) -> str | None:
        raise AssertionError("a SecureString was decrypted")

    monkeypatch.setattr(Parameter, "decrypt", decrypt)


def _parameters() -> None:
    ssm = boto3.client("ssm", region_name=REGION)
    ssm.put_parameter(
        Name="/app/url",
        Type="String",
        Value="https://app.example.com",
        Description="the app's URL",
        Tags=[{"Key": "Team", "Value": "app"}],
    )
    ssm.put_parameter(Name="/app/token", Type="SecureString", Value="s3cr3t-live")


def test_in_sync_with_a_securestring_whose_value_differs(
    no_decryption: None, tmp_path: Path
) -> None:
    _parameters()
    boto3.client("ssm", region_name=REGION).put_parameter(Name="/by-hand", Type="String", Value="x")
    drifts = scan(tmp_path, HCL)
    assert kinds(drifts) == [("unmanaged", "aws_ssm_parameter", "/by-hand")]
    assert "s3cr3t" not in repr(drifts)


def test_a_changed_value_and_tags_are_drift_and_reverted(
    no_decryption: None, tmp_path: Path
) -> None:
    _parameters()
    ssm = boto3.client("ssm", region_name=REGION)
    ssm.put_parameter(Name="/app/url", Type="String", Value="http://evil", Overwrite=True)
    ssm.add_tags_to_resource(
        ResourceType="Parameter", ResourceId="/app/url", Tags=[{"Key": "Team", "Value": "x"}]
    )
    ssm.put_parameter(Name="/app/token", Type="SecureString", Value="rotated", Overwrite=True)
    drifts = scan(tmp_path, HCL)
    assert changed(drifts, "aws_ssm_parameter.url") == {
        "value": ("https://app.example.com", "http://evil"),
        "tags.Team": ("app", "x"),
    }
    assert changed(drifts, "aws_ssm_parameter.token") == {}
    # the provider's schema marks `value` sensitive: compared, never shown
    value = [c for d in drifts for c in d.changes if c.path == "value"]
    assert [c.sensitive for c in value] == [True]
    assert "http://evil" not in str([d.to_json() for d in drifts])
    revert_all(tmp_path)
    assert scan(tmp_path, HCL) == []
    assert ssm.get_parameter(Name="/app/url")["Parameter"]["Value"] == "https://app.example.com"


def test_a_securestring_is_never_put_back_without_its_value() -> None:
    live = {"type": "SecureString", "description": "x"}
    found = refusals("aws_ssm_parameter", live, {"type": "SecureString", "description": "y"})
    assert len(found) == 1 and "never reads for a SecureString" in found[0]
    found = refusals("aws_ssm_parameter", {"type": "String"}, {"type": "StringList"})
    assert "replace needed: a human decides" in found[0]
