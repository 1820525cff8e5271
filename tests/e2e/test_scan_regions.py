"""--all-regions end to end against moto's server: every enabled region of each scanned
account is read, and each resource is reported in its own region."""

from __future__ import annotations

import json
from pathlib import Path

import boto3
import pytest
from moto.ec2.models import ec2_backends
from moto.ec2.models.availability_zones_and_regions import Region

from tests.e2e.test_scale import ACCOUNTS, ROLE, account_session, vpc
from tests.kit.cli import driftctl

CALLER = "123456789012"  # moto's account for the plain test credentials


def enable_regions(monkeypatch: pytest.MonkeyPatch, account: str, regions: dict[str, str]) -> None:
    """What ec2:DescribeRegions answers in `account` ({region: opt-in status}); moto's
    server runs in this process, so its backend can be told (moto lists every region)."""
    backend = ec2_backends[account]["us-east-1"]
    listed = [Region(name, f"ec2.{name}.amazonaws.com", status) for name, status in regions.items()]
    monkeypatch.setattr(backend, "regions", listed, raising=False)


def scan(endpoint: str, stack: Path, *extra: str) -> tuple[int, dict, str]:  # type: ignore[type-arg]
    run = driftctl(
        "scan", "--from", f"hcl://{stack}", "--endpoint-url", endpoint, "--all-regions",
        "-o", "json://-", *extra,
    )  # fmt: skip
    assert run.code in (0, 1), run.stderr
    return run.code, json.loads(run.stdout), run.stderr


def test_all_regions_reads_a_region_the_command_line_never_named(
    endpoint: str, tmp_path: Path
) -> None:
    """Moto's own region list (every region of every partition): a VPC in ap-southeast-2
    and a bucket created there are found, each in its scope."""
    session = boto3.Session()
    far = vpc(session, endpoint, "ap-southeast-2", "far")
    s3 = session.client("s3", endpoint_url=endpoint, region_name="ap-southeast-2")
    s3.create_bucket(
        Bucket="far-logs", CreateBucketConfiguration={"LocationConstraint": "ap-southeast-2"}
    )
    (tmp_path / "main.tf").write_text("")
    code, report, stderr = scan(endpoint, tmp_path)
    assert code == 1, stderr
    found = {(d["id"], d["kind"], d["account"], d["region"]) for d in report["drifts"]}
    assert (far, "unmanaged", CALLER, "ap-southeast-2") in found
    assert ("far-logs", "unmanaged", CALLER, "global") in found  # bucket listing is global
    assert report["errors"] == []
    assert "(0 retries," in stderr  # DescribeRegions is a call, not a retry


def test_each_account_scans_its_own_enabled_regions(
    endpoint: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = ACCOUNTS
    enable_regions(
        monkeypatch,
        first,
        {"us-east-1": "opt-in-not-required", "eu-west-1": "opt-in-not-required",
         "ap-southeast-2": "not-opted-in"},
    )  # fmt: skip
    enable_regions(
        monkeypatch, second, {"us-east-1": "opt-in-not-required", "ap-southeast-2": "opted-in"}
    )
    one, two = account_session(endpoint, first), account_session(endpoint, second)
    in_eu = vpc(one, endpoint, "eu-west-1", "eu")
    not_opted_in = vpc(one, endpoint, "ap-southeast-2", "hidden")
    in_sydney = vpc(two, endpoint, "ap-southeast-2", "far")
    not_enabled = vpc(two, endpoint, "eu-west-1", "elsewhere")
    (tmp_path / "main.tf").write_text("")
    code, report, stderr = scan(
        endpoint, tmp_path, "--accounts", ",".join(ACCOUNTS), "--account-role", ROLE
    )
    assert code == 1, stderr
    assert report["errors"] == []
    where = {d["id"]: (d["account"], d["region"]) for d in report["drifts"]}
    assert where[in_eu] == (first, "eu-west-1")
    assert where[in_sydney] == (second, "ap-southeast-2")
    assert not_opted_in not in where  # not enabled in the first account: not scanned
    assert not_enabled not in where  # enabled for the first account only
    scopes = {(d["account"], d["region"]) for d in report["drifts"]}
    assert scopes <= {
        (first, "us-east-1"), (first, "eu-west-1"), (first, "global"),
        (second, "us-east-1"), (second, "ap-southeast-2"), (second, "global"),
    }  # fmt: skip
