"""What one evaluation reads: the content hash of each file, the listing of each directory
whose files it enumerated, and the answers of fileexists()/fileset(), recorded into the
`Recorder` of the evaluation under way (`RECORDER`), if any.

The built-in functions that read files (functions/files.py, functions/base.py) record
here; the result cache (driftctl/declared/hcl/resultcache.py) sets the recorder and later
checks that everything recorded reads the same.
"""

from __future__ import annotations

import contextvars
import hashlib
from pathlib import Path
from typing import Any


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Recorder:
    """What one evaluation read, in a form a later run can check cheaply."""

    def __init__(self) -> None:
        self.files: dict[str, str | None] = {}  # path -> sha256 of content, None: absent
        self.listings: dict[str, tuple[str, ...]] = {}  # directory -> its file names
        self.checks: dict[tuple[str, str, str], Any] = {}  # (kind, base, arg) -> answer

    def file(self, path: Path, data: bytes | None) -> None:
        self.files[str(path)] = None if data is None else digest(data)

    def read(self, path: Path) -> bytes | None:
        """The content of path (None when absent), recorded."""
        try:
            data = path.read_bytes()
        except OSError:
            data = None
        self.file(path, data)
        return data

    def listing(self, directory: Path, names: list[str]) -> None:
        self.listings[str(directory)] = tuple(names)

    def check(self, kind: str, base: str, arg: str, answer: Any) -> None:
        self.checks[(kind, base, arg)] = answer


# the Recorder of the evaluation under way (the Terraform layer, driftctl/declared/hcl/load.py,
# sets it when a result cache is used)
RECORDER: contextvars.ContextVar[Recorder | None] = contextvars.ContextVar(
    "driftctl_hcl_recorder", default=None
)


def record_file(path: Path, data: bytes | None) -> None:
    recorder = RECORDER.get()
    if recorder is not None:
        recorder.file(path, data)


def record_listing(directory: Path, paths: list[Path]) -> None:
    recorder = RECORDER.get()
    if recorder is not None:
        recorder.listing(directory, [p.name for p in paths])


def record_check(kind: str, base: str, arg: str, answer: Any) -> None:
    recorder = RECORDER.get()
    if recorder is not None:
        recorder.check(kind, base, arg, answer)
