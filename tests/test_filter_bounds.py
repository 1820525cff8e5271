"""--filter and .driftignore on hostile input (issue #29): a filter of thousands of terms or
nested thousands deep is evaluated or refused in one line, never a RecursionError; a filter
naming a resource type that does not exist is refused; one that matches nothing says so; a
malformed .driftignore line fails the scan naming file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl.aws import snapshot
from driftctl.aws.scanner import LiveState
from driftctl.cli import main
from driftctl.core.model import Resource
from driftctl.engine.scopes import LiveRun
from driftctl.engine.selection import parse_selection, resource_filter
from driftctl.errors import DriftctlError

ACCOUNT = "123456789012"


def bucket(name: str) -> Resource:
    return Resource("aws_s3_bucket", name, None, {"bucket": name, "arn": f"arn:aws:s3:::{name}"})


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A declared bucket, live as declared, and a stray live bucket."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "main.tf").write_text('resource "aws_s3_bucket" "logs" {\n  bucket = "logs"\n}\n')
    run = LiveRun(
        {ACCOUNT: LiveState([bucket("logs"), bucket("stray")], [], set(), ACCOUNT)},
        [(ACCOUNT, "eu-west-1"), (ACCOUNT, "global")],
        "eu-west-1",
    )
    (tmp_path / "live.json").write_text(snapshot.dump(run))
    return tmp_path


def scan(*args: str) -> int:
    return main(["scan", "--from", "hcl://.", "--live", "live.json", "--no-cache", *args])


def test_a_filter_of_five_thousand_terms_is_evaluated(repo: Path) -> None:
    terms = " || ".join(f"Id=='bucket-{i}'" for i in range(5000))
    keep = resource_filter(f"{terms} || Id=='stray'")
    assert keep(bucket("stray"))
    assert not keep(bucket("logs"))


def test_a_filter_too_deep_even_for_the_big_stack_is_one_error(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert scan("--filter", "(" * 200_000 + "Id" + ")" * 200_000) == 2
    err = capsys.readouterr().err
    assert "error: --filter ((((" in err
    assert "nested too deeply to evaluate (400,002 characters)" in err
    assert "RecursionError" not in err and "internal error" not in err


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        (
            "Type=='aws_s3_buckett'",
            "--filter Type=='aws_s3_buckett': no resource type is 'aws_s3_buckett', "
            "so it would match nothing",
        ),
        (
            "Id=='x' || starts_with(Type, 'aws_s4_')",
            "no resource type starts with 'aws_s4_'",
        ),
    ],
)
def test_a_filter_on_a_type_that_does_not_exist_is_refused(expression: str, message: str) -> None:
    with pytest.raises(DriftctlError) as caught:
        parse_selection(expression)
    assert message in caught.value.message
    if "buckett" in expression:
        assert caught.value.hint == "did you mean aws_s3_bucket?"


def test_a_filter_on_a_type_that_does_not_exist_fails_the_scan(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert scan("--filter", "Type=='aws_s3_buckett'") == 2
    assert "did you mean aws_s3_bucket?" in capsys.readouterr().err


def test_a_filter_that_matches_nothing_says_so(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert scan("--filter", "Type=='aws_sqs_queue'") == 0  # a known type, none here: fine
    err = capsys.readouterr().err
    assert (
        "warning --filter Type=='aws_sqs_queue' matched no declared or live resource: "
        "nothing was compared"
    ) in err
    assert scan("--filter", "Id=='stray'") == 1
    assert "matched no" not in capsys.readouterr().err


def test_a_malformed_driftignore_line_fails_the_scan(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / ".driftignore").write_text("aws_s3_bucket.stray\naws_s3_bucket.[oops\n")
    assert scan() == 2
    err = capsys.readouterr().err
    assert "error: .driftignore:2: bad glob 'aws_s3_bucket.[oops'" in err
    assert "fix or delete the line" in err
