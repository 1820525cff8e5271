"""aws_wafv2_web_acl_association: a regional resource (a load balancer, an API Gateway
stage, an AppSync API, a Cognito user pool, an App Runner service, a Verified Access
instance, an Amplify app) protected by a WAFv2 web ACL.

Live: the web ACLs ListWebACLs gives (the listing web_acl.py makes; the scanner makes it
once), then ListResourcesForWebACL per web ACL and per kind of resource (AWS answers one
kind a call: seven calls an ACL). The id is Terraform's, `WEB_ACL_ARN,RESOURCE_ARN`: a
resource moved to another ACL is the declared association missing and the live one
unmanaged. AWS makes no associations of its own (Firewall Manager's are a policy's, not
told apart yet). moto has no ListResourcesForWebACL: the tests answer it from moto's own
record of the associations (tests/tf/moto_gaps.py's `wafv2_resources_listed`).

Revert: AssociateWebACL makes a missing association, DisassociateWebACL removes one;
both ARNs are the association itself (replace needed: a human decides). No Crossplane
kind is mapped (not verified that Upbound's provider serves one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, Family
from driftctl.base.helpers import REPLACE, keep
from driftctl.base.revert import Create, Delete, RevertSpec
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec
from driftctl.core.model import Resource
from driftctl.resources.wafv2 import web_acl
from driftctl.resources.wafv2.common import GONE, SERVICE

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_wafv2_web_acl_association"
ACL = web_acl.TYPE
COMPARED = frozenset({"web_acl_arn", "resource_arn"})
# ListResourcesForWebACL's kinds of regional resources (it answers one kind a call)
KINDS = (
    "APPLICATION_LOAD_BALANCER",
    "API_GATEWAY",
    "APPSYNC",
    "COGNITO_USER_POOL",
    "APP_RUNNER_SERVICE",
    "VERIFIED_ACCESS_INSTANCE",
    "AMPLIFY",
)


def association_id(acl_arn: str, resource_arn: str) -> str:
    return f"{acl_arn},{resource_arn}"


def build(item: Item, found: Details, region: str) -> list[Resource]:
    acl_arn = item["ARN"]
    arns = sorted(
        {
            a
            for answer in found.get("resources") or ()
            for a in (answer or {}).get("ResourceArns") or ()
        }
    )
    return [
        Resource(
            TYPE,
            association_id(acl_arn, arn),
            None,
            {"web_acl_arn": acl_arn, "resource_arn": arn},
            region=region,
        )
        for arn in arns
    ]


SCAN = ScanSpec(
    name="wafv2_web_acl_associations",
    service=SERVICE,
    listing=web_acl.SCAN.listing,
    details=(
        DetailCall(
            "resources",
            "list_resources_for_web_acl",
            lambda i: [{"WebACLArn": i["ARN"], "ResourceType": kind} for kind in KINDS],
            GONE,
            batch=1,  # one web ACL a call
        ),
    ),
    build=build,
)


def _declared_id(attrs: dict[str, Any]) -> str | None:
    acl, resource = attrs.get("web_acl_arn"), attrs.get("resource_arn")
    if isinstance(acl, str) and isinstance(resource, str):
        return association_id(acl, resource)
    return None


def _cfn(d: Declaring) -> None:
    p = d.props
    d.emit(TYPE, {"web_acl_arn": p.get("WebACLArn"), "resource_arn": p.get("ResourceArn")})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"WebACLArn": a.get("web_acl_arn"), "ResourceArn": a.get("resource_arn")}


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {"WebACLArn": desired["web_acl_arn"], "ResourceArn": desired["resource_arn"]}
    return [ctx.call(SERVICE, "associate_web_acl", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    resource = live.get("resource_arn") or str(ctx.id).split(",", 1)[-1]
    return [ctx.call(SERVICE, "disassociate_web_acl", ResourceArn=resource)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return association_id(desired["web_acl_arn"], desired["resource_arn"])


def _acl_of(rid: str, attrs: Attrs) -> str:
    return str(attrs.get("web_acl_arn") or rid.split(",", 1)[0])


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """The associations of one web ACL (the unit is its ARN)."""
    item = {"ARN": unit.id}
    return build(item, reader.details(SCAN, unit, item, gone=GONE), unit.region)


EMITS = (TYPE,)

EVENTS = Events(
    source="wafv2.amazonaws.com",
    service=SERVICE,
    create=("AssociateWebACL",),
    ids=("{requestParameters.webACLArn},{requestParameters.resourceArn}",),
    indexed=False,
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("web_acl_arn", "resource_arn"),),
            declared_id=_declared_id,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="`WEB_ACL_ARN,RESOURCE_ARN`",
            after=(ACL,),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            fixed={"web_acl_arn": REPLACE, "resource_arn": REPLACE},
            create=Create(_create, dict, _new_id, ("web_acl_arn", "resource_arn")),
            delete=Delete(_delete),
            unit_id=_acl_of,
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::WAFv2::WebACLAssociation",
            _cfn,
            emits=EMITS,
            imports={TYPE: _cfn_props},
        ),
    ),
)
