"""snyk driftctl's state sources, in their snyk form (items 39-45 of
docs/migrating-from-snyk.md): local files, directories and globs, S3, HTTP(S) with headers,
Terraform Cloud, the backend block found with no --from, and the clear errors for the
backends driftctl does not read. Servers are local (servers.py), started by each test."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import boto3

from tests.kit.cli import Run, driftctl
from tests.migration.servers import self_signed, serve, tfc_routes
from tests.migration.world import World, kinds

EXPECTED = {
    ("changed", "aws_s3_bucket", "acme-demo-raw"),
    ("changed", "aws_s3_bucket_versioning", "acme-demo-curated"),
    ("missing", "aws_iam_role_policy", "demo-app:read-data"),
    ("unmanaged", "aws_s3_bucket", "acme-demo-scratch"),
}


def scan(
    world: World, *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> Run:
    return driftctl(
        "scan",
        "--live",
        str(world.live),
        "--endpoint-url",
        world.endpoint,
        "--region",
        "us-east-1",
        "-o",
        "json://stdout",
        *args,
        cwd=cwd,
        add_env=env,
    )


def drifted(run: Run) -> set[tuple[str, str, str]]:
    assert run.code == 1, run.stderr
    found = kinds(run.json)
    assert any(k[1] == "aws_security_group" and k[0] == "changed" for k in found), found
    return {k for k in found if k[1] != "aws_security_group"}


def test_tfstate(world: World, tmp_path: Path) -> None:
    """tfstate://FILE, tfstate://DIR (every **/*.tfstate below it) and globs."""
    states = tmp_path / "states"
    (states / "prod" / "network").mkdir(parents=True)
    data = json.loads(world.state.read_text())
    network = [
        r
        for r in data["resources"]
        if r["type"].startswith(("aws_vpc", "aws_subnet", "aws_security"))
    ]
    rest = [r for r in data["resources"] if r not in network]
    (states / "prod" / "network" / "net.tfstate").write_text(
        json.dumps({**data, "resources": network})
    )
    (states / "prod" / "terraform.tfstate").write_text(json.dumps({**data, "resources": rest}))
    (states / "prod" / "terraform.tfstate.backup").write_text("not read")
    (states / ".terraform").mkdir()
    (states / ".terraform" / "terraform.tfstate").write_text('{"version": 3, "backend": {}}')
    single = drifted(scan(world, "--from", f"tfstate://{world.state}"))
    assert single == EXPECTED
    assert drifted(scan(world, "--from", f"tfstate://{states}")) == EXPECTED
    assert drifted(scan(world, "--from", f"tfstate://{states}/**/*.tfstate")) == EXPECTED
    only_network = scan(world, "--from", f"tfstate://{states}/prod/network/*.tfstate")
    assert ("unmanaged", "aws_s3_bucket", "acme-demo-raw") in kinds(only_network.json)
    none = scan(world, "--from", f"tfstate://{states}/*.json")
    assert none.code == 2 and "no Terraform state found" in none.stderr


def test_tfstate_s3(world: World) -> None:
    s3 = boto3.client("s3", region_name="us-east-1", endpoint_url=world.endpoint)
    s3.create_bucket(Bucket="tf-state")
    s3.put_object(Bucket="tf-state", Key="demo/terraform.tfstate", Body=world.state.read_bytes())
    assert (
        drifted(scan(world, "--from", "tfstate+s3://tf-state/demo/terraform.tfstate")) == EXPECTED
    )


def test_tfstate_s3_glob(world: World) -> None:
    """tfstate+s3://BUCKET/**/*.tfstate, as snyk took it: every matching key is read (here
    the state split in two keys, which together declare it all); keys that do not match
    are not read (a damaged one would fail the scan)."""
    s3 = boto3.client("s3", region_name="us-east-1", endpoint_url=world.endpoint)
    s3.create_bucket(Bucket="tf-globbed")
    state = json.loads(world.state.read_text())
    buckets = [r for r in state["resources"] if r["type"].startswith("aws_s3_")]
    others = [r for r in state["resources"] if not r["type"].startswith("aws_s3_")]
    assert buckets and others
    for key, part in (
        ("envs/a/terraform.tfstate", buckets),
        ("envs/b/deep/terraform.tfstate", others),
    ):
        body = json.dumps({**state, "resources": part})
        s3.put_object(Bucket="tf-globbed", Key=key, Body=body.encode())
    for other in ("envs/a/notes.txt", "other/terraform.tfstate", "envs/a/terraform.tfstate.bak"):
        s3.put_object(Bucket="tf-globbed", Key=other, Body=b"not a state")
    run = scan(world, "--from", "tfstate+s3://tf-globbed/envs/**/*.tfstate")
    assert drifted(run) == EXPECTED, run.stderr
    none = scan(world, "--from", "tfstate+s3://tf-globbed/nowhere/**/*.tfstate")
    assert none.code == 2 and "no Terraform state found" in none.stderr, none.stderr
    assert "Traceback" not in none.stderr


