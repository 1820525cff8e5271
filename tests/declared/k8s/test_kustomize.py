"""Kustomize output as declared state: Crossplane and ACK manifests built with the real
`kubectl kustomize`, references, identity, observe-only, and bad input."""

from __future__ import annotations

import dataclasses
import io
import shutil
import textwrap
from pathlib import Path

import pytest

from driftctl.aws.canonical import canonicalize
from driftctl.cli import main
from driftctl.core.model import Change, Drift, Ref, Unknown
from driftctl.declared.k8s.kustomize import from_text, load_kustomize
from driftctl.errors import DriftctlError
from driftctl.rules import policy as rules
from tests.paths import STACK

needs_kubectl = pytest.mark.skipif(
    shutil.which("kubectl") is None and shutil.which("kustomize") is None,
    reason="needs the real kubectl (or kustomize)",
)


def manifests(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def one(text: str, address: str):  # type: ignore[no-untyped-def]
    raw = from_text("test.yaml", manifests(text))
    found = [r for r in raw.resources if r.address == address]
    assert len(found) == 1, [r.address for r in raw.resources]
    return found[0]


# -- building ------------------------------------------------------------------------------


@needs_kubectl
def test_an_overlay_is_built_with_its_patches_and_names_the_base_files() -> None:
    raw = load_kustomize(str(STACK / "crossplane" / "overlays" / "demo"))
    vpc = next(r for r in raw.resources if r.address == "VPC/demo-vpc")
    assert vpc.attrs["enable_dns_hostnames"] is True  # the overlay's strategic-merge patch
    assert vpc.attrs["tags"]["Env"] == "demo"  # its JSON patch
    assert (vpc.source.file, vpc.source.line) == ("../../base/network.yaml", 2)
    assert raw.skipped == 2  # the Deployment and the ConfigMap
    assert "skipped 2 object(s) that declare no AWS resource" in raw.warnings


@needs_kubectl
def test_a_build_failure_shows_kustomizes_own_message_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "kustomization.yaml").write_text("resources:\n  - missing.yaml\n")
    code = main(["render", "--from", f"kustomize://{tmp_path}"])
    err = capsys.readouterr().err
    assert code == 2
    assert f"kustomize build {tmp_path} failed" in err
    assert "missing.yaml" in err  # kustomize's own words about what is wrong
    assert "Traceback" not in err


def test_a_missing_kustomize_binary_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "kustomization.yaml").write_text("resources: []\n")
    with pytest.raises(DriftctlError, match="cannot run /nonexistent/kustomize"):
        load_kustomize(str(tmp_path), "/nonexistent/kustomize")


@needs_kubectl
def test_a_rendered_file_and_stdin_read_the_same_as_the_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess

    overlay = STACK / "ack" / "overlays" / "demo"
    text = subprocess.run(
        ["kubectl", "kustomize", str(overlay)], capture_output=True, text=True, check=True
    ).stdout
    (tmp_path / "rendered.yaml").write_text(text)
    from_dir = canonicalize(load_kustomize(str(overlay)))
    from_file = canonicalize(load_kustomize(str(tmp_path / "rendered.yaml")))
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    from_stdin = canonicalize(load_kustomize("-"))

    def attrs(declared):  # type: ignore[no-untyped-def]
        return sorted((r.type, r.address, repr(r.attrs)) for r in declared.resources)

    assert attrs(from_dir) == attrs(from_file) == attrs(from_stdin)
    assert {r.source.file for r in from_file.resources} == {"rendered.yaml"}


# -- Crossplane ------------------------------------------------------------------------------


def test_v1beta1_lists_and_v1beta2_objects_are_the_same_blocks() -> None:
    text = """
        apiVersion: s3.aws.upbound.io/v1beta1
        kind: BucketServerSideEncryptionConfiguration
        metadata: {name: one}
        spec:
          forProvider:
            bucket: b1
            rule:
              - applyServerSideEncryptionByDefault:
                  - {sseAlgorithm: "aws:kms", kmsMasterKeyId: k}
                bucketKeyEnabled: true
        ---
        apiVersion: s3.aws.upbound.io/v1beta2
        kind: BucketServerSideEncryptionConfiguration
        metadata: {name: two}
        spec:
          forProvider:
            bucket: b1
            rule:
              - applyServerSideEncryptionByDefault: {sseAlgorithm: "aws:kms", kmsMasterKeyId: k}
                bucketKeyEnabled: true
    """
    declared = canonicalize(from_text("t.yaml", manifests(text)))
    rules_ = [r.attrs["rule"] for r in declared.resources]
    assert (
        rules_[0]
        == rules_[1]
        == {
            "sse_algorithm": "aws:kms",
            "kms_master_key_id": "k",
            "bucket_key_enabled": True,
        }
    )


