"""Options shared by several commands, declared once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

From = Annotated[
    list[str] | None,
    typer.Option(
        "--from",
        help="Declared source: hcl://DIR or a directory (repeatable). Default: .",
        show_default=False,
    ),
]
Output = Annotated[
    list[str] | None,
    typer.Option("-o", "--output", help="console:// or json://PATH (- is stdout); repeatable"),
]
Profile = Annotated[str | None, typer.Option("--profile", help="AWS profile name")]
Region = Annotated[list[str] | None, typer.Option("--region", help="AWS region (repeatable)")]
Endpoint = Annotated[
    str | None,
    typer.Option("--endpoint-url", help="AWS endpoint (an emulator); also AWS_ENDPOINT_URL"),
]
VarFile = Annotated[
    list[Path] | None, typer.Option("--var-file", help="Terraform .tfvars file (repeatable)")
]
Var = Annotated[
    list[str] | None, typer.Option("--var", help="Terraform variable NAME=VALUE (repeatable)")
]
