"""DCTL_* environment variables, as snyk driftctl reads them (item 46 of
docs/migrating-from-snyk.md): every scan flag and the global ones; a flag wins."""

from __future__ import annotations

from pathlib import Path

from tests.kit.cli import driftctl
from tests.migration.world import World, kinds


def test_dctl_environment_variables(world: World, tmp_path: Path) -> None:
    env = {
        "DCTL_FROM": f"tfstate://{world.state}",
        "DCTL_OUTPUT": f"json://{tmp_path / 'a.json'},json://stdout",
        "DCTL_LIVE": str(world.live),
        "DCTL_ONLY_UNMANAGED": "true",
        "DCTL_QUIET": "1",
        "DCTL_NO_VERSION_CHECK": "true",
        "DCTL_DISABLE_TELEMETRY": "true",
    }
    run = driftctl("scan", add_env=env)
    assert run.code == 1, run.stderr
    assert run.stderr == ""
    assert kinds(run.json) == {("unmanaged", "aws_s3_bucket", "acme-demo-scratch")}
    assert (tmp_path / "a.json").is_file()
    flag_wins = driftctl("scan", "--output", "json://stdout", add_env=env)
    assert kinds(flag_wins.json) == kinds(run.json) and not (tmp_path / "b.json").exists()
    bad = driftctl("scan", add_env={**env, "DCTL_TO": "gcp+tf"})
    assert bad.code == 2 and "--to gcp+tf" in bad.stderr


def test_gen_driftignore_does_not_take_scans_dctl_output(world: World, tmp_path: Path) -> None:
    """DCTL_OUTPUT set for scan in a job must not make gen-driftignore write a file named
    `json://...` (snyk's would): other commands read no DCTL_* variable."""
    env = {
        "DCTL_OUTPUT": "json://stdout",
        "DCTL_FROM": f"tfstate://{world.state}",
        "DCTL_LIVE": str(world.live),
    }
    report = driftctl("scan", add_env=env)
    run = driftctl("gen-driftignore", add_env=env, stdin=report.stdout, cwd=tmp_path)
    assert run.code == 0, run.stderr
    assert (tmp_path / ".driftignore").is_file() and not (tmp_path / "json:").exists()


def test_log_level_variables_are_read_or_said_to_be_unread(tmp_path: Path) -> None:
    """snyk's LOG_LEVEL / DCTL_LOG_LEVEL: debug (and trace) are --debug, info and warn the
    default output; any other value gets one warning naming driftctl's ways (none under
    --quiet), never silence."""
    missing = f"tfstate://{tmp_path / 'nowhere.tfstate'}"
    plain = driftctl("scan", "--from", missing)
    assert plain.code == 2 and "Traceback" not in plain.stderr
    for name in ("LOG_LEVEL", "DCTL_LOG_LEVEL"):
        debug = driftctl("scan", "--from", missing, add_env={name: "DEBUG"})
        assert debug.code == 2
        assert f"{name}=debug read as --debug" in debug.stderr
        assert "Traceback" in debug.stderr  # what --debug adds
        info = driftctl("version", add_env={name: "info"})
        assert info.code == 0 and info.stderr == ""
        error = driftctl("version", add_env={name: "error"})
        assert error.code == 0
        assert error.stderr.count(f"{name}=error is not read") == 1, error.stderr
        assert "--quiet" in error.stderr
        quiet = driftctl("scan", "--quiet", "--from", missing, add_env={name: "error"})
        assert quiet.code == 2 and "is not read" not in quiet.stderr
        quiet = driftctl("version", add_env={name: "debug", "DCTL_QUIET": "1"})
        assert quiet.code == 0 and quiet.stderr == ""
