"""Revert of the newer types (#29): deletes ordered by dependency (a hand-made Route53
zone's record sets before the zone), undo's check step over what it cannot compare, and
the plan naming before --approve what an undo could not re-create. The real flow against
moto in-process."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path
from typing import Any

import boto3
import git
import pytest

from driftctl import settings
from driftctl.base.calls import Unit
from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from driftctl.errors import ExitStatus
from driftctl.revert import flow, verify
from tests.kit.revert import hcl_settings

RULES = """\
rules:
  - name: no-hand-made-zones
    match: {type: "aws_route53_*", kind: unmanaged}
    action: revert
"""


def repo_with(tmp_path: Path, rules: str) -> Path:
    path = tmp_path / "infra"
    shutil.copytree(FIXTURE, path)
    r = git.Repo.init(path)
    r.index.add([p.name for p in sorted(path.iterdir()) if p.is_file()])
    r.index.commit("infra", author=git.Actor("t", "t@example.com"))
    (tmp_path / "rules.yaml").write_text(rules)
    return path


def route53() -> Any:
    return boto3.client("route53", region_name="us-east-1")


def hand_made_zone() -> str:
    zone = route53().create_hosted_zone(Name="scratch.example", CallerReference="by-hand")
    zone_id = str(zone["HostedZone"]["Id"]).rsplit("/", 1)[-1]
    changes = [
        {
            "Action": "CREATE",
            "ResourceRecordSet": {
                "Name": f"{name}.scratch.example",
                "Type": "A",
                "TTL": 60,
                "ResourceRecords": [{"Value": ip}],
            },
        }
        for name, ip in (("www", "10.0.0.1"), ("api", "10.0.0.2"))
    ]
    route53().change_resource_record_sets(HostedZoneId=zone_id, ChangeBatch={"Changes": changes})
    return zone_id


def zones() -> list[str]:
    return [z["Name"] for z in route53().list_hosted_zones()["HostedZones"]]


def test_a_hand_made_zone_loses_its_record_sets_before_itself(
    aws: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    demo_stack.apply(None)  # type: ignore[arg-type]  # moto in-process: no endpoint
    repo = repo_with(tmp_path, RULES)
    hand_made_zone()
    lines: list[str] = []
    opts = flow.Options(approve=True, journal_dir=tmp_path / "j")
    status = flow.revert(hcl_settings(repo, repo.parent / "rules.yaml"), opts, lines.append)
    assert status is ExitStatus.OK, "\n".join(lines)
    assert "scratch.example." not in zones()


def records(zone_id: str) -> list[tuple[str, str]]:
    sets = route53().list_resource_record_sets(HostedZoneId=zone_id)["ResourceRecordSets"]
    return sorted((r["Name"], r["Type"]) for r in sets)


def test_undo_of_a_deleted_zone_re_creates_it_with_its_record_sets_and_checks_them(
    aws: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The undo's check step reads the zone's unit both as journaled and under the new id
    its creation returned: once a crash (TypeError comparing None with str)."""
    monkeypatch.chdir(tmp_path)
    demo_stack.apply(None)  # type: ignore[arg-type]  # moto in-process: no endpoint
    repo = repo_with(tmp_path, RULES)
    old = hand_made_zone()
    before = records(old)
    lines: list[str] = []
    journal = tmp_path / "j"
    opts = flow.Options(approve=True, journal_dir=journal)
    assert (
        flow.revert(hcl_settings(repo, repo.parent / "rules.yaml"), opts, lines.append)
        is ExitStatus.OK
    ), "\n".join(lines)
    assert "scratch.example." not in zones()

    lines.clear()
    aws_only = settings.build_aws_only(settings.Options(regions=["us-east-1"]))
    undo = flow.Options(approve=True, journal_dir=tmp_path / "j-undo")
    status = flow.undo(aws_only, journal, undo, lines.append)
    assert status is ExitStatus.OK, "\n".join(lines)
    assert "\nrestored: the touched resources now match" in lines
    (zone,) = route53().list_hosted_zones()["HostedZones"][-1:]
    assert zone["Name"] == "scratch.example."
    new = str(zone["Id"]).rsplit("/", 1)[-1]
    assert new != old and records(new) == before


