"""Crossplane and ACK declared state as the diff sees it: `spec.initProvider` values are
create-time only, observe-only resources compare only what their manifest sets, and each
kind's external name binds the id (or natural key) upjet says it is."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from driftctl import settings
from driftctl.aws.canonical import Declared
from driftctl.aws.scanner import LiveState
from driftctl.core.model import Resource, Unknown
from driftctl.engine.pipeline import build_report, load_declared

VPC_LIVE = {
    "cidr_block": "10.9.0.0/16",
    "instance_tenancy": "dedicated",
    "enable_dns_support": True,
    "enable_dns_hostnames": True,
    "is_default": False,
}
XP_TAGS = {"crossplane-kind": "vpc.ec2.aws.upbound.io", "crossplane-providerconfig": "default"}


def declared(tmp_path: Path, text: str) -> Declared:
    path = tmp_path / "manifests.yaml"
    path.write_text(textwrap.dedent(text).lstrip("\n"))
    return load_declared(settings.build(settings.Options(sources=[f"kustomize://{path}"])))


def changes(dec: Declared, *live: Resource) -> dict[str, list[tuple[str, Any, Any]]]:
    """address -> [(path, expected, actual)] of each changed resource; asserts all matched."""
    report = build_report(dec, LiveState(list(live), [], set()))
    assert [d.kind for d in report.drifts if d.kind != "changed"] == []
    return {
        str(d.address): [(c.path, c.expected, c.actual) for c in d.changes] for d in report.drifts
    }


def vpc(vpc_id: str, tags: dict[str, str], **attrs: Any) -> Resource:
    return Resource("aws_vpc", vpc_id, None, {**VPC_LIVE, "tags": tags, **attrs})


# -- spec.initProvider -----------------------------------------------------------------------


def test_init_provider_values_are_not_compared_nor_replaced_by_defaults(tmp_path: Path) -> None:
    dec = declared(
        tmp_path,
        """
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: VPC
        metadata: {name: ded}
        spec:
          forProvider:
            region: us-east-1
            cidrBlock: 10.9.0.0/16
            enableDnsHostnames: true
            tags: {Name: ded}
          initProvider:
            instanceTenancy: dedicated
            enableDnsSupport: false
            tags: {Team: infra}
        """,
    )
    (res,) = dec.resources
    assert res.attrs["instance_tenancy"] == Unknown("create-time only (spec.initProvider)")
    assert isinstance(res.attrs["tags"]["Team"], Unknown)
    tags = {"Name": "ded", "crossplane-name": "ded", **XP_TAGS}
    # Crossplane never compares initProvider after creation: whatever AWS has now is fine
    live = vpc("vpc-1", {**tags, "Team": "platform"}, enable_dns_support=True)
    assert changes(dec, live) == {}
    # forProvider is still compared, and tags the manifest sets nowhere are still drift
    live = vpc("vpc-1", {**tags, "Team": "x", "Owner": "me"}, enable_dns_hostnames=False)
    assert changes(dec, live) == {
        "VPC/ded": [("enable_dns_hostnames", True, False), ("tags.Owner", None, "me")]
    }


def test_for_provider_wins_over_init_provider(tmp_path: Path) -> None:
    dec = declared(
        tmp_path,
        """
        apiVersion: iam.aws.upbound.io/v1beta1
        kind: Role
        metadata: {name: app}
        spec:
          forProvider:
            assumeRolePolicy: '{"Version": "2012-10-17", "Statement": []}'
            maxSessionDuration: 7200
            tags: {Team: infra}
          initProvider: {maxSessionDuration: 3600, path: /app/, tags: {Team: other}}
        """,
    )
    (role,) = dec.resources
    assert role.attrs["max_session_duration"] == 7200
    assert role.attrs["tags"]["Team"] == "infra"
    assert isinstance(role.attrs["path"], Unknown)  # not the default "/"


# -- managementPolicies: ["Observe"], ACK read-only ------------------------------------------


def test_an_observe_only_resource_compares_only_what_its_manifest_sets(tmp_path: Path) -> None:
    dec = declared(
        tmp_path,
        """
        apiVersion: ec2.aws.upbound.io/v1beta2
        kind: VPC
        metadata:
          name: shared
          annotations: {crossplane.io/external-name: vpc-1}
        spec:
          managementPolicies: ["Observe"]
          forProvider: {region: us-east-1}
        ---
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: VPC
        metadata:
          name: tagged
          annotations: {crossplane.io/external-name: vpc-2}
        spec:
          managementPolicies: ["Observe", "LateInitialize"]
          forProvider: {region: us-east-1, enableDnsHostnames: false, tags: {Name: tagged}}
        ---
        apiVersion: ec2.services.k8s.aws/v1alpha1
        kind: VPC
        metadata:
          name: adopted
          annotations:
            services.k8s.aws/adoption-policy: adopt
            services.k8s.aws/adoption-fields: '{"vpcID": "vpc-3"}'
            services.k8s.aws/read-only: "true"
        spec: {cidrBlocks: [10.9.0.0/16]}
        """,
    )
    by = {r.address: r for r in dec.resources}
    assert all(r.observe_only for r in by.values())
    assert isinstance(by["VPC/shared"].attrs["enable_dns_hostnames"], Unknown)
    assert isinstance(by["VPC/shared"].attrs["tags"], Unknown)  # no defaults, no tags
    live = [
        vpc("vpc-1", {"Name": "shared", "Owner": "net-team"}),
        vpc("vpc-2", {"Name": "tagged"}),
        vpc("vpc-3", {"Name": "adopted"}),
    ]
    assert changes(dec, *live) == {"VPC/tagged": [("enable_dns_hostnames", False, True)]}
    # what is not compared is counted, never guessed: shared's 3 settings and tags, tagged's
    # 2 settings, adopted's 3 settings and tags
    assert build_report(dec, LiveState(live, [], set())).summary["unknown"] == 4 + 2 + 4
    # tags a manifest does declare are compared, whole
    live[1] = vpc("vpc-2", {"Name": "tagged", "Extra": "x"}, enable_dns_hostnames=False)
    assert changes(dec, *live) == {"VPC/tagged": [("tags.Extra", None, "x")]}


def test_a_managed_resource_still_gets_terraforms_defaults(tmp_path: Path) -> None:
    dec = declared(
        tmp_path,
        """
        apiVersion: ec2.aws.upbound.io/v1beta1
        kind: VPC
        metadata:
          name: main
          annotations: {crossplane.io/external-name: vpc-1}
        spec: {forProvider: {region: us-east-1, cidrBlock: 10.9.0.0/16}}
        """,
    )
    tags = {"crossplane-name": "main", **XP_TAGS}
    assert changes(dec, vpc("vpc-1", tags)) == {
        "VPC/main": [
            ("enable_dns_hostnames", False, True),
            ("instance_tenancy", "default", "dedicated"),
        ]
    }


# -- crossplane.io/external-name -------------------------------------------------------------

ARN = "arn:aws:iam::123456789012:policy/audit-x"


@pytest.mark.parametrize(
    ("kind", "external", "spec", "expected"),
    [
        ("s3.aws.upbound.io/v1beta1 Bucket", "acme-logs", "{}", ("acme-logs", "bucket")),
        (
            "iam.aws.upbound.io/v1beta1 Role",
            "app-role",
            "{assumeRolePolicy: '{}'}",
            ("app-role", "name"),
        ),
        ("iam.aws.upbound.io/v1beta1 User", "ci-user", "{}", ("ci-user", "name")),
        # upjet: a policy's external name is its name; its Terraform id is the ARN
        ("iam.aws.upbound.io/v1beta1 Policy", "audit-x", "{policy: '{}'}", (None, "name")),
        ("iam.aws.upbound.io/v1beta1 Policy", ARN, "{policy: '{}'}", (ARN, "name")),
        # `role:name`, derived once the role is known
        (
            "iam.aws.upbound.io/v1beta1 RolePolicy",
            "inline",
            "{role: app, policy: '{}'}",
            ("app:inline", "name"),
        ),
        (
            "ec2.aws.upbound.io/v1beta1 VPC",
            "vpc-0123",
            "{cidrBlock: 10.0.0.0/16}",
            ("vpc-0123", None),
        ),
        ("ec2.aws.upbound.io/v1beta1 Subnet", "subnet-9", "{vpcId: vpc-1}", ("subnet-9", None)),
        ("ec2.aws.upbound.io/v1beta1 SecurityGroup", "sg-7", "{vpcId: vpc-1}", ("sg-7", None)),
        ("ec2.aws.upbound.io/v1beta1 VPC", "main", "{cidrBlock: 10.0.0.0/16}", (None, None)),
    ],
)
def test_the_external_name_is_what_upjet_says_it_is(
    tmp_path: Path, kind: str, external: str, spec: str, expected: tuple[str | None, str | None]
) -> None:
    api_version, kind_name = kind.split()
    dec = declared(
        tmp_path,
        f"""
        apiVersion: {api_version}
        kind: {kind_name}
        metadata:
          name: obj
          annotations: {{crossplane.io/external-name: "{external}"}}
        spec: {{forProvider: {spec}}}
        """,
    )
    (res,) = dec.resources
    expected_id, name_attr = expected
    assert res.id == expected_id
    if name_attr is not None:
        assert res.attrs[name_attr] == external.rsplit("/", 1)[-1]


def test_a_policy_is_matched_by_the_name_its_external_name_gives(tmp_path: Path) -> None:
    dec = declared(
        tmp_path,
        """
        apiVersion: iam.aws.upbound.io/v1beta1
        kind: Policy
        metadata:
          name: audit
          annotations: {crossplane.io/external-name: audit-x}
        spec:
          managementPolicies: ["Observe"]
          forProvider: {policy: '{"Version": "2012-10-17", "Statement": []}'}
        """,
    )
    document = {"Version": "2012-10-17", "Statement": []}
    live = Resource(
        "aws_iam_policy",
        ARN,
        None,
        {"name": "audit-x", "path": "/", "description": "", "policy": document, "tags": {}},
    )
    report = build_report(dec, LiveState([live], [], set()))
    assert report.summary["managed"] == 1
    assert report.drifts == ()