def test_init_provider_values_are_not_compared() -> None:
    bucket = one(
        """
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: Subnet
        metadata: {name: s}
        spec:
          forProvider: {region: eu-west-1, vpcId: vpc-1, cidrBlock: 10.0.0.0/24}
          initProvider: {availabilityZone: eu-west-1a, mapPublicIpOnLaunch: true}
        """,
        "Subnet/s",
    )
    # create-time only: Unknown, so neither the value nor a Terraform default is compared
    assert isinstance(bucket.attrs["availability_zone"], Unknown)
    assert isinstance(bucket.attrs["map_public_ip_on_launch"], Unknown)
    assert bucket.region == "eu-west-1"
    assert "region" not in bucket.attrs


def test_external_name_is_the_explicit_id_or_the_name() -> None:
    text = """
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: VPC
        metadata:
          name: main
          annotations: {crossplane.io/external-name: vpc-0123}
        spec: {forProvider: {cidrBlock: 10.0.0.0/16}}
        ---
        apiVersion: s3.aws.upbound.io/v1beta1
        kind: Bucket
        metadata:
          name: logs
          annotations: {crossplane.io/external-name: acme-logs}
        spec: {forProvider: {}}
        ---
        apiVersion: iam.aws.upbound.io/v1beta1
        kind: Role
        metadata: {name: app}
        spec: {forProvider: {assumeRolePolicy: "{}"}}
    """
    raw = from_text("t.yaml", manifests(text))
    by = {r.address: r for r in raw.resources}
    assert by["VPC/main"].import_id == "vpc-0123"
    assert (by["Bucket/logs"].import_id, by["Bucket/logs"].attrs["bucket"]) == (
        "acme-logs",
        "acme-logs",
    )
    # without the annotation Crossplane uses metadata.name as the external name
    assert (by["Role/app"].import_id, by["Role/app"].attrs["name"]) == (None, "app")


def test_references_and_selectors_become_refs_to_kind_slash_name() -> None:
    text = """
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: VPC
        metadata: {name: main, labels: {net: main}}
        spec: {forProvider: {cidrBlock: 10.0.0.0/16}}
        ---
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: Subnet
        metadata: {name: by-ref}
        spec: {forProvider: {vpcIdRef: {name: main}, cidrBlock: 10.0.1.0/24}}
        ---
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: Subnet
        metadata: {name: by-selector}
        spec: {forProvider: {vpcIdSelector: {matchLabels: {net: main}}, cidrBlock: 10.0.2.0/24}}
        ---
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: Subnet
        metadata: {name: literal-wins}
        spec: {forProvider: {vpcId: vpc-9, vpcIdRef: {name: main}, cidrBlock: 10.0.3.0/24}}
        ---
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: Subnet
        metadata: {name: dangling}
        spec: {forProvider: {vpcIdRef: {name: elsewhere}, cidrBlock: 10.0.4.0/24}}
    """
    raw = from_text("t.yaml", manifests(text))
    by = {r.address: r.attrs["vpc_id"] for r in raw.resources if r.type == "aws_subnet"}
    assert by["Subnet/by-ref"] == by["Subnet/by-selector"] == Ref("VPC/main", ("id",))
    assert by["Subnet/literal-wins"] == "vpc-9"
    assert isinstance(by["Subnet/dangling"], Unknown)
    assert any("VPC/elsewhere" in w for w in raw.warnings)


