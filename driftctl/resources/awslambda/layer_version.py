"""aws_lambda_layer_version: the latest published version of a Lambda layer: its
description, license and the runtimes and architectures it is compatible with.

Live: ListLayers pages (each layer with its latest version: nothing per layer). AWS
makes no layers of its own in an account. A declaration is the layer's latest version
(Terraform publishes a new version on every change and deletes the one before, unless
`skip_destroy` keeps it): older versions are not read, neither compared nor reported
unmanaged. Runtimes and architectures are compared as sets. A version is immutable:
every compared attribute is "replace needed", and a missing one cannot be published
again (its code is out of the declaration's reach): a human decides. It holds code: a
revert rule never deletes one, only `--delete-data` naming it. The code itself (its
hash) is not compared.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, reader, sorted_known, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Delete, RevertSpec
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource

TYPE = "aws_lambda_layer_version"
GONE = frozenset({"ResourceNotFoundException"})
COMPARED = frozenset(
    {
        "layer_name",
        "description",
        "license_info",
        "compatible_runtimes",
        "compatible_architectures",
    }
)
_SETS = ("compatible_runtimes", "compatible_architectures")


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = item.get("LatestMatchingVersion") or {}
    if not found.get("LayerVersionArn"):
        return []
    arn = str(found["LayerVersionArn"])
    attrs = {
        "layer_name": item["LayerName"],
        "description": found.get("Description") or "",
        "license_info": found.get("LicenseInfo") or "",
        "compatible_runtimes": list(found.get("CompatibleRuntimes") or ()),
        "compatible_architectures": list(found.get("CompatibleArchitectures") or ()),
        "version": str(found.get("Version")),
        "arn": arn,
        "layer_arn": arn.rsplit(":", 1)[0],
    }
    return [Resource(TYPE, arn, None, attrs, region=region)]


SCAN = ScanSpec(
    name="lambda_layer_versions",
    service="lambda",
    listing=ListCall("list_layers", "Layers", page_size=50),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    for attr in ("description", "license_info"):
        if attr in out and out[attr] is None:
            out[attr] = ""
    for attr in _SETS:
        if attr in out:
            out[attr] = sorted_known(out[attr] if out[attr] is not None else [])
    return out


def _declared(raw: RawResource) -> list[Resource]:
    """The layer's latest version."""
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "layer_name": p.get("LayerName"),
        "description": p.get("Description"),
        "license_info": p.get("LicenseInfo"),
        "compatible_runtimes": p.get("CompatibleRuntimes"),
        "compatible_architectures": p.get("CompatibleArchitectures"),
    }
    d.emit(TYPE, attrs)


# The external name is the id AWS assigned: the version's ARN.
_xp_external_name = xp_prefixed("arn:")


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's lambda LayerVersion: the layer's latest version."""
    s = c.spec
    attrs = {
        "layer_name": s.get("layerName"),
        "description": s.get("description"),
        "license_info": s.get("licenseInfo"),
        "compatible_runtimes": s.get("compatibleRuntimes"),
        "compatible_architectures": s.get("compatibleArchitectures"),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [
        ctx.call(
            "lambda", "delete_layer_version", LayerName=live["layer_name"],
            VersionNumber=int(live["version"]),
        )
    ]  # fmt: skip


def _one_version(answer: Any) -> Item | None:
    """GetLayerVersionByArn's answer as a listed layer holding that one version."""
    if not answer:
        return None
    found = {k: v for k, v in answer.items() if k != "ResponseMetadata"}
    layer = str(found.get("LayerArn") or found["LayerVersionArn"]).rsplit(":", 1)[-1]
    return {"LayerName": layer, "LatestMatchingVersion": found}


def _read(r: Any, unit: Any) -> list[Resource]:
    """One version, by its ARN."""
    read = reader(
        SCAN,
        "lambda",
        "get_layer_version_by_arn",
        lambda rid: {"Arn": rid},
        _one_version,
        GONE,
    )
    return read(r, unit)


EVENTS = Events(
    source="lambda.amazonaws.com",
    service="lambda",
    create=("PublishLayerVersion20181031",),
    delete=("DeleteLayerVersion20181031",),
    ids=("responseElements.layerVersionArn",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            sets=frozenset(_SETS),
            natural_keys=(("layer_name",),),
            declared_defaults={
                "description": "",
                "license_info": "",
                "compatible_runtimes": [],
                "compatible_architectures": [],
            },
            normalize=_normalize,
            from_terraform={TYPE: _declared},
            computed=frozenset({"arn", "layer_arn", "version"}),
            id_doc="the version's ARN",
            state_id=True,
            holds_data=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            fixed={a: REPLACE for a in sorted(COMPARED)},
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::Lambda::LayerVersion",
            _cfn,
            emits=(TYPE,),
            ref=("arn",),
            getatt={"LayerVersionArn": ("arn",)},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "lambda",
            "LayerVersion",
            TYPE,
            external_name=_xp_external_name,
        ),
    ),
    ack=(AckKind("lambda", "LayerVersion", TYPE, _ack, emits=(TYPE,)),),
)
