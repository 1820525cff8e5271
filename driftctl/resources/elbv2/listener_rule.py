"""aws_lb_listener_rule (and its alias aws_alb_listener_rule): a listener's rule: its
listener, priority, actions (type, target group, redirect, fixed response), conditions
(host header, path pattern, HTTP header, request method, query string, source IP) and
tags; read with its load balancer (lb.py).

Live: DescribeRules pages (400 a page) per listener its load balancer's DescribeListeners
answered, then DescribeTags for the listener's rules, 20 ARNs a call. Each listener's
default rule is its default action (aws_lb_listener), not a rule of its own; every other
rule is the account's own. Conditions are compared as a set, each condition's values as
a set. A declaration is matched by its listener and priority, else by its listener and
conditions (a rule moved to another priority). A rule cannot move to another listener
("replace needed"); its priority is put back by SetRulePriorities, its actions and
conditions by ModifyRule. Forward actions are compared by their one target group, as a
listener's; weighted forwarding and authentication actions are not compared.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_int, new_id, pairs, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Item,
    ResourceType,
    cfn_identity,
    detail_items,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.elbv2.common import GONE, SERVICE, TAGS, deleter
from driftctl.resources.elbv2.listener import aws_actions, live_action, norm_action

TYPE = "aws_lb_listener_rule"
ALIAS = "aws_alb_listener_rule"
COMPARED = frozenset({"listener_arn", "priority", "action", "condition", "tags"})
TAGGED_PER_CALL = 20  # DescribeTags takes 20 ARNs
# Terraform's condition block -> (AWS's field, its config key)
FIELDS = {
    "host_header": ("host-header", "HostHeaderConfig"),
    "path_pattern": ("path-pattern", "PathPatternConfig"),
    "http_header": ("http-header", "HttpHeaderConfig"),
    "http_request_method": ("http-request-method", "HttpRequestMethodConfig"),
    "query_string": ("query-string", "QueryStringConfig"),
    "source_ip": ("source-ip", "SourceIpConfig"),
}
BY_FIELD = {field: name for name, (field, _) in FIELDS.items()}


# --- live -------------------------------------------------------------------------------------


def _listeners(item: Item) -> list[dict[str, Any]]:
    """DescribeRules of each listener the load balancer has."""
    listeners = (item.get("listeners") or {}).get("Listeners") or ()
    return [{"ListenerArn": x["ListenerArn"]} for x in listeners]


def _found_rules(details: Mapping[str, Any]) -> list[Item]:
    """The rules DescribeRules answered, the listeners' default rules left out."""
    return [
        rule
        for pages in details.get("rules") or ()
        for rule in detail_items(pages, "Rules")
        if not rule.get("IsDefault")
    ]


def _tag_batches(item: Item) -> list[dict[str, Any]]:
    arns = [str(r["RuleArn"]) for r in _found_rules(item)]
    return [
        {"ResourceArns": arns[i : i + TAGGED_PER_CALL]}
        for i in range(0, len(arns), TAGGED_PER_CALL)
    ]


def _has_rules(item: Item) -> bool:
    """with rules besides the listeners' default ones"""
    return bool(_found_rules(item))


def _has_listeners(item: Item) -> bool:
    """with listeners"""
    return bool(_listeners(item))


# the detail calls lb.py's scan makes for its listeners' rules
DETAILS = (
    DetailCall(
        "rules",
        "describe_rules",
        _listeners,
        frozenset({"ListenerNotFound"}),
        when=_has_listeners,
        needs="listeners",
        paged=True,
        page_size=400,
        batch=1,
    ),
    DetailCall(
        "rule_tags",
        "describe_tags",
        _tag_batches,
        GONE | {"RuleNotFound"},
        when=_has_rules,
        needs="rules",
        batch=TAGGED_PER_CALL,
    ),
)


def _condition(found: Mapping[str, Any]) -> dict[str, Any] | None:
    """One of AWS's Conditions in Terraform's shape (None: a field Terraform has not)."""
    name = BY_FIELD.get(str(found.get("Field")))
    if name is None:
        return None
    config = found.get(FIELDS[name][1]) or {}
    values = config.get("Values") or found.get("Values") or []
    block: dict[str, Any]
    if name == "http_header":
        block = {"http_header_name": config.get("HttpHeaderName"), "values": values}
    elif name == "query_string":
        return {name: [{"key": v.get("Key"), "value": v.get("Value")} for v in values]}
    else:
        block = {"values": values}
    return {name: [block]}


