"""The evaluator's side of binding (driftctl/declared/binding.py): with a state, a
reference to an attribute the configuration does not set takes the live value, and each
resource attribute says which bound values it read, through locals, outputs and
variables evaluated once and used again."""

from __future__ import annotations

from pathlib import Path

from driftctl.core.model import Ref, Unknown
from driftctl.declared.binding import NOT_BOUND, Binding
from driftctl.declared.hcl.load import load_hcl

STATE = {
    "aws_s3_bucket.logs": {"id": "acme-logs", "arn": "arn:aws:s3:::acme-logs"},
    "module.app.aws_iam_role.this": {"id": "app", "arn": "arn:aws:iam::1:role/app"},
}
HCL = """
resource "aws_s3_bucket" "logs" {
  bucket = "acme-logs"
}

module "app" {
  source = "./app"
}

locals {
  targets = ["${aws_s3_bucket.logs.arn}/*", module.app.role_arn]
}

resource "aws_iam_policy" "first" {
  name   = "first"
  policy = jsonencode({
    Statement = [{ Effect = "Allow", Action = "s3:*", Resource = local.targets }]
  })
}

resource "aws_iam_policy" "second" {
  name        = "second"
  description = "same targets: ${join(",", local.targets)}"
  policy = jsonencode({
    Statement = [{ Effect = "Deny", Action = "s3:*", Resource = local.targets }]
  })
}
"""
MODULE = """
resource "aws_iam_role" "this" {
  name               = "app"
  assume_role_policy = "{}"
}

output "role_arn" {
  value = aws_iam_role.this.arn
}
"""


def load(tmp_path: Path, state: dict[str, dict[str, str]] | None) -> dict[str, object]:
    (tmp_path / "main.tf").write_text(HCL)
    (tmp_path / "app").mkdir(exist_ok=True)
    (tmp_path / "app" / "main.tf").write_text(MODULE)
    return {r.address: r for r in load_hcl(tmp_path, state=state).resources}


def test_without_a_state_the_references_are_unknown(tmp_path: Path) -> None:
    found = load(tmp_path, None)
    policy = found["aws_iam_policy.first"].attrs["policy"]  # type: ignore[attr-defined]
    assert isinstance(policy, Unknown) and policy.depends_on == "aws_s3_bucket.logs"
    assert found["aws_iam_policy.first"].bound == {}  # type: ignore[attr-defined]


def test_with_a_state_every_value_built_from_them_is_known_and_says_what_it_read(
    tmp_path: Path,
) -> None:
    found = load(tmp_path, STATE)
    reads = {
        "aws_s3_bucket.logs.arn": "arn:aws:s3:::acme-logs",
        "module.app.aws_iam_role.this.arn": "arn:aws:iam::1:role/app",
    }
    first, second = found["aws_iam_policy.first"], found["aws_iam_policy.second"]
    assert '"Resource":["arn:aws:s3:::acme-logs/*","arn:aws:iam::1:role/app"]' in str(
        first.attrs["policy"]  # type: ignore[attr-defined]
    )
    # the local is evaluated once, for the first policy; the second reads it from the cache
    assert first.bound == {"policy": reads}  # type: ignore[attr-defined]
    assert second.bound == {"description": reads, "policy": reads}  # type: ignore[attr-defined]
    assert second.attrs["description"] == (  # type: ignore[attr-defined]
        "same targets: arn:aws:s3:::acme-logs/*,arn:aws:iam::1:role/app"
    )


def test_what_the_configuration_sets_is_never_replaced_by_a_live_value(tmp_path: Path) -> None:
    state = {"aws_s3_bucket.logs": {"id": "acme-logs", "bucket": "someone-elses"}}
    (tmp_path / "main.tf").write_text(
        'resource "aws_s3_bucket" "logs" {\n  bucket = "acme-logs"\n}\n'
        'resource "aws_s3_bucket_policy" "p" {\n  bucket = aws_s3_bucket.logs.bucket\n'
        '  policy = "{}"\n}\n'
    )
    (policy,) = [r for r in load_hcl(tmp_path, state=state).resources if r.type.endswith("policy")]
    assert policy.attrs["bucket"] == "acme-logs" and policy.bound == {}


def test_a_binding_looks_values_up_by_path_and_records_them() -> None:
    binding = Binding({"aws_vpc.main": {"id": "vpc-1", "tags": {"Name": "main"}}})
    with binding.recording() as reads:
        assert binding.lookup(Ref("aws_vpc.main", ("id",))) == "vpc-1"
        assert binding.lookup(Ref("aws_vpc.main", ("tags", "Name"), suffix="-x")) == "main-x"
        assert binding.lookup(Ref("aws_vpc.main", ("arn",))) is NOT_BOUND
        assert binding.lookup(Ref("aws_subnet.a", ("id",))) is NOT_BOUND
    assert reads == {"aws_vpc.main.id": "vpc-1", "aws_vpc.main.tags.Name": "main"}
    with Binding().recording() as nothing:
        assert nothing == {}
