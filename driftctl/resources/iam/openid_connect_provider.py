"""aws_iam_openid_connect_provider: an OIDC identity provider: its URL, client ids,
thumbprints and tags.

Live: ListOpenIDConnectProviders (one call: IAM does not page it; it gives only ARNs)
and GetOpenIDConnectProvider per provider, the only call that has its settings. IAM
keeps the URL without `https://`: both sides are compared without it. The URL is the
provider's identity: a changed one is replaced by a human. Client ids are tested on
boto3-seeded moto (moto has no Add/RemoveClientID call); thumbprints and tags against
real Terraform.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Pending, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import keep, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource
from driftctl.resources.iam.common import fresh, iam_tagger, tags_param

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_iam_openid_connect_provider"
COMPARED = frozenset({"url", "client_id_list", "thumbprint_list", "tags"})
_ARN = "OpenIDConnectProviderArn"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = details.get("provider")
    if found is None:
        return []  # deleted between the listing and the read
    attrs = {
        "url": found.get("Url"),
        "client_id_list": sorted(found.get("ClientIDList") or ()),
        "thumbprint_list": list(found.get("ThumbprintList") or ()),
        "tags": tag_dict(found.get("Tags")),
        **cfn_identity(found.get("Tags")),
        "arn": item["Arn"],
    }
    return [Resource(TYPE, item["Arn"], None, attrs)]


SCAN = ScanSpec(
    name="iam_openid_connect_providers",
    service="iam",
    global_service=True,
    listing=ListCall(
        "list_open_id_connect_providers", "OpenIDConnectProviderList", paginated=False
    ),
    details=(
        DetailCall(
            "provider",
            "get_open_id_connect_provider",
            lambda item: {_ARN: item["Arn"]},
            absent=frozenset({"NoSuchEntity"}),
        ),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The URL without its scheme, as IAM keeps it (Terraform's diff ignores it too)."""
    url = attrs.get("url")
    if isinstance(url, str) and url.startswith("https://"):
        return {**attrs, "url": url.removeprefix("https://")}
    return attrs


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "url": p.get("Url"),
        "client_id_list": p.get("ClientIdList"),
        "thumbprint_list": p.get("ThumbprintList"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Url": f"https://{a.get('url')}",
        "ClientIdList": a.get("client_id_list") or None,
        "ThumbprintList": a.get("thumbprint_list") or None,
        "Tags": cfn_tags(a),
    }


# The external name is the provider's ARN, its id (known once AWS made it).
_xp_external_name = xp_prefixed("arn:")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "url": s.get("url"),
        "client_id_list": s.get("clientIDs"),
        "thumbprint_list": s.get("thumbprints"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _clients(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    had, wanted = set(before.get("client_id_list") or ()), set(after.get("client_id_list") or ())
    add = "add_client_id_to_open_id_connect_provider"
    remove = "remove_client_id_from_open_id_connect_provider"
    return [
        *(ctx.call("iam", add, **{_ARN: ctx.id}, ClientID=c) for c in sorted(wanted - had)),
        *(ctx.call("iam", remove, **{_ARN: ctx.id}, ClientID=c) for c in sorted(had - wanted)),
    ]


def _thumbprints(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    op = "update_open_id_connect_provider_thumbprint"
    prints = list(after.get("thumbprint_list") or ())
    return [ctx.call("iam", op, **{_ARN: ctx.id}, ThumbprintList=prints)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "Url": f"https://{desired['url']}",
        "ClientIDList": sorted(desired.get("client_id_list") or ()),
        **tags_param(desired),
    }
    if desired.get("thumbprint_list"):
        params["ThumbprintList"] = list(desired["thumbprint_list"])
    outputs = {f"{ctx.label}.arn": _ARN}
    return [ctx.producing(outputs, "iam", "create_open_id_connect_provider", **params)]


def _new_arn(ctx: Ctx, desired: Attrs) -> Pending:
    return Pending(f"{ctx.label}.arn")


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One provider, read by ARN."""
    params = {_ARN: unit.id}
    found = reader.call(
        "iam", unit.region, "get_open_id_connect_provider", params, gone=reader.NO_ENTITY
    )
    return build({"Arn": unit.id}, {"provider": found}, unit.region)


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("CreateOpenIDConnectProvider",),
    change=(
        "UpdateOpenIDConnectProviderThumbprint",
        "AddClientIDToOpenIDConnectProvider",
        "RemoveClientIDFromOpenIDConnectProvider",
        "TagOpenIDConnectProvider",
        "UntagOpenIDConnectProvider",
    ),
    delete=("DeleteOpenIDConnectProvider",),
    ids=(
        "responseElements.openIDConnectProviderArn",
        "requestParameters.openIDConnectProviderArn",
    ),
    touches={
        "UpdateOpenIDConnectProviderThumbprint": frozenset({"thumbprint_list"}),
        "AddClientIDToOpenIDConnectProvider": frozenset({"client_id_list"}),
        "RemoveClientIDFromOpenIDConnectProvider": frozenset({"client_id_list"}),
        "TagOpenIDConnectProvider": frozenset({"tags"}),
        "UntagOpenIDConnectProvider": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset({"client_id_list"}),
            natural_keys=(CFN_KEY, ("url",)),
            declared_defaults={"tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="provider ARN",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("client_id_list",), _clients),
                Updater(("thumbprint_list",), _thumbprints),
                Updater(("tags",), iam_tagger("open_id_connect_provider", _ARN)),
            ),
            fixed={"url": "a provider's URL is its identity (re-create it by hand)"},
            create=Create(_create, fresh, _new_arn, ("url", "client_id_list")),
            delete=Delete(
                lambda ctx, live, children: [
                    ctx.call("iam", "delete_open_id_connect_provider", **{_ARN: ctx.id})
                ]
            ),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::IAM::OIDCProvider",
            _cfn,
            emits=(TYPE,),
            ref=("arn",),
            getatt={"Arn": ("arn",)},
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "client_id_list": ("set", ("ClientIdList",)),
                    "thumbprint_list": ("scalar", ("ThumbprintList",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "OpenIDConnectProvider",
            TYPE,
            regional=False,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "client_id_list": ("scalar", ("clientIdList",)),
                "thumbprint_list": ("scalar", ("thumbprintList",)),
            },
        ),
    ),
    ack=(
        AckKind(
            "iam",
            "OpenIDConnectProvider",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "client_id_list": ("scalar", ("clientIDs",)),
                    "thumbprint_list": ("scalar", ("thumbprints",)),
                }
            },
        ),
    ),
)
