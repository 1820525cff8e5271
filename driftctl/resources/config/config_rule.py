"""aws_config_config_rule: an AWS Config rule: what it evaluates (an AWS managed rule or
a custom Lambda's, with its triggers), its parameters, how often it runs, which
resources it looks at (scope), and tags.

Live: DescribeConfigRules pages (25 a call) and ListTagsForResource per rule. A rule an
AWS service created (Security Hub's, a conformance pack's, Control Tower's: the rule
names it in `CreatedBy`) is AWS's own: never unmanaged. The parameters are compared as a
JSON document (`{}` is none). A Guard custom policy's text (GetCustomRulePolicy) and
the evaluation modes are not compared. Everything but the name is put back with
PutConfigRule (the whole rule), tags with TagResource and UntagResource; a rule cannot be
renamed ("replace needed"); a deleted rule is put again.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import (
    REPLACE,
    json_document,
    json_text,
    keep,
    pairs,
    reader,
    tagger,
    xp_same_name,
)
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    first_block,
    tag_dict,
)
from driftctl.core.model import Resource, Unknown

TYPE = "aws_config_config_rule"
SETTINGS = frozenset(
    {"description", "input_parameters", "maximum_execution_frequency", "scope", "source"}
)
COMPARED = SETTINGS | {"name", "tags"}
GONE = frozenset({"NoSuchConfigRuleException"})
TAGS_GONE = frozenset({"ResourceNotFoundException"})
SCOPE = {
    "compliance_resource_types": "ComplianceResourceTypes",
    "tag_key": "TagKey",
    "tag_value": "TagValue",
    "compliance_resource_id": "ComplianceResourceId",
}
DETAIL = {
    "event_source": "EventSource",
    "message_type": "MessageType",
    "maximum_execution_frequency": "MaximumExecutionFrequency",
}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    scope = item.get("Scope")
    source = item.get("Source") or {}
    tags = (details.get("tags") or {}).get("Tags")
    attrs: dict[str, Any] = {
        "name": item["ConfigRuleName"],
        "description": item.get("Description"),
        "input_parameters": item.get("InputParameters"),
        "maximum_execution_frequency": item.get("MaximumExecutionFrequency"),
        "scope": {n: scope.get(k) for n, k in SCOPE.items()} if scope else None,
        "source": {
            "owner": source.get("Owner"),
            "source_identifier": source.get("SourceIdentifier"),
            "source_detail": [
                {n: d.get(k) for n, k in DETAIL.items()} for d in source.get("SourceDetails") or ()
            ],
        },
        "tags": tag_dict(tags),
        "arn": item.get("ConfigRuleArn"),
        "rule_id": item.get("ConfigRuleId"),
        "created_by": item.get("CreatedBy"),
    }
    return [Resource(TYPE, item["ConfigRuleName"], None, attrs, region=region)]


def _arn(item: Item) -> str:
    return str(item["ConfigRuleArn"])


SCAN = ScanSpec(
    name="config_rules",
    service="config",
    listing=ListCall("describe_config_rules", "ConfigRules"),
    details=(
        DetailCall("tags", "list_tags_for_resource", lambda i: {"ResourceArn": _arn(i)}, TAGS_GONE),
    ),
    build=build,
    tags_detail="tags",
)


def _text(value: Any) -> Any:
    return None if value in ("", None) else value


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Empty text as none; parameters as a document (`{}`: none); the scope and source
    as one block each, their lists sorted."""
    out = dict(attrs)
    for name in ("description", "maximum_execution_frequency"):
        if name in out:
            out[name] = _text(out[name])
    if "input_parameters" in out:
        doc = json_document(_text(out["input_parameters"]))
        out["input_parameters"] = doc or None
    if out.get("scope") is not None:
        block = first_block(out["scope"])
        scope = {n: _text(block.get(n)) for n in SCOPE}
        scope["compliance_resource_types"] = sorted(block.get("compliance_resource_types") or ())
        empty = not any(v for v in scope.values())
        out["scope"] = None if empty else scope
    if out.get("source") is not None:
        block = first_block(out["source"])
        found = [
            {n: _text(d.get(n)) for n in DETAIL}
            for d in block.get("source_detail") or ()
            if isinstance(d, dict)
        ]
        for d in found:
            d["event_source"] = d["event_source"] or "aws.config"
        out["source"] = {
            "owner": block.get("owner"),
            "source_identifier": _text(block.get("source_identifier")),
            "source_detail": sorted(found, key=lambda d: sorted((k, str(v)) for k, v in d.items())),
        }
    return out


