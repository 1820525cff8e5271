"""What a managed policy attached to a user or a group shares with one attached to a
role (role_policy_attachment.py): the live shape, the id `owner/arn`, matching on
(owner, policy_arn), and the attach/detach calls of a revert. Not a type module: the
group's and the user's attachment modules build their records here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import keep
from driftctl.base.revert import Create, Delete, RevertSpec
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource
from driftctl.resources.iam.common import MOVE, fresh, joined, joined_id, owner_of


def type_name(owner: str) -> str:
    return f"aws_iam_{owner}_policy_attachment"


def live(owner: str) -> Callable[[str, dict[str, Any]], Resource]:
    """One entry of a user's or group's AttachedManagedPolicies, as a resource."""
    rtype = type_name(owner)

    def build(name: str, item: dict[str, Any]) -> Resource:
        attrs = {owner: name, "policy_arn": item["PolicyArn"]}
        return Resource(rtype, f"{name}/{item['PolicyArn']}", None, attrs)

    return build


def family(owner: str, scan: str) -> Family:
    """The record of aws_iam_<owner>_policy_attachment, read by the owner's scan."""
    rtype = type_name(owner)
    compared = frozenset({owner, "policy_arn"})
    param = f"{owner.capitalize()}Name"

    def attach(ctx: Ctx, desired: Attrs) -> list[Call]:
        params = {param: desired[owner], "PolicyArn": desired["policy_arn"]}
        return [ctx.call("iam", f"attach_{owner}_policy", **params)]

    def detach(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
        params = {param: live[owner], "PolicyArn": live["policy_arn"]}
        return [ctx.call("iam", f"detach_{owner}_policy", **params)]

    kind = owner.capitalize()
    events = Events(
        source="iam.amazonaws.com",
        service="iam",
        create=(f"Attach{kind}Policy",),
        delete=(f"Detach{kind}Policy",),
        ids=(f"{{requestParameters.{owner}Name}}/{{requestParameters.policyArn}}",),
        indexed=False,
    )
    return Family(
        types=(
            ResourceType(
                name=rtype,
                scan=scan,
                events=events,
                compared=compared,
                natural_keys=((owner, "policy_arn"),),
                declared_id=joined("/", owner, "policy_arn"),
                parent=(f"aws_iam_{owner}", owner),
                from_terraform={rtype: keep(rtype, compared)},
                id_doc=f"`{owner}/arn`",
                after=("aws_iam_policy",),
            ),
        ),
        reverts=(
            RevertSpec(
                type=rtype,
                fixed={owner: MOVE, "policy_arn": "an attachment is replaced, not changed"},
                create=Create(
                    attach, fresh, joined_id("/", "policy_arn", owner), (owner, "policy_arn")
                ),
                delete=Delete(detach),
                unit_id=owner_of(owner),
            ),
        ),
        crossplane=(
            CrossplaneKind(
                "iam",
                f"{kind}PolicyAttachment",
                rtype,
                refs={owner: (kind, ("id",)), "policyArn": ("Policy", ("arn",))},
            ),
        ),
    )