def live(details: Mapping[str, Any], region: str) -> list[Resource]:
    """The rules of a load balancer's listeners (lb.py's build)."""
    described = [
        d for answer in details.get("rule_tags") or () for d in answer.get("TagDescriptions") or ()
    ]
    tags = {str(d.get("ResourceArn")): d.get("Tags") for d in described}
    out = []
    for rule in _found_rules(details):
        arn = str(rule["RuleArn"])
        actions = sorted(rule.get("Actions") or (), key=lambda a: a.get("Order") or 0)
        conditions = [_condition(c) for c in rule.get("Conditions") or ()]
        attrs = {
            "listener_arn": listener_of(arn),
            "priority": as_int(rule.get("Priority")),
            "action": [live_action(a) for a in actions],
            "condition": [c for c in conditions if c is not None],
            "tags": tag_dict(tags.get(arn)) if arn in tags else None,
            **cfn_identity(tags.get(arn)),
            "arn": arn,
        }
        out.append(Resource(TYPE, arn, None, _normalize(attrs), region=region))
    return out


def listener_of(rule_arn: str) -> str:
    """The listener's ARN from a rule's (…:listener-rule/app/name/lb-id/listener-id/rule-id)."""
    head, _, rest = rule_arn.partition(":listener-rule/")
    return f"{head}:listener/{rest.rsplit('/', 1)[0]}" if rest else rule_arn


def load_balancer_of(rule_arn: str) -> str:
    """The load balancer's ARN from a rule's: the unit a revert reads again."""
    head, _, rest = rule_arn.partition(":listener-rule/")
    return f"{head}:loadbalancer/{rest.rsplit('/', 2)[0]}" if rest else rule_arn


# --- both sides -------------------------------------------------------------------------------


def _sorted_values(block: Any) -> Any:
    if not isinstance(block, dict):
        return block
    out = {k: v for k, v in block.items() if v not in (None, "")}
    if isinstance(out.get("values"), list):
        out["values"] = sorted(out["values"], key=str)
    return out


def _norm_condition(found: Any) -> Any:
    if not isinstance(found, dict):
        return found
    out = {}
    for name in FIELDS:
        blocks = found.get(name)
        if not blocks:
            continue
        blocks = blocks if isinstance(blocks, list) else [blocks]
        normalized = [_sorted_values(b) for b in blocks]
        if name == "query_string":
            normalized = sorted(normalized, key=lambda b: json.dumps(b, sort_keys=True))
        out[name] = normalized
    return out


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if isinstance(out.get("priority"), str):
        number = as_int(out["priority"])
        out["priority"] = number if number is not None else out["priority"]
    if isinstance(out.get("action"), list):
        out["action"] = [norm_action(a) for a in out["action"]]
    if isinstance(out.get("condition"), list):
        conditions = [_norm_condition(c) for c in out["condition"]]
        out["condition"] = sorted(conditions, key=lambda c: json.dumps(c, sort_keys=True))
    if out.get("tags") is None and "tags" in out:
        out.pop("tags")  # a rule whose tags were not read: not compared
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    conditions = [_condition(c) for c in p.get("Conditions") or () if isinstance(c, dict)]
    attrs = {
        "listener_arn": p.get("ListenerArn"),
        "priority": p.get("Priority"),
        "action": [live_action(a) if isinstance(a, dict) else a for a in p.get("Actions") or ()],
        "condition": [c for c in conditions if c is not None],
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _aws_conditions(a: Attrs) -> list[dict[str, Any]]:
    out = []
    for found in a.get("condition") or ():
        for name, blocks in (found or {}).items():
            if name not in FIELDS or not blocks:
                continue
            field, key = FIELDS[name]
            blocks = blocks if isinstance(blocks, list) else [blocks]
            config: dict[str, Any]
            if name == "query_string":
                config = {
                    "Values": [{"Key": b.get("key"), "Value": b.get("value")} for b in blocks]
                }
                config["Values"] = [{k: v for k, v in x.items() if v} for x in config["Values"]]
            elif name == "http_header":
                block = blocks[0]
                config = {"HttpHeaderName": block.get("http_header_name")}
                config["Values"] = list(block.get("values") or ())
            else:
                config = {"Values": list(blocks[0].get("values") or ())}
            out.append({"Field": field, key: config})
    return out


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "ListenerArn": a.get("listener_arn"),
        "Priority": a.get("priority"),
        "Actions": aws_actions({"default_action": a.get("action")}),
        "Conditions": _aws_conditions(a),
        "Tags": cfn_tags(a),
    }


