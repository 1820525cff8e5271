"""aws_iam_saml_provider: a SAML 2.0 identity provider: its name, metadata document and
tags.

Live: ListSAMLProviders (one call: IAM does not page it; it gives only ARNs) and
GetSAMLProvider per provider, the only call with its document and tags. AWS creates no
SAML providers of its own. The metadata document is compared as text, as Terraform
does. The document is put back with UpdateSAMLProvider, tags with TagSAMLProvider and
UntagSAMLProvider; a provider cannot be renamed ("replace needed"); a deleted one is
created again. moto keeps no tags on a SAML provider: tag reverts are checked as
botocore calls only. CloudFormation's AWS::IAM::SAMLProvider and Crossplane's
SAMLProvider declare it; ACK has no SAML provider.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Pending, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, xp_prefixed
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

TYPE = "aws_iam_saml_provider"
COMPARED = frozenset({"name", "saml_metadata_document", "tags"})
_ARN = "SAMLProviderArn"


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = details.get("provider")
    if found is None:
        return []  # deleted between the listing and the read
    arn = str(item["Arn"])
    attrs = {
        "name": arn.rsplit("/", 1)[-1],
        "saml_metadata_document": found.get("SAMLMetadataDocument"),
        "tags": tag_dict(found.get("Tags")),
        **cfn_identity(found.get("Tags")),
        "arn": arn,
    }
    return [Resource(TYPE, arn, None, attrs)]


SCAN = ScanSpec(
    name="iam_saml_providers",
    service="iam",
    global_service=True,
    listing=ListCall("list_saml_providers", "SAMLProviderList", paginated=False),
    details=(
        DetailCall(
            "provider",
            "get_saml_provider",
            lambda item: {_ARN: item["Arn"]},
            absent=frozenset({"NoSuchEntity"}),
        ),
    ),
    build=build,
)


# --- CloudFormation, Crossplane -------------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "name": p.get("Name"),
        "saml_metadata_document": p.get("SamlMetadataDocument"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": a.get("name"),
        "SamlMetadataDocument": a.get("saml_metadata_document"),
        "Tags": cfn_tags(a),
    }


# --- revert ---------------------------------------------------------------------------------


def _document(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    document = after.get("saml_metadata_document")
    return [
        ctx.call("iam", "update_saml_provider", SAMLMetadataDocument=document, **{_ARN: ctx.id})
    ]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {
        "Name": desired["name"],
        "SAMLMetadataDocument": desired["saml_metadata_document"],
        **tags_param(desired),
    }
    outputs = {f"{ctx.label}.arn": _ARN}
    return [ctx.producing(outputs, "iam", "create_saml_provider", **params)]


def _new_arn(ctx: Ctx, desired: Attrs) -> Pending:
    return Pending(f"{ctx.label}.arn")


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """One provider, read by ARN."""
    params = {_ARN: unit.id}
    found = reader.call("iam", unit.region, "get_saml_provider", params, gone=reader.NO_ENTITY)
    return build({"Arn": unit.id}, {"provider": found}, unit.region)


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("CreateSAMLProvider",),
    change=("UpdateSAMLProvider", "TagSAMLProvider", "UntagSAMLProvider"),
    delete=("DeleteSAMLProvider",),
    ids=("responseElements.sAMLProviderArn", "requestParameters.sAMLProviderArn"),
    touches={
        "UpdateSAMLProvider": frozenset({"saml_metadata_document"}),
        "TagSAMLProvider": frozenset({"tags"}),
        "UntagSAMLProvider": frozenset({"tags"}),
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
            declared_defaults={"tags": {}},
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
                Updater(("saml_metadata_document",), _document),
                Updater(("tags",), iam_tagger("saml_provider", _ARN)),
            ),
            fixed={"name": REPLACE},
            create=Create(_create, fresh, _new_arn, ("name", "saml_metadata_document")),
            delete=Delete(
                lambda ctx, live, children: [
                    ctx.call("iam", "delete_saml_provider", **{_ARN: ctx.id})
                ]
            ),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::IAM::SAMLProvider",
            _cfn,
            emits=(TYPE,),
            ref=("arn",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "iam",
            "SAMLProvider",
            TYPE,
            regional=False,
            external_name=xp_prefixed("arn:"),
            tagged=True,
            fields={"tags": ("map", ("tags",))},
        ),
    ),
)
