"""aws_ssm_document: a Systems Manager document the account owns (a Command, Automation,
Session or other document): its content, type, format, target type and tags.

Live: ListDocuments pages (50 a call) with the Owner filter `Self`, plus GetDocument per
document for its content (no list call reads it). The documents AWS publishes (owner
Amazon) and those other accounts share are never listed, so never unmanaged. The content
is compared as a document, JSON or YAML alike: spacing and key order are not drift. The
version name and the sharing permissions (`permissions`, DescribeDocumentPermission per
document) are not compared. The content, format and target type are put back with
UpdateDocument (a new version) and UpdateDocumentDefaultVersion to it, as Terraform does;
the type is fixed at creation (replace needed: a human decides).
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, reader, tag_items, tagger, xp_same_name
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
)
from driftctl.core.model import Resource

TYPE = "aws_ssm_document"
COMPARED = frozenset({"name", "content", "document_type", "document_format", "target_type", "tags"})
GONE = frozenset({"InvalidDocument"})
SELF = {"Filters": [{"Key": "Owner", "Values": ["Self"]}]}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    document = details.get("content") or {}
    tags = item.get("Tags")
    attrs = {
        "name": item["Name"],
        "content": document.get("Content"),
        "document_type": item.get("DocumentType"),
        "document_format": item.get("DocumentFormat"),
        "target_type": item.get("TargetType") or "",
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": f"arn:aws:ssm:{region}:{item.get('Owner', '')}:document/{item['Name']}",
        "document_version": item.get("DocumentVersion"),
    }
    return [Resource(TYPE, item["Name"], None, attrs, region=region)]


SCAN = ScanSpec(
    name="ssm_documents",
    service="ssm",
    listing=ListCall("list_documents", "DocumentIdentifiers", params=SELF, page_size=50),
    details=(DetailCall("content", "get_document", lambda item: {"Name": item["Name"]}, GONE),),
    build=build,
)


def _parsed(value: Any) -> Any:
    """A document's text as the document it says (JSON, else YAML); other text as it is."""
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        pass
    try:
        found = yaml.safe_load(value)
    except yaml.YAMLError:
        return value
    return found if isinstance(found, (dict, list)) else value


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The content as a parsed document; no target type as ""."""
    out = dict(attrs)
    if "content" in out:
        out["content"] = _parsed(out["content"])
    if "target_type" in out and out["target_type"] is None:
        out["target_type"] = ""
    return out


def _text(content: Any, document_format: Any) -> str:
    """The content as the text of its format."""
    if isinstance(content, str):
        return content
    if document_format == "YAML":
        return str(yaml.safe_dump(content, sort_keys=True))
    return json.dumps(content, sort_keys=True)


def _cfn(d: Declaring) -> None:
    p = d.props
    d.emit(
        TYPE,
        {
            "name": p.get("Name"),
            "content": p.get("Content"),
            "document_type": p.get("DocumentType"),
            "document_format": p.get("DocumentFormat"),
            "target_type": p.get("TargetType"),
            "tags": d.tags(),
        },
    )


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "Content": a.get("content"),
        "DocumentType": a.get("document_type"),
        "DocumentFormat": a.get("document_format"),
        "TargetType": a.get("target_type") or None,
    }


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    name = s.get("name") or c.adoption.get("name") or c.m.name
    attrs = {
        "name": name,
        "content": s.get("content"),
        "document_type": s.get("documentType"),
        "document_format": s.get("documentFormat"),
        "target_type": s.get("targetType"),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("name"))]


def _update(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    document_format = after.get("document_format") or "JSON"
    params: dict[str, Any] = {
        "Name": ctx.id,
        "Content": _text(after.get("content"), document_format),
        "DocumentFormat": document_format,
        "DocumentVersion": "$LATEST",
    }
    if after.get("target_type"):
        params["TargetType"] = after["target_type"]
    version = Pending(f"{ctx.label}.document_version")
    return [
        ctx.producing(
            {version.name: "DocumentDescription.DocumentVersion"},
            "ssm",
            "update_document",
            **params,
        ),
        ctx.call("ssm", "update_document_default_version", Name=ctx.id, DocumentVersion=version),
    ]


_TAGS = tagger(
    "ssm",
    ("add_tags_to_resource", "Tags"),
    ("remove_tags_from_resource", "TagKeys"),
    lambda ctx, attrs: {"ResourceType": "Document", "ResourceId": ctx.id},
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    document_format = desired.get("document_format") or "JSON"
    params: dict[str, Any] = {
        "Name": desired["name"],
        "Content": _text(desired.get("content"), document_format),
        "DocumentType": desired["document_type"],
        "DocumentFormat": document_format,
    }
    if desired.get("target_type"):
        params["TargetType"] = desired["target_type"]
    tags = desired.get("tags") or {}
    if tags:
        params["Tags"] = [{"Key": k, "Value": str(v)} for k, v in sorted(tags.items())]
    return [ctx.call("ssm", "create_document", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ssm", "delete_document", Name=ctx.id)]


def _pick(answer: Any) -> Item | None:
    found = (answer or {}).get("DocumentIdentifiers") or ()
    return dict(found[0]) if found else None


_read = reader(
    SCAN,
    "ssm",
    "list_documents",
    lambda name: {
        "Filters": [
            {"Key": "Owner", "Values": ["Self"]},
            {"Key": "Name", "Values": [name]},
        ]
    },
    _pick,
    GONE,
)

EMITS = (TYPE,)

EVENTS = Events(
    source="ssm.amazonaws.com",
    service="ssm",
    create=("CreateDocument",),
    change=(
        "UpdateDocument",
        "UpdateDocumentDefaultVersion",
        "AddTagsToResource",
        "RemoveTagsFromResource",
    ),
    delete=("DeleteDocument",),
    ids=("requestParameters.name", "requestParameters.resourceId"),
    touches={
        "AddTagsToResource": frozenset({"tags"}),
        "RemoveTagsFromResource": frozenset({"tags"}),
        "UpdateDocument": frozenset({"content", "document_format", "target_type"}),
        "UpdateDocumentDefaultVersion": frozenset({"content", "document_format", "target_type"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags", "content"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={"document_format": "JSON", "target_type": "", "tags": {}},
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            documents=frozenset({"content"}),
            computed=frozenset({"arn", "document_version"}),
            id_doc="document name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("content", "document_format", "target_type"), _update),
                Updater(("tags",), _TAGS),
            ),
            fixed={"name": REPLACE, "document_type": REPLACE},
            create=Create(_create, dict, _new_id, ("name", "content", "document_type")),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::SSM::Document",
            _cfn,
            emits=EMITS,
            ref=("name",),
            name_attr="name",
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ssm",
            "Document",
            TYPE,
            external_name=xp_same_name("name"),
            tagged=True,
            fields={"tags": ("map", ("tags",)), "content": ("scalar", ("content",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ssm",
            "Document",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
