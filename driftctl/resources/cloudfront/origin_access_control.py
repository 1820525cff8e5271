"""aws_cloudfront_origin_access_control: a CloudFront origin access control (how
CloudFront signs its requests to an S3, MediaStore, Lambda URL or MediaPackage origin):
its name, description, origin type, signing behavior and signing protocol.

Live (global, once): ListOriginAccessControls pages (100 a page, by Marker), whose
summaries hold every compared attribute: nothing per control. AWS creates none of its
own. A control is found by its name (unique in an account). Terraform's default
description is "Managed by Terraform". A revert puts the whole configuration back with
UpdateOriginAccessControl against the ETag GetOriginAccessControl answers when the plan
is made (every attribute can change in place); a deleted control is created again.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import keep, new_id, pending, reader, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, Fact, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource

TYPE = "aws_cloudfront_origin_access_control"
SERVICE = "cloudfront"
GONE = frozenset({"NoSuchOriginAccessControl"})
# canonical attribute -> the field of OriginAccessControlConfig (and of its summary)
FIELDS = {
    "name": "Name",
    "description": "Description",
    "origin_access_control_origin_type": "OriginAccessControlOriginType",
    "signing_behavior": "SigningBehavior",
    "signing_protocol": "SigningProtocol",
}
COMPARED = frozenset(FIELDS)
REQUIRED = ("name", "origin_access_control_origin_type", "signing_behavior", "signing_protocol")
# ACK's spec.originAccessControlConfig spells the fields in camelCase
ACK_FIELDS = {name: field[0].lower() + field[1:] for name, field in FIELDS.items()}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs: dict[str, Any] = {name: item.get(field) for name, field in FIELDS.items()}
    attrs["description"] = attrs["description"] or ""
    return [Resource(TYPE, item["Id"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="cloudfront_origin_access_controls",
    service=SERVICE,
    listing=ListCall("list_origin_access_controls", "OriginAccessControlList.Items", page_size=100),
    build=build,
    global_service=True,
)


def _read(r: Any, unit: Any) -> list[Resource]:
    """One control: GetOriginAccessControl, its configuration read as a summary."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get("OriginAccessControl")
        if not found:
            return None
        return {"Id": found["Id"], **(found.get("OriginAccessControlConfig") or {})}

    read = reader(SCAN, SERVICE, "get_origin_access_control", lambda i: {"Id": i}, pick, GONE)
    return read(r, unit)


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    config = d.props.get("OriginAccessControlConfig")
    config = config if isinstance(config, dict) else {}
    d.emit(TYPE, {name: config.get(field) for name, field in FIELDS.items()})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    config = {field: a.get(name) for name, field in FIELDS.items()}
    config["Description"] = config["Description"] or None
    return {"OriginAccessControlConfig": config}


def _ack(c: AckContext) -> list[RawResource]:
    config = c.spec.get("originAccessControlConfig")
    config = config if isinstance(config, dict) else {}
    attrs = {name: config.get(field) for name, field in ACK_FIELDS.items()}
    return [c.raw(TYPE, attrs, c.adoption.get("id"))]


# --- revert ---------------------------------------------------------------------------------


def _config(attrs: Attrs) -> dict[str, Any]:
    return {field: attrs.get(name) or "" for name, field in FIELDS.items()}


def _etag(ctx: Ctx) -> str:
    return str((ctx.facts.get("control") or {}).get("ETag") or "")


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    config = _config({**before, **after})
    return [
        ctx.call(
            SERVICE,
            "update_origin_access_control",
            Id=ctx.id,
            IfMatch=_etag(ctx),
            OriginAccessControlConfig=config,
        )
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    output = {pending(ctx).name: "OriginAccessControl.Id"}
    config = _config(desired)
    return [
        ctx.producing(
            output, SERVICE, "create_origin_access_control", OriginAccessControlConfig=config
        )
    ]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call(SERVICE, "delete_origin_access_control", Id=ctx.id, IfMatch=_etag(ctx))]


EMITS = (TYPE,)

EVENTS = Events(
    source="cloudfront.amazonaws.com",
    service=SERVICE,
    create=("CreateOriginAccessControl",),
    change=("UpdateOriginAccessControl",),
    delete=("DeleteOriginAccessControl",),
    ids=("responseElements.originAccessControl.id", "requestParameters.id"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("name",),),
            declared_defaults={"description": "Managed by Terraform"},
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="origin access control id (`E…`)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(sorted(COMPARED)), _update),),
            create=Create(_create, dict, new_id, REQUIRED),
            delete=Delete(_delete),
            facts=(
                Fact(
                    "control",
                    SERVICE,
                    "get_origin_access_control",
                    lambda ctx, live: {"Id": ctx.id},
                    frozenset({"update", "delete"}),
                    GONE,
                ),
            ),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::CloudFront::OriginAccessControl",
            _cfn,
            emits=EMITS,
            ref=("id",),
            getatt={"Id": ("id",)},
            properties={
                TYPE: {
                    name: ("scalar", ("OriginAccessControlConfig", field))
                    for name, field in FIELDS.items()
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "cloudfront",
            "OriginAccessControl",
            TYPE,
            external_name=xp_prefixed(),
            fields={
                "description": ("scalar", ("description",)),
                "signing_behavior": ("scalar", ("signingBehavior",)),
                "signing_protocol": ("scalar", ("signingProtocol",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "cloudfront",
            "OriginAccessControl",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    name: ("scalar", ("originAccessControlConfig", field))
                    for name, field in ACK_FIELDS.items()
                }
            },
        ),
    ),
)
