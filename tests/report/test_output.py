"""-o FORMAT://PATH: parsing, writing to a file or stdout, and paths relative to the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl.errors import DriftctlError
from driftctl.report.output import anchor_file, source_root, write_text
from driftctl.settings import parse_output


@pytest.mark.parametrize("scheme", ["json", "markdown", "sarif"])
def test_file_formats_need_a_path(scheme: str) -> None:
    assert parse_output(f"{scheme}://out.x").target == "out.x"
    with pytest.raises(DriftctlError, match=f"{scheme}:// needs a path"):
        parse_output(f"{scheme}://")


def test_write_text_to_a_file_or_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_text(str(tmp_path / "r.md"), "# hi\n")
    write_text("-", "to stdout\n")
    assert (tmp_path / "r.md").read_text() == "# hi\n"
    assert capsys.readouterr().out == "to stdout\n"
    with pytest.raises(DriftctlError, match="cannot write"):
        write_text(str(tmp_path / "no" / "such" / "dir.md"), "x")


def test_source_paths_relative_to_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    infra = tmp_path / "infra"
    infra.mkdir()
    for name in ("variables.tf", "b.tf"):
        (infra / name).write_text("")
    monkeypatch.chdir(tmp_path)
    assert source_root([Path("infra")]) == "infra"
    assert source_root([infra]) == "infra"
    assert source_root([Path(".")]) == ""
    assert source_root([infra, Path("other")]) == ""  # the report's files carry their source
    assert anchor_file([infra]) == "infra/b.tf"
    (infra / "main.tf").write_text("")
    assert anchor_file([Path("infra")]) == "infra/main.tf"
    monkeypatch.chdir(infra)
    assert source_root([tmp_path / "elsewhere"]) == (tmp_path / "elsewhere").as_posix()


def test_links_to_a_kustomize_base_are_normalized() -> None:
    # drifts of an overlay name their base file relative to the overlay; links and SARIF
    # locations must point at the file in the repository, without ../ detours
    from driftctl.report.output import located

    assert located("overlays/demo", "../../base/storage.yaml") == "base/storage.yaml"
    assert located("infra", "network.tf") == "infra/network.tf"
    assert located("", "../x.yaml") == "../x.yaml"
