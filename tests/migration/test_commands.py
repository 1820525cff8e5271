"""snyk driftctl's commands and global flags, run in their snyk form (items 1-10 of
docs/migrating-from-snyk.md)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from driftctl import __version__
from tests.kit.cli import driftctl
from tests.migration.world import World, kinds


def test_scan(world: World) -> None:
    """`driftctl scan` exits 0 in sync, 1 with drift, 2 on error, as snyk's does."""
    run = driftctl(
        "scan", "--from", f"tfstate://{world.state}", "--live", str(world.live), "--quiet"
    )
    assert run.code == 1, run.stderr
    assert "Unmanaged (live, not declared): 1" in run.stdout
    ignored = world.root / "all.driftignore"
    ignored.write_text("*\n")
    run = driftctl(
        "scan",
        "--from",
        f"tfstate://{world.state}",
        "--live",
        str(world.live),
        "--driftignore",
        str(ignored),
        "--quiet",
    )
    assert run.code == 0 and "in sync" in run.stdout, run.stdout + run.stderr
    assert driftctl("scan", "--from", "tfstate://nowhere.tfstate").code == 2


def test_gen_driftignore(world: World) -> None:
    """`driftctl gen-driftignore` reads a report on stdin and appends lines to .driftignore."""
    report = driftctl(
        "scan", "--from", f"hcl://{world.stack}", "--live", str(world.live), "-o", "json://stdout"
    )
    run = driftctl("gen-driftignore", stdin=report.stdout, cwd=world.root / "stack")
    assert run.code == 0, run.stderr
    text = (world.stack / ".driftignore").read_text()
    (world.stack / ".driftignore").unlink()
    assert "# Resources not covered by IaC\naws_s3_bucket.acme-demo-scratch\n" in text
    assert "aws_iam_role_policy.demo-app:read-data" in text


def test_fmt(world: World) -> None:
    """snyk's hidden `driftctl fmt`: a JSON report on stdin, printed in another format."""
    report = driftctl(
        "scan", "--from", f"hcl://{world.stack}", "--live", str(world.live), "-o", "json://stdout"
    )
    run = driftctl("fmt", "-o", "console://", stdin=report.stdout)
    assert run.code == 0, run.stderr
    assert "acme-demo-scratch" in run.stdout and "drift found" in run.stdout
    html = driftctl("fmt", "--output", "html://stdout", stdin=report.stdout)
    assert html.stdout.startswith("<!DOCTYPE html>") and "acme-demo-scratch" in html.stdout


def test_version() -> None:
    run = driftctl("version")
    assert (run.code, run.stdout) == (0, f"{__version__}\n")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish", "powershell"])
def test_completion(shell: str) -> None:
    run = driftctl("completion", shell)
    assert run.code == 0, run.stderr
    assert "_DRIFTCTL_COMPLETE" in run.stdout


def test_completion_script_completes_in_bash() -> None:
    """The bash script really completes: `driftctl sc<TAB>` offers scan."""
    if shutil.which("bash") is None:
        pytest.skip("needs bash")
    script = driftctl("completion", "bash").stdout
    from tests.kit.cli import DRIFTCTL

    probe = (
        f"{script}\nexport PATH={Path(DRIFTCTL).parent}:$PATH\n"
        "COMP_WORDS=(driftctl sc); COMP_CWORD=1\n"
        "_driftctl_completion driftctl sc driftctl; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
    )
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=60)
    assert "scan" in out.stdout.split(), out.stdout + out.stderr


def test_help() -> None:
    """-h and --help; no Python type labels; examples."""
    short, long = driftctl("scan", "-h"), driftctl("scan", "--help")
    assert short.code == long.code == 0
    assert short.stdout == long.stdout
    assert not re.search(r"<(list\[|bool>|str>|int>|float>|Path>|path>)", long.stdout)
    assert "Examples" in long.stdout and "driftctl gen-driftignore" in long.stdout
    assert "--from" in long.stdout and "DCTL_FROM" in long.stdout
    root = driftctl("-h")
    assert root.code == 0 and "gen-driftignore" in root.stdout
    assert not re.search(r"<bool>", root.stdout)
    assert driftctl("help").stdout == root.stdout and driftctl("help").code == 0
    assert driftctl("help", "scan").stdout == long.stdout
    bare = driftctl()
    assert bare.code == 2 and bare.stderr == root.stdout
    typo = driftctl("sacn")
    assert typo.code == 2 and "Did you mean 'scan'?" in typo.stderr


def test_version_flag() -> None:
    run = driftctl("--version")
    assert (run.code, run.stdout) == (0, f"{__version__}\n")


@pytest.mark.parametrize(
    "flag", ["--no-version-check", "--disable-telemetry", "--send-crash-report"]
)
def test_call_home_flags_are_accepted_and_do_nothing(world: World, flag: str) -> None:
    """snyk's global flags, before or after the command; a note under --debug only."""
    for args in (
        [flag, "scan", "--from", f"tfstate://{world.state}", "--live", str(world.live)],
        ["scan", flag, "--from", f"tfstate://{world.state}", "--live", str(world.live)],
    ):
        run = driftctl(*args, "-o", "json://stdout")
        assert run.code == 1, run.stderr
        assert ("unmanaged", "aws_s3_bucket", "acme-demo-scratch") in kinds(run.json)
        assert flag not in run.stderr
    debug = driftctl("--debug", flag, "version")
    assert f"{flag} has no effect" in debug.stderr
    env = flag.removeprefix("--").upper().replace("-", "_")
    assert driftctl("version", add_env={f"DCTL_{env}": "true"}).code == 0
