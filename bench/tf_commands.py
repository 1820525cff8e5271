"""What one terraform command of tests/tf costs, in CPU seconds, by Go's GOGC.

Every group of tests/tf runs three terraform commands (apply, the baseline's apply
-refresh-only, plan -refresh-only), and each starts the AWS provider three or four times
(schema, validate, plan, apply): a start is mostly Go building the provider's schema.
This runs `terraform validate` (two provider starts, no AWS call) on a one-resource stack
written as the harness writes it (tests/tf/harness.py: provider.tf with every endpoint,
the shared provider installation), --repeat times per GOGC value, and prints the CPU
(user + sys of terraform and the providers it started) and the largest resident set.
CPU seconds, not wall time: the machine may be shared.

    python bench/tf_commands.py                      # GOGC 100 (Go's default) and 400
    python bench/tf_commands.py --gogc 100 200 400 800 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.tf import harness

STACK = 'resource "aws_sqs_queue" "q" {\n  name = "bench-q"\n}\n'


def measure(tf: harness.Terraform, stack: Path, gogc: str) -> tuple[float, int]:
    """CPU seconds and the largest resident set (KiB) of one `terraform validate`."""
    env = {**tf.env(), "GOGC": gogc}
    proc = subprocess.Popen(
        [str(harness.TERRAFORM), "validate", "-no-color"],
        cwd=stack,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"terraform validate failed: {proc.stderr.read().decode()[-2000:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gogc", nargs="+", default=["100", harness.GOGC])
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    reason = harness.absent()
    if reason:
        raise SystemExit(reason)
    # what a user's terraform does: start the provider itself, each command (the tests
    # attach to one provider process instead: harness.Terraform.serve)
    os.environ[harness.REATTACH_ENV] = "0"
    with tempfile.TemporaryDirectory(prefix="tf-commands-") as tmp:
        tf = harness.Terraform(Path(tmp) / "terraform")
        tf.init()
        stack = tf.stack(Path(tmp) / "stack", "http://127.0.0.1:9", {"main.tf": STACK})
        print(f"{'GOGC':>6}  {'CPU s (median)':>14}  {'runs':>24}  {'max RSS MiB':>11}")
        for gogc in args.gogc:
            runs = [measure(tf, stack.dir, gogc) for _ in range(args.repeat)]
            cpu = [c for c, _ in runs]
            rss = max(r for _, r in runs) // 1024
            shown = " ".join(f"{c:.2f}" for c in cpu)
            print(f"{gogc:>6}  {statistics.median(cpu):>14.2f}  {shown:>24}  {rss:>11}")


if __name__ == "__main__":
    main()
