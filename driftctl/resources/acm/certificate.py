"""aws_acm_certificate: an ACM certificate: its domain name, alternative names,
validation method, key algorithm, issuing private CA and tags.

Live: ListCertificates pages (every key algorithm: by default AWS lists RSA_2048 only),
plus per certificate DescribeCertificate and ListTagsForCertificate. Certificates
another AWS service manages (`ManagedBy`, such as CloudFront's) are never unmanaged.
The domain name is also an alternative name on AWS's side: it is left out of
`subject_alternative_names` on both sides. A certificate is immutable: every compared
attribute but the tags needs a new certificate, and a revert says "replace needed".
An imported certificate's body and private key are never read. A certificate in use
(`InUseBy`) is never deleted. Its `domain_validation_options` (the DNS record each domain
is validated by) are computed, as Terraform's state holds them: bound once the
certificate is matched, so the validation records declared with `for_each` over them are
declared (driftctl/engine/bind.py). moto issues a DNS-validated certificate once it is 60 s
old, whether or not its records exist. Checked against real Terraform, with its
validation records and `aws_acm_certificate_validation`, in tests/tf/test_patterns.py.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, reader, tag_items, tagger, xp_prefixed
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
from driftctl.core.model import Resource, is_known

TYPE = "aws_acm_certificate"
COMPARED = frozenset(
    {
        "domain_name",
        "subject_alternative_names",
        "validation_method",
        "key_algorithm",
        "certificate_authority_arn",
        "tags",
    }
)
KEY_TYPES = [
    "RSA_1024",
    "RSA_2048",
    "RSA_3072",
    "RSA_4096",
    "EC_prime256v1",
    "EC_secp384r1",
    "EC_secp521r1",
]
GONE = frozenset({"ResourceNotFoundException"})


def _arn(item: Item) -> dict[str, Any]:
    return {"CertificateArn": item["CertificateArn"]}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    cert = (details.get("certificate") or {}).get("Certificate") or {}
    if not cert:
        return []
    tags = (details.get("tags") or {}).get("Tags")
    options = cert.get("DomainValidationOptions") or []
    imported = cert.get("Type") == "IMPORTED"
    attrs = {
        "domain_name": cert.get("DomainName"),
        "subject_alternative_names": sorted(cert.get("SubjectAlternativeNames") or []),
        "validation_method": None
        if imported
        else (options[0].get("ValidationMethod") if options else None) or "NONE",
        "key_algorithm": cert.get("KeyAlgorithm"),
        "certificate_authority_arn": cert.get("CertificateAuthorityArn") or "",
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": item["CertificateArn"],
        "status": cert.get("Status"),
        "type": cert.get("Type"),
        "managed_by": cert.get("ManagedBy"),
        "in_use_by": sorted(cert.get("InUseBy") or []),
        "domain_validation_options": _validation_options(options),
    }
    return [Resource(TYPE, item["CertificateArn"], None, attrs, region=region)]


def _validation_options(options: list[Item]) -> list[dict[str, Any]]:
    """DomainValidationOptions as the provider's state holds them: one per domain with a
    DNS record to validate it by, sorted by domain."""
    out = []
    for option in options:
        record = option.get("ResourceRecord") or {}
        if record:
            out.append(
                {
                    "domain_name": option.get("DomainName"),
                    "resource_record_name": record.get("Name"),
                    "resource_record_type": record.get("Type"),
                    "resource_record_value": record.get("Value"),
                }
            )
    return sorted(out, key=lambda o: str(o["domain_name"]))


SCAN = ScanSpec(
    name="acm_certificates",
    service="acm",
    listing=ListCall(
        "list_certificates",
        "CertificateSummaryList",
        {"Includes": {"keyTypes": KEY_TYPES}},
        page_size=1000,
    ),
    details=(
        DetailCall("certificate", "describe_certificate", _arn, GONE),
        DetailCall("tags", "list_tags_for_certificate", _arn, GONE),
    ),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The domain name out of the alternative names (AWS lists it there too)."""
    out = dict(attrs)
    sans, domain = out.get("subject_alternative_names"), out.get("domain_name")
    if isinstance(sans, list) and is_known(domain):
        out["subject_alternative_names"] = sorted(s for s in sans if s != domain)
    if "certificate_authority_arn" in out and out["certificate_authority_arn"] is None:
        out["certificate_authority_arn"] = ""
    return out


def _aws_default(r: Resource) -> bool:
    return bool(r.attrs.get("managed_by"))


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    p = d.props
    attrs = {
        "domain_name": p.get("DomainName"),
        "subject_alternative_names": p.get("SubjectAlternativeNames"),
        "validation_method": p.get("ValidationMethod"),
        "key_algorithm": p.get("KeyAlgorithm"),
        "certificate_authority_arn": p.get("CertificateAuthorityArn"),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "DomainName": a.get("domain_name"),
        "SubjectAlternativeNames": a.get("subject_alternative_names") or None,
        "ValidationMethod": a.get("validation_method"),
        "KeyAlgorithm": a.get("key_algorithm"),
        "CertificateAuthorityArn": a.get("certificate_authority_arn") or None,
        "Tags": cfn_tags(a),
    }


