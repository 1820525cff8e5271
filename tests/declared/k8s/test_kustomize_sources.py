"""`--from` doors that used to mislead: a kustomization.yaml named as the source, malformed
YAML given as a bare path, and malformed YAML inside a kustomization."""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest

from driftctl import settings
from driftctl.cli import main
from driftctl.declared.k8s.kustomize import load_kustomize
from driftctl.engine.pipeline import load_declared
from driftctl.errors import DriftctlError

needs_kubectl = pytest.mark.skipif(
    shutil.which("kubectl") is None and shutil.which("kustomize") is None,
    reason="needs the real kubectl (or kustomize)",
)

BUCKET = "apiVersion: s3.aws.upbound.io/v1beta1\nkind: Bucket\nmetadata:\n  name: {name}\nspec:\n  forProvider: {{region: us-east-1}}\n"  # noqa: E501
BROKEN = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: {a: b\ndata: {}\n"


def render(capsys: pytest.CaptureFixture[str], source: str) -> tuple[int, str]:
    code = main(["render", "--from", source])
    return code, capsys.readouterr().err


# -- kustomize://DIR/kustomization.yaml ------------------------------------------------------


@needs_kubectl
@pytest.mark.parametrize("name", ["kustomization.yaml", "kustomization.yml", "Kustomization"])
def test_naming_the_kustomization_file_builds_its_directory(tmp_path: Path, name: str) -> None:
    (tmp_path / "bucket.yaml").write_text(BUCKET.format(name="logs"))
    (tmp_path / name).write_text("resources:\n- bucket.yaml\n")
    for given in (f"kustomize://{tmp_path / name}", str(tmp_path / name), str(tmp_path)):
        declared = load_declared(settings.build(settings.Options(sources=[given])))
        assert [(r.address, r.id) for r in declared.resources] == [("Bucket/logs", "logs")]
        assert declared.resources[0].source.file == "bucket.yaml"  # type: ignore[union-attr]


# -- malformed YAML as a bare path -----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        (
            "t.yaml",
            "Resources:\n  B:\n    Type: AWS::S3::Bucket\n    Properties:\n      BucketName: [a\n",
            "t.yaml:5: invalid YAML",
        ),
        ("t.yml", "Resources:\n  B:\n    Properties:\n\tBucketName: x\n", "t.yml:4: invalid YAML"),
        (
            "k.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x\n",
            "k.yaml:3: invalid YAML",
        ),
        (
            "t.json",
            '{\n "Resources": {\n  "B": {"Type": "AWS::S3::Bucket",,}\n }\n}\n',
            "t.json:3: invalid JSON",
        ),
        ("t.yaml", "Resources:\n  B: !Bogus x\n", "t.yaml:2: invalid YAML"),
    ],
)
def test_a_bare_path_that_does_not_parse_names_its_file_and_line_like_yaml_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str, where: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    code, bare = render(capsys, str(path))
    assert code == 2
    assert bare.startswith(f"error: {where}"), bare
    assert "cannot tell the format" not in bare
    _, explicit = render(capsys, f"yaml://{path}")
    assert bare.splitlines()[0] == explicit.splitlines()[0]


def test_a_file_that_does_not_say_it_is_data_is_still_not_guessed(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("key: [unclosed\n")
    with pytest.raises(DriftctlError, match="cannot tell the format"):
        settings.parse_source(str(notes))


# -- malformed YAML inside a kustomization ---------------------------------------------------


@needs_kubectl
def test_malformed_yaml_in_a_base_names_the_file_and_its_real_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base, overlay = tmp_path / "base", tmp_path / "overlay"
    base.mkdir()
    overlay.mkdir()
    (base / "ok.yaml").write_text(BUCKET.format(name="ok"))
    (base / "cm.yaml").write_text(BROKEN)
    (base / "kustomization.yaml").write_text("resources:\n- ok.yaml\n- cm.yaml\n")
    (overlay / "kustomization.yaml").write_text("resources:\n- ../base\n")
    code, err = render(capsys, f"kustomize://{overlay}")
    assert code == 2
    # the file as seen from the kustomization, the line the project's loader finds (kustomize
    # itself says "line 4" of the document), and no kubectl log prefix
    assert err.startswith("error: ../base/cm.yaml:6: invalid YAML: expected ',' or '}'"), err
    assert "run.go" not in err and "command failed" not in err
    assert "Traceback" not in err


@needs_kubectl
def test_a_malformed_kustomization_names_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "kustomization.yaml").write_text("resources: [a\n")
    code, err = render(capsys, f"kustomize://{tmp_path}")
    assert code == 2
    assert err.startswith("error: kustomization.yaml:1: invalid YAML"), err


@needs_kubectl
def test_other_build_failures_keep_kustomizes_words_without_the_log_prefix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "kustomization.yaml").write_text("resources:\n- missing.yaml\n")
    code, err = render(capsys, f"kustomize://{tmp_path}")
    assert code == 2
    assert err.startswith(f"error: kustomize build {tmp_path} failed: accumulating resources"), err
    assert "missing.yaml" in err
    assert "run.go" not in err and "command failed" not in err


def test_a_standalone_kustomize_message_is_read_the_same(tmp_path: Path) -> None:
    """`kustomize build` says `Error: ...` (no klog prefix); the file is found all the same."""
    (tmp_path / "kustomization.yaml").write_text("resources:\n- cm.yaml\n")
    (tmp_path / "cm.yaml").write_text(BROKEN)
    fake = tmp_path / "kustomize"
    fake.write_text(
        "#!/bin/sh\necho \"Error: accumulating resources: accumulating resources from 'cm.yaml':"
        " MalformedYAMLError: yaml: line 4: did not find expected ',' or '}' in File: cm.yaml\""
        " >&2\nexit 1\n"
    )
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    with pytest.raises(DriftctlError, match=r"^cm\.yaml:6: invalid YAML"):
        load_kustomize(str(tmp_path), str(fake))
