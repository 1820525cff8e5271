"""aws_wafv2_rule_group: a WAFv2 rule group (rules a web ACL references as one): its name,
scope, capacity, description, visibility (CloudWatch metrics) configuration, rules and
tags.

Live: ListRuleGroups pages (by its NextMarker, 100 a page) with the REGIONAL scope in each
region, plus GetRuleGroup (the rules) and ListTagsForResource per group. AWS makes no rule
groups in an account of its own (its managed rule groups are AWS's, not listed there).
Groups of the CLOUDFRONT scope (held in us-east-1) are not read yet: a declaration with
`scope = "CLOUDFRONT"` is left out of the comparison.

The rules are compared whole as a web ACL's are (common.py): AWS's JSON in Terraform's
block shape, rules and text transformations ordered by priority, the values AWS fills
where a rule leaves them unset dropped on both sides. The custom response bodies are not
compared yet. No Crossplane kind is mapped: whether Upbound's provider serves one (its
rule groups nest as deep as the web ACL's rules) is not verified.

Revert: UpdateRuleGroup puts back the description, visibility and rules, against the lock
token GetRuleGroup answers when the plan is made, keeping the custom response bodies it
read (AWS replaces the whole group); tags by Tag/UntagResource; name, scope and capacity
are fixed at creation (replace needed: a human decides).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.family import AckKind, CfnType, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, new_id, pending
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.wafv2.common import (
    SCOPE,
    SERVICE,
    aws_rules,
    aws_tags,
    deleter,
    details,
    events,
    from_aws,
    listing,
    located,
    lock_token,
    normalizer,
    read_one,
    rules,
    tag_list,
    tags_updater,
)

TYPE = "aws_wafv2_rule_group"
DOCUMENT = ("visibility_config", "rule")
COMPARED = frozenset({"name", "scope", "capacity", "description", *DOCUMENT, "tags"})


def build(item: Item, found: Details, region: str) -> list[Resource]:
    group = (found.get("group") or {}).get("RuleGroup") or {}
    tags = tag_list(found)
    if not group:
        return []
    attrs = {
        "name": item["Name"],
        "scope": SCOPE,
        "capacity": group.get("Capacity"),
        "description": group.get("Description") or "",
        "visibility_config": from_aws(group.get("VisibilityConfig") or {}),
        "rule": rules(group.get("Rules")),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": item.get("ARN"),
        "lock_token": item.get("LockToken"),
    }
    return [Resource(TYPE, item["Id"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="wafv2_rule_groups",
    service=SERVICE,
    listing=listing("list_rule_groups", "RuleGroups"),
    details=details("group", "get_rule_group"),
    build=build,
    tags_detail="tags",
)

_normalize_documents = normalizer(DOCUMENT)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The rules as a web ACL's; the capacity a number (CloudFormation's may be text)."""
    out = _normalize_documents(attrs)
    if isinstance(out.get("capacity"), str) and out["capacity"].isdigit():
        out["capacity"] = int(out["capacity"])
    return out


def _convert(raw: RawResource) -> list[Resource]:
    if raw.attrs.get("scope") == "CLOUDFRONT":
        return []  # not read live yet (see the docstring)
    return keep(TYPE, COMPARED)(raw)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _aws_doc(value: Any) -> Any:
    return from_aws(value) if isinstance(value, dict) else None


def _cfn(d: Declaring) -> None:
    p = d.props
    if p.get("Scope") == "CLOUDFRONT":
        return
    d.emit(
        TYPE,
        {
            "name": p.get("Name"),
            "scope": p.get("Scope"),
            "capacity": p.get("Capacity"),
            "description": p.get("Description"),
            "visibility_config": _aws_doc(p.get("VisibilityConfig")),
            "rule": rules(p.get("Rules")),
            "tags": d.tags(),
        },
    )


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "Scope": a.get("scope") or SCOPE,
        "Capacity": a.get("capacity"),
        "Description": a.get("description") or None,
        **aws_rules(a),
        "Tags": cfn_tags(a),
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    if s.get("scope") == "CLOUDFRONT":
        return []
    attrs = {
        "name": c.name(),
        "scope": s.get("scope"),
        "capacity": s.get("capacity"),
        "description": s.get("description"),
        "visibility_config": _aws_doc(s.get("visibilityConfig")),
        "rule": rules(s.get("rules")) if s.get("rules") is not None else None,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    held = (ctx.facts.get("group") or {}).get("RuleGroup") or {}
    params: dict[str, Any] = {
        "Name": before.get("name") or after.get("name"),
        "Scope": SCOPE,
        "Id": ctx.id,
        **aws_rules(after),
        "LockToken": lock_token(ctx, before, "group"),
    }
    if held.get("CustomResponseBodies"):
        params["CustomResponseBodies"] = held["CustomResponseBodies"]
    if after.get("description"):
        params["Description"] = after["description"]
    return [ctx.call(SERVICE, "update_rule_group", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "Name": desired["name"],
        "Scope": SCOPE,
        "Capacity": desired.get("capacity"),
        **aws_rules(desired),
    }
    if desired.get("description"):
        params["Description"] = desired["description"]
    if desired.get("tags"):
        params["Tags"] = aws_tags(desired["tags"])
    output = {pending(ctx).name: "Summary.Id"}
    return [ctx.producing(output, SERVICE, "create_rule_group", **params)]


EMITS = (TYPE,)
EVENTS = events("RuleGroup")

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", *DOCUMENT}),
            natural_keys=(CFN_KEY, ("name", "scope")),
            declared_defaults={"tags": {}, "rule": [], "description": ""},
            normalize=_normalize,
            from_terraform={TYPE: _convert},
            tags=True,
            computed=frozenset({"arn", "lock_token"}),
            id_doc="rule group id (a UUID)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("description", *DOCUMENT), _update),
                tags_updater("rulegroup"),
            ),
            fixed={"name": REPLACE, "scope": REPLACE, "capacity": REPLACE},
            create=Create(_create, dict, new_id),
            delete=Delete(deleter("delete_rule_group", "group")),
            facts=(
                Fact("group", SERVICE, "get_rule_group", located, frozenset({"update", "delete"})),
            ),
        ),
    ),
    readers={SCAN.name: read_one(SCAN, "list_rule_groups", "RuleGroups")},
    cfn=(
        CfnType(
            "AWS::WAFv2::RuleGroup",
            _cfn,
            emits=EMITS,
            getatt={"Arn": ("arn",), "Id": ("id",)},
            name_attr="name",
            properties={
                TYPE: {
                    "description": ("scalar", ("Description",)),
                    "tags": ("tags", ("Tags",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    ack=(
        AckKind(
            "wafv2",
            "RuleGroup",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "description": ("scalar", ("description",)),
                    "tags": ("tag_list", ("tags",)),
                }
            },
        ),
    ),
)
