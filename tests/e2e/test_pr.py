"""driftctl pr end to end: the installed CLI against moto's server, a real git clone with a
local bare remote, and a local server speaking GitHub's pulls/issues endpoints."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import boto3
import git
import pytest

from tests.e2e.github_fake import FakeGitHub, fake_github
from tests.e2e.gitrepo import checkout_with_origin
from tests.kit.cli import Run, driftctl

MAIN_TF = """\
provider "aws" {
  region = "us-east-1"
}

# the data lake's raw zone
resource "aws_s3_bucket" "data" {
  bucket = "acme-data" # named by finance
  tags = {
    Team = "core"
    Zone = "raw" # changed by hand during an incident
  }
}
"""

RULES = """\
rules:
  - name: accept-zone-tags
    match:
      type: aws_s3_bucket
      path: tags.*
    action: pr
    labels: [drift, accepted]
  - name: import-buckets
    match:
      type: aws_s3_bucket
      kind: unmanaged
    action: pr
    file: imported.tf
"""


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    with fake_github() as server:
        yield server


@pytest.fixture
def clone(tmp_path: Path) -> tuple[git.Repo, Path]:
    """The user's checkout of a repository whose remote `origin` is a local bare repo."""

    def write(clone: Path) -> None:
        (clone / "infra").mkdir()
        (clone / "infra" / "main.tf").write_text(MAIN_TF)

    work = checkout_with_origin(tmp_path, write, "infra")
    (tmp_path / "rules.yaml").write_text(RULES)
    return work, tmp_path


def s3(endpoint: str):  # type: ignore[no-untyped-def]
    return boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint)


def apply_and_drift(endpoint: str) -> None:
    client = s3(endpoint)
    client.create_bucket(Bucket="acme-data")
    client.put_bucket_tagging(
        Bucket="acme-data",
        Tagging={
            "TagSet": [{"Key": "Team", "Value": "core"}, {"Key": "Zone", "Value": "analytics"}]
        },
    )
    client.create_bucket(Bucket="acme-scratch")


def pr(endpoint: str, fake: FakeGitHub, base: Path, *extra: str) -> Run:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    env["GITHUB_TOKEN"] = "t0ken"
    return driftctl(
        "pr",
        "--from",
        "infra",
        "--endpoint-url",
        endpoint,
        "--region",
        "us-east-1",
        "--rules",
        str(base / "rules.yaml"),
        "--repo",
        "acme/infra",
        "--github-api-url",
        fake.url,
        "--no-cache",
        *extra,
        env=env,
        cwd=base / "clone",
    )


def remote_file(base: Path, branch: str, path: str) -> str:
    bare = git.Repo(base / "remote.git")
    return str(bare.git.show(f"{branch}:{path}")) + "\n"


def test_drift_opens_then_updates_then_closes_a_pull_request(
    endpoint: str, fake: FakeGitHub, clone: tuple[git.Repo, Path]
) -> None:
    work, base = clone
    head_before = work.head.commit.hexsha
    apply_and_drift(endpoint)

    first = pr(endpoint, fake, base)
    assert first.code == 0, first.stderr
    assert fake.problems == []
    bare = git.Repo(base / "remote.git")
    branches = [h.name for h in bare.heads if h.name.startswith("driftctl/")]
    assert len(branches) == 1
    branch = branches[0]
    assert remote_file(base, branch, "infra/main.tf") == MAIN_TF.replace(
        'Zone = "raw"', 'Zone = "analytics"'
    )
    assert remote_file(base, branch, "infra/imported.tf") == (
        'resource "aws_s3_bucket" "acme_scratch" {\n'
        '  bucket = "acme-scratch"\n'
        "}\n"
        "\n"
        "import {\n"
        "  to = aws_s3_bucket.acme_scratch\n"
        '  id = "acme-scratch"\n'
        "}\n"
    )
    message = bare.commit(branch).message
    assert 'aws_s3_bucket.data: tags.Zone "raw" -> "analytics"' in message
    assert bare.commit(branch).parents[0].hexsha == head_before
    create = [r for r in fake.requests if (r.method, r.path) == ("POST", "/repos/acme/infra/pulls")]
    assert len(create) == 1
    assert create[0].json["head"] == branch and create[0].json["base"] == "main"
    assert create[0].json["title"] == "driftctl: codify 2 drifts found in live AWS"
    assert "### Changed" in create[0].json["body"] and "tags.Zone" in create[0].json["body"]
    assert create[0].headers["Authorization"] == "Bearer t0ken"
    assert fake.labels[1] == ["accepted", "drift"]
    # the user's checkout is untouched: same HEAD, clean tree, no new branch, no worktree left
    assert work.head.commit.hexsha == head_before
    assert not work.is_dirty(untracked_files=True)
    assert [h.name for h in work.heads] == ["main"]
    assert len(work.git.worktree("list").splitlines()) == 1

    fake.requests.clear()
    second = pr(endpoint, fake, base)
    assert second.code == 0, second.stderr
    assert fake.problems == []
    assert ("POST", "/repos/acme/infra/pulls") not in fake.calls()
    assert ("PATCH", "/repos/acme/infra/pulls/1") in fake.calls()
    assert len(fake.pulls) == 1 and fake.pulls[1]["state"] == "open"

    # the drift is fixed live: the pull request is closed with a comment
    client = s3(endpoint)
    client.put_bucket_tagging(
        Bucket="acme-data",
        Tagging={"TagSet": [{"Key": "Team", "Value": "core"}, {"Key": "Zone", "Value": "raw"}]},
    )
    client.delete_bucket(Bucket="acme-scratch")
    fake.requests.clear()
    third = pr(endpoint, fake, base)
    assert third.code == 0, third.stderr
    assert fake.problems == []
    assert fake.pulls[1]["state"] == "closed"
    assert "gone" in fake.comments[1][0]
    patch = [r for r in fake.requests if r.method == "PATCH"]
    assert [r.json for r in patch] == [{"state": "closed"}]


