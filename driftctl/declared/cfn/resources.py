"""CloudFormation resource types onto Terraform's shape (properties already evaluated).

`AWS::S3::Bucket` carries its versioning, encryption and public access block inline:
they are split into Terraform's separate types, as an inline aws_s3_bucket block is, with
the bucket's logical id as their address (a Ref to it still means the bucket). An
`AWS::IAM::Policy` is a role's inline policy; an `AWS::IAM::ManagedPolicy` with `Roles`
is the policy plus one attachment per role. A name CloudFormation would generate (no
BucketName, GroupName, RoleName, ...) is left out: the resource then matches by its
stack tags when `--stack-name` is given (see cloudformation.py), and what refers to it
(the versioning of a bucket, the inline policies of a role) by a Ref to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftctl.declared.k8s.manifest import tag_list
from driftctl.declared.raw import RawResource
from driftctl.errors import DriftctlError
from driftctl.model import Ref, SourceRef

# what `Ref` of each type returns, as a path of the Terraform resource
REF_PATH: dict[str, tuple[str, ...]] = {
    "AWS::S3::Bucket": ("id",),
    "AWS::EC2::VPC": ("id",),
    "AWS::EC2::Subnet": ("id",),
    "AWS::EC2::SecurityGroup": ("id",),
    "AWS::IAM::Role": ("id",),
    "AWS::IAM::ManagedPolicy": ("arn",),
    "AWS::IAM::User": ("id",),
}
# (type, Fn::GetAtt attribute) -> path of the Terraform resource
GETATT_PATH: dict[tuple[str, str], tuple[str, ...]] = {
    ("AWS::S3::Bucket", "Arn"): ("arn",),
    ("AWS::EC2::VPC", "VpcId"): ("id",),
    ("AWS::EC2::VPC", "CidrBlock"): ("cidr_block",),
    ("AWS::EC2::Subnet", "SubnetId"): ("id",),
    ("AWS::EC2::Subnet", "VpcId"): ("vpc_id",),
    ("AWS::EC2::Subnet", "AvailabilityZone"): ("availability_zone",),
    ("AWS::EC2::Subnet", "CidrBlock"): ("cidr_block",),
    ("AWS::EC2::SecurityGroup", "GroupId"): ("id",),
    ("AWS::EC2::SecurityGroup", "VpcId"): ("vpc_id",),
    ("AWS::IAM::Role", "Arn"): ("arn",),
    ("AWS::IAM::User", "Arn"): ("arn",),
    ("AWS::IAM::ManagedPolicy", "PolicyArn"): ("arn",),
}

# Terraform type -> its name attribute, which CloudFormation generates when it is not given
NAME_ATTR = {
    "aws_s3_bucket": "bucket",
    "aws_security_group": "name",
    "aws_iam_role": "name",
    "aws_iam_policy": "name",
    "aws_iam_user": "name",
}


class Declaring:
    """One resource of the template being mapped: where it is and how to emit its parts."""

    def __init__(self, logical: str, source: SourceRef, props: dict[str, Any]) -> None:
        self.logical, self.source, self.props = logical, source, props
        self.out: list[RawResource] = []

    def emit(self, tf_type: str, attrs: dict[str, Any], owner: str | None = None) -> None:
        kept = {k: v for k, v in attrs.items() if v is not None}
        self.out.append(RawResource(tf_type, self.logical, kept, self.source, address_type=owner))

    def tags(self) -> dict[str, Any]:
        value = self.props.get("Tags")
        where = f"{self.source.file}:{self.source.line}: Resources.{self.logical}.Properties.Tags"
        if isinstance(value, dict):  # CloudFormation rejects it; dropping it hid the tags
            raise DriftctlError(
                f"{where}: a mapping, but this type's Tags are a list",
                "write them as a list: Tags: [{Key: Env, Value: prod}]",
            )
        for i, item in enumerate(value if isinstance(value, list) else ()):
            if not (isinstance(item, dict) and "Key" in item and "Value" in item):
                raise DriftctlError(
                    f"{where}[{i}]: expected {{Key: ..., Value: ...}}",
                    "write each tag as {Key: NAME, Value: TEXT}",
                )
        return tag_list(value)


def _bucket(d: Declaring) -> None:
    p = d.props
    d.emit("aws_s3_bucket", {"bucket": p.get("BucketName"), "tags": d.tags()})
    name = p.get("BucketName") or Ref(d.logical, ("id",))
    versioning = p.get("VersioningConfiguration")
    if isinstance(versioning, dict):
        conf = [{"status": versioning.get("Status")}]
        d.emit(
            "aws_s3_bucket_versioning",
            {"bucket": name, "versioning_configuration": conf},
            "aws_s3_bucket",
        )
    encryption = p.get("BucketEncryption")
    rules = (
        encryption.get("ServerSideEncryptionConfiguration")
        if isinstance(encryption, dict)
        else None
    )
    if isinstance(rules, list) and rules and isinstance(rules[0], dict):
        by_default = rules[0].get("ServerSideEncryptionByDefault") or {}
        rule: dict[str, Any] = {
            "apply_server_side_encryption_by_default": [
                {
                    k: v
                    for k, v in (
                        ("sse_algorithm", by_default.get("SSEAlgorithm")),
                        ("kms_master_key_id", by_default.get("KMSMasterKeyID")),
                    )
                    if v is not None
                }
            ]
        }
        if "BucketKeyEnabled" in rules[0]:
            rule["bucket_key_enabled"] = rules[0]["BucketKeyEnabled"]
        sse = {"bucket": name, "rule": [rule]}
        d.emit("aws_s3_bucket_server_side_encryption_configuration", sse, "aws_s3_bucket")
    pab = p.get("PublicAccessBlockConfiguration")
    if isinstance(pab, dict):
        flags = {
            "block_public_acls": pab.get("BlockPublicAcls"),
            "block_public_policy": pab.get("BlockPublicPolicy"),
            "ignore_public_acls": pab.get("IgnorePublicAcls"),
            "restrict_public_buckets": pab.get("RestrictPublicBuckets"),
        }
        d.emit("aws_s3_bucket_public_access_block", {"bucket": name, **flags}, "aws_s3_bucket")


def _bucket_policy(d: Declaring) -> None:
    attrs = {"bucket": d.props.get("Bucket"), "policy": d.props.get("PolicyDocument")}
    d.emit("aws_s3_bucket_policy", attrs)


def _vpc(d: Declaring) -> None:
    p = d.props
    attrs = {
        "cidr_block": p.get("CidrBlock"),
        "enable_dns_hostnames": p.get("EnableDnsHostnames"),
        "enable_dns_support": p.get("EnableDnsSupport"),
        "instance_tenancy": p.get("InstanceTenancy"),
        "tags": d.tags(),
    }
    d.emit("aws_vpc", attrs)


def _subnet(d: Declaring) -> None:
    p = d.props
    attrs = {
        "vpc_id": p.get("VpcId"),
        "cidr_block": p.get("CidrBlock"),
        "availability_zone": p.get("AvailabilityZone"),
        "map_public_ip_on_launch": p.get("MapPublicIpOnLaunch"),
        "tags": d.tags(),
    }
    d.emit("aws_subnet", attrs)


def _rule_block(rule: dict[str, Any], peer: str) -> dict[str, Any]:
    """An inline SecurityGroupIngress/Egress entry as a Terraform inline rule block."""
    return {
        "protocol": rule.get("IpProtocol"),
        "from_port": rule.get("FromPort", 0),
        "to_port": rule.get("ToPort", 0),
        "description": rule.get("Description"),
        "cidr_blocks": [rule["CidrIp"]] if rule.get("CidrIp") is not None else None,
        "ipv6_cidr_blocks": [rule["CidrIpv6"]] if rule.get("CidrIpv6") is not None else None,
        "security_groups": [rule[f"{peer}SecurityGroupId"]]
        if rule.get(f"{peer}SecurityGroupId") is not None
        else None,
        "prefix_list_ids": [rule[f"{peer}PrefixListId"]]
        if rule.get(f"{peer}PrefixListId") is not None
        else None,
    }


def _security_group(d: Declaring) -> None:
    p = d.props
    attrs: dict[str, Any] = {
        "name": p.get("GroupName"),
        "description": p.get("GroupDescription"),
        "vpc_id": p.get("VpcId"),
        "tags": d.tags(),
        "ingress": [_rule_block(r, "Source") for r in p.get("SecurityGroupIngress") or ()],
    }
    if "SecurityGroupEgress" in p:  # left out: AWS's own allow-all egress, not compared
        attrs["egress"] = [_rule_block(r, "Destination") for r in p["SecurityGroupEgress"] or ()]
    d.emit("aws_security_group", attrs)


def _sg_rule(direction: str) -> Callable[[Declaring], None]:
    peer = "Source" if direction == "ingress" else "Destination"

    def convert(d: Declaring) -> None:
        p = d.props
        attrs = {
            "security_group_id": p.get("GroupId"),
            "ip_protocol": p.get("IpProtocol"),
            "from_port": p.get("FromPort"),
            "to_port": p.get("ToPort"),
            "description": p.get("Description"),
            "cidr_ipv4": p.get("CidrIp"),
            "cidr_ipv6": p.get("CidrIpv6"),
            "prefix_list_id": p.get(f"{peer}PrefixListId"),
            "referenced_security_group_id": p.get(f"{peer}SecurityGroupId"),
        }
        d.emit(f"aws_vpc_security_group_{direction}_rule", attrs)

    return convert


def _inline_policies(value: Any) -> list[dict[str, Any]]:
    return [
        {"name": p.get("PolicyName"), "policy": p.get("PolicyDocument")}
        for p in value or ()
        if isinstance(p, dict)
    ]


def _role(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("RoleName"),
        "assume_role_policy": p.get("AssumeRolePolicyDocument"),
        "description": p.get("Description"),
        "max_session_duration": p.get("MaxSessionDuration"),
        "path": p.get("Path"),
        "permissions_boundary": p.get("PermissionsBoundary"),
        "tags": d.tags(),
        "inline_policy": _inline_policies(p.get("Policies")),
        "managed_policy_arns": p.get("ManagedPolicyArns"),
    }
    d.emit("aws_iam_role", attrs)


def _attached(d: Declaring, make: Callable[[str, Any], None]) -> None:
    """Roles get `make(role)`; users and groups are types driftctl does not read yet."""
    for role in d.props.get("Roles") or ():
        make("role", role)
    for user in d.props.get("Users") or ():
        make("user", user)
    for group in d.props.get("Groups") or ():
        make("group", group)


def _policy(d: Declaring) -> None:
    p = d.props
    name, doc = p.get("PolicyName"), p.get("PolicyDocument")

    def make(who: str, principal: Any) -> None:
        attrs = {who: principal, "name": name, "policy": doc}
        d.emit(f"aws_iam_{who}_policy", attrs, owner="cfn:AWS::IAM::Policy")

    _attached(d, make)


def _managed_policy(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("ManagedPolicyName"),
        "description": p.get("Description"),
        "path": p.get("Path"),
        "policy": p.get("PolicyDocument"),
    }
    d.emit("aws_iam_policy", attrs)
    arn = Ref(d.logical, ("arn",))

    def make(who: str, principal: Any) -> None:
        attrs = {who: principal, "policy_arn": arn}
        d.emit(f"aws_iam_{who}_policy_attachment", attrs, owner="aws_iam_policy")

    _attached(d, make)


def _user(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("UserName"),
        "path": p.get("Path"),
        "permissions_boundary": p.get("PermissionsBoundary"),
        "tags": d.tags(),
    }
    d.emit("aws_iam_user", attrs)
    for arn in p.get("ManagedPolicyArns") or ():
        attachment = {"user": Ref(d.logical, ("id",)), "policy_arn": arn}
        d.emit("aws_iam_user_policy_attachment", attachment, owner="aws_iam_user")
    for block in _inline_policies(p.get("Policies")):
        d.emit("aws_iam_user_policy", {"user": Ref(d.logical, ("id",)), **block}, "aws_iam_user")


TYPES: dict[str, Callable[[Declaring], None]] = {
    "AWS::S3::Bucket": _bucket,
    "AWS::S3::BucketPolicy": _bucket_policy,
    "AWS::EC2::VPC": _vpc,
    "AWS::EC2::Subnet": _subnet,
    "AWS::EC2::SecurityGroup": _security_group,
    "AWS::EC2::SecurityGroupIngress": _sg_rule("ingress"),
    "AWS::EC2::SecurityGroupEgress": _sg_rule("egress"),
    "AWS::IAM::Role": _role,
    "AWS::IAM::Policy": _policy,
    "AWS::IAM::ManagedPolicy": _managed_policy,
    "AWS::IAM::User": _user,
}


def to_raw(
    logical: str, rtype: str, props: dict[str, Any], source: SourceRef
) -> list[RawResource] | None:
    """The Terraform-shaped resources of one template resource; None for a type not read yet."""
    convert = TYPES.get(rtype)
    if convert is None:
        return None
    declaring = Declaring(logical, source, props)
    convert(declaring)
    return declaring.out
