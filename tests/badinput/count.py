"""Run every case of the bad-input corpus in a process of its own and print how many were
handled well (exit 2, one error line naming the file:line / flag / path, no internal
error, no traceback, no report written), and why each other one was not.

    python -m tests.badinput.count [--memory-mb 3000] [--seconds 120] [ID ...]

Each case runs with its address space capped and a time limit, so a checkout that does
not refuse a YAML bomb is measured (as "killed"/"timed out") instead of exhausting the
machine. Prints figures, asserts nothing: the test is test_corpus.py.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.badinput import harness
from tests.badinput.cases import CASES, Case

ONE = "tests.badinput.count"


def _limit(memory_mb: int) -> None:
    size = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def run_case(case: Case, memory_mb: int, seconds: int) -> tuple[str | None, str | None]:
    """(what is wrong, what is wrong counting the wording too); None: nothing."""
    with tempfile.TemporaryDirectory(prefix="driftctl-badinput-") as made:
        home = Path(made)
        root = home / "work"
        root.mkdir()
        harness.write(root, case)
        env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
        env.update(harness.environment(home))
        env.update(case.env)
        env["PYTHONPATH"] = os.pathsep.join([str(Path.cwd()), env.get("PYTHONPATH", "")])
        prefix: list[str] = []
        if case.unreadable is not None:
            found = harness.unprivileged_prefix()
            if found is None:
                return ("skipped: root without setpriv",) * 2
            prefix = found
            (root / case.unreadable).chmod(0)
        try:
            proc = subprocess.run(
                [*prefix, sys.executable, "-m", ONE, "--one", case.id],
                capture_output=True,
                text=True,
                cwd=root,
                env=env,
                timeout=seconds,
                check=False,
                preexec_fn=lambda: _limit(memory_mb),
            )
        except subprocess.TimeoutExpired:
            return (f"timed out after {seconds} s",) * 2
        finally:
            if case.unreadable is not None:
                (root / case.unreadable).chmod(0o755)
        if proc.returncode < 0 or "MemoryError" in proc.stderr:
            return (f"killed (signal {-proc.returncode}) or out of memory at {memory_mb} MB",) * 2
        outcome = (proc.returncode, proc.stdout, proc.stderr, root)
        return (
            harness.judge(case, *outcome, wording=False),
            harness.judge(case, *outcome, wording=True),
        )


def _one(case_id: str) -> int:
    """The case's command line, in this process (inside moto where it needs AWS)."""
    from driftctl.cli import main

    case = next(c for c in CASES if c.id == case_id)
    with harness.aws_for(case):
        return main(list(case.argv))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memory-mb", type=int, default=3000)
    parser.add_argument("--seconds", type=int, default=120)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("ids", nargs="*")
    args = parser.parse_args()
    if args.one:
        return _one(args.one)
    cases = [c for c in CASES if not args.ids or c.id in args.ids]
    unclear = worded = 0
    for case in cases:
        problem, wording = run_case(case, args.memory_mb, args.seconds)
        if problem is not None:
            unclear += 1
            print(f"NOT HANDLED {case.id}: {problem.splitlines()[0]}", flush=True)
        elif wording is not None:
            worded += 1
            print(f"WORDED OTHERWISE {case.id}: {wording.splitlines()[0]}", flush=True)
    print(
        f"bad inputs tried: {len(cases)}; handled (exit 2, one error line, no internal error "
        f"or traceback, no report): {len(cases) - unclear}; of those, naming the file:line, "
        f"flag or path the corpus expects: {len(cases) - unclear - worded}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
