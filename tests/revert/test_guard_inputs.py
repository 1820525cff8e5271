"""The git guard of `revert --approve` checks every file the evaluation read, wherever it
is: a local module outside --from, a committed .tf symlink leading out of the repository,
files read by file()/templatefile()/fileset() (any suffix), a module source outside the
repository. The real revert flow against moto in-process, real git repositories."""

from __future__ import annotations

import os
from pathlib import Path

import git
import pytest

from driftctl import settings
from driftctl.errors import DriftctlError, ExitStatus
from driftctl.revert import flow

AUTHOR = git.Actor("t", "t@example.com")


def repo_with(root: Path, files: dict[str, str]) -> git.Repo:
    repo = git.Repo.init(root)
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    repo.index.add(list(files))
    repo.index.commit("infra", author=AUTHOR)
    return repo


def approve(source: Path, allow_dirty: bool = False) -> tuple[ExitStatus, list[str]]:
    conf = settings.build(
        settings.Options(sources=[f"hcl://{source}"], regions=["us-east-1"], no_cache=True)
    )
    lines: list[str] = []
    opts = flow.Options(approve=True, allow_dirty=allow_dirty, journal_dir=source / "j")
    return flow.revert(conf, opts, lines.append), lines


def refused(source: Path) -> str:
    with pytest.raises(DriftctlError) as caught:
        approve(source)
    assert "revert puts AWS back to what git declares" in caught.value.message
    assert caught.value.hint == "commit (or stash) them first, or pass --allow-dirty"
    return caught.value.message


BUCKET_FROM_MODULE = 'module "m" {\n  source = "%s"\n}\n'
MODULE = 'resource "aws_s3_bucket" "b" {\n  bucket = "acme-from-module"\n}\n'


def test_an_edited_local_module_outside_the_source_is_refused(
    aws: None,
    tmp_path: Path,
) -> None:
    repo_with(
        tmp_path,
        {"infra/main.tf": BUCKET_FROM_MODULE % "../modules/m", "modules/m/main.tf": MODULE},
    )
    # committed: no refusal; the bucket is missing and no rule asks for revert: exit 1
    assert approve(tmp_path / "infra")[0] is ExitStatus.DRIFT
    (tmp_path / "modules/m/main.tf").write_text(MODULE.replace("acme-", "evil-"))
    assert "(modules/m/main.tf)" in refused(tmp_path / "infra")
    # a new, untracked file in that module is read too
    (tmp_path / "modules/m/main.tf").write_text(MODULE)
    (tmp_path / "modules/m/extra.tf").write_text("# new\n")
    assert "(modules/m/extra.tf)" in refused(tmp_path / "infra")
    status, lines = approve(tmp_path / "infra", allow_dirty=True)
    assert status is ExitStatus.DRIFT
    assert any("with uncommitted changes to modules/m/extra.tf" in line for line in lines)


def test_a_module_source_outside_the_repository_is_refused(
    aws: None,
    tmp_path: Path,
) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "main.tf").write_text(MODULE)
    repo_with(tmp_path / "repo", {"infra/main.tf": BUCKET_FROM_MODULE % "../../elsewhere"})
    message = refused(tmp_path / "repo" / "infra")
    assert f"{tmp_path / 'elsewhere' / 'main.tf'} [outside the repository]" in message


def test_a_committed_symlink_leading_out_of_the_repository_is_refused(
    aws: None,
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside.tf"
    outside.write_text(MODULE)
    root = tmp_path / "repo"
    repo = repo_with(root, {"infra/versions.tf": "# versions\n"})
    os.symlink(outside, root / "infra" / "bucket.tf")
    repo.index.add(["infra/bucket.tf"])  # git stores the link itself: committed, clean
    repo.index.commit("a link", author=AUTHOR)
    assert not repo.is_dirty(untracked_files=True)
    message = refused(root / "infra")
    assert f"infra/bucket.tf -> {outside} [outside the repository]" in message


@pytest.mark.parametrize(
    ("call", "read"),
    [
        ('file("${path.module}/../policy/doc.json")', "policy/doc.json"),
        ('templatefile("${path.module}/../policy/doc.tpl", {})', "policy/doc.tpl"),
        ('filesha256("${path.module}/../policy/any.bin")', "policy/any.bin"),
        ('jsonencode(fileset("${path.module}/../policy", "*.yml"))', "policy/new.yml"),
    ],
)
def test_files_read_by_functions_are_checked_whatever_their_suffix(
    aws: None,
    tmp_path: Path,
    call: str,
    read: str,
) -> None:
    main = (
        f'resource "aws_s3_bucket" "b" {{\n  bucket = "acme-b"\n  tags = {{ Doc = {call} }}\n}}\n'
    )
    committed = {
        "infra/main.tf": main,
        "policy/doc.json": '{"a": 1}\n',
        "policy/doc.tpl": "hello\n",
        "policy/any.bin": "bytes\n",
        "policy/old.yml": "x: 1\n",
    }
    repo_with(tmp_path, committed)
    assert approve(tmp_path / "infra")[0] is ExitStatus.DRIFT  # no refusal, no revert rule
    target = tmp_path / read
    target.write_text(target.read_text() + "edited\n" if target.exists() else "new: 1\n")
    assert f"({read})" in refused(tmp_path / "infra")


def test_a_file_read_from_outside_the_repository_is_refused(
    aws: None,
    tmp_path: Path,
) -> None:
    (tmp_path / "secret.txt").write_text("v\n")
    main = (
        'resource "aws_s3_bucket" "b" {\n'
        f'  bucket = trimspace(file("{tmp_path}/secret.txt"))\n}}\n'
    )
    repo_with(tmp_path / "repo", {"infra/main.tf": main})
    message = refused(tmp_path / "repo" / "infra")
    assert f"{tmp_path / 'secret.txt'} [outside the repository]" in message
