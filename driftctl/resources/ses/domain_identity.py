"""aws_ses_domain_identity: a domain SES (v1) sends mail from, and the verification
token AWS gave it (the TXT record a `_amazonses` record declares, read for references).

Live: ListIdentities pages of domains (100 a page, email addresses left out: they are
`aws_ses_email_identity`), then one GetIdentityVerificationAttributes per page (it takes
100 identities) for the tokens. AWS creates no identity of its own. The domain is the
identity's id: a declared domain that is not there is missing, and one verified by hand
is unmanaged. Nothing else is compared (DKIM, the MAIL FROM domain and notifications are
other Terraform types); a deleted identity is verified again with VerifyDomainIdentity
(AWS then gives it a new token).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import REPLACE, keep, xp_same_name
from driftctl.base.revert import Create, Delete, RevertSpec
from driftctl.base.spec import DetailCall, Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_ses_domain_identity"
COMPARED = frozenset({"domain"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = (details.get("attributes") or {}).get("VerificationAttributes") or {}
    out = []
    for domain in item.get("identities") or ():
        attrs = {
            "domain": domain,
            "verification_token": (found.get(domain) or {}).get("VerificationToken"),
        }
        out.append(Resource(TYPE, domain, None, attrs, region=region))
    return out


SCAN = ScanSpec(
    name="ses_domain_identities",
    service="ses",
    listing=ListCall(
        "list_identities",
        "Identities",
        params={"IdentityType": "Domain"},
        page_size=100,
        item_key="identities",
        whole_pages=True,
    ),
    details=(
        DetailCall(
            "attributes",
            "get_identity_verification_attributes",
            lambda item: {"Identities": list(item["identities"])},
        ),
    ),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    operation = "get_identity_verification_attributes"
    answer = reader.call("ses", unit.region, operation, {"Identities": [unit.id]})
    if unit.id not in ((answer or {}).get("VerificationAttributes") or {}):
        return []
    return build({"identities": [unit.id]}, {"attributes": answer}, unit.region)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """The domain without a trailing dot (Terraform drops it too)."""
    domain = attrs.get("domain")
    if isinstance(domain, str):
        return {**attrs, "domain": domain.removesuffix(".")}
    return attrs


def _domain(attrs: dict[str, Any]) -> str | None:
    domain = attrs.get("domain")
    return domain.removesuffix(".") if isinstance(domain, str) else None


def _cfn(d: Declaring) -> None:
    identity = d.props.get("EmailIdentity")
    if isinstance(identity, str) and "@" in identity:
        return  # an email address: aws_ses_email_identity
    d.emit(TYPE, {"domain": identity})


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    return {"EmailIdentity": a.get("domain")}


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    return [ctx.call("ses", "verify_domain_identity", Domain=desired["domain"])]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["domain"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ses", "delete_identity", Identity=ctx.id)]


EMITS = (TYPE,)

EVENTS = Events(
    source="ses.amazonaws.com",
    service="ses",
    create=("VerifyDomainIdentity",),
    change=(),
    delete=("DeleteIdentity",),
    ids=("requestParameters.domain", "requestParameters.identity"),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("domain",),),
            declared_id=_domain,
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"verification_token"}),
            id_doc="the domain",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(),
            fixed={"domain": REPLACE},
            create=Create(_create, dict, _new_id, ("domain",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::SES::EmailIdentity",
            _cfn,
            emits=EMITS,
            ref=("domain",),
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ses",
            "DomainIdentity",
            TYPE,
            external_name=xp_same_name("domain"),
            importable=True,
        ),
    ),
)
