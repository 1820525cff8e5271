"""Revert deletes only what a complete declared state proves unmanaged, and never data
(#28): the installed CLI against moto's server, each stack built with boto3 as a person
would, its code in a real git repository, and a rule that deletes unmanaged resources."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import boto3
import git
import pytest

from tests.kit.cli import Run, driftctl

REGION = "us-east-1"
DELETE_UNMANAGED = """\
rules:
  - name: delete-unmanaged
    match:
      kind: unmanaged
    action: revert
"""
RE_CREATE_MISSING = """\
  - name: re-create-missing
    match:
      kind: missing
    action: revert
"""
# the blast-radius guard is not what these tests are about: it never stops them
NO_BLAST_LIMIT = ("--max-deletes", "100", "--max-delete-share", "100%")


def commit(tmp_path: Path, files: dict[str, str]) -> Path:
    repo = tmp_path / "infra"
    repo.mkdir()
    for name, text in files.items():
        (repo / name).write_text(text)
    r = git.Repo.init(repo)
    r.index.add(sorted(files))
    r.index.commit("infra", author=git.Actor("t", "t@example.com"))
    (tmp_path / "rules.yaml").write_text(DELETE_UNMANAGED)
    return repo


def revert(endpoint: str, repo: Path, *args: str) -> Run:
    return driftctl(
        "revert",
        "--from",
        f"hcl://{repo}",
        "--endpoint-url",
        endpoint,
        "--region",
        REGION,
        "--rules",
        str(repo.parent / "rules.yaml"),
        "--no-default-rules",
        "--no-cache",
        "--journal-dir",
        str(repo.parent / "journal"),
        *NO_BLAST_LIMIT,
        *args,
        cwd=repo.parent,
    )


def client(endpoint: str, service: str) -> Any:
    return boto3.client(service, region_name=REGION, endpoint_url=endpoint)


def buckets(endpoint: str) -> list[str]:
    return sorted(b["Name"] for b in client(endpoint, "s3").list_buckets()["Buckets"])


# -- a module not installed ---------------------------------------------------------------

MANAGED = [f"app-{n}" for n in range(8)]
MODULE_CALL = """
module "logs" {
  source = "terraform-aws-modules/s3-bucket/aws"
  bucket = "acme-logs"
}
"""


def test_a_module_not_installed_deletes_nothing(endpoint: str, tmp_path: Path) -> None:
    """CI forgot `terraform init`: the module's buckets are not declared, and must not
    look unmanaged (main deleted acme-logs and acme-logs-replica, 2 of 10 managed)."""
    code = "".join(f'resource "aws_s3_bucket" "b{n}" {{ bucket = "app-{n}" }}\n' for n in range(8))
    repo = commit(tmp_path, {"main.tf": code + MODULE_CALL})
    for name in [*MANAGED, "acme-logs", "acme-logs-replica"]:
        client(endpoint, "s3").create_bucket(Bucket=name)
    before = buckets(endpoint)
    run = revert(endpoint, repo, "--approve")
    assert run.code == 2, run.stdout + run.stderr
    assert buckets(endpoint) == before
    assert "the scan is incomplete" in run.stderr
    assert 'module "logs"' in run.stderr and "terraform init" in run.stderr
    assert "Traceback" not in run.stderr
    scan = driftctl("scan", "--from", f"hcl://{repo}", "--endpoint-url", endpoint)
    assert scan.code == 2, scan.stdout + scan.stderr
    assert "incomplete: the declared state could not be loaded whole" in scan.stdout
    assert "unmanaged 0" in scan.stdout  # not compared, not a report of them unmanaged


# -- a for_each known only after apply -------------------------------------------------------

ACM = """
resource "aws_route53_zone" "main" {
  name = "orbit.example"
}

resource "aws_acm_certificate" "site" {
  domain_name       = "www.orbit.example"
  validation_method = "DNS"
}

