"""Regenerate the Terraform AWS provider schema the registry lint checks against.

    python scripts/terraform_schema.py [--schema FILE]

Runs `terraform init -plugin-dir=/opt/tf-plugins` and `terraform providers schema -json`
in a temporary directory (or reads FILE, a saved `providers schema -json` output), and
writes, under tests/data/terraform/:

- aws-provider-schema.json: the schema of every Terraform type the registry reads
  (driftctl.resources.registry.terraform_types()), attributes and blocks only (no
  descriptions), with the provider's version;
- aws-resource-types.txt: the names of every managed resource type of the provider (the
  lint that keeps type names out of generic code reads it).

Run it again whenever a type is added to the registry or the provider is upgraded.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from driftctl.resources.registry import terraform_types  # noqa: E402

OUT = HERE / "tests" / "data" / "terraform"
PROVIDER = "registry.terraform.io/hashicorp/aws"
MAIN_TF = """terraform {
  required_providers {
    aws = { source = "hashicorp/aws" }
  }
}
"""
_KEPT = ("type", "required", "optional", "computed", "sensitive")


def provider_schema(saved: Path | None) -> dict[str, Any]:
    if saved is not None:
        return dict(json.loads(saved.read_text(encoding="utf-8")))
    plugins = os.environ.get("TF_PLUGIN_DIR", "/opt/tf-plugins")
    with tempfile.TemporaryDirectory() as work:
        Path(work, "main.tf").write_text(MAIN_TF, encoding="utf-8")
        run = {"cwd": work, "check": True, "capture_output": True, "text": True}
        subprocess.run(["terraform", "init", "-input=false", f"-plugin-dir={plugins}"], **run)
        out = subprocess.run(["terraform", "providers", "schema", "-json"], **run).stdout
        versions = subprocess.run(["terraform", "version", "-json"], **run).stdout
    schema = dict(json.loads(out))
    schema["provider_versions"] = json.loads(versions).get("provider_selections", {})
    return schema


def _block(block: dict[str, Any]) -> dict[str, Any]:
    attributes = {
        name: {k: v for k, v in attr.items() if k in _KEPT}
        for name, attr in sorted((block.get("attributes") or {}).items())
    }
    blocks = {
        name: {
            **{k: v for k, v in nested.items() if k in ("nesting_mode", "min_items", "max_items")},
            "block": _block(nested.get("block") or {}),
        }
        for name, nested in sorted((block.get("block_types") or {}).items())
    }
    return {"attributes": attributes, "block_types": blocks}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schema", type=Path, help="a saved `terraform providers schema -json`")
    args = parser.parse_args(argv)
    schema = provider_schema(args.schema)
    aws = schema["provider_schemas"][PROVIDER]
    resources = aws["resource_schemas"]
    wanted = terraform_types()
    missing = [t for t in wanted if t not in resources]
    if missing:
        print(f"not in the provider schema: {', '.join(missing)}", file=sys.stderr)
        return 1
    subset = {
        "provider": PROVIDER,
        "version": schema.get("provider_versions", {}).get(PROVIDER, ""),
        "resource_schemas": {t: _block(resources[t]["block"]) for t in wanted},
    }
    OUT.mkdir(parents=True, exist_ok=True)
    text = json.dumps(subset, indent=1, sort_keys=True) + "\n"
    (OUT / "aws-provider-schema.json").write_text(text, encoding="utf-8")
    names = "".join(f"{name}\n" for name in sorted(resources))
    (OUT / "aws-resource-types.txt").write_text(names, encoding="utf-8")
    print(f"{len(wanted)} types of {len(resources)} written to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
