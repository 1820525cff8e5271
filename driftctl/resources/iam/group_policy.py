"""aws_iam_group_policy: a policy document embedded in a group (an inline policy).

Live: read with its group (GetAccountAuthorizationDetails' GroupPolicyList), nothing per
policy. Declared as its own resource, as CloudFormation's AWS::IAM::Policy naming groups
or a group's `Policies`, or ACK's Group `inlinePolicies`. Its id is `group:name`.
"""

from __future__ import annotations

from driftctl.resources.iam import inline

TYPE = inline.type_name("group")
live = inline.live("group")
FAMILY = inline.family("group", "iam_groups")