def test_tfstate_http(world: World) -> None:
    """tfstate+http:// with -H headers (a Terraform http backend, an artifact server)."""
    routes = {"/state/prod.tfstate": ("Bearer s3cret", world.state.read_bytes())}
    with serve(routes) as server:
        url = f"tfstate+{server.base}/state/prod.tfstate"
        ok = scan(world, "--from", url, "-H", "Authorization=Bearer s3cret")
        denied = scan(world, "--from", url)
        env = scan(world, "--from", url, env={"DCTL_HEADERS": "Authorization=Bearer s3cret"})
        basic = scan(world, "--from", url.replace("://", "://user:pw@"))
    assert drifted(ok) == EXPECTED and drifted(env) == EXPECTED
    assert denied.code == 2 and "HTTP 401" in denied.stderr and "-H" in denied.stderr
    assert basic.code == 2 and ("/state/prod.tfstate", "Basic dXNlcjpwdw==") in server.requests
    assert "s3cret" not in denied.stderr + ok.stderr and "pw@" not in basic.stderr


def test_tfstate_https(world: World, tmp_path: Path) -> None:
    """https with a certificate made here: trusted through SSL_CERT_FILE, refused without."""
    tls = self_signed(tmp_path)
    with serve({"/prod.tfstate": (None, world.state.read_bytes())}, tls=tls) as server:
        url = f"tfstate+{server.base}/prod.tfstate"
        trusted = scan(world, "--from", url, env={"SSL_CERT_FILE": str(tls / "cert.pem")})
        untrusted = scan(world, "--from", url)
    assert drifted(trusted) == EXPECTED
    assert untrusted.code == 2
    assert "certificate" in untrusted.stderr and "SSL_CERT_FILE" in untrusted.stderr


def test_tfstate_tfcloud(world: World, tmp_path: Path) -> None:
    """--from tfstate+tfcloud://ORG/WORKSPACE or ws-ID, with --tfc-token and --tfc-endpoint,
    against Terraform Cloud's API paths."""
    routes: dict[str, tuple[str | None, bytes]] = {}
    with serve(routes) as server:
        routes.update(tfc_routes(world.state.read_bytes(), "tfc-t0ken", server.base))
        endpoint = f"{server.base}/api/v2"
        by_name = scan(
            world,
            "--from",
            "tfstate+tfcloud://acme/prod",
            "--tfc-token",
            "tfc-t0ken",
            "--tfc-endpoint",
            endpoint,
        )
        asked = list(server.requests)
        by_id = scan(
            world,
            "--from",
            "tfstate+tfcloud://ws-abc123",
            "--tfc-endpoint",
            endpoint,
            env={"DCTL_TFC_TOKEN": "tfc-t0ken"},
        )
        wrong = scan(
            world,
            "--from",
            "tfstate+tfcloud://acme/prod",
            "--tfc-token",
            "nope",
            "--tfc-endpoint",
            endpoint,
        )
        missing = scan(
            world,
            "--from",
            "tfstate+tfcloud://acme/staging",
            "--tfc-token",
            "tfc-t0ken",
            "--tfc-endpoint",
            endpoint,
        )
        none = scan(
            world,
            "--from",
            "tfstate+tfcloud://ws-abc123",
            "--tfc-endpoint",
            endpoint,
            env={"HOME": str(tmp_path), "TF_CLI_CONFIG_DIR": str(tmp_path)},
        )
    assert drifted(by_name) == EXPECTED and drifted(by_id) == EXPECTED
    assert [p for p, _ in asked] == [
        "/api/v2/organizations/acme/workspaces/prod",
        "/api/v2/workspaces/ws-abc123/current-state-version",
        "/archivist/v1/object/sv-1",
    ]
    assert all(auth == "Bearer tfc-t0ken" for _, auth in asked)
    assert wrong.code == 2 and "HTTP 401" in wrong.stderr and "--tfc-token" in wrong.stderr
    assert missing.code == 2 and "HTTP 404" in missing.stderr
    assert none.code == 2 and "no Terraform Cloud API token" in none.stderr
    assert "tfc-t0ken" not in wrong.stderr + missing.stderr + none.stderr


