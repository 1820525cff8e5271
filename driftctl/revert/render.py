"""A plan as people read it: per resource, what changed and the exact calls, secrets masked.

Policy documents and every other argument are shown as sent, except: a sensitive change
shows (sensitive) for both values; an argument that is, or contains, a sensitive value of
the plan (Step.secrets, driftctl.core.sensitive) shows (sensitive); a value whose name (or a
tag whose key) looks like a secret is shown as *** (driftctl.core.mask).
"""

from __future__ import annotations

import json
from typing import Any

from driftctl.base.calls import Call, plain
from driftctl.core.mask import MASK, is_secret_name, mask_value, shown_json
from driftctl.core.sensitive import redact
from driftctl.revert import blast
from driftctl.revert.actions import REVERTS
from driftctl.revert.planner import Plan, Step

_MARK = {"changed": "~", "missing": "+", "unmanaged": "-"}
_VERB = {"changed": "update", "missing": "re-create", "unmanaged": "delete"}


def masked_params(params: Any, secrets: frozenset[str] = frozenset()) -> Any:
    """Params with sensitive values, secret-looking keys and the values of secret-looking
    tags masked."""
    value = mask_value(redact(plain(params), secrets))
    return _mask_tags(value)


def _mask_tags(value: Any) -> Any:
    if isinstance(value, dict):
        out = {k: _mask_tags(v) for k, v in value.items()}
        if isinstance(out.get("Key"), str) and "Value" in out and is_secret_name(out["Key"]):
            out["Value"] = MASK
        return out
    if isinstance(value, list):
        return [_mask_tags(v) for v in value]
    return value


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def call_line(number: int, call: Call, secrets: frozenset[str] = frozenset()) -> str:
    where = f" [{call.region}]" if call.service == "ec2" else ""
    return f"{number}. {call.name}{where} {_json(masked_params(call.params, secrets))}"


def step_lines(step: Step, first: int, secrets: frozenset[str] = frozenset()) -> list[str]:
    why = f"  ({step.kind}; rule {step.rule})" if step.rule else ""
    lines = [f"{_MARK[step.kind]} {_VERB[step.kind]} {step.label}{why}"]
    if step.who:
        lines.append(f"    {step.who}")
    for change in step.changes:
        was = shown_json(change.path, change.actual, change.sensitive)
        want = shown_json(change.path, change.expected, change.sensitive)
        lines.append(f"    {change.path}: {was} -> {want}")
    for n, call in enumerate(step.calls, first):
        lines.append(f"    {call_line(n, call, secrets | step.secrets)}")
    if final(step):
        lines.append(
            f"    undo cannot re-create it (driftctl cannot create {step.type}): "
            "this delete is final"
        )
    for refusal in step.refusals:
        lines.append(f"    ! {refusal}")
    return lines


def final(step: Step) -> bool:
    """A delete an undo of its journal could not put back (the type has no Create)."""
    return step.kind == "unmanaged" and bool(step.calls) and REVERTS[step.type].create is None


def plan_lines(
    plan: Plan, title: str = "revert plan", secrets: frozenset[str] = frozenset()
) -> list[str]:
    """The plan as printed; secrets: sensitive texts beyond the steps' own (an undo's,
    from its journal). Every step's calls are masked with all of the plan's."""
    secrets = secrets | plan.secrets
    calls, steps = len(plan.calls), len(plan.steps)
    if not steps and not plan.notes:
        return ["nothing to revert"]
    deletes = len(blast.deletes(plan))
    finals = sum(map(final, plan.steps))
    lines = [
        f"{title}: {deletes} delete{'s' * (deletes != 1)}, {steps} resource{'s' * (steps != 1)}, "
        f"{calls} API call{'s' * (calls != 1)}"
        + (f" ({finals} delete{'s' * (finals != 1)} undo cannot re-create)" if finals else "")
    ]
    number = 1
    for step in plan.steps:
        lines.append("")
        lines.extend(step_lines(step, number, secrets))
        number += len(step.calls)
    if plan.notes:
        lines.append("")
        lines.extend(f"note: {n}" for n in plan.notes)
    return lines
