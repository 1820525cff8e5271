"""Every example of terraform-aws-modules' vpc, s3-bucket, security-group, iam, rds and
lambda repositories evaluates without an error: real modules, with for_each over sets,
optional() defaults, try(), dynamic blocks and values known only after apply.

The repositories are not committed; point DRIFTCTL_MODULES_CORPUS at a directory that
holds their checkouts (DIR/terraform-aws-vpc/examples/..., or DIR/vpc/examples/...), e.g.

    git clone --depth 1 https://github.com/terraform-aws-modules/terraform-aws-vpc $DIR/vpc

Examples that call a module by registry source are evaluated too: the module is not
installed, which is a warning, as `terraform plan` without `init` would refuse it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from driftctl.declared.hcl.load import load_hcl

REPOSITORIES = ("vpc", "s3-bucket", "security-group", "iam", "rds", "lambda")
CORPUS = os.environ.get("DRIFTCTL_MODULES_CORPUS", "")


def _examples() -> list[Path]:
    if not CORPUS:
        return []
    found: list[Path] = []
    for name in REPOSITORIES:
        for candidate in (Path(CORPUS) / f"terraform-aws-{name}", Path(CORPUS) / name):
            examples = candidate / "examples"
            if examples.is_dir():
                found += sorted(d for d in examples.iterdir() if d.is_dir() and any(d.glob("*.tf")))
                break
    return found


EXAMPLES = _examples()


@pytest.mark.skipif(
    not EXAMPLES,
    reason="DRIFTCTL_MODULES_CORPUS is not set to checkouts of terraform-aws-modules' "
    "vpc, s3-bucket, security-group, iam, rds and lambda repositories",
)
@pytest.mark.parametrize(
    "example", EXAMPLES, ids=[f"{p.parent.parent.name}/{p.name}" for p in EXAMPLES]
)
def test_the_example_evaluates_without_error(example: Path) -> None:
    declared = load_hcl(example)
    assert declared.resources or declared.warnings
