"""What AWS Backup's types share: tags read by ListTags on the ARN and put back with
TagResource and UntagResource."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.helpers import tagger
from driftctl.base.spec import DetailCall

SERVICE = "backup"
GONE = frozenset({"ResourceNotFoundException"})


def tags_detail(arn_key: str) -> DetailCall:
    """ListTags per item on its ARN (no Backup list call carries tags)."""
    return DetailCall("tags", "list_tags", lambda item: {"ResourceArn": item[arn_key]}, GONE)


def tag_calls(kind: str) -> Callable[[Ctx, Attrs, Attrs], list[Call]]:
    """TagResource / UntagResource on the scanned ARN, else the one AWS gives a `kind`
    (`backup-vault`, `backup-plan`) of that id."""

    def arn(ctx: Ctx, attrs: Attrs) -> dict[str, Any]:
        found = attrs.get("arn")
        if not (isinstance(found, str) and found.startswith("arn:")):
            found = f"arn:aws:backup:{ctx.region}:{ctx.account}:{kind}:{ctx.id}"
        return {"ResourceArn": found}

    return tagger(
        SERVICE, ("tag_resource", "Tags"), ("untag_resource", "TagKeyList"), arn, shape=dict
    )
