"""One error type and the exit statuses every command shares."""

from __future__ import annotations

import enum


class ExitStatus(enum.IntEnum):
    OK = 0
    DRIFT = 1
    ERROR = 2
    INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C


class DriftctlError(Exception):
    """A problem the user can act on: one line, plus an optional hint.

    Raised where the problem is known; the CLI's single handler prints it and
    exits with ExitStatus.ERROR. A URL in either is kept without its user info and
    query (driftctl.util.redact), wherever the error is shown: CLI, Python API, pytest.
    """

    def __init__(self, message: str, hint: str | None = None) -> None:
        from driftctl.util import redact

        message = redact.text(message)
        hint = redact.text(hint) if hint is not None else None
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message