def test_tfstate_gs(world: World) -> None:
    run = scan(world, "--from", "tfstate+gs://bucket/prod.tfstate")
    assert run.code == 2
    assert "Google Cloud Storage (tfstate+gs://) is not supported" in run.stderr
    assert "terraform state pull" in run.stderr


def test_tfstate_azurerm(world: World) -> None:
    run = scan(world, "--from", "tfstate+azurerm://container/prod.tfstate")
    assert run.code == 2
    assert "Azure Blob Storage (tfstate+azurerm://) is not supported" in run.stderr


BACKEND = """terraform {
  backend "s3" {
    key    = "demo/terraform.tfstate"
    region = "us-east-1"
  }
}
"""


def renamed_stack(world: World, tmp_path: Path) -> Path:
    """The stack's HCL with the VPC's Name tag edited in code (not applied): matched by its
    natural key the VPC is missing; known by its id from state, its tag changed."""
    work = tmp_path / "infra"
    shutil.copytree(world.stack, work)
    (work / "terraform.tfstate").unlink()
    main = work / "main.tf"
    main.write_text(main.read_text().replace('"${local.env}-vpc"', '"${local.env}-network"'))
    return work


def test_no_from_reads_the_backend_block(world: World, tmp_path: Path) -> None:
    """No --from: the configuration here, and the state its backend block names (snyk read
    the backend too), completed by --backend-config as terraform init takes it."""
    s3 = boto3.client("s3", region_name="us-east-1", endpoint_url=world.endpoint)
    s3.create_bucket(Bucket="tf-backend")
    s3.put_object(Bucket="tf-backend", Key="demo/terraform.tfstate", Body=world.state.read_bytes())
    staging = json.loads(world.state.read_text())
    s3.put_object(
        Bucket="tf-backend",
        Key="env:/staging/demo/terraform.tfstate",
        Body=json.dumps({**staging, "resources": []}).encode(),
    )
    work = renamed_stack(world, tmp_path)
    alone = scan(world, cwd=work)
    assert ("missing", "aws_vpc", "aws_vpc.main") in kinds(alone.json)
    (work / "backend.tf").write_text(BACKEND)
    (tmp_path / "prod.s3.tfbackend").write_text('bucket = "tf-backend"\n')
    partial = scan(world, cwd=work)
    assert partial.code == 2 and "no bucket or key" in partial.stderr
    assert "--backend-config" in partial.stderr
    run = scan(world, "--backend-config", str(tmp_path / "prod.s3.tfbackend"), cwd=work)
    assert run.code == 1, run.stderr
    vpc = [d for d in run.json["drifts"] if d["type"] == "aws_vpc"]
    assert [(d["kind"], d["id"], d["changes"][0]["path"]) for d in vpc] == [
        ("changed", world.ids["vpc"], "tags.Name")
    ]
    assert (
        "reading the Terraform state s3://tf-backend/demo/terraform.tfstate of backend.tf:2"
        in run.stderr
    )
    other = scan(
        world, "--backend-config", "bucket=tf-backend", cwd=work, env={"TF_WORKSPACE": "staging"}
    )
    assert "s3://tf-backend/env:/staging/demo/terraform.tfstate" in other.stderr
    assert ("missing", "aws_vpc", "aws_vpc.main") in kinds(other.json)  # that state is empty


def test_no_from_local_backend_and_a_directory_of_state_only(world: World, tmp_path: Path) -> None:
    work = renamed_stack(world, tmp_path)
    (work / "backend.tf").write_text(
        'terraform {\n  backend "local" {\n    path = "state/prod.tfstate"\n  }\n}\n'
    )
    (work / "state").mkdir()
    shutil.copy(world.state, work / "state" / "prod.tfstate")
    run = scan(world, cwd=work)
    vpc = [d for d in run.json["drifts"] if d["type"] == "aws_vpc"]
    assert [(d["kind"], d["id"]) for d in vpc] == [("changed", world.ids["vpc"])], run.stderr
    only_state = tmp_path / "pulled"
    only_state.mkdir()
    shutil.copy(world.state, only_state / "terraform.tfstate")
    assert drifted(scan(world, cwd=only_state)) == EXPECTED
    (work / "backend.tf").write_text('terraform {\n  backend "gcs" {\n    bucket = "b"\n  }\n}\n')
    gcs = scan(world, cwd=work)
    assert gcs.code == 1 and "Terraform state in gcs is not supported" in gcs.stderr
