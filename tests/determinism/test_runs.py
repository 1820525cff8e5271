"""driftctl determinism: fresh renders that differ in what must not matter, compared; lint.

Renders run as real subprocesses. To prove a mismatch is detected (and explained), the
tests put a real loader regression back into the rendering process — the HCL loader
using its directory listing unsorted, or through a set — by pointing the check at
tests/data/regressed_driftctl.py instead of `python -m driftctl`; the same source
passes with the real loader, which sorts.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from driftctl.cli import main
from driftctl.commands.demo import FIXTURE
from driftctl.declared.listing import REVERSE_FILE_ORDER
from driftctl.determinism import check as determinism
from driftctl.settings import FormatSettings, Source
from tests.paths import DATA

TIMESTAMP_WHY = "returns the current time: a new value on every plan and apply"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["determinism", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def write(directory: Path, files: dict[str, str]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (directory / name).write_text(textwrap.dedent(text).lstrip("\n"))
    return directory


def test_a_clean_source_passes_and_prints_the_hash(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--from", f"hcl://{FIXTURE}")
    assert code == 0, out + err
    match = re.search(r"^renders identical: (sha256:[0-9a-f]{64})$", out, re.MULTILINE)
    assert match is not None, out
    render = subprocess.run(
        [sys.executable, "-m", "driftctl", "render", "--from", str(FIXTURE), "--hash"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert match[1] == render.stdout.strip()
    assert out.splitlines()[-1] == "deterministic"


TIMESTAMPED = {
    "main.tf": """
        resource "aws_s3_bucket" "b" {
          bucket = "acme-b"
          tags = {
            Created = timestamp()
          }
        }
        """
}


def test_timestamp_fails_by_lint_even_though_the_renders_agree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(write(tmp_path, TIMESTAMPED))
    code, out, _ = run(capsys, "--from", ".")
    assert code == 1
    assert f"main.tf:4: timestamp() — {TIMESTAMP_WHY}" in out.splitlines()
    assert "renders identical: sha256:" in out
    assert out.splitlines()[-1].startswith("not deterministic: 1 non-deterministic construct")


def test_an_allowed_finding_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(write(tmp_path, TIMESTAMPED))
    code, out, _ = run(capsys, "--from", ".", "--allow", "timestamp()")
    assert code == 0, out
    assert f"allowed by --allow 'timestamp()': main.tf:4: timestamp() — {TIMESTAMP_WHY}" in out
    assert out.splitlines()[-1] == "deterministic"


@pytest.mark.parametrize(
    ("pattern", "allowed"),
    [
        ("timestamp()", True),
        ("main.tf:4: timestamp()", True),
        ("main.tf:*", True),
        ("*time*", True),
        ("uuid()", False),
        ("main.tf:5: timestamp()", False),
        ("other.tf:*", False),
    ],
)
def test_allow_is_a_glob_on_the_finding_or_its_construct(
    pattern: str, allowed: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(write(tmp_path, TIMESTAMPED))
    denied, accepted = determinism.lint([Source("hcl", Path("."))], ["nothing", pattern])
    assert [str(f) for f in denied + [f for f, _ in accepted]] == [
        f"main.tf:4: timestamp() — {TIMESTAMP_WHY}"
    ]
    assert [a.pattern for _, a in accepted] == ([pattern] if allowed else [])


def tfvars_source(root: Path) -> Path:
    """Six *.auto.tfvars files setting one variable: the last one read wins."""
    files = {f"{c}.auto.tfvars": f'env = "from-{c}"\n' for c in "abcdef"}
    files["main.tf"] = """
        variable "env" {
          type = string
        }

        resource "aws_s3_bucket" "logs" {
          bucket = "acme-logs"
          tags = {
            Env = var.env
          }
        }
        """
    return write(root / "src", files)


@pytest.mark.parametrize(("mode", "runs"), [("unsorted", 2), ("set", 4)])
def test_a_loader_that_does_not_sort_is_caught_and_the_diff_names_resource_and_path(
    mode: str,
    runs: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    source = tfvars_source(tmp_path)
    regressed = (sys.executable, str(DATA / "regressed_driftctl.py"), mode)
    monkeypatch.setattr(determinism, "DRIFTCTL_COMMAND", regressed)
    code, out, err = run(capsys, "--from", str(source), "--runs", str(runs))
    assert code == 1, out + err
    assert re.search(r"^run \d differs from run 1:$", out, re.MULTILINE), out
    differences = [line for line in out.splitlines() if line.startswith("  ")]
    assert differences, out
    for line in differences:
        match = re.fullmatch(
            r'  aws_s3_bucket\.logs: attrs\.tags\.Env: "(from-.)" → "(from-.)"', line
        )
        assert match is not None and match[1] != match[2], line
    assert re.fullmatch(
        rf"not deterministic: [2-{runs}] different renders in {runs} runs", out.splitlines()[-1]
    )


def test_the_real_loader_sorts_so_that_source_is_deterministic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--from", str(tfvars_source(tmp_path)), "--runs", "4")
    assert code == 0, out + err


def test_each_run_differs_in_what_must_not_matter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = write(tmp_path / "src", {"a.tf": "", "b.tf": "", "c.tf": ""})
    probe = (sys.executable, str(DATA / "probe_render.py"))
    monkeypatch.setattr(determinism, "DRIFTCTL_COMMAND", probe)
    tool = determinism.SourceKind(
        lint=lambda *_: [], tool_env=lambda home: {"PROBE_TOOL_HOME": str(home)}
    )
    monkeypatch.setitem(determinism.SOURCE_KINDS, "hcl", tool)
    outcome = determinism.check([Source("hcl", source)], runs=2)
    ((index, differences),) = outcome.differences
    assert index == 2
    changed = {re.sub(r"\[\d+\]$", "", line.split(": ")[1]) for line in differences}
    assert changed == {
        "attrs.hash",
        "attrs.utc_offset",
        "attrs.locale",
        "attrs.cwd",
        "attrs.env_first",
        "attrs.files",
        "attrs.tool_home",
    }, differences
    for render in outcome.renders:
        attrs = json.loads(render.text)["resources"][0]["attrs"]
        assert attrs["cwd_is_empty"] and attrs["tool_home_is_dir"] and attrs["cache_is_private"]
        assert attrs["results_not_cached"]  # every run evaluates: none reads another's result
        assert attrs["sorted_files"] == ["a.tf", "b.tf", "c.tf"]


def test_runs_vary_seed_zone_locale_file_order_and_env_order(tmp_path: Path) -> None:
    first, second = determinism.variants(2, ["C.UTF-8", "POSIX"])
    base = {"PATH": "/bin", "TZ": "Europe/Paris", "LC_CTYPE": "fr_FR", "PYTHONHASHSEED": "7"}
    one = determinism.environment(first, base, tmp_path / "1", {})
    two = determinism.environment(second, base, tmp_path / "2", {"TOOL": "x"})
    assert one["PYTHONHASHSEED"] != two["PYTHONHASHSEED"]
    assert one["TZ"] != two["TZ"] and "Europe/Paris" not in (one["TZ"], two["TZ"])
    assert (one["LC_ALL"], two["LC_ALL"]) == ("C.UTF-8", "POSIX") and "LC_CTYPE" not in one
    assert REVERSE_FILE_ORDER not in one and two[REVERSE_FILE_ORDER] == "1"
    assert (one["PWD"], two["TOOL"]) == (str(tmp_path / "1"), "x")
    shared = [k for k in one if k in two]
    assert shared != [k for k in two if k in one]


def test_every_run_has_its_own_hash_seed() -> None:
    seeds = [v.hash_seed for v in determinism.variants(determinism.MAX_RUNS, ["C.UTF-8"])]
    assert len(set(seeds)) == determinism.MAX_RUNS


def test_the_locales_used_are_installed() -> None:
    found = determinism.available_locales()
    assert found[:2] == ["C.UTF-8", "POSIX"]


def test_render_arguments_are_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    args = determinism.render_args(
        [Source("hcl", Path("infra"))], [Path("prod.tfvars")], [("env", "prod")]
    )
    assert args == [
        "render",
        "--from",
        f"hcl://{tmp_path.resolve()}/infra",
        "--var-file",
        f"{tmp_path.resolve()}/prod.tfvars",
        "--var",
        "env=prod",
    ]


def test_var_and_var_file_reach_render_in_command_line_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    inputs = [("var", ("env", "cli")), ("file", Path("prod.tfvars")), ("var", ("x", "1"))]
    args = determinism.render_args([Source("hcl", Path("infra"))], [], [], inputs=inputs)
    assert args[3:] == [
        "--var",
        "env=cli",
        "--var-file",
        f"{tmp_path.resolve()}/prod.tfvars",
        "--var",
        "x=1",
    ]


def test_loader_options_reach_render_with_absolute_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    formats = FormatSettings("bin/kustomize", (("Env", "prod"),), Path("p.json"), "acme")
    args = determinism.render_args([Source("kustomize", Path("k"))], [], [], formats)
    assert args == [
        "render",
        "--from",
        f"kustomize://{tmp_path.resolve()}/k",
        "--kustomize-bin",
        f"{tmp_path.resolve()}/bin/kustomize",
        "--parameter",
        "Env=prod",
        "--parameters-file",
        f"{tmp_path.resolve()}/p.json",
        "--stack-name",
        "acme",
    ]
    on_path = determinism.render_args([], [], [], FormatSettings(kustomize_bin="kubectl"))
    assert on_path == ["render", "--kustomize-bin", "kubectl"]


def test_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "--from", str(FIXTURE), "--runs", "1")[0] == 2
    assert run(capsys, "--from", str(tmp_path / "nowhere"))[0] == 2
    broken = write(
        tmp_path / "broken", {"main.tf": 'resource "aws_s3_bucket" "b" {\n  bucket =\n}\n'}
    )
    code, _, err = run(capsys, "--from", str(broken))
    assert code == 2 and "broken/main.tf:2:11: syntax error" in err
    failing = write(
        tmp_path / "failing",
        {"main.tf": 'resource "aws_s3_bucket" "b" {\n  count  = -1\n  bucket = "x"\n}\n'},
    )
    code, _, err = run(capsys, "--from", str(failing))
    assert code == 2
    assert "run 1: driftctl render failed (exit 2)" in err and "main.tf:2" in err
