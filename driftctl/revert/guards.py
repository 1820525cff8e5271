"""Guards before a revert changes anything: git is the source of truth, --only limits it.

A revert makes AWS equal to the declared files, so those files must be what is
committed: uncommitted edits (or untracked .tf files) in a declared source directory
stop a revert unless --allow-dirty. The commit the declared state came from is printed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from driftctl import globs
from driftctl.errors import DriftctlError
from driftctl.globs import Glob

# driftctl's own files (revert journals) are not declared files
OWN_DIR = ".driftctl"


@dataclasses.dataclass(frozen=True)
class Origin:
    """Where a declared source's files come from."""

    path: Path
    repo: Path | None = None  # the git work tree holding it; None outside git
    commit: str | None = None
    dirty: tuple[str, ...] = ()  # uncommitted or untracked files under path (repo-relative)

    @property
    def line(self) -> str:
        if self.repo is None:
            return f"declared state from {self.path} (not in a git repository)"
        state = f" with uncommitted changes to {_few(self.dirty)}" if self.dirty else ""
        return f"declared state from {self.repo}@{self.commit or '(no commit yet)'}{state}"

    def to_json(self) -> dict[str, object]:
        return {
            "path": str(self.path),
            "repo": str(self.repo) if self.repo else None,
            "commit": self.commit,
            "dirty": list(self.dirty),
        }


def origin(path: Path) -> Origin:
    import git  # GitPython: imported here, only revert needs it

    if not path.exists():  # stdin, or a remote source (tfstate+s3://): not in git here
        return Origin(path)
    try:
        repo = git.Repo(path if path.is_dir() else path.parent, search_parent_directories=True)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError):
        return Origin(path)
    root = Path(repo.working_tree_dir or path).resolve()
    try:
        commit = repo.head.commit.hexsha
    except ValueError:  # a repository without commits
        commit = None
    rel = path.resolve().relative_to(root).as_posix()
    status = repo.git.status("--porcelain", "--untracked-files=all", "--", rel or ".")
    changed = (line[3:].strip() for line in status.splitlines() if line.strip())
    dirty = tuple(sorted(f for f in changed if OWN_DIR not in Path(f).parts))
    return Origin(path, root, commit, dirty)


def check_clean(origins: Sequence[Origin], allow_dirty: bool) -> None:
    for o in origins:
        if o.repo is not None and (o.dirty or o.commit is None) and not allow_dirty:
            what = _few(o.dirty)
            raise DriftctlError(
                f"{o.path} has uncommitted changes ({what or 'no commit yet'}): "
                "revert puts AWS back to what git declares",
                "commit (or stash) them first, or pass --allow-dirty",
            )


def _few(names: Sequence[str], n: int = 3) -> str:
    more = f" and {len(names) - n} more" if len(names) > n else ""
    return ", ".join(names[:n]) + more


def parse_only(patterns: Sequence[str] | None) -> list[Glob]:
    """--only TYPE/ADDRESS globs (or ADDRESS / ID alone); a malformed one is an error."""
    out = []
    for text in patterns or ():
        try:
            out.append(globs.parse(text))
        except DriftctlError as exc:
            raise DriftctlError(f"--only {text}: {exc.message}") from exc
    return out
