"""The files of a source directory, always in name order, never in the file system's order.

`os.scandir` returns entries in whatever order the file system keeps them (hash order
on ext4, creation order on tmpfs, ...), so a loader that used it unsorted would render
differently on another machine. Every loader lists files through `files()`.

TEST HOOK: with DRIFTCTL_TEST_REVERSE_FILE_ORDER=1 in the environment, `entries()`
returns the directory listing reversed. `driftctl determinism` sets it on every other
run, so file enumeration order is one of the things its runs vary: with the sort in
`files()` the variable changes nothing, and a loader that forgot to sort would render
differently under it (tests/determinism/test_runs.py removes the sort to prove the check
catches that). The variable is read here, at the listing, rather than through
`settings`, because varying it per process is its whole point; it is not a user option.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from driftctl.errors import DriftctlError

REVERSE_FILE_ORDER = "DRIFTCTL_TEST_REVERSE_FILE_ORDER"


def entries(directory: Path) -> list[Path]:
    """The entries of directory in the order the OS lists them (reversed under the hook).
    A directory that cannot be listed (permissions, ...) is an error naming it."""
    try:
        found = list(directory.iterdir())
    except OSError as exc:
        raise DriftctlError(
            f"{directory}: cannot list the directory: {exc.strerror or exc}",
            "check that it exists and that you may read it",
        ) from None
    if os.environ.get(REVERSE_FILE_ORDER) == "1":
        found.reverse()
    return found


def files(directory: Path, read: tuple[str, ...] = ()) -> list[Path]:
    """The regular files of directory, sorted by name.

    read: the name endings the caller reads (".tf"). A symbolic link with such a name that
    leads nowhere (dangling, or a loop) is an error: skipping it would silently drop what
    the file declares, and report its resources as unmanaged."""
    found = entries(directory)
    for path in sorted(found, key=lambda p: p.name):
        if read and path.name.endswith(read) and path.is_symlink() and not path.is_file():
            raise DriftctlError(f"{path}: {_broken(path)}", "fix or remove the link")
    return sorted((p for p in found if p.is_file()), key=lambda p: p.name)


def _broken(link: Path) -> str:
    try:
        link.resolve(strict=True)
    except RuntimeError:  # Python < 3.13 reports a loop this way
        return "a symbolic link loop"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symbolic link loop"
        return f"a symbolic link to {os.readlink(link)}, which does not exist"
    return "a symbolic link to something that is not a file"
