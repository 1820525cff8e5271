"""The small helpers type modules share, each defined once (docs/architecture.md §9).

A declared resource kept as it is, JSON documents in canonical form, values as AWS's
APIs take them, the tag calls of a revert in each service's dialect, a fresh read of one
item, and the Crossplane external-name rules. A type module does not define a name this
module exports (tests/resources/test_helpers_once.py).

Nothing here names a resource type: the type modules pass their own names in.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Pending
from driftctl.base.family import ExternalName
from driftctl.base.policy import canonical_policy
from driftctl.base.raw import RawResource
from driftctl.base.revert import tag_delta
from driftctl.base.spec import DetailCall, Item, ScanSpec, cfn_identity
from driftctl.core.model import Resource, is_known

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

# the reason a revert gives for an attribute AWS cannot change in place
REPLACE = "replace needed: a human decides (AWS cannot change it in place)"


def keep(
    rtype: str, keys: frozenset[str], rename: Mapping[str, str] | None = None
) -> Callable[[RawResource], list[Resource]]:
    """A Terraform resource whose compared attributes are its own (`rename`: Terraform's
    name -> canonical name, where a deprecated alias is read too)."""

    def convert(raw: RawResource) -> list[Resource]:
        attrs = {k: v for k, v in raw.attrs.items() if k in keys}
        for old, new in (rename or {}).items():
            if old in raw.attrs and new not in attrs:
                attrs[new] = raw.attrs[old]
        return [
            Resource(
                rtype, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance
            )
        ]

    return convert


def json_document(value: Any) -> Any:
    """A JSON document (text or parsed) as parsed data, so formatting is never drift;
    an Unknown, None or unparsable text stays as it is."""
    if isinstance(value, str) and is_known(value):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def documents(*names: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Normalize: the named attributes as parsed JSON documents."""

    def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
        out = dict(attrs)
        for name in names:
            if name in out:
                out[name] = json_document(out[name])
        return out

    return normalize


def sorted_known(value: Any) -> Any:
    """A set of strings held as a list, sorted where every item is known (a list holding a
    Ref or an Unknown stays as it is: the diff skips those items)."""
    if isinstance(value, list) and all(isinstance(v, str) and is_known(v) for v in value):
        return sorted(value)
    return value


def json_text(value: Any) -> str:
    """A document as the JSON text an API takes (a string is sent as it is)."""
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def pairs(tags: Mapping[str, Any], key: str = "Key", value: str = "Value") -> list[dict[str, str]]:
    return [{key: k, value: str(v)} for k, v in sorted(tags.items())]


def tag_items(
    items: list[dict[str, Any]] | None, key: str = "Key", value: str = "Value"
) -> dict[str, str]:
    """A service's tag list as a dict, without the aws:* tags AWS sets itself."""
    found = {str(t[key]): str(t.get(value, "")) for t in items or () if key in t}
    return {k: v for k, v in found.items() if not k.startswith("aws:")}


