"""What the AWS Organizations types share: the codes meaning "no organization here", the
pages of a paged answer, and tags (TagResource/UntagResource by ResourceId)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.helpers import tagger
from driftctl.base.spec import DetailCall, ListCall, tag_dict

# An account in no organization answers AWSOrganizationsNotInUseException; a member
# account answers AccessDeniedException to every list call of its organization (only the
# management account and a delegated administrator may list): neither holds any unit,
# policy or attachment of its own, so either is "nothing here", not a failed scan.
NOT_HERE = frozenset({"AWSOrganizationsNotInUseException", "AccessDeniedException"})

# the organization's root(s): the one item each Organizations scan starts from
ROOTS = ListCall("list_roots", "Roots", absent=NOT_HERE)


def items(answer: Any, key: str) -> list[dict[str, Any]]:
    """The items under `key` of a paged answer: its pages, or a list of such (one per
    parameter set of the call)."""
    pages = answer or ()
    flat = [p for entry in pages for p in (entry if isinstance(entry, list) else [entry])]
    return [item for page in flat for item in page.get(key) or ()]


def tags_of(answer: Any) -> dict[str, str]:
    """The tags of one ListTagsForResource answer (its pages)."""
    return tag_dict(items(answer, "Tags"))


def tags_detail(key: str, needs: str, ids: Callable[[Any], list[str]]) -> DetailCall:
    """ListTagsForResource for every resource `ids` finds in the `needs` detail's answer."""
    return DetailCall(
        key,
        "list_tags_for_resource",
        lambda item: [{"ResourceId": rid} for rid in ids(item[needs])],
        needs=needs,
        paged=True,
        batch=1,
    )


def org_tagger() -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    return tagger(
        "organizations",
        ("tag_resource", "Tags"),
        ("untag_resource", "TagKeys"),
        lambda ctx, _: {"ResourceId": ctx.id},
    )
