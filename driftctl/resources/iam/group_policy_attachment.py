"""aws_iam_group_policy_attachment: a managed policy attached to a group.

Live: read with its group (GetAccountAuthorizationDetails' AttachedManagedPolicies of
each group), nothing per attachment. Declared as its own resource, or by
CloudFormation's AWS::IAM::Group `ManagedPolicyArns` and ACK's Group `policies`
(group.py). Its id is `group/arn`; matched on (group, policy_arn), it has nothing to
compare beyond being there. An AWS-managed policy attached by hand to a group is an
unmanaged attachment (the policy itself stays AWS's own).
"""

from __future__ import annotations

from driftctl.resources.iam import attachment

TYPE = attachment.type_name("group")
live = attachment.live("group")
FAMILY = attachment.family("group", "iam_groups")
