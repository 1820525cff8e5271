"""One options object: the commands and the Python API make settings.Options from their
flags and keyword arguments and leave all parsing to settings.build (issue #23).

The same flags given to a command and to its driftctl.api function give the same Settings
(a command that parsed a flag its own way would differ here), and no command or API
function calls a parser settings.build calls."""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path
from typing import Any

import pytest
import typer

from driftctl import api, settings
from driftctl.cli import main
from driftctl.commands import scan as scan_command
from driftctl.declared.hcl.lang.limits import Limits
from driftctl.revert import flow
from tests.paths import ROOT


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A declared directory, a state, a var file, a rules directory, a .driftignore and a
    CloudFormation parameters file, in a scratch directory."""
    monkeypatch.chdir(tmp_path)
    for name in [n for n in os.environ if n.startswith("DCTL_")]:  # scan reads DCTL_*
        monkeypatch.delenv(name)
    paths = {
        "infra": tmp_path / "infra",
        "state": tmp_path / "s.tfstate",
        "vars": tmp_path / "prod.tfvars",
        "rules": tmp_path / "rules",
        "driftignore": tmp_path / "ignore",
        "parameters": tmp_path / "p.json",
    }
    paths["infra"].mkdir()
    (paths["infra"] / "main.tf").write_text('variable "env" {}\n')
    paths["state"].write_text("{}")
    paths["vars"].write_text('env = "prod"\n')
    paths["rules"].mkdir()
    (paths["rules"] / "tags.yaml").write_text(
        'rules:\n  - {name: tags, match: {path: "tags.*"}, action: pr, severity: low}\n'
    )
    paths["driftignore"].write_text("aws_iam_*\n")
    paths["parameters"].write_text("{}")
    return paths


def captured(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[Any]:
    """owner.name replaced by a stop that records the settings it was called with."""
    seen: list[Any] = []

    def stop(conf: settings.Settings, *args: Any, **kwargs: Any) -> Any:
        seen.append(conf)
        raise typer.Exit(0)

    monkeypatch.setattr(owner, name, stop)
    return seen


def test_scan_and_the_api_give_the_same_settings(
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scan_command, "_start_session", lambda conf: None)
    seen = captured(monkeypatch, api, "run_scan")
    role = "arn:aws:iam::{account}:role/read"
    code = main(
        [
            "scan",
            *("--from", f"hcl://{files['infra']}", "--from", f"tfstate://{files['state']}"),
            *("--profile", "ops", "--region", "eu-west-1", "--region", "us-east-1"),
            *("--endpoint-url", "http://127.0.0.1:9", "--save-live", "live.json"),
            *("--var-file", str(files["vars"]), "--var", "env=test"),
            *("--all-regions", "--max-rps", "5", "--accounts", "111111111111,222222222222"),
            *("--organization", "--account-role", role, "--shard", "2/3"),
            *("--max-attempts", "3", "--processes", "2"),
            *("--rules", str(files["rules"]), "--driftignore", str(files["driftignore"])),
            *("--no-default-rules", "--ignore", "aws_s3*,!aws_s3_bucket", "--ignore", "aws_sqs*"),
            *("--config-dir", "cfg", "--kustomize-bin", "kubectl", "--allow-remote-bases"),
            *("--parameter", "Env=prod", "--parameters-file", str(files["parameters"])),
            *("--stack-name", "app", "-H", "X-A=1,X-B=2", "--tfc-token", "t0k"),
            *("--tfc-endpoint", "https://tfe.example/api/v2/", "--backend-config", "key=a"),
            *("--filter", "Type=='aws_s3_bucket'", "--only-managed", "--strict", "--quiet"),
        ]
    )
    assert code == 0
    with pytest.raises(typer.Exit):
        api.scan(
            [f"hcl://{files['infra']}", f"tfstate://{files['state']}"],
            profile="ops",
            region=["eu-west-1", "us-east-1"],
            endpoint_url="http://127.0.0.1:9",
            save_live="live.json",
            var_files=[files["vars"]],
            variables={"env": "test"},
            all_regions=True,
            max_rps=5,
            accounts=["111111111111,222222222222"],
            organization=True,
            account_role=role,
            shard="2/3",
            max_attempts=3,
            processes=2,
            rules=files["rules"],
            driftignore=files["driftignore"],
            no_default_rules=True,
            ignore=["aws_s3*,!aws_s3_bucket", "aws_sqs*"],
            config_dir="cfg",
            kustomize_bin="kubectl",
            allow_remote_bases=True,
            parameters={"Env": "prod"},
            parameters_file=files["parameters"],
            stack_name="app",
            headers=["X-A=1,X-B=2"],
            tfc_token="t0k",
            tfc_endpoint="https://tfe.example/api/v2/",
            backend_config=["key=a"],
            filter="Type=='aws_s3_bucket'",
            only_managed=True,
            strict=True,
        )
    cli, python = seen
    assert (
        cli.scale.shard == (2, 3) and cli.rules.ignore_text == "aws_s3*\n!aws_s3_bucket\naws_sqs*\n"
    )
    assert cli.state.headers == (("X-A", "1"), ("X-B", "2")) and cli.selection.strict
    assert cli == python


def test_render_and_the_api_give_the_same_settings(
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = captured(monkeypatch, api, "render_with")
    code = main(
        [
            "render",
            *("--from", str(files["infra"]), "--var-file", str(files["vars"]), "--var", "a=1"),
            *("--no-cache", "--max-eval-items", "10", "--eval-timeout", "5"),
            *("--kustomize-bin", "kubectl", "--allow-remote-bases", "--parameter", "Env=prod"),
            *("--parameters-file", str(files["parameters"]), "--stack-name", "app"),
            *("--region", "eu-west-1"),
        ]
    )
    assert code == 0
    with pytest.raises(typer.Exit):
        api.render(
            files["infra"],
            var_files=files["vars"],
            variables=["a=1"],
            no_cache=True,
            eval_limits=Limits(10, 5.0),
            kustomize_bin="kubectl",
            allow_remote_bases=True,
            parameters=["Env=prod"],
            parameters_file=files["parameters"],
            stack_name="app",
            region="eu-west-1",
        )
    cli, python = seen
    assert cli.eval_limits == Limits(10, 5.0) and not cli.state.detect_backend
    assert cli == python


def test_revert_and_plan_revert_give_the_same_settings(
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = captured(monkeypatch, flow, "revert")
    code = main(
        [
            "revert",
            *("--from", str(files["infra"]), "--profile", "ops", "--region", "eu-west-1"),
            *("--endpoint-url", "http://127.0.0.1:9", "--var-file", str(files["vars"])),
            *("--var", "a=1", "--max-rps", "5", "--max-attempts", "3"),
            *("--rules", str(files["rules"]), "--driftignore", str(files["driftignore"])),
            *("--no-default-rules", "--no-cache", "--kustomize-bin", "kubectl"),
            *("--allow-remote-bases", "--parameter", "Env=prod", "--stack-name", "app"),
            *("--parameters-file", str(files["parameters"])),
            *("--attribute-window", "30d", "--iac-principal", "arn:aws:iam::*:role/ci"),
        ]
    )
    assert code == 0
    planned = captured(monkeypatch, flow, "connect")
    with pytest.raises(typer.Exit):
        api.plan_revert(
            files["infra"],
            profile="ops",
            region="eu-west-1",
            endpoint_url="http://127.0.0.1:9",
            var_files=[files["vars"]],
            variables={"a": "1"},
            max_rps=5,
            max_attempts=3,
            rules=[files["rules"]],
            driftignore=files["driftignore"],
            no_default_rules=True,
            no_cache=True,
            kustomize_bin="kubectl",
            allow_remote_bases=True,
            parameters={"Env": "prod"},
            parameters_file=files["parameters"],
            stack_name="app",
            attribute_window="30d",
            iac_principals=["arn:aws:iam::*:role/ci"],
        )
    (cli,), (python,) = seen, planned
    assert cli.attribution.window_days == 30
    assert cli.scale.max_rps == 5 and cli.rules.driftignore == files["driftignore"]
    assert cli == dataclasses.replace(python, quiet=False)  # the API prints nothing


# the parsers settings.build calls: a command or an API function calling one parses a
# flag outside build. Allowed: scan's parse_outputs (it clears last run's reports before
# anything else can fail), fmt's (it makes no settings: -o is all it reads) and
# load_rules' rule_settings (it reads the rule flags alone).
PARSERS = re.compile(
    r"\b(parse_(?:scale|rules|formats|state_access|headers|selection|limits|sources|source|"
    r"outputs|output|regions|var|share|endpoint|shard)|var_inputs|ignore_lines|check_types|"
    r"scale_of|rule_settings)\("
)
ALLOWED = {
    ("driftctl/commands/scan.py", "parse_outputs"),
    ("driftctl/commands/fmt.py", "parse_outputs"),
    ("driftctl/api.py", "rule_settings"),
}


def test_no_command_parses_a_flag_settings_build_parses() -> None:
    paths = [*sorted((ROOT / "driftctl" / "commands").glob("*.py")), ROOT / "driftctl" / "api.py"]
    found = []
    for path in paths:
        name = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for match in PARSERS.finditer(line):
                if (name, match.group(1)) not in ALLOWED:
                    found.append(f"{name}:{number}: {line.strip()}")
    assert found == []