def _is_aws_default(r: Resource) -> bool:
    """A rule an AWS service made (Security Hub, a conformance pack, Control Tower)."""
    return bool(r.attrs.get("created_by"))


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    scope = p.get("Scope")
    source = p.get("Source")
    attrs: dict[str, Any] = {
        "name": p.get("ConfigRuleName"),
        "description": p.get("Description"),
        "input_parameters": p.get("InputParameters"),
        "maximum_execution_frequency": p.get("MaximumExecutionFrequency"),
        # AWS::Config::ConfigRule has no Tags: whatever tags it has are not its declaration's
        "tags": Unknown("CloudFormation declares no tags on a config rule"),
    }
    if isinstance(scope, dict):
        attrs["scope"] = {n: scope.get(k) for n, k in SCOPE.items()}
    if isinstance(source, dict):
        attrs["source"] = {
            "owner": source.get("Owner"),
            "source_identifier": source.get("SourceIdentifier"),
            "source_detail": [
                {n: x.get(k) for n, k in DETAIL.items()}
                for x in source.get("SourceDetails") or ()
                if isinstance(x, dict)
            ],
        }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    scope = first_block(a.get("scope"))
    source = first_block(a.get("source"))
    props: dict[str, Any] = {
        "ConfigRuleName": a.get("name"),
        "Description": a.get("description"),
        "InputParameters": a.get("input_parameters"),
        "MaximumExecutionFrequency": a.get("maximum_execution_frequency"),
        "Source": {
            "Owner": source.get("owner"),
            "SourceIdentifier": source.get("source_identifier"),
        },
    }
    if scope:
        props["Scope"] = {k: scope.get(n) for n, k in SCOPE.items()}
    return props


# --- revert ---------------------------------------------------------------------------------


def _rule(ctx: Ctx, desired: Attrs) -> dict[str, Any]:
    source = first_block(desired.get("source"))
    rule: dict[str, Any] = {
        "ConfigRuleName": desired.get("name") or ctx.id,
        "Source": {"Owner": source.get("owner")},
    }
    if source.get("source_identifier"):
        rule["Source"]["SourceIdentifier"] = source["source_identifier"]
    details = [
        {k: d[n] for n, k in DETAIL.items() if d.get(n)} for d in source.get("source_detail") or ()
    ]
    if details:
        rule["Source"]["SourceDetails"] = details
    scope = first_block(desired.get("scope"))
    if scope:
        rule["Scope"] = {k: scope[n] for n, k in SCOPE.items() if scope.get(n)}
    if desired.get("description"):
        rule["Description"] = desired["description"]
    if desired.get("input_parameters"):
        rule["InputParameters"] = json_text(desired["input_parameters"])
    if desired.get("maximum_execution_frequency"):
        rule["MaximumExecutionFrequency"] = desired["maximum_execution_frequency"]
    return rule


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """The whole rule, its tags too (a put without them may leave the rule without)."""
    tags = after.get("tags") or {}
    extra = {"Tags": pairs(tags)} if tags else {}
    return [ctx.call("config", "put_config_rule", ConfigRule=_rule(ctx, after), **extra)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    return _put(ctx, {}, desired)


def _tag_target(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
    found = attrs.get("arn")
    if not (isinstance(found, str) and found.startswith("arn:")):
        found = f"arn:aws:config:{ctx.region}:{ctx.account}:config-rule/{ctx.id}"
    return {"ResourceArn": found}


_TAGS = tagger("config", ("tag_resource", "Tags"), ("untag_resource", "TagKeys"), _tag_target)


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("config", "delete_config_rule", ConfigRuleName=ctx.id)]


def _read(r: Any, unit: Any) -> list[Resource]:
    """One rule, by its name, then its tags."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get("ConfigRules") or ()
        return dict(found[0]) if found else None

    read = reader(
        SCAN, "config", "describe_config_rules", lambda rid: {"ConfigRuleNames": [rid]}, pick, GONE
    )
    return read(r, unit)


EVENTS = Events(
    source="config.amazonaws.com",
    service="config",
    create=("PutConfigRule",),
    change=("PutConfigRule", "TagResource", "UntagResource"),
    delete=("DeleteConfigRule",),
    ids=("requestParameters.configRule.configRuleName", "requestParameters.configRuleName"),
    touches={"TagResource": frozenset({"tags"}), "UntagResource": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "input_parameters"}),
            natural_keys=(("name",),),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={"tags": {}},
            normalize=_normalize,
            is_aws_default=_is_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            documents=frozenset({"input_parameters"}),
            tags=True,
            shape={"scope": "single", "source": "single"},
            computed=frozenset({"arn", "rule_id"}),
            id_doc="rule name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(sorted(SETTINGS)), _put), Updater(("tags",), _TAGS)),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "source")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Config::ConfigRule",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            getatt={"Arn": ("arn",), "ConfigRuleId": ("rule_id",)},
            name_attr="name",
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "configservice",
            "ConfigRule",
            TYPE,
            external_name=xp_same_name("name"),
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
)
