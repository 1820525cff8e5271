"""driftctl revert end to end: the installed CLI against moto's server, changes made with
boto3 as a person would make them, the declared stack in a real git repository."""

from __future__ import annotations

import json
import os
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import botocore.session
import git
import pytest

from driftctl.commands.demo import FIXTURE
from driftctl.demo import stack as demo_stack
from driftctl.resources import registry
from tests.kit import live
from tests.kit.cli import Run, driftctl
from tests.revert import stack


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """The demo stack's code, committed to a fresh git repository."""
    path = tmp_path / "infra"
    shutil.copytree(FIXTURE, path)
    r = git.Repo.init(path)
    r.index.add([p.name for p in sorted(path.iterdir()) if p.is_file()])
    r.index.commit("infra", author=git.Actor("t", "t@example.com"))
    (tmp_path / "rules.yaml").write_text(stack.RULES)
    return path


def revert(endpoint: str, repo: Path, *args: str, env: dict[str, str] | None = None) -> Run:
    return driftctl(
        "revert",
        "--from",
        f"hcl://{repo}",
        "--endpoint-url",
        endpoint,
        "--region",
        "us-east-1",
        "--rules",
        str(repo.parent / "rules.yaml"),
        "--no-cache",
        *args,
        env=env,
        cwd=repo.parent,
    )


def undo(endpoint: str, journal: Path, *args: str) -> Run:
    return driftctl("revert", "--undo", str(journal), "--endpoint-url", endpoint, *args)


def snapshot(endpoint: str, repo: Path, name: str) -> dict[tuple[str, str], Any]:
    """Live state exactly as driftctl reads it (the saved snapshot), keyed by (type, id)."""
    return live.snapshot(endpoint, repo, repo.parent / f"{name}.json")


def scan_code(endpoint: str, repo: Path) -> int:
    run = driftctl("scan", "--from", f"hcl://{repo}", "--endpoint-url", endpoint)
    return run.code


@pytest.fixture
def drifted(endpoint: str, repo: Path) -> dict[str, str]:
    ids = demo_stack.apply(endpoint)
    stack.drift_everything(endpoint, ids)
    return ids


def test_the_plan_shows_every_call_and_changes_nothing(
    endpoint: str, repo: Path, drifted: dict[str, str]
) -> None:
    before = snapshot(endpoint, repo, "before")
    run = revert(endpoint, repo)
    assert run.code == 0, run.stderr
    after = snapshot(endpoint, repo, "after")
    assert after == before
    head = git.Repo(repo).head.commit.hexsha
    assert f"declared state from {repo.resolve()}@{head}" in run.stdout
    for call in (
        "ec2.revoke_security_group_ingress",
        "ec2.authorize_security_group_ingress",
        "ec2.modify_subnet_attribute",
        "ec2.modify_vpc_attribute",
        "s3.put_bucket_tagging",
        "s3.put_bucket_versioning",
        "s3.put_bucket_encryption",
        "s3.put_public_access_block",
        "s3.delete_bucket_policy",
        "s3.delete_bucket",
        "iam.update_assume_role_policy",
        "iam.put_role_policy",
    ):
        assert call in run.stdout, call
    assert '"IpRanges": [{"CidrIp": "0.0.0.0/0"}]' in run.stdout  # arguments, exactly
    assert "nothing was changed: pass --approve to make these 12 calls" in run.stdout
    assert not (repo.parent / ".driftctl").exists()


