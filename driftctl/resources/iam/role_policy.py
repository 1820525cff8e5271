"""aws_iam_role_policy: a policy document embedded in a role (an inline policy).

Live: read with its role (GetAccountAuthorizationDetails' RolePolicyList). Declared as
its own resource, as a role's `inline_policy` block (role.py), as CloudFormation's
AWS::IAM::Policy naming roles, or a role's `Policies`. Its id is `role:name`.
"""

from __future__ import annotations

from driftctl.base.cfn import Declaring
from driftctl.base.family import CfnType
from driftctl.resources.iam import inline

TYPE = inline.type_name("role")
live = inline.live("role")


def _cfn_policy(d: Declaring) -> None:
    """AWS::IAM::Policy: an inline policy of each role (user, group) it names."""
    p = d.props
    name, doc = p.get("PolicyName"), p.get("PolicyDocument")
    for who in ("role", "user", "group"):
        for principal in p.get(f"{who.capitalize()}s") or ():
            attrs = {who: principal, "name": name, "policy": doc}
            d.emit(inline.type_name(who), attrs, owner="cfn:AWS::IAM::Policy")


FAMILY = inline.family(
    "role",
    "iam_roles",
    cfn=(
        CfnType(
            "AWS::IAM::Policy",
            _cfn_policy,
            emits=(TYPE, inline.type_name("user"), inline.type_name("group")),
        ),
    ),
    state_key=lambda a: (str(a.get("role")), str(a.get("name"))),
)
