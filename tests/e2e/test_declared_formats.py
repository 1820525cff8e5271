"""The same stack declared five ways reports the same drift against moto's server.

Each format's stack is created with boto3 (with the tags its controller would add), scanned
in sync, changed out of band, and scanned again: every declaration must report exactly the
same drift kinds, types, ids and changed paths.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import boto3
import pytest

from driftctl.demo.emulator import FAKE_CREDENTIALS
from tests.e2e import fixture_stack
from tests.kit.cli import driftctl

STACK = Path(__file__).parents[1] / "fixtures" / "stack"
KEYS = ("vpc", "subnet-a", "subnet-b", "web", "db", "raw", "curated", "logs", "app", "audit", "ci")
# short name -> (Crossplane kind.group prefix, metadata.name) of its manifest
CROSSPLANE_NAMES = {
    "vpc": ("vpc.ec2", "demo-vpc"),
    "subnet-a": ("subnet.ec2", "demo-private-a"),
    "subnet-b": ("subnet.ec2", "demo-private-b"),
    "web": ("securitygroup.ec2", "demo-web"),
    "db": ("securitygroup.ec2", "demo-db"),
    "raw": ("bucket.s3", "acme-demo-raw"),
    "curated": ("bucket.s3", "acme-demo-curated"),
    "logs": ("bucket.s3", "logs"),
    "app": ("role.iam", "demo-app"),
    "audit": ("policy.iam", "demo-audit"),
    "ci": ("user.iam", "demo-ci"),
}
CROSSPLANE_TAGS = {
    key: {
        "crossplane-kind": f"{kind}.aws.upbound.io",
        "crossplane-name": name,
        "crossplane-providerconfig": "default",
    }
    for key, (kind, name) in CROSSPLANE_NAMES.items()
}
ACK_TAGS = {
    key: {"services.k8s.aws/namespace": "infra", "services.k8s.aws/controller-version": "v1.2.3"}
    for key in KEYS
}
FORMATS: dict[str, tuple[list[str], fixture_stack.Tags]] = {
    "hcl": ([f"hcl://{STACK / 'hcl'}"], {}),
    "crossplane": ([f"kustomize://{STACK / 'crossplane' / 'overlays' / 'demo'}"], CROSSPLANE_TAGS),
    "ack": ([f"kustomize://{STACK / 'ack' / 'overlays' / 'demo'}"], ACK_TAGS),
    "cloudformation": ([f"yaml://{STACK / 'cloudformation' / 'template.yaml'}"], {}),
    "driftctl-yaml": ([str(STACK / "driftctl.yaml")], {}),
}


def scan(endpoint: str, sources: list[str], *extra: str) -> tuple[int, dict[str, Any], str]:
    froms = [arg for source in sources for arg in ("--from", source)]
    run = driftctl(
        "scan", *froms, "--endpoint-url", endpoint, "--region", "us-east-1", "-o", "json://-",
        *extra,
    )  # fmt: skip
    assert run.code in (0, 1), run.stderr
    return run.code, json.loads(run.stdout), run.stderr


def drift_set(report: dict[str, Any], ids: dict[str, str]) -> set[tuple[Any, ...]]:
    names = {v: k for k, v in ids.items()}
    return {
        (
            d["kind"],
            d["type"],
            names.get(d["id"], d["id"]),
            tuple(c["path"] for c in d["changes"]),
        )
        for d in report["drifts"]
    }


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_reports_the_same_drift(endpoint: str, fmt: str) -> None:
    if fmt in ("crossplane", "ack") and not (shutil.which("kubectl") or shutil.which("kustomize")):
        pytest.skip("needs the real kubectl (or kustomize)")
    sources, tags = FORMATS[fmt]
    ids = fixture_stack.apply(endpoint, tags)
    code, report, stderr = scan(endpoint, sources)
    assert report["drifts"] == [], json.dumps(report["drifts"], indent=1)
    assert code == 0, stderr
    assert report["summary"]["managed"] == report["summary"]["declared"] == 19

    fixture_stack.drift(endpoint, ids, tags)
    code, report, _ = scan(endpoint, sources)
    assert code == 1
    assert drift_set(report, ids) == fixture_stack.EXPECTED_DRIFT
    summary = {k: report["summary"][k] for k in ("declared", "managed", "changed", "missing")}
    assert summary == {"declared": 19, "managed": 18, "changed": 3, "missing": 1}


def test_a_kustomize_source_names_the_manifest_file_of_each_drift(endpoint: str) -> None:
    if not (shutil.which("kubectl") or shutil.which("kustomize")):
        pytest.skip("needs the real kubectl (or kustomize)")
    sources, tags = FORMATS["crossplane"]
    ids = fixture_stack.apply(endpoint, tags)
    fixture_stack.drift(endpoint, ids, tags)
    _, report, _ = scan(endpoint, sources)
    ssh = next(d for d in report["drifts"] if d["type"] == "aws_security_group")
    assert ssh["address"] == "SecurityGroup/demo-web"
    assert ssh["source"]["file"] == "../../base/network.yaml"
    text = (STACK / "crossplane" / "base" / "network.yaml").read_text().splitlines()
    assert text[ssh["source"]["line"] - 1] == "apiVersion: ec2.aws.upbound.io/v1beta1"
    assert text[ssh["source"]["line"] + 2] == "  name: demo-web"


# -- Terraform state ----------------------------------------------------------------------


def _state(ids: dict[str, str], policy_arn: str) -> dict[str, Any]:
    from tests.declared.tfstate_fixture import stack_state

    return stack_state(ids, policy_arn)


def _hcl_with_state(tmp_path: Path, endpoint: str, ids: dict[str, str]) -> Path:
    """A copy of the HCL stack whose VPC Name tag was edited in the code (not applied yet),
    and the state of the last apply beside it."""
    work = tmp_path / "stack"
    shutil.copytree(STACK / "hcl", work)
    main_tf = work / "main.tf"
    main_tf.write_text(main_tf.read_text().replace('"${local.env}-vpc"', '"${local.env}-network"'))
    iam = boto3.client("iam", region_name="us-east-1", endpoint_url=endpoint, **_creds())
    arn = iam.list_policies(Scope="Local")["Policies"][0]["Arn"]
    (work / "terraform.tfstate").write_text(json.dumps(_state(ids, arn), indent=2))
    return work


def _creds() -> dict[str, str]:
    return {
        "aws_access_key_id": FAKE_CREDENTIALS["AWS_ACCESS_KEY_ID"],
        "aws_secret_access_key": FAKE_CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
    }


def test_state_supplies_the_ids_hcl_the_values(endpoint: str, tmp_path: Path) -> None:
    ids = fixture_stack.apply(endpoint)
    work = _hcl_with_state(tmp_path, endpoint, ids)
    # HCL alone: the VPC no longer matches by its natural key (cidr, Name tag)
    _, alone, _ = scan(endpoint, [f"hcl://{work}"])
    kinds = {(d["kind"], d["type"]) for d in alone["drifts"]}
    assert ("missing", "aws_vpc") in kinds
    # with the state, the VPC is known by its id: the renamed tag is a change of that VPC
    _, both, _ = scan(endpoint, [f"hcl://{work}", f"tfstate://{work / 'terraform.tfstate'}"])
    assert drift_set(both, ids) == {("changed", "aws_vpc", "vpc", ("tags.Name",))}
    vpc = both["drifts"][0]
    assert vpc["address"] == "aws_vpc.main"
    assert (vpc["changes"][0]["expected"], vpc["changes"][0]["actual"]) == (
        "demo-network",
        "demo-vpc",
    )


def test_state_alone_and_state_in_s3_declare_the_applied_stack(
    endpoint: str, tmp_path: Path
) -> None:
    ids = fixture_stack.apply(endpoint)
    work = _hcl_with_state(tmp_path, endpoint, ids)
    state_file = work / "terraform.tfstate"
    code, report, stderr = scan(endpoint, [f"tfstate://{state_file}"])
    assert report["drifts"] == [], json.dumps(report["drifts"], indent=1)
    assert code == 0, stderr
    # the 19 of the configuration, and the logs bucket's versioning (off), which state
    # records in the bucket's computed `versioning` block
    assert report["summary"]["managed"] == 20

    s3 = boto3.client("s3", region_name="us-east-1", endpoint_url=endpoint, **_creds())
    s3.create_bucket(Bucket="tf-state")
    s3.put_object(Bucket="tf-state", Key="demo/terraform.tfstate", Body=state_file.read_bytes())
    fixture_stack.drift(endpoint, ids)
    _, report, _ = scan(
        endpoint, [f"hcl://{STACK / 'hcl'}", "tfstate+s3://tf-state/demo/terraform.tfstate"]
    )
    found = drift_set(report, ids)
    assert found - fixture_stack.EXPECTED_DRIFT == {("unmanaged", "aws_s3_bucket", "tf-state", ())}
    assert found >= fixture_stack.EXPECTED_DRIFT
