"""Undo of a revert that deleted a VPC with subnets: the subnets come back in the VPC the
undo re-creates (its new id, not the journaled one), and a retried undo after one that
stopped midway creates no second VPC. The real flow against moto in-process."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import boto3
import git
import pytest

from driftctl import settings
from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from driftctl.errors import ExitStatus
from driftctl.revert import flow
from tests.kit.revert import hcl_settings

RULES = """\
rules:
  - name: no-hand-made-networks
    match: {type: "aws_vpc", kind: unmanaged}
    action: revert
  - name: no-hand-made-subnets
    match: {type: "aws_subnet", kind: unmanaged}
    action: revert
"""
CIDR = "10.9.0.0/16"
SUBNETS = ("10.9.1.0/24", "10.9.2.0/24")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = tmp_path / "infra"
    shutil.copytree(FIXTURE, path)
    r = git.Repo.init(path)
    r.index.add([p.name for p in sorted(path.iterdir()) if p.is_file()])
    r.index.commit("infra", author=git.Actor("t", "t@example.com"))
    (tmp_path / "rules.yaml").write_text(RULES)
    return path


def ec2() -> Any:
    return boto3.client("ec2", region_name="us-east-1")


def hand_made_network() -> str:
    vpc = ec2().create_vpc(
        CidrBlock=CIDR,
        TagSpecifications=[{"ResourceType": "vpc", "Tags": [{"Key": "Name", "Value": "scratch"}]}],
    )["Vpc"]["VpcId"]
    for cidr in SUBNETS:
        ec2().create_subnet(VpcId=vpc, CidrBlock=cidr, AvailabilityZone="us-east-1a")
    return str(vpc)


def networks() -> dict[str, list[str]]:
    """VPC id -> the CIDRs of its subnets, for the hand-made CIDR only."""
    vpcs = ec2().describe_vpcs(Filters=[{"Name": "cidr-block", "Values": [CIDR]}])["Vpcs"]
    subnets = ec2().describe_subnets()["Subnets"]
    return {
        v["VpcId"]: sorted(s["CidrBlock"] for s in subnets if s["VpcId"] == v["VpcId"])
        for v in vpcs
    }


def test_undo_re_creates_the_subnets_in_the_new_vpc_and_a_retry_adds_no_vpc(
    aws: None,
    repo: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    demo_stack.apply(None)  # type: ignore[arg-type]  # moto in-process: no endpoint
    old = hand_made_network()
    lines: list[str] = []
    journal = tmp_path / "j-revert"
    opts = flow.Options(approve=True, journal_dir=journal)
    assert (
        flow.revert(hcl_settings(repo, repo.parent / "rules.yaml"), opts, lines.append)
        is ExitStatus.OK
    ), "\n".join(lines)
    assert networks() == {}

    aws_only = settings.build_aws_only(settings.Options(regions=["us-east-1"]))
    # the first undo stops after its first call (the VPC is created, no subnet yet)
    stopped = flow.Options(approve=True, journal_dir=tmp_path / "j-undo-1", fail_after=1)
    lines.clear()
    assert flow.undo(aws_only, journal, stopped, lines.append) is ExitStatus.ERROR
    (first_vpc,) = networks()
    assert first_vpc != old and networks() == {first_vpc: []}
    # the undone journal names the undo that ran on it
    events = [json.loads(x) for x in (journal / "calls.jsonl").read_text().splitlines()]
    assert events[-1] == {"event": "undo", "journal": str((tmp_path / "j-undo-1").resolve())}

    # retried: no second VPC, the subnets go into the one the first undo made
    lines.clear()
    plan_only = flow.Options(approve=False)
    assert flow.undo(aws_only, journal, plan_only, lines.append) is ExitStatus.OK
    assert not any("create_vpc" in line for line in lines), "\n".join(lines)
    assert sum("ec2.create_subnet" in line for line in lines) == 2
    lines.clear()
    again = flow.Options(approve=True, journal_dir=tmp_path / "j-undo-2")
    assert flow.undo(aws_only, journal, again, lines.append) is ExitStatus.OK, "\n".join(lines)
    assert "\nrestored: the touched resources now match" in lines
    assert networks() == {first_vpc: list(SUBNETS)}


def test_one_undo_puts_back_a_vpc_with_its_subnets(
    aws: None,
    repo: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    demo_stack.apply(None)  # type: ignore[arg-type]
    hand_made_network()
    journal = tmp_path / "j"
    lines: list[str] = []
    flow.revert(
        hcl_settings(repo, repo.parent / "rules.yaml"),
        flow.Options(approve=True, journal_dir=journal),
        lines.append,
    )
    aws_only = settings.build_aws_only(settings.Options(regions=["us-east-1"]))
    lines.clear()
    opts = flow.Options(approve=True, journal_dir=tmp_path / "u")
    assert flow.undo(aws_only, journal, opts, lines.append) is ExitStatus.OK, "\n".join(lines)
    (vpc,) = networks()
    assert networks() == {vpc: list(SUBNETS)}
    assert any('"VpcId": {"$pending": "aws_vpc.' in line for line in lines), "\n".join(lines)
