"""The person behind a CloudTrail record's identity, and how the change was made.

Pure functions over one record in CloudTrail's JSON format (docs/attribution.md,
"Identity resolution"): nothing here calls AWS.
"""

from __future__ import annotations

import dataclasses
import fnmatch
from collections.abc import Mapping, Sequence
from typing import Any

SSO_PREFIX = "AWSReservedSSO_"
# how a change was made, as `via` names it
IAC_VIAS = frozenset({"terraform", "cloudformation", "driftctl"})


@dataclasses.dataclass(frozen=True)
class Identity:
    actor: str  # "alice", "BreakGlass/alice", "alice@example.com", "autoscaling.amazonaws.com"
    principal_arn: str | None
    identity_type: str  # iam-user, assumed-role, sso, federated, saml, web-identity, ...
    issuer_arn: str | None = None  # the role an assumed-role session was made from


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def identity_of(record: Mapping[str, Any]) -> Identity:
    """Who made the call: the user, the role session, the SSO user, the AWS service."""
    who = _mapping(record.get("userIdentity"))
    kind = _text(who.get("type")) or "unknown"
    arn = _text(who.get("arn"))
    context = _mapping(who.get("sessionContext"))
    issuer = _mapping(context.get("sessionIssuer"))
    issuer_arn = _text(issuer.get("arn"))
    if kind == "IAMUser":
        name = _text(who.get("userName")) or (arn.rsplit("/", 1)[-1] if arn else "unknown")
        return Identity(name, arn, "iam-user")
    if kind == "AssumedRole":
        role, session = _role_session(arn, issuer)
        if role.startswith(SSO_PREFIX):
            return Identity(session or role, arn, "sso", issuer_arn)
        actor = f"{role}/{session}" if session else role
        return Identity(actor, arn, "assumed-role", issuer_arn)
    if kind == "FederatedUser":
        name = arn.rsplit("/", 1)[-1] if arn else _text(who.get("principalId")) or "unknown"
        return Identity(name, arn, "federated", issuer_arn)
    if kind in ("SAMLUser", "WebIdentityUser"):
        name = _text(who.get("userName")) or _text(who.get("principalId")) or "unknown"
        label = "saml" if kind == "SAMLUser" else "web-identity"
        return Identity(name, arn, label)
    if kind == "AWSService":
        return Identity(_text(who.get("invokedBy")) or "aws-service", arn, "aws-service")
    if kind == "Root":
        return Identity("root", arn, "root")
    if kind == "AWSAccount":
        return Identity(_text(who.get("accountId")) or "unknown", arn, "aws-account")
    return Identity(_text(who.get("userName")) or "unknown", arn, kind.lower())


def _role_session(arn: str | None, issuer: Mapping[str, Any]) -> tuple[str, str | None]:
    """(role name, session name) of `arn:aws:sts::ACCOUNT:assumed-role/ROLE/SESSION`."""
    if arn and ":assumed-role/" in arn:
        parts = arn.split(":assumed-role/", 1)[1].split("/")
        if len(parts) >= 2:
            return parts[0], "/".join(parts[1:])
        return parts[0], None
    return _text(issuer.get("userName")) or "unknown", None


def via_of(record: Mapping[str, Any]) -> str:
    """How the call was made: console, cli, sdk, terraform, cloudformation, driftctl,
    aws-service, or other."""
    agent = (_text(record.get("userAgent")) or "").lower()
    who = _mapping(record.get("userIdentity"))
    invoked = (_text(who.get("invokedBy")) or "").lower()
    if "driftctl/" in agent:
        return "driftctl"
    if "terraform" in agent:
        return "terraform"
    if "cloudformation.amazonaws.com" in (agent, invoked):
        return "cloudformation"
    if record.get("sessionCredentialFromConsole") in (True, "true") or agent in (
        "console.amazonaws.com",
        "signin.amazonaws.com",
        "aws internal",
    ):
        return "console"
    if agent.startswith("aws-cli/"):
        return "cli"
    if who.get("type") == "AWSService" or agent.endswith(".amazonaws.com") or invoked:
        return "aws-service"
    if any(sdk in agent for sdk in ("boto3/", "botocore/", "aws-sdk-", "aws-sdk/")):
        return "sdk"
    return "other"


def is_iac(record: Mapping[str, Any], iac_principals: Sequence[str]) -> bool:
    """Whether the record is the IaC pipeline's own: made by Terraform, CloudFormation or
    driftctl (its user agent), or by a principal an --iac-principal glob names (the
    session's ARN or the role it was assumed from)."""
    if via_of(record) in IAC_VIAS:
        return True
    who = identity_of(record)
    arns = [a for a in (who.principal_arn, who.issuer_arn) if a]
    return any(fnmatch.fnmatchcase(arn, glob) for arn in arns for glob in iac_principals)
