"""`terraform plan -refresh-only` against `driftctl scan`, on the same stack in the same run.

Terraform (/usr/local/bin/terraform, the AWS provider from /opt/tf-plugins) applies the
stack of bench/scan.py (N buckets, N security groups, N roles and a VPC) to moto's
server; then both tools read it back through bench/loopback_proxy.py, which adds --rtt
to every round trip and replays recorded answers (a warm-up run of each records them),
so moto's own CPU is not measured. Each tool runs --repeat times as a user runs it, a
fresh process each time; best and median wall times are printed (the machine may be
shared).

    python bench/terraform_refresh.py                # N = 25: 76 resources, RTT 100 ms
    python bench/terraform_refresh.py -n 100 --rtt 0.05
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import MOTO, PROXY, process
from scan import stack

TERRAFORM = "/usr/local/bin/terraform"
PLUGINS = "/opt/tf-plugins"
CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_REGION": "us-east-1",
    "AWS_DEFAULT_REGION": "us-east-1",
    "MOTO_IAM_LOAD_MANAGED_POLICIES": "false",
}

PROVIDER = """
variable "endpoint" {
  type    = string
  default = "http://127.0.0.1:9"
}

provider "aws" {
  region                      = "us-east-1"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
  s3_use_path_style           = true
  endpoints {
    ec2 = var.endpoint
    iam = var.endpoint
    s3  = var.endpoint
    sts = var.endpoint
  }
}
"""


LAST: dict[str, str] = {}  # the last run's stderr, by tool


def run(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    started = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    ok = (0,) if argv[0] == TERRAFORM else (0, 1)  # driftctl: 1 is drift found
    if proc.returncode not in ok:
        sys.exit(f"{' '.join(argv[:3])} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    LAST[argv[0]] = proc.stderr
    return time.perf_counter() - started


def timed(argv: list[str], cwd: Path, env: dict[str, str], repeat: int) -> list[float]:
    run(argv, cwd, env)  # warm-up: records the answers
    return [run(argv, cwd, env) for _ in range(repeat)]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", type=int, default=25, help="buckets, groups and roles each")
    parser.add_argument("--rtt", type=float, default=0.100, help="seconds added per round trip")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--driftctl",
        default=shutil.which("driftctl", path=str(Path(sys.executable).parent)) or "driftctl",
    )
    args = parser.parse_args()
    if not Path(TERRAFORM).exists():
        print(f"skipped: {TERRAFORM} is not installed")
        return 0
    env = {**os.environ, **CREDENTIALS, "TF_IN_AUTOMATION": "1", "CHECKPOINT_DISABLE": "1"}
    env.pop("AWS_PROFILE", None)
    with tempfile.TemporaryDirectory() as tmp, process(sys.executable, "-c", MOTO) as moto:
        work = Path(tmp)
        stack(work, args.n)
        (work / "provider.tf").write_text(PROVIDER)
        subprocess.run(
            [TERRAFORM, "init", "-input=false", f"-plugin-dir={PLUGINS}"],
            cwd=work, env=env, capture_output=True, check=True,
        )  # fmt: skip
        t0 = time.monotonic()
        subprocess.run(
            [TERRAFORM, "apply", "-auto-approve", "-input=false", f"-var=endpoint={moto}"],
            cwd=work, env=env, capture_output=True, check=True,
        )  # fmt: skip
        print(f"setup: terraform apply of {3 * args.n + 1} resources {time.monotonic() - t0:.0f}s")
        proxy_cmd = (sys.executable, str(PROXY), moto, "--delay", str(args.rtt), "--replay")
        tf_argv = [TERRAFORM, "plan", "-refresh-only", "-input=false", "-lock=false"]
        with process(*proxy_cmd) as proxy:
            tf = timed([*tf_argv, f"-var=endpoint={proxy}"], work, env, args.repeat)
        with process(*proxy_cmd) as proxy:
            scan = [args.driftctl, "scan", "--from", f"hcl://{work}", "--region", "us-east-1"]
            dc = timed([*scan, "--endpoint-url", proxy, "-o", "json://-"], work, env, args.repeat)
    print(f"\n== {3 * args.n + 1} resources, RTT {args.rtt * 1000:.0f} ms, {args.repeat} runs ==")
    for label, walls in (("terraform plan -refresh-only", tf), ("driftctl scan", dc)):
        print(f"{label:30s} wall best {min(walls):6.2f}s  median {statistics.median(walls):6.2f}s")
    stats = LAST.get(args.driftctl, "").strip().splitlines()
    print(f"driftctl's own line: {stats[-1] if stats else '-'}")
    ratio = [t / d for t, d in zip(sorted(tf), sorted(dc), strict=True)]
    print(f"driftctl is {ratio[0]:.1f}x (best vs best) / {statistics.median(ratio):.1f}x (median)")
    print("faster than terraform's refresh (both whole processes, startup included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