def test_a_reference_to_a_split_resource_resolves_to_its_owner() -> None:
    """A Ref to `Bucket/raw` means the ACK bucket, not the versioning split out of it."""
    from driftctl.core.model import Resource
    from driftctl.engine.match import match
    from driftctl.resources.registry import TYPES

    text = """
        apiVersion: s3.services.k8s.aws/v1alpha1
        kind: Bucket
        metadata: {name: raw, annotations: {services.k8s.aws/read-only: "true"}}
        spec: {name: acme-raw, versioning: {status: Enabled}}
    """
    declared = canonicalize(from_text("t.yaml", manifests(text)))
    live = [
        Resource("aws_s3_bucket", "acme-raw", None, {"bucket": "acme-raw", "tags": {}}),
        Resource(
            "aws_s3_bucket_versioning",
            "acme-raw",
            None,
            {"bucket": "acme-raw", "versioning_configuration": {"status": "Enabled"}},
        ),
    ]
    owners = {r.type: r.address_type for r in declared.resources}
    assert owners["aws_s3_bucket_versioning"] == "aws_s3_bucket"
    result = match(TYPES, declared.resources, live)
    assert {d.type for d, _ in result.pairs} == {"aws_s3_bucket", "aws_s3_bucket_versioning"}
    assert [r.type for r in result.missing] == []


def test_crossplane_references_resolve_in_matching() -> None:
    from driftctl.core.model import Resource
    from driftctl.engine.match import match
    from driftctl.resources.registry import TYPES

    text = """
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: VPC
        metadata: {name: main}
        spec: {forProvider: {cidrBlock: 10.0.0.0/16, tags: {Name: main}}}
        ---
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: Subnet
        metadata: {name: a}
        spec: {forProvider: {vpcIdRef: {name: main}, cidrBlock: 10.0.1.0/24}}
    """
    declared = canonicalize(from_text("t.yaml", manifests(text)))
    live = [
        Resource("aws_vpc", "vpc-1", None, {"cidr_block": "10.0.0.0/16", "tags": {"Name": "main"}}),
        Resource("aws_subnet", "subnet-1", None, {"vpc_id": "vpc-1", "cidr_block": "10.0.1.0/24"}),
    ]
    result = match(TYPES, declared.resources, live)
    assert sorted(lv.id for _, lv in result.pairs) == ["subnet-1", "vpc-1"]
    subnet = next(d for d, _ in result.pairs if d.type == "aws_subnet")
    assert subnet.attrs["vpc_id"] == "vpc-1"


@pytest.mark.parametrize(
    ("policies", "observe_only"),
    [(None, False), (["*"], False), (["Observe"], True), (["Observe", "LateInitialize"], True)],
)
def test_management_policies_observe_is_compared_but_never_reverted(
    policies: list[str] | None, observe_only: bool
) -> None:
    extra = f"  managementPolicies: {policies}\n" if policies else ""
    text = (
        "apiVersion: iam.aws.upbound.io/v1beta1\nkind: User\nmetadata: {name: ci}\n"
        f"spec:\n{extra}  forProvider: {{path: /ci/}}\n"
    )
    declared = canonicalize(from_text("t.yaml", text))
    (user,) = declared.resources
    assert user.observe_only is observe_only
    assert user.attrs["path"] == "/ci/"  # compared either way
    if observe_only:  # nor does the provider tag what it only observes: tags undeclared
        assert isinstance(user.attrs["tags"], Unknown)
    else:
        assert "crossplane-name" in user.attrs["tags"]
    drift = Drift("changed", "aws_iam_user", "ci", "User/ci", None, (Change("path", "/ci/", "/"),))
    revert_all = rules.Policy((rules.Rule("fix-everything", rules.Match(), "revert", "high"),))
    decided = rules.decide(revert_all, dataclasses.replace(drift, observe_only=observe_only))
    assert decided[0].action == ("report" if observe_only else "revert")
    assert decided[0].rule == "fix-everything"


def test_crossplane_default_tags_are_declared_for_taggable_kinds() -> None:
    vpc = one(
        """
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: VPC
        metadata: {name: main}
        spec:
          providerConfigRef: {name: prod}
          forProvider: {cidrBlock: 10.0.0.0/16, tags: {Name: main}}
        """,
        "VPC/main",
    )
    assert vpc.attrs["tags"] == {
        "Name": "main",
        "crossplane-kind": "vpc.ec2.aws.upbound.io",
        "crossplane-name": "main",
        "crossplane-providerconfig": "prod",
    }


# -- ACK ----------------------------------------------------------------------------------