def test_dry_run_prints_the_patch_and_body_and_pushes_nothing(
    endpoint: str, fake: FakeGitHub, clone: tuple[git.Repo, Path]
) -> None:
    _, base = clone
    apply_and_drift(endpoint)
    run = pr(endpoint, fake, base, "--dry-run")
    assert run.code == 0, run.stderr
    assert '-    Zone = "raw" # changed by hand during an incident' in run.stdout
    assert '+    Zone = "analytics" # changed by hand during an incident' in run.stdout
    assert "+++ b/infra/imported.tf" in run.stdout
    assert "## driftctl:" in run.stdout
    assert fake.requests == []
    assert [h.name for h in git.Repo(base / "remote.git").heads] == ["main"]


def test_github_errors_are_one_line_and_exit_2(
    endpoint: str, fake: FakeGitHub, clone: tuple[git.Repo, Path]
) -> None:
    _, base = clone
    apply_and_drift(endpoint)
    fake.fail_next = (
        403,
        {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000000"},
        {"message": "API rate limit exceeded"},
    )
    run = pr(endpoint, fake, base)
    assert run.code == 2
    assert "rate limited by GitHub (403); the limit resets at 22:13:20 UTC" in run.stderr
    assert "Traceback" not in run.stderr
    fake.fail_next = (404, {}, {"message": "Not Found"})
    run = pr(endpoint, fake, base)
    assert run.code == 2
    assert "404 Not Found" in run.stderr and "--repo" in run.stderr


def test_an_edit_that_would_change_more_than_the_drift_is_aborted(
    endpoint: str, fake: FakeGitHub, clone: tuple[git.Repo, Path]
) -> None:
    work, base = clone
    # local.team writes the Team tag (a literal) and, through a template, the bucket's name
    (base / "clone" / "infra" / "main.tf").write_text(
        'provider "aws" {\n  region = "us-east-1"\n}\n\n'
        'locals {\n  team = "core"\n}\n\n'
        'resource "aws_s3_bucket" "data" {\n  bucket = "acme-${local.team}"\n'
        "  tags   = { Team = local.team }\n}\n"
    )
    work.index.add(["infra/main.tf"])
    work.index.commit("team local")
    work.git.push("origin", "main")
    client = s3(endpoint)
    client.create_bucket(Bucket="acme-core")
    client.put_bucket_tagging(
        Bucket="acme-core", Tagging={"TagSet": [{"Key": "Team", "Value": "platform"}]}
    )
    run = pr(endpoint, fake, base)
    assert run.code == 2
    assert "error:" in run.stderr and "nothing was pushed" in run.stderr
    assert "new drift on acme-core (unmanaged)" in run.stderr and "Traceback" not in run.stderr
    assert [h.name for h in git.Repo(base / "remote.git").heads] == ["main"]
    assert fake.requests == []
    assert not work.is_dirty(untracked_files=True)
    assert len(work.git.worktree("list").splitlines()) == 1
