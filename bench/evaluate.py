"""HCL evaluation benchmark: a generated 200-file, ~3 MB module tree, evaluated cold
(empty parse cache), warm (every parse cached) and without a cache.

The tree is a root module calling 10 service modules (one with for_each over two
instances); each file holds S3 buckets with merged tags, security groups with dynamic
ingress over cidrsubnet()s, IAM roles with aws_iam_policy_document trust policies and
locals. Prints files, megabytes, resources and seconds; fails when a warm run is over
the target (10 s).

    python bench/evaluate.py
    python bench/evaluate.py --files 200 --target 10
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

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


def timed(root: Path, cache: Path | None) -> tuple[float, int]:
    started = time.perf_counter()
    declared = load_hcl(root, cache_dir=cache)
    return time.perf_counter() - started, len(declared.resources)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--per-file", type=int, default=15, help="resource groups per file")
    parser.add_argument("--target", type=float, default=10.0, help="warm seconds allowed")
    parser.add_argument("--skip-uncached", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="driftctl-bench-") as temp:
        root, cache = Path(temp) / "tree", Path(temp) / "cache"
        root.mkdir()
        files, size = generate(root, args.files, args.per_file)
        megabytes = size / 1e6
        print(f"tree: {files} files, {megabytes:.2f} MB")
        cold, resources = timed(root, cache)
        print(
            f"cold (empty cache): {cold:6.2f} s  {megabytes / cold:5.2f} MB/s  "
            f"{resources} resources"
        )
        warm, _ = timed(root, cache)
        print(f"warm (cached)     : {warm:6.2f} s  {megabytes / warm:5.2f} MB/s")
        if not args.skip_uncached:
            uncached, _ = timed(root, None)
            print(f"no cache          : {uncached:6.2f} s")
    if warm > args.target:
        print(f"FAIL: warm evaluation took {warm:.2f} s, over the {args.target} s target")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
