"""aws_ssm_parameter: a Parameter Store parameter: type, value (never a SecureString's),
description, KMS key, allowed pattern, tier, data type and tags.

Live: DescribeParameters pages (everything but the value and tags), plus per parameter
ListTagsForResource, and GetParameter (without decryption) for String and StringList
parameters only. A SecureString's value is never read, never declared and never
compared: driftctl never asks KMS to decrypt it, so it cannot hold or print it, and a
plaintext read would need kms:Decrypt on every key (Terraform does read and compare it,
as a sensitive value: a SecureString changed out of band is drift Terraform sees and
driftctl does not; its `version` in tfstate is the trace). For the same reason a revert
of a SecureString's other attributes (PutParameter needs the value) is refused: a human
puts it back. `insecure_value` is read as `value`. A parameter cannot change its name or
type in place: a revert says "replace needed". Parameters AWS publishes (`/aws/service/…`)
are not listed by DescribeParameters.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, reader, tag_items, tagger, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import CannotRevert, Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
)
from driftctl.core.model import Resource

TYPE = "aws_ssm_parameter"
SECURE = "SecureString"
COMPARED = frozenset(
    {
        "name",
        "type",
        "value",
        "description",
        "key_id",
        "allowed_pattern",
        "tier",
        "data_type",
        "tags",
    }
)
# what PutParameter writes (besides the value): canonical attr -> its parameter
_PUT = {
    "description": "Description",
    "allowed_pattern": "AllowedPattern",
    "tier": "Tier",
    "data_type": "DataType",
    "key_id": "KeyId",
}


def _plain(item: Item) -> bool:
    return item.get("Type") != SECURE


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("TagList")
    attrs: dict[str, Any] = {
        "name": item["Name"],
        "type": item.get("Type"),
        "description": item.get("Description") or "",
        "allowed_pattern": item.get("AllowedPattern") or "",
        "tier": item.get("Tier") or "Standard",
        "data_type": item.get("DataType") or "text",
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": item.get("ARN"),
        "version": item.get("Version"),
    }
    if item.get("Type") == SECURE:
        attrs["key_id"] = item.get("KeyId")
    else:
        attrs["value"] = ((details.get("value") or {}).get("Parameter") or {}).get("Value")
    return [Resource(TYPE, item["Name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ssm_parameters",
    service="ssm",
    listing=ListCall("describe_parameters", "Parameters", page_size=50),
    details=(
        DetailCall(
            "value",
            "get_parameter",
            lambda item: {"Name": item["Name"], "WithDecryption": False},
            frozenset({"ParameterNotFound"}),
            when=_plain,
        ),
        DetailCall(
            "tags",
            "list_tags_for_resource",
            lambda item: {"ResourceType": "Parameter", "ResourceId": item["Name"]},
            frozenset({"InvalidResourceId"}),
        ),
    ),
    build=build,
)


def _declared(raw: RawResource) -> list[Resource]:
    """The compared attributes; a SecureString's value (or one of a type not known yet)
    is dropped here, so it is never held, compared or printed."""
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    if "value" not in attrs and "insecure_value" in raw.attrs:
        attrs["value"] = raw.attrs["insecure_value"]
    if attrs.get("type") != "String" and attrs.get("type") != "StringList":
        attrs.pop("value", None)
    if attrs.get("type") != SECURE:
        attrs.pop("key_id", None)
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::SSM::Parameter (String or StringList: CloudFormation creates no SecureString);
    its Tags are a map."""
    p = d.props
    tags = p.get("Tags")
    attrs = {
        "name": p.get("Name"),
        "type": p.get("Type"),
        "value": p.get("Value"),
        "description": p.get("Description"),
        "allowed_pattern": p.get("AllowedPattern"),
        "tier": p.get("Tier"),
        "data_type": p.get("DataType"),
        "tags": dict(tags) if isinstance(tags, dict) else {},
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "Type": a.get("type"),
        "Value": a.get("value"),
        "Description": a.get("description") or None,
        "AllowedPattern": a.get("allowed_pattern") or None,
        "Tier": a.get("tier"),
        "DataType": a.get("data_type"),
        "Tags": dict(a.get("tags") or {}) or None,
    }