def tagger(
    service: str,
    tag: tuple[str, str],
    untag: tuple[str, str],
    target: Callable[[Ctx, Attrs], dict[str, Any]],
    shape: Callable[[dict[str, str]], Any] = pairs,
    extra: Mapping[str, Any] | None = None,
) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """The tag and untag calls of a revert: `tag`/`untag` are (operation, the parameter
    holding the tags / the keys), `target` gives the parameters naming the resource."""

    def calls(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
        to_set, to_remove = tag_delta(before, after)
        where = {**target(ctx, before or after), **(extra or {})}
        out = []
        if to_set:
            out.append(ctx.call(service, tag[0], **where, **{tag[1]: shape(to_set)}))
        if to_remove:
            out.append(ctx.call(service, untag[0], **where, **{untag[1]: to_remove}))
        return out

    return calls


def reader(
    spec: ScanSpec,
    service: str,
    operation: str,
    params: Callable[[str], dict[str, Any]],
    item: Callable[[Any], Item | None],
    gone: frozenset[str],
) -> Callable[[Reader, Any], list[Resource]]:
    """A fresh read of one item: `operation` by its id gives the listed item (`item` picks
    it out of the answer; None when it is gone), then the scan's own detail calls."""

    def read(r: Reader, unit: Any) -> list[Resource]:
        answer = r.call(service, unit.region, operation, params(unit.id), gone=gone)
        found = item(answer)
        if found is None:
            return []
        details = r.details(spec, unit, found, gone)
        return spec.build(found, details, unit.region)

    return read


def resource_name_tagger(service: str, kind: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """AddTagsToResource / RemoveTagsFromResource on the resource's ARN (RDS, ElastiCache):
    the scanned ARN, else `arn:aws:<service>:<region>:<account>:<kind>:<id>`."""

    def arn(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
        found = attrs.get("arn")
        if not (isinstance(found, str) and found.startswith("arn:")):
            found = f"arn:aws:{service}:{ctx.region}:{ctx.account}:{kind}:{ctx.id}"
        return {"ResourceName": found}

    return tagger(
        service, ("add_tags_to_resource", "Tags"), ("remove_tags_from_resource", "TagKeys"), arn
    )


def resource_name_tags(arn_key: str, gone: frozenset[str]) -> DetailCall:
    """ListTagsForResource per item on its ARN (`arn_key`), where the describe call carries
    no tags (RDS, ElastiCache); resource_name_tagger makes the revert's tag calls."""
    return DetailCall(
        "tags", "list_tags_for_resource", lambda item: {"ResourceName": item[arn_key]}, gone
    )


def read_first(
    spec: ScanSpec, service: str, operation: str, key: str, gone: frozenset[str]
) -> Callable[[Reader, Any], list[Resource]]:
    """A fresh read of one item: the scan's describe call with its identifier as `key`,
    the first item of the list it answers."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get(spec.listing.result_key) or ()
        return dict(found[0]) if found else None

    return reader(spec, service, operation, lambda rid: {key: rid}, pick, gone)


def key_id(value: Any) -> Any:
    """A key's id from its ARN (`arn:aws:kms:…:key/<id>`); anything else as it is."""
    if isinstance(value, str) and value.startswith("arn:") and ":key/" in value:
        return value.rsplit(":key/", 1)[1]
    return value


def json_value(value: Any) -> Any:
    """A JSON document held as text (Terraform's jsonencode, AWS's attribute) as a value;
    anything else (unknowns, unparsable text, a parsed value) passes through."""
    if isinstance(value, str) and is_known(value):
        text = value.strip()
        if not text:
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return value
    return value


def normalize_json(*names: str, policies: tuple[str, ...] = ()) -> Callable[[Attrs], Attrs]:
    """JSON-string attributes parsed; policy documents in canonical form; "" as unset."""

    def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
        out = dict(attrs)
        for name in names:
            if name in out:
                out[name] = json_value(out[name])
        for name in policies:
            if name in out:
                value = out[name]
                out[name] = None if value == "" else canonical_policy(value)
        return out

    return normalize


def map_tags(tags: Mapping[str, Any] | None) -> dict[str, str]:
    """Tags AWS gives as a map, without the aws:* tags AWS sets itself."""
    return {k: str(v) for k, v in (tags or {}).items() if not k.startswith("aws:")}


def map_cfn_identity(tags: Mapping[str, Any] | None) -> dict[str, str]:
    return cfn_identity([{"Key": k, "Value": str(v)} for k, v in (tags or {}).items()])


def ack_map_tags(c: AckContext, value: Any) -> dict[str, Any] | None:
    """ACK's tags given as a map (SQS, Lambda), with the controller's own tags."""
    items = [{"key": k, "value": v} for k, v in value.items()] if isinstance(value, dict) else None
    return c.tags(items)


def pending(ctx: Ctx) -> Pending:
    return Pending(f"{ctx.label}.id")


def new_id(ctx: Ctx, desired: Attrs) -> Pending:
    return pending(ctx)


def attr_text(value: Any) -> str:
    """A value as the string an attribute map takes (bools as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return "" if value is None else str(value)


def as_int(value: Any, default: int | None = None) -> int | None:
    """A number as an int (Terraform's "30" is 30); `default` when it is not one."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def as_bool(value: Any) -> bool:
    """A flag as a bool: text is true when it says "true" (any case, spaces around),
    anything else by its truth (1 is true, None false)."""
    if isinstance(value, str):
        return value.strip().lower() == "true"
    return bool(value)


# -- Crossplane's external name ----------------------------------------------------------
# A CrossplaneKind's `external_name(external, name, attrs)` reads the managed resource's
# crossplane.io/external-name annotation (`external`, None when absent) and metadata.name
# (`name`): it may set the attribute they name and returns the explicit id, or None when
# the resource is matched by its natural keys.


def xp_prefixed(*prefixes: str) -> ExternalName:
    """The external name is the id AWS assigned (it starts with one of `prefixes`; with
    none, any external name): then the explicit id, else none."""
    starts = prefixes or ("",)

    def external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
        return external if external and external.startswith(starts) else None

    return external_name


def xp_same_name(
    attr: str, *, overwrite: bool = False, annotated_only: bool = False
) -> ExternalName:
    """The external name (else metadata.name) is the resource's `attr` and its id.

    `overwrite`: it replaces an `attr` forProvider sets; `annotated_only`: only an
    external-name annotation is an explicit id."""

    def external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
        found = external or name
        if overwrite:
            attrs[attr] = found
        else:
            attrs.setdefault(attr, found)
        return external if annotated_only else found

    return external_name


def xp_no_id(attr: str, *, overwrite: bool = False) -> ExternalName:
    """The external name (else metadata.name) is the resource's `attr`, not its id (the
    id is built from it and other parameters)."""

    def external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
        if overwrite:
            attrs[attr] = external or name
        else:
            attrs.setdefault(attr, external or name)
        return None

    return external_name
