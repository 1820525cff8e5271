"""Sensitive values end to end: a secret planted in a sensitive variable (used in a tag and
in a role's trust policy) and a second one planted live, out of band, must appear in no
output of the installed CLI against moto's server (scan in every format, render, revert
and its journal, undo, pr --dry-run and a real pr's commit and body), while the drift on
them is still reported, as changed and sensitive.

Each output is checked where it is made (Checked.clean: no planted secret, not empty).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import boto3
import git
import pytest

from tests.e2e.github_fake import FakeGitHub, fake_github
from tests.e2e.gitrepo import checkout_with_origin
from tests.kit.cli import Run, driftctl

DECLARED = "s3cr3t-PLANTED-value"  # the sensitive variable's value (given with --var)
LIVE = "s3cr3t-PLANTED-live"  # what someone wrote live, out of band
PLANTED = (DECLARED, LIVE)

MAIN_TF = """\
provider "aws" {
  region = "us-east-1"
}

variable "build_ref" {
  type      = string
  sensitive = true
}

resource "aws_s3_bucket" "data" {
  bucket = "acme-sensitive-data"
  tags = {
    Team  = "core"
    Build = var.build_ref
  }
}

resource "aws_s3_bucket" "logs" {
  bucket = "acme-sensitive-logs"
  tags = {
    Team = "core"
  }
}

resource "aws_iam_role" "deploy" {
  name = "acme-deploy"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { AWS = "arn:aws:iam::123456789012:root" }
      Action    = "sts:AssumeRole"
      Condition = { StringEquals = { "sts:ExternalId" = var.build_ref } }
    }]
  })
}
"""

REVERT_RULES = """\
rules:
  - name: revert-changes
    match:
      kind: changed
    action: revert
"""

PR_RULES = """\
rules:
  - name: accept-changes
    match:
      kind: changed
    action: pr
"""


def _policy(external_id: str) -> str:
    return json.dumps(
        {
            "Version": "2012-10-17",
            "Statement": [
                {
                    "Effect": "Allow",
                    "Principal": {"AWS": "arn:aws:iam::123456789012:root"},
                    "Action": "sts:AssumeRole",
                    "Condition": {"StringEquals": {"sts:ExternalId": external_id}},
                }
            ],
        }
    )


def _tags(team: str, build: str | None = None) -> dict[str, list[dict[str, str]]]:
    tags = [{"Key": "Team", "Value": team}]
    if build is not None:
        tags.append({"Key": "Build", "Value": build})
    return {"TagSet": tags}


def apply_and_drift(endpoint: str) -> None:
    """The stack as applied, then changed by hand: the secret replaced by another one
    (tag and trust policy), and a plain tag changed on the other bucket."""
    s3 = boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint)
    iam = boto3.client("iam", region_name="us-east-1", endpoint_url=endpoint)
    s3.create_bucket(Bucket="acme-sensitive-data")
    s3.create_bucket(Bucket="acme-sensitive-logs")
    iam.create_role(RoleName="acme-deploy", AssumeRolePolicyDocument=_policy(DECLARED))
    s3.put_bucket_tagging(Bucket="acme-sensitive-data", Tagging=_tags("core", LIVE))
    s3.put_bucket_tagging(Bucket="acme-sensitive-logs", Tagging=_tags("platform"))
    iam.update_assume_role_policy(RoleName="acme-deploy", PolicyDocument=_policy(LIVE))


def live_values(endpoint: str) -> tuple[str, str]:
    """(the Build tag, the trust policy's ExternalId) as they are live."""
    s3 = boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint)
    iam = boto3.client("iam", region_name="us-east-1", endpoint_url=endpoint)
    tags = s3.get_bucket_tagging(Bucket="acme-sensitive-data")["TagSet"]
    doc = iam.get_role(RoleName="acme-deploy")["Role"]["AssumeRolePolicyDocument"]
    doc = json.loads(doc) if isinstance(doc, str) else doc
    external = doc["Statement"][0]["Condition"]["StringEquals"]["sts:ExternalId"]
    external = external[0] if isinstance(external, list) else external  # ["x"] means "x"
    return next(t["Value"] for t in tags if t["Key"] == "Build"), external


