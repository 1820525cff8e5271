"""HCL evaluation benchmark: a generated 200-file, ~3 MB module tree, evaluated cold
(empty caches), warm (nothing changed: the whole result is cached), after an edit (one
file changed: every other file's parse is cached, the configuration is evaluated again)
and without a cache; or, with --one-file MB, `driftctl render` of one generated .tf
file of that size in a child process, with its peak memory.

The tree is a root module calling 10 service modules (one with for_each over two
instances); each file holds S3 buckets with merged tags, security groups with dynamic
ingress over cidrsubnet()s, IAM roles with aws_iam_policy_document trust policies and
locals. Prints files, megabytes, resources, wall and CPU seconds (the machine may be
shared: CPU seconds are what the program costs); fails when the CPU time of a cold run
is over --cold (10 s) or of a warm run over --warm (1 s), or the one-file render's peak
memory over --max-rss (2000 MB).

    python bench/evaluate.py
    python bench/evaluate.py --files 200 --cold 10 --warm 1
    python bench/evaluate.py --one-file 50
    python bench/evaluate.py --one-file 5 --parse-share   # parse vs. evaluation
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from driftctl.declared.hcl.lang.syntax import parse_file
from driftctl.declared.hcl.load import load_hcl

MODULES = 10

RESOURCES = """
resource "aws_s3_bucket" "b_{f}_{i}" {{
  bucket = "${{var.prefix}}-{f}-{i}"
  tags = merge(local.common_tags, {{
    Name  = "bucket-{f}-{i}"
    Index = "{i}"
    Owner = lookup(var.owners, "{f}", "platform")
  }})
}}

resource "aws_security_group" "sg_{f}_{i}" {{
  name        = "sg-{f}-{i}"
  description = "Service ${{var.prefix}} group {i} of file {f}"
  vpc_id      = var.vpc_id
  dynamic "ingress" {{
    for_each = local.ports
    content {{
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = [cidrsubnet(var.cidr, 8, {i})]
    }}
  }}
  tags = local.common_tags
}}

data "aws_iam_policy_document" "trust_{f}_{i}" {{
  statement {{
    actions = ["sts:AssumeRole"]
    principals {{
      type        = "Service"
      identifiers = ["ec2.amazonaws.com", "lambda.amazonaws.com"]
    }}
  }}
}}

resource "aws_iam_role" "r_{f}_{i}" {{
  name               = "role-${{var.prefix}}-{f}-{i}"
  assume_role_policy = data.aws_iam_policy_document.trust_{f}_{i}.json
  tags               = {{ for k, v in local.common_tags : k => upper(v) if k != "Index" }}
}}
"""

MODULE_HEADER = """
variable "prefix" {{ type = string }}
variable "vpc_id" {{ default = "vpc-0123456789abcdef0" }}
variable "cidr" {{ default = "10.{m}.0.0/16" }}
variable "owners" {{
  type    = map(string)
  default = {{ f00 = "data", f01 = "web" }}
}}
locals {{
  ports       = [22, 80, 443, 8080]
  common_tags = {{ Service = var.prefix, Env = "prod", Index = "{m}" }}
}}
output "prefix" {{ value = var.prefix }}
"""


def generate(root: Path, files: int, per_file: int) -> tuple[int, int]:
    """Write the tree; (number of files, bytes)."""
    per_module = (files - 2) // MODULES
    written: list[Path] = []
    calls = []
    for m in range(MODULES):
        directory = root / "modules" / f"svc{m:02d}"
        directory.mkdir(parents=True)
        (directory / "variables.tf").write_text(MODULE_HEADER.format(m=m))
        written.append(directory / "variables.tf")
        for f in range(per_module - 1):
            name = f"m{m:02d}f{f:02d}"  # unique in the tree: no two files share a cache entry
            text = "".join(RESOURCES.format(f=name, i=i) for i in range(per_file))
            (directory / f"f{f:02d}.tf").write_text(text)
            written.append(directory / f"f{f:02d}.tf")
        each = '  for_each = toset(["a", "b"])\n  prefix   = "svc{m}-${{each.key}}"\n'
        single = '  prefix = "svc{m}"\n'
        body = (each if m == 0 else single).format(m=m)
        calls.append(f'module "svc{m:02d}" {{\n  source = "./modules/svc{m:02d}"\n{body}}}\n')
    (root / "main.tf").write_text('provider "aws" {\n  region = "eu-west-1"\n}\n' + "".join(calls))
    (root / "outputs.tf").write_text('output "first" {\n  value = module.svc01.prefix\n}\n')
    written += [root / "main.tf", root / "outputs.tf"]
    while len(written) < files:  # top up the root module to the file count
        path = root / f"extra{len(written):03d}.tf"
        path.write_text(f'resource "aws_sqs_queue" "q{len(written)}" {{\n  name = "q"\n}}\n')
        written.append(path)
    return len(written), sum(p.stat().st_size for p in written)


def timed(root: Path, cache: Path | None) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, resources) of one load as render and scan do it."""
    started, cpu = time.perf_counter(), time.process_time()
    declared = load_hcl(root, cache_dir=cache, provenance=False)
    return time.perf_counter() - started, time.process_time() - cpu, len(declared.resources)


