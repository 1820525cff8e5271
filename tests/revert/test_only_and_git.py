"""--only names drifts literally first and refuses a value that matches nothing; the git
guard counts declared files git ignores and --var-file files outside the repository; a
revert stopped midway names each call's resource."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import git
import pytest

from driftctl.base.calls import Call
from driftctl.core.model import Drift
from driftctl.errors import DriftctlError
from driftctl.revert import flow, guards
from driftctl.revert.executor import Result
from driftctl.revert.journal import Journal
from driftctl.revert.planner import Plan, Step, selected

RAW = Drift("changed", "aws_s3_bucket", "acme-raw", 'aws_s3_bucket.data["raw"]', None)
WEB = Drift("changed", "aws_security_group", "sg-0123", "aws_security_group.web", None)
SUB = Drift("missing", "aws_subnet", None, "aws_subnet.private[0]", None)
DRIFTS = [dataclasses.replace(d, action="revert") for d in (RAW, WEB, SUB)]


@pytest.mark.parametrize(
    ("value", "label"),
    [
        ('aws_s3_bucket/aws_s3_bucket.data["raw"]', 'aws_s3_bucket.data["raw"]'),
        ('aws_s3_bucket.data["raw"]', 'aws_s3_bucket.data["raw"]'),
        ("aws_subnet/aws_subnet.private[0]", "aws_subnet.private[0]"),
        ("aws_s3_bucket/acme-raw", 'aws_s3_bucket.data["raw"]'),
        ("aws_s3_bucket/*", 'aws_s3_bucket.data["raw"]'),  # still a glob
    ],
)
def test_only_matches_the_literal_text_first_then_the_glob(value: str, label: str) -> None:
    only = guards.parse_only([value])
    assert [d.address for d in selected(DRIFTS, only)] == [label]
    guards.check_only(only, DRIFTS)


def test_an_only_value_that_matches_no_drift_is_an_error_naming_near_ones() -> None:
    only = guards.parse_only(['aws_s3_bucket/aws_s3_bucket.data["rwa"]'])
    with pytest.raises(DriftctlError) as err:
        guards.check_only(only, DRIFTS)
    assert err.value.message == (
        "--only 'aws_s3_bucket/aws_s3_bucket.data[\"rwa\"]' matches no drift"
    )
    assert err.value.hint == "did you mean 'aws_s3_bucket/aws_s3_bucket.data[\"raw\"]'?"


def test_an_only_value_far_from_every_drift_lists_the_drifts() -> None:
    with pytest.raises(DriftctlError) as err:
        guards.check_only(guards.parse_only(["aws_iam_role/*"]), DRIFTS)
    assert err.value.hint is not None and err.value.hint.startswith("the drifts are ")
    assert "'aws_security_group/aws_security_group.web'" in err.value.hint
    with pytest.raises(DriftctlError, match="matches no drift") as err:
        guards.check_only(guards.parse_only(["x"]), [])
    assert err.value.hint == "the scan found no drift"


def git_stack(tmp_path: Path, gitignore: str = "") -> tuple[git.Repo, Path]:
    repo = git.Repo.init(tmp_path)
    stack = tmp_path / "stack"
    stack.mkdir()
    (stack / "main.tf").write_text(
        'variable "n" {}\nresource "aws_s3_bucket" "b" { bucket = var.n }\n'
    )
    (tmp_path / ".gitignore").write_text(gitignore)
    repo.index.add(["stack/main.tf", ".gitignore"])
    repo.index.commit("stack", author=git.Actor("t", "t@example.com"))
    return repo, stack


def test_a_git_ignored_tfvars_the_loader_reads_is_dirty(tmp_path: Path) -> None:
    _, stack = git_stack(tmp_path, "*.tfvars\n.terraform/\ncrash.log\n")
    (stack / "terraform.tfvars").write_text('n = "x"\n')
    (stack / "crash.log").write_text("not declared\n")
    (stack / ".terraform" / "modules").mkdir(parents=True)
    (stack / ".terraform" / "modules" / "m.tf").write_text("# a download cache\n")
    origin = guards.origin(stack)
    assert origin.dirty == ("stack/terraform.tfvars [git-ignored]",)
    with pytest.raises(DriftctlError, match=r"terraform\.tfvars \[git-ignored\]"):
        guards.check_clean([origin], allow_dirty=False)
    guards.check_clean([origin], allow_dirty=True)
    assert "with uncommitted changes to stack/terraform.tfvars [git-ignored]" in origin.line


def test_var_files_count_wherever_they_are(tmp_path: Path) -> None:
    repo, stack = git_stack(tmp_path / "repo", "secret.tfvars\n")
    outside = tmp_path / "prod.tfvars"
    outside.write_text('n = "x"\n')
    committed = tmp_path / "repo" / "vars.tfvars"
    committed.write_text('n = "x"\n')
    repo.index.add(["vars.tfvars"])
    repo.index.commit("vars", author=git.Actor("t", "t@example.com"))
    ignored = tmp_path / "repo" / "secret.tfvars"
    ignored.write_text('n = "y"\n')
    assert guards.origin(stack, "hcl", [committed]).dirty == ()
    assert guards.origin(stack, "hcl", [outside, ignored]).dirty == (
        f"{outside} [outside the repository]",
        "secret.tfvars [git-ignored]",
    )
    committed.write_text('n = "z"\n')
    assert guards.origin(stack, "hcl", [committed]).dirty == ("vars.tfvars",)


class _Book:
    path = Path("/j")

    def record(self, event: object) -> None:
        pass


def test_a_revert_stopped_midway_names_each_calls_resource() -> None:
    def step(label: str, *ops: str) -> Step:
        calls = tuple(Call(op.split(".")[0], op.split(".")[1], {}, "us-east-1") for op in ops)
        return Step("changed", "t", label, None, None, calls=calls)

    plan = Plan(
        [
            step('aws_s3_bucket.data["raw"]', "s3.put_bucket_tagging", "s3.put_bucket_versioning"),
            step("aws_security_group.web", "ec2.revoke_security_group_ingress"),
        ]
    )
    lines: list[str] = []
    book: Journal = _Book()  # type: ignore[assignment]
    flow._stopped(book, plan, Result(done=1, failed="s3.put_bucket_versioning: boom"), lines.append)
    assert lines == [
        "\nstopped at call 2: s3.put_bucket_versioning: boom",
        "done:",
        '  1. s3.put_bucket_tagging (aws_s3_bucket.data["raw"])',
        "not done:",
        '  2. s3.put_bucket_versioning (aws_s3_bucket.data["raw"])',
        "  3. ec2.revoke_security_group_ingress (aws_security_group.web)",
        "the journal is kept: driftctl revert --undo /j --approve puts back what was",
    ]
