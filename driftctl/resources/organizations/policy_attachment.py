"""aws_organizations_policy_attachment: a policy of the organization attached to the root,
an organizational unit or an account.

Live: read with its policy (policy.py): ListTargetsForPolicy pages per policy, AWS's own
policies included (a declared attachment of FullAWSAccess is compared too). AWS attaches
FullAWSAccess (and RCPFullAWSAccess) to the root and to every new unit and account
itself: an attachment of a policy AWS manages is AWS's own, never unmanaged. Its id is
`target_id:policy_id`, as Terraform's; it has nothing to compare beyond being there: a
policy detached by hand is missing and attached again (AttachPolicy); one attached by
hand to a declared policy is unmanaged and detached by a revert rule (DetachPolicy).
Declared as its own resource or by CloudFormation's AWS::Organizations::Policy
`TargetIds`; Crossplane's PolicyAttachment.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import keep
from driftctl.base.revert import Create, Delete, RevertSpec
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource

TYPE = "aws_organizations_policy_attachment"
POLICY = "aws_organizations_policy"
COMPARED = frozenset({"policy_id", "target_id"})
_MOVE = "an attachment is replaced, not changed"


def live(policy: dict[str, Any], target: dict[str, Any]) -> Resource:
    """One target ListTargetsForPolicy lists for `policy` (its summary)."""
    attrs = {
        "policy_id": policy["Id"],
        "target_id": target["TargetId"],
        "aws_managed": bool(policy.get("AwsManaged")),
    }
    return Resource(TYPE, f"{target['TargetId']}:{policy['Id']}", None, attrs)


def _declared_id(attrs: dict[str, Any]) -> str | None:
    policy, target = attrs.get("policy_id"), attrs.get("target_id")
    if isinstance(policy, str) and isinstance(target, str):
        return f"{target}:{policy}"
    return None


def _attach(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"PolicyId": desired["policy_id"], "TargetId": desired["target_id"]}
    return [ctx.call("organizations", "attach_policy", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return f"{desired['target_id']}:{desired['policy_id']}"


def _detach(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    params = {"PolicyId": live["policy_id"], "TargetId": live["target_id"]}
    return [ctx.call("organizations", "detach_policy", **params)]


def _policy_of(rid: str, attrs: Attrs) -> str:
    """The policy an attachment belongs to (its revert unit: the policy's read)."""
    return str(attrs.get("policy_id") or rid.rsplit(":", 1)[-1])


EVENTS = Events(
    source="organizations.amazonaws.com",
    service="organizations",
    create=("AttachPolicy",),
    delete=("DetachPolicy",),
    ids=("{requestParameters.targetId}:{requestParameters.policyId}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="organizations_policies",
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("policy_id", "target_id"),),
            declared_id=_declared_id,
            is_aws_default=lambda r: bool(r.attrs.get("aws_managed")),
            parent=(POLICY, "policy_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="`target_id:policy_id`",
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            fixed={"policy_id": _MOVE, "target_id": _MOVE},
            create=Create(_attach, dict, _new_id, ("policy_id", "target_id")),
            delete=Delete(_detach),
            unit_id=_policy_of,
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "organizations",
            "PolicyAttachment",
            TYPE,
            regional=False,
            refs={
                "policyId": ("Policy", ("id",)),
                "targetId": ("OrganizationalUnit", ("id",)),
            },
        ),
    ),
)
