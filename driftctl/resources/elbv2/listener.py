"""aws_lb_listener (and its alias aws_alb_listener): a listener's load balancer, port,
protocol, TLS policy and certificate, ALPN policy, default actions (type, target group,
redirect, fixed response) and tags; read with its load balancer (lb.py).

Live: DescribeListeners per load balancer (400 a call) and the listener's tags from the
DescribeTags calls its load balancer makes (20 ARNs a call: the load balancer's and its
listeners'). Every listener is the
account's own. A listener cannot move to another load balancer: a revert says
"replace needed"; everything else is put back by ModifyListener. Forward actions are
compared by their one target group; weighted forwarding and authentication actions are
not compared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, as_int, new_id, pairs, pending, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import CFN_KEY, ResourceType, cfn_identity, first_block, tag_dict
from driftctl.core.model import Resource
from driftctl.resources.elbv2.common import SERVICE, TAGS, deleter

TYPE = "aws_lb_listener"
ALIAS = "aws_alb_listener"
LB_SCAN = "elbv2_load_balancers"  # lb.py's scan reads the listeners
SETTABLE = ("port", "protocol", "ssl_policy", "certificate_arn", "alpn_policy", "default_action")
COMPARED = frozenset({"load_balancer_arn", *SETTABLE, "tags"})
DEFAULTS: dict[str, Any] = {"tags": {}}
# Terraform's defaults in a redirect block: keep what the request had
REDIRECT_DEFAULTS = {
    "host": "#{host}",
    "path": "/#{path}",
    "port": "#{port}",
    "protocol": "#{protocol}",
    "query": "#{query}",
}
REDIRECT = {k: k.title() for k in (*REDIRECT_DEFAULTS, "status_code")}
REDIRECT["status_code"] = "StatusCode"
FIXED_RESPONSE = {
    "content_type": "ContentType",
    "message_body": "MessageBody",
    "status_code": "StatusCode",
}


def live_action(found: Mapping[str, Any]) -> dict[str, Any]:
    """One of AWS's DefaultActions in Terraform's shape."""
    out: dict[str, Any] = {"type": found.get("Type")}
    target = found.get("TargetGroupArn")
    if not target:
        groups = list((found.get("ForwardConfig") or {}).get("TargetGroups") or [])
        target = groups[0].get("TargetGroupArn") if len(groups) == 1 else None
    if target:
        out["target_group_arn"] = target
    redirect = found.get("RedirectConfig")
    if isinstance(redirect, dict):
        out["redirect"] = [{k: redirect.get(f) for k, f in REDIRECT.items()}]
    fixed = found.get("FixedResponseConfig")
    if isinstance(fixed, dict):
        out["fixed_response"] = [{k: fixed.get(f) for k, f in FIXED_RESPONSE.items()}]
    normalized: dict[str, Any] = norm_action(out)
    return normalized


def load_balancer_of(listener_arn: str) -> str:
    """The load balancer's ARN from a listener's (…:listener/app/name/lb-id/listener-id)."""
    head, _, rest = listener_arn.partition(":listener/")
    return f"{head}:loadbalancer/{rest.rsplit('/', 1)[0]}" if rest else listener_arn


def live(item: Mapping[str, Any], tags: Mapping[str, Any], region: str) -> Resource:
    """A listener DescribeListeners answered, with the tags DescribeTags gave by ARN."""
    arn = str(item["ListenerArn"])
    certificates = item.get("Certificates") or [{}]
    alpn = item.get("AlpnPolicy") or [None]
    found_tags = tags.get(arn)
    actions = sorted(item.get("DefaultActions") or (), key=lambda a: a.get("Order") or 0)
    attrs = {
        "load_balancer_arn": item.get("LoadBalancerArn"),
        "port": item.get("Port"),
        "protocol": item.get("Protocol"),
        "ssl_policy": item.get("SslPolicy"),
        "certificate_arn": certificates[0].get("CertificateArn"),
        "alpn_policy": alpn[0],
        "default_action": [live_action(a) for a in actions],
        "tags": tag_dict(found_tags) if arn in tags else None,
        **cfn_identity(found_tags),
        "arn": arn,
    }
    return Resource(TYPE, arn, None, attrs, region=region)


# --- both sides -------------------------------------------------------------------------------


def _block(value: Any) -> dict[str, Any] | None:
    found = first_block(value)
    return {k: v for k, v in found.items() if v is not None and v != ""} if found else None


def norm_action(action: Any) -> Any:
    if not isinstance(action, dict):
        return action
    out: dict[str, Any] = {"type": action.get("type")}
    if action.get("target_group_arn"):
        out["target_group_arn"] = action["target_group_arn"]
    redirect = _block(action.get("redirect"))
    if redirect is not None:
        out["redirect"] = [{**REDIRECT_DEFAULTS, **redirect}]
    fixed = _block(action.get("fixed_response"))
    if fixed is not None:
        out["fixed_response"] = [fixed]
    return out


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if isinstance(out.get("port"), str):
        number = as_int(out["port"])
        out["port"] = number if number is not None else out["port"]
    if isinstance(out.get("default_action"), list):
        out["default_action"] = [norm_action(a) for a in out["default_action"]]
    for name in ("ssl_policy", "certificate_arn", "alpn_policy"):
        if out.get(name) == "":
            out[name] = None
    if out.get("tags") is None and "tags" in out:
        out.pop("tags")  # a listener whose tags were not read: not compared
    return out


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK --------------------------------------------------------


def _cfn_action(found: Any) -> Any:
    if not isinstance(found, dict):
        return found
    return live_action({k: v for k, v in found.items()})


def _cfn(d: Declaring) -> None:
    p = d.props
    certificates = p.get("Certificates") or [{}]
    alpn = p.get("AlpnPolicy") or [None]
    attrs = {
        "load_balancer_arn": p.get("LoadBalancerArn"),
        "port": p.get("Port"),
        "protocol": p.get("Protocol"),
        "ssl_policy": p.get("SslPolicy"),
        "certificate_arn": certificates[0].get("CertificateArn")
        if isinstance(certificates[0], dict)
        else None,
        "alpn_policy": alpn[0],
        "default_action": [_cfn_action(a) for a in p.get("DefaultActions") or ()],
    }
    d.emit(TYPE, attrs)


def _aws_action(action: Mapping[str, Any], order: int) -> dict[str, Any]:
    out: dict[str, Any] = {"Type": action.get("type"), "Order": order}
    if action.get("target_group_arn"):
        out["TargetGroupArn"] = action["target_group_arn"]
    redirect = first_block(action.get("redirect"))
    if redirect:
        out["RedirectConfig"] = {
            f: redirect[k] for k, f in REDIRECT.items() if redirect.get(k) not in (None, "")
        }
    fixed = first_block(action.get("fixed_response"))
    if fixed:
        out["FixedResponseConfig"] = {
            f: fixed[k] for k, f in FIXED_RESPONSE.items() if fixed.get(k) not in (None, "")
        }
    return out


def aws_actions(a: Attrs) -> list[dict[str, Any]]:
    return [
        _aws_action(x, n)
        for n, x in enumerate(a.get("default_action") or (), 1)
        if isinstance(x, dict)
    ]


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "LoadBalancerArn": a.get("load_balancer_arn"),
        "Port": a.get("port"),
        "Protocol": a.get("protocol"),
        "SslPolicy": a.get("ssl_policy"),
        "Certificates": [{"CertificateArn": a["certificate_arn"]}]
        if a.get("certificate_arn")
        else None,
        "AlpnPolicy": [a["alpn_policy"]] if a.get("alpn_policy") else None,
        "DefaultActions": aws_actions(a),
    }


# The external name is the listener's ARN once AWS assigned it.
_xp_external_name = xp_prefixed("arn:")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    certificates = s.get("certificates") or [{}]
    alpn = s.get("alpnPolicy") or [None]
    attrs = {
        "load_balancer_arn": c.ref(
            s.get("loadBalancerARN"), s.get("loadBalancerRef"), "LoadBalancer", ("arn",)
        ),
        "port": s.get("port"),
        "protocol": s.get("protocol"),
        "ssl_policy": s.get("sslPolicy"),
        "certificate_arn": certificates[0].get("certificateARN")
        if isinstance(certificates[0], dict)
        else None,
        "alpn_policy": alpn[0],
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _modify(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"ListenerArn": ctx.id}
    if after.get("port") is not None:
        params["Port"] = int(after["port"])
    if after.get("protocol"):
        params["Protocol"] = after["protocol"]
    if after.get("ssl_policy"):
        params["SslPolicy"] = after["ssl_policy"]
    if after.get("certificate_arn"):
        params["Certificates"] = [{"CertificateArn": after["certificate_arn"]}]
    if after.get("alpn_policy"):
        params["AlpnPolicy"] = [after["alpn_policy"]]
    if after.get("default_action"):
        params["DefaultActions"] = aws_actions(after)
    return [ctx.call(SERVICE, "modify_listener", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "LoadBalancerArn": desired["load_balancer_arn"],
        "DefaultActions": aws_actions(desired),
    }
    if desired.get("port") is not None:
        params["Port"] = int(desired["port"])
    for attr, field in (("protocol", "Protocol"), ("ssl_policy", "SslPolicy")):
        if desired.get(attr):
            params[field] = desired[attr]
    if desired.get("certificate_arn"):
        params["Certificates"] = [{"CertificateArn": desired["certificate_arn"]}]
    if desired.get("alpn_policy"):
        params["AlpnPolicy"] = [desired["alpn_policy"]]
    if desired.get("tags"):
        params["Tags"] = pairs(desired["tags"])
    output = {pending(ctx).name: "Listeners.0.ListenerArn"}
    return [ctx.producing(output, SERVICE, "create_listener", **params)]


EMITS = (TYPE,)

EVENTS = Events(
    source="elasticloadbalancing.amazonaws.com",
    service="elbv2",
    create=("CreateListener",),
    change=(
        "ModifyListener",
        "AddTags",
        "RemoveTags",
    ),
    delete=("DeleteListener",),
    ids=(
        "responseElements.listeners[].listenerArn",
        "requestParameters.listenerArn",
        "requestParameters.resourceArns[]",
    ),
    touches={
        "AddTags": frozenset({"tags"}),
        "RemoveTags": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=LB_SCAN,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(CFN_KEY, ("load_balancer_arn", "port"), ("load_balancer_arn",)),
            declared_defaults=DEFAULTS,
            normalize=_normalize,
            parent=("aws_lb", "load_balancer_arn"),
            from_terraform={TYPE: _from_tf, ALIAS: _from_tf},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="listener ARN",
            after=("aws_lb_target_group",),
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(SETTABLE, _modify), Updater(("tags",), TAGS)),
            fixed={"load_balancer_arn": REPLACE},
            create=Create(_create, dict, new_id, ("load_balancer_arn", "default_action")),
            delete=Delete(deleter("delete_listener", "ListenerArn")),
            unit_id=lambda rid, attrs: load_balancer_of(rid),
        ),
    ),
    cfn=(
        CfnType(
            "AWS::ElasticLoadBalancingV2::Listener",
            _cfn,
            emits=EMITS,
            ref=("arn",),
            getatt={"ListenerArn": ("arn",)},
            properties={
                TYPE: {
                    "port": ("scalar", ("Port",)),
                    "protocol": ("scalar", ("Protocol",)),
                    "ssl_policy": ("scalar", ("SslPolicy",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "elbv2",
            "LBListener",
            TYPE,
            external_name=_xp_external_name,
            refs={"loadBalancerArn": ("LB", ("arn",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "port": ("scalar", ("port",)),
                "protocol": ("scalar", ("protocol",)),
                "ssl_policy": ("scalar", ("sslPolicy",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "elbv2",
            "Listener",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "port": ("scalar", ("port",)),
                    "protocol": ("scalar", ("protocol",)),
                    "ssl_policy": ("scalar", ("sslPolicy",)),
                }
            },
        ),
    ),
)
