"""driftctl determinism on every local source kind: kustomize://, yaml://, tfstate://, and
HCL whose non-deterministic constructs sit in a called module.

Kustomize sources are built by the real `kubectl kustomize`, and by a fake kustomize that
logs each invocation (to prove every run builds again, in a home of its own) or that
renders a counter (to prove a kustomize whose output changes is caught, and where).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from driftctl.cli import main
from tests.paths import STACK

OVERLAY = STACK / "crossplane" / "overlays" / "demo"
TEMPLATE = STACK / "cloudformation" / "template.yaml"
HASH = re.compile(r"^renders identical: (sha256:[0-9a-f]{64})$", re.MULTILINE)


def determinism(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["determinism", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def render_hash(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "driftctl", "render", "--hash", *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def identical_hash(out: str) -> str:
    match = HASH.search(out)
    assert match is not None, out
    return match[1]


# ---------------------------------------------------------------------------- kustomize


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_a_real_kustomization_is_checked_and_hashes_like_render(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = determinism(
        capsys, "--from", f"kustomize://{OVERLAY}", "--kustomize-bin", "kubectl"
    )
    assert code == 0, out + err
    assert identical_hash(out) == render_hash("--from", f"kustomize://{OVERLAY}")
    assert out.splitlines()[-1] == "deterministic"


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_helm_leftovers_in_a_kustomization_are_named_where_they_are_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(STACK / "crossplane", tmp_path / "crossplane")
    storage = tmp_path / "crossplane" / "base" / "storage.yaml"
    lines = storage.read_text().splitlines()
    at = lines.index("      Zone: raw") + 1
    lines.insert(at, '      Nonce: "{{ randAlphaNum 8 }}"')
    storage.write_text("\n".join(lines) + "\n")
    overlay = tmp_path / "crossplane" / "overlays" / "demo"
    with (overlay / "kustomization.yaml").open("a") as f:
        f.write(
            "  - target:\n      kind: Role\n    patch: |-\n      - op: add\n"
            "        path: /spec/forProvider/tags/Built\n        value: '{{ now }}'\n"
        )
    code, out, err = determinism(capsys, "--from", f"kustomize://{overlay}")
    assert code == 1, out + err
    base = (tmp_path / "crossplane" / "base").as_posix()
    assert (
        f"{base}/storage.yaml:{at + 1}: randAlphaNum — a Helm template call left in a manifest: "
        "a new random value on every render"
    ) in out.splitlines()
    patched = [line for line in out.splitlines() if ": now — " in line]
    assert len(patched) == 1, out
    assert patched[0].startswith(f"{overlay.as_posix()} (kustomize build output):")
    assert patched[0].endswith("(Role/demo-app, where a patch or generator puts it)")
    assert out.splitlines()[-1].startswith("not deterministic: 2 non-deterministic constructs")


FAKE_KUSTOMIZE = """#!{python}
# A fake kustomize: logs HOME and TMPDIR of each call; renders a bucket whose Build tag is
# "fixed", or (with FAKE_COUNTER set) the number of builds so far.
import json, os, sys
from pathlib import Path
assert sys.argv[1] == "build", sys.argv
with open(os.environ["FAKE_LOG"], "a") as log:
    log.write(json.dumps([os.environ["HOME"], os.environ.get("TMPDIR", "")]) + "\\n")
build = "fixed"
if os.environ.get("FAKE_COUNTER"):
    counter = Path(os.environ["FAKE_COUNTER"])
    build = str(int(counter.read_text()) + 1 if counter.exists() else 1)
    counter.write_text(build)
