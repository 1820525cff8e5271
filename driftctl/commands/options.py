"""Options shared by several commands, declared once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

From = Annotated[
    list[str] | None,
    typer.Option(
        "--from",
        "-f",
        metavar="SRC",
        help="Declared source (repeatable, or comma-separated): hcl://DIR, "
        "tfstate://FILE|DIR|GLOB, tfstate+s3://BUCKET/KEY|GLOB, tfstate+http(s)://URL, "
        "tfstate+tfcloud://WORKSPACE, kustomize://DIR|FILE|-, yaml://FILE, or a path "
        "(format told by content). Default: .",
        show_default=False,
    ),
]
Output = Annotated[
    list[str] | None,
    typer.Option(
        "-o",
        "--output",
        metavar="FORMAT://PATH",
        help="console://, json://PATH, markdown://PATH, sarif://PATH, html://PATH, "
        "plan://PATH or snyk-json://PATH (snyk driftctl's JSON schema) (PATH - or stdout: "
        "standard output); repeatable, or comma-separated",
    ),
]
Profile = Annotated[str | None, typer.Option("--profile", help="AWS profile name")]
Region = Annotated[
    list[str] | None, typer.Option("--region", metavar="REGION", help="AWS region (repeatable)")
]
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
Processes = Annotated[
    int | None,
    typer.Option(
        "--processes",
        help="Processes the scan's calls are spread over (1: this one only). "
        "Default: every core when the scan has 6,000 or more detail calls to make",
        show_default=False,
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
MaxEvalItems = Annotated[
    int | None,
    typer.Option(
        "--max-eval-items",
        help="Most elements one evaluated Terraform value may have, and `for` iterations "
        "one evaluation may run (default 1,000,000; strings: 100 characters per element)",
        show_default=False,
    ),
]
EvalTimeout = Annotated[
    float | None,
    typer.Option(
        "--eval-timeout",
        help="CPU seconds one evaluation of a Terraform configuration may take (default 300)",
        show_default=False,
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

# -- snyk driftctl's scan flags (docs/migrating-from-snyk.md) ------------------------------
Quiet = Annotated[
    bool, typer.Option("--quiet", help="Print nothing but the report (no warnings, no timing)")
]
To = Annotated[
    str,
    typer.Option(
        "--to", "-t", metavar="PROVIDER", help="Cloud to compare with: aws+tf (the only one)"
    ),
]
Filter = Annotated[
    str | None,
    typer.Option(
        "--filter",
        metavar="JMESPATH",
        help="Keep only resources this JMESPath expression is true for, over {Type, Id, Attr}: "
        "\"starts_with(Type, 'aws_s3_') && Id!='logs'\", \"Attr.tags.Env=='prod'\"",
    ),
]
OnlyManaged = Annotated[
    bool, typer.Option("--only-managed", help="Report only changed and missing resources")
]
OnlyUnmanaged = Annotated[
    bool, typer.Option("--only-unmanaged", help="Report only unmanaged resources")
]
Strict = Annotated[
    bool,
    typer.Option(
        "--strict",
        help="Report AWS's own resources too (service-linked roles, default VPC, subnets, "
        "security groups) instead of leaving them out",
    ),
]
DeepUnmanaged = Annotated[
    bool,
    typer.Option(
        "--deep-unmanaged",
        help="Read the settings of resources nothing declares too (implied by --strict); "
        "by default their detail calls are skipped, as they change no report",
    ),
]
Deep = Annotated[
    bool, typer.Option("--deep", help="Accepted for snyk driftctl: attributes are always compared")
]
Headers = Annotated[
    list[str] | None,
    typer.Option(
        "--headers",
        "-H",
        metavar="NAME=VALUE",
        help="HTTP header for tfstate+http(s):// sources (repeatable, or comma-separated)",
    ),
]
TfcToken = Annotated[
    str | None,
    typer.Option(
        "--tfc-token",
        metavar="TOKEN",
        help="Terraform Cloud/Enterprise API token for tfstate+tfcloud:// (default: "
        "TF_TOKEN_<host>, or terraform login's credentials)",
    ),
]
TfcEndpoint = Annotated[
    str | None,
    typer.Option(
        "--tfc-endpoint",
        metavar="URL",
        help="Terraform Cloud/Enterprise API endpoint. Default: https://app.terraform.io/api/v2",
    ),
]
BackendConfig = Annotated[
    list[str] | None,
    typer.Option(
        "--backend-config",
        metavar="FILE|KEY=VALUE",
        help="Complete a partial backend block, as terraform init -backend-config (repeatable)",
    ),
]
TfProviderVersion = Annotated[
    str | None,
    typer.Option(
        "--tf-provider-version",
        metavar="X.Y.Z",
        help="Accepted for snyk driftctl (checked, then not needed: no provider is downloaded)",
    ),
]
TfLockfile = Annotated[
    Path | None,
    typer.Option(
        "--tf-lockfile",
        help="Accepted for snyk driftctl (not needed: no provider is downloaded)",
    ),
]
ConfigDir = Annotated[
    Path | None,
    typer.Option(
        "--config-dir",
        help="Directory for driftctl's files: the parse cache goes to DIR/.driftctl/hcl",
    ),
]
Ignore = Annotated[
    list[str] | None,
    typer.Option(
        "--ignore",
        metavar="PATTERN",
        help=".driftignore lines given here instead of the file, in order: --ignore '*' "
        "--ignore '!aws_s3*' (repeatable, or comma-separated)",
    ),
]
AzurermStorageAccount = Annotated[
    str | None,
    typer.Option(
        "--azurerm-storage-account",
        metavar="NAME",
        help="snyk driftctl's, for tfstate+azurerm://: not supported (an error)",
    ),
]
AzurermAccountKey = Annotated[
    str | None,
    typer.Option(
        "--azurerm-account-key",
        metavar="KEY",
        help="snyk driftctl's, for tfstate+azurerm://: not supported (an error)",
    ),
]
MinCompared = Annotated[
    str | None,
    typer.Option(
        "--min-compared",
        metavar="SHARE",
        help="Fail (exit 2) when less than SHARE of the declared resources were compared "
        "(0.9 or 90%): the others are of types driftctl does not read yet",
    ),
]

# -- attribution (docs/attribution.md): scan, revert and pr --------------------------------
Attribute = Annotated[
    bool,
    typer.Option(
        "--attribute",
        help="Attribute each drift to the CloudTrail event and the person behind it",
    ),
]
CloudTrail = Annotated[
    str | None,
    typer.Option(
        "--cloudtrail",
        metavar="SOURCE",
        help="Where --attribute reads CloudTrail events: lookup, or a trail's log files "
        "s3://BUCKET[/PREFIX] (implies --attribute)",
    ),
]
AttributeWindow = Annotated[
    str | None,
    typer.Option(
        "--attribute-window", help="How far back --attribute looks (7d default, 90d at most)"
    ),
]
IacPrincipal = Annotated[
    list[str] | None,
    typer.Option(
        "--iac-principal",
        metavar="GLOB",
        help="The IaC pipeline's principal ARNs (glob, repeatable): never a culprit",
    ),
]

# -- revert (docs/revert.md), and watch's revert action (docs/watch.md) ------------------
Approve = Annotated[
    bool,
    typer.Option(
        "--approve",
        help="Make the calls (without it nothing is changed: revert prints the plan, watch "
        "only reports)",
    ),
]

AllowDirty = Annotated[
    bool,
    typer.Option(
        "--allow-dirty",
        help="Revert even if declared files are uncommitted, untracked or git-ignored",
    ),
]

MaxDeletes = Annotated[
    int | None,
    typer.Option(
        "--max-deletes",
        help="--approve refuses a plan deleting more resources than this unless "
        "--confirm-deletes names the number. Default: 10",
        show_default=False,
    ),
]

MaxDeleteShare = Annotated[
    str | None,
    typer.Option(
        "--max-delete-share",
        help="... or a larger share of the managed resources than this (25% or 0.25). Default: 25%",
        show_default=False,
    ),
]

ConfirmDeletes = Annotated[
    int | None,
    typer.Option(
        "--confirm-deletes",
        help="The exact number of resources the plan deletes: needed with --approve above "
        "--max-deletes / --max-delete-share, and refused if the plan deletes another number",
    ),
]

DeleteData = Annotated[
    list[str] | None,
    typer.Option(
        "--delete-data",
        help="Delete this resource that holds data (a table, queue, log group, DB, ...), "
        "named TYPE.ID as the plan prints it (repeatable): no rule deletes data without it",
    ),
]

# -- pr (docs/pr.md), and watch's batched pr action (docs/watch.md) -----------------------
Base = Annotated[
    str | None,
    typer.Option(
        "--base",
        help="Branch to branch from and merge into. Default: the "
        "remote's default branch, else main",
    ),
]
Remote = Annotated[str, typer.Option("--remote", help="Git remote to push to")]
Repo = Annotated[
    str | None,
    typer.Option("--repo", envvar="GITHUB_REPOSITORY", help="GitHub repository owner/name"),
]
GithubToken = Annotated[
    str | None,
    typer.Option(
        "--github-token",
        envvar="GITHUB_TOKEN",
        show_envvar=True,
        help="GitHub token (contents and pull-requests write)",
    ),
]
GithubApiUrl = Annotated[
    str,
    typer.Option(
        "--github-api-url",
        envvar="GITHUB_API_URL",
        help="GitHub API base URL (GitHub Enterprise)",
    ),
]
