"""Report files, written all or nothing (docs/report.md, "When a run fails").

A poller reading `out.json` must never take a stale or half-written file for this run's
report. So:

1. `clear_previous` removes the file at each `-o` path before the run does any work: from
   then on, a report file at that path can only be this run's, complete.
2. `write_all` renders nothing itself: it gets every output's full text. Each file is
   written to a temporary file in its own directory, flushed and fsynced; only when all
   of them are written are they renamed into place (atomic within a directory on POSIX)
   and their directories fsynced. If one fails, the temporary files are removed and the
   files already renamed are removed again: no report of this run is left beside a
   failed one.

A target that exists and is not a regular file (`/dev/null`, a named pipe, `/dev/stderr`)
is written in place and never removed. `-` is standard output, written after the files.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path

from driftctl.errors import DriftctlError
from driftctl.settings import Output

_COUNTER = itertools.count()


def is_file_target(target: str) -> bool:
    """A path driftctl replaces atomically: not stdout, and not an existing special file."""
    if target in ("", "-"):
        return False
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return True  # absent (or unreadable): written as a new regular file
    return stat.S_ISREG(mode)


def clear_previous(outputs: Sequence[Output]) -> None:
    """Remove the previous run's report at each file output's path."""
    for out in outputs:
        if out.scheme == "console" or not is_file_target(out.target):
            continue
        try:
            os.unlink(out.target)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise DriftctlError(
                f"-o {out.scheme}://{out.target}: cannot remove the previous report: "
                f"{exc.strerror}",
                "a report file driftctl cannot replace would look like this run's",
            ) from exc


def write_all(texts: Sequence[tuple[str, str]]) -> None:
    """Write each (target, text): every file atomically and all of them or none, then
    standard output. A DriftctlError names the first target that failed."""
    files = [(t, text) for t, text in texts if is_file_target(t)]
    in_place = [(t, text) for t, text in texts if t not in ("", "-") and not is_file_target(t)]
    temps: list[tuple[str, str]] = []
    placed: list[str] = []
    try:
        for target, text in files:
            temps.append((_temporary(target, text), target))
        for target, text in in_place:
            _write_in_place(target, text)
        for temp, target in temps:
            try:
                os.replace(temp, target)
            except OSError as exc:
                raise DriftctlError(f"cannot write {target}: {exc.strerror}") from exc
            placed.append(target)
    except BaseException as exc:  # a failure or Ctrl-C: nothing of this run is left behind
        for temp, _ in temps:
            _remove(temp)
        for target in placed:
            _remove(target)
        if isinstance(exc, DriftctlError) and exc.hint is None and len(texts) > 1:
            exc.hint = "no report file of this run was written: the -o files are written together"
        raise
    for directory in sorted({os.path.dirname(os.path.abspath(t)) for t in placed}):
        _fsync_dir(directory)
    for target, text in texts:
        if target == "-":
            sys.stdout.write(text)
    sys.stdout.flush()


def write_one(target: str, text: str) -> None:
    """One report file (or stdout for `-`), atomically."""
    write_all([(target, text)])


def _temporary(target: str, text: str) -> str:
    """text in a new file beside target, flushed to disk; its path."""
    directory = os.path.dirname(os.path.abspath(target))
    name = f".{os.path.basename(target)}.{os.getpid()}.{next(_COUNTER)}.tmp"
    temp = os.path.join(directory, name)
    try:
        # 0o666 less the umask: the mode a plain write of the report would have had
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except OSError as exc:
        raise DriftctlError(f"cannot write {target}: {exc.strerror}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        _remove(temp)
        raise DriftctlError(f"cannot write {target}: {exc.strerror}") from exc
    return temp


def _write_in_place(target: str, text: str) -> None:
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise DriftctlError(f"cannot write {target}: {exc.strerror}") from exc


def _fsync_dir(directory: str) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # a directory that cannot be opened for reading: the rename stands
    with contextlib.suppress(OSError):  # some file systems cannot fsync a directory
        os.fsync(fd)
    os.close(fd)


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
