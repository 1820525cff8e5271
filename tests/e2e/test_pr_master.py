"""driftctl pr on a repository whose default branch is `master` (snyk driftctl users' repos
are often older than `main`), with no origin/HEAD in the checkout, as CI checkouts have."""

from __future__ import annotations

from pathlib import Path

import git

from tests.e2e.github_fake import fake_github
from tests.e2e.test_pr import MAIN_TF, RULES, apply_and_drift, pr


def master_checkout(tmp_path: Path) -> git.Repo:
    bare = git.Repo.init(tmp_path / "remote.git", bare=True, initial_branch="master")
    work = git.Repo.init(tmp_path / "clone", initial_branch="master")
    with work.config_writer() as cw:
        cw.set_value("user", "name", "Dev")
        cw.set_value("user", "email", "dev@example.com")
    (tmp_path / "clone" / "infra").mkdir()
    (tmp_path / "clone" / "infra" / "main.tf").write_text(MAIN_TF)
    work.git.add("infra")
    work.index.commit("infra")
    work.create_remote("origin", str(bare.git_dir))
    work.git.push("origin", "master")
    (tmp_path / "rules.yaml").write_text(RULES)
    return work


def test_pr_targets_master_when_that_is_the_default_branch(endpoint: str, tmp_path: Path) -> None:
    work = master_checkout(tmp_path)
    assert "origin/HEAD" not in [r.name for r in work.remotes.origin.refs]
    apply_and_drift(endpoint)
    with fake_github() as fake:
        run = pr(endpoint, fake, tmp_path)
        assert run.code == 0, run.stderr
        create = [
            r for r in fake.requests if (r.method, r.path) == ("POST", "/repos/acme/infra/pulls")
        ]
    assert len(create) == 1 and create[0].json["base"] == "master"
    bare = git.Repo(tmp_path / "remote.git")
    branch = create[0].json["head"]
    assert bare.commit(branch).parents[0].hexsha == work.head.commit.hexsha


def test_without_a_remote_a_dry_run_uses_the_local_master(endpoint: str, tmp_path: Path) -> None:
    work = master_checkout(tmp_path)
    work.delete_remote(work.remotes.origin)
    apply_and_drift(endpoint)
    with fake_github() as fake:
        run = pr(endpoint, fake, tmp_path, "--dry-run")
    assert run.code == 0, run.stderr
    assert "failed" not in run.stderr
