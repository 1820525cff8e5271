"""Git is the source of truth (real repositories in tmp_path); plans mask secrets."""

from __future__ import annotations

from pathlib import Path

import git
import pytest

from driftctl.base.calls import Call
from driftctl.core.model import Change
from driftctl.errors import DriftctlError
from driftctl.revert import guards, render
from driftctl.revert.planner import Plan, Step


def repo_with_tf(tmp_path: Path) -> tuple[git.Repo, Path]:
    repo = git.Repo.init(tmp_path)
    stack = tmp_path / "stack"
    stack.mkdir()
    (stack / "main.tf").write_text('resource "aws_s3_bucket" "b" {\n  bucket = "b"\n}\n')
    (tmp_path / "README.md").write_text("hi\n")
    repo.index.add(["stack/main.tf", "README.md"])
    repo.index.commit("stack", author=git.Actor("t", "t@example.com"))
    return repo, stack


def test_a_clean_repo_names_its_commit(tmp_path: Path) -> None:
    repo, stack = repo_with_tf(tmp_path)
    origin = guards.origin(stack)
    assert origin.line == f"declared state from {tmp_path.resolve()}@{repo.head.commit.hexsha}"
    guards.check_clean([origin], allow_dirty=False)


@pytest.mark.parametrize("change", ["edit", "untracked"])
def test_uncommitted_declared_files_stop_a_revert(tmp_path: Path, change: str) -> None:
    _, stack = repo_with_tf(tmp_path)
    if change == "edit":
        (stack / "main.tf").write_text('resource "aws_s3_bucket" "b" {\n  bucket = "c"\n}\n')
    else:
        (stack / "extra.tf").write_text("")
    origin = guards.origin(stack)
    with pytest.raises(DriftctlError, match="stack has uncommitted changes") as err:
        guards.check_clean([origin], allow_dirty=False)
    assert err.value.hint == "commit (or stash) them first, or pass --allow-dirty"
    guards.check_clean([origin], allow_dirty=True)


def test_changes_outside_the_declared_files_do_not_count(tmp_path: Path) -> None:
    _, stack = repo_with_tf(tmp_path)
    (tmp_path / "README.md").write_text("changed\n")
    journal = stack / ".driftctl" / "journal" / "20250101T000000Z"
    journal.mkdir(parents=True)
    (journal / "journal.json").write_text("{}")  # a revert run from the source directory
    assert guards.origin(stack).dirty == ()


def test_a_directory_outside_git_is_named_as_such(tmp_path: Path) -> None:
    assert (
        guards.origin(tmp_path).line == f"declared state from {tmp_path} (not in a git repository)"
    )


def test_a_malformed_only_glob_is_an_error() -> None:
    with pytest.raises(DriftctlError, match="--only aws_\\[: "):
        guards.parse_only(["aws_["])


def test_plans_mask_secret_looking_values_and_tags() -> None:
    call = Call(
        "iam",
        "tag_role",
        {
            "RoleName": "app",
            "Tags": [{"Key": "api_token", "Value": "s3cr3t"}, {"Key": "Team", "Value": "a"}],
        },
        "us-east-1",
    )
    step = Step(
        "changed",
        "aws_iam_role",
        "aws_iam_role.app",
        "app",
        "r",
        changes=(Change("tags.api_token", "s3cr3t", "old"),),
        calls=(call,),
    )
    text = "\n".join(render.plan_lines(Plan([step])))
    assert "s3cr3t" not in text and "old" not in text
    assert '"Value": "***"' in text and '"Value": "a"' in text
    assert 'tags.api_token: "***" -> "***"' in text


def test_an_empty_plan_says_so() -> None:
    assert render.plan_lines(Plan([])) == ["nothing to revert"]
