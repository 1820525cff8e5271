"""snyk driftctl's `scan` flags, run in their snyk form (items 11-29 of
docs/migrating-from-snyk.md). -H, --tfc-token and --tfc-endpoint: test_sources.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.kit.cli import Run, driftctl
from tests.migration.world import World, kinds


def scan(world: World, *args: str, source: str | None = None) -> Run:
    src = source or f"tfstate://{world.state}"
    return driftctl("scan", "--from", src, "--live", str(world.live), *args)


SCRATCH = ("unmanaged", "aws_s3_bucket", "acme-demo-scratch")
RAW = ("changed", "aws_s3_bucket", "acme-demo-raw")


def test_from(world: World) -> None:
    """-f, repeatable and comma-separated, as snyk's --from."""
    one = driftctl(
        "scan", "-f", f"tfstate://{world.state}", "--live", str(world.live), "-o", "json://stdout"
    )
    assert one.code == 1 and SCRATCH in kinds(one.json)
    both = driftctl(
        "scan",
        "-f",
        f"hcl://{world.stack},tfstate://{world.state}",
        "--live",
        str(world.live),
        "-o",
        "json://stdout",
    )
    assert both.code == 1, both.stderr
    assert kinds(both.json) == kinds(one.json)


def test_output(world: World, tmp_path: Path) -> None:
    """-o repeatable and comma-separated; json://stdout is standard output (snyk's form)."""
    run = scan(world, "-o", f"json://{tmp_path / 'a.json'},console://", "-o", "json://stdout")
    assert run.code == 1, run.stderr
    assert (tmp_path / "a.json").is_file()
    assert not Path("stdout").exists() and not (tmp_path / "stdout").exists()
    head, _, _ = run.stdout.partition("\nChanged")
    assert '"schema_version": 1' in head


def test_to(world: World) -> None:
    assert scan(world, "--to", "aws+tf", "-t", "aws+tf").code == 1
    for other in ("gcp+tf", "azure+tf", "github+tf"):
        run = scan(world, "--to", other)
        assert run.code == 2
        assert f"--to {other}" in run.stderr and "AWS only" in run.stderr
        assert "Traceback" not in run.stderr


def test_filter(world: World) -> None:
    """JMESPath over {Type, Id, Attr}, as snyk's --filter."""
    run = scan(world, "--filter", "Type=='aws_s3_bucket'", "-o", "json://stdout")
    assert run.code == 1, run.stderr
    assert {k[1] for k in kinds(run.json)} == {"aws_s3_bucket"}
    assert kinds(run.json) == {SCRATCH, RAW}
    run = scan(
        world, "--filter", "Type=='aws_s3_bucket' && Id!='acme-demo-scratch'", "-o", "json://stdout"
    )
    assert kinds(run.json) == {RAW}
    run = scan(world, "--filter", "Attr.tags.Zone=='analytics'", "-o", "json://stdout")
    assert kinds(run.json) == {RAW}
    bad = scan(world, "--filter", "Type==")
    assert bad.code == 2 and "--filter Type==: not a JMESPath expression" in bad.stderr


def test_filter_twice_is_an_error(world: World) -> None:
    """As in snyk's driftctl: a second --filter does not silently replace the first."""
    for second in (["--filter", "Id!='acme-demo-scratch'"], ["--filter=Id!='x'"]):
        run = scan(world, "--filter", "Type=='aws_s3_bucket'", *second, "-o", "json://stdout")
        assert run.code == 2 and run.stdout == "", run.stdout
        assert "--filter given 2 times" in run.stderr and "&&" in run.stderr
        assert "Traceback" not in run.stderr
    once = scan(world, "--filter", "Type=='aws_s3_bucket'", "-o", "json://stdout")
    assert once.code == 1, once.stderr


def test_quiet(world: World) -> None:
    loud = scan(world, "--tf-lockfile", ".terraform.lock.hcl")
    assert "note:" in loud.stderr
    run = scan(world, "--quiet", "--tf-lockfile", ".terraform.lock.hcl")
    assert run.code == 1
    assert run.stderr == ""
    assert "drift found" in run.stdout


def test_strict(world: World) -> None:
    """AWS's own resources (here moto's default VPC) are left out unless --strict."""
    plain = scan(world, "-o", "json://stdout")
    strict = scan(world, "--strict", "-o", "json://stdout")
    default_vpcs = {k for k in kinds(strict.json) if k[:2] == ("unmanaged", "aws_vpc")}
    assert default_vpcs, kinds(strict.json)
    assert not default_vpcs & kinds(plain.json)
    assert kinds(plain.json) <= kinds(strict.json)


