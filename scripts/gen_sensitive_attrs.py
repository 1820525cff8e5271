#!/usr/bin/env python3
"""Regenerate driftctl/data/sensitive_attrs.json: every attribute the AWS provider marks
sensitive, by resource type and data source type.

    python scripts/gen_sensitive_attrs.py [--plugin-dir /opt/tf-plugins] [--terraform PATH]

It runs `terraform init` (from the plugin directory: no network) and
`terraform providers schema -json` in a temporary directory, and writes the paths of the
sensitive attributes as driftctl names attribute paths: a nested block's attribute is
`block[*].attr` (`block.attr` for a block that nests once, `nesting_mode: single`).
The file is data, read by driftctl.core.sensitive; commit it with the provider version it names.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

PROVIDER = "registry.terraform.io/hashicorp/aws"
OUT = Path(__file__).resolve().parent.parent / "driftctl" / "data" / "sensitive_attrs.json"
MAIN_TF = 'terraform {\n  required_providers {\n    aws = { source = "hashicorp/aws" }\n  }\n}\n'


def sensitive_paths(block: dict[str, Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for name, attr in sorted((block.get("attributes") or {}).items()):
        if attr.get("sensitive"):
            out.append(prefix + name)
        elif "nested_type" in attr:  # protocol 6 nested attributes
            nested = attr["nested_type"]
            many = nested.get("nesting_mode") in ("list", "set", "map")
            out += sensitive_paths(nested, f"{prefix}{name}{'[*]' if many else ''}.")
    for name, nested_block in sorted((block.get("block_types") or {}).items()):
        many = nested_block.get("nesting_mode") != "single"
        out += sensitive_paths(nested_block["block"], f"{prefix}{name}{'[*]' if many else ''}.")
    return out


def by_type(schemas: dict[str, Any]) -> dict[str, list[str]]:
    found = {name: sensitive_paths(s["block"]) for name, s in sorted(schemas.items())}
    return {name: paths for name, paths in found.items() if paths}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plugin-dir", default="/opt/tf-plugins")
    parser.add_argument("--terraform", default="terraform")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "main.tf").write_text(MAIN_TF)
        run = {"cwd": tmp, "check": True, "capture_output": True, "text": True}
        subprocess.run([args.terraform, "init", f"-plugin-dir={args.plugin_dir}"], **run)
        schema = json.loads(
            subprocess.run([args.terraform, "providers", "schema", "-json"], **run).stdout
        )
        version = json.loads(subprocess.run([args.terraform, "version", "-json"], **run).stdout)
    aws = schema["provider_schemas"][PROVIDER]
    doc = {
        "provider": f"hashicorp/aws {version['provider_selections'][PROVIDER]}",
        "generated_by": "scripts/gen_sensitive_attrs.py",
        "resources": by_type(aws["resource_schemas"]),
        "data_sources": by_type(aws["data_source_schemas"]),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    count = sum(len(p) for p in doc["resources"].values())
    print(f"{args.out}: {count} sensitive attributes of {len(doc['resources'])} resource types")
    return 0


if __name__ == "__main__":
    sys.exit(main())