def tree(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="driftctl-bench-") as temp:
        root, cache = Path(temp) / "tree", Path(temp) / "cache"
        root.mkdir()
        files, size = generate(root, args.files, args.per_file)
        megabytes = size / 1e6
        print(f"tree: {files} files, {megabytes:.2f} MB")
        cold, cold_cpu, resources = timed(root, cache)
        print(
            f"cold (empty cache)   : {cold:6.2f} s wall {cold_cpu:6.2f} s CPU"
            f"  {resources} resources"
        )
        warm, warm_cpu, _ = timed(root, cache)
        print(f"warm (nothing edited): {warm:6.2f} s wall {warm_cpu:6.2f} s CPU")
        edited_file = root / "modules" / "svc01" / "f00.tf"
        edited_file.write_text(edited_file.read_text() + "\n# edited\n")
        edited, edited_cpu, _ = timed(root, cache)
        print(f"one file edited      : {edited:6.2f} s wall {edited_cpu:6.2f} s CPU")
        if not args.skip_uncached:
            uncached, uncached_cpu, _ = timed(root, None)
            print(f"no cache             : {uncached:6.2f} s wall {uncached_cpu:6.2f} s CPU")
    failed = False
    if cold_cpu > args.cold:
        print(f"FAIL: a cold evaluation took {cold_cpu:.2f} s of CPU, over {args.cold} s")
        failed = True
    if warm_cpu > args.warm:
        print(f"FAIL: a warm evaluation took {warm_cpu:.2f} s of CPU, over {args.warm} s")
        failed = True
    return 1 if failed else 0


def one_file(args: argparse.Namespace) -> int:
    """`driftctl render` of one generated file of args.one_file MB, in a child process."""
    with tempfile.TemporaryDirectory(prefix="driftctl-bench-") as temp:
        directory = Path(temp) / "big"
        directory.mkdir()
        header = MODULE_HEADER.format(m=1).replace(
            'variable "prefix" { type = string }', 'variable "prefix" {\n  default = "p"\n}'
        )
        groups = 0
        with (directory / "main.tf").open("w") as out:
            out.write(header)
            size = len(header)
            while size < args.one_file * 1e6:
                chunk = RESOURCES.format(f=f"g{groups}", i=groups % 15)
                out.write(chunk)
                size += len(chunk)
                groups += 1
        print(f"one file: {size / 1e6:.1f} MB, {groups * 4} blocks")
        if args.parse_share:  # how much of the render is parsing (driftctl's own HCL parser)
            text = (directory / "main.tf").read_text()
            before = time.process_time()
            parse_file(text, "main.tf")
            print(f"parse alone: {time.process_time() - before:.1f} s CPU (in this process)")
        env = {**os.environ, "XDG_CACHE_HOME": str(Path(temp) / "cache")}
        started = time.perf_counter()
        command = [sys.executable, "-m", "driftctl", "render", "--from", str(directory), "--hash"]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak = usage.ru_maxrss / 1024
    print(
        f"render: exit {done.returncode}, {wall:.1f} s wall, "
        f"{usage.ru_utime + usage.ru_stime:.1f} s CPU, peak RSS {peak:.0f} MB"
    )
    if done.returncode != 0:
        print(done.stderr.strip())
        return 1
    if peak > args.max_rss:
        print(f"FAIL: peak memory {peak:.0f} MB, over {args.max_rss} MB")
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--per-file", type=int, default=15, help="resource groups per file")
    parser.add_argument("--cold", type=float, default=10.0, help="cold CPU seconds allowed")
    parser.add_argument("--warm", type=float, default=1.0, help="warm CPU seconds allowed")
    parser.add_argument("--skip-uncached", action="store_true")
    parser.add_argument("--one-file", type=float, help="render one generated file of MB")
    parser.add_argument("--max-rss", type=float, default=2000.0, help="MB allowed (--one-file)")
    parser.add_argument(
        "--parse-share", action="store_true", help="also time parsing alone (--one-file)"
    )
    args = parser.parse_args(argv)
    return one_file(args) if args.one_file else tree(args)


if __name__ == "__main__":
    sys.exit(main())
