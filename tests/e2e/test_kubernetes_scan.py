"""Crossplane and ACK manifests scanned against moto's server: create-time-only values,
observe-only resources and external names report no false drift, and still find real drift."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import boto3

from tests.kit.cli import driftctl

XP_TAGS = {"crossplane-providerconfig": "default"}


def _scan(endpoint: str, manifest: Path) -> tuple[int, dict[str, Any]]:
    run = driftctl(
        "scan", "--from", f"kustomize://{manifest}", "--endpoint-url", endpoint,
        "--region", "us-east-1", "-o", "json://-",
    )  # fmt: skip
    assert run.code in (0, 1), run.stderr
    return run.code, json.loads(run.stdout)


def _tags(tags: dict[str, str]) -> list[dict[str, str]]:
    return [{"Key": k, "Value": v} for k, v in tags.items()]


def _managed(report: dict[str, Any]) -> list[tuple[str, str]]:
    return sorted((d["type"], d["id"]) for d in report["drifts"] if d["kind"] != "unmanaged")


def test_crossplane_init_provider_observe_only_and_policy_external_name(
    endpoint: str, tmp_path: Path
) -> None:
    ec2 = boto3.client("ec2", endpoint_url=endpoint, region_name="us-east-1")
    iam = boto3.client("iam", endpoint_url=endpoint, region_name="us-east-1")
    dedicated = ec2.create_vpc(
        CidrBlock="10.9.0.0/16",
        InstanceTenancy="dedicated",
        TagSpecifications=[
            {
                "ResourceType": "vpc",
                "Tags": _tags(
                    {
                        "Name": "ded",
                        "crossplane-kind": "vpc.ec2.aws.upbound.io",
                        "crossplane-name": "ded",
                        **XP_TAGS,
                    }
                ),
            }
        ],
    )["Vpc"]["VpcId"]
    observed = ec2.create_vpc(
        CidrBlock="10.8.0.0/16",
        TagSpecifications=[{"ResourceType": "vpc", "Tags": _tags({"Name": "shared"})}],
    )["Vpc"]["VpcId"]
    ec2.modify_vpc_attribute(VpcId=observed, EnableDnsHostnames={"Value": True})
    document = {
        "Version": "2012-10-17",
        "Statement": [{"Effect": "Allow", "Action": "s3:ListBucket", "Resource": "*"}],
    }
    arn = iam.create_policy(
        PolicyName="audit-x",
        PolicyDocument=json.dumps(document),
        Tags=_tags(
            {"crossplane-kind": "policy.iam.aws.upbound.io", "crossplane-name": "audit", **XP_TAGS}
        ),
    )["Policy"]["Arn"]
    manifest = tmp_path / "xp.yaml"
    manifest.write_text(
        textwrap.dedent(
            f"""\
            apiVersion: ec2.aws.upbound.io/v1beta1
            kind: VPC
            metadata: {{name: ded}}
            spec:
              forProvider: {{region: us-east-1, cidrBlock: 10.9.0.0/16, tags: {{Name: ded}}}}
              initProvider: {{instanceTenancy: dedicated}}
            ---
            apiVersion: ec2.aws.upbound.io/v1beta2
            kind: VPC
            metadata:
              name: shared
              annotations: {{crossplane.io/external-name: {observed}}}
            spec:
              managementPolicies: ["Observe"]
              forProvider: {{region: us-east-1}}
            ---
            apiVersion: iam.aws.upbound.io/v1beta1
            kind: Policy
            metadata:
              name: audit
              annotations: {{crossplane.io/external-name: audit-x}}
            spec:
              forProvider:
                policy: '{json.dumps(document)}'
            """
        )
    )
    code, report = _scan(endpoint, manifest)
    assert _managed(report) == [], json.dumps(report["drifts"], indent=1)
    assert code == 0
    assert report["summary"]["managed"] == report["summary"]["declared"] == 3

    # real drift is still found: a tag the VPC does not declare, the policy's document; the
    # observe-only VPC declares no tags, so its tags are not compared
    ec2.create_tags(Resources=[dedicated, observed], Tags=_tags({"Owner": "someone"}))
    document["Statement"][0]["Action"] = "s3:*"
    iam.create_policy_version(PolicyArn=arn, PolicyDocument=json.dumps(document), SetAsDefault=True)
    code, report = _scan(endpoint, manifest)
    assert code == 1
    changed = {(d["type"], d["id"]): [c["path"] for c in d["changes"]] for d in report["drifts"]}
    assert changed[("aws_vpc", dedicated)] == ["tags.Owner"]
    assert [p for p in changed[("aws_iam_policy", arn)] if p.startswith("policy")]
    assert ("aws_vpc", observed) not in changed
