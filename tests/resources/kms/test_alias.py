"""aws_kms_alias on moto: alias/aws/* never unmanaged, the target compared and reverted."""

from __future__ import annotations

from pathlib import Path

import boto3

from tests.resources.hcl import REGION, changed, kinds, refusals, revert_all, scan

HCL = """
resource "aws_kms_key" "data" {
  description = "app data"
}
resource "aws_kms_alias" "data" {
  name          = "alias/app-data"
  target_key_id = aws_kms_key.data.key_id
}
"""


def _keys() -> tuple[str, str]:
    kms = boto3.client("kms", region_name=REGION)
    data = kms.create_key(Description="app data")["KeyMetadata"]
    other = kms.create_key(Description="other")["KeyMetadata"]["KeyId"]
    kms.create_alias(AliasName="alias/app-data", TargetKeyId=data["KeyId"])
    return str(data["KeyId"]), str(other)


def test_aws_aliases_are_never_unmanaged_and_a_hand_made_one_is(aws: None, tmp_path: Path) -> None:
    _, other = _keys()
    boto3.client("kms", region_name=REGION).create_alias(
        AliasName="alias/by-hand", TargetKeyId=other
    )
    drifts = scan(tmp_path, HCL)
    # moto lists every alias/aws/* alias AWS reserves: none is reported
    assert kinds(drifts, "aws_kms_alias") == [("unmanaged", "aws_kms_alias", "alias/by-hand")]


def test_a_retargeted_alias_is_drift_bound_through_the_key_and_reverted(
    aws: None, tmp_path: Path
) -> None:
    data, other = _keys()
    kms = boto3.client("kms", region_name=REGION)
    kms.update_alias(AliasName="alias/app-data", TargetKeyId=other)
    drifts = scan(tmp_path, HCL)
    assert changed(drifts, "aws_kms_alias.data") == {"target_key_id": (data, other)}
    revert_all(tmp_path)
    assert [d for d in scan(tmp_path, HCL) if d.kind == "changed"] == []


def test_an_arn_declared_as_target_is_its_key_id(aws: None, tmp_path: Path) -> None:
    data, _ = _keys()
    arn = boto3.client("kms", region_name=REGION).describe_key(KeyId=data)["KeyMetadata"]["Arn"]
    hcl = HCL.replace("aws_kms_key.data.key_id", f'"{arn}"')
    assert [d for d in scan(tmp_path, hcl) if d.type == "aws_kms_alias"] == []


def test_an_alias_is_never_renamed() -> None:
    found = refusals("aws_kms_alias", {"name": "alias/a"}, {"name": "alias/b"})
    assert len(found) == 1 and "replace needed: a human decides" in found[0]


def test_a_key_whose_description_changed_live_is_found_through_its_alias(
    aws: None, tmp_path: Path
) -> None:
    """The description is the key's only natural key here; changed by hand, it no longer
    finds the key, and driftctl said "missing" (and the live key unmanaged) where
    `terraform plan -refresh-only` says the key's description changed. The matched alias
    names the key: it is that key, changed."""
    data, other = _keys()
    boto3.client("kms", region_name=REGION).update_key_description(
        KeyId=data, Description="changed by hand"
    )
    drifts = scan(tmp_path, HCL)
    assert changed(drifts, "aws_kms_key.data") == {"description": ("app data", "changed by hand")}
    assert [(d.kind, d.id) for d in drifts if d.kind != "changed"] == [("unmanaged", other)]


def test_keys_sharing_a_description_are_told_apart_by_their_aliases(
    aws: None, tmp_path: Path
) -> None:
    """Two live keys described "app data" fit the key's natural key: an ambiguous match
    stopped the scan (exit 2). The alias names the declared key's live one."""
    data, _ = _keys()
    boto3.client("kms", region_name=REGION).create_key(Description="app data")
    drifts = scan(tmp_path, HCL)
    assert changed(drifts, "aws_kms_key.data") == {}
    unmanaged = [d.id for d in drifts if d.kind == "unmanaged" and d.type == "aws_kms_key"]
    assert data not in unmanaged and len(unmanaged) == 2
