"""The blast-radius guard of a revert: how many resources a plan deletes, and when
`--approve` needs that exact number confirmed (docs/revert.md#blast-radius).

A misread declared side makes live resources look unmanaged; a revert rule that deletes
unmanaged resources would then delete them. Deletes where nothing is declared are refused
by the planner (state.World.unfounded_delete); above a threshold, a count or a share of
the managed resources, `--approve` refuses unless `--confirm-deletes N` names exactly the
number of deletes the plan makes. An undo's deletes (of what the revert created) have
the count threshold only: it has no scan whose managed resources a share would be of.
"""

from __future__ import annotations

import dataclasses
import math

from driftctl.errors import DriftctlError
from driftctl.revert.planner import Plan, Step

MAX_DELETES = 10
MAX_SHARE = 0.25  # of the managed resources


@dataclasses.dataclass(frozen=True)
class Limits:
    max_deletes: int = MAX_DELETES
    max_share: float = MAX_SHARE
    confirm: int | None = None  # --confirm-deletes N


def parse(max_deletes: int | None, max_share: str | None, confirm: int | None) -> Limits:
    count = MAX_DELETES if max_deletes is None else max_deletes
    if count < 0:
        raise DriftctlError(f"--max-deletes {count}: must be 0 or more")
    share = MAX_SHARE if max_share is None else _share(max_share)
    if confirm is not None and confirm < 0:
        raise DriftctlError(f"--confirm-deletes {confirm}: must be 0 or more")
    return Limits(count, share, confirm)


def _share(text: str) -> float:
    """'25%' or '0.25' -> 0.25."""
    body = text.strip()
    percent = body.endswith("%")
    try:
        value = float(body.removesuffix("%"))
    except ValueError:
        value = math.nan
    if percent:
        value /= 100
    if not (math.isfinite(value) and 0 <= value <= 1):
        raise DriftctlError(
            f"--max-delete-share {text}: expected a share of the managed resources",
            "e.g. 25% or 0.25",
        )
    return value


def deletes(plan: Plan) -> list[Step]:
    """The steps that delete a resource (with calls: a refused delete deletes nothing)."""
    return [s for s in plan.steps if s.kind == "unmanaged" and s.calls]


def over(limits: Limits, count: int, managed: int | None) -> str | None:
    """Why `count` deletes need confirming, or None (managed None: no share applies)."""
    if count > limits.max_deletes:
        return f"more than --max-deletes {limits.max_deletes}"
    if managed is not None and count and count > limits.max_share * managed:
        share = f"{limits.max_share:.0%}"
        return f"more than --max-delete-share {share} of the {managed} managed resources"
    return None


def check(limits: Limits, plan: Plan, managed: int | None, approve: bool) -> str | None:
    """With approve: raise unless the deletes are within the limits or confirmed exactly.
    Without: the warning line to print (None when there is nothing to say)."""
    count = len(deletes(plan))
    why = over(limits, count, managed)
    noun = f"{count} resource{'s' * (count != 1)}"
    if limits.confirm is not None and limits.confirm != count:
        message = f"--confirm-deletes {limits.confirm}, but the plan deletes {noun}"
        if approve:
            raise DriftctlError(
                f"{message}; nothing was changed",
                "read the plan again, then confirm the number it deletes",
            )
        return f"warning: {message}: --approve will refuse"
    if why is None or limits.confirm == count:
        return None
    if approve:
        raise DriftctlError(
            f"the plan deletes {noun}, {why}; nothing was changed",
            f"read the plan, then pass --confirm-deletes {count} (or narrow it with --only)",
        )
    return f"warning: the plan deletes {noun}, {why}: --approve needs --confirm-deletes {count}"
