"""The pytest plugin: found through its entry point, its failures readable, rules honoured,
and the same checks against moto's server (--driftctl-endpoint) as in-process."""

from __future__ import annotations

from pathlib import Path

import boto3
import pytest

from driftctl.core.model import Change, Drift, SourceRef
from driftctl.demo import emulator
from driftctl.pytest_plugin import (
    DriftctlConfig,
    Snapshot,
    assert_no_drift,
    assert_no_leaks,
    drift_table,
)

pytest_plugins = ["pytester"]

REGION = "us-east-1"
STACK = 'resource "aws_s3_bucket" "data" {\n  bucket = "data"\n  tags   = { Env = "prod" }\n}\n'


@pytest.fixture
def infra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no stray ./.driftignore
    (tmp_path / "infra").mkdir()
    (tmp_path / "infra" / "main.tf").write_text(STACK)
    return tmp_path / "infra"


def _bucket(name: str, env: str) -> None:
    s3 = boto3.client("s3", region_name=REGION)
    s3.create_bucket(Bucket=name)
    s3.put_bucket_tagging(Bucket=name, Tagging={"TagSet": [{"Key": "Env", "Value": env}]})


def test_pytest_finds_the_plugin_through_its_entry_point(pytester: pytest.Pytester) -> None:
    help_ = pytester.runpytest("--help")
    help_.stdout.fnmatch_lines(["driftctl*", "*--driftctl-from=SRC*", "*--driftctl-endpoint=URL*"])
    markers = pytester.runpytest("--markers")
    markers.stdout.fnmatch_lines(["@pytest.mark.no_drift(*", "@pytest.mark.no_leaks(*"])


def test_the_drift_table_names_each_change() -> None:
    drifts = [
        Drift(
            "changed",
            "aws_s3_bucket",
            "data",
            "aws_s3_bucket.data",
            SourceRef("infra/main.tf", 1),
            (Change("tags.Env", "prod", "dev"),),
        ),
        Drift("unmanaged", "aws_iam_role", "ci", None, None),
    ]
    assert drift_table(drifts, "infra").splitlines() == [
        "driftctl: 2 drifts between infra and live AWS",
        "kind       address             file:line        attribute  expected → actual",
        'changed    aws_s3_bucket.data  infra/main.tf:1  tags.Env   "prod" → "dev"',
        "unmanaged  aws_iam_role.ci     -                -          -",
    ]


def test_drift_fails_with_file_line_and_values(aws: None, infra: Path) -> None:
    _bucket("data", "staging")  # changed by hand: the code says prod
    config = DriftctlConfig(region=REGION)
    with pytest.raises(pytest.fail.Exception) as failed:
        assert_no_drift(infra, config=config)
    lines = str(failed.value).splitlines()
    assert lines[0] == f"driftctl: 1 drift between {infra} and live AWS"
    expected = ["changed", "aws_s3_bucket.data", "main.tf:1", "tags.Env", '"prod"', "→"]
    assert lines[2].split() == [*expected, '"staging"']


def test_in_sync_passes_and_returns_the_report(aws: None, infra: Path) -> None:
    _bucket("data", "prod")
    report = assert_no_drift(infra, config=DriftctlConfig(region=REGION))
    assert report.summary["managed"] == 1 and not report.drifts


def test_leaks_are_what_is_new_and_undeclared_minus_what_rules_ignore(
    aws: None, infra: Path
) -> None:
    _bucket("data", "prod")
    _bucket("before", "dev")  # there before the test: not a leak
    before = Snapshot(DriftctlConfig(from_=(str(infra),), region=REGION))
    _bucket("left-behind", "ci")
    _bucket("tmp-cache", "ci")
    (infra.parent / ".driftignore").write_text("aws_s3_bucket.tmp-*\n")  # as scans read it
    with pytest.raises(pytest.fail.Exception) as failed:
        before.assert_no_leaks()
    assert str(failed.value).splitlines()[1:] == [
        "type           id           tags",
        'aws_s3_bucket  left-behind  {"Env": "ci"}',
    ]
    boto3.client("s3", region_name=REGION).delete_bucket(Bucket="left-behind")
    assert assert_no_leaks(before) == []