def test_ack_adoption_fields_give_the_explicit_id_and_read_only_is_observe_only() -> None:
    text = """
        apiVersion: ec2.services.k8s.aws/v1alpha1
        kind: VPC
        metadata:
          name: shared
          namespace: net
          annotations:
            services.k8s.aws/adoption-policy: adopt
            services.k8s.aws/adoption-fields: '{"vpcID": "vpc-0abc"}'
            services.k8s.aws/read-only: "true"
            services.k8s.aws/region: eu-west-1
        spec: {cidrBlocks: [10.1.0.0/16]}
    """
    vpc = one(text, "VPC/shared")
    assert (vpc.import_id, vpc.observe_only, vpc.region) == ("vpc-0abc", True, "eu-west-1")
    assert vpc.attrs["cidr_block"] == "10.1.0.0/16"


def test_ack_bucket_blocks_are_split_like_terraforms_inline_blocks() -> None:
    text = """
        apiVersion: s3.services.k8s.aws/v1alpha1
        kind: Bucket
        metadata: {name: b, namespace: team-a}
        spec:
          name: acme-b
          versioning: {status: Suspended}
          publicAccessBlock: {blockPublicACLs: true}
          tagging: {tagSet: [{key: Owner, value: team-a}]}
    """
    declared = canonicalize(from_text("t.yaml", manifests(text)))
    by = {r.type: r for r in declared.resources}
    assert set(by) == {
        "aws_s3_bucket",
        "aws_s3_bucket_versioning",
        "aws_s3_bucket_public_access_block",
    }
    assert by["aws_s3_bucket_versioning"].attrs["versioning_configuration"] == {
        "status": "Suspended"
    }
    assert by["aws_s3_bucket_public_access_block"].attrs["block_public_acls"] is True
    tags = by["aws_s3_bucket"].attrs["tags"]
    assert tags["Owner"] == "team-a"
    assert tags["services.k8s.aws/namespace"] == "team-a"
    assert isinstance(tags["services.k8s.aws/controller-version"], Unknown)  # never drift


# -- bad input -------------------------------------------------------------------------------


def test_an_unknown_aws_kind_is_listed_as_unsupported_and_counted() -> None:
    text = """
        apiVersion: glue.aws.upbound.io/v1beta1
        kind: Trigger
        metadata: {name: web-1}
        spec: {forProvider: {roleArn: arn:aws:iam::1:role/r}}
        ---
        apiVersion: glue.aws.upbound.io/v1beta1
        kind: Trigger
        metadata: {name: web-2}
        spec: {forProvider: {roleArn: arn:aws:iam::1:role/r}}
        ---
        apiVersion: mq.services.k8s.aws/v1alpha1
        kind: Broker
        metadata: {name: db}
        spec: {}
        ---
        apiVersion: v1
        kind: Service
        metadata: {name: web}
    """
    raw = from_text("t.yaml", manifests(text))
    assert raw.resources == []
    assert raw.unsupported == {
        "glue.aws.upbound.io/v1beta1 Trigger": 2,
        "mq.services.k8s.aws/v1alpha1 Broker": 1,
    }
    assert raw.skipped == 1
    assert (
        "2 glue.aws.upbound.io/v1beta1 Trigger not compared (a kind driftctl does not read yet): "
        "web-1, web-2" in raw.warnings
    )
    assert canonicalize(raw).unsupported == raw.unsupported


def test_malformed_yaml_names_the_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "rendered.yaml"
    bad.write_text("apiVersion: v1\nkind: ConfigMap\n---\nmetadata:\n  name: [unclosed\n")
    with pytest.raises(DriftctlError, match=r"^rendered\.yaml:5: invalid YAML"):
        load_kustomize(str(bad))


def test_a_document_that_is_no_kubernetes_object_is_an_error() -> None:
    with pytest.raises(DriftctlError, match=r"t\.yaml:4: not a Kubernetes object"):
        from_text("t.yaml", "apiVersion: v1\nkind: ConfigMap\n---\njust: data\n")


def test_the_same_kind_and_name_twice_is_an_error() -> None:
    text = """
        apiVersion: s3.aws.upbound.io/v1beta1
        kind: Bucket
        metadata: {name: logs}
        ---
        apiVersion: s3.services.k8s.aws/v1alpha1
        kind: Bucket
        metadata: {name: logs}
        spec: {name: logs}
    """
    with pytest.raises(DriftctlError, match="Bucket/logs is declared twice"):
        from_text("t.yaml", manifests(text))
