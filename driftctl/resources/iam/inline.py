"""What an inline policy of a user, a group or a role shares: the live shape (one entry
of the owner's `<Owner>PolicyList`, read with it), the id `owner:name`, matching on
(owner, name), the put/delete calls of a revert, its CloudTrail events and its
Crossplane kind. Not a type module: user_policy.py, group_policy.py and role_policy.py
build their records here, as the managed-policy attachments do in attachment.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import keep, xp_no_id
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, document
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource
from driftctl.resources.iam.common import (
    GENERATED,
    MOVE,
    PREFIX,
    fresh,
    joined,
    joined_id,
    normalize_documents,
    owner_of,
)

# The external name is the policy's name (its id, `owner:name`, follows from it).
_xp_external_name = xp_no_id("name", overwrite=True)


def type_name(owner: str) -> str:
    return f"aws_iam_{owner}_policy"


def live(owner: str) -> Callable[[str, dict[str, Any]], Resource]:
    """One entry of an owner's `<Owner>PolicyList`, as a resource."""
    rtype = type_name(owner)

    def build(name: str, item: dict[str, Any]) -> Resource:
        attrs = {owner: name, "name": item["PolicyName"], "policy": item.get("PolicyDocument")}
        return Resource(rtype, f"{name}:{item['PolicyName']}", None, attrs)

    return build


def family(
    owner: str,
    scan: str,
    cfn: tuple[CfnType, ...] = (),
    state_key: Callable[[Mapping[str, Any]], tuple[str, ...]] | None = None,
) -> Family:
    """The record of aws_iam_<owner>_policy, read by the owner's scan."""
    rtype = type_name(owner)
    compared = frozenset({owner, "name", "policy"})
    kind = owner.capitalize()
    param = f"{kind}Name"

    def put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        params = {
            param: after[owner],
            "PolicyName": after["name"],
            "PolicyDocument": document(after["policy"]),
        }
        return [ctx.call("iam", f"put_{owner}_policy", **params)]

    def delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
        params = {param: live[owner], "PolicyName": live["name"]}
        return [ctx.call("iam", f"delete_{owner}_policy", **params)]

    events = Events(
        source="iam.amazonaws.com",
        service="iam",
        create=(f"Put{kind}Policy",),
        change=(f"Put{kind}Policy",),
        delete=(f"Delete{kind}Policy",),
        ids=(f"{{requestParameters.{owner}Name}}:{{requestParameters.policyName}}",),
        indexed=False,
    )
    return Family(
        types=(
            ResourceType(
                name=rtype,
                scan=scan,
                events=events,
                compared=compared,
                exact=frozenset({"policy"}),
                natural_keys=((owner, "name"),),
                name_prefix=GENERATED,
                declared_id=joined(":", owner, "name"),
                normalize=normalize_documents("policy"),
                parent=(f"aws_iam_{owner}", owner),
                from_terraform={rtype: keep(rtype, compared | PREFIX)},
                documents=frozenset({"policy"}),
                computed=frozenset({"name"}),
                id_doc=f"`{owner}:name`",
                state_id=True,
                state_key=state_key,
            ),
        ),
        reverts=(
            RevertSpec(
                type=rtype,
                updaters=(Updater(("policy",), put),),
                fixed={owner: MOVE, "name": MOVE},
                create=Create(
                    lambda ctx, d: put(ctx, {}, d),
                    fresh,
                    joined_id(":", "name", owner),
                    (owner, "name", "policy"),
                ),
                delete=Delete(delete),
                unit_id=owner_of(owner),
            ),
        ),
        cfn=cfn,
        crossplane=(
            CrossplaneKind(
                "iam",
                f"{kind}Policy",
                rtype,
                external_name=_xp_external_name,
                refs={owner: (kind, ("id",))},
            ),
        ),
    )
