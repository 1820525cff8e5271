"""Small helpers the regional service types share (KMS, Secrets Manager, SSM, CloudWatch,
EventBridge, ECR, ACM): a declared resource kept as it is, JSON documents in canonical
form, the tag calls of a revert in each service's dialect, and a fresh read of one item.

Nothing here names a resource type: the type modules pass their own names in.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from driftctl.core.model import Resource, is_known
from driftctl.declared.raw import RawResource
from driftctl.resources.spec import Item, ScanSpec
from driftctl.revert.calls import Attrs, Call, Ctx
from driftctl.revert.spec import tag_delta

if TYPE_CHECKING:
    from driftctl.revert.readers import Reader

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


def text(value: Any) -> str:
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


def read_first(
    spec: ScanSpec, service: str, operation: str, key: str, gone: frozenset[str]
) -> Callable[[Reader, Any], list[Resource]]:
    """A fresh read of one item: the scan's describe call with its identifier as `key`,
    the first item of the list it answers."""

    def pick(answer: Any) -> Item | None:
        found = (answer or {}).get(spec.listing.result_key) or ()
        return dict(found[0]) if found else None

    return reader(spec, service, operation, lambda rid: {key: rid}, pick, gone)
