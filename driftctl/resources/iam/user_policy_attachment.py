"""aws_iam_user_policy_attachment: a managed policy attached to a user.

Live: read with its user (GetAccountAuthorizationDetails' AttachedManagedPolicies of
each user), nothing per attachment. Declared as its own resource, by CloudFormation's
AWS::IAM::User `ManagedPolicyArns` or AWS::IAM::ManagedPolicy `Users`, or ACK's User
`policies`. Its id is `user/arn`; matched on (user, policy_arn), it has nothing to
compare beyond being there.
"""

from __future__ import annotations

from driftctl.resources.iam import attachment

TYPE = attachment.type_name("user")
live = attachment.live("user")
FAMILY = attachment.family("user", "iam_users")
