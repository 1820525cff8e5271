"""aws_secretsmanager_secret: a secret's metadata: name, description, KMS key, resource
policy and tags. Never its value.

Live: ListSecrets pages (name, description, KMS key and tags of up to 100 secrets each),
plus GetResourcePolicy per secret; GetSecretValue is never called, so driftctl never
holds a secret. Secrets another AWS service owns (`OwningService`: RDS, Redshift, ...)
are AWS's own, never unmanaged; a secret scheduled for deletion reads as gone.
`recovery_window_in_days` is not readable live and never compared; a deleting revert
schedules the deletion with a 30-day recovery window and never forces it. A secret
cannot be renamed: a revert says "replace needed". The same pages carry each secret's
rotation (aws_secretsmanager_secret_rotation).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import (
    REPLACE,
    json_text,
    keep,
    key_id,
    reader,
    tag_items,
    tagger,
    xp_prefixed,
)
from driftctl.base.policy import canonical_policy
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
)
from driftctl.core.model import Resource
from driftctl.resources.secretsmanager.secret_rotation import rotation

TYPE = "aws_secretsmanager_secret"
COMPARED = frozenset({"name", "description", "kms_key_id", "policy", "tags"})
PREFIX = frozenset({"name_prefix"})
GONE = frozenset({"ResourceNotFoundException"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    if item.get("DeletedDate"):
        return []  # scheduled for deletion: gone, as Terraform reads it
    policy = (details.get("policy") or {}).get("ResourcePolicy")
    attrs = {
        "name": item["Name"],
        "description": item.get("Description") or "",
        "kms_key_id": item.get("KmsKeyId"),
        "policy": policy,
        "tags": tag_items(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "arn": item["ARN"],
        "owning_service": item.get("OwningService"),
    }
    found = rotation(item, region)
    return [Resource(TYPE, item["ARN"], None, attrs, region=region), *([found] if found else [])]


SCAN = ScanSpec(
    name="secretsmanager_secrets",
    service="secretsmanager",
    listing=ListCall("list_secrets", "SecretList", page_size=100),
    details=(
        DetailCall(
            "policy",
            "get_resource_policy",
            lambda item: {"SecretId": item["ARN"]},
            when=lambda item: not item.get("DeletedDate"),
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "policy" in out:
        out["policy"] = canonical_policy(out["policy"])
    if "kms_key_id" in out:
        out["kms_key_id"] = key_id(out["kms_key_id"])
    if "description" in out and out["description"] is None:
        out["description"] = ""
    return out


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::SecretsManager::Secret: its metadata (SecretString and
    GenerateSecretString are never read)."""
    p = d.props
    attrs = {
        "name": p.get("Name"),
        "description": p.get("Description"),
        "kms_key_id": p.get("KmsKeyId"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "Description": a.get("description") or None,
        "KmsKeyId": a.get("kms_key_id"),
        "Tags": cfn_tags(a),
    }


# The external name is the secret's ARN once AWS assigned it: then the explicit id.
_xp_external_name = xp_prefixed("arn:")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "description": s.get("description"),
        "kms_key_id": c.ref(s.get("kmsKeyID"), s.get("kmsKeyRef"), "Key", ("arn",)),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("arn"))]


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"SecretId": ctx.id}
    if "description" in after:
        params["Description"] = after.get("description") or ""
    if after.get("kms_key_id"):
        params["KmsKeyId"] = after["kms_key_id"]
    return [ctx.call("secretsmanager", "update_secret", **params)]


def _policy(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    if after.get("policy") is None:
        return [ctx.call("secretsmanager", "delete_resource_policy", SecretId=ctx.id)]
    doc = json_text(after["policy"])
    return [ctx.call("secretsmanager", "put_resource_policy", SecretId=ctx.id, ResourcePolicy=doc)]


_TAGS = tagger(
    "secretsmanager",
    ("tag_resource", "Tags"),
    ("untag_resource", "TagKeys"),
    lambda ctx, attrs: {"SecretId": ctx.id},
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    """A secret with no value: its value is never known to driftctl (put one back by hand)."""
    params: dict[str, Any] = {"Name": desired["name"]}
    if desired.get("description"):
        params["Description"] = desired["description"]
    if desired.get("kms_key_id"):
        params["KmsKeyId"] = desired["kms_key_id"]
    outputs = {f"{ctx.label}.arn": "ARN"}
    return [ctx.producing(outputs, "secretsmanager", "create_secret", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return {**desired, "policy": None, "tags": {}}


def _new_arn(ctx: Ctx, desired: Attrs) -> Pending:
    return Pending(f"{ctx.label}.arn")


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """Scheduled with a 30-day recovery window (restorable), never forced."""
    params = {"SecretId": ctx.id, "RecoveryWindowInDays": 30}
    return [ctx.call("secretsmanager", "delete_secret", **params)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """another AWS service owns it"""
    owner = live.get("owning_service")
    return f"cannot delete {ctx.label}: owned by {owner}" if owner else None


def _describe(answer: Any) -> Item | None:
    if not answer:
        return None
    return {k: v for k, v in answer.items() if k != "ResponseMetadata"}


EMITS = (TYPE,)

EVENTS = Events(
    source="secretsmanager.amazonaws.com",
    service="secretsmanager",
    create=("CreateSecret",),
    change=(
        "UpdateSecret",
        "PutResourcePolicy",
        "DeleteResourcePolicy",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteSecret",),
    ids=(
        "responseElements.aRN",
        "requestParameters.secretId",
    ),
    touches={
        "PutResourcePolicy": frozenset({"policy"}),
        "DeleteResourcePolicy": frozenset({"policy"}),
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            holds_data=True,
            compared=COMPARED,
            exact=frozenset({"tags", "policy"}),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=("name", "name_prefix"),
            declared_defaults={"description": "", "tags": {}},
            normalize=_normalize,
            is_aws_default=lambda r: bool(r.attrs.get("owning_service")),
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            tags=True,
            documents=frozenset({"policy"}),
            computed=frozenset({"arn", "name"}),
            id_doc="ARN",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("description", "kms_key_id"), _update),
                Updater(("policy",), _policy),
                Updater(("tags",), _TAGS),
            ),
            fixed={"name": REPLACE},
            create=Create(_create, _fresh, _new_arn, ("name",)),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            "secretsmanager",
            "describe_secret",
            lambda rid: {"SecretId": rid},
            _describe,
            GONE,
        )
    },
    cfn=(
        CfnType(
            "AWS::SecretsManager::Secret",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Id": ("id",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("Description",)),
                    "kms_key_id": ("scalar", ("KmsKeyId",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "secretsmanager",
            "Secret",
            TYPE,
            external_name=_xp_external_name,
            refs={"kmsKeyId": ("Key", ("arn",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
                "kms_key_id": ("scalar", ("kmsKeyId",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "secretsmanager",
            "Secret",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "description": ("scalar", ("description",)),
                    "kms_key_id": ("scalar", ("kmsKeyID",)),
                }
            },
        ),
    ),
)