# The external name is the parameter's name, its id too.
_xp_external_name = xp_same_name("name")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "type": s.get("type"),
        "value": s.get("value"),
        "description": s.get("description"),
        "key_id": c.ref(s.get("keyID"), s.get("keyRef"), "Key"),
        "allowed_pattern": s.get("allowedPattern"),
        "tier": s.get("tier"),
        "data_type": s.get("dataType"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


# --- revert ---------------------------------------------------------------------------------


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    kind = after.get("type") or before.get("type")
    if kind == SECURE or "value" not in after:
        raise CannotRevert(
            "PutParameter needs the value, which driftctl never reads for a SecureString "
            "(put it back by hand or with terraform apply)"
        )
    params: dict[str, Any] = {
        "Name": ctx.id,
        "Value": after["value"],
        "Type": kind,
        "Overwrite": True,
    }
    for attr, param in _PUT.items():
        if after.get(attr) and attr != "key_id":
            params[param] = after[attr]
    return [ctx.call("ssm", "put_parameter", **params)]


_TAGS = tagger(
    "ssm",
    ("add_tags_to_resource", "Tags"),
    ("remove_tags_from_resource", "TagKeys"),
    lambda ctx, attrs: {"ResourceType": "Parameter", "ResourceId": ctx.id},
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "Name": desired["name"],
        "Value": desired["value"],
        "Type": desired["type"],
    }
    for attr, param in _PUT.items():
        if desired.get(attr):
            params[param] = desired[attr]
    return [ctx.call("ssm", "put_parameter", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ssm", "delete_parameter", Name=ctx.id)]


def _describe(answer: Any) -> Item | None:
    found = (answer or {}).get("Parameters") or []
    return dict(found[0]) if found else None


EMITS = (TYPE,)

EVENTS = Events(
    source="ssm.amazonaws.com",
    service="ssm",
    create=("PutParameter",),
    change=(
        "PutParameter",
        "AddTagsToResource",
        "RemoveTagsFromResource",
    ),
    delete=("DeleteParameter",),
    ids=(
        "requestParameters.name",
        "requestParameters.resourceId",
    ),
    touches={
        "AddTagsToResource": frozenset({"tags"}),
        "RemoveTagsFromResource": frozenset({"tags"}),
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
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={"description": "", "allowed_pattern": "", "tags": {}},
            from_terraform={TYPE: _declared},
            tags=True,
            computed=frozenset({"arn", "version"}),
            id_doc="parameter name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(
                    ("value", "description", "allowed_pattern", "tier", "data_type", "key_id"),
                    _put,
                ),
                Updater(("tags",), _TAGS),
            ),
            fixed={"name": REPLACE, "type": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "type", "value")),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            "ssm",
            "describe_parameters",
            lambda rid: {
                "ParameterFilters": [{"Key": "Name", "Option": "Equals", "Values": [rid]}]
            },
            _describe,
            frozenset(),
        )
    },
    cfn=(
        CfnType(
            "AWS::SSM::Parameter",
            _cfn,
            emits=EMITS,
            ref=("name",),
            getatt={"Type": ("type",), "Value": ("value",)},
            name_attr="name",
            properties={
                TYPE: {
                    "value": ("scalar", ("Value",)),
                    "description": ("scalar", ("Description",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ssm",
            "Parameter",
            TYPE,
            external_name=_xp_external_name,
            refs={"keyId": ("Key", ("id",))},
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "description": ("scalar", ("description",)),
                "value": ("scalar", ("insecureValue",)),
            },
            importable=True,
            import_skip=frozenset({"value"}),
        ),
    ),
    ack=(
        AckKind(
            "ssm",
            "Parameter",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "description": ("scalar", ("description",)),
                    "value": ("scalar", ("value",)),
                }
            },
        ),
    ),
)
