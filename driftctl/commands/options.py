"""Options shared by several commands, declared once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

From = Annotated[
    list[str] | None,
    typer.Option(
        "--from",
        help="Declared source (repeatable): hcl://DIR, tfstate://FILE, tfstate+s3://BUCKET/KEY, "
        "kustomize://DIR|FILE|-, yaml://FILE, or a path (format told by content). Default: .",
        show_default=False,
    ),
]
Output = Annotated[
    list[str] | None,
    typer.Option(
        "-o",
        "--output",
        help="console://, json://PATH, markdown://PATH or sarif://PATH (- is stdout); repeatable",
    ),
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
AllRegions = Annotated[
    bool, typer.Option("--all-regions", help="Scan every region enabled for the account")
]
MaxRps = Annotated[
    float | None,
    typer.Option("--max-rps", help="Cap on API requests per second per service and region"),
]
Accounts = Annotated[
    list[str] | None,
    typer.Option("--accounts", help="Account ids to scan (comma-separated or repeated)"),
]
Organization = Annotated[
    bool, typer.Option("--organization", help="Scan every active account of the organization")
]
AccountRole = Annotated[
    str | None,
    typer.Option(
        "--account-role", help="Role to assume in each account: arn:aws:iam::{account}:role/NAME"
    ),
]
Shard = Annotated[
    str | None,
    typer.Option("--shard", help="Scan only part I of N of the (account, region) pairs: I/N"),
]
MaxAttempts = Annotated[
    int,
    typer.Option(
        "--max-attempts", help="Attempts per API call (retries included) before giving up"
    ),
]
Rules = Annotated[
    list[Path] | None,
    typer.Option("--rules", help="Rule file, or directory of *.yaml rule files (repeatable)"),
]
DriftIgnore = Annotated[
    Path | None,
    typer.Option(
        "--driftignore", help="snyk-style .driftignore file. Default: ./.driftignore if present"
    ),
]
NoDefaultRules = Annotated[
    bool, typer.Option("--no-default-rules", help="Do not apply driftctl's shipped default rules")
]
NoCache = Annotated[
    bool,
    typer.Option(
        "--no-cache",
        help="Parse every .tf file again instead of reading the parse cache "
        "($XDG_CACHE_HOME/driftctl/hcl)",
    ),
]
KustomizeBin = Annotated[
    str | None,
    typer.Option(
        "--kustomize-bin",
        help="Binary that builds kustomize:// sources: kustomize, or kubectl (kubectl kustomize)",
    ),
]
AllowRemoteBases = Annotated[
    bool,
    typer.Option(
        "--allow-remote-bases",
        help="Let kustomize fetch remote bases, components and patches (git or http URLs); "
        "refused otherwise",
    ),
]
Parameter = Annotated[
    list[str] | None,
    typer.Option("--parameter", help="CloudFormation template parameter KEY=VALUE (repeatable)"),
]
ParametersFile = Annotated[
    Path | None,
    typer.Option(
        "--parameters-file",
        help="CloudFormation parameters: JSON list of ParameterKey/ParameterValue, or a map",
    ),
]
StackName = Annotated[
    str | None,
    typer.Option(
        "--stack-name", help="CloudFormation stack name (AWS::StackName; matches by stack tags)"
    ),
]