def test_approved_every_change_is_reverted_and_a_scan_is_clean(
    endpoint: str, repo: Path, drifted: dict[str, str]
) -> None:
    before = snapshot(endpoint, repo, "before")
    assert scan_code(endpoint, repo) == 1
    run = revert(endpoint, repo, "--approve")
    assert run.code == 0, run.stdout + run.stderr
    assert "reverted: the touched resources now match" in run.stdout
    assert scan_code(endpoint, repo) == 0
    c = demo_stack.clients(endpoint)
    assert c["s3"].get_bucket_versioning(Bucket="acme-demo-curated")["Status"] == "Enabled"
    assert "acme-demo-scratch" not in [b["Name"] for b in c["s3"].list_buckets()["Buckets"]]
    web = c["ec2"].describe_security_groups(GroupIds=[drifted["web"]])["SecurityGroups"][0]
    assert [p["FromPort"] for p in web["IpPermissions"]] == [443]
    (journal,) = (repo.parent / ".driftctl" / "journal").iterdir()
    events = [json.loads(x) for x in (journal / "calls.jsonl").read_text().splitlines()]
    assert [e["status"] for e in events] == ["ok"] * 12 + ["applied"]
    assert events[-1]["converged"] is True
    # and undone: the deleted bucket and bucket policy come back, the rest goes back
    done = undo(endpoint, journal, "--approve", "--journal-dir", str(repo.parent / "undo"))
    assert done.code == 0, done.stdout + done.stderr
    assert snapshot(endpoint, repo, "after") == before


@pytest.mark.parametrize("fail_after", [1, 7])
def test_killed_midway_the_journal_and_undo_restore_the_prior_state(
    endpoint: str, repo: Path, drifted: dict[str, str], fail_after: int
) -> None:
    before = snapshot(endpoint, repo, "before")
    journal = repo.parent / "journal"
    env = {**os.environ, "DRIFTCTL_TEST_FAIL_AFTER_CALLS": str(fail_after)}
    run = revert(endpoint, repo, "--approve", "--journal-dir", str(journal), env=env)
    assert run.code == 2, run.stdout + run.stderr
    assert f"stopped at call {fail_after + 1}: " in run.stdout
    assert "injected failure" in run.stdout
    # each call is named with the resource it is for, done and not done alike
    done, not_done = run.stdout.split("\ndone:\n")[1].split("\nnot done:\n")
    done_lines = done.splitlines()
    not_done_lines = not_done.splitlines()[: 12 - fail_after]
    numbers = [line.split(".")[0] for line in done_lines + not_done_lines]
    assert numbers == [f"  {n}" for n in range(1, 13)]
    assert len(done_lines) == fail_after
    assert all(line.endswith(")") and " (aws_" in line for line in done_lines + not_done_lines)
    header = json.loads((journal / "journal.json").read_text())
    assert {u["unit"]["scan"] for u in header["units"]} >= {"s3_buckets", "ec2_vpcs", "iam_roles"}
    events = [json.loads(x) for x in (journal / "calls.jsonl").read_text().splitlines()]
    assert [e.get("status") for e in events] == ["ok"] * fail_after + ["failed", "stopped"]
    assert snapshot(endpoint, repo, "midway") != before

    plan_only = undo(endpoint, journal)
    assert plan_only.code == 0 and "nothing was changed" in plan_only.stdout
    assert snapshot(endpoint, repo, "still") != before
    done = undo(endpoint, journal, "--approve", "--journal-dir", str(repo.parent / "undo"))
    assert done.code == 0, done.stdout + done.stderr
    assert "restored: the touched resources now match" in done.stdout
    assert snapshot(endpoint, repo, "after") == before


def test_missing_resources_are_re_created_and_undo_removes_them(endpoint: str, repo: Path) -> None:
    ids = demo_stack.apply(endpoint)
    c = demo_stack.clients(endpoint)
    c["s3"].delete_public_access_block(Bucket="acme-demo-logs")
    c["s3"].delete_bucket(Bucket="acme-demo-logs")
    c["ec2"].delete_security_group(GroupId=ids["db"])
    c["iam"].delete_role_policy(RoleName="demo-app", PolicyName="read-data")
    before = snapshot(endpoint, repo, "before")
    journal = repo.parent / "journal"
    run = revert(endpoint, repo, "--approve", "--journal-dir", str(journal))
    assert run.code == 0, run.stdout + run.stderr
    assert "+ re-create aws_security_group.db" in run.stdout
    assert scan_code(endpoint, repo) == 0
    pab = c["s3"].get_public_access_block(Bucket="acme-demo-logs")["PublicAccessBlockConfiguration"]
    assert all(pab.values())
    done = undo(endpoint, journal, "--approve", "--journal-dir", str(repo.parent / "undo"))
    assert done.code == 0, done.stdout + done.stderr
    assert snapshot(endpoint, repo, "after") == before