resource "aws_route53_record" "validation" {
  for_each = {
    for dvo in aws_acm_certificate.site.domain_validation_options : dvo.domain_name => {
      name   = dvo.resource_record_name
      record = dvo.resource_record_value
      type   = dvo.resource_record_type
    }
  }
  zone_id = aws_route53_zone.main.zone_id
  name    = each.value.name
  type    = each.value.type
  records = [each.value.record]
  ttl     = 60
}
"""
CNAME = "_3f1c.www.orbit.example."


def _records(endpoint: str, zone: str) -> list[str]:
    sets = client(endpoint, "route53").list_resource_record_sets(HostedZoneId=zone)
    return sorted(f"{r['Name']} {r['Type']}" for r in sets["ResourceRecordSets"])


def test_an_unknown_for_each_deletes_nothing_it_could_declare(
    endpoint: str, tmp_path: Path
) -> None:
    """The validation records' for_each waits on the certificate (not issued here, so
    nothing can bind it): a live CNAME in the zone may be one of them, and stays."""
    repo = commit(tmp_path, {"main.tf": ACM})
    r53 = client(endpoint, "route53")
    zone = r53.create_hosted_zone(Name="orbit.example", CallerReference="z")["HostedZone"]["Id"]
    r53.change_resource_record_sets(
        HostedZoneId=zone,
        ChangeBatch={
            "Changes": [
                {
                    "Action": "CREATE",
                    "ResourceRecordSet": {
                        "Name": CNAME,
                        "Type": "CNAME",
                        "TTL": 60,
                        "ResourceRecords": [{"Value": "_9a7e.acm-validations.aws."}],
                    },
                }
            ]
        },
    )
    before = _records(endpoint, zone)
    assert f"{CNAME} CNAME" in before
    run = revert(endpoint, repo, "--approve")
    assert _records(endpoint, zone) == before, run.stdout + run.stderr
    assert run.code == 1, run.stdout + run.stderr  # the record is still unmanaged drift
    refusal = next(line for line in run.stdout.splitlines() if "not deleting" in line)
    assert "the declared state is incomplete: aws_route53_record.validation" in refusal
    assert "for_each" in refusal and "not proven unmanaged" in refusal
    assert "route53.change_resource_record_sets" not in run.stdout


# -- data -----------------------------------------------------------------------------------

DECLARED_TABLES = "".join(
    f"""
