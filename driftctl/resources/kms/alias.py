"""aws_kms_alias: a name (`alias/…`) pointing at a KMS key.

Live: ListAliases pages, the same call aws_kms_key's scan joins (made once per region),
nothing per alias. `alias/aws/*` aliases are AWS's own (they name AWS-managed keys):
never unmanaged. The target is compared as a key id (an ARN declared is read as its
id). An alias cannot be renamed: a revert says "replace needed". A matched alias also
identifies the key its declaration targets, where no key of the key's own finds it (a
key whose description was changed live is that key, changed, not missing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, key_id
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ResourceType, ScanSpec
from driftctl.core.model import Resource
from driftctl.resources.kms.key import ALIASES, AWS_ALIAS

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_kms_alias"
COMPARED = frozenset({"name", "target_key_id"})
PREFIX = frozenset({"name_prefix"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {
        "name": item["AliasName"],
        "target_key_id": item.get("TargetKeyId"),
        "arn": item.get("AliasArn"),
    }
    return [Resource(TYPE, item["AliasName"], None, attrs, region=region)]


SCAN = ScanSpec(name="kms_aliases", service="kms", listing=ALIASES, build=build)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    if "target_key_id" not in attrs:
        return attrs
    return {**attrs, "target_key_id": key_id(attrs["target_key_id"])}


def _cfn(d: Declaring) -> None:
    attrs = {"name": d.props.get("AliasName"), "target_key_id": d.props.get("TargetKeyId")}
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"AliasName": a.get("name"), "TargetKeyId": a.get("target_key_id")}


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """The external name is the alias name (`alias/…`), its id too."""
    found = external or attrs.get("name")
    if isinstance(found, str):
        attrs.setdefault("name", found)
        return found
    return None


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "name": c.name(),
        "target_key_id": c.ref(s.get("targetKeyID"), s.get("targetKeyRef"), "Key"),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


def _target(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    target = key_id(after["target_key_id"])
    return [ctx.call("kms", "update_alias", AliasName=ctx.id, TargetKeyId=target)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    target = key_id(desired["target_key_id"])
    return [ctx.call("kms", "create_alias", AliasName=desired["name"], TargetKeyId=target)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("kms", "delete_alias", AliasName=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """an `alias/aws/*` alias is AWS's own"""
    if str(ctx.id).startswith(AWS_ALIAS):
        return f"cannot delete {ctx.label}: alias/aws/* aliases are AWS's own"
    return None


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One alias: ListAliases pages until it is found (KMS reads no alias by name)."""
    params: dict[str, Any] = {"Limit": 100}
    while True:
        page = reader.call("kms", unit.region, "list_aliases", params)
        for item in page.get("Aliases") or ():
            if item.get("AliasName") == unit.id:
                return build(item, {}, unit.region)
        if not page.get("Truncated"):
            return []
        params = {**params, "Marker": page["NextMarker"]}


def _aws_default(r: Resource) -> bool:
    return str(r.attrs.get("name", "")).startswith(AWS_ALIAS)


EMITS = (TYPE,)

EVENTS = Events(
    source="kms.amazonaws.com",
    service="kms",
    create=("CreateAlias",),
    change=("UpdateAlias",),
    delete=("DeleteAlias",),
    ids=("requestParameters.aliasName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("name",),),
            identifies={"target_key_id": "aws_kms_key"},
            name_prefix=("name", "name_prefix"),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            normalize=_normalize,
            is_aws_default=_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED | PREFIX)},
            computed=frozenset({"arn", "name"}),
            id_doc="alias name (`alias/…`)",
            after=("aws_kms_key",),
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("target_key_id",), _target),),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "target_key_id")),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::KMS::Alias",
            _cfn,
            emits=EMITS,
            ref=("name",),
            properties={TYPE: {"target_key_id": ("scalar", ("TargetKeyId",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "kms",
            "Alias",
            TYPE,
            external_name=_xp_external_name,
            refs={"targetKeyId": ("Key", ("id",))},
            fields={"target_key_id": ("scalar", ("targetKeyId",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "kms",
            "Alias",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"target_key_id": ("scalar", ("targetKeyID",))}},
        ),
    ),
)