print(f'''apiVersion: s3.aws.upbound.io/v1beta1
kind: Bucket
metadata:
  name: logs
spec:
  forProvider:
    region: us-east-1
    tags:
      Build: "{{build}}"
''')
"""


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A kustomization directory, with a fake `kustomize` first on PATH."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "kustomize"
    script.write_text(FAKE_KUSTOMIZE.format(python=sys.executable))
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{Path(sys.executable).parent}:/usr/bin:/bin")
    monkeypatch.setenv("FAKE_LOG", str(tmp_path / "calls.log"))
    source = tmp_path / "src"
    source.mkdir()
    (source / "kustomization.yaml").write_text("resources: []\n")
    return source


def calls(source: Path) -> list[tuple[str, str]]:
    log = source.parent / "calls.log"
    return [tuple(json.loads(line)) for line in log.read_text().splitlines()]  # type: ignore[misc]


def test_every_run_builds_the_kustomization_again_in_a_home_of_its_own(
    fake: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = determinism(capsys, "--from", f"kustomize://{fake}", "--runs", "3")
    assert code == 0, out + err
    per_home: dict[str, int] = {}
    tmpdirs = set()
    for home, tmpdir in calls(fake):
        per_home[home] = per_home.get(home, 0) + 1
        tmpdirs.add(tmpdir)
    in_runs = {h: n for h, n in per_home.items() if re.search(r"/tool-\d-kustomize/home$", h)}
    assert len(in_runs) == 3, per_home  # one home per run ...
    assert set(in_runs.values()) == {1}, per_home  # ... and one build in each
    assert len(per_home) == 4  # and the lint's own build, outside the runs
    assert len({t for t in tmpdirs if t.endswith("-kustomize/tmp")}) == 3


def test_a_kustomize_whose_output_changes_is_caught_with_resource_and_path(
    fake: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FAKE_COUNTER", str(tmp_path / "counter"))
    code, out, err = determinism(capsys, "--from", f"kustomize://{fake}")
    assert code == 1, out + err
    assert "run 2 differs from run 1:" in out.splitlines()
    # the lint builds first (1), then run 1 (2), then run 2 (3)
    assert '  Bucket/logs: attrs.tags.Build: "2" → "3"' in out.splitlines()
    assert out.splitlines()[-1] == "not deterministic: 2 different renders in 2 runs"


def test_kustomize_bin_is_given_to_every_run_as_an_absolute_path(
    fake: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bin_dir = fake.parent / "bin"
    (bin_dir / "kustomize").rename(bin_dir / "my-kustomize")
    monkeypatch.chdir(fake.parent)
    code, out, err = determinism(
        capsys, "--from", "kustomize://src", "--kustomize-bin", "bin/my-kustomize"
    )
    assert code == 0, out + err
    assert len(calls(fake)) == 3  # the lint, run 1, run 2: each found the binary


def test_standard_input_cannot_be_rendered_once_per_run(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = determinism(capsys, "--from", "kustomize://-")
    assert code == 2
    assert "standard input can be read only once" in err


# ---------------------------------------------------------------------------- yaml, tfstate


def test_a_cloudformation_template_gets_the_parameters_and_stack_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    params = tmp_path / "params.json"
    params.write_text(json.dumps({"Project": "from-file"}))
    options = {
        "--parameter": "Zones=raw,cold",
        "--parameters-file": str(params),
        "--stack-name": "acme-prod",
    }
    given = ["--from", f"yaml://{TEMPLATE}", *(a for o in options.items() for a in o)]
    code, out, err = determinism(capsys, *given)
    assert code == 0, out + err
    assert identical_hash(out) == render_hash(*given)
    for left_out in options:  # each option changes the render, so each reached the runs
        fewer = [a for o in options.items() if o[0] != left_out for a in o]
        assert identical_hash(out) != render_hash("--from", f"yaml://{TEMPLATE}", *fewer)


def test_driftctl_yaml_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    source = STACK / "driftctl.yaml"
    code, out, err = determinism(capsys, "--from", f"yaml://{source}")
    assert code == 0, out + err
    assert identical_hash(out) == render_hash("--from", f"yaml://{source}")


def test_helm_leftovers_in_a_yaml_source_fail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (STACK / "driftctl.yaml").read_text()
    source = tmp_path / "declared.yaml"
    source.write_text(text.replace("Env: demo}", 'Env: "{{ now }}"}', 1))
    code, out, _ = determinism(capsys, "--from", f"yaml://{source}")
    assert code == 1
    line = 1 + text.splitlines().index(
        "      tags: {Name: demo-vpc, Project: driftctl-demo, Env: demo}"
    )
    assert f"{source.as_posix()}:{line}: now — " in out


def test_a_terraform_state_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = tmp_path / "terraform.tfstate"
    attributes = {"id": "acme-logs", "bucket": "acme-logs", "tags": {"Env": "prod"}}
    resource = {
        "mode": "managed",
        "type": "aws_s3_bucket",
        "name": "logs",
        "provider": 'provider["registry.terraform.io/hashicorp/aws"]',
        "instances": [{"schema_version": 0, "attributes": attributes}],
    }
    state.write_text(
        json.dumps({"version": 4, "serial": 1, "lineage": "l", "resources": [resource]})
    )
    code, out, err = determinism(capsys, "--from", f"tfstate://{state}")
    assert code == 0, out + err
    assert identical_hash(out) == render_hash("--from", f"tfstate://{state}")


# ---------------------------------------------------------------------------- HCL modules


def test_a_uuid_in_a_called_local_module_fails_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "modules" / "b").mkdir(parents=True)
    (tmp_path / "main.tf").write_text('module "b" {\n  source = "./modules/b"\n}\n')
    (tmp_path / "modules" / "b" / "main.tf").write_text(
        textwrap.dedent(
            """\
            resource "aws_s3_bucket" "b" {
              bucket = "acme-b"
              tags   = { Id = uuid() }
            }
            """
        )
    )
    monkeypatch.chdir(tmp_path)
    code, out, _ = determinism(capsys, "--from", ".")
    assert code == 1
    assert (
        "modules/b/main.tf:3: uuid() — returns a new random UUID every time it is evaluated"
        in out.splitlines()
    )
