"""The user's checkout in `driftctl pr` tests: a real repository whose `origin` is a
local bare repository, so pushes and fetches need no network."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import git


def checkout_with_origin(tmp_path: Path, write: Callable[[Path], None], message: str) -> git.Repo:
    """tmp_path/clone with one commit of what write(clone) puts under infra/, pushed to
    the bare repository tmp_path/remote.git as origin/main."""
    bare = git.Repo.init(tmp_path / "remote.git", bare=True, initial_branch="main")
    work = git.Repo.init(tmp_path / "clone", initial_branch="main")
    with work.config_writer() as cw:
        cw.set_value("user", "name", "Dev")
        cw.set_value("user", "email", "dev@example.com")
    write(tmp_path / "clone")
    work.git.add("infra")
    work.index.commit(message)
    work.create_remote("origin", str(bare.git_dir))
    work.git.push("origin", "main")
    return work
