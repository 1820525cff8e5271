"""aws_iam_policy: a customer-managed policy: its name, path, description, document, tags.

Live: GetAccountAuthorizationDetails pages (the default version's document), plus
ListPolicyTags per policy (the batch call carries no policy tags). Only local policies
are listed: AWS-managed policies are never unmanaged. A document is reverted with a new
default version; when the policy already has AWS's maximum of five versions, the oldest
non-default one is deleted first (its document is read into the plan, so the journal
keeps it). A policy attached to anything is never deleted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Pending, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import keep
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater, document
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Ref, Resource
from driftctl.resources.iam.common import (
    DELETE,
    GENERATED,
    MOVE,
    PREFIX,
    auth_details,
    fresh,
    iam_tagger,
    normalize_documents,
    optional,
    tags_param,
)

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_iam_policy"
COMPARED = frozenset({"name", "path", "description", "policy", "tags"})
MAX_POLICY_VERSIONS = 5


def build(item: Item, details: Details, region: str) -> list[Resource]:
    default = [v for v in item.get("PolicyVersionList") or () if v.get("IsDefaultVersion")]
    attrs = {
        # the name is the ARN's last segment (some emulators leave PolicyName out)
        "name": item.get("PolicyName") or item["Arn"].rsplit("/", 1)[-1],
        "path": item.get("Path", "/"),
        "description": item.get("Description", ""),
        "policy": default[0].get("Document") if default else None,
        "tags": tag_dict((details.get("tags") or {}).get("Tags")),
        **cfn_identity((details.get("tags") or {}).get("Tags")),
        "arn": item["Arn"],
    }
    return [Resource(TYPE, item["Arn"], None, attrs)]


SCAN = ScanSpec(
    name="iam_policies",
    service="iam",
    global_service=True,
    listing=auth_details("Policies"),
    details=(DetailCall("tags", "list_policy_tags", lambda item: {"PolicyArn": item["Arn"]}),),
    build=build,
)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::IAM::ManagedPolicy: the policy, and an attachment per role (user, group) named."""
    p = d.props
    attrs = {
        "name": p.get("ManagedPolicyName"),
        "description": p.get("Description"),
        "path": p.get("Path"),
        "policy": p.get("PolicyDocument"),
    }
    d.emit(TYPE, attrs)
    arn = Ref(d.logical, ("arn",))
    for who in ("role", "user", "group"):
        for principal in p.get(f"{who.capitalize()}s") or ():
            attachment = {who: principal, "policy_arn": arn}
            d.emit(f"aws_iam_{who}_policy_attachment", attachment, owner=TYPE)


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The external name is the policy's name (its id is its ARN, so the name is the
    natural key); older providers used the ARN itself, which is then the explicit id."""
    found = external or name
    if found.startswith("arn:"):
        attrs["name"] = found.rsplit("/", 1)[-1]
        return found
    attrs["name"] = found
    return None


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "policy": s.get("policyDocument"),
        "description": s.get("description"),
        "path": s.get("path"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("arn"))]


# --- revert ---------------------------------------------------------------------------------


def _versions(ctx: Ctx) -> list[dict[str, Any]]:
    return list((ctx.facts.get("versions") or {}).get("Versions") or [])


def _version_number(version: dict[str, Any]) -> int:
    text = str(version.get("VersionId", "v0")).lstrip("v")
    return int(text) if text.isdigit() else 0


def oldest_spare_version(versions: list[dict[str, Any]]) -> str | None:
    """The version to delete before a new one fits, when the policy has the maximum."""
    if len(versions) < MAX_POLICY_VERSIONS:
        return None
    spare = [v for v in versions if not v.get("IsDefaultVersion")]
    return str(min(spare, key=_version_number)["VersionId"]) if spare else None


def _oldest_params(ctx: Ctx, live: Attrs) -> dict[str, Any] | None:
    oldest = oldest_spare_version(_versions(ctx))
    return {"PolicyArn": ctx.id, "VersionId": oldest} if oldest else None


def _document(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    out = []
    oldest = oldest_spare_version(_versions(ctx))
    if oldest:
        out.append(ctx.call("iam", "delete_policy_version", PolicyArn=ctx.id, VersionId=oldest))
    doc = document(after["policy"])
    params = {"PolicyArn": ctx.id, "PolicyDocument": doc, "SetAsDefault": True}
    out.append(ctx.call("iam", "create_policy_version", **params))
    return out


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "PolicyName": desired["name"],
        "Path": desired.get("path") or "/",
        "PolicyDocument": document(desired["policy"]),
        **optional(desired, Description="description"),
        **tags_param(desired),
    }
    outputs = {f"{ctx.label}.arn": "Policy.Arn"}
    return [ctx.producing(outputs, "iam", "create_policy", **params)]


def _new_arn(ctx: Ctx, desired: Attrs) -> Pending:
    return Pending(f"{ctx.label}.arn")


def _attached(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """it is attached to a group, user or role"""
    entities = ctx.facts.get("entities") or {}
    names = sorted(
        [f"group {g['GroupName']}" for g in entities.get("PolicyGroups") or ()]
        + [f"user {u['UserName']}" for u in entities.get("PolicyUsers") or ()]
        + [f"role {r['RoleName']}" for r in entities.get("PolicyRoles") or ()]
    )
    if names:
        return f"cannot delete policy {ctx.id}: attached to {', '.join(names)} (detach it first)"
    return None


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    spare = sorted(
        (v for v in _versions(ctx) if not v.get("IsDefaultVersion")), key=_version_number
    )
    out = [
        ctx.call("iam", "delete_policy_version", PolicyArn=ctx.id, VersionId=v["VersionId"])
        for v in spare
    ]
    out.append(ctx.call("iam", "delete_policy", PolicyArn=ctx.id))
    return out


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One policy by ARN: its default version's document and its tags."""
    arn, region = {"PolicyArn": unit.id}, unit.region
    policy = reader.call("iam", region, "get_policy", arn, gone=reader.NO_ENTITY)["Policy"]
    version = reader.call(
        "iam", region, "get_policy_version", {**arn, "VersionId": policy["DefaultVersionId"]}
    )["PolicyVersion"]
    item = {**policy, "PolicyVersionList": [{"IsDefaultVersion": True, **version}]}
    tags = {"Tags": reader.pages("iam", region, "list_policy_tags", arn, "Tags")}
    return build(item, {"tags": tags}, region)


