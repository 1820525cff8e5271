"""driftctl pr on yaml:// sources, end to end: a CloudFormation stack deployed to moto's
server drifts (a tag changed in the console), `driftctl pr --from yaml://...` pushes a
branch that edits exactly that tag's value in the template (comments and every other
byte kept) and opens a pull request on the fake GitHub; when only drifts that need a
human remain, the pull request stays open and says so; when none remain, it is closed."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import boto3
import git
import pytest

from tests.e2e.github_fake import FakeGitHub, fake_github
from tests.e2e.gitrepo import checkout_with_origin
from tests.kit.cli import DRIFTCTL, Run, driftctl

TEMPLATE = """\
AWSTemplateFormatVersion: "2010-09-09"
Description: the data lake   # owned by data-eng

Parameters:
  Env:
    Type: String
    Default: prod

Resources:
  # the raw zone
  Data:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: acme-data   # named by finance
      Tags:
        - Key: Team
          Value: core
        - Key: Zone
          Value: raw   # changed by hand during an incident
        - Key: Name
          Value: !Sub "${Env}-data"
"""

IMPORTED = """\
  # Imported by driftctl from live AWS (acme-scratch). CloudFormation does not adopt it by
  # itself: bring it into the stack with a resource import (an IMPORT change set).
  # DeletionPolicy Retain keeps it if it is removed from the stack again.
  AcmeScratch:
    Type: AWS::S3::Bucket
    DeletionPolicy: Retain
    Properties:
      BucketName: acme-scratch
"""

RULES = """\
rules:
  - name: accept-tags
    match: {type: aws_s3_bucket, path: tags.*}
    action: pr
    labels: [drift, accepted]
  - name: import-buckets
    match: {type: aws_s3_bucket, kind: unmanaged}
    action: pr
    file: {file}
"""


@pytest.fixture
def fake() -> Iterator[FakeGitHub]:
    with fake_github() as server:
        yield server


def make_clone(tmp_path: Path, import_file: str = "stack.yaml") -> tuple[git.Repo, Path]:
    """The user's checkout (infra/stack.yaml) with a local bare repository as origin."""

    def write(clone: Path) -> None:
        (clone / "infra").mkdir()
        (clone / "infra" / "stack.yaml").write_text(TEMPLATE)

    work = checkout_with_origin(tmp_path, write, "infra")
    (tmp_path / "rules.yaml").write_text(RULES.replace("{file}", import_file))
    return work, tmp_path


def deploy(endpoint: str) -> None:
    cfn = boto3.client("cloudformation", region_name="us-east-1", endpoint_url=endpoint)
    cfn.create_stack(StackName="lake", TemplateBody=TEMPLATE)


def tag(endpoint: str, **tags: str) -> None:
    """Set the bucket's tags as a person would in the console."""
    s3 = boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint)
    tag_set = [{"Key": k, "Value": v} for k, v in tags.items()]
    s3.put_bucket_tagging(Bucket="acme-data", Tagging={"TagSet": tag_set})


def pr(endpoint: str, fake: FakeGitHub, base: Path, *extra: str, source: str = "") -> Run:
    args, env = pr_command(endpoint, fake, base, *extra, source=source)
    return driftctl(*args, env=env, cwd=base / "clone")


