"""Every example of terraform-aws-modules' vpc, s3-bucket, security-group, iam, rds and
lambda repositories evaluates without an error: real modules, with for_each over sets,
optional() defaults, try(), dynamic blocks and values known only after apply.

The repositories are not committed; point DRIFTCTL_MODULES_CORPUS at a directory that
holds their checkouts (DIR/terraform-aws-vpc/examples/..., or DIR/vpc/examples/...), e.g.

    git clone --depth 1 https://github.com/terraform-aws-modules/terraform-aws-vpc $DIR/vpc

Examples that call a module by registry source are evaluated too: the module is not
installed, which is a warning, as `terraform plan` without `init` would refuse it. An
example Terraform itself cannot plan must fail the same way (TERRAFORM_FAILS).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from driftctl.declared.hcl.lang.syntax import parse_file
from driftctl.declared.hcl.load import load_hcl
from driftctl.errors import DriftctlError

REPOSITORIES = ("vpc", "s3-bucket", "security-group", "iam", "rds", "lambda")

# examples Terraform itself cannot plan, with the error it gives
TERRAFORM_FAILS = {
    "vpc/issues": (
        "coalescelist",
        "module vpc_issue_46 has database subnets but no private subnets and no NAT: "
        "coalescelist(aws_route_table.database[*].id, aws_route_table.private[*].id) gets two "
        "empty lists (terraform-aws-modules/terraform-aws-vpc#944)",
    ),
}
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
def test_the_example_evaluates_as_terraform_would(example: Path) -> None:
    name = f"{example.parent.parent.name.removeprefix('terraform-aws-')}/{example.name}"
    if name in TERRAFORM_FAILS:
        with pytest.raises(DriftctlError, match=TERRAFORM_FAILS[name][0]):
            load_hcl(example)
        return
    declared = load_hcl(example)
    outputs = {
        block.labels[0]
        for path in example.glob("*.tf")
        for block in parse_file(path.read_text(encoding="utf-8"), path.name).blocks()
        if block.type == "output"
    }
    assert set(declared.outputs) == outputs  # every output evaluated, known or not
