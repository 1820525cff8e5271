"""cli.main's one handler for what escaped a command: an OSError naming a file is one
`error:` line (it used `err` before setting it: UnboundLocalError), and no message or
--debug traceback shows a URL's password or query."""

from __future__ import annotations

import pytest

from driftctl import cli
from driftctl.commands import meta


def _raising(exc: BaseException) -> object:
    def version() -> None:
        raise exc

    return version


def test_an_os_error_naming_a_file_is_one_clear_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(meta, "version", _raising(PermissionError(13, "Permission denied", "/x/y")))
    assert cli.main(["version"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "error: cannot access /x/y: Permission denied",
        "  hint: check that it exists and that you may read it",
    ]


@pytest.mark.parametrize("debug", [False, True])
def test_an_internal_error_shows_no_url_secret(
    debug: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = ValueError("no http://bob:PW-x@127.0.0.1:9/state?X-Amz-Signature=SIG-x here")
    monkeypatch.setattr(meta, "version", _raising(bad))
    assert cli.main(["version", *(["--debug"] if debug else [])]) == 2
    err = capsys.readouterr().err
    assert "internal error: ValueError: no http://127.0.0.1:9/state here" in err
    assert ("Traceback" in err) == debug
    assert "PW-x" not in err and "SIG-x" not in err
