"""aws_secretsmanager_secret_rotation: a secret's rotation: the Lambda function that
rotates it and when (every N days, or a schedule expression, with a window duration).

Live: read from the secrets' own ListSecrets pages (no call of its own). A secret whose
rotation is not enabled has none: one cancelled by hand is missing. The rotation of a
secret another AWS service owns (RDS, Redshift, ...) is AWS's own, never unmanaged.
`automatically_after_days` is compared only where no schedule expression is set (AWS
derives it from a `rate()` expression; Terraform reads it so too); `rotate_immediately`
is not readable and never compared. A revert puts the Lambda function and the rules
back, or enables a cancelled rotation, with RotateSecret and RotateImmediately false
(it never rotates the secret's value on its own); the secret is fixed (replace needed: a
human decides). A rotation is matched by its secret's ARN (Terraform's `secret_id` naming
the secret, as `aws_secretsmanager_secret.x.id` does); one naming the secret by its name is
not matched yet. moto keeps no schedule expression or duration, and no Lambda function
ARN when RotateSecret is sent none (AWS keeps the one set): its tests use days and name
the function. Not in a real-Terraform group: `terraform apply` of a rotation on moto's
server did not finish in 10 minutes (cause not established; moto's RotateSecret tries to
run the function in Docker); the seeded-moto tests stand.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_int, keep, xp_prefixed
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Item, ResourceType, first_block
from driftctl.core.model import Resource

TYPE = "aws_secretsmanager_secret_rotation"
SECRET = "aws_secretsmanager_secret"
COMPARED = frozenset({"secret_id", "rotation_lambda_arn", "rotation_rules"})
# canonical rule -> RotationRules' key
RULES = {
    "automatically_after_days": "AutomaticallyAfterDays",
    "duration": "Duration",
    "schedule_expression": "ScheduleExpression",
}


def rotation(item: Item, region: str) -> Resource | None:
    """The rotation of one listed secret (ListSecrets' item), None where it is off."""
    if not item.get("RotationEnabled"):
        return None
    rules = item.get("RotationRules") or {}
    attrs = {
        "secret_id": item["ARN"],
        "rotation_lambda_arn": item.get("RotationLambdaARN") or "",
        "rotation_rules": {name: rules.get(key) for name, key in RULES.items()},
        "rotation_enabled": True,
        "owning_service": item.get("OwningService"),
    }
    return Resource(TYPE, item["ARN"], None, attrs, region=region)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The rules as one block (days a number, empty text as none, no days beside a
    schedule expression)."""
    out = dict(attrs)
    if out.get("rotation_rules") is not None:
        block = first_block(out["rotation_rules"])
        rules = {
            "automatically_after_days": as_int(block.get("automatically_after_days")),
            "duration": block.get("duration") or None,
            "schedule_expression": block.get("schedule_expression") or None,
        }
        if rules["schedule_expression"]:
            rules["automatically_after_days"] = None
        out["rotation_rules"] = rules
    if out.get("rotation_lambda_arn") is None and "rotation_lambda_arn" in out:
        out["rotation_lambda_arn"] = ""
    return out


def _cfn(d: Declaring) -> None:
    p = d.props
    found = p.get("RotationRules")
    rules: dict[str, Any] = found if isinstance(found, dict) else {}
    d.emit(
        TYPE,
        {
            "secret_id": p.get("SecretId"),
            # a HostedRotationLambda is CloudFormation's own function: its ARN not known
            "rotation_lambda_arn": p.get("RotationLambdaARN"),
            "rotation_rules": {name: rules.get(key) for name, key in RULES.items()},
        },
    )


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    rules = a.get("rotation_rules") or {}
    return {
        "SecretId": a.get("secret_id"),
        "RotationLambdaARN": a.get("rotation_lambda_arn") or None,
        "RotationRules": {key: rules[name] for name, key in RULES.items() if rules.get(name)},
    }


def _params(desired: Attrs) -> dict[str, Any]:
    """RotateSecret's parameters but the secret: never rotating the value at once."""
    params: dict[str, Any] = {"RotateImmediately": False}
    if desired.get("rotation_lambda_arn"):
        params["RotationLambdaARN"] = desired["rotation_lambda_arn"]
    rules = desired.get("rotation_rules") or {}
    found = {key: rules[name] for name, key in RULES.items() if rules.get(name) is not None}
    if found:
        params["RotationRules"] = found
    return params


def _rotate(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    return [ctx.call("secretsmanager", "rotate_secret", SecretId=ctx.id, **_params(after))]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    secret = desired["secret_id"]
    return [ctx.call("secretsmanager", "rotate_secret", SecretId=secret, **_params(desired))]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["secret_id"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("secretsmanager", "cancel_rotate_secret", SecretId=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="secretsmanager.amazonaws.com",
    service="secretsmanager",
    create=("RotateSecret",),
    change=("RotateSecret",),
    delete=("CancelRotateSecret",),
    ids=("requestParameters.secretId",),
    touches={"RotateSecret": frozenset({"rotation_lambda_arn", "rotation_rules"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="secretsmanager_secrets",
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("secret_id",),),
            declared_id=lambda a: (
                a.get("secret_id") if isinstance(a.get("secret_id"), str) else None
            ),
            normalize=_normalize,
            is_aws_default=lambda r: bool(r.attrs.get("owning_service")),
            parent=(SECRET, "secret_id"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            shape={"rotation_rules": "single"},
            computed=frozenset({"rotation_enabled"}),
            id_doc="the secret's ARN",
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("rotation_lambda_arn", "rotation_rules"), _rotate),),
            fixed={"secret_id": REPLACE},
            create=Create(_create, dict, _new_id),
            delete=Delete(_delete),
        ),
    ),
    cfn=(
        CfnType(
            "AWS::SecretsManager::RotationSchedule",
            _cfn,
            emits=EMITS,
            ref=("secret_id",),
            getatt={"Id": ("secret_id",)},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "secretsmanager",
            "SecretRotation",
            TYPE,
            external_name=xp_prefixed("arn:"),
            refs={
                "secretId": ("Secret", ("id",)),
                "rotationLambdaArn": ("Function", ("arn",)),
            },
            importable=True,
        ),
    ),
)
