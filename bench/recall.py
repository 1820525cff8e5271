"""Recall and precision of `driftctl scan` against `terraform plan -refresh-only`.

Every group of tests/tf (a stack under tests/tf/stacks/<name>/ and the out-of-band
changes its tests/tf/test_*.py lists) is applied with real Terraform to a moto server
of its own, refreshed once (the baseline), changed with boto3, and then both tools say
what drifted (tests/tf/group.py). Terraform is the oracle. Counted per drifted
attribute: (address, top-level attribute, or tag key), in the attributes the
configuration sets or that apply puts back (tests/tf/compare.py):

    recall    = attributes both report / attributes terraform reports
    precision = attributes both report / attributes driftctl reports, where terraform's
                drift in an attribute nobody configured (a group's computed `ingress`,
                which shows a rule added by hand beside rule resources) counts as reported

A resource of a type driftctl does not compare yet is never reported by it: a miss.
The changes themselves are counted too (how many of the out-of-band edits each tool
shows); an edit moto does not reflect (`Change.moto_gap`) is left out and listed.

    python bench/recall.py                  # every group
    python bench/recall.py today msg        # some groups
    python bench/recall.py -j 4 gov store   # four groups at a time (tests/tf/prefetch.py)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tf import group as groups  # noqa: E402
from tests.tf import harness, prefetch  # noqa: E402
from tests.tf.compare import Drift, key  # noqa: E402

Pair = tuple[str, str]


def pairs(drifts: list[Drift]) -> set[Pair]:
    return {(d.address, key(p)) for d in drifts for p in d.paths}


def ratio(part: int, whole: int) -> str:
    return f"{part / whole:6.1%}" if whole else "   n/a"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("groups", nargs="*", help="group names (default: all)")
    parser.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=1,
        help="groups at a time (each its own moto and terraform)",
    )
    args = parser.parse_args(argv)
    reason = harness.absent()
    if reason:
        print(f"recall: {reason}", file=sys.stderr)
        return 2
    chosen = [g for g in groups.groups() if not args.groups or g.name in args.groups]
    unknown = set(args.groups) - {g.name for g in chosen}
    if unknown:
        print(f"recall: no group named {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    rows: list[tuple[str, int, int, int, int, int, int, int, float]] = []
    misses: list[str] = []
    extras: list[str] = []
    elsewhere: list[str] = []  # terraform shows it, in an attribute no configuration sets
    gaps: list[str] = []
    unseen: list[str] = []  # changes terraform does not show: a moto gap to name, or a bad edit
    with tempfile.TemporaryDirectory(prefix="recall-") as tmp:
        ahead = prefetch.Prefetch(Path(tmp), args.jobs)
        ahead.start(chosen)
        for group in chosen:
            try:
                out = prefetch.fetch(Path(tmp), group)
            except harness.HarnessError as exc:
                ahead.stop()
                print(f"recall: {exc}", file=sys.stderr)
                return 2
            assert out is not None  # every chosen group is in the manifest
            tf_pairs, dc_pairs = pairs(out.terraform), pairs(out.driftctl)
            both = tf_pairs & dc_pairs
            shown = (dc_pairs - tf_pairs) & pairs(out.unconfigured)
            misses += [f"{group.name}: {a} {k}" for a, k in sorted(tf_pairs - dc_pairs)]
            extras += [f"{group.name}: {a} {k}" for a, k in sorted(dc_pairs - tf_pairs - shown)]
            elsewhere += [f"{group.name}: {a} {k}" for a, k in sorted(shown)]
            counted = [c for c in group.changes if not c.moto_gap]
            gaps += [f"{group.name}: {c} ({c.moto_gap})" for c in group.changes if c.moto_gap]
            unseen += [
                f"{group.name}: {c}"
                for c in counted
                if (c.address, key(c.attribute)) not in tf_pairs
            ]
            seen_tf = sum((c.address, key(c.attribute)) in tf_pairs for c in counted)
            seen_dc = sum((c.address, key(c.attribute)) in dc_pairs for c in counted)
            rows.append(
                (
                    group.name,
                    len(tf_pairs),
                    len(dc_pairs),
                    len(both),
                    len(shown),
                    len(counted),
                    seen_tf,
                    seen_dc,
                    sum(seconds for _, seconds in out.timings),  # its commands and scans
                )
            )
        ahead.stop()
    # precision counts as right what terraform shows in an attribute no configuration
    # sets (an ingress rule added to a group whose rules are separate resources)
    head = "stack      tf  dc  both  recall  precision  changes  tf-saw  dc-saw  seconds"
    print(head)
    for name, t, d, b, u, n, st, sd, secs in rows:
        print(
            f"{name:<9} {t:3d} {d:3d} {b:5d}  {ratio(b, t)}  {ratio(b + u, d):>9}"
            f"  {n:7d}  {st:6d}  {sd:6d}  {secs:7.0f}"
        )
    t, d, b, u, n, st, sd = (sum(int(r[i]) for r in rows) for i in range(1, 8))
    print(
        f"{'total':<9} {t:3d} {d:3d} {b:5d}  {ratio(b, t)}  {ratio(b + u, d):>9}"
        f"  {n:7d}  {st:6d}  {sd:6d}"
    )
    for title, lines in (
        ("terraform reports, driftctl does not", misses),
        ("driftctl reports, terraform does not", extras),
        ("driftctl reports, terraform shows in an attribute no configuration sets", elsewhere),
        ("changes moto does not reflect (left out)", gaps),
        ("changes terraform does not show (name the moto gap, or fix the edit)", unseen),
    ):
        if lines:
            print(f"\n{title}:")
            print("\n".join(f"  {line}" for line in lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
