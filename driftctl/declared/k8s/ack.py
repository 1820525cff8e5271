"""AWS Controllers for Kubernetes (ACK) kinds onto Terraform's shape.

ACK's specs follow the AWS API (`cidrBlocks`, `ingressRules[].ipRanges[].cidrIP`,
`tagging.tagSet`), so each kind is mapped field by field. An S3 bucket carries its
versioning, encryption, public access block and policy inline; they are split into
Terraform's separate types, as an inline aws_s3_bucket block is.

Identity: the bucket, role, policy and user name is `spec.name`; VPCs, subnets and
security groups are identified by the ids in `services.k8s.aws/adoption-fields` when the
manifest adopts an existing resource (`services.k8s.aws/adoption-policy: adopt`).
`services.k8s.aws/read-only: "true"` is observe-only: only what the manifest sets is
compared (k8s.observe_only_attrs), tags included. The controller tags what it
manages with services.k8s.aws/controller-version (its version: unknown here, never
drift) and services.k8s.aws/namespace.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from driftctl.declared.k8s.manifest import ACK, Manifest, References, observe_only_attrs, tag_list
from driftctl.declared.raw import RawResource
from driftctl.model import Unknown

ADOPTION_POLICY = "services.k8s.aws/adoption-policy"
ADOPTION_FIELDS = "services.k8s.aws/adoption-fields"
READ_ONLY = "services.k8s.aws/read-only"
REGION = "services.k8s.aws/region"


class _Ctx:
    """One manifest being mapped: its spec, references, and what every resource shares."""

    def __init__(self, m: Manifest, refs: References) -> None:
        self.m, self.refs, self.spec = m, refs, m.spec
        self.observe_only = m.annotations.get(READ_ONLY) == "true"
        adopt = m.annotations.get(ADOPTION_POLICY)
        self.adopt_ids = adopt == "adopt"  # adopt-or-create may create: its ids may differ
        try:
            fields = json.loads(m.annotations.get(ADOPTION_FIELDS) or "{}") if adopt else {}
        except json.JSONDecodeError:
            fields = {}
        self.adoption: dict[str, Any] = fields if isinstance(fields, dict) else {}

    def ref(self, value: Any, ref: Any, kind: str, path: tuple[str, ...] = ("id",)) -> Any:
        """A literal id, else the `xxxRef: {from: {name}}` reference to a manifest."""
        if value is not None or not isinstance(ref, dict):
            return value
        source = ref.get("from")
        name = source.get("name") if isinstance(source, dict) else None
        return self.refs.named(ACK, kind, name, path, f"{self.m.address} spec")

    def tags(self, declared: Any) -> dict[str, Any] | None:
        """ACK's tag list as a dict, with the controller's own tags; for a read-only
        resource only the tags it declares (None: none declared, not compared)."""
        tags = tag_list(declared)
        if self.observe_only:
            return tags if declared is not None else None
        return {
            **tags,
            "services.k8s.aws/controller-version": Unknown("set by the ACK controller"),
            "services.k8s.aws/namespace": self.m.namespace
            or Unknown("the namespace the manifest is applied to"),
        }

    def raw(
        self, tf_type: str, attrs: dict[str, Any], import_id: Any = None, owner: str | None = None
    ) -> RawResource:
        region = self.m.annotations.get(REGION)
        attrs = {k: v for k, v in attrs.items() if v is not None}
        if self.observe_only:
            attrs = observe_only_attrs(tf_type, attrs, f"{READ_ONLY}: true")
        return RawResource(
            tf_type,
            self.m.address,
            attrs,
            self.m.source,
            import_id=import_id if isinstance(import_id, str) and self.adopt_ids else None,
            region=region,
            observe_only=self.observe_only,
            address_type=owner,
        )

    def name(self) -> Any:
        return self.spec.get("name") or self.adoption.get("name") or self.m.name


def _bucket(c: _Ctx) -> list[RawResource]:
    s, name = c.spec, c.name()
    tagging = s.get("tagging")
    tags = c.tags(tagging.get("tagSet") if isinstance(tagging, dict) else None)
    out = [c.raw("aws_s3_bucket", {"bucket": name, "tags": tags}, name)]

    def child(tf_type: str, attrs: dict[str, Any]) -> None:
        out.append(c.raw(tf_type, {"bucket": name, **attrs}, owner="aws_s3_bucket"))

    versioning = s.get("versioning")
    if isinstance(versioning, dict):
        conf = {"status": versioning.get("status"), "mfa_delete": versioning.get("mfaDelete")}
        conf = {k: v for k, v in conf.items() if v is not None}
        child("aws_s3_bucket_versioning", {"versioning_configuration": [conf]})
    encryption = s.get("encryption")
    rules = encryption.get("rules") if isinstance(encryption, dict) else None
    if isinstance(rules, list) and rules and isinstance(rules[0], dict):
        by_default = rules[0].get("applyServerSideEncryptionByDefault") or {}
        rule: dict[str, Any] = {
            "apply_server_side_encryption_by_default": [
                {
                    k: v
                    for k, v in (
                        ("sse_algorithm", by_default.get("sseAlgorithm")),
                        ("kms_master_key_id", by_default.get("kmsMasterKeyID")),
                    )
                    if v is not None
                }
            ]
        }
        if "bucketKeyEnabled" in rules[0]:
            rule["bucket_key_enabled"] = rules[0]["bucketKeyEnabled"]
        child("aws_s3_bucket_server_side_encryption_configuration", {"rule": [rule]})
    pab = s.get("publicAccessBlock")
    if isinstance(pab, dict):
        flags = {
            "block_public_acls": pab.get("blockPublicACLs"),
            "block_public_policy": pab.get("blockPublicPolicy"),
            "ignore_public_acls": pab.get("ignorePublicACLs"),
            "restrict_public_buckets": pab.get("restrictPublicBuckets"),
        }
        child(
            "aws_s3_bucket_public_access_block", {k: v for k, v in flags.items() if v is not None}
        )
    if s.get("policy") is not None:
        child("aws_s3_bucket_policy", {"policy": s["policy"]})
    return out


def _vpc(c: _Ctx) -> list[RawResource]:
    s = c.spec
    cidrs = s.get("cidrBlocks")
    cidr = cidrs[0] if isinstance(cidrs, list) and cidrs else None
    if isinstance(cidrs, list) and len(cidrs) > 1:
        c.refs.warnings.append(f"{c.m.address}: secondary CIDR blocks are not compared yet")
    attrs = {
        "cidr_block": cidr,
        "enable_dns_hostnames": s.get("enableDNSHostnames"),
        "enable_dns_support": s.get("enableDNSSupport"),
        "instance_tenancy": s.get("instanceTenancy"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw("aws_vpc", attrs, c.adoption.get("vpcID"))]


def _subnet(c: _Ctx) -> list[RawResource]:
    s = c.spec
    attrs = {
        "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
        "cidr_block": s.get("cidrBlock"),
        "availability_zone": s.get("availabilityZone"),
        "map_public_ip_on_launch": s.get("mapPublicIPOnLaunch"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw("aws_subnet", attrs, c.adoption.get("subnetID"))]


def _rules(c: _Ctx, perms: Any) -> list[dict[str, Any]]:
    """ACK IPPermissions -> Terraform inline rule blocks, one per source (each has its own
    description in AWS's shape)."""
    blocks: list[dict[str, Any]] = []
    for perm in perms if isinstance(perms, list) else ():
        if not isinstance(perm, dict):
            continue
        base = {
            "protocol": perm.get("ipProtocol"),
            "from_port": perm.get("fromPort", 0),
            "to_port": perm.get("toPort", 0),
        }
        sources = [
            ("ipRanges", "cidrIP", "cidr_blocks"),
            ("ipv6Ranges", "cidrIPv6", "ipv6_cidr_blocks"),
            ("prefixListIDs", "prefixListID", "prefix_list_ids"),
        ]
        for list_key, value_key, tf_key in sources:
            for entry in perm.get(list_key) or ():
                blocks.append(
                    {
                        **base,
                        tf_key: [entry.get(value_key)],
                        "description": entry.get("description"),
                    }
                )
        for pair in perm.get("userIDGroupPairs") or ():
            group = c.ref(pair.get("groupID"), pair.get("groupRef"), "SecurityGroup")
            blocks.append(
                {**base, "security_groups": [group], "description": pair.get("description")}
            )
    return blocks


def _security_group(c: _Ctx) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": s.get("name"),
        "description": s.get("description"),
        "vpc_id": c.ref(s.get("vpcID"), s.get("vpcRef"), "VPC"),
        "tags": c.tags(s.get("tags")),
        "ingress": _rules(c, s.get("ingressRules")),
    }
    if "egressRules" in s:  # left out: AWS's own allow-all egress, not compared
        attrs["egress"] = _rules(c, s.get("egressRules"))
    group_id = c.adoption.get("id") or c.adoption.get("groupID")
    return [c.raw("aws_security_group", attrs, group_id)]