resource "aws_dynamodb_table" "t{n}" {{
  name         = "app-{n}"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"
  attribute {{
    name = "pk"
    type = "S"
  }}
}}
"""
    for n in range(4)
)


def _table(ddb: Any, name: str) -> None:
    ddb.create_table(
        TableName=name,
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )


def _table_with_items(endpoint: str) -> Any:
    ddb = client(endpoint, "dynamodb")
    _table(ddb, "orders")
    for n in range(3):
        ddb.put_item(TableName="orders", Item={"pk": {"S": f"order-{n}"}})
    return ddb


def _tables(ddb: Any) -> list[str]:
    return sorted(ddb.list_tables()["TableNames"])


@pytest.fixture
def data_stack(endpoint: str, tmp_path: Path) -> tuple[Path, Any]:
    repo = commit(tmp_path, {"main.tf": DECLARED_TABLES})
    ddb = _table_with_items(endpoint)
    for n in range(4):
        _table(ddb, f"app-{n}")
    return repo, ddb


def test_a_table_with_items_is_never_deleted_by_a_rule(
    endpoint: str, data_stack: tuple[Path, Any]
) -> None:
    repo, ddb = data_stack
    run = revert(endpoint, repo, "--approve")
    assert "orders" in _tables(ddb), run.stdout + run.stderr
    assert ddb.scan(TableName="orders")["Count"] == 3
    assert run.code == 1, run.stdout + run.stderr
    assert (
        "! not deleting aws_dynamodb_table.orders: it holds data, which a delete loses for "
        "good (an undo re-creates it empty); no rule deletes data: pass --delete-data "
        "aws_dynamodb_table.orders to delete it"
    ) in run.stdout
    assert "dynamodb.delete_table" not in run.stdout


def test_delete_data_deletes_it_and_undo_says_the_data_is_lost(
    endpoint: str, data_stack: tuple[Path, Any]
) -> None:
    repo, ddb = data_stack
    typo = revert(endpoint, repo, "--approve", "--delete-data", "aws_dynamodb_table.order")
    assert typo.code == 2, typo.stdout + typo.stderr
    assert "--delete-data aws_dynamodb_table.order: the plan deletes no such resource" in (
        typo.stderr
    )
    assert "did you mean 'aws_dynamodb_table.orders'?" in typo.stderr
    assert "orders" in _tables(ddb)

    run = revert(endpoint, repo, "--approve", "--delete-data", "aws_dynamodb_table.orders")
    assert run.code == 0, run.stdout + run.stderr
    assert "dynamodb.delete_table" in run.stdout
    assert "orders" not in _tables(ddb)

    journal = repo.parent / "journal"
    undo = ("revert", "--undo", str(journal), "--endpoint-url", endpoint)
    plan = driftctl(*undo)
    assert plan.code == 0, plan.stdout + plan.stderr
    assert "aws_dynamodb_table.orders: re-created empty: the data is lost" in plan.stdout
    done = driftctl(*undo, "--approve", "--journal-dir", str(repo.parent / "undo"))
    assert done.code == 0, done.stdout + done.stderr
    assert "aws_dynamodb_table.orders: re-created empty: the data is lost" in done.stdout
    assert "restored" not in done.stdout
    assert "orders" in _tables(ddb)
    assert ddb.scan(TableName="orders")["Count"] == 0


def test_undo_of_a_re_created_table_deletes_it_only_when_asked(
    endpoint: str, data_stack: tuple[Path, Any]
) -> None:
    """A revert re-creates a declared table deleted out of band; items are written to it;
    undoing the revert would delete them with it: refused without --delete-data, and
    counted by the blast-radius guard with it."""
    repo, ddb = data_stack
    (repo.parent / "rules.yaml").write_text(DELETE_UNMANAGED + RE_CREATE_MISSING)
    ddb.delete_table(TableName="app-0")
    run = revert(endpoint, repo, "--approve", "--only", "aws_dynamodb_table/aws_dynamodb_table.t0")
    assert run.code == 0, run.stdout + run.stderr
    assert "app-0" in _tables(ddb), run.stdout
    ddb.put_item(TableName="app-0", Item={"pk": {"S": "written-since"}})
    journal = repo.parent / "journal"
    undo = ("revert", "--undo", str(journal), "--endpoint-url", endpoint)
    kept = driftctl(*undo, "--approve", "--journal-dir", str(repo.parent / "undo1"))
    assert kept.code == 1, kept.stdout + kept.stderr
    assert "! not deleting aws_dynamodb_table.app-0: it holds data" in kept.stdout
    assert "--delete-data aws_dynamodb_table.app-0" in kept.stdout
    assert ddb.scan(TableName="app-0")["Count"] == 1
    guarded = driftctl(
        *undo,
        "--approve",
        "--delete-data",
        "aws_dynamodb_table.app-0",
        "--max-deletes",
        "0",
        "--journal-dir",
        str(repo.parent / "undo2"),
    )
    assert guarded.code == 2, guarded.stdout + guarded.stderr
    assert "the plan deletes 1 resource, more than --max-deletes 0" in guarded.stderr
    assert "app-0" in _tables(ddb)
    done = driftctl(
        *undo,
        "--approve",
        "--delete-data",
        "aws_dynamodb_table.app-0",
        "--journal-dir",
        str(repo.parent / "undo3"),
    )
    assert done.code == 0, done.stdout + done.stderr
    assert "app-0" not in _tables(ddb)


# -- what a user is told --------------------------------------------------------------------


def test_approve_with_no_rule_asking_for_revert_says_so_and_exits_1(
    endpoint: str, data_stack: tuple[Path, Any]
) -> None:
    """The shipped rules report and never revert: an empty plan must not read like a
    clean account (main printed `nothing to revert` and exited 0)."""
    repo, ddb = data_stack
    ddb.delete_table(TableName="app-1")
    args = ("--from", f"hcl://{repo}", "--endpoint-url", endpoint, "--region", REGION)
    run = driftctl("revert", *args, "--no-cache", "--approve", cwd=repo.parent)
    assert run.code == 1, run.stdout + run.stderr
    assert (
        "the scan found 2 drifts (1 missing, 1 unmanaged), and no rule asks for `revert` of any"
    ) in run.stdout
    assert "action: revert" in run.stdout and "docs/rules.md" in run.stdout
    assert not (repo.parent / ".driftctl").exists()
    plan = driftctl("revert", *args, "--no-cache", cwd=repo.parent)
    assert plan.code == 0, plan.stdout + plan.stderr  # a plan, printed: nothing was asked
    assert "no rule asks for `revert`" in plan.stdout


def test_a_directory_with_only_a_backend_block_is_an_incomplete_scan(
    endpoint: str, tmp_path: Path
) -> None:
    """Its resources are declared elsewhere: not a report of everything unmanaged (main:
    `declared 0`, every live resource unmanaged, exit 1)."""
    backend = 'terraform {\n  backend "local" {}\n}\n'
    repo = commit(tmp_path, {"backend.tf": backend})
    for name in MANAGED[:3]:
        client(endpoint, "s3").create_bucket(Bucket=name)
    args = ("--from", f"hcl://{repo}", "--endpoint-url", endpoint, "--region", REGION)
    scan = driftctl("scan", *args, "-o", "json://-")
    assert scan.code == 2, scan.stdout + scan.stderr
    report = scan.report
    (error,) = report["errors"]
    assert error["scope"] == "declared"
    assert "declares no resource, only a backend block (backend.tf:2)" in error["message"]
    assert "point --from at the directory of the configuration" in error["message"]
    assert report["summary"]["unmanaged"] == 0 and report["drifts"] == []
    assert report["summary"]["not_compared"] == 3
    run = revert(endpoint, repo, "--approve")
    assert run.code == 2 and "the scan is incomplete" in run.stderr, run.stdout + run.stderr
    assert buckets(endpoint) == MANAGED[:3]
