"""aws_organizations_policy: a policy of the organization (a service control policy, a
resource control, tag, backup or AI-services opt-out policy): its name, description,
type, content (a JSON document) and tags.

Live: ListRoots (nothing here for an account in no organization, or a member account:
organizations/common.py), ListPolicies pages for each of the five types, then per policy
of the organization's own DescribePolicy (the content no list call carries) and
ListTagsForResource, and ListTargetsForPolicy pages per policy (its attachments,
policy_attachment.py). The policies AWS manages (FullAWSAccess, RCPFullAWSAccess) are
AWS's own: never unmanaged, their content not read. Policies of the newer types
(Chatbot, declarative, Security Hub, ...) are not read yet. The content is compared as
a JSON document, as Terraform compares it. Name, description and content are put back
with UpdatePolicy, tags with TagResource/UntagResource; the type cannot change ("replace
needed"); a deleted policy is created again. CloudFormation's AWS::Organizations::Policy
and Crossplane's Policy declare it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Pending, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, documents, json_text, keep, pairs, xp_prefixed
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    cfn_identity,
)
from driftctl.core.model import Ref, Resource
from driftctl.resources.organizations import policy_attachment
from driftctl.resources.organizations.common import ROOTS, items, org_tagger, tags_detail, tags_of

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_organizations_policy"
COMPARED = frozenset({"name", "description", "type", "content", "tags"})
GONE = frozenset({"PolicyNotFoundException"})
# the types read (the ones every region and the emulators know)
KINDS = (
    "SERVICE_CONTROL_POLICY",
    "RESOURCE_CONTROL_POLICY",
    "TAG_POLICY",
    "BACKUP_POLICY",
    "AISERVICES_OPT_OUT_POLICY",
)


def own(answer: Any) -> list[dict[str, Any]]:
    """The organization's own policies among ListPolicies' answers (not AWS's)."""
    return [p for p in items(answer, "Policies") if not p.get("AwsManaged")]


def live(summary: dict[str, Any], content: Any, tags: Any) -> Resource:
    raw_tags = items(tags, "Tags")
    attrs = {
        "name": summary["Name"],
        "description": summary.get("Description") or "",
        "type": summary.get("Type"),
        "content": content,
        "tags": tags_of(tags),
        **cfn_identity(raw_tags),
        "aws_managed": bool(summary.get("AwsManaged")),
        "arn": summary.get("Arn"),
    }
    return Resource(TYPE, summary["Id"], None, attrs)


def policies(item: Item, details: Details) -> list[Resource]:
    """The policies of one root's scan (the organization's own, then AWS's)."""
    listed = items(details.get("policies"), "Policies")
    mine = own(details.get("policies"))
    contents = list(details.get("contents") or ())
    tags = list(details.get("tags") or ())
    out = []
    for index, summary in enumerate(mine):
        found = contents[index] if index < len(contents) else None
        content = ((found or {}).get("Policy") or {}).get("Content")
        out.append(live(summary, content, tags[index] if index < len(tags) else None))
    out += [live(s, None, None) for s in listed if s.get("AwsManaged")]
    targets = list(details.get("targets") or ())
    for index, summary in enumerate(listed):
        answer = targets[index] if index < len(targets) else None
        out += [policy_attachment.live(summary, t) for t in items(answer, "Targets")]
    return out


def build(item: Item, details: Details, region: str) -> list[Resource]:
    return policies(item, details)


SCAN = ScanSpec(
    name="organizations_policies",
    service="organizations",
    global_service=True,
    listing=ROOTS,
    details=(
        DetailCall(
            "policies",
            "list_policies",
            lambda item: [{"Filter": kind} for kind in KINDS],
            paged=True,
            batch=1,
        ),
        DetailCall(
            "contents",
            "describe_policy",
            lambda item: [{"PolicyId": p["Id"]} for p in own(item["policies"])],
            needs="policies",
            batch=1,
        ),
        tags_detail("tags", "policies", lambda answer: [p["Id"] for p in own(answer)]),
        DetailCall(
            "targets",
            "list_targets_for_policy",
            lambda item: [{"PolicyId": p["Id"]} for p in items(item["policies"], "Policies")],
            needs="policies",
            paged=True,
            batch=1,
        ),
    ),
    build=build,
)


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("Name"),
        "description": p.get("Description"),
        "type": p.get("Type"),
        "content": p.get("Content"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)
    policy_id = Ref(d.logical, ("id",))
    for target in p.get("TargetIds") or ():
        attachment = {"policy_id": policy_id, "target_id": target}
        d.emit(policy_attachment.TYPE, attachment, owner=TYPE)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "Description": a.get("description") or None,
        "Type": a.get("type"),
        "Content": a.get("content"),
        "Tags": cfn_tags(a),
    }


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"PolicyId": ctx.id, "Name": after["name"]}
    params["Description"] = after.get("description") or ""
    params["Content"] = json_text(after.get("content"))
    return [ctx.call("organizations", "update_policy", **params)]


