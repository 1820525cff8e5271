"""Data sources: what driftctl can know about them without calling AWS.

- aws_iam_policy_document is computed locally, as the provider does (hcl_iam).
- aws_caller_identity, aws_region and aws_partition come from the scan's AWS session
  (the `context` passed to load_hcl: account_id, region, partition, and optionally arn
  and user_id); when only rendering there is no session and they are Unknown.
- Every other data source: its configured arguments are known, anything it reads from
  AWS is Unknown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.core.model import Unknown
from driftctl.declared.hcl.iam import render
from driftctl.declared.hcl.lang.types import is_null
from driftctl.declared.hcl.lang.values import Instance, finalize, mark_if, unmark_deep
from driftctl.declared.hcl.refs import MISSING

if TYPE_CHECKING:
    from driftctl.declared.hcl.loader import Loader

_DNS_SUFFIX = {
    "aws": "amazonaws.com",
    "aws-cn": "amazonaws.com.cn",
    "aws-us-gov": "amazonaws.com",
    "aws-iso": "c2s.ic.gov",
    "aws-iso-b": "sc2s.sgov.gov",
    "aws-iso-e": "cloud.adc-e.uk",
    "aws-iso-f": "csp.hci.ic.gov",
}


def data_attr(
    loader: Loader, instance: Instance, attrs: dict[str, Any], name: str, provider: str
) -> Any:
    """instance.name of a data source; MISSING when neither configured nor computed."""
    if instance.type == "aws_iam_policy_document" and name in ("json", "minified_json", "id"):
        plain, marked = unmark_deep(finalize(attrs))  # a sensitive part makes it sensitive
        rendered = render(plain)
        return mark_if(marked, rendered if isinstance(rendered, Unknown) else rendered[name])
    if instance.type == "aws_caller_identity" and name in ("account_id", "arn", "user_id", "id"):
        key = "account_id" if name == "id" else name
        return _session(loader, instance, name, key)
    if instance.type == "aws_partition" and name in (
        "partition",
        "id",
        "dns_suffix",
        "reverse_dns_prefix",
    ):
        partition = _session(loader, instance, name, "partition")
        if not isinstance(partition, str) or name in ("partition", "id"):
            return partition
        suffix = _DNS_SUFFIX.get(partition, "amazonaws.com")
        return suffix if name == "dns_suffix" else ".".join(reversed(suffix.split(".")))
    if instance.type == "aws_region" and name in ("name", "id", "region"):
        configured = attrs.get("region")
        if is_null(configured):
            configured = attrs.get("name")
        return configured if not is_null(configured) else _region(loader, instance, name, provider)
    return attrs.get(name, MISSING)


# in the reason of every value that only the scan's AWS session can tell
SESSION_UNKNOWN = "is read from the AWS session"


def _session(loader: Loader, instance: Instance, name: str, key: str) -> Any:
    value = loader.context.get(key)
    if isinstance(value, str):
        return value
    return Unknown(f"{instance.address}.{name} {SESSION_UNKNOWN} (known when scanning)")


def _region(loader: Loader, instance: Instance, name: str, provider: str) -> Any:
    from driftctl.declared.hcl.providers import provider_body

    body = provider_body(loader, provider)
    configured = finalize(body.attrs.get("region")) if body is not None else None
    configured = unmark_deep(configured)[0]
    if configured is not None:
        return configured
    return _session(loader, instance, name, "region")