def test_markers_against_a_moto_server(pytester: pytest.Pytester) -> None:
    """The same checks through --driftctl-endpoint: no drift passes, a leak fails."""
    (pytester.path / "infra").mkdir()
    (pytester.path / "infra" / "main.tf").write_text(STACK)
    pytester.makepyfile(
        """
        import boto3, pytest

        @pytest.fixture
        def s3(pytestconfig):
            endpoint = pytestconfig.getoption("driftctl_endpoint")
            return boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint)

        @pytest.fixture
        def stack(s3):
            s3.create_bucket(Bucket="data")
            s3.put_bucket_tagging(
                Bucket="data", Tagging={"TagSet": [{"Key": "Env", "Value": "prod"}]}
            )

        @pytest.mark.no_drift
        def test_in_sync(stack):
            pass

        @pytest.mark.no_leaks
        def test_leaks(stack, s3):
            s3.create_bucket(Bucket="forgotten")
        """
    )
    with emulator.moto_server() as endpoint, emulator.fake_credentials():
        result = pytester.runpytest_subprocess(
            "-p",
            "no:cacheprovider",
            "--driftctl-from",
            "infra",
            "--driftctl-region",
            REGION,
            "--driftctl-endpoint",
            endpoint,
        )
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*_ test_leaks _*",
            "driftctl: the test left 1 live resource that neither infra declares*",
            "aws_s3_bucket  forgotten  {}",
        ]
    )


SECRET_STACK = """\
variable "build" {
  type      = string
  sensitive = true
  default   = "DECLARED-s3cr3t"
}

resource "aws_s3_bucket" "data" {
  bucket = "data"
  tags   = { Build = var.build, ApiToken = "DECLARED-t0ken" }
}
"""
SECRETS = ("DECLARED-s3cr3t", "LIVE-s3cr3t", "DECLARED-t0ken", "LIVE-t0ken", "LEAKED-pw", "PW-x")


def test_failures_show_no_secret_on_the_terminal_or_in_junit_xml(
    pytester: pytest.Pytester,
) -> None:
    """A sensitive variable's value, a secret-named tag, a leaked user's Password tag and a
    state URL's password and signature: masked as the CLI masks them, in the failure text
    pytest prints and in the JUnit XML. Before, all of them were shown as they are."""
    (pytester.path / "infra").mkdir()
    (pytester.path / "infra" / "main.tf").write_text(SECRET_STACK)
    pytester.makepyfile(
        """
        import boto3, pytest

        @pytest.fixture
        def aws(pytestconfig):
            endpoint = pytestconfig.getoption("driftctl_endpoint")
            return {
                name: boto3.client(name, region_name="us-east-1", endpoint_url=endpoint)
                for name in ("s3", "iam")
            }

        @pytest.fixture
        def stack(aws):
            aws["s3"].create_bucket(Bucket="data")
            tags = [
                {"Key": "Build", "Value": "LIVE-s3cr3t"},
                {"Key": "ApiToken", "Value": "LIVE-t0ken"},
            ]
            aws["s3"].put_bucket_tagging(Bucket="data", Tagging={"TagSet": tags})

        @pytest.mark.no_drift
        def test_drift(stack):
            pass

        @pytest.mark.no_leaks
        def test_leaks(stack, aws):
            tags = [{"Key": "Password", "Value": "LEAKED-pw"}]
            aws["iam"].create_user(UserName="leaked", Tags=tags)

        @pytest.mark.no_drift("tfstate+http://bob:PW-x@127.0.0.1:9/state?X-Amz-Signature=PW-x")
        def test_state_url():
            pass
        """
    )
    with emulator.moto_server() as endpoint, emulator.fake_credentials():
        result = pytester.runpytest_subprocess(
            "-p",
            "no:cacheprovider",
            "--junitxml=junit.xml",
            "--driftctl-from",
            "infra",
            "--driftctl-region",
            REGION,
            "--driftctl-endpoint",
            endpoint,
        )
    result.assert_outcomes(failed=3)
    out = result.stdout.str() + result.stderr.str()
    xml = (pytester.path / "junit.xml").read_text()
    assert [s for s in SECRETS if s in out + xml] == []
    result.stdout.fnmatch_lines(
        [
            '*changed*aws_s3_bucket.data*tags.ApiToken*"***" → "***"',
            "*changed*aws_s3_bucket.data*tags.Build*(sensitive) → (sensitive)",
            '*aws_iam_user*leaked*{"Password": "***"}',
            "*cannot read http://127.0.0.1:9/state*",
        ]
    )
    assert 'Password": "***"' in xml and "(sensitive) → (sensitive)" in xml