def test_uncommitted_declared_files_are_refused_unless_allowed(
    endpoint: str, repo: Path, drifted: dict[str, str]
) -> None:
    main = repo / "main.tf"
    main.write_text(main.read_text().replace("10.42.0.0/16", "10.43.0.0/16"))
    run = revert(endpoint, repo, "--approve")
    assert run.code == 2
    assert "has uncommitted changes (main.tf)" in run.stderr and "--allow-dirty" in run.stderr
    assert "Traceback" not in run.stderr
    assert scan_code(endpoint, repo) == 1  # nothing was changed
    main.write_text(main.read_text().replace("10.43.0.0/16", "10.42.0.0/16"))
    only_ssh = ("--only", "aws_security_group/aws_security_group.web")
    (repo / "notes.tf").write_text("# scratch\n")
    assert revert(endpoint, repo, "--approve", *only_ssh).code == 2
    run = revert(endpoint, repo, "--approve", "--allow-dirty", *only_ssh)
    assert run.code == 0, run.stdout + run.stderr
    assert "with uncommitted changes to notes.tf" in run.stdout


def test_only_limits_the_blast_radius(endpoint: str, repo: Path, drifted: dict[str, str]) -> None:
    run = revert(endpoint, repo, "--approve", "--only", "aws_s3_bucket*/*")
    assert run.code == 0, run.stdout + run.stderr
    assert "ec2." not in run.stdout and "iam." not in run.stdout
    report = json.loads(
        driftctl(
            "scan", "--from", f"hcl://{repo}", "--endpoint-url", endpoint, "-o", "json://-"
        ).stdout
    )
    assert {d["type"] for d in report["drifts"]} == {
        "aws_vpc",
        "aws_subnet",
        "aws_security_group",
        "aws_iam_role",
        "aws_iam_role_policy",
    }


def test_only_names_an_address_literally_and_refuses_a_value_that_matches_nothing(
    endpoint: str, repo: Path, drifted: dict[str, str]
) -> None:
    raw = 'aws_s3_bucket/aws_s3_bucket.data["raw"]'
    run = revert(endpoint, repo, "--only", raw)
    assert run.code == 0, run.stdout + run.stderr
    assert "revert plan: 0 deletes, 1 resource, 1 API call" in run.stdout
    assert '~ update aws_s3_bucket.data["raw"]' in run.stdout
    typo = revert(endpoint, repo, "--approve", "--only", raw.replace("raw", "rwa"))
    assert typo.code == 2, typo.stdout + typo.stderr
    assert typo.stderr.splitlines() == [
        "error: --only 'aws_s3_bucket/aws_s3_bucket.data[\"rwa\"]' matches no drift",
        f"  hint: did you mean '{raw}'?",
    ]
    assert "nothing to revert" not in typo.stdout
    assert scan_code(endpoint, repo) == 1  # nothing was changed


def test_a_git_ignored_tfvars_is_refused_unless_allowed(
    endpoint: str, repo: Path, drifted: dict[str, str]
) -> None:
    r = git.Repo(repo)
    (repo / ".gitignore").write_text("*.tfvars\n")
    r.index.remove(["terraform.tfvars"])
    r.index.add([".gitignore"])
    r.index.commit("tfvars are local", author=git.Actor("t", "t@example.com"))
    only = ("--only", "aws_security_group/aws_security_group.web")
    run = revert(endpoint, repo, "--approve", *only)
    assert run.code == 2, run.stdout + run.stderr
    assert "has uncommitted changes (terraform.tfvars [git-ignored])" in run.stderr
    assert scan_code(endpoint, repo) == 1
    run = revert(endpoint, repo, "--approve", "--allow-dirty", *only)
    assert run.code == 0, run.stdout + run.stderr
    assert "with uncommitted changes to terraform.tfvars [git-ignored]" in run.stdout


