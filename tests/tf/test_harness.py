"""What the Terraform harness (tests/tf/harness.py) makes of a failed apply."""

from __future__ import annotations

import pytest

from tests.tf import harness

# the apply that failed CI on 2026-11-29: the provider's SDK sent CreateInstanceProfile twice
IAM = (
    "Error: creating IAM Instance Profile (iam-web): operation error IAM: CreateInstanceProfile, "
    "https response error StatusCode: 409, RequestID: VrEu, EntityAlreadyExists: Instance "
    "Profile iam-web already exists."
)


@pytest.mark.parametrize(
    "failure",
    [
        IAM,
        "api error InvalidPermission.Duplicate: the specified rule already exists",
        "operation error WAFV2: CreateRuleGroup, WafV2DuplicateItem: already exists",
        "operation error Secrets Manager: CreateSecret, ResourceExistsException: exists",
        # the next CI run: the lb group's launch template
        "Error: creating EC2 Launch Template (lb-web): operation error EC2: "
        "CreateLaunchTemplate, https response error StatusCode: 400, api error "
        "InvalidLaunchTemplateName.AlreadyExistsException: Launch template name already in use.",
    ],
)
def test_a_create_sent_twice_is_told_apart(failure: str) -> None:
    """Such an apply is tried once more on a fresh server (tests/tf/group.py), not failed."""
    assert harness.sent_twice(failure)


def test_any_other_failed_apply_fails_the_group() -> None:
    assert not harness.sent_twice(
        "operation error EC2: CreateVpc, api error InvalidParameterValue: bad CIDR"
    )
