"""Remote bases: found in the kustomization and the local bases it includes, refused before
kustomize runs unless --allow-remote-bases."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from driftctl.cli import main
from driftctl.declared.k8s import remote

needs_kubectl = pytest.mark.skipif(
    shutil.which("kubectl") is None and shutil.which("kustomize") is None,
    reason="needs the real kubectl (or kustomize)",
)
CM = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n"


def tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.mark.parametrize(
    "entry",
    [
        "github.com/acme/infra//base?ref=v1",
        "https://github.com/acme/infra.git//base",
        "git@github.com:acme/infra.git",
        "git::https://example.com/repo",
        "ssh://git@example.com/repo",
        "http://example.com/cm.yaml",
        "gitlab.example.org:8443/team/repo/base",
    ],
)
def test_remote_entries(tmp_path: Path, entry: str) -> None:
    assert remote.is_remote(entry, tmp_path)


@pytest.mark.parametrize("entry", ["cm.yaml", "../base", "file:///tmp/x.yaml", "github.com"])
def test_local_entries(tmp_path: Path, entry: str) -> None:
    assert not remote.is_remote(entry, tmp_path)


def test_a_local_directory_named_like_a_host_is_local(tmp_path: Path) -> None:
    (tmp_path / "example.com" / "base").mkdir(parents=True)
    assert not remote.is_remote("example.com/base", tmp_path)


def test_every_remote_reference_is_found_with_its_file_and_line(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "overlay/kustomization.yaml": (
                "resources:\n- ../base\n- cm.yaml\npatches:\n- path: https://h/p.yaml\n"
                "- patch: |-\n    - op: add\n      path: /x\n      value: 1\n"
                "openapi:\n  path: https://h/schema.json\n"
            ),
            "overlay/cm.yaml": CM,
            "base/kustomization.yaml": "resources:\n- cm.yaml\ncomponents:\n- https://h/c\n",
            "base/cm.yaml": CM,
        },
    )
    found = remote.find(root / "overlay")
    assert [(r.file, r.line, r.key, r.entry) for r in found] == [
        ("kustomization.yaml", 5, "patches", "https://h/p.yaml"),
        ("kustomization.yaml", 11, "openapi", "https://h/schema.json"),
        ("../base/kustomization.yaml", 4, "components", "https://h/c"),
    ]


def test_a_cycle_of_local_bases_ends(tmp_path: Path) -> None:
    root = tree(
        tmp_path,
        {
            "a/kustomization.yaml": "resources:\n- ../b\n",
            "b/kustomization.yaml": "resources:\n- ../a\n",
        },
    )
    assert remote.find(root / "a") == []


@needs_kubectl
def test_scan_refuses_before_kustomize_runs_and_the_flag_lets_it_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The URL points at a closed port of this machine: kustomize fails to fetch it when
    allowed, which shows it ran; without the flag driftctl names the entry instead."""
    monkeypatch.chdir(tmp_path)
    url = "http://127.0.0.1:9/remote.yaml"
    tree(
        tmp_path, {"k8s/kustomization.yaml": f"resources:\n- cm.yaml\n- {url}\n", "k8s/cm.yaml": CM}
    )
    assert main(["render", "--from", "kustomize://k8s"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0] == (
        f"error: k8s/kustomization.yaml:3: resources entry '{url}' is remote: kustomize would "
        "fetch it from the network"
    )
    assert main(["render", "--from", "kustomize://k8s", "--allow-remote-bases"]) == 2
    err = capsys.readouterr().err
    assert "is remote" not in err and "kustomize build k8s failed" in err
