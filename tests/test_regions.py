"""A region typo is a clear error naming the flag (or variable), before any AWS call; not
a network error from an endpoint that does not exist."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from driftctl import settings
from driftctl.aws.regions import offered
from driftctl.errors import DriftctlError

DRIFTCTL = shutil.which("driftctl", path=str(Path(sys.executable).parent)) or "driftctl"


@pytest.mark.parametrize(
    "region", ["us-east-1", "eu-west-3", "ap-southeast-7", "us-gov-west-1", "cn-north-1",
               "eu-central-9"],  # the last: not in this botocore, but a region's form
)  # fmt: skip
def test_regions_are_accepted(region: str) -> None:
    settings.check_region(region, f"--region {region}")


@pytest.mark.parametrize(
    ("region", "hint"),
    [
        ("us-east1", "did you mean us-east-1?"),
        ("eu-wset-1", "did you mean eu-west-1?"),
        ("xx-nowhere-9", "e.g. us-east-1 or eu-west-1"),
        ("US-EAST-1", "did you mean us-east-1?"),
    ],
)
def test_region_typos_are_clear_errors(region: str, hint: str) -> None:
    with pytest.raises(DriftctlError) as exc:
        settings.parse_regions([region])
    assert exc.value.message == f"--region {region}: not an AWS region"
    assert exc.value.hint == hint


def test_scan_with_a_region_typo_exits_2_naming_it(tmp_path: Path) -> None:
    env = {**os.environ, "AWS_ENDPOINT_URL": "http://127.0.0.1:9"}  # nothing is ever called
    run = subprocess.run(
        [DRIFTCTL, "scan", "--from", str(tmp_path), "--region", "us-east1"],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 2
    assert "--region us-east1: not an AWS region" in run.stderr
    assert "did you mean us-east-1?" in run.stderr
    assert "Traceback" not in run.stderr and "connect" not in run.stderr.lower()
    env["AWS_REGION"] = "eu-west1"
    run = subprocess.run([DRIFTCTL, "scan", "--from", str(tmp_path)], env=env,
                         capture_output=True, text=True, timeout=60)  # fmt: skip
    assert run.returncode == 2 and "AWS_REGION=eu-west1: not an AWS region" in run.stderr


def test_a_service_is_not_read_where_botocore_offers_it_no_endpoint() -> None:
    """Cognito's user pools have no endpoint in the China regions (a call there fails, and
    --all-regions would make every China scan incomplete); a region botocore does not know
    is read all the same, as is a service it offers."""
    assert not offered("cognito-idp", "cn-north-1")
    assert not offered("cognito-identity", "cn-northwest-1")
    assert offered("cognito-identity", "cn-north-1")
    assert offered("cognito-idp", "eu-west-1")
    assert offered("ec2", "cn-northwest-1")
    assert offered("cognito-idp", "eu-south-99")  # newer than the installed botocore


def test_the_clients_made_ahead_are_those_the_scan_reads_with() -> None:
    """The processes started ahead of a large scan make its detail-call clients: one for a
    service botocore offers no endpoint in a region would be a connection made for nothing
    (and the scan's reads and the clients made for them must not disagree)."""
    from driftctl.aws import fanout
    from driftctl.aws.scanner import GLOBAL, spec_regions
    from driftctl.resources.registry import SCANS

    plan = fanout.Plan([], {"1": ["cn-north-1", "eu-west-1", GLOBAL]}, {})
    clients = fanout._detail_clients(list(SCANS.values()), plan, "us-east-1")
    assert ("cognito-idp", "eu-west-1") in clients
    assert ("cognito-idp", "cn-north-1") not in clients
    assert ("ec2", "cn-north-1") in clients and ("s3", "us-east-1") in clients
    read = spec_regions(SCANS.values(), ["cn-north-1", "eu-west-1", GLOBAL], "us-east-1")
    assert set(clients) == {(spec.service, region) for spec, region in read if spec.details}
