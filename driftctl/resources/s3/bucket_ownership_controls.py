"""aws_s3_bucket_ownership_controls: who owns the objects written to a bucket (and whether
its ACLs still apply).

Live: GetBucketOwnershipControls per bucket ("not configured",
OwnershipControlsNotFoundError, reads as no rule). Since 2023 every new bucket has
BucketOwnerEnforced (ACLs disabled); older buckets have no ownership controls. Both are
AWS's own defaults, never unmanaged. A revert writes the declared rule; an undeclared
rule on a declared bucket goes back to AWS's default, BucketOwnerEnforced.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.revert import Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType, first_block
from driftctl.core.model import Resource
from driftctl.resources.s3.setting import (
    BUCKET_KEY,
    ID_DOC,
    PARENT,
    BucketSetting,
    bucket_of,
    created_with_bucket,
    passthrough,
    per_bucket,
)

TYPE = "aws_s3_bucket_ownership_controls"
ENFORCED = "BucketOwnerEnforced"  # AWS's default for every bucket since April 2023


def _live(response: Any) -> dict[str, Any]:
    rules = ((response or {}).get("OwnershipControls") or {}).get("Rules") or [{}]
    ownership = rules[0].get("ObjectOwnership")
    return {"rule": {"object_ownership": ownership} if ownership else {}}


def _rules(controls: Any, rules_key: str, ownership_key: str) -> dict[str, Any] | None:
    """CloudFormation's / ACK's `{Rules: [{ObjectOwnership}]}` as Terraform's rule."""
    rules = controls.get(rules_key) if isinstance(controls, dict) else None
    if not (isinstance(rules, list) and rules and isinstance(rules[0], dict)):
        return None
    return {"rule": [{"object_ownership": rules[0].get(ownership_key)}]}


SETTING = BucketSetting(
    type=TYPE,
    detail=per_bucket(
        "ownership_controls",
        "get_bucket_ownership_controls",
        frozenset({"OwnershipControlsNotFoundError"}),
    ),
    live=_live,
    cfn_inline=lambda props: _rules(props.get("OwnershipControls"), "Rules", "ObjectOwnership"),
    ack_inline=lambda spec: _rules(spec.get("ownershipControls"), "rules", "objectOwnership"),
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    # Terraform's, CloudFormation's and ACK's one-rule list, as the rule itself
    return {**attrs, "rule": first_block(attrs["rule"])} if "rule" in attrs else attrs


def _aws_default(r: Resource) -> bool:
    return r.attrs["rule"].get("object_ownership") in (None, ENFORCED)


def _state_key(attrs: Any) -> tuple[str, ...]:
    return (str(bucket_of(attrs)),)


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    ownership = (after.get("rule") or {}).get("object_ownership")
    if not ownership:
        return [ctx.call("s3", "delete_bucket_ownership_controls", Bucket=ctx.id)]
    controls = {"Rules": [{"ObjectOwnership": ownership}]}
    return [
        ctx.call("s3", "put_bucket_ownership_controls", Bucket=ctx.id, OwnershipControls=controls)
    ]


def _enforce(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    # an undeclared rule goes back to AWS's default: the bucket owner owns every object
    return _put(ctx, {}, {"rule": {"object_ownership": ENFORCED}})


EVENTS = Events(
    source="s3.amazonaws.com",
    service="s3",
    create=("PutBucketOwnershipControls",),
    change=("PutBucketOwnershipControls",),
    delete=("DeleteBucketOwnershipControls",),
    ids=("requestParameters.bucketName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="s3_buckets",
            events=EVENTS,
            compared=frozenset({"rule"}),
            natural_keys=BUCKET_KEY,
            declared_id=bucket_of,
            is_aws_default=_aws_default,
            parent=PARENT,
            normalize=_normalize,
            from_terraform={TYPE: passthrough(TYPE)},
            id_doc=ID_DOC,
            state_key=_state_key,
            shape={"rule": "single"},
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("rule",), _put),),
            create=created_with_bucket({"rule": {}}),
            delete=Delete(_enforce, with_parent=True),
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "s3",
            "BucketOwnershipControls",
            TYPE,
            refs={"bucket": ("Bucket", ("id",))},
            fields={"rule.object_ownership": ("scalar", ("rule", "objectOwnership"))},
        ),
    ),
)
