"""aws_key_pair: an EC2 key pair: its name, public key and tags.

Live: one DescribeKeyPairs call per region with IncludePublicKey (AWS does not page it),
nothing per key. Public keys compare by type and key material (the comment after them is
not AWS's to keep). A key's name and public key cannot change: replace needed, a human
decides. ACK's EC2 controller has no key pair kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, pairs, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater, tag_delta
from driftctl.base.spec import (
    CFN_KEY,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    tag_dict,
)
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.calls import Unit
    from driftctl.base.reader import Reader

TYPE = "aws_key_pair"
COMPARED = frozenset({"key_name", "public_key", "tags"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs = {
        "key_name": item["KeyName"],
        "public_key": item.get("PublicKey"),
        "tags": tag_dict(item.get("Tags")),
        **cfn_identity(item.get("Tags")),
        "key_pair_id": item.get("KeyPairId"),
        "fingerprint": item.get("KeyFingerprint"),
        "key_type": item.get("KeyType", "rsa"),
        "arn": f"arn:aws:ec2:{region}::key-pair/{item.get('KeyPairId', '')}",
    }
    return [Resource(TYPE, item["KeyName"], None, normalize(attrs), region=region)]


SCAN = ScanSpec(
    name="ec2_key_pairs",
    service="ec2",
    listing=ListCall(
        "describe_key_pairs", "KeyPairs", params={"IncludePublicKey": True}, paginated=False
    ),
    build=build,
)


def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """A public key as its type and key material: the trailing comment is not kept."""
    key = attrs.get("public_key")
    if not isinstance(key, str):
        return attrs
    return {**attrs, "public_key": " ".join(key.split()[:2])}


def _from_tf(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED or k == "key_name_prefix"}
    rid = raw.import_id or (
        attrs.get("key_name") if isinstance(attrs.get("key_name"), str) else None
    )
    return [Resource(TYPE, rid, raw.address, attrs, raw.source, provenance=raw.provenance)]


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    params = {"Filters": [{"Name": "key-name", "Values": [unit.id]}], "IncludePublicKey": True}
    found = reader.call("ec2", unit.region, "describe_key_pairs", params)
    return [r for item in found.get("KeyPairs") or [] for r in build(item, {}, unit.region)]


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "key_name": p.get("KeyName"),
        "public_key": p.get("PublicKeyMaterial"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "KeyName": a.get("key_name"),
        "PublicKeyMaterial": a.get("public_key"),
        "Tags": cfn_tags(a),
    }


# The external name is the key name (upjet's default: metadata.name).
_xp_external_name = xp_same_name("key_name")


def _tags(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """Tags go on the key's id (`key-…`), not its name."""
    target = before.get("key_pair_id") or ctx.id
    to_set, to_remove = tag_delta(before, after)
    calls = []
    if to_set:
        calls.append(ctx.call("ec2", "create_tags", Resources=[target], Tags=pairs(to_set)))
    if to_remove:
        gone = [{"Key": k} for k in to_remove]
        calls.append(ctx.call("ec2", "delete_tags", Resources=[target], Tags=gone))
    return calls


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "KeyName": desired["key_name"],
        "PublicKeyMaterial": desired["public_key"],
    }
    if desired.get("tags"):
        params["TagSpecifications"] = [{"ResourceType": "key-pair", "Tags": pairs(desired["tags"])}]
    return [ctx.call("ec2", "import_key_pair", **params)]


def _fresh(desired: Attrs) -> Attrs:
    return dict(desired)


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["key_name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ec2", "delete_key_pair", KeyName=ctx.id)]


EVENTS = Events(
    source="ec2.amazonaws.com",
    service="ec2",
    create=(
        "CreateKeyPair",
        "ImportKeyPair",
    ),
    change=(
        "CreateTags",
        "DeleteTags",
    ),
    delete=("DeleteKeyPair",),
    ids=(
        "requestParameters.keyName",
        "requestParameters.resourcesSet.items[].resourceId",
    ),
    touches={
        "CreateTags": frozenset({"tags"}),
        "DeleteTags": frozenset({"tags"}),
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
            natural_keys=(CFN_KEY, ("key_name",)),
            name_prefix=("key_name", "key_name_prefix"),
            declared_id=lambda a: a.get("key_name") if isinstance(a.get("key_name"), str) else None,
            declared_defaults={"tags": {}},
            normalize=normalize,
            from_terraform={TYPE: _from_tf},
            tags=True,
            computed=frozenset({"arn", "key_pair_id", "fingerprint", "key_type"}),
            id_doc="key name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("tags",), _tags),),
            fixed={"key_name": REPLACE, "public_key": REPLACE},
            create=Create(_create, _fresh, _new_id, ("key_name", "public_key")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::EC2::KeyPair",
            _cfn,
            emits=(TYPE,),
            ref=("key_name",),
            getatt={"KeyPairId": ("key_pair_id",), "KeyFingerprint": ("fingerprint",)},
            name_attr="key_name",
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ec2",
            "KeyPair",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
)
