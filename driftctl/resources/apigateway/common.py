"""What the REST API types of API Gateway share: ARNs, PATCH operations, tags."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.helpers import tagger
from driftctl.base.revert import same
from driftctl.base.spec import ScanSpec
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.calls import Unit
    from driftctl.base.reader import Reader

SERVICE = "apigateway"
REST_API = "aws_api_gateway_rest_api"
RESOURCE = "aws_api_gateway_resource"
METHOD = "aws_api_gateway_method"
INTEGRATION = "aws_api_gateway_integration"
DEPLOYMENT = "aws_api_gateway_deployment"
STAGE = "aws_api_gateway_stage"
AUTHORIZER = "aws_api_gateway_authorizer"
USAGE_PLAN = "aws_api_gateway_usage_plan"
DOMAIN_NAME = "aws_api_gateway_domain_name"
BASE_PATH_MAPPING = "aws_api_gateway_base_path_mapping"
# an API deleted meanwhile: it has none of the things read per API
GONE = frozenset({"NotFoundException"})


def api_arn(region: str, path: str) -> str:
    """The ARN API Gateway tags by: `arn:aws:apigateway:<region>::/restapis/<id>...`."""
    return f"arn:aws:apigateway:{region}::{path}"


def escape(part: str) -> str:
    """A value inside a PATCH path (`/binaryMediaTypes/image~1png`): JSON Pointer's."""
    return part.replace("~", "~0").replace("/", "~1")


def text(value: Any) -> str:
    """A PATCH operation's value (always a string; booleans as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def replaced(
    before: Attrs, after: Attrs, paths: dict[str, str], form: Callable[[Any], str] = text
) -> list[dict[str, str]]:
    """`replace` operations for the attributes (-> PATCH path) whose values differ."""
    return [
        {"op": "replace", "path": path, "value": form(after[attr])}
        for attr, path in paths.items()
        if attr in after and not same(before.get(attr), after[attr])
    ]


def set_ops(path: str, before: Any, after: Any) -> list[dict[str, str]]:
    """`add`/`remove` operations turning the set `before` into `after` (one per item)."""
    old, new = set(before or ()), set(after or ())
    adds = [{"op": "add", "path": f"{path}/{escape(v)}"} for v in sorted(new - old)]
    return adds + [{"op": "remove", "path": f"{path}/{escape(v)}"} for v in sorted(old - new)]


def arn_tagger(path: Callable[[Ctx, Attrs], str]) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """TagResource / UntagResource on the resource's ARN (`path`: its REST path)."""

    def target(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
        return {"resourceArn": api_arn(ctx.region, path(ctx, attrs))}

    return tagger(
        SERVICE, ("tag_resource", "tags"), ("untag_resource", "tagKeys"), target, shape=dict
    )


def value_set_ops(path: str, before: Any, after: Any) -> list[dict[str, str]]:
    """`add`/`remove` operations turning the set `before` into `after`, the item as the
    operation's value (`/authorizationScopes`)."""
    old, new = {str(v) for v in before or ()}, {str(v) for v in after or ()}
    adds = [{"op": "add", "path": path, "value": v} for v in sorted(new - old)]
    return adds + [{"op": "remove", "path": path, "value": v} for v in sorted(old - new)]


def map_ops(path: str, before: Any, after: Any, add: str = "add") -> list[dict[str, str]]:
    """Operations turning the map `before` into `after`, one per key (`/requestModels/
    application~1json`); `add`: the operation a new key takes (a stage's variables are
    added by `replace`)."""
    old, new = dict(before or {}), dict(after or {})
    ops = [
        {"op": add if k not in old else "replace", "path": f"{path}/{escape(k)}",
         "value": text(v)}
        for k, v in sorted(new.items())
        if k not in old or not same(old[k], v)
    ]  # fmt: skip
    return ops + [
        {"op": "remove", "path": f"{path}/{escape(k)}"} for k in sorted(old) if k not in new
    ]


def method_id(prefix: str, api: str, resource: str, verb: str) -> str:
    """Terraform's id of a method (`agm-`) or an integration (`agi-`)."""
    return f"{prefix}-{api}-{resource}-{verb}"


def api_of(rid: str, attrs: Attrs) -> str:
    """The revert unit of a thing read per API: its API."""
    return str(attrs["rest_api_id"])


def api_reader(spec: ScanSpec, key: str = "id") -> Callable[[Reader, Unit], list[Resource]]:
    """The reader of a scan of one detail call per API (its stages, its authorizers) or per
    domain (its base path mappings): the owner's things read again by the owner's id, the
    listed item's field `key`."""

    def read(reader: Reader, unit: Unit) -> list[Resource]:
        item = {key: unit.id}
        return spec.build(item, reader.details(spec, unit, item, gone=GONE), unit.region)

    return read
