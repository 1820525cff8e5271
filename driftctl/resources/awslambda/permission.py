"""aws_lambda_permission: one statement of a function's resource policy: who may invoke
it (principal, source ARN and account, organization), and with which action.

Live: GetPolicy per function, over the ListFunctions pages the function scan makes
(one list call for both); "no policy" reads as no permission. Permissions on a
function's aliases or versions (`qualifier`) are not read. An account principal is
compared as the account id (AWS writes its root ARN). Every statement is a
replacement in Terraform: a changed one needs "replace needed: a human decides"; a
missing one is added again, an unmanaged one removed. (moto keeps an account principal
as given, AWS as its root ARN: both compare as the account id.)
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, json_value, keep, xp_no_id
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec
from driftctl.core.model import Ref, Resource, is_known
from driftctl.resources.awslambda import function

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_lambda_permission"
NO_POLICY = frozenset({"ResourceNotFoundException"})
PARENT = ("aws_lambda_function", "function_name")
# condition key -> Terraform attribute
_CONDITIONS = {
    "AWS:SourceArn": "source_arn",
    "AWS:SourceAccount": "source_account",
    "aws:PrincipalOrgID": "principal_org_id",
    "lambda:EventSourceToken": "event_source_token",
    "lambda:FunctionUrlAuthType": "function_url_auth_type",
}
OPTIONAL = tuple(_CONDITIONS.values())
COMPARED = frozenset({"function_name", "statement_id", "action", "principal", *OPTIONAL})
_ROOT = re.compile(r"^arn:aws[a-z-]*:iam::(\d{12}):root$")


def principal_of(value: Any) -> Any:
    """A statement's principal as Terraform writes it: the service, ARN or account id."""
    if isinstance(value, dict):
        found = next(iter(value.values()), None)
        value = found[0] if isinstance(found, list) and len(found) == 1 else found
    if isinstance(value, str):
        root = _ROOT.match(value)
        return root.group(1) if root else value
    return value


def statement(fn: str, found: dict[str, Any]) -> dict[str, Any]:
    conditions: dict[str, Any] = {}
    for values in (found.get("Condition") or {}).values():
        if isinstance(values, dict):
            conditions.update(values)
    action = found.get("Action")
    return {
        "function_name": fn,
        "statement_id": found.get("Sid"),
        "action": action[0] if isinstance(action, list) and len(action) == 1 else action,
        "principal": principal_of(found.get("Principal")),
        **{attr: conditions.get(key) for key, attr in _CONDITIONS.items()},
    }


def build(item: Item, details: Details, region: str) -> list[Resource]:
    fn = item["FunctionName"]
    policy = json_value((details.get("policy") or {}).get("Policy")) or {}
    statements = policy.get("Statement") if isinstance(policy, dict) else None
    out = []
    for found in statements if isinstance(statements, list) else ():
        attrs = statement(fn, found)
        out.append(Resource(TYPE, f"{fn}/{attrs['statement_id']}", None, attrs, region=region))
    return out


SCAN = ScanSpec(
    name="lambda_permissions",
    service="lambda",
    listing=function.SCAN.listing,  # the function scan's pages: listed once
    details=(
        DetailCall(
            "policy", "get_policy", lambda i: {"FunctionName": i["FunctionName"]}, NO_POLICY
        ),
    ),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One function's permissions, read by the function's name."""
    item = {"FunctionName": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=function.GONE), unit.region)


def _function_name(value: Any) -> Any:
    """A function named by ARN (`arn:...:function:name[:qualifier]`) as its name."""
    if isinstance(value, str) and is_known(value) and value.startswith("arn:"):
        parts = value.split(":")
        return parts[6] if len(parts) > 6 else value
    return value


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "function_name" in out:
        out["function_name"] = _function_name(out["function_name"])
    if "principal" in out:
        out["principal"] = principal_of(out["principal"])
    for name in OPTIONAL:
        if out.get(name) == "":
            out[name] = None
    return out


def _declared_id(attrs: dict[str, Any]) -> str | None:
    fn, sid = _function_name(attrs.get("function_name")), attrs.get("statement_id")
    return f"{fn}/{sid}" if isinstance(fn, str) and isinstance(sid, str) else None


def _from_tf(raw: RawResource) -> list[Resource]:
    resources = keep(TYPE, COMPARED | {"statement_id_prefix"})(raw)
    for r in resources:
        fn = r.attrs.get("function_name")
        if isinstance(fn, Ref) and fn.path == ("arn",) and not (fn.prefix or fn.suffix):
            # the function named by its ARN: its id, the name, is what the policy holds
            r.attrs["function_name"] = dataclasses.replace(fn, path=("id",))
        for name in OPTIONAL:
            r.attrs.setdefault(name, None)  # unset: no such condition
    return resources


# --- CloudFormation, Crossplane --------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "function_name": p.get("FunctionName"),
        "action": p.get("Action"),
        "principal": p.get("Principal"),
        "source_arn": p.get("SourceArn"),
        "source_account": p.get("SourceAccount"),
        "principal_org_id": p.get("PrincipalOrgID"),
        "event_source_token": p.get("EventSourceToken"),
        "function_url_auth_type": p.get("FunctionUrlAuthType"),
    }
    d.emit(TYPE, attrs)


# The external name is the statement id.
_xp_external_name = xp_no_id("statement_id")


# --- revert --------------------------------------------------------------------------------


def _add(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "FunctionName": desired["function_name"],
        "StatementId": desired["statement_id"],
        "Action": desired["action"],
        "Principal": desired["principal"],
    }
    names = {
        "source_arn": "SourceArn",
        "source_account": "SourceAccount",
        "principal_org_id": "PrincipalOrgID",
        "event_source_token": "EventSourceToken",
        "function_url_auth_type": "FunctionUrlAuthType",
    }
    params.update({param: desired[a] for a, param in names.items() if desired.get(a)})
    return [ctx.call("lambda", "add_permission", **params)]


def _remove(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call(
            "lambda", "remove_permission", FunctionName=live["function_name"],
            StatementId=live["statement_id"],
        )
    ]  # fmt: skip


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return f"{desired['function_name']}/{desired['statement_id']}"


def _function_of(rid: str, attrs: Attrs) -> str:
    return str(attrs.get("function_name") or rid.split("/")[0])


EVENTS = Events(
    source="lambda.amazonaws.com",
    service="lambda",
    create=("AddPermission20150331v2",),
    delete=("RemovePermission20150331v2",),
    ids=("{requestParameters.functionName}/{requestParameters.statementId}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(
                ("function_name", "statement_id"),
                ("function_name", "principal", "source_arn"),
            ),
            name_prefix=("statement_id", "statement_id_prefix"),
            declared_id=_declared_id,
            normalize=_normalize,
            parent=PARENT,
            from_terraform={TYPE: _from_tf},
            id_doc="`function/statement id`",
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            fixed={a: REPLACE for a in sorted(COMPARED)},
            create=Create(_add, dict, _new_id, ("function_name", "statement_id")),
            delete=Delete(_remove),
            unit_id=_function_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(CfnType("AWS::Lambda::Permission", _cfn, emits=(TYPE,)),),
    crossplane=(
        CrossplaneKind(
            "lambda",
            "Permission",
            TYPE,
            external_name=_xp_external_name,
            refs={"functionName": ("Function", ("function_name",))},
        ),
    ),
)
