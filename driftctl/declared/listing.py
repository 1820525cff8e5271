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

import os
from pathlib import Path

REVERSE_FILE_ORDER = "DRIFTCTL_TEST_REVERSE_FILE_ORDER"


def entries(directory: Path) -> list[Path]:
    """The entries of directory in the order the OS lists them (reversed under the hook)."""
    found = list(directory.iterdir())
    if os.environ.get(REVERSE_FILE_ORDER) == "1":
        found.reverse()
    return found


def files(directory: Path) -> list[Path]:
    """The regular files of directory, sorted by name."""
    return sorted((p for p in entries(directory) if p.is_file()), key=lambda p: p.name)