def test_strict_reports_service_linked_roles(world: World, tmp_path: Path) -> None:
    """--strict's help promises service-linked roles: the shipped rule that hides them by
    name (ignore-aws-owned-roles) does not hide them under --strict."""
    live = json.loads(world.live.read_text())
    name = "AWSServiceRoleForElasticBeanstalk"
    for account in live["accounts"].values():
        account["resources"].append(
            {
                "type": "aws_iam_role",
                "id": name,
                "region": None,
                "attrs": {
                    "arn": f"arn:aws:iam::123456789012:role/aws-service-role/x/{name}",
                    "name": name,
                    "path": "/aws-service-role/elasticbeanstalk.amazonaws.com/",
                    "assume_role_policy": {"Version": "2012-10-17", "Statement": []},
                    "description": "",
                    "max_session_duration": 3600,
                    "permissions_boundary": None,
                    "tags": {},
                },
            }
        )
    with_role = tmp_path / "live.json"
    with_role.write_text(json.dumps(live))
    role = ("unmanaged", "aws_iam_role", name)
    src = f"tfstate://{world.state}"
    plain = driftctl("scan", "--from", src, "--live", str(with_role), "-o", "json://stdout")
    strict = driftctl(
        "scan", "--from", src, "--live", str(with_role), "--strict", "-o", "json://stdout"
    )
    assert plain.code == strict.code == 1, strict.stderr
    assert role not in kinds(plain.json)
    assert role in kinds(strict.json)


def test_deep(world: World) -> None:
    plain = scan(world, "-o", "json://stdout")
    deep = scan(world, "--deep", "-o", "json://stdout")
    assert deep.code == 1 and deep.json == plain.json
    assert "--deep is how driftctl always works" in deep.stderr


def test_only_managed(world: World) -> None:
    run = scan(world, "--only-managed", "-o", "json://stdout")
    assert run.code == 1
    assert {k[0] for k in kinds(run.json)} == {"changed", "missing"}
    assert run.json["summary"]["unmanaged"] == 0


def test_only_unmanaged(world: World) -> None:
    run = scan(world, "--only-unmanaged", "-o", "json://stdout")
    assert kinds(run.json) == {SCRATCH}
    assert run.json["summary"]["changed"] == run.json["summary"]["missing"] == 0
    both = scan(world, "--only-managed", "--only-unmanaged")
    assert both.code == 2 and "exclude each other" in both.stderr


def test_driftignore(world: World, tmp_path: Path) -> None:
    path = tmp_path / "custom.driftignore"
    path.write_text("aws_s3_bucket.acme-demo-scratch\n")
    run = scan(world, "--driftignore", str(path), "-o", "json://stdout")
    assert SCRATCH not in kinds(run.json) and run.json["summary"]["ignored"] == 1


def test_ignore(world: World, tmp_path: Path) -> None:
    """snyk's --ignore: patterns instead of the file, in order, comma-separated or repeated."""
    (tmp_path / ".driftignore").write_text("aws_s3_bucket.acme-demo-raw\n")
    run = driftctl(
        "scan",
        "--from",
        f"tfstate://{world.state}",
        "--live",
        str(world.live),
        "--ignore",
        "*,!aws_s3_bucket*",
        "-o",
        "json://stdout",
        cwd=tmp_path,
    )
    curated = ("changed", "aws_s3_bucket_versioning", "acme-demo-curated")
    assert kinds(run.json) == {SCRATCH, RAW, curated}  # the file's line is not read
    run = scan(
        world,
        "--ignore",
        "*",
        "--ignore",
        "!aws_s3_bucket.acme-demo-scratch",
        "-o",
        "json://stdout",
    )
    assert kinds(run.json) == {SCRATCH}


def test_tf_provider_version(world: World) -> None:
    run = scan(world, "--tf-provider-version", "5.100.0")
    assert run.code == 1
    assert "--tf-provider-version 5.100.0 is not needed" in run.stderr
    bad = scan(world, "--tf-provider-version", "5.x")
    assert bad.code == 2 and "expected X.Y.Z" in bad.stderr


def test_tf_lockfile(world: World) -> None:
    run = scan(world, "--tf-lockfile", "infra/.terraform.lock.hcl")
    assert run.code == 1 and "--tf-lockfile infra/.terraform.lock.hcl is not needed" in run.stderr


def test_config_dir(world: World, tmp_path: Path) -> None:
    """driftctl's files under --config-dir: the HCL parse cache."""
    run = scan(world, "--config-dir", str(tmp_path), source=f"hcl://{world.stack}")
    assert run.code == 1, run.stderr
    assert list((tmp_path / ".driftctl" / "hcl").rglob("*")), "no parse cache written"


@pytest.mark.parametrize("flag", ["--azurerm-storage-account", "--azurerm-account-key"])
def test_azurerm_flags(world: World, flag: str) -> None:
    run = scan(world, flag, "x")
    assert run.code == 2
    assert f"{flag}: Terraform state in Azure Blob Storage" in run.stderr
    assert "terraform state pull" in run.stderr
