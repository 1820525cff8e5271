"""aws_iam_user_policy: a policy document embedded in a user (an inline policy).

Live: read with its user (GetAccountAuthorizationDetails' UserPolicyList), nothing per
policy. Declared as its own resource, as CloudFormation's AWS::IAM::Policy naming users
or a user's `Policies`, or ACK's User `inlinePolicies`. Its id is `user:name`.
"""

from __future__ import annotations

from driftctl.resources.iam import inline

TYPE = inline.type_name("user")
live = inline.live("user")
FAMILY = inline.family("user", "iam_users")
