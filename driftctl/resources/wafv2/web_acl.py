"""aws_wafv2_web_acl: a WAFv2 web ACL: its name, scope, description, default action,
visibility (CloudWatch metrics) configuration, rules and tags.

Live: ListWebACLs pages (by its NextMarker, 100 a page) with the REGIONAL scope in each
region, plus GetWebACL (the rules) and ListTagsForResource per ACL. AWS makes no web ACLs
of its own (Firewall Manager's are a policy's, not told apart yet). Web ACLs of the
CLOUDFRONT scope (held in us-east-1) are not read yet: a declaration with
`scope = "CLOUDFRONT"` is left out of the comparison.

The rules are a nested document: AWS's JSON is read into Terraform's block shape (every
object a block, snake-case names, TextTransformations as `text_transformation`, ...) and
compared whole, with rules ordered by priority (Terraform holds them as a set), text
transformations too: a rule added, removed, reordered or whose action, statement or
visibility changed is drift. Values AWS fills where a rule leaves them unset (a
rate-based statement's 300-second window and IP aggregation, a body's CONTINUE oversize
handling, a rule's empty CAPTCHA or challenge configuration) are dropped on both sides.
Rules declared as `rule_json` (the AWS JSON) are compared alike. The ACL's custom
response bodies, CAPTCHA and challenge configurations, token domains and association
configuration are not compared yet.

Revert: UpdateWebACL puts back the description, default action, visibility and rules,
against the lock token GetWebACL answers when the plan is made, keeping what it read of
the rest (AWS replaces the whole ACL); tags by Tag/UntagResource; name and scope are fixed
at creation (replace needed: a human decides).
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, new_id, pending, xp_prefixed
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
    rule_json,
    rules,
    tag_list,
    tags_updater,
    to_aws,
)

TYPE = "aws_wafv2_web_acl"
DOCUMENT = ("default_action", "visibility_config", "rule")
COMPARED = frozenset({"name", "scope", "description", *DOCUMENT, "tags"})
# what UpdateWebACL would reset if not sent again: carried over from GetWebACL's answer
KEPT = (
    "CustomResponseBodies",
    "CaptchaConfig",
    "ChallengeConfig",
    "TokenDomains",
    "AssociationConfig",
    "DataProtectionConfig",
)


def build(item: Item, found: Details, region: str) -> list[Resource]:
    acl = (found.get("acl") or {}).get("WebACL") or {}
    tags = tag_list(found)
    if not acl:
        return []
    attrs = {
        "name": item["Name"],
        "scope": SCOPE,
        "description": acl.get("Description") or "",
        "default_action": from_aws(acl.get("DefaultAction") or {}),
        "visibility_config": from_aws(acl.get("VisibilityConfig") or {}),
        "rule": rules(acl.get("Rules")),
        "tags": tag_dict(tags),
        **cfn_identity(tags),
        "arn": item.get("ARN"),
        "lock_token": item.get("LockToken"),
        "capacity": acl.get("Capacity"),
    }
    return [Resource(TYPE, item["Id"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="wafv2_web_acls",
    service=SERVICE,
    listing=listing("list_web_acls", "WebACLs"),
    details=details("acl", "get_web_acl"),
    build=build,
    tags_detail="tags",
)


def _convert(raw: RawResource) -> list[Resource]:
    a = raw.attrs
    if a.get("scope") == "CLOUDFRONT":
        return []  # not read live yet (see the docstring)
    attrs = {k: v for k, v in a.items() if k in COMPARED}
    if "rule" not in attrs and a.get("rule_json") is not None:
        attrs["rule"] = rule_json(a["rule_json"])
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


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
            "description": p.get("Description"),
            "default_action": _aws_doc(p.get("DefaultAction")),
            "visibility_config": _aws_doc(p.get("VisibilityConfig")),
            "rule": rules(p.get("Rules")),
            "tags": d.tags(),
        },
    )


def _aws_acl(a: dict[str, Any]) -> dict[str, Any]:
    """DefaultAction, VisibilityConfig and Rules as AWS (and CloudFormation) hold them."""
    return {
        "DefaultAction": to_aws(a.get("default_action") or [{"allow": [{}]}], "DefaultAction"),
        **aws_rules(a),
    }


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "Scope": a.get("scope") or SCOPE,
        "Description": a.get("description") or None,
        **_aws_acl(a),
        "Tags": cfn_tags(a),
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    if s.get("scope") == "CLOUDFRONT":
        return []
    attrs = {
        "name": c.name(),
        "scope": s.get("scope"),
        "description": s.get("description"),
        "default_action": _aws_doc(s.get("defaultAction")),
        "visibility_config": _aws_doc(s.get("visibilityConfig")),
        "rule": rules(s.get("rules")) if s.get("rules") is not None else None,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    held = (ctx.facts.get("acl") or {}).get("WebACL") or {}
    params: dict[str, Any] = {
        "Name": before.get("name") or after.get("name"),
        "Scope": SCOPE,
        "Id": ctx.id,
        **{k: held[k] for k in KEPT if held.get(k)},
        **_aws_acl(after),
        "LockToken": lock_token(ctx, before, "acl"),
    }
    if after.get("description"):
        params["Description"] = after["description"]
    return [ctx.call(SERVICE, "update_web_acl", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Name": desired["name"], "Scope": SCOPE, **_aws_acl(desired)}
    if desired.get("description"):
        params["Description"] = desired["description"]
    if desired.get("tags"):
        params["Tags"] = aws_tags(desired["tags"])
    output = {pending(ctx).name: "Summary.Id"}
    return [ctx.producing(output, SERVICE, "create_web_acl", **params)]


EMITS = (TYPE,)
EVENTS = events("WebACL")

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
            normalize=normalizer(DOCUMENT),
            from_terraform={TYPE: _convert},
            tags=True,
            computed=frozenset({"arn", "lock_token", "capacity"}),
            id_doc="web ACL id (a UUID)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("description", *DOCUMENT), _update),
                tags_updater("webacl"),
            ),
            fixed={"name": REPLACE, "scope": REPLACE},
            create=Create(_create, dict, new_id),
            delete=Delete(deleter("delete_web_acl", "acl")),
            facts=(Fact("acl", SERVICE, "get_web_acl", located, frozenset({"update", "delete"})),),
        ),
    ),
    readers={SCAN.name: read_one(SCAN, "list_web_acls", "WebACLs")},
    cfn=(
        CfnType(
            "AWS::WAFv2::WebACL",
            _cfn,
            emits=EMITS,
            getatt={"Arn": ("arn",), "Id": ("id",), "Capacity": ("capacity",)},
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
    crossplane=(
        CrossplaneKind(
            "wafv2",
            "WebACL",
            TYPE,
            external_name=xp_prefixed(),
            tagged=True,
            fields={
                "description": ("scalar", ("description",)),
                "tags": ("map", ("tags",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "wafv2",
            "WebACL",
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
