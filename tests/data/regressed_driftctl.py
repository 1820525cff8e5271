"""driftctl with a loader regression put back on purpose, to prove `driftctl determinism`
catches it. Run as: python regressed_driftctl.py MODE render ...

MODE unsorted: the directory listing is used in the order the OS gives (no sort), so
  file enumeration order leaks into the result; determinism's runs reverse that order
  on every other run (DRIFTCTL_TEST_REVERSE_FILE_ORDER).
MODE set: the file names go through a set, so their order follows string hashing,
  which PYTHONHASHSEED changes between runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

from driftctl.declared import listing


def unsorted(directory: Path, read: tuple[str, ...] = ()) -> list[Path]:
    return [p for p in listing.entries(directory) if p.is_file()]


def hashed(directory: Path, read: tuple[str, ...] = ()) -> list[Path]:
    return [
        directory / name for name in {p.name for p in listing.entries(directory) if p.is_file()}
    ]


if __name__ == "__main__":
    mode = sys.argv.pop(1)
    listing.files = {"unsorted": unsorted, "set": hashed}[mode]  # type: ignore[assignment]
    from driftctl.cli import main

    sys.exit(main(sys.argv[1:]))
