"""driftctl scan: the full pipeline, printed and written as the -o options say."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from driftctl import pipeline, rules, settings, snapshot
from driftctl.commands import options
from driftctl.errors import ExitStatus
from driftctl.model import KINDS, Report
from driftctl.report import console as console_report
from driftctl.report import formats
from driftctl.report.output import write_text


def scan(
    from_: options.From = None,
    output: options.Output = None,
    profile: options.Profile = None,
    region: options.Region = None,
    endpoint_url: options.Endpoint = None,
    var_file: options.VarFile = None,
    var: options.Var = None,
    live: Annotated[
        Path | None, typer.Option("--live", help="Read live state from a saved snapshot")
    ] = None,
    save_live: Annotated[
        Path | None, typer.Option("--save-live", help="Write the live snapshot to FILE")
    ] = None,
    all_regions: options.AllRegions = False,
    max_rps: options.MaxRps = None,
    accounts: options.Accounts = None,
    organization: options.Organization = False,
    account_role: options.AccountRole = None,
    shard: options.Shard = None,
    max_attempts: options.MaxAttempts = 8,
    rules_: options.Rules = None,
    driftignore: options.DriftIgnore = None,
    no_default_rules: options.NoDefaultRules = False,
    no_cache: options.NoCache = False,
    kustomize_bin: options.KustomizeBin = None,
    allow_remote_bases: options.AllowRemoteBases = False,
    parameter: options.Parameter = None,
    parameters_file: options.ParametersFile = None,
    stack_name: options.StackName = None,
) -> None:
    """Compare the declared state with live AWS; report drift (exit 0 in sync, 1 drift, 2 error)."""
    conf = settings.build(
        from_ or [],
        output or [],
        profile,
        region or [],
        endpoint_url,
        live,
        save_live,
        var_file,
        var,
        settings.parse_scale(
            all_regions, max_rps, accounts, organization, account_role, shard, max_attempts
        ),
        settings.parse_rules(rules_, driftignore, no_default_rules),
        no_cache=no_cache,
        formats=settings.parse_formats(
            kustomize_bin, parameter, parameters_file, stack_name, allow_remote_bases
        ),
    )
    policy = rules.policy_for(conf)  # before any API call: a bad rule file fails fast
    started = time.monotonic()
    declared, run = pipeline.declared_and_live(conf)
    if conf.save_live is not None:
        snapshot.save(run, conf.save_live, conf.scale.shard)
    report = rules.apply(policy, pipeline.scan_report(declared, run))
    write_outputs(report, conf)
    stderr = Console(stderr=True)
    for warning in declared.warnings:
        stderr.print(f"[yellow]warning[/] {warning}", highlight=False)
    for unscanned in pipeline.unscanned_regions(declared, run) if conf.scale.shard[1] == 1 else ():
        stderr.print(
            f"[yellow]warning[/] resources declared in {unscanned} were not compared: "
            f"that region was not scanned (add --region {unscanned})",
            highlight=False,
        )
    if run.counter is not None:
        calls = sum(run.counter.calls.values())
        stderr.print(
            f"[dim]scanned in {time.monotonic() - started:.1f}s with {calls} API calls"
            f" ({run.counter.retries} retries, {run.limiter_wait:.1f}s waiting for rate limits)"
            "[/dim]"
        )
    raise typer.Exit(int(exit_status(report)))


def exit_status(report: Report) -> ExitStatus:
    if report.errors:
        return ExitStatus.ERROR
    if any(report.summary[k] for k in KINDS):
        return ExitStatus.DRIFT
    return ExitStatus.OK


def write_outputs(report: Report, conf: settings.Settings) -> None:
    for out in conf.outputs:
        if out.scheme == "console":
            console_report.render(report, Console(highlight=False))
        else:  # json, markdown, sarif
            sources = [s.path for s in conf.sources]
            write_text(out.target, formats.render(out.scheme, report, sources))
