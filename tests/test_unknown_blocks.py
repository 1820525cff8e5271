"""Blocks generated from values known only after apply reach the diff as Unknown."""

from __future__ import annotations

from pathlib import Path

from driftctl import pipeline, settings
from driftctl.model import Unknown


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
    conf = settings.build([f"hcl://{tmp_path}"], [], None, [], None, no_cache=True)
    (group,) = pipeline.load_declared(conf).resources
    assert isinstance(group.attrs["ingress"], Unknown)
    assert group.attrs["name"] == "web"
