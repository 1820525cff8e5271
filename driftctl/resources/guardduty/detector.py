"""aws_guardduty_detector: the GuardDuty detector of a region (one per account and
region): whether it is enabled, how often it publishes findings, and tags.

Live: ListDetectors pages (50 a call) and GetDetector per detector (one per region), the
only call with its settings. AWS creates no detector by itself. A declared detector is
the region's one, whatever its id (Terraform's id is AWS's random one). Data sources and
features are not compared (Terraform declares them with aws_guardduty_detector_feature).
Enabled and the frequency are put back with UpdateDetector, tags with TagResource and
UntagResource; a deleted detector is created again. Its findings are data a delete loses:
only `--delete-data` deletes one. moto answers no TagResource: tag reverts are checked
as botocore calls only.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import map_tags, new_id, pending, reader, tagger, xp_prefixed
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    ONE_PER_REGION,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
)
from driftctl.core.model import Resource

TYPE = "aws_guardduty_detector"
COMPARED = frozenset({"enable", "finding_publishing_frequency", "tags"})
ONE = ONE_PER_REGION[0]
GONE = frozenset({"BadRequestException"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = details.get("detector")
    if found is None:
        return []  # deleted between the listing and the read
    attrs = {
        "enable": found.get("Status") == "ENABLED",
        "finding_publishing_frequency": found.get("FindingPublishingFrequency"),
        "tags": map_tags(found.get("Tags")),
        ONE: True,
    }
    return [Resource(TYPE, item["DetectorId"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="guardduty_detectors",
    service="guardduty",
    listing=ListCall("list_detectors", "DetectorIds", page_size=50, item_key="DetectorId"),
    details=(
        DetailCall(
            "detector", "get_detector", lambda item: {"DetectorId": item["DetectorId"]}, GONE
        ),
    ),
    build=build,
)


def _convert(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    attrs[ONE] = True
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane ---------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "enable": p.get("Enable"),
        "finding_publishing_frequency": p.get("FindingPublishingFrequency"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Enable": a.get("enable"),
        "FindingPublishingFrequency": a.get("finding_publishing_frequency"),
        "Tags": cfn_tags(a),
    }


# --- revert ---------------------------------------------------------------------------------


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params: dict[str, Any] = {"DetectorId": ctx.id, "Enable": bool(after.get("enable", True))}
    if after.get("finding_publishing_frequency"):
        params["FindingPublishingFrequency"] = after["finding_publishing_frequency"]
    return [ctx.call("guardduty", "update_detector", **params)]


def _arn(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
    return {"ResourceArn": f"arn:aws:guardduty:{ctx.region}:{ctx.account}:detector/{ctx.id}"}


_TAGS = tagger(
    "guardduty", ("tag_resource", "Tags"), ("untag_resource", "TagKeys"), _arn, shape=dict
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"Enable": bool(desired.get("enable", True))}
    if desired.get("finding_publishing_frequency"):
        params["FindingPublishingFrequency"] = desired["finding_publishing_frequency"]
    if desired.get("tags"):
        params["Tags"] = dict(desired["tags"])
    output = {pending(ctx).name: "DetectorId"}
    return [ctx.producing(output, "guardduty", "create_detector", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("guardduty", "delete_detector", DetectorId=ctx.id)]


def _read(r: Any, unit: Any) -> list[Resource]:
    """One detector, by its id."""

    def pick(answer: Any) -> Item | None:
        return {"DetectorId": unit.id} if answer else None

    read = reader(SCAN, "guardduty", "get_detector", lambda rid: {"DetectorId": rid}, pick, GONE)
    return read(r, unit)


EVENTS = Events(
    source="guardduty.amazonaws.com",
    service="guardduty",
    create=("CreateDetector",),
    change=("UpdateDetector", "TagResource", "UntagResource"),
    delete=("DeleteDetector",),
    ids=("responseElements.detectorId", "requestParameters.detectorId"),
    touches={"TagResource": frozenset({"tags"}), "UntagResource": frozenset({"tags"})},
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(ONE_PER_REGION,),
            declared_defaults={"enable": True, "tags": {}},
            from_terraform={TYPE: _convert},
            tags=True,
            id_doc="detector id (32 hex digits)",
            holds_data=True,
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("enable", "finding_publishing_frequency"), _update),
                Updater(("tags",), _TAGS),
            ),
            create=Create(_create, dict, new_id),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::GuardDuty::Detector",
            _cfn,
            emits=(TYPE,),
            ref=("id",),
            getatt={"Id": ("id",)},
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "guardduty",
            "Detector",
            TYPE,
            external_name=xp_prefixed(),
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
)