def _policy_arns(c: _Ctx) -> list[Any]:
    arns = [a for a in c.spec.get("policies") or () if isinstance(a, str)]
    refs = [c.ref(None, r, "Policy", ("arn",)) for r in c.spec.get("policyRefs") or ()]
    return [*arns, *refs]


def _inline(c: _Ctx) -> list[dict[str, Any]]:
    inline = c.spec.get("inlinePolicies")
    items = sorted(inline.items()) if isinstance(inline, dict) else []
    return [{"name": name, "policy": doc} for name, doc in items]


def _role(c: _Ctx) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "assume_role_policy": s.get("assumeRolePolicyDocument"),
        "description": s.get("description"),
        "max_session_duration": s.get("maxSessionDuration"),
        "path": s.get("path"),
        "permissions_boundary": c.ref(
            s.get("permissionsBoundary"), s.get("permissionsBoundaryRef"), "Policy", ("arn",)
        ),
        "tags": c.tags(s.get("tags")),
        "inline_policy": _inline(c),
        "managed_policy_arns": _policy_arns(c),
    }
    return [c.raw("aws_iam_role", attrs, c.name())]


def _policy(c: _Ctx) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "policy": s.get("policyDocument"),
        "description": s.get("description"),
        "path": s.get("path"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw("aws_iam_policy", attrs, c.adoption.get("arn"))]


