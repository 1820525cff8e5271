"""Rules and attribution together: what every command that decides drifts runs
(docs/rules.md, docs/attribution.md).

- Without --attribute: the rules decide, no CloudTrail call is made (a rule on `actor` or
  `via` is an error, policy.require_attribution).
- With --attribute and no rule on `actor` or `via`: the rules decide, then the drifts they
  keep are attributed (the ignored ones cost no CloudTrail call).
- With a rule on `actor` or `via`: the drifts `.driftignore` does not ignore are
  attributed first, then the rules decide on them. A drift of several changes also has
  each change attributed alone (the records are the same: no more CloudTrail calls), so
  that a rule with `path` and `actor` matches the change that person made; a part split
  off gets the latest of its changes' attributions.

The rule files' `iac_principals` are added to --iac-principal. A Decider remembers the
attributions it found by drift fingerprint, so deciding again (revert's plan from fresh
reads, pr's check of its edit) asks CloudTrail only about drifts it has not seen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from driftctl.core.model import KINDS, Report
from driftctl.rules.policy import Policy, apply, require_attribution
from driftctl.settings import Settings

_FIELDS = ("attribution", "created", "age_days")


class Decider:
    """One command's rules and attribution settings; decide() is called once per scan."""

    def __init__(self, conf: Settings, policy: Policy) -> None:
        require_attribution(policy, conf.attribution.enabled)
        self.policy = policy
        principals = (*conf.attribution.iac_principals, *policy.iac_principals)
        attribution = dataclasses.replace(
            conf.attribution, iac_principals=tuple(dict.fromkeys(principals))
        )
        self.conf = dataclasses.replace(conf, attribution=attribution)
        self._known: dict[str, Mapping[str, Any]] = {}  # fingerprint -> the drift's fields

    def decide(self, report: Report, default_region: str, kinds: Sequence[str] = KINDS) -> Report:
        """The report decided by the rules, attributed when --attribute asks; only drifts
        of `kinds` (what --only-managed/--only-unmanaged keep) are attributed."""
        if not self.conf.attribution.enabled:
            return apply(self.policy, report)
        if not self.policy.attributed:
            return self._attributed(apply(self.policy, report), default_region, kinds)
        ignore = self.policy.ignore
        kept = [d for d in report.drifts if ignore is None or not ignore.ignores(d)]
        # a drift of several changes: each change attributed alone too, for rules on its path
        alone = [
            (d, dataclasses.replace(d, changes=(c,)))
            for d in kept
            if len(d.changes) > 1
            for c in d.changes
        ]
        asked = (*kept, *(one for _, one in alone))
        found = self._attributed(dataclasses.replace(report, drifts=asked), default_region, kinds)
        by_key = {id(d): a for d, a in zip(asked, found.drifts, strict=True)}
        by_path: dict[str, dict[str, Mapping[str, Any]]] = {}
        for whole, one in alone:
            who = by_key[id(one)].attribution
            if who is not None:
                by_path.setdefault(whole.fingerprint, {})[one.changes[0].path] = who
        drifts = tuple(by_key.get(id(d), d) for d in report.drifts)
        return apply(self.policy, dataclasses.replace(report, drifts=drifts), by_path)

    def _attributed(self, report: Report, default_region: str, kinds: Sequence[str]) -> Report:
        from driftctl.attribution.run import attribute_scan

        wanted = [d for d in report.drifts if d.kind in kinds]
        todo = tuple(d for d in wanted if d.fingerprint not in self._known)
        if todo:
            asked = dataclasses.replace(report, drifts=todo)
            for drift in attribute_scan(asked, self.conf, default_region).drifts:
                self._known[drift.fingerprint] = {k: getattr(drift, k) for k in _FIELDS}
        drifts = tuple(
            dataclasses.replace(d, **self._known[d.fingerprint]) if d.kind in kinds else d
            for d in report.drifts
        )
        return dataclasses.replace(report, drifts=drifts)
