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


@pytest.mark.parametrize(
    ("source", "file"),
    [("states/prod.tfstate", "prod.tfstate"), ("stacks/web.yaml", "web.yaml")],
)
def test_links_of_a_file_source_name_the_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, file: str
) -> None:
    """tfstate://FILE and yaml://FILE name their resources' file by its name: links and
    SARIF locations put it in the source's directory, not below the file itself."""
    from driftctl.core.model import Drift, Report, SourceRef
    from driftctl.report import formats

    monkeypatch.chdir(tmp_path)
    (tmp_path / source).parent.mkdir()
    (tmp_path / source).write_text("{}")
    drift = Drift("missing", "aws_s3_bucket", "logs", "aws_s3_bucket.logs", SourceRef(file, 3))
    report = Report({k: 0 for k in ("changed", "unmanaged")} | {"missing": 1}, (drift,))
    assert source_root([Path(source)]) == Path(source).parent.as_posix()
    assert source_root([tmp_path / source]) == Path(source).parent.as_posix()
    markdown = formats.render("markdown", report, [Path(source)])
    html = formats.render("html", report, [Path(source)], "out/report.html")
    sarif = formats.render("sarif", report, [Path(source)])
    doubled = f"{source}/{file}"
    for text in (markdown, html, sarif):
        assert doubled not in text
    assert f"{source}:3" in markdown
    assert f'href="../{source}#L3"' in html
    assert f'"uri": "{source}"' in sarif


def test_a_remote_states_name_is_not_put_below_a_directory() -> None:
    from driftctl.report.output import located

    assert located("acme-state/prod", "s3://acme-state/prod/terraform.tfstate") == (
        "s3://acme-state/prod/terraform.tfstate"
    )