def _user(c: _Ctx) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "path": s.get("path"),
        "permissions_boundary": c.ref(
            s.get("permissionsBoundary"), s.get("permissionsBoundaryRef"), "Policy", ("arn",)
        ),
        "tags": c.tags(s.get("tags")),
    }
    out = [c.raw("aws_iam_user", attrs, c.name())]
    # a user's own policies are types driftctl does not read yet: counted as unsupported
    for arn in _policy_arns(c):
        attachment = {"user": c.name(), "policy_arn": arn}
        out.append(c.raw("aws_iam_user_policy_attachment", attachment, owner="aws_iam_user"))
    for block in _inline(c):
        out.append(c.raw("aws_iam_user_policy", {"user": c.name(), **block}, owner="aws_iam_user"))
    return out


KINDS: dict[tuple[str, str], Callable[[_Ctx], list[RawResource]]] = {
    ("s3", "Bucket"): _bucket,
    ("ec2", "VPC"): _vpc,
    ("ec2", "Subnet"): _subnet,
    ("ec2", "SecurityGroup"): _security_group,
    ("iam", "Role"): _role,
    ("iam", "Policy"): _policy,
    ("iam", "User"): _user,
}


def to_raw(m: Manifest, refs: References) -> list[RawResource] | None:
    """The Terraform-shaped resources a manifest declares; None for a kind not read yet."""
    convert = KINDS.get((m.service, m.kind))
    return convert(_Ctx(m, refs)) if convert is not None else None
