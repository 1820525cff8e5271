"""What the flag checks let through: every real region and endpoint form still works."""

from __future__ import annotations

from pathlib import Path

import pytest

from driftctl import settings
from driftctl.aws.regions import check_region, is_region, known_regions
from driftctl.errors import DriftctlError


@pytest.mark.parametrize(
    "region",
    [
        "us-east-1",
        "eu-central-2",
        "cn-north-1",
        "us-gov-west-1",
        "us-isob-east-1",
        "eusc-de-east-1",
    ],
)
def test_known_regions_pass(region: str) -> None:
    assert region in known_regions() and is_region(region)


def test_a_region_newer_than_botocore_passes_by_its_form() -> None:
    assert "ap-southeast-99" not in known_regions()
    assert check_region("ap-southeast-99", "--region ap-southeast-99") == "ap-southeast-99"


@pytest.mark.parametrize(
    ("region", "hint"),
    [("us-east1", "did you mean us-east-1?"), ("EU-WEST-1", "did you mean"), ("global", "e.g.")],
)
def test_a_region_typo_is_unknown_with_a_suggestion(region: str, hint: str) -> None:
    with pytest.raises(DriftctlError) as caught:
        check_region(region, f"--region {region}")
    assert caught.value.message == f"--region {region}: not an AWS region"
    assert hint in str(caught.value.hint)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:5000",
        "https://s3.eu-west-1.amazonaws.com",
        "http://[::1]:4566/",
        "http://moto",
    ],
)
def test_endpoint_urls_that_botocore_takes_pass(url: str) -> None:
    assert settings.parse_endpoint(url) == url


def test_the_environment_endpoint_is_checked_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL", "localhost:4566")
    with pytest.raises(DriftctlError, match=r"^AWS_ENDPOINT_URL localhost:4566: not an http"):
        settings.build_aws_only(settings.Options())
    monkeypatch.setenv("AWS_ENDPOINT_URL", "http://localhost:4566")
    assert settings.build_aws_only(settings.Options()).endpoint_url == "http://localhost:4566"


@pytest.mark.parametrize("rps", [0.5, 1.0, 1000.0])
def test_positive_rates_pass(rps: float) -> None:
    assert settings.parse_scale(max_rps=rps).max_rps == rps


def test_live_takes_region_and_rules_but_not_the_scan_scale(tmp_path: Path) -> None:
    live = tmp_path / "live.json"
    (tmp_path / "main.tf").write_text("")
    conf = settings.build(
        settings.Options(sources=[str(tmp_path)], regions=["eu-west-1"], live_file=live)
    )
    assert conf.regions == ("eu-west-1",)
    with pytest.raises(DriftctlError, match=r"^--all-regions cannot be used with --live"):
        settings.build(settings.Options(sources=[str(tmp_path)], live_file=live, all_regions=True))
