"""A group: one stack of tests/tf/stacks/<name>/ and the out-of-band changes made to it.

`run(group, terraform, workdir)` does the whole story once, against a moto server of its
own: `terraform apply`; `terraform apply -refresh-only` (the baseline); `driftctl scan`
(expected clean); each `Change` with boto3; `terraform plan -refresh-only -json` and
`driftctl scan` again. The `Outcome` holds what each tool said. tests/tf/checks.py turns
a group into tests; bench/recall.py runs every group and counts. Nothing here imports
pytest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.tf import harness
from tests.tf.compare import Drift, resource_type
from tests.tf.harness import Change

STACKS = Path(__file__).parent / "stacks"


@dataclass(frozen=True)
class Group:
    """One stack and its changes; see tests/tf/README.md."""

    name: str  # the stack's directory: tests/tf/stacks/<name>/*.tf
    changes: Sequence[Change]
    # address -> why driftctl disagrees with terraform there (a driftctl bug or gap,
    # named precisely): that address's test is an expected failure, strictly
    known: Mapping[str, str] = field(default_factory=dict)
    # Terraform type -> why driftctl does not compare it yet: its addresses' tests are
    # expected failures, and the clean scan must list exactly these types as unsupported
    uncompared: Mapping[str, str] = field(default_factory=dict)
    # AWS-managed IAM policies exist in moto (a stack attaching one needs it; slower)
    managed_policies: bool = False

    @property
    def directory(self) -> Path:
        return STACKS / self.name

    def files(self) -> dict[str, str]:
        found = {p.name: p.read_text() for p in sorted(self.directory.glob("*.tf"))}
        if not found:
            raise harness.HarnessError(f"no .tf files in {self.directory}")
        return found

    def expected_failure(self, address: str) -> str | None:
        """Why driftctl is known to disagree with terraform at `address`, or None."""
        return self.known.get(address) or self.uncompared.get(resource_type(address))


@dataclass
class Outcome:
    group: Group
    stack_dir: Path
    baseline: list[Drift]  # what the first refresh after apply filled in
    clean: dict[str, Any]  # driftctl's JSON report right after the baseline
    terraform: list[Drift]  # terraform's drift in attributes that count, after the changes
    unconfigured: list[Drift]  # terraform's drift in attributes nobody configured
    report: dict[str, Any]  # driftctl's JSON report after the changes
    timings: list[tuple[str, float]]

    @property
    def driftctl(self) -> list[Drift]:
        return harness.report_drift(self.report)


def run(group: Group, terraform: harness.Terraform, workdir: Path) -> Outcome:
    """Apply the group's stack to a fresh moto server, change it, ask both tools (again on
    another fresh server, once, when the apply met a create the SDK had sent twice)."""
    try:
        return _run(group, terraform, workdir / group.name)
    except harness.DuplicateCreate:
        return _run(group, terraform, workdir / f"{group.name}.again")


def _run(group: Group, terraform: harness.Terraform, directory: Path) -> Outcome:
    start = len(terraform.timings)
    with harness.moto_server(managed_policies=group.managed_policies) as endpoint:
        stack = terraform.stack(directory, endpoint, group.files())
        stack.apply()
        baseline = stack.baseline()
        clean = stack.driftctl_report()
        harness.apply_changes(stack, group.changes)
        tf, unconfigured = stack.configured_drift()
        report = stack.driftctl_report()
    return Outcome(
        group,
        stack.dir,
        baseline,
        clean,
        tf,
        unconfigured,
        report,
        terraform.timings[start:],
    )


def groups() -> list[Group]:
    """A group for every stack directory of tests/tf/stacks, sorted by name.

    Its changes come from the `Group` that tests/tf/test_*.py or bench_*.py declares for
    it (as `GROUP`, or a test class's `group`); failing that, from the `CHANGES` list of
    tests/tf/test_<name>.py; failing that, it has none (its drift still counts).
    """
    import importlib

    here = Path(__file__).parent
    declared: dict[str, Group] = {}
    modules = {}
    for path in sorted([*here.glob("test_*.py"), *here.glob("bench_*.py")]):
        module = importlib.import_module(f"tests.tf.{path.stem}")
        modules[path.stem] = module
        for value in [getattr(module, "GROUP", None), *vars(module).values()]:
            found = getattr(value, "group", value)
            if isinstance(found, Group):
                declared.setdefault(found.name, found)
    out = []
    for directory in sorted(p for p in STACKS.iterdir() if p.is_dir()):
        name = directory.name
        if name in declared:
            out.append(declared[name])
            continue
        changes = getattr(modules.get(f"test_{name}"), "CHANGES", [])
        out.append(Group(name, [c for c in changes if isinstance(c, Change)]))
    return out
