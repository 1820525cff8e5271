"""The tests every group gets: subclass `StackChecks` with `group = Group(...)`.

    class TestMessaging(StackChecks):
        group = Group("msg", CHANGES)

gives, for that group's stack (one apply, shared by the class's tests):
- driftctl finds no drift right after apply, and compares every declared type but the
  group's `uncompared` ones;
- terraform's refresh-only plan reports each change (the oracle works against moto);
- driftctl reports what terraform reports, address by address (same addresses, same
  attributes changed);
- driftctl reports nothing terraform does not (no false positives).
tests/tf/conftest.py parametrizes `change` and `address` from the class's group.
"""

from __future__ import annotations

from typing import ClassVar

import pytest

from tests.tf import harness, prefetch
from tests.tf.compare import key
from tests.tf.group import Group, Outcome


class StackChecks:
    group: ClassVar[Group]

    @pytest.fixture(scope="class")
    @classmethod
    def outcome(
        cls, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
    ) -> Outcome:
        """The group's stack, applied, changed and compared once for the class (by the
        controller of a parallel run: tests/tf/prefetch.py)."""
        return prefetch.outcome(cls.group, request, tmp_path_factory)

    def test_driftctl_finds_no_drift_right_after_apply(self, outcome: Outcome) -> None:
        summary = outcome.clean["summary"]
        drifts = [d for d in outcome.clean["drifts"] if d["kind"] != "unmanaged"]
        assert drifts == [], drifts
        assert outcome.clean["errors"] == []
        assert summary["managed"] == summary["declared"]
        assert sorted(summary["unsupported"]) == sorted(self.group.uncompared)

    def test_terraform_reports_the_change(self, outcome: Outcome, change: harness.Change) -> None:
        """The oracle itself: the edit shows in terraform's refresh-only plan."""
        paths = {d.address: d.paths for d in outcome.terraform}.get(change.address, ())
        assert key(change.attribute) in {key(p) for p in paths}, paths

    def test_driftctl_reports_what_terraform_reports(self, outcome: Outcome, address: str) -> None:
        found = harness.disagreements(
            [d for d in outcome.terraform if d.address == address],
            [d for d in outcome.driftctl if d.address == address],
        )
        assert found == [], "\n".join(map(str, found))

    def test_no_drift_that_terraform_does_not_report(self, outcome: Outcome) -> None:
        """Every address no change touched: driftctl is silent where terraform is."""
        changed = {c.address for c in self.group.changes}
        found = [
            d
            for d in harness.disagreements(outcome.terraform, outcome.driftctl)
            if d.address not in changed
        ]
        assert found == [], "\n".join(map(str, found))


class DeclaredStackChecks(StackChecks):
    """StackChecks for a stack that declares everything it makes (the second wave's
    groups): nothing is unmanaged right after apply, and the changed addresses are the only
    drift either tool reports."""

    def test_nothing_is_unmanaged_right_after_apply(self, outcome: Outcome) -> None:
        unmanaged = [d for d in outcome.clean["drifts"] if d["kind"] == "unmanaged"]
        assert unmanaged == [], unmanaged

    def test_only_the_changed_addresses_drift(self, outcome: Outcome) -> None:
        changed = sorted({c.address for c in self.group.changes})
        assert sorted({d.address for d in outcome.terraform}) == changed
        assert sorted({d.address for d in outcome.driftctl}) == changed


def parametrize(metafunc: pytest.Metafunc) -> None:
    """`change` and `address` of a StackChecks test, from its class's group."""
    cls = metafunc.cls
    if cls is None or not isinstance(getattr(cls, "group", None), Group):
        return
    group: Group = cls.group
    if "change" in metafunc.fixturenames:
        params = [
            pytest.param(
                c,
                id=str(c),
                marks=[pytest.mark.xfail(strict=True, reason=f"moto: {c.moto_gap}")]
                if c.moto_gap
                else [],
            )
            for c in group.changes
        ]
        metafunc.parametrize("change", params)
    if "address" in metafunc.fixturenames:
        params = []
        for address in sorted({c.address for c in group.changes}):
            reason = group.expected_failure(address)
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            params.append(pytest.param(address, id=address, marks=marks))
        metafunc.parametrize("address", params)