def _pending(ctx: Ctx) -> Pending:
    return Pending(f"{ctx.label}.id")


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "Name": desired["name"],
        "Description": desired.get("description") or "",
        "Type": desired.get("type") or "SERVICE_CONTROL_POLICY",
        "Content": json_text(desired.get("content")),
    }
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    outputs = {_pending(ctx).name: "Policy.PolicySummary.Id"}
    return [ctx.producing(outputs, "organizations", "create_policy", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> Pending:
    return _pending(ctx)


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("organizations", "delete_policy", PolicyId=ctx.id)]


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One policy: DescribePolicy, its tags (ListTagsForResource) and targets."""
    found = reader.call(
        "organizations", unit.region, "describe_policy", {"PolicyId": unit.id}, gone=GONE
    )["Policy"]
    summary = found["PolicySummary"]
    tags = None
    if not summary.get("AwsManaged"):
        by_id = {"ResourceId": unit.id}
        tags = reader.paged("organizations", unit.region, "list_tags_for_resource", by_id)
    content = found.get("Content") if not summary.get("AwsManaged") else None
    by_policy = {"PolicyId": unit.id}
    targets = reader.paged("organizations", unit.region, "list_targets_for_policy", by_policy)
    attached = [policy_attachment.live(summary, t) for t in items(targets, "Targets")]
    return [live(summary, content, tags), *attached]


EVENTS = Events(
    source="organizations.amazonaws.com",
    service="organizations",
    create=("CreatePolicy",),
    change=("UpdatePolicy", "TagResource", "UntagResource"),
    delete=("DeletePolicy",),
    ids=(
        "requestParameters.policyId",
        "responseElements.policy.policySummary.id",
        "requestParameters.resourceId",
    ),
    touches={"TagResource": frozenset({"tags"}), "UntagResource": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "content"}),
            natural_keys=(CFN_KEY, ("type", "name")),
            declared_defaults={"type": "SERVICE_CONTROL_POLICY", "description": "", "tags": {}},
            normalize=documents("content"),
            is_aws_default=lambda r: bool(r.attrs.get("aws_managed")),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            documents=frozenset({"content"}),
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="`p-…`",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("name", "description", "content"), _update),
                Updater(("tags",), org_tagger()),
            ),
            fixed={"type": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "content")),
            delete=Delete(_delete, children_first=True),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Organizations::Policy",
            _cfn,
            emits=(TYPE, policy_attachment.TYPE),
            ref=("id",),
            getatt={"Arn": ("arn",), "Id": ("id",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "description": ("scalar", ("Description",)),
                    "content": ("document", ("Content",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "organizations",
            "Policy",
            TYPE,
            regional=False,
            external_name=xp_prefixed("p-"),
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
                "content": ("scalar", ("content",)),
            },
            importable=True,
        ),
    ),
)
