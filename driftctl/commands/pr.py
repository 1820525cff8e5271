"""driftctl pr: codify the drifts whose rule says `pr` and open (or update) a pull request."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from driftctl import settings
from driftctl.commands import options, surface
from driftctl.errors import ExitStatus
from driftctl.pullrequest import flow
from driftctl.pullrequest.github import DEFAULT_API


def pr(
    from_: options.From = None,
    profile: options.Profile = None,
    region: options.Region = None,
    endpoint_url: options.Endpoint = None,
    var_file: options.VarFile = None,
    var: options.Var = None,
    max_rps: options.MaxRps = None,
    max_attempts: options.MaxAttempts = 8,
    live: Annotated[
        Path | None, typer.Option("--live", help="Read live state from a saved snapshot")
    ] = None,
    rules_: options.Rules = None,
    driftignore: options.DriftIgnore = None,
    no_default_rules: options.NoDefaultRules = False,
    no_cache: options.NoCache = False,
    max_eval_items: options.MaxEvalItems = None,
    eval_timeout: options.EvalTimeout = None,
    kustomize_bin: options.KustomizeBin = None,
    allow_remote_bases: options.AllowRemoteBases = False,
    parameter: options.Parameter = None,
    parameters_file: options.ParametersFile = None,
    stack_name: options.StackName = None,
    attribute: options.Attribute = False,
    cloudtrail: options.CloudTrail = None,
    attribute_window: options.AttributeWindow = None,
    iac_principal: options.IacPrincipal = None,
    base: options.Base = None,
    remote: options.Remote = "origin",
    repo: options.Repo = None,
    github_token: options.GithubToken = None,
    api_url: options.GithubApiUrl = DEFAULT_API,
    import_file: Annotated[
        str | None,
        typer.Option(
            "--import-file",
            help="File for new declarations of unmanaged resources "
            "when their rule names none. Default: driftctl_imported.tf "
            "(kustomize://: driftctl_imported.yaml)",
        ),
    ] = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Print the patch and the pull request body; push nothing"),
    ] = False,
) -> None:
    """Write live values back into the code for drifts whose rule says pr; open a pull request."""
    conf = settings.build(
        settings.Options(
            sources=from_ or [],
            profile=profile,
            regions=region or [],
            endpoint_url=endpoint_url,
            live_file=live,
            var_files=var_file or [],
            variables=var or [],
            var_order=surface.var_order(),
            max_rps=max_rps,
            max_attempts=max_attempts,
            rules=rules_ or [],
            driftignore=driftignore,
            no_default_rules=no_default_rules,
            no_cache=no_cache,
            max_eval_items=max_eval_items,
            eval_timeout=eval_timeout,
            kustomize_bin=kustomize_bin,
            parameters=parameter or [],
            parameters_file=parameters_file,
            stack_name=stack_name,
            allow_remote_bases=allow_remote_bases,
            attribute=attribute,
            cloudtrail=cloudtrail,
            attribute_window=attribute_window,
            iac_principals=iac_principal or [],
        )
    )
    opts = flow.PrOptions(base, remote, repo, github_token, api_url, dry_run, import_file)
    result = flow.run(conf, opts, sys.stdout)
    err = Console(stderr=True, highlight=False)
    for h in result.plan.humans:
        err.print(
            f"[yellow]needs a human[/] {h.drift.address or h.drift.id} {h.path or ''} "
            f"({h.where or '?'}): {h.reason}"
        )
    if result.pull is not None:
        err.print(
            f"pull request #{result.pull.get('number')} {result.action}: "
            f"{result.pull.get('html_url', '')}"
        )
    for number in result.closed:
        err.print(f"closed pull request #{number}")
    if result.action == "none" and result.plan.humans:
        n = len(result.plan.humans)
        err.print(
            f"{n} drift{'s' if n != 1 else ''} need{'s' if n == 1 else ''} a human; no pull "
            "request opened: there is no change to commit"
        )
    elif result.action == "none":
        err.print("nothing to codify")
    raise typer.Exit(int(ExitStatus.OK))
