"""Git through GitPython, never in the user's checkout: a temporary detached worktree at
the base, one commit, and a push of that commit to refs/heads/BRANCH on the remote.
No local branch is created, nothing in the user's working tree or index is touched."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import git

from driftctl.errors import DriftctlError

FALLBACK_AUTHOR = ("driftctl", "driftctl@users.noreply.github.com")


def open_repo(path: Path) -> git.Repo:
    try:
        return git.Repo(path, search_parent_directories=True)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError):
        raise DriftctlError(
            f"{path}: not inside a git repository",
            "run driftctl pr in a clone of the repository that declares the infrastructure",
        ) from None


def root_of(repo: git.Repo) -> Path:
    return Path(str(repo.working_tree_dir)).resolve()


def default_base(repo: git.Repo, remote: str) -> str:
    """The remote's default branch: refs/remotes/REMOTE/HEAD, else what the remote says its
    HEAD is (a CI checkout often has no REMOTE/HEAD), else a local or remote-tracking `main`
    or `master`, else the current branch. A repository whose default is `master` works
    without --base."""
    with contextlib.suppress(git.GitCommandError):
        ref = repo.git.symbolic_ref(f"refs/remotes/{remote}/HEAD")
        return str(ref).removeprefix(f"refs/remotes/{remote}/")
    if remote in [r.name for r in repo.remotes]:
        with contextlib.suppress(git.GitCommandError):
            for line in str(repo.git.ls_remote("--symref", remote, "HEAD")).splitlines():
                target, _, name = line.removeprefix("ref:").strip().partition("\t")
                if line.startswith("ref:") and name == "HEAD":
                    return target.removeprefix("refs/heads/")
    branches = {h.name for h in repo.heads}
    tracking = (
        {r.remote_head for r in repo.remotes[remote].refs} if remote in repo.remotes else set()
    )
    for name in ("main", "master"):
        if name in branches or name in tracking:
            return name
    with contextlib.suppress(TypeError):  # TypeError: a detached HEAD
        return str(repo.active_branch.name)
    raise DriftctlError("cannot tell which branch the pull request goes to", "pass --base BRANCH")


def _run(action: str, call: Sequence[str], repo: git.Repo) -> str:
    try:
        return str(repo.git.execute(["git", *call]))
    except git.GitCommandError as exc:
        detail = (str(exc.stderr or "").strip().splitlines() or [str(exc.status)])[-1]
        raise DriftctlError(f"git {action} failed: {detail.strip()}") from None


def base_commit(repo: git.Repo, remote: str, base: str, fetch: bool = True) -> str:
    """The commit to branch from: REMOTE/BASE freshly fetched; without a remote (dry runs
    only) the local BASE."""
    if fetch:
        if remote not in [r.name for r in repo.remotes]:
            raise DriftctlError(f"no git remote named {remote!r}", "pass --remote NAME")
        _run(f"fetch {remote} {base}", ["fetch", "--quiet", remote, base], repo)
        return _run("rev-parse", ["rev-parse", "FETCH_HEAD^{commit}"], repo)
    return _run(f"rev-parse {base}", ["rev-parse", "--verify", f"{base}^{{commit}}"], repo)


@contextlib.contextmanager
def worktree(repo: git.Repo, commit: str) -> Iterator[Path]:
    """A detached worktree at commit in a temporary directory, removed afterwards."""
    holder = Path(tempfile.mkdtemp(prefix="driftctl-pr-"))
    path = holder / "worktree"
    _run("worktree add", ["worktree", "add", "--quiet", "--detach", str(path), commit], repo)
    try:
        yield path
    finally:
        with contextlib.suppress(git.GitCommandError):
            repo.git.worktree("remove", "--force", str(path))
        shutil.rmtree(holder, ignore_errors=True)
        with contextlib.suppress(git.GitCommandError):
            repo.git.worktree("prune")


def commit(path: Path, files: Sequence[str], message: str, allow_empty: bool = False) -> str:
    """One commit of files (relative to the worktree) with message; its sha. allow_empty:
    a commit that changes nothing (a pull request that only lists drifts for a person)."""
    repo = git.Repo(path)
    if files:
        _run("add", ["add", "--", *files], repo)
    reader = repo.config_reader()
    name = reader.get_value("user", "name", default="") or FALLBACK_AUTHOR[0]
    email = reader.get_value("user", "email", default="") or FALLBACK_AUTHOR[1]
    identity = ["-c", f"user.name={name}", "-c", f"user.email={email}"]
    empty = ["--allow-empty"] if allow_empty else []
    _run("commit", [*identity, "commit", "--quiet", "--no-verify", *empty, "-m", message], repo)
    return _run("rev-parse", ["rev-parse", "HEAD"], repo)


def push(path: Path, remote: str, branch: str) -> None:
    """HEAD to refs/heads/branch, forced: the branch is driftctl's own and is rewritten on
    every run from the current base."""
    repo = git.Repo(path)
    _run(
        f"push {remote} {branch}",
        ["push", "--quiet", "--force", remote, f"HEAD:refs/heads/{branch}"],
        repo,
    )


def remote_branch_exists(repo: git.Repo, remote: str, branch: str) -> bool:
    out = _run("ls-remote", ["ls-remote", "--heads", remote, f"refs/heads/{branch}"], repo)
    return bool(out.strip())