def pr_command(
    endpoint: str, fake: FakeGitHub, base: Path, *extra: str, source: str = ""
) -> tuple[list[str], dict[str, str]]:
    """The arguments and environment of `driftctl pr` against moto and the fake GitHub."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")}
    env["GITHUB_TOKEN"] = "t0ken"
    args = [
        "pr",
        "--from",
        source or "yaml://infra/stack.yaml",
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
    ]
    return args, env


def remote_file(base: Path, branch: str, path: str) -> str:
    return str(git.Repo(base / "remote.git").git.show(f"{branch}:{path}")) + "\n"


def test_a_console_tag_change_on_a_stack_becomes_a_pull_request(
    endpoint: str, fake: FakeGitHub, tmp_path: Path
) -> None:
    work, base = make_clone(tmp_path)
    head_before = work.head.commit.hexsha
    deploy(endpoint)
    tag(endpoint, Team="core", Zone="analytics", Name="prod-data")
    boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint).create_bucket(
        Bucket="acme-scratch"
    )

    first = pr(endpoint, fake, base)
    assert first.code == 0, first.stderr
    assert fake.problems == []
    bare = git.Repo(base / "remote.git")
    [branch] = [h.name for h in bare.heads if h.name.startswith("driftctl/")]
    edited = TEMPLATE.replace("Value: raw   # changed", "Value: analytics   # changed")
    assert remote_file(base, branch, "infra/stack.yaml") == edited + IMPORTED
    assert bare.commit(branch).parents[0].hexsha == head_before
    assert 'Data: tags.Zone "raw" -> "analytics"' in str(bare.commit(branch).message)
    [create] = [
        r for r in fake.requests if (r.method, r.path) == ("POST", "/repos/acme/infra/pulls")
    ]
    assert create.json["head"] == branch and create.json["base"] == "main"
    assert create.json["title"] == "driftctl: codify 2 drifts found in live AWS"
    assert "tags.Zone" in create.json["body"] and "Needs a human" not in create.json["body"]
    assert fake.labels[1] == ["accepted", "drift"]
    assert work.head.commit.hexsha == head_before and not work.is_dirty(untracked_files=True)
    assert [h.name for h in work.heads] == ["main"]

    fake.requests.clear()
    second = pr(endpoint, fake, base)
    assert second.code == 0, second.stderr
    assert ("POST", "/repos/acme/infra/pulls") not in fake.calls()
    assert ("PATCH", "/repos/acme/infra/pulls/1") in fake.calls()
    assert len(fake.pulls) == 1 and fake.pulls[1]["state"] == "open"

    # the tag is put back and the bucket deleted, but the Name tag (written with !Sub) is
    # changed live: a drift with a `pr` rule that only a person can codify. The pull
    # request is not closed as if the drift were gone: it stays open, its branch no longer
    # carries the stale edit, and its body says what needs a human and where.
    tag(endpoint, Team="core", Zone="raw", Name="staging-data")
    boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint).delete_bucket(
        Bucket="acme-scratch"
    )
    fake.requests.clear()
    third = pr(endpoint, fake, base)
    assert third.code == 0, third.stderr
    assert fake.problems == []
    assert fake.pulls[1]["state"] == "open" and 1 not in fake.comments
    assert ("POST", "/repos/acme/infra/pulls") not in fake.calls()
    assert fake.pulls[1]["title"] == "driftctl: 1 drift found in live AWS need a human"
    body = fake.pulls[1]["body"]
    assert "### Needs a human" in body and "infra/stack.yaml:21" in body and "!Sub" in body
    assert remote_file(base, branch, "infra/stack.yaml") == TEMPLATE
    assert bare.commit(branch).parents[0].hexsha == head_before
    assert "needs a human" in third.stderr

    # nothing with a `pr` rule drifts any more: now the pull request is closed
    tag(endpoint, Team="core", Zone="raw", Name="prod-data")
    fake.requests.clear()
    fourth = pr(endpoint, fake, base)
    assert fourth.code == 0, fourth.stderr
    assert fake.pulls[1]["state"] == "closed"
    assert "gone" in fake.comments[1][0]


def test_only_drifts_for_a_human_open_no_pull_request(
    endpoint: str, fake: FakeGitHub, tmp_path: Path
) -> None:
    _, base = make_clone(tmp_path)
    deploy(endpoint)
    tag(endpoint, Team="core", Zone="raw", Name="staging-data")
    run = pr(endpoint, fake, base)
    assert run.code == 0, run.stderr
    assert "1 drift needs a human; no pull request opened" in run.stderr
    assert fake.pulls == {} and fake.calls("POST") == []
    assert [h.name for h in git.Repo(base / "remote.git").heads] == ["main"]


@pytest.mark.parametrize("file", ["../outside.yaml", "/tmp/driftctl-outside.yaml"])
def test_a_rule_file_outside_the_source_directory_is_refused(
    endpoint: str, fake: FakeGitHub, tmp_path: Path, file: str
) -> None:
    work, base = make_clone(tmp_path, import_file=file)
    boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint).create_bucket(
        Bucket="acme-scratch"
    )
    run = pr(endpoint, fake, base, "--dry-run")
    assert run.code == 2
    assert f"rule import-buckets: file '{file}' is not inside the source directory" in run.stderr
    assert "Traceback" not in run.stderr
    assert not (base / "clone" / "outside.yaml").exists() and not Path(file).exists()
    assert not work.is_dirty(untracked_files=True)
    assert len(work.git.worktree("list").splitlines()) == 1


def test_a_format_without_codifier_lists_its_drifts_for_a_human(
    endpoint: str, fake: FakeGitHub, tmp_path: Path
) -> None:
    work, base = make_clone(tmp_path)
    state = {
        "version": 4,
        "terraform_version": "1.6.0",
        "serial": 1,
        "lineage": "x",
        "outputs": {},
        "resources": [
            {
                "mode": "managed",
                "type": "aws_s3_bucket",
                "name": "data",
                "provider": 'provider["registry.terraform.io/hashicorp/aws"]',
                "instances": [
                    {
                        "schema_version": 0,
                        "attributes": {
                            "id": "acme-data",
                            "bucket": "acme-data",
                            "tags": {"Team": "core", "Zone": "raw"},
                        },
                    }
                ],
            }
        ],
    }
    (base / "clone" / "infra" / "terraform.tfstate").write_text(json.dumps(state))
    work.index.add(["infra/terraform.tfstate"])
    work.index.commit("state")
    work.git.push("origin", "main")
    s3 = boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint)
    s3.create_bucket(Bucket="acme-data")
    tag(endpoint, Team="core", Zone="analytics")
    run = pr(endpoint, fake, base, "--dry-run", source="tfstate://infra/terraform.tfstate")
    assert run.code == 0, run.stderr
    assert "# no source change: nothing to codify" in run.stdout
    assert "### Needs a human" in run.stdout
    assert "driftctl cannot edit tfstate:// sources yet" in run.stdout
    assert "tags.Zone" in run.stdout and fake.requests == []


def test_a_crlf_template_is_edited_in_the_changed_line_only(
    endpoint: str, fake: FakeGitHub, tmp_path: Path
) -> None:
    """A template with CRLF line endings (checked out on Windows, or committed so): the
    --dry-run patch and the pushed commit change the drifted line only, and every line
    keeps its CRLF (the file is not rewritten whole with LF)."""
    work, base = make_clone(tmp_path)
    with work.config_writer() as cw:
        cw.set_value("core", "autocrlf", "false")
    crlf = TEMPLATE.replace("\n", "\r\n").encode()
    (base / "clone" / "infra" / "stack.yaml").write_bytes(crlf)
    work.index.add(["infra/stack.yaml"])
    work.index.commit("CRLF")
    work.git.push("origin", "main")
    deploy(endpoint)
    tag(endpoint, Team="core", Zone="analytics", Name="prod-data")
    old = b"          Value: raw   # changed by hand during an incident\r\n"
    new = b"          Value: analytics   # changed by hand during an incident\r\n"

    args, env = pr_command(endpoint, fake, base, "--dry-run")
    dry = subprocess.run(
        [DRIFTCTL, *args], capture_output=True, env=env, cwd=base / "clone", timeout=300
    )
    assert dry.returncode == 0, dry.stderr
    patch = dry.stdout.split(b"\n\n", 1)[0] + b"\n"  # the PR body follows a blank line
    changed = [
        line
        for line in patch.splitlines(keepends=True)
        if line[:1] in (b"-", b"+") and not line.startswith((b"---", b"+++"))
    ]
    assert changed == [b"-" + old, b"+" + new]

    run = pr(endpoint, fake, base)
    assert run.code == 0, run.stderr
    bare = git.Repo(base / "remote.git")
    [branch] = [h.name for h in bare.heads if h.name.startswith("driftctl/")]
    blob = bare.commit(branch).tree / "infra/stack.yaml"
    assert blob.data_stream.read() == crlf.replace(old, new)
