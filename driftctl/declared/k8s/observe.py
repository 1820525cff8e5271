"""Observe-only resources (Crossplane without Update, ACK read-only): only what the
manifest sets is compared."""

from __future__ import annotations

from typing import Any

from driftctl.core.model import Unknown
from driftctl.resources.registry import CONVERTERS


def observe_only_attrs(tf_type: str, attrs: dict[str, Any], why: str) -> dict[str, Any]:
    """attrs of an observe-only resource, with every attribute the type would otherwise fill
    with a Terraform default (tags included) declared Unknown when the manifest leaves it
    unset: the controller never writes it, so only what the manifest sets is compared."""
    owner = CONVERTERS.get(tf_type)
    if owner is None:
        return attrs
    unset = Unknown(f"not declared; observe-only ({why})")
    defaults = owner[0].declared_defaults
    return {
        **attrs,
        **{k: unset for k, default in defaults.items() if attrs.get(k) is None},
    }