# The external name is the certificate's ARN once AWS assigned it: the explicit id.
_xp_external_name = xp_prefixed("arn:")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    attrs = {
        "domain_name": s.get("domainName"),
        "subject_alternative_names": s.get("subjectAlternativeNames"),
        "key_algorithm": s.get("keyAlgorithm"),
        "certificate_authority_arn": c.ref(
            s.get("certificateAuthorityARN"),
            s.get("certificateAuthorityRef"),
            "CertificateAuthority",
        ),
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs, c.adoption.get("arn"))]


# --- revert ---------------------------------------------------------------------------------


_TAGS = tagger(
    "acm",
    ("add_tags_to_certificate", "Tags"),
    ("remove_tags_from_certificate", "Tags"),
    lambda ctx, attrs: {"CertificateArn": ctx.id},
)


def _untag_shape(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """ACM removes tags by [{Key}], not by a list of keys."""
    out = []
    for call in _TAGS(ctx, before, after):
        if call.operation == "remove_tags_from_certificate":
            keys = [{"Key": k} for k in call.params["Tags"]]
            call = ctx.call("acm", call.operation, CertificateArn=ctx.id, Tags=keys)
        out.append(call)
    return out


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    """A new certificate request: it is issued once validated (DNS or email)."""
    params: dict[str, Any] = {"DomainName": desired["domain_name"]}
    sans = desired.get("subject_alternative_names") or []
    if sans:
        params["SubjectAlternativeNames"] = sorted({desired["domain_name"], *sans})
    if desired.get("validation_method") in ("DNS", "EMAIL"):
        params["ValidationMethod"] = desired["validation_method"]
    if desired.get("key_algorithm"):
        params["KeyAlgorithm"] = desired["key_algorithm"]
    if desired.get("certificate_authority_arn"):
        params["CertificateAuthorityArn"] = desired["certificate_authority_arn"]
    tags = desired.get("tags") or {}
    if tags:
        params["Tags"] = [{"Key": k, "Value": str(v)} for k, v in sorted(tags.items())]
    outputs = {f"{ctx.label}.arn": "CertificateArn"}
    return [ctx.producing(outputs, "acm", "request_certificate", **params)]


def _new_arn(ctx: Ctx, desired: Attrs) -> Pending:
    return Pending(f"{ctx.label}.arn")


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("acm", "delete_certificate", CertificateArn=ctx.id)]


def _refuse(ctx: Ctx, live: Attrs, children: list[Resource]) -> str | None:
    """it is in use (a load balancer, a distribution) or another service manages it"""
    users = live.get("in_use_by") or []
    if users:
        return f"cannot delete {ctx.label}: in use by {', '.join(users)}"
    if live.get("managed_by"):
        return f"cannot delete {ctx.label}: managed by {live['managed_by']}"
    return None


def _describe(answer: Any) -> Item | None:
    cert = (answer or {}).get("Certificate")
    return {"CertificateArn": cert["CertificateArn"]} if cert else None


EMITS = (TYPE,)

EVENTS = Events(
    source="acm.amazonaws.com",
    service="acm",
    create=(
        "RequestCertificate",
        "ImportCertificate",
    ),
    change=(
        "AddTagsToCertificate",
        "RemoveTagsFromCertificate",
    ),
    delete=("DeleteCertificate",),
    ids=(
        "responseElements.certificateArn",
        "requestParameters.certificateArn",
    ),
    touches={
        "AddTagsToCertificate": frozenset({"tags"}),
        "RemoveTagsFromCertificate": frozenset({"tags"}),
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
            sets=frozenset({"subject_alternative_names"}),
            natural_keys=(CFN_KEY, ("domain_name",)),
            declared_defaults={"certificate_authority_arn": "", "tags": {}},
            normalize=_normalize,
            is_aws_default=_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn", "status", "type", "domain_validation_options"}),
            id_doc="ARN",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("tags",), _untag_shape),),
            fixed={
                "domain_name": REPLACE,
                "subject_alternative_names": REPLACE,
                "validation_method": REPLACE,
                "key_algorithm": REPLACE,
                "certificate_authority_arn": REPLACE,
            },
            create=Create(_create, dict, _new_arn, ("domain_name",)),
            delete=Delete(_delete, _refuse),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            "acm",
            "describe_certificate",
            lambda rid: {"CertificateArn": rid},
            _describe,
            GONE,
        )
    },
    cfn=(
        CfnType(
            "AWS::CertificateManager::Certificate",
            _cfn,
            emits=EMITS,
            ref=("id",),
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "acm",
            "Certificate",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "acm",
            "Certificate",
            TYPE,
            _ack,
            emits=EMITS,
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
