"""The explicit registry of how each canonical type is reverted. Built here, nowhere else.

Every type of driftctl.aws.registry.TYPES has exactly one RevertSpec (a test sweeps both
registries and checks every operation and parameter against botocore's models).
"""

from __future__ import annotations

from driftctl.revert import ec2, iam, s3
from driftctl.revert.spec import RevertSpec

REVERTS: dict[str, RevertSpec] = {spec.type: spec for mod in (s3, ec2, iam) for spec in mod.REVERTS}

# The order resources are created in (a VPC before its subnets and groups, a role before
# its policies); deletes run in the reverse order, updates in between.
ORDER: tuple[str, ...] = (
    "aws_vpc",
    "aws_subnet",
    "aws_security_group",
    "aws_s3_bucket",
    "aws_s3_bucket_versioning",
    "aws_s3_bucket_server_side_encryption_configuration",
    "aws_s3_bucket_public_access_block",
    "aws_s3_bucket_policy",
    "aws_iam_policy",
    "aws_iam_user",
    "aws_iam_role",
    "aws_iam_role_policy",
    "aws_iam_role_policy_attachment",
)


def rank(rtype: str) -> int:
    return ORDER.index(rtype) if rtype in ORDER else len(ORDER)
