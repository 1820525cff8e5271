"""Guards before a revert changes anything: git is the source of truth, --only limits it.

A revert makes AWS equal to the declared files, so those files must be what is
committed: uncommitted edits, untracked files, declared files git ignores (a
`.gitignore`d terraform.tfvars) and --var-file files outside the repository stop a
revert unless --allow-dirty. The commit the declared state came from is printed.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from driftctl.core.model import Drift
from driftctl.errors import DriftctlError
from driftctl.util import globs
from driftctl.util.globs import Glob

if TYPE_CHECKING:
    import git

# driftctl's own files (revert journals) and Terraform's download cache are not declared
OWN_DIR = ".driftctl"
SKIPPED_DIRS = frozenset({OWN_DIR, ".terraform"})
# git-ignored files under a source directory that its loader reads (a file source: itself)
DECLARED_SUFFIXES = {
    "hcl": (".tf", ".tf.json", ".tfvars", ".tfvars.json"),
}
OTHER_SUFFIXES = (".yaml", ".yml", ".json")
IGNORED = " [git-ignored]"
OUTSIDE = " [outside the repository]"


@dataclasses.dataclass(frozen=True)
class Origin:
    """Where a declared source's files come from."""

    path: Path
    repo: Path | None = None  # the git work tree holding it; None outside git
    commit: str | None = None
    # uncommitted, untracked or git-ignored declared files (repo-relative), and
    # --var-file files outside the repository (as given)
    dirty: tuple[str, ...] = ()

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


def origin(path: Path, scheme: str = "hcl", inputs: Sequence[Path] = ()) -> Origin:
    """The repository and commit of a source, and its files the commit does not determine.

    `inputs` are the files the source's loader read (RawDeclared.inputs: the .tf files of
    every module, local modules outside the source directory included, what file(),
    templatefile(), fileset() ... read, tfvars) and --var-file files. Each is checked where
    it really is, symlinks resolved: edited, untracked or git-ignored, or outside the
    repository altogether."""
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
    suffixes = () if path.is_file() else DECLARED_SUFFIXES.get(scheme, OTHER_SUFFIXES)
    dirty = {
        name + (IGNORED if code == "!!" else "")
        for code, name in _status(repo, [rel or "."])
        if not SKIPPED_DIRS & set(Path(name).parts)
        and (code != "!!" or not suffixes or name.endswith(suffixes))
    }
    inside: list[str] = []
    for extra in inputs:
        full = extra.resolve()  # a symlink is checked where it leads
        if not full.is_relative_to(root):
            dirty.add(f"{_shown(extra, full, root)}{OUTSIDE}")
        elif not SKIPPED_DIRS & set(full.relative_to(root).parts):
            inside.append(full.relative_to(root).as_posix())
    for code, name in _status(repo, sorted(set(inside))):
        dirty.add(name + (IGNORED if code == "!!" else ""))
    return Origin(path, root, commit, tuple(sorted(dirty)))


def _shown(given: Path, full: Path, root: Path) -> str:
    """A file outside the repository as given; one reached through a symlink in the
    repository as `link -> target`."""
    plain = Path(os.path.normpath(given.absolute()))
    if plain != full:  # a symlink on the way
        try:
            return f"{plain.relative_to(root).as_posix()} -> {full}"
        except ValueError:
            pass
    return str(given)


def _status(repo: git.Repo, pathspecs: Sequence[str]) -> Iterable[tuple[str, str]]:
    """(status code, repo-relative path) of every changed, untracked or ignored file."""
    for start in range(0, len(pathspecs), 200):  # one git call per 200 paths
        batch = list(pathspecs[start : start + 200])
        text = repo.git.status(
            "--porcelain", "-z", "--untracked-files=all", "--ignored", "--", *batch
        )
        fields = iter(text.split("\0"))
        for field in fields:
            if len(field) < 4:
                continue
            code, name = field[:2], field[3:]
            if code[0] in "RC":  # a rename or copy: the next field is the old name
                next(fields, None)
            yield code, name


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


# -- --only ---------------------------------------------------------------------------


def parse_only(patterns: Sequence[str] | None) -> list[Glob]:
    """--only TYPE/ADDRESS globs (or ADDRESS / ID alone); a malformed one is an error."""
    out = []
    for text in patterns or ():
        try:
            out.append(globs.parse(text))
        except DriftctlError as exc:
            raise DriftctlError(f"--only {text}: {exc.message}") from exc
    return out


def only_names(d: Drift) -> list[str]:
    """What an --only value is compared with: TYPE/ADDRESS, TYPE/ID, ADDRESS, ID."""
    names = [f"{d.type}/{d.address}" if d.address else "", f"{d.type}/{d.id}" if d.id else ""]
    return [n for n in (*names, d.address, d.id) if n]


def only_matches(g: Glob, d: Drift) -> bool:
    """The literal text first (`data["raw"]` is an address, not a character class), then
    the glob."""
    names = only_names(d)
    return g.text in names or any(g.match(n) for n in names)


def wanted(d: Drift, only: Sequence[Glob]) -> bool:
    return not only or any(only_matches(g, d) for g in only)


def check_only(only: Sequence[Glob], drifts: Sequence[Drift]) -> None:
    """Refuse an --only value that matches no drift: a typo in a limiter must not look
    like "nothing to revert"."""
    for g in only:
        if any(only_matches(g, d) for d in drifts):
            continue
        names = sorted({n for d in drifts for n in only_names(d)[:2]})
        near = difflib.get_close_matches(g.text, names, n=3, cutoff=0.8)
        if near:
            hint = "did you mean " + " or ".join(repr(n) for n in near) + "?"
        elif names:
            hint = f"the drifts are {_few([repr(n) for n in names])} (TYPE/ADDRESS or TYPE/ID)"
        else:
            hint = "the scan found no drift"
        raise DriftctlError(f"--only '{g.text}' matches no drift", hint)