def _aws_keys(value: Any) -> Any:
    """ACK's spec (AWS's shapes in lower camel case, `ARN` spelled out) in AWS's case."""
    if isinstance(value, list):
        return [_aws_keys(v) for v in value]
    if not isinstance(value, dict):
        return value
    return {(k[:1].upper() + k[1:]).replace("ARN", "Arn"): _aws_keys(v) for k, v in value.items()}


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    conditions = [_condition(x) for x in _aws_keys(s.get("conditions") or [])]
    attrs = {
        "listener_arn": c.ref(s.get("listenerARN"), s.get("listenerRef"), "Listener", ("arn",)),
        "priority": s.get("priority"),
        "action": [live_action(a) for a in _aws_keys(s.get("actions") or [])],
        "condition": [x for x in conditions if x is not None],
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"RuleArn": ctx.id}
    if after.get("action"):
        params["Actions"] = aws_actions({"default_action": after["action"]})
    if after.get("condition"):
        params["Conditions"] = _aws_conditions(after)
    return [ctx.call(SERVICE, "modify_rule", **params)]


def _priority(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    wanted = [{"RuleArn": ctx.id, "Priority": int(after["priority"])}]
    return [ctx.call(SERVICE, "set_rule_priorities", RulePriorities=wanted)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "ListenerArn": desired["listener_arn"],
        "Priority": int(desired["priority"]),
        "Actions": aws_actions({"default_action": desired.get("action")}),
        "Conditions": _aws_conditions(desired),
    }
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    output = {pending(ctx).name: "Rules.0.RuleArn"}
    return [ctx.producing(output, SERVICE, "create_rule", **params)]


EMITS = (TYPE,)

EVENTS = Events(
    source="elasticloadbalancing.amazonaws.com",
    service="elbv2",
    create=("CreateRule",),
    change=("ModifyRule", "SetRulePriorities", "AddTags", "RemoveTags"),
    delete=("DeleteRule",),
    ids=(
        "responseElements.rules[].ruleArn",
        "requestParameters.ruleArn",
        "requestParameters.rulePriorities[].ruleArn",
        "requestParameters.resourceArns[]",
    ),
    touches={
        "ModifyRule": frozenset({"action", "condition"}),
        "SetRulePriorities": frozenset({"priority"}),
        "AddTags": frozenset({"tags"}),
        "RemoveTags": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="elbv2_load_balancers",  # lb.py's scan reads the rules
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            # a rule whose priority changed is still found by its conditions
            natural_keys=(CFN_KEY, ("listener_arn", "priority"), ("listener_arn", "condition")),
            declared_defaults={"tags": {}},
            normalize=_normalize,
            parent=("aws_lb_listener", "listener_arn"),
            from_terraform={TYPE: _from_tf, ALIAS: _from_tf},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="rule ARN",
            after=("aws_lb_target_group",),
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("action", "condition"), _modify),
                Updater(("priority",), _priority),
                Updater(("tags",), TAGS),
            ),
            fixed={"listener_arn": REPLACE},
            create=Create(_create, dict, new_id, ("listener_arn", "priority", "action")),
            delete=Delete(deleter("delete_rule", "RuleArn")),
            unit_id=lambda rid, attrs: load_balancer_of(rid),
        ),
    ),
    cfn=(
        CfnType(
            "AWS::ElasticLoadBalancingV2::ListenerRule",
            _cfn,
            emits=EMITS,
            ref=("arn",),
            getatt={"RuleArn": ("arn",)},
            properties={TYPE: {"priority": ("scalar", ("Priority",)), "tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "elbv2",
            "LBListenerRule",
            TYPE,
            external_name=xp_prefixed("arn:"),
            refs={"listenerArn": ("LBListener", ("arn",))},
            tagged=True,
            fields={"tags": ("map", ("tags",)), "priority": ("scalar", ("priority",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "elbv2",
            "Rule",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "priority": ("scalar", ("priority",)),
                }
            },
        ),
    ),
)