def test_a_non_empty_unmanaged_bucket_is_refused_and_left_alone(
    endpoint: str, repo: Path, drifted: dict[str, str]
) -> None:
    s3 = demo_stack.clients(endpoint)["s3"]
    s3.put_object(Bucket="acme-demo-scratch", Key="notes.txt", Body=b"keep me")
    run = revert(endpoint, repo, "--approve", "--only", "aws_s3_bucket/acme-demo-scratch")
    assert run.code == 1, run.stdout + run.stderr
    assert "cannot delete bucket acme-demo-scratch: it is not empty" in run.stdout
    assert "could not converge" in run.stdout
    assert s3.get_object(Bucket="acme-demo-scratch", Key="notes.txt")["Body"].read() == b"keep me"


def test_nothing_to_revert_exits_0(endpoint: str, repo: Path) -> None:
    demo_stack.apply(endpoint)
    run = revert(endpoint, repo, "--approve")
    assert run.code == 0, run.stderr
    assert "nothing to revert" in run.stdout


def _auth(endpoint: str, count: str) -> None:
    request = urllib.request.Request(
        f"{endpoint}/moto-api/reset-auth",
        data=count.encode(),
        method="POST",
        headers={"Content-Type": "text/plain"},
    )
    urllib.request.urlopen(request, timeout=10).close()


def _read_actions() -> list[str]:
    """Describe*, Get* and List* of every service driftctl scans, by its IAM prefix (the
    service model's signing name: stepfunctions signs as `states`)."""
    models = botocore.session.get_session()
    prefixes = {models.get_service_model(s.service).signing_name for s in registry.SCANS.values()}
    return [f"{p}:{verb}*" for p in sorted(prefixes) for verb in ("Describe", "Get", "List")]


@pytest.fixture
def read_only(endpoint: str, drifted: dict[str, str]) -> Iterator[dict[str, str]]:
    """Credentials that may read everything and change nothing (the emulator enforcing IAM)."""
    iam = boto3.client("iam", region_name="us-east-1", endpoint_url=endpoint)
    iam.create_user(UserName="auditor")
    read = {
        "Version": "2012-10-17",
        "Statement": [
            {
                "Effect": "Allow",
                "Action": [*_read_actions(), "sts:GetCallerIdentity"],
                "Resource": "*",
            }
        ],
    }
    iam.put_user_policy(UserName="auditor", PolicyName="read", PolicyDocument=json.dumps(read))
    key = iam.create_access_key(UserName="auditor")["AccessKey"]
    env = {k: v for k, v in os.environ.items() if k != "AWS_SESSION_TOKEN"}
    env.update(AWS_ACCESS_KEY_ID=key["AccessKeyId"], AWS_SECRET_ACCESS_KEY=key["SecretAccessKey"])
    _auth(endpoint, "0")
    try:
        yield env
    finally:
        _auth(endpoint, "inf")


# moto's server answers every Lambda call signed by an IAM user's key with 403
# SignatureDoesNotMatch once auth is on, so the read-only scan is incomplete and revert
# (rightly) stops there. tests/faults drives the same denied mutating calls through its
# proxy. Strict: this passes again, and must be un-marked, once moto signs Lambda right.
@pytest.mark.xfail(
    strict=True, reason="moto: Lambda calls by an IAM user fail SignatureDoesNotMatch"
)
@pytest.mark.parametrize(
    ("only", "line", "journaled"),
    [
        (
            "aws_security_group/aws_security_group.web",
            "ec2:RevokeSecurityGroupIngress would be denied (AccessDenied): the credentials "
            "lack ec2:RevokeSecurityGroupIngress; nothing was changed",
            False,  # the DryRun pre-flight caught it before any journal or change
        ),
        (
            "aws_s3_bucket/*",
            "s3:PutBucketTagging was denied (AccessDenied): the credentials lack "
            "s3:PutBucketTagging; nothing was changed",
            True,
        ),
    ],
)
def test_read_only_credentials_are_one_clear_line(
    endpoint: str, repo: Path, read_only: dict[str, str], only: str, line: str, journaled: bool
) -> None:
    journal = repo.parent / "journal"
    run = revert(
        endpoint, repo, "--approve", "--only", only, "--journal-dir", str(journal), env=read_only
    )
    assert run.code == 2, run.stdout + run.stderr
    assert line in run.stderr and "Traceback" not in run.stderr
    assert (journal / "journal.json").exists() == journaled