class Checked:
    """The outputs checked for the planted secrets, by name."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def clean(self, name: str, text: str) -> None:
        for secret in PLANTED:
            assert secret not in text, f"{name} shows a planted secret:\n{text}"
        assert text.strip(), f"{name} is empty: nothing was checked"
        self.names.append(name)


OUTPUTS = Checked()


@pytest.fixture
def repo(tmp_path: Path) -> Iterator[tuple[git.Repo, Path]]:
    def write(clone: Path) -> None:
        (clone / "infra").mkdir()
        (clone / "infra" / "main.tf").write_text(MAIN_TF)

    work = checkout_with_origin(tmp_path, write, "infra")
    (tmp_path / "revert.yaml").write_text(REVERT_RULES)
    (tmp_path / "pr.yaml").write_text(PR_RULES)
    yield work, tmp_path


def common(endpoint: str) -> list[str]:
    return ["--endpoint-url", endpoint, "--region", "us-east-1", "--no-cache"]


def test_scan_and_render_report_the_drift_and_show_no_secret(
    endpoint: str, repo: tuple[git.Repo, Path]
) -> None:
    _, base = repo
    apply_and_drift(endpoint)
    outputs = ["-o", "console://", "-o", "json://out.json"]
    outputs += ["-o", "markdown://out.md", "-o", "sarif://out.sarif"]
    outputs += ["-o", "html://out.html", "-o", "plan://out.plan.json"]
    run = driftctl(
        "scan",
        "--from",
        "hcl://clone/infra",
        "--var",
        f"build_ref={DECLARED}",
        *common(endpoint),
        *outputs,
        "--save-live",
        "live.json",
        cwd=base,
    )
    assert run.code == 1, run.stderr
    OUTPUTS.clean("scan console", run.stdout + run.stderr)
    report = json.loads((base / "out.json").read_text())
    OUTPUTS.clean("scan json", (base / "out.json").read_text())
    OUTPUTS.clean("scan markdown", (base / "out.md").read_text())
    OUTPUTS.clean("scan sarif", (base / "out.sarif").read_text())
    OUTPUTS.clean("scan html", (base / "out.html").read_text())
    OUTPUTS.clean("scan plan (live values)", (base / "out.plan.json").read_text())

    changes = {
        (d["address"], c["path"]): c
        for d in report["drifts"]
        if d["kind"] == "changed"
        for c in d["changes"]
    }
    # the secret drift is reported, as changed and sensitive, without values
    assert changes[("aws_s3_bucket.data", "tags.Build")] == {
        "path": "tags.Build",
        "expected": "(sensitive)",
        "actual": "(sensitive)",
        "sensitive": True,
    }
    role = [c for (address, _), c in changes.items() if address == "aws_iam_role.deploy"]
    assert [c["path"] for c in role] == [
        "assume_role_policy.Statement[0].Condition.StringEquals.sts:ExternalId[0]"
    ]
    assert role[0]["sensitive"] is True and role[0]["expected"] == "(sensitive)"
    # a plain drift is shown as ever
    assert changes[("aws_s3_bucket.logs", "tags.Team")] == {
        "path": "tags.Team",
        "expected": "core",
        "actual": "platform",
    }
    assert "tags.Build: (sensitive) → (sensitive)" in run.stdout
    # the snapshot holds real values: readable by its owner only
    assert stat.S_IMODE((base / "live.json").stat().st_mode) == 0o600
    assert LIVE in (base / "live.json").read_text()  # it is the live state, unmasked

    render = driftctl(
        "render", "--from", "hcl://clone/infra", "--var", f"build_ref={DECLARED}", cwd=base
    )
    assert render.code == 0, render.stderr
    OUTPUTS.clean("render", render.stdout + render.stderr)
    attrs = {r["address"]: r["attrs"] for r in json.loads(render.stdout)["resources"]}
    assert attrs["aws_s3_bucket.data"]["tags"] == {"Build": {"$sensitive": True}, "Team": "core"}
    assert attrs["aws_iam_role.deploy"]["assume_role_policy"] == {"$sensitive": True}


def test_revert_and_undo_compare_secrets_and_show_none(
    endpoint: str, repo: tuple[git.Repo, Path]
) -> None:
    _, base = repo
    apply_and_drift(endpoint)
    args = ["--from", "hcl://clone/infra", "--var", f"build_ref={DECLARED}", *common(endpoint)]
    args += ["--rules", "revert.yaml"]

    plan = driftctl("revert", *args, cwd=base)
    assert plan.code == 0, plan.stderr
    OUTPUTS.clean("revert plan", plan.stdout + plan.stderr)
    assert "tags.Build: (sensitive) -> (sensitive)" in plan.stdout
    assert "iam.update_assume_role_policy" in plan.stdout
    assert '"PolicyDocument": "(sensitive)"' in plan.stdout

    journal = base / "journal"
    done = driftctl("revert", *args, "--approve", "--journal-dir", str(journal), cwd=base)
    assert done.code == 0, done.stdout + done.stderr
    OUTPUTS.clean("revert --approve output", done.stdout + done.stderr)
    assert live_values(endpoint) == (DECLARED, DECLARED)  # compared, and put back
    assert stat.S_IMODE(journal.stat().st_mode) == 0o700
    for name in ("journal.json", "calls.jsonl"):
        assert stat.S_IMODE((journal / name).stat().st_mode) == 0o600

    undo_args = ["revert", "--undo", str(journal), "--endpoint-url", endpoint]
    undo_plan = driftctl(*undo_args, cwd=base)
    assert undo_plan.code == 0, undo_plan.stderr
    OUTPUTS.clean("undo plan", undo_plan.stdout + undo_plan.stderr)
    assert "undo plan" in undo_plan.stdout and "iam.update_assume_role_policy" in undo_plan.stdout
    undone = driftctl(*undo_args, "--approve", "--journal-dir", str(base / "undo"), cwd=base)
    assert undone.code == 0, undone.stdout + undone.stderr
    OUTPUTS.clean("undo --approve output", undone.stdout + undone.stderr)
    assert live_values(endpoint) == (LIVE, LIVE)


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    with fake_github() as server:
        yield server


def pr(endpoint: str, fake: FakeGitHub, base: Path, *extra: str) -> Run:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    env["GITHUB_TOKEN"] = "t0ken"
    return driftctl(
        "pr",
        "--from",
        "infra",
        "--var",
        f"build_ref={DECLARED}",
        *common(endpoint),
        "--rules",
        str(base / "pr.yaml"),
        "--repo",
        "acme/infra",
        "--github-api-url",
        fake.url,
        *extra,
        env=env,
        cwd=base / "clone",
    )


def test_pr_never_writes_a_live_secret_into_code(
    endpoint: str, fake: FakeGitHub, repo: tuple[git.Repo, Path]
) -> None:
    _, base = repo
    apply_and_drift(endpoint)
    dry = pr(endpoint, fake, base, "--dry-run")
    assert dry.code == 0, dry.stderr
    OUTPUTS.clean("pr --dry-run (patch and body)", dry.stdout)
    OUTPUTS.clean("pr needs-a-human lines", dry.stderr)
    assert '+    Team = "platform"' in dry.stdout  # the plain drift is codified
    assert "### Needs a human" in dry.stdout
    assert "never writes a live secret" in dry.stdout

    real = pr(endpoint, fake, base)
    assert real.code == 0, real.stderr
    bare = git.Repo(base / "remote.git")
    branch = next(h.name for h in bare.heads if h.name.startswith("driftctl/"))
    commit = bare.commit(branch)
    OUTPUTS.clean("pr commit (patch and message)", bare.git.show(branch))
    assert commit.message.startswith("driftctl: codify 1 drift")
    create = [r for r in fake.requests if (r.method, r.path) == ("POST", "/repos/acme/infra/pulls")]
    assert len(create) == 1 and "(sensitive)" in create[0].json["body"]
    sent = json.dumps([r.json for r in fake.requests if r.json is not None])
    OUTPUTS.clean("pr title, body and labels sent to GitHub", sent)
