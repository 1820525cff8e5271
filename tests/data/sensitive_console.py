"""Regenerate tests/data/sensitive_console.json: what `terraform console` answers for
`issensitive(EXPRESSION)` on each expression below, with PREAMBLE as the configuration.

    python tests/data/sensitive_console.py [--terraform PATH]

tests/declared/hcl/test_sensitive.py checks that driftctl's evaluator gives the same
answer for every expression (it reads the JSON, so it runs where terraform is absent).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).with_suffix(".json")

PREAMBLE = """\
variable "s" {
  type      = string
  default   = "s3cr3t"
  sensitive = true
}

variable "tags" {
  type      = map(string)
  default   = { a = "x" }
  sensitive = true
}

locals {
  m = { a = sensitive("x"), b = "y" }
  l = ["a", sensitive("b")]
}
"""

EXPRESSIONS = [
    "var.s",
    '"plain"',
    "local.m",
    "local.m.a",
    "local.m.b",
    'local.m["b"]',
    "local.l[0]",
    "local.l[1]",
    "var.tags",
    "var.tags.a",
    'sensitive("x")',
    'nonsensitive(sensitive("x"))',
    "nonsensitive(local.m).a",
    "nonsensitive(var.tags).a",
    "sensitive(local.m).b",
    'var.s == "x"',
    'var.s != ""',
    '!(var.s == "x")',
    "length(var.s) + 1",
    'true ? var.s : "a"',
    'var.s != "" ? "a" : "b"',
    '"pre-${var.s}"',
    '"%{if var.s != ""}yes%{endif}"',
    '"%{for x in local.l}${x}%{endfor}"',
    "upper(var.s)",
    "upper(local.m.b)",
    "jsonencode(local.m)",
    'jsonencode({a = "x"})',
    "merge(local.m, { c = 1 })",
    "merge(local.m, { c = 1 }).b",
    "merge(local.m, { c = 1 }).a",
    "merge({ c = var.s }, { d = 1 }).d",
    'lookup(local.m, "b")',
    'lookup(local.m, "a")',
    'concat(["a"], [var.s])[0]',
    'concat(["a"], [var.s])[1]',
    "element(local.l, 0)",
    "element(local.l, 1)",
    "values(local.m)[1]",
    "keys(local.m)",
    "length(local.m)",
    "length(var.s)",
    "reverse(local.l)[1]",
    "slice(local.l, 0, 1)[0]",
    "[for k, v in local.m : v][1]",
    "[for k, v in local.m : v][0]",
    "{for k, v in local.m : k => v}.b",
    "[for x in var.tags : x]",
    '[for x in local.l : x if x == "b"]',
    'coalesce(var.s, "a")',
    'try(local.m.b, "z")',
    'try(local.m.a, "z")',
    "can(var.s)",
    'format("%s-%s", "a", var.s)',
    "tolist(local.l)",
    "toset([var.s])",
    '[var.s, "b"][1]',
    '{ a = var.s, b = "y" }.b',
    '{ a = var.s, b = "y" }.a',
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--terraform", default="terraform")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "main.tf").write_text(PREAMBLE)
        # one expression: fed line by line, console prints only the last line's value
        listed = ", ".join(f"issensitive({e})" for e in EXPRESSIONS)
        done = subprocess.run(
            [args.terraform, "console"],
            cwd=tmp,
            input=f"jsonencode([{listed}])\n",
            capture_output=True,
            text=True,
            check=True,
        )
    results = json.loads(json.loads(done.stdout.strip()))
    if len(results) != len(EXPRESSIONS) or not all(isinstance(r, bool) for r in results):
        raise SystemExit(f"unexpected terraform console output:\n{done.stdout}{done.stderr}")
    answers = dict(zip(EXPRESSIONS, results, strict=True))
    version = subprocess.run(
        [args.terraform, "version", "-json"], capture_output=True, text=True, check=True
    )
    doc = {
        "terraform": json.loads(version.stdout)["terraform_version"],
        "preamble": PREAMBLE,
        "issensitive": answers,
    }
    OUT.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    print(f"{OUT}: {len(answers)} expressions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