class _Reader:
    def __init__(self) -> None:
        self.read: list[Unit] = []

    def unit(self, unit: Unit) -> list[Any]:
        self.read.append(unit)
        return []


def test_the_check_step_sorts_units_read_before_and_after_their_id_was_known() -> None:
    """The units an undo reads in its check step: a journaled one (no pending name) and
    the same one under the pending name its creation filled; and one still pending. They
    once failed to sort (TypeError: '<' not supported between NoneType and str)."""
    journaled = Unit("route53", "us-east-1", "Z1", None)
    created = Unit("route53", "us-east-1", "Z1", "aws_route53_zone.Z0.id")
    waiting = Unit("route53", "us-east-1", None, "aws_route53_zone.Z2.id")
    assert sorted([created, waiting, journaled]) == [waiting, journaled, created]
    reader = _Reader()
    read = verify.read_units(reader, [created, waiting, journaled])  # type: ignore[arg-type]
    assert list(read) == [journaled, created]
    assert verify.resolved([created, journaled, waiting], {}) == [journaled, created]


FINAL_RULES = """\
rules:
  - name: no-hand-made-databases
    match: {type: "aws_db_instance", kind: unmanaged}
    action: revert
  - name: no-hand-made-distributions
    match: {type: "aws_cloudfront_distribution", kind: unmanaged}
    action: revert
"""


def hand_made_database() -> None:
    boto3.client("rds", region_name="us-east-1").create_db_instance(
        DBInstanceIdentifier="scratch-db",
        DBInstanceClass="db.t3.micro",
        Engine="postgres",
        MasterUsername="admin",
        MasterUserPassword="not-a-secret-1",
        AllocatedStorage=20,
    )


def hand_made_distribution() -> str:
    origin = {
        "Id": "o",
        "DomainName": "example.com",
        "CustomOriginConfig": {
            "HTTPPort": 80,
            "HTTPSPort": 443,
            "OriginProtocolPolicy": "https-only",
        },
    }
    config = {
        "CallerReference": "by-hand",
        "Comment": "scratch",
        "Enabled": False,
        "Origins": {"Quantity": 1, "Items": [origin]},
        "DefaultCacheBehavior": {
            "TargetOriginId": "o",
            "ViewerProtocolPolicy": "allow-all",
            "MinTTL": 0,
            "ForwardedValues": {"QueryString": False, "Cookies": {"Forward": "none"}},
        },
    }
    made = boto3.client("cloudfront").create_distribution(DistributionConfig=config)
    return str(made["Distribution"]["Id"])


def test_the_plan_says_before_approve_which_deletes_undo_cannot_re_create(
    aws: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RDS instances and CloudFront distributions have no re-creation: their deletes are
    named final in the plan, where they once surfaced only when an undo refused them."""
    monkeypatch.chdir(tmp_path)
    demo_stack.apply(None)  # type: ignore[arg-type]  # moto in-process: no endpoint
    repo = repo_with(tmp_path, FINAL_RULES)
    hand_made_database()
    distribution = hand_made_distribution()
    lines: list[str] = []
    # a DB instance holds data: no rule deletes it unless --delete-data names it
    opts = flow.Options(approve=False, delete_data=["aws_db_instance.scratch-db"])
    assert (
        flow.revert(hcl_settings(repo, repo.parent / "rules.yaml"), opts, lines.append)
        is ExitStatus.OK
    )
    text = "\n".join(lines)
    assert "(2 deletes undo cannot re-create)" in lines[1], text
    for rtype, rid in (
        ("aws_db_instance", "scratch-db"),
        ("aws_cloudfront_distribution", distribution),
    ):
        head = next(i for i, x in enumerate(lines) if x.startswith(f"- delete {rtype}.{rid}"))
        after = list(itertools.takewhile(lambda x: x.startswith("    "), lines[head + 1 :]))
        assert after[-1] == (
            f"    undo cannot re-create it (driftctl cannot create {rtype}): this delete is final"
        ), text
