"""aws_iam_role_policy_attachment: a managed policy attached to a role.

Live: read with its role (GetAccountAuthorizationDetails' AttachedManagedPolicies).
Declared as its own resource, as a role's `managed_policy_arns` (role.py), or by
CloudFormation's AWS::IAM::ManagedPolicy naming roles (policy.py). Its id is
`role/arn`; it has nothing to compare beyond being there.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family, SnykIds
from driftctl.base.helpers import keep
from driftctl.base.revert import Create, Delete, RevertSpec
from driftctl.base.spec import ResourceType
from driftctl.core.model import Drift, Resource
from driftctl.resources.iam.common import MOVE, fresh, joined, joined_id, role_of

TYPE = "aws_iam_role_policy_attachment"
COMPARED = frozenset({"role", "policy_arn"})


def live(role: str, item: dict[str, Any]) -> Resource:
    """One entry of a role's AttachedManagedPolicies."""
    attrs = {"role": role, "policy_arn": item["PolicyArn"]}
    return Resource(TYPE, f"{role}/{item['PolicyArn']}", None, attrs)


def _attach(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"RoleName": desired["role"], "PolicyArn": desired["policy_arn"]}
    return [ctx.call("iam", "attach_role_policy", **params)]


def _detach(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"RoleName": live["role"], "PolicyArn": live["policy_arn"]}
    return [ctx.call("iam", "detach_role_policy", **params)]


def _snyk_id(drift: Drift) -> str | None:
    """snyk's id of an attachment: the policy's name, `-`, the role (ours: ROLE/ARN)."""
    if drift.type != TYPE or not drift.id or "/" not in drift.id:
        return None
    role, _, arn = drift.id.partition("/")
    return f"{arn.rsplit('/', 1)[-1]}-{role}"


SNYK = SnykIds(
    type=TYPE,
    space="snyk-attachment",
    snyk_form=f"{TYPE}.POLICY-ROLE",
    our_form=f"{TYPE}.ROLE/POLICY_ARN",
    claims=lambda rest: rest not in ("", "*") and "/" not in rest,
    of_resource=_snyk_id,
)

EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("AttachRolePolicy",),
    delete=("DetachRolePolicy",),
    ids=("{requestParameters.roleName}/{requestParameters.policyArn}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="iam_roles",
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("role", "policy_arn"),),
            declared_id=joined("/", "role", "policy_arn"),
            parent=("aws_iam_role", "role"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="`role/arn`",
            after=("aws_iam_policy",),
            state_key=lambda a: (str(a.get("role")), str(a.get("policy_arn"))),
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            fixed={"role": MOVE, "policy_arn": "an attachment is replaced, not changed"},
            create=Create(_attach, fresh, joined_id("/", "policy_arn"), ("role", "policy_arn")),
            delete=Delete(_detach),
            unit_id=role_of,
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "RolePolicyAttachment",
            TYPE,
            refs={"role": ("Role", ("id",)), "policyArn": ("Policy", ("arn",))},
        ),
    ),
    snyk=(SNYK,),
)
