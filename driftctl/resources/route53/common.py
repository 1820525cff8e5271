"""What the Route53 types share: the service, zone ids and DNS names in canonical form."""

from __future__ import annotations

from typing import Any

from driftctl.core.model import Ref, Unknown

SERVICE = "route53"


def zone_id(value: str) -> str:
    """A zone id without AWS's `/hostedzone/` prefix (Terraform's id)."""
    return value.rsplit("/", 1)[-1]


def dns_name(value: Any) -> Any:
    """A DNS name as Terraform holds it: lower case, no trailing dot, `*` for the `\\052`
    AWS answers with (anything but a string, an Unknown, passes through)."""
    if not isinstance(value, str):
        return value
    return value.replace("\\052", "*").rstrip(".").lower()


def apex_own(zone_name: Any, name: Any, rtype: Any) -> bool:
    """The NS and SOA record sets AWS creates at a zone's apex with the zone."""
    return rtype in ("NS", "SOA") and dns_name(name) == dns_name(zone_name)


def across_scopes(value: Any) -> Any:
    """References to regional resources (a VPC, a load balancer's DNS name) as values
    that wait on them: Route53 is matched in the global scope, where a reference to a
    resource of a region never resolves, while a waiting value is evaluated again once
    its resource is matched (driftctl.engine.bind). References to Route53's own resources stay."""
    if isinstance(value, Ref):
        if ".aws_route53_" in f".{value.address}":
            return value
        return Unknown(f"{value.expression} is known after apply", depends_on=value.address)
    if isinstance(value, dict):
        return {k: across_scopes(v) for k, v in value.items()}
    if isinstance(value, list):
        return [across_scopes(v) for v in value]
    return value
