"""What an EventBridge rule and its targets share: the default bus, and a target's shape."""

from __future__ import annotations

from typing import Any

from driftctl.core.model import Resource, is_known

DEFAULT_BUS = "default"
TARGET = "aws_cloudwatch_event_target"
TARGET_ATTRS = ("target_id", "arn", "input", "input_path", "role_arn")


def on_default_bus(bus: Any) -> bool:
    """Whether a declared `event_bus_name` (a name or an ARN) is the default bus; an
    unknown one (a reference to a bus) is a custom bus."""
    if bus is None:
        return True
    if not isinstance(bus, str) or not is_known(bus):
        return False
    return bus == DEFAULT_BUS or bus.endswith(":event-bus/default")


def target_attrs(found: dict[str, Any], *fields: str) -> dict[str, Any]:
    """A target's attributes from an entry of the given field names (in TARGET_ATTRS's
    order): CloudFormation's `Id, Arn, ...`, ACK's `id, arn, ...`."""
    return {attr: found.get(field) for attr, field in zip(TARGET_ATTRS, fields, strict=True)}


def target_id(rule: Any, tid: Any) -> str:
    """Terraform's id of a target on the default bus: `rule-target_id`."""
    return f"{rule}-{tid}"


def target_resource(rule: str, target: dict[str, Any], region: str) -> Resource:
    attrs = {
        "rule": rule,
        "event_bus_name": DEFAULT_BUS,
        **target_attrs(target, "Id", "Arn", "Input", "InputPath", "RoleArn"),
    }
    for attr in ("input", "input_path", "role_arn"):
        attrs[attr] = attrs[attr] or ""
    return Resource(TARGET, target_id(rule, target["Id"]), None, attrs, region=region)
