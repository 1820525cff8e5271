"""Blocks generated from values known only after apply reach the diff as Unknown."""

from __future__ import annotations

from pathlib import Path

from driftctl import settings
from driftctl.core.model import Unknown
from driftctl.engine import pipeline


def test_dynamic_ingress_over_an_unknown_set_is_unknown_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "main.tf").write_text(
        'data "aws_vpc" "v" {}\n'
        'resource "aws_security_group" "web" {\n'
        '  name = "web"\n'
        '  dynamic "ingress" {\n'
        "    for_each = data.aws_vpc.v.cidr_block_associations\n"
        "    content {\n"
        "      from_port = ingress.value\n"
        "    }\n"
        "  }\n"
        "}\n"
    )
    conf = settings.build(settings.Options(sources=[f"hcl://{tmp_path}"], no_cache=True))
    (group,) = pipeline.load_declared(conf).resources
    assert isinstance(group.attrs["ingress"], Unknown)
    assert group.attrs["name"] == "web"


def test_rule_sources_known_only_after_apply_are_unknown_not_a_crash(tmp_path: Path) -> None:
    # terraform-aws-modules/security-group's complete example: a rule's cidr_blocks come
    # from another resource's attribute (known after apply)
    (tmp_path / "main.tf").write_text(
        'resource "aws_vpc" "v" {\n  cidr_block = "10.0.0.0/16"\n}\n'
        'resource "aws_security_group" "web" {\n  name = "web"\n}\n'
        'resource "aws_security_group_rule" "in" {\n'
        '  type              = "ingress"\n'
        "  security_group_id = aws_security_group.web.id\n"
        '  protocol          = "tcp"\n'
        "  from_port         = 443\n"
        "  to_port           = 443\n"
        "  cidr_blocks       = aws_vpc.v.cidr_block_associations[*].cidr_block\n"
        "}\n"
    )
    conf = settings.build(settings.Options(sources=[f"hcl://{tmp_path}"], no_cache=True))
    declared = pipeline.load_declared(conf)
    assert declared.resources  # rendered, not an internal error