_XP_FIELDS = {
    "tags": ("map", ("tags",)),
    "description": ("scalar", ("description",)),
    "path": ("scalar", ("path",)),
}

EMITS = (TYPE,)

EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("CreatePolicy",),
    change=(
        "CreatePolicyVersion",
        "SetDefaultPolicyVersion",
        "TagPolicy",
        "UntagPolicy",
    ),
    delete=("DeletePolicy",),
    ids=(
        "responseElements.policy.arn",
        "requestParameters.policyArn",
    ),
    touches={
        "CreatePolicyVersion": frozenset({"policy"}),
        "SetDefaultPolicyVersion": frozenset({"policy"}),
        "TagPolicy": frozenset({"tags"}),
        "UntagPolicy": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "policy"}),
            natural_keys=(CFN_KEY, ("name",)),
            name_prefix=GENERATED,
            declared_defaults={"path": "/", "tags": {}},
            normalize=normalize_documents("policy"),
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
                Updater(("policy",), _document),
                Updater(("tags",), iam_tagger("policy", "PolicyArn")),
            ),
            fixed={
                "name": MOVE,
                "path": MOVE,
                "description": "IAM cannot change a managed policy's description (re-create it)",
            },
            create=Create(_create, fresh, _new_arn, ("name", "policy")),
            delete=Delete(_delete, _attached),
            facts=(
                Fact(
                    "versions",
                    "iam",
                    "list_policy_versions",
                    lambda ctx, live: {"PolicyArn": ctx.id},
                    frozenset({"update", "delete"}),
                ),
                # the document of the version a new one replaces: kept in the journal
                Fact(
                    "replaced_version",
                    "iam",
                    "get_policy_version",
                    _oldest_params,
                    frozenset({"update"}),
                ),
                Fact(
                    "entities",
                    "iam",
                    "list_entities_for_policy",
                    lambda ctx, live: {"PolicyArn": ctx.id},
                    DELETE,
                ),
            ),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::IAM::ManagedPolicy",
            _cfn,
            emits=(
                TYPE,
                "aws_iam_role_policy_attachment",
                "aws_iam_group_policy_attachment",
                "aws_iam_user_policy_attachment",
            ),
            ref=("arn",),
            getatt={"PolicyArn": ("arn",)},
            name_attr="name",
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "Policy",
            TYPE,
            regional=False,
            external_name=_xp_external_name,
            tagged=True,
            fields=_XP_FIELDS,
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "iam",
            "Policy",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "description": ("scalar", ("description",)),
                    "path": ("scalar", ("path",)),
                }
            },
        ),
    ),
)
